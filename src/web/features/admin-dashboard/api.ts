import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import { companyKeys, dashboardKeys } from '../../lib/query-keys';

/** GET /api/dashboard: the four tiles and up to four Active or Pending deals. */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => apiGet('/api/dashboard', { signal }),
  });
}

/** GET /api/company: the public company profile, to show admins what is not set yet. */
export function useCompanyProfile() {
  return useQuery({
    queryKey: companyKeys.profile,
    queryFn: ({ signal }) => apiGet('/api/company', { signal }).then((r) => r.profile),
  });
}
