import { useQuery } from '@tanstack/react-query';
import type { DashboardData } from '../../../shared/dashboard';
import { api } from '../../lib/api';
import { dashboardKeys } from '../../lib/query-keys';

/** GET /api/dashboard: the four tiles and up to four Active or Pending deals. */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => api<DashboardData>('/api/dashboard', { signal }),
  });
}
