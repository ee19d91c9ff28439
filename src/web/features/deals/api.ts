import {
  type InfiniteData,
  type QueryClient,
  type QueryKey,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useRef } from 'react';
import type { ApiResponse } from '../../../shared/api/contract';
import type { DealTermsInput } from '../../../shared/deal-terms';
import {
  type CreateDealInput,
  DEAL_PAGE_SIZE,
  DEAL_STAGES,
  type Deal,
  type DealActivity,
  type DealDetail,
  type DealPipeline,
  type DealStage,
  type DealStagePage,
  type UpdateDealInput,
} from '../../../shared/deals';
import type { DealLedger } from '../../../shared/ledger';
import type { PerformanceStatus } from '../../../shared/performance';
import { ApiError, apiGet, apiPatch, apiPost, apiPut } from '../../lib/api';
import { spvsQuery } from '../../lib/queries/spvs';
import { CAPITAL_CALL_READS, DEAL_READS, DISTRIBUTION_READS, endpointKey, invalidateEndpoints } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { dealsText } from './i18n';

export type { DealDetail };
/** One activity entry of a deal (GET /api/deals/:id). */
export type DealActivityEntry = DealActivity;

type StageData = InfiniteData<DealStagePage, string | null>;

/**
 * GET /api/deals is cached twice over: the pipeline (no variables) and each column's pages
 * (`{ stage }`: an infinite query). The pipeline's key is a prefix of the columns' keys, as the
 * list was before; `{}` as the variables matches every column and not the pipeline.
 */
const pipelineKey = () => endpointKey('GET /api/deals');
const stageKey = (stage: DealStage) => endpointKey('GET /api/deals', { stage });
const allStagesKey = () => endpointKey('GET /api/deals', {});
const detailKey = (id: string) => endpointKey('GET /api/deals/:id', { id });

const stageOfKey = (key: QueryKey): DealStage | null => {
  const vars = key[0] === 'GET /api/deals' ? (key[1] as { stage?: DealStage } | undefined) : undefined;
  return vars?.stage ?? null;
};

/** GET /api/deals answers the pipeline without `stage`, one stage's page with it (the contract has both). */
function asPipeline(r: DealPipeline | DealStagePage): DealPipeline {
  if ('stages' in r) return r;
  throw new Error('Expected the pipeline from GET /api/deals');
}
function asStagePage(r: DealPipeline | DealStagePage): DealStagePage {
  if ('stage' in r) return r;
  throw new Error('Expected a stage page from GET /api/deals?stage=');
}

/** The pipeline's first load: each stage's total and first page (GET /api/deals). */
export function usePipeline() {
  return useQuery({
    queryKey: pipelineKey(),
    queryFn: ({ signal }) => apiGet('/api/deals', { signal }).then(asPipeline),
  });
}

/** The page of a stage after `cursor` (its first page without one). */
export function fetchStagePage(stage: DealStage, cursor: string | null, signal?: AbortSignal): Promise<DealStagePage> {
  return apiGet('/api/deals', { query: { stage, limit: DEAL_PAGE_SIZE, cursor }, signal }).then(asStagePage);
}

/** A stage's first page as the list (GET /api/deals) returned it. */
function seedFromPipeline(pipeline: DealPipeline, stage: DealStage): StageData {
  const summary = pipeline.stages.find((s) => s.stage === stage);
  return {
    pages: [{ stage, deals: pipeline.deals.filter((d) => d.stage === stage), nextCursor: summary?.nextCursor ?? null }],
    pageParams: [null],
  };
}

/**
 * One pipeline column: its loaded pages, newest first. Mount it once the list has loaded: its
 * first page comes from there (no request of its own); "Show more" fetches the next page with
 * the keyset cursor; a refetch (after a move) reloads the pages loaded so far, in order.
 */
export function useStageDeals(stage: DealStage) {
  const qc = useQueryClient();
  return useInfiniteQuery({
    queryKey: stageKey(stage),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchStagePage(stage, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    initialData: () => {
      const pipeline = qc.getQueryData<DealPipeline>(pipelineKey());
      return pipeline ? seedFromPipeline(pipeline, stage) : undefined;
    },
    initialDataUpdatedAt: () => qc.getQueryState(pipelineKey())?.dataUpdatedAt,
  });
}

/** A deal loaded in the pipeline (any column), if any. */
export function findPipelineDeal(qc: QueryClient, id: string): Deal | undefined {
  for (const [, data] of qc.getQueriesData<StageData>({ queryKey: allStagesKey() })) {
    const found = data?.pages.flatMap((p) => p.deals).find((d) => d.id === id);
    if (found) return found;
  }
  return qc.getQueryData<DealPipeline>(pipelineKey())?.deals.find((d) => d.id === id);
}

/** Pipeline order: created_at DESC, id DESC. */
const before = (a: Deal, b: Deal) => (a.createdAt === b.createdAt ? a.id > b.id : a.createdAt > b.createdAt);

/**
 * Whether a deal entering `stage` belongs among the column's loaded cards: when the column
 * has loaded all its deals, or the deal sorts before its last loaded card. Otherwise it lies
 * in a page not loaded yet (and "Show more" brings it).
 */
export function fitsLoadedStage(qc: QueryClient, deal: Deal, stage: DealStage): boolean {
  const data = qc.getQueryData<StageData>(stageKey(stage));
  if (!data) return false;
  const last = data.pages[data.pages.length - 1];
  if (!last?.nextCursor) return true;
  const lastDeal = last.deals[last.deals.length - 1];
  return !lastDeal || before(deal, lastDeal);
}

function removeFromStage(qc: QueryClient, stage: DealStage, id: string) {
  qc.setQueryData<StageData>(stageKey(stage), (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((p) => (p.deals.some((d) => d.id === id) ? { ...p, deals: p.deals.filter((d) => d.id !== id) } : p)),
        }
      : old,
  );
}

/** Puts a deal at its place among a column's loaded cards (or nowhere when it lies further on). */
function insertIntoStage(qc: QueryClient, stage: DealStage, deal: Deal) {
  if (!fitsLoadedStage(qc, deal, stage)) return;
  qc.setQueryData<StageData>(stageKey(stage), (old) => {
    if (!old) return old;
    const pages = old.pages.map((p) => ({ ...p, deals: p.deals.filter((d) => d.id !== deal.id) }));
    let at = pages.findIndex((p) => p.deals.some((d) => before(deal, d)));
    if (at < 0) at = pages.length - 1;
    const page = pages[at];
    if (!page) return old;
    const i = page.deals.findIndex((d) => before(deal, d));
    page.deals.splice(i < 0 ? page.deals.length : i, 0, deal);
    return { ...old, pages };
  });
}

/**
 * Adds `delta` to a stage's total in the list (the count badge). A capped total ('1,000+') is a
 * lower bound that a single deal does not move: it stays until the list is refetched.
 */
function bumpTotal(qc: QueryClient, stage: DealStage, delta: number) {
  qc.setQueryData<DealPipeline>(pipelineKey(), (old) =>
    old
      ? { ...old, stages: old.stages.map((s) => (s.stage === stage && !s.totalCapped ? { ...s, total: Math.max(0, s.total + delta) } : s)) }
      : old,
  );
}

/** Moves a deal between two columns' caches and totals (optimistic move and its rollback). */
function shiftDeal(qc: QueryClient, deal: Deal, from: DealStage, to: DealStage) {
  removeFromStage(qc, from, deal.id);
  insertIntoStage(qc, to, deal);
  bumpTotal(qc, from, -1);
  bumpTotal(qc, to, 1);
  qc.setQueryData<DealPipeline>(pipelineKey(), (old) =>
    old ? { ...old, deals: old.deals.map((d) => (d.id === deal.id ? deal : d)) } : old,
  );
}

export const dealQuery = (id: string) =>
  queryOptions({
    queryKey: detailKey(id),
    queryFn: ({ signal }) => apiGet('/api/deals/:id', { params: { id }, signal }),
  });

export function useDeal(id: string) {
  return useQuery(dealQuery(id));
}

/** The deal forms' SPV choice: the SPV tracker's entry (lib/queries/spvs.ts), kept a minute. */
export function useSpvChoices() {
  return useQuery({ ...spvsQuery(), staleTime: 60_000 });
}

/**
 * Screens that show deal data besides this feature: the dashboard (active deals tile and deal
 * cards), the activity log viewer and the document vault (joined deal titles).
 */
const RELATED_READS = ['GET /api/dashboard', 'GET /api/activity-logs', 'GET /api/documents'] as const;

function refreshAfterChange(qc: QueryClient) {
  void invalidateEndpoints(qc, [...DEAL_READS, ...RELATED_READS]);
}

/** Puts a fresh deal into the pipeline (wherever it is loaded) and detail caches. */
function storeDeal(qc: QueryClient, deal: Deal) {
  const replace = (d: Deal) => (d.id === deal.id ? deal : d);
  qc.setQueryData<DealPipeline>(pipelineKey(), (old) => (old ? { ...old, deals: old.deals.map(replace) } : old));
  for (const stage of DEAL_STAGES) {
    qc.setQueryData<StageData>(stageKey(stage), (old) =>
      old
        ? { ...old, pages: old.pages.map((p) => (p.deals.some((d) => d.id === deal.id) ? { ...p, deals: p.deals.map(replace) } : p)) }
        : old,
    );
  }
  qc.setQueryData<DealDetail>(detailKey(deal.id), (old) => (old ? { ...old, deal } : old));
}

/** POST /api/deals. A 401 is reported to the form (session ended), not broadcast. */
export function useCreateDeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDealInput) => apiPost('/api/deals', { body: input, quiet401: true }).then((r) => r.deal),
    onSuccess: (deal) => {
      // The newest deal heads its column at once; the refetch then brings the server's view.
      if (qc.getQueryData(stageKey(deal.stage))) {
        insertIntoStage(qc, deal.stage, deal);
        bumpTotal(qc, deal.stage, 1);
      }
      refreshAfterChange(qc);
    },
  });
}

/** PATCH /api/deals/:id with only the changed fields. A 401 is reported to the form. */
export function useUpdateDeal(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateDealInput) => apiPatch('/api/deals/:id', { params: { id }, body: input, quiet401: true }).then((r) => r.deal),
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

/**
 * POST /api/deals/:id/move, applied optimistically to the pipeline (both columns and their
 * totals) and rolled back on error. Once the last of several quick moves settles, the list
 * (totals) and the columns the moves touched are refetched.
 */
export function useMoveDeal() {
  const qc = useQueryClient();
  const touched = useRef(new Set<DealStage>());
  return useMutation<Deal, unknown, { id: string; stage: DealStage }, MoveContext>({
    mutationKey: ['deals', 'move'],
    mutationFn: ({ id, stage }) => apiPost('/api/deals/:id/move', { params: { id }, body: { stage } }).then((r) => r.deal),
    onMutate: async ({ id, stage }) => {
      const previous = findPipelineDeal(qc, id) ?? qc.getQueryData<DealDetail>(detailKey(id))?.deal;
      await Promise.all([
        qc.cancelQueries({ queryKey: pipelineKey(), exact: true }),
        qc.cancelQueries({ queryKey: stageKey(stage) }),
        previous ? qc.cancelQueries({ queryKey: stageKey(previous.stage) }) : undefined,
        qc.cancelQueries({ queryKey: detailKey(id) }),
      ]);
      touched.current.add(stage);
      if (previous) touched.current.add(previous.stage);
      if (previous && previous.stage !== stage) {
        shiftDeal(qc, { ...previous, stage, stageEnteredAt: new Date().toISOString() }, previous.stage, stage);
      }
      const now = new Date().toISOString();
      qc.setQueryData<DealDetail>(detailKey(id), (old) =>
        old && old.deal.stage !== stage ? { ...old, deal: { ...old.deal, stage, stageEnteredAt: now } } : old,
      );
      return { previous };
    },
    onError: (err, { id, stage }, ctx) => {
      const previous = ctx?.previous;
      if (previous && previous.stage !== stage) {
        const current = findPipelineDeal(qc, id);
        // Only undo this move: the deal goes back where it was, unless a later move took it elsewhere.
        if (!current || current.stage === stage)
          shiftDeal(
            qc,
            { ...(current ?? previous), stage: previous.stage, stageEnteredAt: previous.stageEnteredAt },
            stage,
            previous.stage,
          );
        qc.setQueryData<DealDetail>(detailKey(id), (old) =>
          old ? { ...old, deal: { ...old.deal, stage: previous.stage, stageEnteredAt: previous.stageEnteredAt } } : old,
        );
      }
      const failed = dealsText.t('edit.updateFailed');
      const description = updateErrorText(err);
      toast.error(failed, description && description !== failed ? { description } : undefined);
    },
    onSuccess: (deal) => storeDeal(qc, deal),
    // Refetch once the last of several quick moves settles, so a refetch never undoes a newer optimistic move.
    onSettled: () => {
      if (qc.isMutating({ mutationKey: ['deals', 'move'] }) !== 1) return;
      const stages = new Set(touched.current);
      touched.current.clear();
      // The list (totals), the touched columns, the deal's detail and the other deal views; not the
      // untouched columns (their loaded pages did not change).
      void invalidateEndpoints(qc, DEAL_READS, {
        predicate: (q) => {
          const stage = stageOfKey(q.queryKey);
          return stage === null || stages.has(stage);
        },
      });
      void invalidateEndpoints(qc, RELATED_READS);
    },
  });
}

// ---------------------------------------------------------------------------------------------
// A deal's money: valuations, ledger, one-off fees, terms and management-fee runs (admin)
// ---------------------------------------------------------------------------------------------

/** POST /api/deals/:id/valuations; the deal's detail (which lists them) is refetched. */
export function useAddValuation(dealId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { valuationDate: string; currentValue: string; expectedExit: string; performanceStatus: PerformanceStatus }) =>
      apiPost('/api/deals/:id/valuations', { params: { id: dealId }, body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: dealQuery(dealId).queryKey }),
  });
}

/** The deal's capital-account ledger: totals, one line per investor, every entry. */
export const dealLedgerQuery = (dealId: string) =>
  queryOptions({
    queryKey: endpointKey('GET /api/deals/:id/ledger', { id: dealId }),
    queryFn: ({ signal }) => apiGet('/api/deals/:id/ledger', { params: { id: dealId }, signal }).then((r) => r.ledger),
  });

export function useDealLedger(dealId: string) {
  return useQuery(dealLedgerQuery(dealId));
}

/** POST /api/ledger/:id/reverse; settles once the deal's ledger has been read again. */
export function useReverseEntry(dealId: string, entryId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => apiPost('/api/ledger/:id/reverse', { params: { id: entryId }, body: { reason } }),
    onSettled: () => qc.invalidateQueries({ queryKey: dealLedgerQuery(dealId).queryKey }),
  });
}

/** After a fee is charged or recorded: the deal's fee runs and ledger, and every capital-call and distribution read. */
function refreshMoney(qc: QueryClient, dealId: string) {
  void qc.invalidateQueries({ queryKey: managementFeesQuery(dealId).queryKey });
  void qc.invalidateQueries({ queryKey: dealLedgerQuery(dealId).queryKey });
  void invalidateEndpoints(qc, [...CAPITAL_CALL_READS, ...DISTRIBUTION_READS]);
}

export interface OneOffFeeBody {
  investorId: string;
  amount: string;
  date: string;
  memo: string;
}

/** POST /api/deals/:id/fees: a one-off fee or expense on one investor's capital account; the answer is the ledger. */
export function useRecordFee(dealId: string, opts: { onSuccess: (ledger: DealLedger, body: OneOffFeeBody) => void }) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OneOffFeeBody) => apiPost('/api/deals/:id/fees', { params: { id: dealId }, body }).then((r) => r.ledger),
    onSuccess: (next, body) => {
      qc.setQueryData(dealLedgerQuery(dealId).queryKey, next);
      refreshMoney(qc, dealId);
      opts.onSuccess(next, body);
    },
  });
}

/** The deal's economic terms and their versions. */
export const dealTermsQuery = (dealId: string) =>
  queryOptions({
    queryKey: endpointKey('GET /api/deals/:id/terms', { id: dealId }),
    queryFn: ({ signal }) => apiGet('/api/deals/:id/terms', { params: { id: dealId }, signal }),
  });

export function useDealTerms(dealId: string) {
  return useQuery(dealTermsQuery(dealId));
}

/** PUT /api/deals/:id/terms: a new version; the fee runs and every distribution read follow the terms. */
export function useSaveDealTerms(dealId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DealTermsInput) => apiPut('/api/deals/:id/terms', { params: { id: dealId }, body }),
    onSuccess: (next) => {
      qc.setQueryData(dealTermsQuery(dealId).queryKey, next);
      void qc.invalidateQueries({ queryKey: managementFeesQuery(dealId).queryKey });
      void invalidateEndpoints(qc, DISTRIBUTION_READS);
      toast.success(dealsText.t('terms.saved', { version: next.current?.version ?? 1 }));
    },
  });
}

/** The deal's management fee (from its terms) and the periods charged so far. */
export const managementFeesQuery = (dealId: string) =>
  queryOptions({
    queryKey: endpointKey('GET /api/deals/:id/management-fees', { id: dealId }),
    queryFn: ({ signal }) => apiGet('/api/deals/:id/management-fees', { params: { id: dealId }, signal }),
  });

export function useManagementFees(dealId: string) {
  return useQuery(managementFeesQuery(dealId));
}

/** Each investor's fee for a period, before charging (writes nothing). */
export function usePreviewManagementFee(dealId: string, opts: { onError: (err: unknown) => void }) {
  return useMutation({
    mutationFn: (body: { from: string; to: string }) =>
      apiPost('/api/deals/:id/management-fees/preview', { params: { id: dealId }, body }).then((r) => r.preview),
    onError: opts.onError,
  });
}

type FeeCharge = ApiResponse<'POST /api/deals/:id/management-fees'>;

/** POST /api/deals/:id/management-fees: charges a period (a capital call of fees, or fees accrued). */
export function useChargeManagementFee(dealId: string, opts: { onSuccess: (r: FeeCharge) => void; onError: (err: unknown) => void }) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { from: string; to: string; dueDate?: string }) =>
      apiPost('/api/deals/:id/management-fees', { params: { id: dealId }, body }),
    onSuccess: (r) => {
      qc.setQueryData(managementFeesQuery(dealId).queryKey, r.fees);
      refreshMoney(qc, dealId);
      opts.onSuccess(r);
    },
    onError: opts.onError,
  });
}
