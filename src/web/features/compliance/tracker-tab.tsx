import { useId, useMemo, useRef } from 'react';
import { formatNumber } from '../../../shared/format';
import { DataList } from '../../components/ui/data-list';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { FilterSummary } from '../../components/ui/filter-summary';
import { SearchField } from '../../components/ui/search-field';
import { NativeSelect } from '../../components/ui/select';
import { TH } from '../../components/ui/table';
import type { Row } from './compliance-ui';
import { complianceText } from './i18n';
import {
  DEFAULT_FILTERS,
  FIRST_DIR,
  filterAndSort,
  isFiltered,
  type SortDir,
  type SortKey,
  sortOptions,
  statusOptions,
  type TrackerFilters,
  typeOptions,
} from './tracker-filters';
import { SortHeader, type TrackerActions, TrackerCard, TrackerRow } from './tracker-rows';

export { DEFAULT_FILTERS, filterAndSort, isFiltered, type SortDir, type SortKey, type TrackerFilters } from './tracker-filters';
export type { TrackerActions } from './tracker-rows';

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
  const { t } = complianceText.useT();
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
    ? t('tracker.loading')
    : t('tracker.count', {
        visible: formatNumber(visible.length),
        total: formatNumber(rows.length),
        items: t('tracker.items', { count: itemCount }),
        external: t('tracker.external', { count: externalCount }),
      });

  const empty = <EmptyState filtered={filtered} onClear={clear} empty={t('tracker.empty')} noMatch={t('tracker.noMatch')} />;

  return (
    <>
      <search className="mb-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_11rem_12rem]" aria-label={t('tracker.filters')}>
        <SearchField
          ref={searchRef}
          id={`${uid}-search`}
          label={t('tracker.search')}
          placeholder={t('tracker.searchPlaceholder')}
          value={filters.search}
          onChange={(search) => set({ search })}
          className="sm:col-span-2 lg:col-span-1"
        />
        <Field label={t('tracker.status')} htmlFor={`${uid}-status`}>
          <NativeSelect
            id={`${uid}-status`}
            value={filters.status}
            onChange={(e) => set({ status: e.target.value as TrackerFilters['status'] })}
            options={statusOptions()}
          />
        </Field>
        <Field label={t('tracker.type')} htmlFor={`${uid}-type`}>
          <NativeSelect
            id={`${uid}-type`}
            value={filters.type}
            onChange={(e) => set({ type: e.target.value as TrackerFilters['type'] })}
            options={typeOptions()}
          />
        </Field>
        {/* Phones have no column headers to click: sort with a select instead. */}
        <Field label={t('tracker.sortBy')} htmlFor={`${uid}-sort`} className="sm:col-span-2 md:hidden">
          <NativeSelect
            id={`${uid}-sort`}
            value={`${filters.sort.key}:${filters.sort.dir}`}
            onChange={(e) => {
              const [key, dir] = e.target.value.split(':') as [SortKey, SortDir];
              set({ sort: { key, dir } });
            }}
            options={sortOptions()}
          />
        </Field>
      </search>

      <FilterSummary text={countText} filtered={filtered} onClear={clear} testId="compliance-count" />

      <DataList
        label={t('tracker.list')}
        items={visible}
        loading={loading}
        getKey={(r) => r.key}
        skeletonWidths={SKELETON_WIDTHS}
        cardSkeletonClass="h-44"
        // Eight columns: tighter cell padding below 2xl so the table fits beside the sidebar.
        tableClassName="max-2xl:[&_td]:px-2 max-2xl:[&_th]:px-2"
        head={
          <tr>
            <TH>{t('tracker.column.title')}</TH>
            <TH>{t('tracker.column.type')}</TH>
            <SortHeader sortKey="dueDate" filters={filters} onSort={sortBy} />
            <SortHeader sortKey="status" filters={filters} onSort={sortBy} />
            <SortHeader sortKey="priority" filters={filters} onSort={sortBy} />
            <TH>{t('tracker.column.assignedTo')}</TH>
            <TH>{t('tracker.column.lastUpdated')}</TH>
            <TH className="text-end">{t('tracker.column.actions')}</TH>
          </tr>
        }
        row={(r) => <TrackerRow row={r} actions={actions} />}
        card={(r) => <TrackerCard row={r} actions={actions} />}
        empty={empty}
      />
    </>
  );
}
