import { COMPLIANCE_STATUS_LABELS, COMPLIANCE_STATUSES, type ComplianceStatus } from '../../../shared/compliance';
import { PRIORITY_RANK, ROW_TYPE_LABELS, type Row, type RowType, STATUS_RANK } from './compliance-ui';

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
export const FIRST_DIR: Record<SortKey, SortDir> = { dueDate: 'asc', priority: 'desc', status: 'asc' };
export const SORT_LABELS: Record<SortKey, string> = { dueDate: 'Due Date', priority: 'Priority', status: 'Status' };

export const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  ...COMPLIANCE_STATUSES.map((s) => ({ value: s, label: COMPLIANCE_STATUS_LABELS[s] })),
];
export const TYPE_OPTIONS = [
  { value: 'all', label: 'All types' },
  ...(Object.keys(ROW_TYPE_LABELS) as RowType[]).map((t) => ({ value: t, label: ROW_TYPE_LABELS[t] })),
];
export const SORT_OPTIONS = [
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
