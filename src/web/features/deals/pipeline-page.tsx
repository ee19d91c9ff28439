import { useQueryClient } from '@tanstack/react-query';
import { ArrowRightLeft, ChevronsDown, Clock, Plus, RefreshCw } from 'lucide-react';
import { type DragEvent, type ReactNode, type Ref, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  DEAL_MESSAGES,
  DEAL_PAGE_SIZE,
  DEAL_STAGES,
  type Deal,
  type DealStage,
  type DealStageSummary,
  daysInStage,
  dealCountLabel,
  formatCount,
} from '../../../shared/deals';
import { formatUSD } from '../../../shared/format';
import { DealStatusBadge, DealTypeIcon } from '../../components/domain/deal';
import { PageHeader } from '../../components/layout/page-header';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { cn } from '../../lib/cn';
import { findPipelineDeal, fitsLoadedStage, useMoveDeal, usePipeline, useStageDeals } from './api';
import { daysLabel } from './deal-ui';

const DRAG_TYPE = 'application/x-deal-id';

/** A stage's count as the list reported it: exact, or (beyond the server's cap) a lower bound. */
type StageCount = Pick<DealStageSummary, 'total' | 'totalCapped'>;

/** Where focus goes after a keyboard move: the card's Move button, or (card not loaded) its new column. */
type FocusTarget = { id: string; stage: DealStage } | { id: null; stage: DealStage };

interface ColumnHandlers {
  dropActive: boolean;
  dragging: boolean;
  onDragOver: (e: DragEvent<HTMLElement>) => void;
  onDragLeave: (e: DragEvent<HTMLElement>) => void;
  onDrop: (e: DragEvent<HTMLElement>) => void;
}

export default function PipelinePage() {
  const qc = useQueryClient();
  const pipeline = usePipeline();
  const move = useMoveDeal();
  const [dragId, setDragId] = useState<string | null>(null);
  const [overStage, setOverStage] = useState<DealStage | null>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // 'Failed to fetch deals' once per failure (spec section 8).
  const failedAt = pipeline.isError ? pipeline.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error(DEAL_MESSAGES.fetchFailed, { id: 'deals-fetch-failed' });
  }, [failedAt]);

  function moveDeal(deal: Deal, stage: DealStage, viaKeyboard: boolean) {
    if (deal.stage === stage) return;
    const shown = fitsLoadedStage(qc, { ...deal, stage }, stage);
    setAnnouncement(
      shown ? `Moved ${deal.title} to ${stage}` : `Moved ${deal.title} to ${stage}; it is further down that column, under Show more`,
    );
    if (viaKeyboard) setFocusTarget(shown ? { id: deal.id, stage } : { id: null, stage });
    move.mutate({ id: deal.id, stage }, { onError: () => setAnnouncement(`Could not move ${deal.title}; it is back in ${deal.stage}`) });
  }

  function dropOn(stage: DealStage, e: DragEvent) {
    e.preventDefault();
    const id = e.dataTransfer.getData(DRAG_TYPE) || dragId;
    setDragId(null);
    setOverStage(null);
    const deal = id ? findPipelineDeal(qc, id) : undefined;
    if (deal) moveDeal(deal, stage, false);
  }

  const handlers = (stage: DealStage): ColumnHandlers => ({
    dropActive: overStage === stage,
    dragging: dragId !== null,
    onDragOver: (e) => {
      if (!dragId && !e.dataTransfer.types.includes(DRAG_TYPE)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      if (overStage !== stage) setOverStage(stage);
    },
    onDragLeave: (e) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOverStage((s) => (s === stage ? null : s));
    },
    onDrop: (e) => dropOn(stage, e),
  });

  const renderCard = (deal: Deal) => (
    <DealCard
      deal={deal}
      dragging={dragId === deal.id}
      focusMove={focusTarget?.id === deal.id && focusTarget.stage === deal.stage}
      onFocused={() => setFocusTarget(null)}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, deal.id);
        e.dataTransfer.effectAllowed = 'move';
        setDragId(deal.id);
      }}
      onDragEnd={() => {
        setDragId(null);
        setOverStage(null);
      }}
      onMove={(stage) => moveDeal(deal, stage, true)}
    />
  );

  return (
    <>
      <PageHeader
        title="Deal Pipeline"
        description="Drag a card to another stage, or use its Move menu. Open a card for the deal's details."
        actions={
          <Button asChild>
            <Link to="/admin/deals/new">
              <Plus aria-hidden="true" />
              New Deal
            </Link>
          </Button>
        }
      />
      <div role="status" className="sr-only">
        {pipeline.isPending ? 'Loading deals...' : announcement}
      </div>
      {pipeline.isError && !pipeline.data ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-surface p-8 text-center">
          <p className="font-medium text-ink-900">{DEAL_MESSAGES.fetchFailed}</p>
          <p className="text-sm text-muted">Check your connection and try again.</p>
          <Button variant="secondary" onClick={() => void pipeline.refetch()} busy={pipeline.isFetching}>
            <RefreshCw aria-hidden="true" />
            Retry
          </Button>
        </div>
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: a named, keyboard-scrollable region on narrow screens
        <div
          role="region"
          aria-label="Pipeline stages"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region must be keyboard reachable
          tabIndex={0}
          className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-3 focus-visible:outline-offset-[-2px] sm:mx-0 sm:scroll-px-0 sm:px-0 lg:snap-none"
        >
          {DEAL_STAGES.map((stage) =>
            pipeline.data ? (
              <StageColumn
                key={stage}
                stage={stage}
                count={pipeline.data.stages.find((s) => s.stage === stage) ?? { total: 0, totalCapped: false }}
                handlers={handlers(stage)}
                focusColumn={focusTarget?.id === null && focusTarget.stage === stage}
                onFocused={() => setFocusTarget(null)}
                onAnnounce={setAnnouncement}
                renderCard={renderCard}
              />
            ) : (
              <ColumnFrame key={stage} stage={stage} count={null} handlers={handlers(stage)}>
                <CardSkeleton />
                <CardSkeleton />
              </ColumnFrame>
            ),
          )}
        </div>
      )}
    </>
  );
}

/** A column: its heading with the count badge (the stage's total, '1,000+' beyond the cap) and its body. */
function ColumnFrame({
  stage,
  count,
  handlers,
  headingRef,
  children,
}: {
  stage: DealStage;
  /** Null while loading. */
  count: StageCount | null;
  handlers: ColumnHandlers;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const headingId = useId();
  const { dropActive, dragging, onDragOver, onDragLeave, onDrop } = handlers;
  return (
    <section
      aria-labelledby={headingId}
      data-stage={stage}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      className={cn(
        'flex w-[min(20rem,82vw)] shrink-0 snap-start flex-col rounded-xl border bg-ink-50 transition-colors lg:w-auto lg:min-w-56 lg:flex-1',
        dropActive ? 'border-gold-500 bg-gold-100 ring-2 ring-gold-500/40' : dragging ? 'border-dashed border-ink-600/40' : 'border-border',
      )}
    >
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        aria-label={count === null ? stage : `${stage}, ${dealCountLabel(count.total, count.totalCapped)}`}
        className="flex items-center justify-between gap-2 px-3 pt-3 pb-2 text-sm font-semibold text-ink-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-600"
      >
        <span>{stage}</span>
        <Badge tone="info" className="tabular">
          {count === null ? '…' : formatCount(count.total, count.totalCapped)}
        </Badge>
      </h2>
      <div className="flex flex-1 flex-col gap-3 px-2 pb-3">{children}</div>
    </section>
  );
}

/**
 * A loaded column: its first page (from GET /api/deals), then any further pages brought by
 * "Show N more" (the stage's keyset cursor).
 */
function StageColumn({
  stage,
  count: listed,
  handlers,
  focusColumn,
  onFocused,
  onAnnounce,
  renderCard,
}: {
  stage: DealStage;
  count: StageCount;
  handlers: ColumnHandlers;
  /** A keyboard move sent a deal here beyond the loaded cards: focus this column's Show more (or heading). */
  focusColumn: boolean;
  onFocused: () => void;
  onAnnounce: (text: string) => void;
  renderCard: (deal: Deal) => ReactNode;
}) {
  const pages = useStageDeals(stage);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moreRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [focusFrom, setFocusFrom] = useState<number | null>(null);

  // A deal can sit in two pages for a moment (a move between a page's load and the next): show it once.
  const seen = new Set<string>();
  const deals: Deal[] = [];
  for (const d of pages.data?.pages.flatMap((p) => p.deals) ?? []) {
    if (d.stage !== stage || seen.has(d.id)) continue;
    seen.add(d.id);
    deals.push(d);
  }
  const hasMore = pages.hasNextPage;
  // A capped total becomes exact once every page of the stage is loaded.
  const count: StageCount = listed.totalCapped && !hasMore && pages.data ? { total: deals.length, totalCapped: false } : listed;
  const { total, totalCapped } = count;
  // A capped total is a lower bound: more than `total` remain, so a full page while the bound
  // allows it, else an unnumbered 'Show more'.
  const remaining = Math.max(0, total - deals.length);
  const nextCount = totalCapped ? (remaining >= DEAL_PAGE_SIZE ? DEAL_PAGE_SIZE : 0) : Math.min(DEAL_PAGE_SIZE, remaining);
  /** The stage's count; a capped one ('1,000+') never below the deals already shown. */
  const atLeast = (shown: number) => (totalCapped ? Math.max(total, shown) : total);
  const ofTotal = (shown: number) => dealCountLabel(atLeast(shown), totalCapped);
  const loadingMore = pages.isFetchingNextPage;

  useEffect(() => {
    if (!focusColumn) return;
    (moreRef.current ?? headingRef.current)?.focus();
    onFocused();
  }, [focusColumn, onFocused]);

  // Focus after a load (the busy button was disabled, which drops focus): back on the button
  // while more remain, else on the first card the last page brought.
  useEffect(() => {
    if (focusFrom === null || loadingMore) return;
    if (hasMore) moreRef.current?.focus();
    else listRef.current?.querySelectorAll<HTMLElement>(':scope > li a')[focusFrom]?.focus();
    setFocusFrom(null);
  }, [focusFrom, loadingMore, hasMore]);

  async function showMore() {
    const before = deals.length;
    const result = await pages.fetchNextPage();
    if (result.isError) {
      toast.error(DEAL_MESSAGES.loadMoreFailed, { description: 'Check your connection and try again.' });
      onAnnounce(DEAL_MESSAGES.loadMoreFailed);
      moreRef.current?.focus();
      return;
    }
    const now = new Set(result.data?.pages.flatMap((p) => p.deals.filter((d) => d.stage === stage).map((d) => d.id)) ?? []).size;
    onAnnounce(`Showing ${now.toLocaleString('en-US')} of ${dealCountLabel(Math.max(total, now), totalCapped)} in ${stage}`);
    setFocusFrom(before);
  }

  return (
    <ColumnFrame stage={stage} count={count} handlers={handlers} headingRef={headingRef}>
      {deals.length === 0 && !hasMore ? (
        <p
          className={cn(
            'flex min-h-32 items-center justify-center rounded-lg border border-dashed px-3 py-6 text-center text-sm text-muted',
            handlers.dropActive ? 'border-gold-600' : 'border-border',
          )}
        >
          No deals in this stage
        </p>
      ) : (
        <ul
          ref={listRef}
          aria-label={
            hasMore
              ? `${stage}: ${deals.length.toLocaleString('en-US')} of ${ofTotal(deals.length)} shown`
              : `${stage}: ${ofTotal(deals.length)}`
          }
          className="flex flex-col gap-3"
        >
          {deals.map((d) => (
            <li key={d.id}>{renderCard(d)}</li>
          ))}
        </ul>
      )}
      {hasMore && (
        <div className="flex flex-col items-stretch gap-1.5 pt-1">
          <p className="text-center text-xs text-muted tabular">
            Showing {deals.length.toLocaleString('en-US')} of {formatCount(atLeast(deals.length), totalCapped)}
          </p>
          <Button
            ref={moreRef}
            variant="secondary"
            size="sm"
            onClick={() => void showMore()}
            busy={loadingMore}
            aria-label={
              loadingMore
                ? `Loading more ${stage} deals`
                : nextCount > 0
                  ? `Show ${nextCount} more ${stage} deals`
                  : `Show more ${stage} deals`
            }
          >
            {!loadingMore && <ChevronsDown aria-hidden="true" />}
            {loadingMore ? 'Loading...' : nextCount > 0 ? `Show ${nextCount} more` : 'Show more'}
          </Button>
        </div>
      )}
    </ColumnFrame>
  );
}

function CardSkeleton() {
  return (
    <div aria-hidden="true" className="rounded-lg border border-border bg-surface p-3 shadow-sm">
      <div className="flex animate-pulse gap-3 motion-reduce:animate-none">
        <div className="size-9 rounded-md bg-ink-100" />
        <div className="flex flex-1 flex-col gap-2">
          <div className="h-3.5 w-3/4 rounded bg-ink-100" />
          <div className="h-3 w-1/2 rounded bg-ink-100" />
        </div>
      </div>
      <div className="mt-4 grid animate-pulse grid-cols-2 gap-3 motion-reduce:animate-none">
        <div className="h-7 rounded bg-ink-100" />
        <div className="h-7 rounded bg-ink-100" />
        <div className="h-7 rounded bg-ink-100" />
        <div className="h-7 rounded bg-ink-100" />
      </div>
    </div>
  );
}

function DealCard({
  deal,
  dragging,
  focusMove,
  onFocused,
  onDragStart,
  onDragEnd,
  onMove,
}: {
  deal: Deal;
  dragging: boolean;
  focusMove: boolean;
  onFocused: () => void;
  onDragStart: (e: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
  onMove: (stage: DealStage) => void;
}) {
  const moveRef = useRef<HTMLButtonElement>(null);
  const movedRef = useRef(false);
  const days = daysInStage(deal.stageEnteredAt);

  // After a keyboard move the card re-mounts in its new column: keep focus on its Move control.
  useEffect(() => {
    if (focusMove) {
      moveRef.current?.focus();
      onFocused();
    }
  }, [focusMove, onFocused]);

  return (
    <article
      draggable
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      data-deal-id={deal.id}
      aria-label={deal.title}
      className={cn(
        '@container group relative cursor-grab rounded-lg border border-border bg-surface p-3 shadow-sm transition hover:border-gold-400 hover:shadow-md active:cursor-grabbing',
        dragging && 'opacity-50',
      )}
    >
      <div className="flex items-start gap-3">
        <DealTypeIcon type={deal.type} />
        <div className="min-w-0 flex-1">
          <h3 className="text-sm leading-snug font-semibold break-words text-ink-900">
            <Link
              to={`/admin/deals/${deal.id}`}
              draggable={false}
              className="after:absolute after:inset-0 after:rounded-lg after:content-[''] hover:underline focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-gold-600"
            >
              {deal.title}
            </Link>
          </h3>
          <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="text-xs text-muted">{deal.type}</span>
            <DealStatusBadge status={deal.status} />
          </div>
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-xs">
        <div className="min-w-0">
          <dt className="text-muted">Target</dt>
          <dd className="tabular truncate text-sm font-medium text-ink-900">{formatUSD(deal.targetAmount)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted">Committed</dt>
          <dd className="tabular truncate text-sm font-medium text-ink-900">{formatUSD(deal.committedAmount)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted">IRR</dt>
          <dd className="tabular truncate text-sm font-medium text-ink-900">{deal.expectedIrr || 'TBD'}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted">Risk</dt>
          <dd className="tabular truncate text-sm font-medium text-ink-900">{deal.riskScore || 'TBD'}</dd>
        </div>
        {deal.spvEntity && (
          <div className="col-span-2 min-w-0">
            <dt className="text-muted">SPV</dt>
            <dd className="truncate text-sm font-medium text-ink-900" title={deal.spvEntity}>
              {deal.spvEntity}
            </dd>
          </div>
        )}
      </dl>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-x-1 border-t border-border pt-2">
        <span className="flex items-center gap-1 text-xs whitespace-nowrap text-muted">
          <Clock aria-hidden="true" className="size-3.5" />
          <span className="tabular">{daysLabel(days)}</span>
        </span>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              ref={moveRef}
              variant="ghost"
              size="sm"
              className="relative z-10 ml-auto -mr-1.5 gap-1 px-1.5 pointer-coarse:min-w-10"
              aria-label={`Move ${deal.title} to stage`}
              title="Move to another stage"
            >
              <ArrowRightLeft aria-hidden="true" />
              {/* The word shows where the card has room; the accessible name is always there. */}
              <span className="hidden @[12.5rem]:inline">Move</span>
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent
            align="end"
            onCloseAutoFocus={(e) => {
              // The card re-mounts in its new column; focus is restored there instead.
              if (movedRef.current) e.preventDefault();
              movedRef.current = false;
            }}
          >
            <DropdownMenuLabel>Move to stage</DropdownMenuLabel>
            <DropdownMenuSeparator />
            {DEAL_STAGES.map((s) => (
              <DropdownMenuItem
                key={s}
                disabled={s === deal.stage}
                onSelect={() => {
                  movedRef.current = true;
                  onMove(s);
                }}
              >
                {s}
                {s === deal.stage && <span className="ml-auto text-xs text-muted">(current)</span>}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </article>
  );
}
