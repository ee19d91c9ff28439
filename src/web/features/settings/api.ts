import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Settings } from '../../../shared/settings';
import { apiGet, apiPut } from '../../lib/api';
import { activityLogKeys, companyKeys, settingsKeys } from '../../lib/query-keys';

/** GET /api/settings (admins only). */
export function useSettings() {
  return useQuery({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => apiGet('/api/settings', { signal }).then((r) => r.settings),
    // The form is filled once from the server; background refetches must not reset what is typed.
    refetchOnWindowFocus: false,
  });
}

/** PUT /api/settings with the whole settings object; the answer is what was stored. */
export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (settings: Settings) => apiPut('/api/settings', { body: settings }).then((r) => r.settings),
    onSuccess: (saved) => {
      qc.setQueryData(settingsKeys.all, saved);
      // A save is logged (settings_updated).
      void qc.invalidateQueries({ queryKey: activityLogKeys.all });
      void qc.invalidateQueries({ queryKey: companyKeys.profile });
    },
  });
}
