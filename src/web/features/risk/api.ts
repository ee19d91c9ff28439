import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RiskRating } from '../../../shared/risk-rating';
import { apiGet, apiPost } from '../../lib/api';
import { endpointKey, invalidateEndpoints } from '../../lib/query-keys';

/** Risk rating and periodic KYC refresh (issue 31 part 4, decision 050). */

export { serverMessage } from '../../lib/api';

const RISK_READS = [
  'GET /api/risk/investors/:id',
  'GET /api/kyc-refreshes',
  'GET /api/investor/kyc-refresh',
  'GET /api/investor/classification',
] as const;

// ---- admin ----

export const investorRiskQuery = (id: string) =>
  queryOptions({
    queryKey: endpointKey('GET /api/risk/investors/:id', { id }),
    queryFn: ({ signal }) => apiGet('/api/risk/investors/:id', { params: { id }, signal }),
  });
export const useInvestorRisk = (id: string) => useQuery(investorRiskQuery(id));

export function useOverrideRating(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { rating: RiskRating; reason: string; expected: RiskRating }) =>
      apiPost('/api/risk/investors/:id/override', { params: { id }, body }),
    onSuccess: (data) => qc.setQueryData(investorRiskQuery(id).queryKey, data),
    onSettled: () => invalidateEndpoints(qc, RISK_READS),
  });
}

export const refreshQueueQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/kyc-refreshes'),
    queryFn: ({ signal }) => apiGet('/api/kyc-refreshes', { signal }).then((r) => r.refreshes),
  });
export const useRefreshQueue = () => useQuery(refreshQueueQuery());

export function useApproveRefresh() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; note: string }) =>
      apiPost('/api/kyc-refreshes/:id/approve', { params: { id: v.id }, body: { note: v.note } }),
    onSettled: () => invalidateEndpoints(qc, RISK_READS),
  });
}

// ---- investor ----

export const myRefreshQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/investor/kyc-refresh'),
    queryFn: ({ signal }) => apiGet('/api/investor/kyc-refresh', { signal }).then((r) => r.refresh),
  });
export const useMyRefresh = () => useQuery(myRefreshQuery());

export function useSubmitRefresh() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { residenceCountry: string; detailsConfirmed: boolean; changes: string }) =>
      apiPost('/api/investor/kyc-refresh', { body: body as { residenceCountry: string; detailsConfirmed: true; changes: string } }).then(
        (r) => r.refresh,
      ),
    onSuccess: (r) => qc.setQueryData(myRefreshQuery().queryKey, r),
    onSettled: () => invalidateEndpoints(qc, RISK_READS),
  });
}
