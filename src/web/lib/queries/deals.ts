import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../api';
import { dealKeys } from '../query-keys';

/**
 * Deal reads that several features share (decision record 013): the lean deal list behind every
 * deal select (GET /api/deals/options, ordered by title) and the investor's Deal Vault.
 */

/** Every deal (id, title, stage, status, committed amount, SPV) for a deal select. */
export function useDealOptions() {
  return useQuery({
    queryKey: dealKeys.options(),
    queryFn: ({ signal }) => apiGet('/api/deals/options', { signal }).then((r) => r.deals),
    staleTime: 30_000,
  });
}

/** The signed-in investor's Deal Vault (GET /api/investor/deals): open and held deals with their investor-visible documents. */
export function useInvestorDeals() {
  return useQuery({
    queryKey: dealKeys.investorVault(),
    queryFn: ({ signal }) => apiGet('/api/investor/deals', { signal }).then((r) => r.deals),
  });
}
