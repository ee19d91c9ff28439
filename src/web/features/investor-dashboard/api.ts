import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import { endpointKey } from '../../lib/query-keys';

/**
 * The investor's overview (GET /api/investor/dashboard). Always refetched when the screen opens
 * (staleTime 0), so that counts changed elsewhere (messages read, payments confirmed) are current.
 */
export function useInvestorDashboard() {
  return useQuery({
    queryKey: endpointKey('GET /api/investor/dashboard'),
    queryFn: ({ signal }) => apiGet('/api/investor/dashboard', { signal }),
    staleTime: 0,
  });
}
