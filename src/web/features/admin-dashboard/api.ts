import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import { companyProfileQuery } from '../../lib/queries/company';
import { endpointKey } from '../../lib/query-keys';

/** GET /api/dashboard: the four tiles and up to four Active or Pending deals. */
export const dashboardQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/dashboard'),
    queryFn: ({ signal }) => apiGet('/api/dashboard', { signal }),
  });

export function useDashboard() {
  return useQuery(dashboardQuery());
}

/** GET /api/company: the public company profile, to show admins what is not set yet. */
export function useCompanyProfile() {
  return useQuery(companyProfileQuery());
}
