import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '../../../shared/signing';
import { apiGet, apiPost, apiUrl } from '../../lib/api';
import { DEAL_READS, endpointKey, invalidateEndpoints, SUBSCRIPTION_READS } from '../../lib/query-keys';

export { serverMessage } from '../../lib/api';

/** Reads a signing changes: the envelopes, the subscriptions (completed on countersignature) and what a commitment moves. */
const READS = [
  'GET /api/investor/envelopes',
  'GET /api/signing/envelopes',
  ...SUBSCRIPTION_READS,
  ...DEAL_READS,
  'GET /api/investor/dashboard',
  'GET /api/investor/performance',
] as const;

/** The investor's subscriptions (the same entry as the Subscription Portal's list). */
const mySubscriptionsQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/investor/subscriptions'),
    queryFn: ({ signal }) => apiGet('/api/investor/subscriptions', { signal }).then((r) => r.subscriptions),
  });

export function useMySubscriptionsForSigning() {
  return useQuery(mySubscriptionsQuery());
}

export const myEnvelopesQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/investor/envelopes'),
    queryFn: ({ signal }) => apiGet('/api/investor/envelopes', { signal }).then((r) => r.envelopes),
  });

export function useMyEnvelopes() {
  return useQuery(myEnvelopesQuery());
}

/** The questionnaire pre-filled from the profile, KYC, classification and tax self-certification (issue 30). */
export function useSigningQuestionnaire(subscriptionId: string) {
  return useQuery({
    queryKey: endpointKey('GET /api/investor/subscriptions/:id/questionnaire', { id: subscriptionId }),
    queryFn: ({ signal }) =>
      apiGet('/api/investor/subscriptions/:id/questionnaire', { params: { id: subscriptionId }, signal }).then((r) => r.questionnaire),
  });
}

export function useSigningAction() {
  const qc = useQueryClient();
  const done = () => void invalidateEndpoints(qc, [...READS]);
  return {
    open: useMutation({
      mutationFn: ({
        subscriptionId,
        ...body
      }: {
        subscriptionId: string;
        entity: string;
        questionnaire: { address: string; confirmed: true };
      }) => apiPost('/api/investor/subscriptions/:id/envelope', { params: { id: subscriptionId }, body }).then((r) => r.envelope),
      onSettled: done,
    }),
    sign: useMutation({
      mutationFn: ({
        id,
        ...body
      }: {
        id: string;
        consent: true;
        method: 'typed' | 'drawn';
        typedName?: string;
        drawing?: string;
        password?: string;
        code?: string;
      }) => apiPost('/api/investor/envelopes/:id/sign', { params: { id }, body }).then((r) => r.envelope),
      onSettled: done,
    }),
    decline: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason: string }) =>
        apiPost('/api/investor/envelopes/:id/decline', { params: { id }, body: { reason } }).then((r) => r.envelope),
      onSettled: done,
    }),
  };
}

export const envelopeDocumentUrl = (e: Pick<Envelope, 'id'>, admin = false) =>
  admin ? apiUrl('/api/signing/envelopes/:id/document', { id: e.id }) : apiUrl('/api/investor/envelopes/:id/document', { id: e.id });

export const countersignQueueQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/signing/envelopes', { status: 'signed' }),
    queryFn: ({ signal }) => apiGet('/api/signing/envelopes', { signal, query: { status: 'signed' } }).then((r) => r.envelopes),
  });

export function useCountersignQueue() {
  return useQuery(countersignQueueQuery());
}

export function useCountersign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; name: string; title: string; password: string }) =>
      apiPost('/api/signing/envelopes/:id/countersign', { params: { id }, body }).then((r) => r.envelope),
    onSettled: () => void invalidateEndpoints(qc, [...READS]),
  });
}
