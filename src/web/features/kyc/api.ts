import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KycList } from '../../../shared/kyc';
import { apiGet, apiPost } from '../../lib/api';
import { endpointKey, invalidateEndpoints, KYC_READS } from '../../lib/query-keys';

/**
 * The admin's KYC list and detail (GET /api/kyc, /api/kyc/:id). The investor's own application
 * and the file links of both sides are in lib/queries/kyc.ts. Any change refreshes every KYC
 * endpoint (KYC_READS); review actions write activity-log entries.
 */

export { serverMessage } from '../../lib/api';

// ---------------------------------------------------------------------------------------------
// Admin
// ---------------------------------------------------------------------------------------------

export type { KycList };

export const kycListQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/kyc'),
    queryFn: ({ signal }) => apiGet('/api/kyc', { signal }),
  });

export function useKycList() {
  return useQuery(kycListQuery());
}

export const kycDetailQuery = (id: string | null) =>
  queryOptions({
    queryKey: endpointKey('GET /api/kyc/:id', { id: id ?? '' }),
    queryFn: ({ signal }) => apiGet('/api/kyc/:id', { params: { id: id ?? '' }, signal }).then((r) => r.application),
    enabled: id !== null,
  });

export function useKycDetail(id: string | null) {
  return useQuery(kycDetailQuery(id));
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
      qc.setQueryData(kycDetailQuery(app.id).queryKey, app);
      qc.setQueryData(kycListQuery().queryKey, (old) => {
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
      void invalidateEndpoints(qc, [...KYC_READS, 'GET /api/activity-logs']);
    },
  });
}

export { downloadKycDocument, type KycOwner, kycViewUrl, uploadKycDocument, useMyKyc, useSubmitKyc } from '../../lib/queries/kyc';
