import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Spv, SpvInput } from '../../../shared/spvs';
import { apiGet, apiPatch, apiPost } from '../../lib/api';
import { spvKeys } from '../../lib/query-keys';

export function fetchSpvs(signal?: AbortSignal): Promise<Spv[]> {
  return apiGet('/api/spvs', { signal }).then((r) => r.spvs);
}

/** All SPVs (also usable by other screens, e.g. the deal form's SPV choice). */
export function useSpvs() {
  return useQuery({ queryKey: spvKeys.list(), queryFn: ({ signal }) => fetchSpvs(signal) });
}

export function useCreateSpv() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SpvInput) => apiPost('/api/spvs', { body: input }).then((r) => r.spv),
    onSuccess: () => qc.invalidateQueries({ queryKey: spvKeys.all }),
  });
}

export function useUpdateSpv() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: Partial<SpvInput> }) =>
      apiPatch('/api/spvs/:id', { params: { id }, body: input }).then((r) => r.spv),
    onSuccess: (spv) => {
      qc.setQueryData<Spv[]>(spvKeys.list(), (old) => old?.map((s) => (s.id === spv.id ? spv : s)));
      return qc.invalidateQueries({ queryKey: spvKeys.all });
    },
  });
}
