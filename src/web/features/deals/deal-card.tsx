import { ArrowRightLeft, Clock } from 'lucide-react';
import { type DragEvent, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { DEAL_STAGES, type Deal, type DealStage, daysInStage } from '../../../shared/deals';
import { formatFigure, formatUSD } from '../../../shared/format';
import { DealStatusBadge, DealTypeIcon } from '../../components/domain/deal';
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
import { enumLabel } from '../../lib/i18n';
import { dealsText } from './i18n';

export const DRAG_TYPE = 'application/x-deal-id';

export function DealCard({
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
  const { t } = dealsText.useT();
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
              <bdi>{deal.title}</bdi>
            </Link>
          </h3>
          <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="text-xs text-muted">{enumLabel('dealType', deal.type)}</span>
            <DealStatusBadge status={deal.status} />
          </div>
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-xs">
        <div className="min-w-0">
          <dt className="text-muted">{t('card.target')}</dt>
          <dd className="tabular truncate text-sm font-medium text-ink-900">{formatUSD(deal.targetAmount)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted">{t('card.committed')}</dt>
          <dd className="tabular truncate text-sm font-medium text-ink-900">{formatUSD(deal.committedAmount)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted">{t('card.irr')}</dt>
          <dd className="tabular truncate text-sm font-medium text-ink-900">
            {deal.expectedIrr ? formatFigure(deal.expectedIrr) : t('card.tbd')}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted">{t('card.risk')}</dt>
          <dd className="tabular truncate text-sm font-medium text-ink-900">
            {deal.riskScore ? formatFigure(deal.riskScore) : t('card.tbd')}
          </dd>
        </div>
        {deal.spvEntity && (
          <div className="col-span-2 min-w-0">
            <dt className="text-muted">{t('card.spv')}</dt>
            <dd className="truncate text-sm font-medium text-ink-900" title={deal.spvEntity}>
              {deal.spvEntity}
            </dd>
          </div>
        )}
      </dl>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-x-1 border-t border-border pt-2">
        <span className="flex items-center gap-1 text-xs whitespace-nowrap text-muted">
          <Clock aria-hidden="true" className="size-3.5" />
          <span className="tabular">{t('card.days', { count: days })}</span>
        </span>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              ref={moveRef}
              variant="ghost"
              size="sm"
              className="relative z-10 ms-auto -me-1.5 gap-1 px-1.5 pointer-coarse:min-w-10"
              aria-label={t('card.moveLabel', { title: deal.title })}
              title={t('card.moveTitle')}
            >
              <ArrowRightLeft aria-hidden="true" />
              {/* The word shows where the card has room; the accessible name is always there. */}
              <span className="hidden @[12.5rem]:inline">{t('card.move')}</span>
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
            <DropdownMenuLabel>{t('card.moveTo')}</DropdownMenuLabel>
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
                {enumLabel('dealStage', s)}
                {s === deal.stage && <span className="ms-auto text-xs text-muted">{t('card.current')}</span>}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </article>
  );
}
