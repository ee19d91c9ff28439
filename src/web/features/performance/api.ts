import { useQuery } from '@tanstack/react-query';
import type { PerformanceData } from '../../../shared/portal';
import { api } from '../../lib/api';
import { performanceKeys } from '../../lib/query-keys';

/** The signed-in investor's holdings, portfolio totals and chart series (GET /api/investor/performance). */
export function usePerformance() {
  return useQuery({
    queryKey: performanceKeys.mine(),
    queryFn: ({ signal }) => api<PerformanceData>('/api/investor/performance', { signal }),
  });
}

export { serverMessage } from '../../lib/api';
