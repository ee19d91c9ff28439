import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataRequestInput } from '../../../shared/data-requests';
import { apiGet, apiPost } from '../../lib/api';
import { endpointKey, invalidateEndpoints } from '../../lib/query-keys';

/** GET /api/investor/data-requests: the signed-in investor's own requests, newest first. */
export function useMyDataRequests() {
  return useQuery({
    queryKey: endpointKey('GET /api/investor/data-requests'),
    queryFn: ({ signal }) => apiGet('/api/investor/data-requests', { signal }).then((r) => r.requests),
  });
}

/** POST /api/investor/data-requests */
export function useFileDataRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DataRequestInput) => apiPost('/api/investor/data-requests', { body }).then((r) => r.request),
    onSuccess: () => void invalidateEndpoints(qc, ['GET /api/investor/data-requests']),
  });
}

/** Where the investor downloads the archive of an answered copy request (a file route: linked, never fetched). */
export const archiveUrl = (id: string) => `/api/investor/data-requests/${encodeURIComponent(id)}/archive`;

/** GET /api/data-requests: the admins' queue, open ones first by due date. */
export function useDataRequestQueue() {
  return useQuery({
    queryKey: endpointKey('GET /api/data-requests'),
    queryFn: ({ signal }) => apiGet('/api/data-requests', { signal }).then((r) => r.requests),
  });
}

/** POST /api/data-requests/:id/answer */
export function useAnswerDataRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer, refuse }: { id: string; answer: string; refuse: boolean }) =>
      apiPost('/api/data-requests/:id/answer', { params: { id }, body: { answer, refuse } }).then((r) => r.request),
    onSuccess: () => void invalidateEndpoints(qc, ['GET /api/data-requests', 'GET /api/compliance', 'GET /api/activity-logs']),
  });
}
