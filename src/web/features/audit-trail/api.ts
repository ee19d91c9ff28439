import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api';
import { endpointKey, invalidateEndpoints } from '../../lib/query-keys';

/** GET /api/audit/head: the chain's latest link. */
export function useChainHead() {
  return useQuery({
    queryKey: endpointKey('GET /api/audit/head'),
    queryFn: ({ signal }) => apiGet('/api/audit/head', { signal }).then((r) => r.head),
  });
}

/** POST /api/audit/verify: walks the chain now (and logs the check, which moves the head). */
export function useVerifyChain() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost('/api/audit/verify'),
    onSuccess: () => void invalidateEndpoints(qc, ['GET /api/audit/head', 'GET /api/activity-logs']),
  });
}

/** POST /api/audit/head/email: the latest hash through the outbox. */
export function useEmailChainHead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (to: string) => apiPost('/api/audit/head/email', { body: { to } }),
    onSuccess: () => void invalidateEndpoints(qc, ['GET /api/audit/head', 'GET /api/activity-logs', 'GET /api/email/outbox']),
  });
}
