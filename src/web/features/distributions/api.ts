import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiBody } from '../../../shared/api/contract';
import type { DistributionEvent } from '../../../shared/distributions';
import { apiGet, apiPost } from '../../lib/api';
import { DISTRIBUTION_READS, endpointKey, invalidateEndpoints } from '../../lib/query-keys';

export { serverMessage } from '../../lib/api';
/** Deals to distribute on (admin): the one deal-options query every deal select shares. */
export { useDealOptions as useDealChoices } from '../../lib/queries/deals';

/** The signed-in investor's Distribution Calendar (GET /api/investor/distributions). */
export function useDistributionCalendar() {
  return useQuery({
    queryKey: endpointKey('GET /api/investor/distributions'),
    queryFn: ({ signal }) => apiGet('/api/investor/distributions', { signal }),
  });
}

/** Every distribution event with its allocations (admin). */
export const distributionEventsQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/distributions'),
    queryFn: ({ signal }) => apiGet('/api/distributions', { signal }).then((r) => r.events),
  });

export function useDistributionEvents() {
  return useQuery(distributionEventsQuery());
}

/** The body of recording a distribution and of its preview (the route table's schemas). */
export type RecordDistributionBody = ApiBody<'POST /api/distributions'> & ApiBody<'POST /api/distributions/preview'>;

export function useRecordDistribution() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordDistributionBody) => apiPost('/api/distributions', { body }).then((r) => r.event),
    onSuccess: (event) => {
      qc.setQueryData<DistributionEvent[]>(distributionEventsQuery().queryKey, (old) =>
        old ? [event, ...old.filter((e) => e.id !== event.id)] : old,
      );
      void invalidateEndpoints(qc, DISTRIBUTION_READS);
    },
  });
}

/** What recording would do (POST /api/distributions/preview); writes nothing. */
export function usePreviewDistribution() {
  return useMutation({
    mutationFn: (body: RecordDistributionBody) => apiPost('/api/distributions/preview', { body }).then((r) => r.preview),
  });
}

/** Per deal: cumulative tiers, hurdle status, carry per recipient (admin). */
export function useDealWaterfalls() {
  return useQuery({
    queryKey: endpointKey('GET /api/distributions/waterfall'),
    queryFn: ({ signal }) => apiGet('/api/distributions/waterfall', { signal }).then((r) => r.deals),
  });
}

/** The terms of the deals the investor holds. */
export function useMyDealTerms() {
  return useQuery({
    queryKey: endpointKey('GET /api/investor/deal-terms'),
    queryFn: ({ signal }) => apiGet('/api/investor/deal-terms', { signal }).then((r) => r.deals),
  });
}

export function useConfirmPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paidOn }: { id: string; paidOn: string }) =>
      apiPost('/api/distributions/:id/pay', { params: { id }, body: { paidOn } }).then((r) => r.event),
    onSuccess: (event) => {
      qc.setQueryData<DistributionEvent[]>(distributionEventsQuery().queryKey, (old) => old?.map((e) => (e.id === event.id ? event : e)));
      void invalidateEndpoints(qc, DISTRIBUTION_READS);
    },
    // Already paid elsewhere (409) or gone (404): show the list as it is now.
    onError: () => void invalidateEndpoints(qc, ['GET /api/distributions']),
  });
}

/** Records the GP's payment of a clawback owed, passed on to the investors (POST /api/deals/:id/clawback-payments, decision 058). */
export function useRecordClawbackPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ dealId, amount, paidOn }: { dealId: string; amount: string; paidOn: string }) =>
      apiPost('/api/deals/:id/clawback-payments', { params: { id: dealId }, body: { amount, paidOn } }).then((r) => r.payment),
    onSettled: () => void invalidateEndpoints(qc, ['GET /api/distributions/waterfall']),
  });
}

/** Pays out the carry released from escrow to the deal's carry recipients (POST /api/deals/:id/escrow-payouts). */
export function usePayOutEscrow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ dealId, paidOn }: { dealId: string; paidOn: string }) =>
      apiPost('/api/deals/:id/escrow-payouts', { params: { id: dealId }, body: { paidOn } }).then((r) => r.payout),
    onSettled: () => void invalidateEndpoints(qc, ['GET /api/distributions/waterfall']),
  });
}
