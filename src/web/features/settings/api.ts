import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutboxStatus } from '../../../shared/email';
import type { Settings } from '../../../shared/settings';
import type { SigningSettings } from '../../../shared/signing';
import { ApiError, apiGet, apiPost, apiPut, serverMessage } from '../../lib/api';
import { endpointKey, invalidateEndpoints } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { settingsText } from './i18n';

/** GET /api/settings (admins only). */
export const settingsQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/settings'),
    queryFn: ({ signal }) => apiGet('/api/settings', { signal }).then((r) => r.settings),
    // The form is filled once from the server; background refetches must not reset what is typed.
    refetchOnWindowFocus: false,
  });

export function useSettings() {
  return useQuery(settingsQuery());
}

/** PUT /api/settings with the whole settings object; the answer is what was stored. */
export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (settings: Settings) => apiPut('/api/settings', { body: settings }).then((r) => r.settings),
    onSuccess: (saved) => {
      qc.setQueryData(settingsQuery().queryKey, saved);
      // A save is logged (settings_updated); the public company profile shows some of the settings.
      void invalidateEndpoints(qc, ['GET /api/activity-logs', 'GET /api/company']);
    },
  });
}

/** Everything cached is refetched (a save can change what every screen shows, e.g. the time zone). */
export function useRefreshEverything() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries();
}

/** POST /api/email/test: a test e-mail to one address (the Email tab). The send is logged. */
export function useSendTestEmail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (to: string) => apiPost('/api/email/test', { body: { to } }),
    onSuccess: (r) => {
      if (r.ok) toast.success(settingsText.t('testEmail.toastSent'));
      else toast.error(settingsText.t('testEmail.toastNotSent'));
      void invalidateEndpoints(qc, ['GET /api/activity-logs']);
    },
  });
}

/** The e-mail outbox, one status or all (''), polled every 10 seconds while the Email tab shows. */
export function useOutbox(status: OutboxStatus | '') {
  return useQuery({
    queryKey: endpointKey('GET /api/email/outbox', { status }),
    queryFn: ({ signal }) => apiGet('/api/email/outbox', { query: { status }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
}

/** POST /api/email/outbox/:id/retry: a failed e-mail goes back in the queue. */
export function useRetryEmail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost('/api/email/outbox/:id/retry', { params: { id: String(id) }, body: {} }),
    onSuccess: () => {
      toast.success(settingsText.t('outbox.retried'));
      void invalidateEndpoints(qc, ['GET /api/email/outbox']);
    },
    onError: (err) =>
      toast.error(
        err instanceof ApiError ? (serverMessage(err) ?? settingsText.t('outbox.retryFailed')) : settingsText.t('outbox.retryFailed'),
      ),
  });
}

/** GET /api/signing/settings (admins): who may countersign, how long an agreement stays open. */
export function useSigningSettings() {
  return useQuery({
    queryKey: endpointKey('GET /api/signing/settings'),
    queryFn: ({ signal }) => apiGet('/api/signing/settings', { signal }).then((r) => r.settings),
    refetchOnWindowFocus: false,
  });
}

/** PUT /api/signing/settings (founders); the answer is what was stored. */
export function useSaveSigningSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (settings: SigningSettings) => apiPut('/api/signing/settings', { body: settings }).then((r) => r.settings),
    onSuccess: (saved) => {
      qc.setQueryData(endpointKey('GET /api/signing/settings'), saved);
      void invalidateEndpoints(qc, ['GET /api/activity-logs']);
    },
  });
}
