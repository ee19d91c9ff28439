import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiUrl } from '../../lib/api';
import { endpointKey, invalidateEndpoints } from '../../lib/query-keys';

/** The firm's signing screens on the deal page (issue 30): the status table, an envelope's detail, void and resend. */

/** Reads a void or resend changes. */
const READS = [
  'GET /api/deals/:id/subscription-pack/status',
  'GET /api/signing/envelopes/:id',
  'GET /api/signing/envelopes',
  'GET /api/investor/envelopes',
] as const;

export function useDealPack(dealId: string) {
  return useQuery(
    queryOptions({
      queryKey: endpointKey('GET /api/deals/:id/subscription-pack', { id: dealId }),
      queryFn: ({ signal }) => apiGet('/api/deals/:id/subscription-pack', { params: { id: dealId }, signal }).then((r) => r.pack),
    }),
  );
}

export const packStatusQuery = (dealId: string) =>
  queryOptions({
    queryKey: endpointKey('GET /api/deals/:id/subscription-pack/status', { id: dealId }),
    queryFn: ({ signal }) => apiGet('/api/deals/:id/subscription-pack/status', { params: { id: dealId }, signal }).then((r) => r.rows),
  });

export function usePackStatus(dealId: string, enabled: boolean) {
  return useQuery({ ...packStatusQuery(dealId), enabled });
}

export const packStatusCsvUrl = (dealId: string) => apiUrl('/api/deals/:id/subscription-pack/status.csv', { id: dealId });

export const adminEnvelopeQuery = (id: string | null) =>
  queryOptions({
    queryKey: endpointKey('GET /api/signing/envelopes/:id', { id: id ?? '' }),
    queryFn: ({ signal }) => apiGet('/api/signing/envelopes/:id', { params: { id: id ?? '' }, signal }).then((r) => r.envelope),
    enabled: id !== null,
  });

export function useAdminEnvelope(id: string | null) {
  return useQuery(adminEnvelopeQuery(id));
}

export function useEnvelopeAdminActions() {
  const qc = useQueryClient();
  const done = () => void invalidateEndpoints(qc, [...READS]);
  return {
    void: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason: string }) =>
        apiPost('/api/signing/envelopes/:id/void', { params: { id }, body: { reason } }).then((r) => r.envelope),
      onSettled: done,
    }),
    resend: useMutation({
      mutationFn: ({ id }: { id: string }) => apiPost('/api/signing/envelopes/:id/resend', { params: { id } }).then((r) => r.envelope),
      onSettled: done,
    }),
  };
}
