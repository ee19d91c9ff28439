import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import { endpointKey } from '../../lib/query-keys';

/** The signed-in investor's holdings, portfolio totals and chart series (GET /api/investor/performance). */
export function usePerformance() {
  return useQuery({
    queryKey: endpointKey('GET /api/investor/performance'),
    queryFn: ({ signal }) => apiGet('/api/investor/performance', { signal }),
  });
}

export { serverMessage } from '../../lib/api';
