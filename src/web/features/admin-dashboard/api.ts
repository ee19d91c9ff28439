import { useQuery } from '@tanstack/react-query';
import type { CompanyProfile } from '../../../shared/company-profile';
import type { DashboardData } from '../../../shared/dashboard';
import { api } from '../../lib/api';
import { companyKeys, dashboardKeys } from '../../lib/query-keys';

/** GET /api/dashboard: the four tiles and up to four Active or Pending deals. */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => api<DashboardData>('/api/dashboard', { signal }),
  });
}

/** GET /api/company: the public company profile, to show admins what is not set yet. */
export function useCompanyProfile() {
  return useQuery({
    queryKey: companyKeys.profile,
    queryFn: ({ signal }) => api<{ profile: CompanyProfile }>('/api/company', { signal }).then((r) => r.profile),
  });
}
