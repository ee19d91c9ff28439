import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { CreateDealInput, Deal, DealStage, UpdateDealInput } from '../../../shared/deals';
import type { VaultDocument } from '../../../shared/documents';
import type { Valuation } from '../../../shared/portal';
import type { Spv } from '../../../shared/spvs';
import { ApiError, api } from '../../lib/api';

/** One activity entry of a deal (GET /api/deals/:id). */
export interface DealActivityEntry {
  id: number | string;
  activityType: string;
  /** Null for a system entry, or when the user no longer exists (then `userDeleted` is true). */
  userName: string | null;
  userDeleted?: boolean;
  details: Record<string, unknown>;
  createdAt: string;
}

export interface DealDetail {
  deal: Deal;
  documents: VaultDocument[];
  activity: DealActivityEntry[];
  valuations: Valuation[];
}

export const dealKeys = {
  all: ['deals'] as const,
  list: () => ['deals', 'list'] as const,
  detail: (id: string) => ['deals', 'detail', id] as const,
};

/**
 * The SPV choice of the deal forms. Its own key under 'spvs' so that any invalidation of
 * ['spvs'] by the SPV tracker refreshes it, without sharing a cache entry whose shape may differ.
 */
export const spvChoiceKey = ['spvs', 'deal-form-choices'] as const;

export const UPDATE_FAILED = 'Failed to update deal';
export const UPDATED = 'Deal updated successfully';

export function useDeals() {
  return useQuery({
    queryKey: dealKeys.list(),
    queryFn: ({ signal }) => api<{ deals: Deal[] }>('/api/deals', { signal }).then((r) => r.deals),
  });
}

export function useDeal(id: string) {
  return useQuery({
    queryKey: dealKeys.detail(id),
    queryFn: ({ signal }) => api<DealDetail>(`/api/deals/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useSpvChoices() {
  return useQuery({
    queryKey: spvChoiceKey,
    queryFn: ({ signal }) => api<{ spvs: Spv[] }>('/api/spvs', { signal }).then((r) => r.spvs),
    staleTime: 60_000,
  });
}

/**
 * Screens that show deal data besides this feature: the dashboard (active deals tile and deal
 * cards), the activity log viewer and the document vault (joined deal titles).
 */
const RELATED_KEYS = [['dashboard'], ['activity-logs'], ['documents']] as const;

function refreshAfterChange(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: dealKeys.all });
  for (const queryKey of RELATED_KEYS) void qc.invalidateQueries({ queryKey });
}

/** Puts a fresh deal into the list and detail caches. */
function storeDeal(qc: QueryClient, deal: Deal) {
  qc.setQueryData<Deal[]>(dealKeys.list(), (old) => old?.map((d) => (d.id === deal.id ? deal : d)));
  qc.setQueryData<DealDetail>(dealKeys.detail(deal.id), (old) => (old ? { ...old, deal } : old));
}

/** POST /api/deals. A 401 is reported to the form (session ended), not broadcast. */
export function useCreateDeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDealInput) =>
      api<{ deal: Deal }>('/api/deals', { method: 'POST', body: input, quiet401: true }).then((r) => r.deal),
    onSuccess: (deal) => {
      qc.setQueryData<Deal[]>(dealKeys.list(), (old) => (old ? [deal, ...old.filter((d) => d.id !== deal.id)] : old));
      refreshAfterChange(qc);
    },
  });
}

/** PATCH /api/deals/:id with only the changed fields. A 401 is reported to the form. */
export function useUpdateDeal(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateDealInput) =>
      api<{ deal: Deal }>(`/api/deals/${encodeURIComponent(id)}`, { method: 'PATCH', body: input, quiet401: true }).then((r) => r.deal),
    onSuccess: (deal) => {
      storeDeal(qc, deal);
      // The deal's activity, the pipeline and the screens that show deals change with it.
      refreshAfterChange(qc);
    },
  });
}

interface MoveContext {
  /** The deal as it was before the move (only this deal is restored, other moves stay). */
  previous: Deal | undefined;
}

/** Text for a failed deal change: the server's message when it says something specific. */
export function updateErrorText(err: unknown): string | undefined {
  if (err instanceof ApiError && err.message && err.status !== 500) return err.message;
  return undefined;
}

/** POST /api/deals/:id/move, applied optimistically to the pipeline and rolled back on error. */
export function useMoveDeal() {
  const qc = useQueryClient();
  return useMutation<Deal, unknown, { id: string; stage: DealStage }, MoveContext>({
    mutationKey: ['deals', 'move'],
    mutationFn: ({ id, stage }) =>
      api<{ deal: Deal }>(`/api/deals/${encodeURIComponent(id)}/move`, { method: 'POST', body: { stage } }).then((r) => r.deal),
    onMutate: async ({ id, stage }) => {
      await qc.cancelQueries({ queryKey: dealKeys.list() });
      await qc.cancelQueries({ queryKey: dealKeys.detail(id) });
      const previous =
        qc.getQueryData<Deal[]>(dealKeys.list())?.find((d) => d.id === id) ?? qc.getQueryData<DealDetail>(dealKeys.detail(id))?.deal;
      const now = new Date().toISOString();
      const moved = (d: Deal): Deal => (d.stage === stage ? d : { ...d, stage, stageEnteredAt: now });
      qc.setQueryData<Deal[]>(dealKeys.list(), (old) => old?.map((d) => (d.id === id ? moved(d) : d)));
      qc.setQueryData<DealDetail>(dealKeys.detail(id), (old) => (old ? { ...old, deal: moved(old.deal) } : old));
      return { previous };
    },
    onError: (err, { id }, ctx) => {
      const previous = ctx?.previous;
      if (previous) {
        const restore = (d: Deal): Deal => ({ ...d, stage: previous.stage, stageEnteredAt: previous.stageEnteredAt });
        qc.setQueryData<Deal[]>(dealKeys.list(), (old) => old?.map((d) => (d.id === id ? restore(d) : d)));
        qc.setQueryData<DealDetail>(dealKeys.detail(id), (old) => (old ? { ...old, deal: restore(old.deal) } : old));
      }
      const description = updateErrorText(err);
      toast.error(UPDATE_FAILED, description && description !== UPDATE_FAILED ? { description } : undefined);
    },
    onSuccess: (deal) => storeDeal(qc, deal),
    // Refetch once the last of several quick moves settles, so a refetch never undoes a newer optimistic move.
    onSettled: () => {
      if (qc.isMutating({ mutationKey: ['deals', 'move'] }) === 1) refreshAfterChange(qc);
    },
  });
}
