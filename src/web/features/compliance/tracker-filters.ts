import { COMPLIANCE_STATUSES, type ComplianceStatus } from '../../../shared/compliance';
import { enumLabel } from '../../lib/i18n';
import { PRIORITY_RANK, ROW_TYPES, type Row, type RowType, rowTypeLabel, STATUS_RANK } from './compliance-ui';
import { complianceText } from './i18n';

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
/** A sortable column's header, in the current language. */
export const sortLabel = (key: SortKey) => complianceText.t(`tracker.column.${key}`);

/** The filter and sort choices, in the current language (built at render time). */
export const statusOptions = () => [
  { value: 'all', label: complianceText.t('tracker.allStatuses') },
  ...COMPLIANCE_STATUSES.map((s) => ({ value: s, label: enumLabel('complianceStatus', s) })),
];
export const typeOptions = () => [
  { value: 'all', label: complianceText.t('tracker.allTypes') },
  ...ROW_TYPES.map((t: RowType) => ({ value: t, label: rowTypeLabel(t) })),
];
const SORT_VALUES = ['dueDate:asc', 'dueDate:desc', 'priority:desc', 'priority:asc', 'status:asc', 'status:desc'] as const;
export const sortOptions = () => SORT_VALUES.map((value) => ({ value, label: complianceText.t(`tracker.sort.${value}`) }));

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
