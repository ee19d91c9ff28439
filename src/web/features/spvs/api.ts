import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Spv, SpvInput } from '../../../shared/spvs';
import { apiPatch, apiPost } from '../../lib/api';
import { spvsQuery } from '../../lib/queries/spvs';
import { invalidateEndpoints } from '../../lib/query-keys';

/** All SPVs (the same cache entry as the deal form's SPV choice: lib/queries/spvs.ts). */
export function useSpvs() {
  return useQuery(spvsQuery());
}

export function useCreateSpv() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SpvInput) => apiPost('/api/spvs', { body: input }).then((r) => r.spv),
    onSuccess: () => invalidateEndpoints(qc, ['GET /api/spvs']),
  });
}

export function useUpdateSpv() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: Partial<SpvInput> }) =>
      apiPatch('/api/spvs/:id', { params: { id }, body: input }).then((r) => r.spv),
    onSuccess: (spv) => {
      qc.setQueryData<Spv[]>(spvsQuery().queryKey, (old) => old?.map((s) => (s.id === spv.id ? spv : s)));
      return invalidateEndpoints(qc, ['GET /api/spvs']);
    },
  });
}
