import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../api';
import { endpointKey, invalidateEndpoints } from '../query-keys';

/**
 * The signed-in investor's compliance overview (GET /api/investor/compliance): the compliance
 * page shows it, the subscription form checks its suitability review and accreditation.
 */
export const investorComplianceQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/investor/compliance'),
    queryFn: ({ signal }) => apiGet('/api/investor/compliance', { signal }),
  });

export function useInvestorCompliance() {
  return useQuery(investorComplianceQuery());
}

/** Refetches the overview (e.g. after the server refused a subscription for a compliance reason). */
export function useRefreshInvestorCompliance() {
  const qc = useQueryClient();
  return () => void invalidateEndpoints(qc, ['GET /api/investor/compliance']);
}
