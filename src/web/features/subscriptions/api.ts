import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '../../../shared/portal';
import { apiGet, apiPost } from '../../lib/api';
import { activityLogKeys, dashboardKeys, dealKeys, investorDashboardKeys, performanceKeys, subscriptionKeys } from '../../lib/query-keys';

export { serverMessage } from '../../lib/api';

/**
 * Views that a subscription change moves: deals (remaining capacity; the committed amount once
 * completed; the Deal Vault lives under 'deals' too), the admin and investor dashboards, the
 * investor's performance (holdings) and the activity log.
 */
const RELATED_KEYS = [dealKeys.all, dashboardKeys.all, investorDashboardKeys.all, performanceKeys.all, activityLogKeys.all] as const;

function refreshAfterChange(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: subscriptionKeys.all });
  for (const queryKey of RELATED_KEYS) void qc.invalidateQueries({ queryKey });
}

function replaceIn(list: Subscription[] | undefined, sub: Subscription): Subscription[] | undefined {
  return list?.map((s) => (s.id === sub.id ? sub : s));
}

// ---------------------------------------------------------------------------------------------
// Investor
// ---------------------------------------------------------------------------------------------

export function useMySubscriptions() {
  return useQuery({
    queryKey: subscriptionKeys.mine(),
    queryFn: ({ signal }) => apiGet('/api/investor/subscriptions', { signal }).then((r) => r.subscriptions),
  });
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
      qc.setQueryData<Subscription[]>(subscriptionKeys.mine(), (old) => (old ? [sub, ...old.filter((s) => s.id !== sub.id)] : old));
    },
    onSettled: () => refreshAfterChange(qc),
  });
}

export function useCancelSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost('/api/investor/subscriptions/:id/cancel', { params: { id } }).then((r) => r.subscription),
    onSuccess: (sub) => {
      qc.setQueryData<Subscription[]>(subscriptionKeys.mine(), (old) => replaceIn(old, sub));
    },
    onSettled: () => refreshAfterChange(qc),
  });
}

// ---------------------------------------------------------------------------------------------
// Admin
// ---------------------------------------------------------------------------------------------

export function useAllSubscriptions() {
  return useQuery({
    queryKey: subscriptionKeys.admin(),
    queryFn: ({ signal }) => apiGet('/api/subscriptions', { signal }).then((r) => r.subscriptions),
  });
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
      qc.setQueryData<Subscription[]>(subscriptionKeys.admin(), (old) => replaceIn(old, sub));
    },
    onSettled: () => refreshAfterChange(qc),
  });
}
