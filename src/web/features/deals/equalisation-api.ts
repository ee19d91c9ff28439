import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { equalisationInput } from '../../../shared/ownership';
import { apiGet, apiPost } from '../../lib/api';
import { CAPITAL_CALL_READS, DEAL_READS, DISTRIBUTION_READS, endpointKey, invalidateEndpoints } from '../../lib/query-keys';

/** GET /api/deals/:id/equalisation: a later close's equalisation (the latest close when none is chosen). */
export const equalisationQuery = (dealId: string, closeDate: string | null) =>
  queryOptions({
    queryKey: endpointKey('GET /api/deals/:id/equalisation', { id: dealId, closeDate }),
    queryFn: ({ signal }) =>
      apiGet('/api/deals/:id/equalisation', { params: { id: dealId }, query: closeDate ? { closeDate } : {}, signal }).then(
        (r) => r.equalisation,
      ),
    retry: false,
  });

export function useEqualisation(dealId: string, closeDate: string | null, enabled: boolean) {
  return useQuery({ ...equalisationQuery(dealId, closeDate), enabled, placeholderData: keepPreviousData });
}

/** POST /api/deals/:id/equalisation: charges it; the ledger, the accounts and the investors' figures follow. */
export function useChargeEqualisation(dealId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof equalisationInput>) =>
      apiPost('/api/deals/:id/equalisation', { params: { id: dealId }, body }).then((r) => r.equalisation),
    onSuccess: (next) => {
      // The card asks for the latest close (null) or a chosen one: both show the charge at once.
      qc.setQueryData(equalisationQuery(dealId, next.closeDate).queryKey, next);
      if (next.closes.at(-1) === next.closeDate) qc.setQueryData(equalisationQuery(dealId, null).queryKey, next);
      void invalidateEndpoints(qc, ['GET /api/deals/:id/equalisation', ...DEAL_READS, ...CAPITAL_CALL_READS, ...DISTRIBUTION_READS]);
    },
  });
}
