import { ArrowRightLeft, Clock, Plus, RefreshCw } from 'lucide-react';
import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { DEAL_MESSAGES, DEAL_STAGES, type Deal, type DealStage, daysInStage } from '../../../shared/deals';
import { formatUSD } from '../../../shared/format';
import { PageHeader } from '../../app/app-shell';
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
import { useDeals, useMoveDeal } from './api';
import { DealStatusBadge, DealTypeIcon, daysLabel } from './deal-ui';

const DRAG_TYPE = 'application/x-deal-id';

const dealCount = (n: number) => `${n} ${n === 1 ? 'deal' : 'deals'}`;

export default function PipelinePage() {
  const deals = useDeals();
  const move = useMoveDeal();
  const [dragId, setDragId] = useState<string | null>(null);
  const [overStage, setOverStage] = useState<DealStage | null>(null);
  const [focusTarget, setFocusTarget] = useState<{ id: string; stage: DealStage } | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // 'Failed to fetch deals' once per failure (spec section 8).
  const failedAt = deals.isError ? deals.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error(DEAL_MESSAGES.fetchFailed, { id: 'deals-fetch-failed' });
  }, [failedAt]);

  function moveDeal(deal: Deal, stage: DealStage, viaKeyboard: boolean) {
    if (deal.stage === stage) return;
    setAnnouncement(`Moved ${deal.title} to ${stage}`);
    if (viaKeyboard) setFocusTarget({ id: deal.id, stage });
    move.mutate({ id: deal.id, stage }, { onError: () => setAnnouncement(`Could not move ${deal.title}; it is back in ${deal.stage}`) });
  }

  function dropOn(stage: DealStage, e: DragEvent) {
    e.preventDefault();
    const id = e.dataTransfer.getData(DRAG_TYPE) || dragId;
    setDragId(null);
    setOverStage(null);
    const deal = deals.data?.find((d) => d.id === id);
    if (deal) moveDeal(deal, stage, false);
  }

  const byStage = new Map<DealStage, Deal[]>(DEAL_STAGES.map((s) => [s, []]));
  for (const d of deals.data ?? []) byStage.get(d.stage)?.push(d);

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
        {deals.isPending ? 'Loading deals...' : announcement}
      </div>
      {deals.isError && !deals.data ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-surface p-8 text-center">
          <p className="font-medium text-ink-900">{DEAL_MESSAGES.fetchFailed}</p>
          <p className="text-sm text-muted">Check your connection and try again.</p>
          <Button variant="secondary" onClick={() => void deals.refetch()} busy={deals.isFetching}>
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
          {DEAL_STAGES.map((stage) => (
            <StageColumn
              key={stage}
              stage={stage}
              deals={byStage.get(stage) ?? []}
              loading={deals.isPending}
              dropActive={overStage === stage}
              dragging={dragId !== null}
              onDragOver={(e) => {
                if (!dragId && !e.dataTransfer.types.includes(DRAG_TYPE)) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
                if (overStage !== stage) setOverStage(stage);
              }}
              onDragLeave={(e) => {
                if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOverStage((s) => (s === stage ? null : s));
              }}
              onDrop={(e) => dropOn(stage, e)}
              renderCard={(deal) => (
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
              )}
            />
          ))}
        </div>
      )}
    </>
  );
}

function StageColumn({
  stage,
  deals,
  loading,
  dropActive,
  dragging,
  onDragOver,
  onDragLeave,
  onDrop,
  renderCard,
}: {
  stage: DealStage;
  deals: Deal[];
  loading: boolean;
  dropActive: boolean;
  dragging: boolean;
  onDragOver: (e: DragEvent<HTMLElement>) => void;
  onDragLeave: (e: DragEvent<HTMLElement>) => void;
  onDrop: (e: DragEvent<HTMLElement>) => void;
  renderCard: (deal: Deal) => ReactNode;
}) {
  const headingId = useId();
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
        aria-label={loading ? stage : `${stage}, ${dealCount(deals.length)}`}
        className="flex items-center justify-between gap-2 px-3 pt-3 pb-2 text-sm font-semibold text-ink-900"
      >
        <span>{stage}</span>
        <Badge tone="info" className="tabular">
          {loading ? '…' : deals.length}
        </Badge>
      </h2>
      <div className="flex flex-1 flex-col gap-3 px-2 pb-3">
        {loading ? (
          <>
            <CardSkeleton />
            <CardSkeleton />
          </>
        ) : deals.length === 0 ? (
          <p
            className={cn(
              'flex min-h-32 items-center justify-center rounded-lg border border-dashed px-3 py-6 text-center text-sm text-muted',
              dropActive ? 'border-gold-600' : 'border-border',
            )}
          >
            No deals in this stage
          </p>
        ) : (
          <ul aria-label={`${stage}: ${dealCount(deals.length)}`} className="flex flex-col gap-3">
            {deals.map((d) => (
              <li key={d.id}>{renderCard(d)}</li>
            ))}
          </ul>
        )}
      </div>
    </section>
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
