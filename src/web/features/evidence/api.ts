import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EvidencePack } from '../../../shared/evidence';
import { apiGet, apiPost, apiUrl } from '../../lib/api';
import { endpointKey, invalidateEndpoints } from '../../lib/query-keys';

/** GET /api/evidence-packs: newest first; polled every 2 s while one is being produced. */
export function useEvidencePacks() {
  return useQuery({
    queryKey: endpointKey('GET /api/evidence-packs'),
    queryFn: ({ signal }) => apiGet('/api/evidence-packs', { signal }).then((r) => r.packs),
    refetchInterval: (query) => (query.state.data?.some((p) => p.status === 'running') ? 2000 : false),
  });
}

export interface EvidencePackForm {
  scope: 'investor' | 'deal' | 'period';
  subjectId?: string;
  from?: string;
  to?: string;
}

/** POST /api/evidence-packs: queues the pack (a durable job). */
export function useProduceEvidencePack() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EvidencePackForm) => apiPost('/api/evidence-packs', { body }).then((r) => r.pack),
    onSuccess: () =>
      void invalidateEndpoints(qc, ['GET /api/evidence-packs', 'GET /api/jobs', 'GET /api/audit/head', 'GET /api/activity-logs']),
  });
}

export const evidencePackUrl = (p: Pick<EvidencePack, 'id'>) => apiUrl('/api/evidence-packs/:id/download', { id: p.id });
