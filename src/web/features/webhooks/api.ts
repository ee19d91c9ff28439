import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookCreateInput, WebhookDelivery, WebhookUpdateInput } from '../../../shared/webhooks';
import { apiGet, apiPatch, apiPost } from '../../lib/api';
import { endpointKey, invalidateEndpoints } from '../../lib/query-keys';

export { serverMessage } from '../../lib/api';

/** While a delivery waits or is being sent, its list is read again every few seconds. */
const POLL_MS = 2000;

/** GET /api/webhooks: the endpoints (founders only). */
export function useWebhooks(enabled: boolean) {
  return useQuery({
    queryKey: endpointKey('GET /api/webhooks'),
    queryFn: ({ signal }) => apiGet('/api/webhooks', { signal }).then((r) => r.endpoints),
    enabled,
  });
}

/** GET /api/webhooks/:id/deliveries: the endpoint's delivery log, the latest first. */
export function useDeliveries(id: string) {
  return useQuery({
    queryKey: endpointKey('GET /api/webhooks/:id/deliveries', { id }),
    queryFn: ({ signal }) => apiGet('/api/webhooks/:id/deliveries', { params: { id }, signal }).then((r) => r.deliveries),
    refetchInterval: (query: { state: { data?: WebhookDelivery[] } }) =>
      query.state.data?.some((d) => d.status === 'queued' || d.status === 'sending') ? POLL_MS : false,
  });
}

const refresh = (qc: ReturnType<typeof useQueryClient>) =>
  void invalidateEndpoints(qc, ['GET /api/webhooks', 'GET /api/webhooks/:id/deliveries']);

/** POST /api/webhooks: the answer holds the secret, shown once and kept nowhere. */
export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookCreateInput) => apiPost('/api/webhooks', { body }),
    onSuccess: () => refresh(qc),
  });
}

export function useUpdateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: WebhookUpdateInput }) => apiPatch('/api/webhooks/:id', { params: { id }, body }),
    onSuccess: () => refresh(qc),
  });
}

export function useRotateSecret() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost('/api/webhooks/:id/rotate-secret', { params: { id }, body: {} }),
    onSuccess: () => refresh(qc),
  });
}

export function useSendTest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost('/api/webhooks/:id/test', { params: { id }, body: {} }).then((r) => r.delivery),
    onSuccess: () => refresh(qc),
  });
}

export function useRedeliver() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost('/api/webhooks/deliveries/:id/redeliver', { params: { id }, body: {} }).then((r) => r.delivery),
    onSuccess: () => refresh(qc),
  });
}
