import { useQuery } from '@tanstack/react-query';
import type { DashboardData } from '../../../shared/dashboard';
import { api } from '../../lib/api';

export const dashboardKey = ['dashboard'] as const;

/** GET /api/dashboard: the four tiles and up to four Active or Pending deals. */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardKey,
    queryFn: ({ signal }) => api<DashboardData>('/api/dashboard', { signal }),
  });
}
