import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api';
import { endpointKey } from '../query-keys';

/**
 * Deal reads that several features share (decision records 013 and 032): the lean deal list behind
 * every deal select (GET /api/deals/options, ordered by title) and the investor's Deal Vault.
 */

/** Every deal (id, title, stage, status, committed amount, SPV) for a deal select. */
export const dealOptionsQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/deals/options'),
    queryFn: ({ signal }) => apiGet('/api/deals/options', { signal }).then((r) => r.deals),
    staleTime: 30_000,
  });

export function useDealOptions() {
  return useQuery(dealOptionsQuery());
}

/** The signed-in investor's Deal Vault (GET /api/investor/deals): open and held deals with their investor-visible documents. */
export const investorDealsQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/investor/deals'),
    queryFn: ({ signal }) => apiGet('/api/investor/deals', { signal }).then((r) => r.deals),
  });

export function useInvestorDeals() {
  return useQuery(investorDealsQuery());
}
