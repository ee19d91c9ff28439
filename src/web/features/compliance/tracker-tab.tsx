import { ArrowDown, ArrowUp, ArrowUpDown, Check, ExternalLink, FileCheck2, Pencil, Play, Search } from 'lucide-react';
import { type ReactNode, useId, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import {
  COMPLIANCE_STATUS_LABELS,
  COMPLIANCE_STATUSES,
  type ComplianceItem,
  type ComplianceStatus,
  type ExternalDueItem,
} from '../../../shared/compliance';
import { daysUntil } from '../../../shared/dates';
import { formatDate } from '../../../shared/format';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { FilterSummary } from '../../components/ui/filter-summary';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import {
  PRIORITY_RANK,
  PriorityBadge,
  ROW_TYPE_LABELS,
  type Row,
  type RowType,
  SourceBadge,
  STATUS_RANK,
  StatusBadge,
} from './compliance-ui';

// ---------------------------------------------------------------------------------------------
// Filters and sorting (state lives in the page so it survives switching tabs)
// ---------------------------------------------------------------------------------------------

export type SortKey = 'dueDate' | 'priority' | 'status';
export type SortDir = 'asc' | 'desc';
export interface TrackerFilters {
  search: string;
  status: 'all' | ComplianceStatus;
  type: 'all' | RowType;
  sort: { key: SortKey; dir: SortDir };
}
export const DEFAULT_FILTERS: TrackerFilters = { search: '', status: 'all', type: 'all', sort: { key: 'dueDate', dir: 'asc' } };

/** The direction a column sorts in when first clicked: the most useful end first. */
const FIRST_DIR: Record<SortKey, SortDir> = { dueDate: 'asc', priority: 'desc', status: 'asc' };
const SORT_LABELS: Record<SortKey, string> = { dueDate: 'Due Date', priority: 'Priority', status: 'Status' };

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  ...COMPLIANCE_STATUSES.map((s) => ({ value: s, label: COMPLIANCE_STATUS_LABELS[s] })),
];
const TYPE_OPTIONS = [
  { value: 'all', label: 'All types' },
  ...(Object.keys(ROW_TYPE_LABELS) as RowType[]).map((t) => ({ value: t, label: ROW_TYPE_LABELS[t] })),
];
const SORT_OPTIONS = [
  { value: 'dueDate:asc', label: 'Due date (earliest first)' },
  { value: 'dueDate:desc', label: 'Due date (latest first)' },
  { value: 'priority:desc', label: 'Priority (highest first)' },
  { value: 'priority:asc', label: 'Priority (lowest first)' },
  { value: 'status:asc', label: 'Status (most urgent first)' },
  { value: 'status:desc', label: 'Status (completed first)' },
];

function compareRows(a: Row, b: Row, key: SortKey): number {
  if (key === 'status') return STATUS_RANK[a.status] - STATUS_RANK[b.status];
  if (key === 'priority') {
    // External rows have no priority: they rank below 'low'.
    const pa = a.source === 'item' ? PRIORITY_RANK[a.item.priority] : -1;
    const pb = b.source === 'item' ? PRIORITY_RANK[b.item.priority] : -1;
    return pa - pb;
  }
  return a.dueDate.localeCompare(b.dueDate);
}

export function filterAndSort(rows: Row[], f: TrackerFilters): Row[] {
  const q = f.search.trim().toLowerCase();
  const dir = f.sort.dir === 'asc' ? 1 : -1;
  return rows
    .filter(
      (r) =>
        (f.status === 'all' || r.status === f.status) &&
        (f.type === 'all' || r.type === f.type) &&
        (q === '' || r.title.toLowerCase().includes(q)),
    )
    .sort((a, b) => compareRows(a, b, f.sort.key) * dir || a.dueDate.localeCompare(b.dueDate) || a.title.localeCompare(b.title));
}

export function isFiltered(f: TrackerFilters): boolean {
  return f.search.trim() !== '' || f.status !== 'all' || f.type !== 'all';
}

// ---------------------------------------------------------------------------------------------
// Row actions
// ---------------------------------------------------------------------------------------------

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
  if (d === 0) return 'Due today';
  if (d === 1) return 'Due tomorrow';
  if (d > 1) return `In ${d} days`;
  return d === -1 ? '1 day overdue' : `${-d} days overdue`;
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
  const sr = <span className="sr-only"> {row.title}</span>;
  // In the table the labels show from 2xl up; below that the buttons keep their names for assistive tech and a tooltip.
  const label = compact ? 'sr-only 2xl:not-sr-only' : undefined;
  const iconOnly = compact ? 'max-2xl:px-2!' : undefined;
  const tip = (text: string) => (compact ? text : undefined);
  if (row.source === 'spv') {
    return (
      <div className={cn('flex items-center gap-2', compact ? 'flex-nowrap' : 'flex-wrap', className)}>
        <Button variant="secondary" size="sm" onClick={() => actions.fileReturn(row.ext)} title={tip('Mark as filed')} className={iconOnly}>
          <FileCheck2 aria-hidden="true" />
          <span className={label}>Mark as filed</span>
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
          title={tip('Open in Vault')}
        >
          <ExternalLink aria-hidden="true" />
          <span className={label}>Open in Vault</span>
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
        <Button variant="secondary" size="sm" busy={starting} onClick={() => actions.start(item)} title={tip('Start')} className={iconOnly}>
          {!starting && <Play aria-hidden="true" />}
          <span className={label}>{starting ? 'Starting...' : 'Start'}</span>
          {sr}
        </Button>
      )}
      {item.workflowState !== 'completed' && (
        <Button size="sm" onClick={() => actions.complete(item)} title={tip('Complete')} className={iconOnly}>
          <Check aria-hidden="true" />
          <span className={label}>Complete</span>
          {sr}
        </Button>
      )}
      <Button variant="ghost" size="sm" onClick={() => actions.edit(item)} data-edit-for={item.id} title={tip('Edit')} className={iconOnly}>
        <Pencil aria-hidden="true" />
        <span className={label}>Edit</span>
        {sr}
      </Button>
    </div>
  );
}

function TitleCell({ row }: { row: Row }) {
  return (
    <>
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {row.source !== 'item' && <SourceBadge source={row.source} />}
        <span className="font-medium break-words text-ink-900">{row.title}</span>
      </span>
      {row.description && <span className="mt-0.5 line-clamp-2 block text-xs text-muted">{row.description}</span>}
      {row.source !== 'item' && (
        <span className="mt-0.5 block text-xs text-muted">
          {row.source === 'spv' ? 'From the SPV tracker' : 'From the Document Vault'} · not counted in the score
        </span>
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

// ---------------------------------------------------------------------------------------------
// The tab
// ---------------------------------------------------------------------------------------------

const SKELETON_WIDTHS = ['14rem', '6rem', '6rem', '5rem', '4rem', '6rem', '6rem', '9rem'] as const;

export function TrackerTab({
  rows,
  loading,
  filters,
  onFilters,
  actions,
}: {
  rows: Row[];
  loading: boolean;
  filters: TrackerFilters;
  onFilters: (f: TrackerFilters) => void;
  actions: TrackerActions;
}) {
  const uid = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const visible = useMemo(() => filterAndSort(rows, filters), [rows, filters]);
  const filtered = isFiltered(filters);
  const set = (patch: Partial<TrackerFilters>) => onFilters({ ...filters, ...patch });

  function clear() {
    onFilters({ ...DEFAULT_FILTERS, sort: filters.sort });
    searchRef.current?.focus();
  }

  function sortBy(key: SortKey) {
    const dir: SortDir = filters.sort.key === key ? (filters.sort.dir === 'asc' ? 'desc' : 'asc') : FIRST_DIR[key];
    set({ sort: { key, dir } });
  }

  const itemCount = rows.filter((r) => r.source === 'item').length;
  const externalCount = rows.length - itemCount;
  const countText = loading
    ? 'Loading compliance items...'
    : `Showing ${visible.length} of ${rows.length} (${itemCount} item${itemCount === 1 ? '' : 's'}, ${externalCount} SPV and document due date${externalCount === 1 ? '' : 's'})`;

  const empty = filtered ? (
    <span className="inline-flex flex-col items-center gap-2">
      <span>No items match your filters</span>
      <Button variant="secondary" size="sm" onClick={clear}>
        Clear filters
      </Button>
    </span>
  ) : (
    <span>No compliance items yet. Use 'New Item' to add one.</span>
  );

  return (
    <>
      <search className="mb-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_11rem_12rem]" aria-label="Filter compliance items">
        <Field label="Search by title" htmlFor={`${uid}-search`} className="sm:col-span-2 lg:col-span-1">
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
            <Input
              ref={searchRef}
              id={`${uid}-search`}
              type="search"
              placeholder="e.g. DFSA"
              autoComplete="off"
              value={filters.search}
              onChange={(e) => set({ search: e.target.value })}
              className="pl-9"
            />
          </div>
        </Field>
        <Field label="Status" htmlFor={`${uid}-status`}>
          <NativeSelect
            id={`${uid}-status`}
            value={filters.status}
            onChange={(e) => set({ status: e.target.value as TrackerFilters['status'] })}
            options={STATUS_OPTIONS}
          />
        </Field>
        <Field label="Type" htmlFor={`${uid}-type`}>
          <NativeSelect
            id={`${uid}-type`}
            value={filters.type}
            onChange={(e) => set({ type: e.target.value as TrackerFilters['type'] })}
            options={TYPE_OPTIONS}
          />
        </Field>
        {/* Phones have no column headers to click: sort with a select instead. */}
        <Field label="Sort by" htmlFor={`${uid}-sort`} className="sm:col-span-2 md:hidden">
          <NativeSelect
            id={`${uid}-sort`}
            value={`${filters.sort.key}:${filters.sort.dir}`}
            onChange={(e) => {
              const [key, dir] = e.target.value.split(':') as [SortKey, SortDir];
              set({ sort: { key, dir } });
            }}
            options={SORT_OPTIONS}
          />
        </Field>
      </search>

      <FilterSummary text={countText} filtered={filtered} onClear={clear} testId="compliance-count" />

      {/* Tablet and desktop: the table. */}
      <div className="hidden md:block">
        <Table
          aria-label="Compliance items"
          aria-busy={loading || undefined}
          // Eight columns: tighter cell padding below 2xl so the table fits beside the sidebar.
          className="max-2xl:[&_td]:px-2 max-2xl:[&_th]:px-2"
        >
          <THead>
            <tr>
              <TH>Title</TH>
              <TH>Type</TH>
              <SortHeader sortKey="dueDate" filters={filters} onSort={sortBy} />
              <SortHeader sortKey="status" filters={filters} onSort={sortBy} />
              <SortHeader sortKey="priority" filters={filters} onSort={sortBy} />
              <TH>Assigned To</TH>
              <TH>Last Updated</TH>
              <TH className="text-right">Actions</TH>
            </tr>
          </THead>
          <TBody>
            {loading ? (
              [0, 1, 2, 3].map((i) => (
                <tr key={i}>
                  {SKELETON_WIDTHS.map((w, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder cells
                    <TD key={j}>
                      <div className="h-4 animate-pulse rounded bg-ink-100/80" style={{ width: w }} />
                    </TD>
                  ))}
                </tr>
              ))
            ) : visible.length === 0 ? (
              <EmptyRow colSpan={8}>{empty}</EmptyRow>
            ) : (
              visible.map((r) => (
                <TR
                  key={r.key}
                  data-testid="compliance-row"
                  data-source={r.source}
                  className={r.source !== 'item' ? 'bg-ink-50/50' : undefined}
                >
                  <TD className="max-w-72 min-w-44">
                    <TitleCell row={r} />
                  </TD>
                  <TD className="min-w-24">{ROW_TYPE_LABELS[r.type]}</TD>
                  <TD>
                    <DueCell row={r} />
                  </TD>
                  <TD>
                    <StatusBadge status={r.status} />
                  </TD>
                  <TD>{r.source === 'item' ? <PriorityBadge priority={r.item.priority} /> : <Dash />}</TD>
                  <TD className="whitespace-nowrap">{r.source === 'item' ? (r.item.assignedToName ?? 'Unassigned') : <Dash />}</TD>
                  <TD className="tabular whitespace-nowrap">{r.source === 'item' ? formatDate(r.item.lastUpdated) : <Dash />}</TD>
                  <TD>
                    <RowActionButtons row={r} actions={actions} className="justify-end" compact />
                  </TD>
                </TR>
              ))
            )}
          </TBody>
        </Table>
      </div>

      {/* Phones: one card per row. */}
      <div className="md:hidden">
        {loading ? (
          <div className="flex flex-col gap-3" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-44 animate-pulse rounded-lg border border-border bg-ink-100/60" />
            ))}
          </div>
        ) : visible.length === 0 ? (
          <div className="rounded-lg border border-dashed border-border bg-surface p-8 text-center text-sm text-muted">{empty}</div>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Compliance items">
            {visible.map((r) => (
              <li key={r.key} data-testid="compliance-card" data-source={r.source}>
                <Card className={cn('p-4', r.source !== 'item' && 'bg-ink-50/50')}>
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <TitleCell row={r} />
                    </div>
                    <StatusBadge status={r.status} className="mt-0.5" />
                  </div>
                  <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
                    <dt className="text-muted">Type</dt>
                    <dd>{ROW_TYPE_LABELS[r.type]}</dd>
                    <dt className="text-muted">Due Date</dt>
                    <dd className="tabular">
                      {formatDate(r.dueDate)}
                      {relativeDue(r.dueDate, r.status) && <span className="text-muted"> · {relativeDue(r.dueDate, r.status)}</span>}
                    </dd>
                    {r.source === 'item' && (
                      <>
                        <dt className="text-muted">Priority</dt>
                        <dd>
                          <PriorityBadge priority={r.item.priority} />
                        </dd>
                        <dt className="text-muted">Assigned To</dt>
                        <dd>{r.item.assignedToName ?? 'Unassigned'}</dd>
                        <dt className="text-muted">Last Updated</dt>
                        <dd className="tabular">{formatDate(r.item.lastUpdated)}</dd>
                      </>
                    )}
                  </dl>
                  <div className="mt-3 border-t border-border pt-3">
                    <RowActionButtons row={r} actions={actions} />
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function Dash(): ReactNode {
  return (
    <span>
      <span aria-hidden="true" className="text-muted">
        —
      </span>
      <span className="sr-only">None</span>
    </span>
  );
}

function SortHeader({ sortKey, filters, onSort }: { sortKey: SortKey; filters: TrackerFilters; onSort: (k: SortKey) => void }) {
  const active = filters.sort.key === sortKey;
  const Icon = !active ? ArrowUpDown : filters.sort.dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <TH aria-sort={active ? (filters.sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'} className="p-0!">
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className={cn(
          'inline-flex min-h-10 w-full cursor-pointer items-center gap-1.5 px-2 py-2.5 text-left uppercase tracking-wide hover:text-ink-900 2xl:px-3',
          'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gold-600',
          active && 'text-ink-900',
        )}
      >
        {SORT_LABELS[sortKey]}
        <Icon aria-hidden="true" className={cn('size-3.5', !active && 'opacity-60')} />
      </button>
    </TH>
  );
}
