import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '../../../shared/subscriptions';
import { apiGet, apiPost } from '../../lib/api';
import { DEAL_READS, endpointKey, invalidateEndpoints, SUBSCRIPTION_READS } from '../../lib/query-keys';

export { serverMessage } from '../../lib/api';

/**
 * Views that a subscription change moves: deals (remaining capacity; the committed amount once
 * completed; the Deal Vault is among DEAL_READS), the admin and investor dashboards, the
 * investor's performance (holdings) and the activity log.
 */
const RELATED_READS = [
  ...DEAL_READS,
  'GET /api/dashboard',
  'GET /api/investor/dashboard',
  'GET /api/investor/performance',
  'GET /api/activity-logs',
] as const;

function refreshAfterChange(qc: QueryClient) {
  void invalidateEndpoints(qc, [...SUBSCRIPTION_READS, ...RELATED_READS]);
}

function replaceIn(list: Subscription[] | undefined, sub: Subscription): Subscription[] | undefined {
  return list?.map((s) => (s.id === sub.id ? sub : s));
}

// ---------------------------------------------------------------------------------------------
// Investor
// ---------------------------------------------------------------------------------------------

export const mySubscriptionsQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/investor/subscriptions'),
    queryFn: ({ signal }) => apiGet('/api/investor/subscriptions', { signal }).then((r) => r.subscriptions),
  });

export function useMySubscriptions() {
  return useQuery(mySubscriptionsQuery());
}

export function useCreateSubscription() {
  const qc = useQueryClient();
  return useMutation({
    // The key identifies this one reviewed request: a retry or a second click sends the same key
    // and the server returns the subscription it already created.
    mutationFn: ({ idempotencyKey, ...input }: { dealId: string; amount: string; idempotencyKey: string }) =>
      apiPost('/api/investor/subscriptions', {
        body: input,
        headers: { 'Idempotency-Key': idempotencyKey },
      }).then((r) => r.subscription),
    onSuccess: (sub) => {
      qc.setQueryData<Subscription[]>(mySubscriptionsQuery().queryKey, (old) => (old ? [sub, ...old.filter((s) => s.id !== sub.id)] : old));
    },
    onSettled: () => refreshAfterChange(qc),
  });
}

export function useCancelSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost('/api/investor/subscriptions/:id/cancel', { params: { id } }).then((r) => r.subscription),
    onSuccess: (sub) => {
      qc.setQueryData<Subscription[]>(mySubscriptionsQuery().queryKey, (old) => replaceIn(old, sub));
    },
    onSettled: () => refreshAfterChange(qc),
  });
}

// ---------------------------------------------------------------------------------------------
// Admin
// ---------------------------------------------------------------------------------------------

export const allSubscriptionsQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/subscriptions'),
    queryFn: ({ signal }) => apiGet('/api/subscriptions', { signal }).then((r) => r.subscriptions),
  });

export function useAllSubscriptions() {
  return useQuery(allSubscriptionsQuery());
}

export type SubscriptionAction = { id: string; action: 'review' | 'complete' } | { id: string; action: 'reject'; reason: string };

export function useTransitionSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: SubscriptionAction) =>
      (a.action === 'reject'
        ? apiPost('/api/subscriptions/:id/reject', { params: { id: a.id }, body: { reason: a.reason } })
        : apiPost(`/api/subscriptions/:id/${a.action}` as const, { params: { id: a.id }, body: {} })
      ).then((r) => r.subscription),
    onSuccess: (sub) => {
      qc.setQueryData<Subscription[]>(allSubscriptionsQuery().queryKey, (old) => replaceIn(old, sub));
    },
    onSettled: () => refreshAfterChange(qc),
  });
}
