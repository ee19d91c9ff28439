import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RetentionPolicy } from '../../../shared/retention';
import { apiGet, apiPost, apiPut } from '../../lib/api';
import { endpointKey, invalidateEndpoints } from '../../lib/query-keys';

/** GET /api/retention: the policy, the clients past retention, recent purges. */
export function useRetention() {
  return useQuery({
    queryKey: endpointKey('GET /api/retention'),
    queryFn: ({ signal }) => apiGet('/api/retention', { signal }),
  });
}

const AFTER_CHANGE = ['GET /api/retention', 'GET /api/activity-logs', 'GET /api/audit/head'] as const;

/** PUT /api/retention/policy */
export function useSaveRetentionPolicy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RetentionPolicy) => apiPut('/api/retention/policy', { body }).then((r) => r.policy),
    onSuccess: () => void invalidateEndpoints(qc, [...AFTER_CHANGE]),
  });
}

/** POST /api/retention/review: lists what has passed retention now (the daily job's pass). */
export function useReviewRetention() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost('/api/retention/review', {}),
    onSuccess: (data) => qc.setQueryData(endpointKey('GET /api/retention'), data),
  });
}

/** POST /api/retention/investors/:id/purge: the first pair of eyes. */
export function useProposePurge() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (investorId: string) => apiPost('/api/retention/investors/:id/purge', { params: { id: investorId } }).then((r) => r.purge),
    onSuccess: () => void invalidateEndpoints(qc, [...AFTER_CHANGE]),
  });
}

/** POST /api/retention/purges/:id/approve (another admin) and /withdraw (either). */
export function useDecidePurge() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'withdraw' }) =>
      (decision === 'approve'
        ? apiPost('/api/retention/purges/:id/approve', { params: { id } })
        : apiPost('/api/retention/purges/:id/withdraw', { params: { id } })
      ).then((r) => r.purge),
    onSuccess: () => void invalidateEndpoints(qc, [...AFTER_CHANGE, 'GET /api/users']),
  });
}
