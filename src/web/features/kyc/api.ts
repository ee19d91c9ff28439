import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KycList } from '../../../shared/kyc';
import { apiGet, apiPost } from '../../lib/api';
import { activityLogKeys, kycKeys } from '../../lib/query-keys';

/**
 * The admin's KYC list and detail (GET /api/kyc, /api/kyc/:id). The investor's own application
 * and the file links of both sides are in lib/queries/kyc.ts. Everything lives under the 'kyc'
 * key, so any change refreshes every KYC view; review actions write activity-log entries.
 */

export { serverMessage } from '../../lib/api';

// ---------------------------------------------------------------------------------------------
// Admin
// ---------------------------------------------------------------------------------------------

export type { KycList };

export function useKycList() {
  return useQuery({
    queryKey: kycKeys.list(),
    queryFn: ({ signal }) => apiGet('/api/kyc', { signal }),
  });
}

export function useKycDetail(id: string | null) {
  return useQuery({
    queryKey: kycKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiGet('/api/kyc/:id', { params: { id: id ?? '' }, signal }).then((r) => r.application),
    enabled: id !== null,
  });
}

export type KycDecision = { id: string; decision: 'approve'; note?: string } | { id: string; decision: 'reject'; reason: string };

export function useReviewKyc() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: KycDecision) =>
      apiPost(`/api/kyc/:id/${d.decision}` as const, {
        params: { id: d.id },
        body: d.decision === 'approve' ? (d.note ? { note: d.note } : {}) : { reason: d.reason },
      }).then((r) => r.application),
    onSuccess: (app) => {
      qc.setQueryData(kycKeys.detail(app.id), app);
      qc.setQueryData<KycList>(kycKeys.list(), (old) => {
        if (!old) return old;
        const prev = old.applications.find((a) => a.id === app.id);
        const counters = { ...old.counters };
        if (prev && prev.status !== app.status) {
          counters[prev.status]--;
          counters[app.status]++;
        }
        const { documents: _d, history: _h, ...row } = app;
        return { counters, applications: old.applications.map((a) => (a.id === app.id ? row : a)) };
      });
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: kycKeys.all });
      void qc.invalidateQueries({ queryKey: activityLogKeys.all });
    },
  });
}

export { downloadKycDocument, type KycOwner, kycViewUrl, uploadKycDocument, useMyKyc, useSubmitKyc } from '../../lib/queries/kyc';
