import { ChevronsDown } from 'lucide-react';
import { type DragEvent, type ReactNode, type Ref, useEffect, useId, useRef, useState } from 'react';
import { DEAL_PAGE_SIZE, type Deal, type DealStage, type DealStageSummary } from '../../../shared/deals';
import { formatNumber } from '../../../shared/format';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { enumLabel } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useStageDeals } from './api';
import { countLabel, dealsLabel, dealsText } from './i18n';

/** A stage's count as the list reported it: exact, or (beyond the server's cap) a lower bound. */
export type StageCount = Pick<DealStageSummary, 'total' | 'totalCapped'>;

/** Where focus goes after a keyboard move: the card's Move button, or (card not loaded) its new column. */
export type FocusTarget = { id: string; stage: DealStage } | { id: null; stage: DealStage };

export interface ColumnHandlers {
  dropActive: boolean;
  dragging: boolean;
  onDragOver: (e: DragEvent<HTMLElement>) => void;
  onDragLeave: (e: DragEvent<HTMLElement>) => void;
  onDrop: (e: DragEvent<HTMLElement>) => void;
}

/** A column: its heading with the count badge (the stage's total, '1,000+' beyond the cap) and its body. */
export function ColumnFrame({
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
  const { t } = dealsText.useT();
  const headingId = useId();
  const stageName = enumLabel('dealStage', stage);
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
        aria-label={
          count === null ? stageName : t('pipeline.heading', { stage: stageName, deals: dealsLabel(count.total, count.totalCapped) })
        }
        className="flex items-center justify-between gap-2 px-3 pt-3 pb-2 text-sm font-semibold text-ink-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-600"
      >
        <span>{stageName}</span>
        <Badge tone="info" className="tabular">
          {count === null ? '…' : countLabel(count.total, count.totalCapped)}
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
export function StageColumn({
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
  const { t } = dealsText.useT();
  const stageName = enumLabel('dealStage', stage);
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
  const ofTotal = (shown: number) => dealsLabel(atLeast(shown), totalCapped);
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
      toast.error(t('messages.loadMoreFailed'), { description: t('messages.checkConnection') });
      onAnnounce(t('messages.loadMoreFailed'));
      moreRef.current?.focus();
      return;
    }
    const now = new Set(result.data?.pages.flatMap((p) => p.deals.filter((d) => d.stage === stage).map((d) => d.id)) ?? []).size;
    onAnnounce(
      t('pipeline.showingIn', { shown: formatNumber(now), deals: dealsLabel(Math.max(total, now), totalCapped), stage: stageName }),
    );
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
          {t('pipeline.empty')}
        </p>
      ) : (
        <ul
          ref={listRef}
          aria-label={
            hasMore
              ? t('pipeline.listShown', { stage: stageName, shown: formatNumber(deals.length), deals: ofTotal(deals.length) })
              : t('pipeline.listAll', { stage: stageName, deals: ofTotal(deals.length) })
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
            {t('pipeline.showing', { shown: formatNumber(deals.length), total: countLabel(atLeast(deals.length), totalCapped) })}
          </p>
          <Button
            ref={moreRef}
            variant="secondary"
            size="sm"
            onClick={() => void showMore()}
            busy={loadingMore}
            aria-label={
              loadingMore
                ? t('pipeline.loadingMoreLabel', { stage: stageName })
                : nextCount > 0
                  ? t('pipeline.showNextLabel', { count: nextCount, stage: stageName })
                  : t('pipeline.showMoreLabel', { stage: stageName })
            }
          >
            {!loadingMore && <ChevronsDown aria-hidden="true" />}
            {loadingMore
              ? t('pipeline.loadingMore')
              : nextCount > 0
                ? t('pipeline.showNext', { count: nextCount })
                : t('pipeline.showMore')}
          </Button>
        </div>
      )}
    </ColumnFrame>
  );
}

export function CardSkeleton() {
  return (
    <div aria-hidden="true" className="rounded-lg border border-border bg-surface p-3 shadow-sm">
      <div className="flex gap-3">
        <Skeleton shape="block" className="size-9" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-3.5 w-3/4" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-3">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-7" />
        ))}
      </div>
    </div>
  );
}
