import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlacedField, SubscriptionPack } from '../../../shared/signing';
import { apiGet, apiPost, apiPut, apiUrl } from '../../lib/api';
import { endpointKey, invalidateEndpoints } from '../../lib/query-keys';

/** A deal's subscription pack for the placement screen (issue 30, decision record 056). */
export const packQuery = (dealId: string) =>
  queryOptions({
    queryKey: endpointKey('GET /api/deals/:id/subscription-pack', { id: dealId }),
    queryFn: ({ signal }) => apiGet('/api/deals/:id/subscription-pack', { signal, params: { id: dealId } }).then((r) => r.pack),
  });

export function usePack(dealId: string) {
  return useQuery(packQuery(dealId));
}

/** Where the browser reads the latest template's PDF (pdf.js fetches it from our origin). */
export const packTemplateUrl = (dealId: string) => apiUrl('/api/deals/:id/subscription-pack/template', { id: dealId });

/**
 * Saves the placed fields as a new pack version: with a newly chosen template, the file and its
 * fields in one upload (the server refuses a template without an investor signature field, so
 * the two go together); otherwise the latest template with these fields.
 */
export function useSavePack(dealId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, file }: { fields: PlacedField[]; file?: File }): Promise<SubscriptionPack> => {
      if (!file) {
        return apiPut('/api/deals/:id/subscription-pack/fields', { params: { id: dealId }, body: { fields } }).then((r) => r.pack);
      }
      const form = new FormData();
      form.append('fields', JSON.stringify(fields));
      form.append('file', file, file.name);
      return apiPost('/api/deals/:id/subscription-pack', { params: { id: dealId }, body: form }).then((r) => r.pack);
    },
    onSettled: () => void invalidateEndpoints(qc, ['GET /api/deals/:id/subscription-pack', 'GET /api/deals/:id/subscription-pack/status']),
  });
}
