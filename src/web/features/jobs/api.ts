import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobList } from '../../../shared/jobs';
import { apiGet, apiPost } from '../../lib/api';
import { endpointKey, invalidateEndpoints } from '../../lib/query-keys';

export { serverMessage } from '../../lib/api';

/** While a job runs or waits, the list is read again every few seconds (its progress lives in the database). */
const POLL_MS = 3000;

/** GET /api/jobs: running and queued jobs first, then the most recent finished ones. */
export function useJobs() {
  return useQuery({
    queryKey: endpointKey('GET /api/jobs'),
    queryFn: ({ signal }) => apiGet('/api/jobs', { signal }),
    refetchInterval: (query: { state: { data?: JobList } }) =>
      query.state.data?.jobs.some((j) => !j.periodic && (j.status === 'running' || j.status === 'queued')) ? POLL_MS : false,
  });
}

/** POST /api/jobs/:id/retry: a failed job goes back to the queue. */
export function useRetryJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost('/api/jobs/:id/retry', { params: { id }, body: {} }).then((r) => r.job),
    onSuccess: () => void invalidateEndpoints(qc, ['GET /api/jobs']),
  });
}
