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

/** GET /api/legal-holds: active holds first, then lifted ones. */
export function useLegalHolds() {
  return useQuery({
    queryKey: endpointKey('GET /api/legal-holds'),
    queryFn: ({ signal }) => apiGet('/api/legal-holds', { signal }).then((r) => r.holds),
  });
}

const HOLD_READS = ['GET /api/legal-holds', 'GET /api/audit/head', 'GET /api/activity-logs'] as const;

/** POST /api/legal-holds */
export function usePlaceHold() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { subjectKind: 'investor' | 'deal'; subjectId: string; reason: string }) =>
      apiPost('/api/legal-holds', { body }).then((r) => r.hold),
    onSuccess: () => void invalidateEndpoints(qc, [...HOLD_READS]),
  });
}

/** POST /api/legal-holds/:id/lift */
export function useLiftHold() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiPost('/api/legal-holds/:id/lift', { params: { id }, body: { reason } }).then((r) => r.hold),
    onSuccess: () => void invalidateEndpoints(qc, [...HOLD_READS]),
  });
}
