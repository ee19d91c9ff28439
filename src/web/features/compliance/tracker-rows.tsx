import { ArrowDown, ArrowUp, ArrowUpDown, Check, ExternalLink, FileCheck2, Pencil, Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ComplianceItem, ComplianceStatus, ExternalDueItem } from '../../../shared/compliance';
import { daysUntil } from '../../../shared/dates';
import { formatDate } from '../../../shared/format';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TD, TH, TR } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import { PriorityBadge, type Row, rowTypeLabel, SourceBadge, StatusBadge } from './compliance-ui';
import { complianceText } from './i18n';
import { type SortKey, sortLabel, type TrackerFilters } from './tracker-filters';

export interface TrackerActions {
  edit: (item: ComplianceItem) => void;
  start: (item: ComplianceItem) => void;
  complete: (item: ComplianceItem) => void;
  fileReturn: (ext: ExternalDueItem) => void;
  /** Id of the item whose Start request is in flight. */
  startingId: string | null;
}

function relativeDue(iso: string, status: ComplianceStatus): string | null {
  if (status === 'completed') return null;
  const d = daysUntil(iso);
  const t = complianceText.t;
  if (d === 0) return t('tracker.dueToday');
  if (d === 1) return t('tracker.dueTomorrow');
  if (d > 1) return t('tracker.inDays', { count: d });
  return t('tracker.overdueDays', { count: -d });
}

function RowActionButtons({
  row,
  actions,
  className,
  compact = false,
}: {
  row: Row;
  actions: TrackerActions;
  className?: string;
  compact?: boolean;
}) {
  const { t } = complianceText.useT();
  const sr = <span className="sr-only"> {row.title}</span>;
  // In the table the labels show from 2xl up; below that the buttons keep their names for assistive tech and a tooltip.
  const label = compact ? 'sr-only 2xl:not-sr-only' : undefined;
  const iconOnly = compact ? 'max-2xl:px-2!' : undefined;
  const tip = (text: string) => (compact ? text : undefined);
  if (row.source === 'spv') {
    return (
      <div className={cn('flex items-center gap-2', compact ? 'flex-nowrap' : 'flex-wrap', className)}>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => actions.fileReturn(row.ext)}
          title={tip(t('tracker.markFiled'))}
          className={iconOnly}
        >
          <FileCheck2 aria-hidden="true" />
          <span className={label}>{t('tracker.markFiled')}</span>
          {sr}
        </Button>
      </div>
    );
  }
  if (row.source === 'document') {
    return (
      <div className={cn('flex items-center gap-2', compact ? 'flex-nowrap' : 'flex-wrap', className)}>
        <Link
          to="/admin/documents"
          className={buttonClass({ variant: 'secondary', size: 'sm', className: iconOnly })}
          title={tip(t('tracker.openInVault'))}
        >
          <ExternalLink aria-hidden="true" />
          <span className={label}>{t('tracker.openInVault')}</span>
          {sr}
        </Link>
      </div>
    );
  }
  if (row.source !== 'item') return null;
  const { item } = row;
  const starting = actions.startingId === item.id;
  return (
    <div className={cn('flex items-center gap-2', compact ? 'flex-nowrap' : 'flex-wrap', className)}>
      {item.workflowState === 'not_started' && (
        <Button
          variant="secondary"
          size="sm"
          busy={starting}
          onClick={() => actions.start(item)}
          title={tip(t('tracker.start'))}
          className={iconOnly}
        >
          {!starting && <Play aria-hidden="true" />}
          <span className={label}>{starting ? t('tracker.starting') : t('tracker.start')}</span>
          {sr}
        </Button>
      )}
      {item.workflowState !== 'completed' && (
        <Button size="sm" onClick={() => actions.complete(item)} title={tip(t('tracker.complete'))} className={iconOnly}>
          <Check aria-hidden="true" />
          <span className={label}>{t('tracker.complete')}</span>
          {sr}
        </Button>
      )}
      <Button
        variant="ghost"
        size="sm"
        onClick={() => actions.edit(item)}
        data-edit-for={item.id}
        title={tip(t('tracker.edit'))}
        className={iconOnly}
      >
        <Pencil aria-hidden="true" />
        <span className={label}>{t('tracker.edit')}</span>
        {sr}
      </Button>
    </div>
  );
}

function TitleCell({ row }: { row: Row }) {
  const { t } = complianceText.useT();
  return (
    <>
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {row.source !== 'item' && <SourceBadge source={row.source} />}
        <span className="font-medium break-words text-ink-900">{row.title}</span>
      </span>
      {row.description && <span className="mt-0.5 line-clamp-2 block text-xs text-muted">{row.description}</span>}
      {row.source !== 'item' && (
        <span className="mt-0.5 block text-xs text-muted">{row.source === 'spv' ? t('tracker.fromSpv') : t('tracker.fromVault')}</span>
      )}
    </>
  );
}

function DueCell({ row }: { row: Row }) {
  const rel = relativeDue(row.dueDate, row.status);
  return (
    <>
      <span className="tabular block whitespace-nowrap">{formatDate(row.dueDate)}</span>
      {rel && <span className="tabular block text-xs whitespace-nowrap text-muted">{rel}</span>}
    </>
  );
}

/** One row of the tracker's table (tablets and desktops). */
export function TrackerRow({ row: r, actions }: { row: Row; actions: TrackerActions }) {
  const { t } = complianceText.useT();
  return (
    <TR data-testid="compliance-row" data-source={r.source} className={r.source !== 'item' ? 'bg-ink-50/50' : undefined}>
      <TD className="max-w-72 min-w-44">
        <TitleCell row={r} />
      </TD>
      <TD className="min-w-24">{rowTypeLabel(r.type)}</TD>
      <TD>
        <DueCell row={r} />
      </TD>
      <TD>
        <StatusBadge status={r.status} />
      </TD>
      <TD>{r.source === 'item' ? <PriorityBadge priority={r.item.priority} /> : <Dash />}</TD>
      <TD className="whitespace-nowrap">{r.source === 'item' ? (r.item.assignedToName ?? t('tracker.unassigned')) : <Dash />}</TD>
      <TD className="tabular whitespace-nowrap">{r.source === 'item' ? formatDate(r.item.lastUpdated) : <Dash />}</TD>
      <TD>
        <RowActionButtons row={r} actions={actions} className="justify-end" compact />
      </TD>
    </TR>
  );
}

/** One row of the tracker as a card (phones). */
export function TrackerCard({ row: r, actions }: { row: Row; actions: TrackerActions }) {
  const { t } = complianceText.useT();
  return (
    <li data-testid="compliance-card" data-source={r.source}>
      <Card className={cn('p-4', r.source !== 'item' && 'bg-ink-50/50')}>
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <TitleCell row={r} />
          </div>
          <StatusBadge status={r.status} className="mt-0.5" />
        </div>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          <dt className="text-muted">{t('tracker.column.type')}</dt>
          <dd>{rowTypeLabel(r.type)}</dd>
          <dt className="text-muted">{t('tracker.column.dueDate')}</dt>
          <dd className="tabular">
            {formatDate(r.dueDate)}
            {relativeDue(r.dueDate, r.status) && <span className="text-muted"> · {relativeDue(r.dueDate, r.status)}</span>}
          </dd>
          {r.source === 'item' && (
            <>
              <dt className="text-muted">{t('tracker.column.priority')}</dt>
              <dd>
                <PriorityBadge priority={r.item.priority} />
              </dd>
              <dt className="text-muted">{t('tracker.column.assignedTo')}</dt>
              <dd>{r.item.assignedToName ?? t('tracker.unassigned')}</dd>
              <dt className="text-muted">{t('tracker.column.lastUpdated')}</dt>
              <dd className="tabular">{formatDate(r.item.lastUpdated)}</dd>
            </>
          )}
        </dl>
        <div className="mt-3 border-t border-border pt-3">
          <RowActionButtons row={r} actions={actions} />
        </div>
      </Card>
    </li>
  );
}

function Dash(): ReactNode {
  const { t } = complianceText.useT();
  return (
    <span>
      <span aria-hidden="true" className="text-muted">
        —
      </span>
      <span className="sr-only">{t('tracker.none')}</span>
    </span>
  );
}

export function SortHeader({ sortKey, filters, onSort }: { sortKey: SortKey; filters: TrackerFilters; onSort: (k: SortKey) => void }) {
  const active = filters.sort.key === sortKey;
  const Icon = !active ? ArrowUpDown : filters.sort.dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <TH aria-sort={active ? (filters.sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'} className="p-0!">
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className={cn(
          'inline-flex min-h-10 w-full cursor-pointer items-center gap-1.5 px-2 py-2.5 text-start uppercase tracking-wide hover:text-ink-900 2xl:px-3',
          'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gold-600',
          active && 'text-ink-900',
        )}
      >
        {sortLabel(sortKey)}
        <Icon aria-hidden="true" className={cn('size-3.5', !active && 'opacity-60')} />
      </button>
    </TH>
  );
}
