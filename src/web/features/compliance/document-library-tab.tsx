import { Download, Eye } from 'lucide-react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { DOCUMENT_TYPES, type DocumentType, documentExpiry, type ExpiryState, type VaultDocument } from '../../../shared/documents';
import { formatDate, formatNumber } from '../../../shared/format';
import { Badge } from '../../components/ui/badge';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DataList } from '../../components/ui/data-list';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { FilterSummary } from '../../components/ui/filter-summary';
import { LoadError } from '../../components/ui/load-error';
import { SearchField } from '../../components/ui/search-field';
import { NativeSelect } from '../../components/ui/select';
import { TD, TH, TR } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import { enumLabel } from '../../lib/i18n';
import { useDocuments, viewUrl } from '../../lib/queries/documents';
import { toast } from '../../lib/toast';
import { serverMessage } from './api';
import { complianceText } from './i18n';

export type ExpiryFilter = 'all' | ExpiryState['state'];
export interface LibraryFilters {
  search: string;
  type: 'all' | DocumentType;
  expiry: ExpiryFilter;
}
export const DEFAULT_LIBRARY_FILTERS: LibraryFilters = { search: '', type: 'all', expiry: 'all' };

const EXPIRY_FILTERS: readonly ExpiryFilter[] = ['all', 'expired', 'expiring', 'valid', 'none'];
const EXPIRY_ORDER: Record<ExpiryState['state'], number> = { expired: 0, expiring: 1, valid: 2, none: 3 };

const downloadUrl = (doc: VaultDocument) => `/api/documents/${encodeURIComponent(doc.id)}/download`;

function ExpiryLabel({ expiry, date }: { expiry: ExpiryState; date: string | null }) {
  const { t } = complianceText.useT();
  if (expiry.state === 'expired') {
    return (
      <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
        <Badge tone="danger">{t('library.expired')}</Badge>
        {date && <span className="tabular text-xs whitespace-nowrap text-muted">{t('library.expiredOn', { date: formatDate(date) })}</span>}
      </span>
    );
  }
  if (expiry.state === 'expiring') return <Badge tone="warning">{t('library.expiresIn', { count: expiry.days })}</Badge>;
  if (expiry.state === 'valid') return <span className="tabular whitespace-nowrap">{formatDate(expiry.date)}</span>;
  return <span className="text-muted">{t('library.noExpiry')}</span>;
}

function DocActions({ doc, className, nowrap = false }: { doc: VaultDocument; className?: string; nowrap?: boolean }) {
  const { t } = complianceText.useT();
  return (
    <div className={cn('flex items-center gap-2', nowrap ? 'flex-nowrap' : 'flex-wrap', className)}>
      <a href={viewUrl(doc)} target="_blank" rel="noopener" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
        <Eye aria-hidden="true" />
        {t('library.view')}
        <span className="sr-only">{t('library.viewLabel', { name: doc.name })}</span>
      </a>
      <a href={downloadUrl(doc)} download className={buttonClass({ variant: 'secondary', size: 'sm' })}>
        <Download aria-hidden="true" />
        {t('library.download')}
        <span className="sr-only">
          {' '}
          <bdi>{doc.name}</bdi>
        </span>
      </a>
    </div>
  );
}

/** Document Library: every vault document, with its expiry, filterable by type and expiry. */
export function DocumentLibraryTab({ filters, onFilters }: { filters: LibraryFilters; onFilters: (f: LibraryFilters) => void }) {
  const { t } = complianceText.useT();
  const docs = useDocuments();
  const uid = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const set = (patch: Partial<LibraryFilters>) => onFilters({ ...filters, ...patch });

  useEffect(() => {
    if (docs.isError)
      toast.error(complianceText.t('library.loadFailed'), { id: 'compliance-docs-failed', description: serverMessage(docs.error) });
  }, [docs.isError, docs.error]);

  const withExpiry = useMemo(() => (docs.data ?? []).map((doc) => ({ doc, expiry: documentExpiry(doc.expirationDate) })), [docs.data]);

  const expiryCounts = useMemo(() => {
    const counts: Record<ExpiryFilter, number> = { all: 0, expired: 0, expiring: 0, valid: 0, none: 0 };
    for (const { doc, expiry } of withExpiry) {
      if (filters.type !== 'all' && doc.type !== filters.type) continue;
      counts.all++;
      counts[expiry.state]++;
    }
    return counts;
  }, [withExpiry, filters.type]);

  const visible = useMemo(() => {
    const q = filters.search.trim().toLowerCase();
    return withExpiry
      .filter(
        ({ doc, expiry }) =>
          (filters.type === 'all' || doc.type === filters.type) &&
          (filters.expiry === 'all' || expiry.state === filters.expiry) &&
          (q === '' || doc.name.toLowerCase().includes(q) || (doc.dealTitle ?? '').toLowerCase().includes(q)),
      )
      .sort(
        (a, b) =>
          EXPIRY_ORDER[a.expiry.state] - EXPIRY_ORDER[b.expiry.state] ||
          (a.doc.expirationDate ?? '').localeCompare(b.doc.expirationDate ?? '') ||
          a.doc.name.localeCompare(b.doc.name),
      );
  }, [withExpiry, filters]);

  const filtered = filters.search.trim() !== '' || filters.type !== 'all' || filters.expiry !== 'all';
  function clear() {
    onFilters(DEFAULT_LIBRARY_FILTERS);
    searchRef.current?.focus();
  }

  const total = docs.data?.length ?? 0;
  const empty = <EmptyState filtered={filtered} onClear={clear} empty={t('library.empty')} noMatch={t('library.noMatch')} />;

  return (
    <>
      <p className="mb-3 text-sm text-muted">{t('library.intro')}</p>
      <search className="mb-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_13rem_15rem]" aria-label={t('library.filters')}>
        <SearchField
          ref={searchRef}
          id={`${uid}-search`}
          label={t('library.search')}
          placeholder={t('library.searchPlaceholder')}
          value={filters.search}
          onChange={(search) => set({ search })}
          className="sm:col-span-2 lg:col-span-1"
        />
        <Field label={t('library.type')} htmlFor={`${uid}-type`}>
          <NativeSelect
            id={`${uid}-type`}
            value={filters.type}
            onChange={(e) => set({ type: e.target.value as LibraryFilters['type'] })}
            options={[
              { value: 'all', label: t('library.allTypes') },
              ...DOCUMENT_TYPES.map((type) => ({ value: type, label: enumLabel('documentType', type) })),
            ]}
          />
        </Field>
        <Field label={t('library.expiry')} htmlFor={`${uid}-expiry`}>
          <NativeSelect
            id={`${uid}-expiry`}
            value={filters.expiry}
            onChange={(e) => set({ expiry: e.target.value as ExpiryFilter })}
            options={EXPIRY_FILTERS.map((k) => ({
              value: k,
              label: docs.data
                ? t('library.optionCount', { label: t(`library.expiryOption.${k}`), count: formatNumber(expiryCounts[k]) })
                : t(`library.expiryOption.${k}`),
            }))}
          />
        </Field>
      </search>

      <FilterSummary
        text={docs.isPending ? t('library.loading') : t('library.count', { visible: formatNumber(visible.length), count: total })}
        filtered={filtered}
        onClear={clear}
        testId="library-count"
      />

      {docs.isError && !docs.data ? (
        <LoadError title={t('library.loadFailed')} error={docs.error} onRetry={() => void docs.refetch()} busy={docs.isFetching} />
      ) : (
        <DataList
          label={t('library.list')}
          items={visible}
          loading={docs.isPending}
          getKey={({ doc }) => doc.id}
          skeletonWidths={['14rem', '8rem', '10rem', '7rem', '10rem']}
          skeletonRows={3}
          cardSkeletons={2}
          cardSkeletonClass="h-32"
          head={
            <tr>
              <TH>{t('library.column.name')}</TH>
              <TH>{t('library.column.type')}</TH>
              <TH>{t('library.column.deal')}</TH>
              <TH>{t('library.column.expiry')}</TH>
              <TH className="text-end">{t('library.column.actions')}</TH>
            </tr>
          }
          row={({ doc, expiry }) => (
            <TR data-testid="library-row">
              <TD className="max-w-80 min-w-48">
                <span className="block font-medium break-words text-ink-900">
                  <bdi>{doc.name}</bdi>
                </span>
                <span className="block text-xs text-muted uppercase">{doc.extension}</span>
              </TD>
              <TD className="whitespace-nowrap">{enumLabel('documentType', doc.type)}</TD>
              <TD className="max-w-56">
                {doc.dealTitle ? <bdi>{doc.dealTitle}</bdi> : <span className="text-muted">{t('library.general')}</span>}
              </TD>
              <TD>
                <ExpiryLabel expiry={expiry} date={doc.expirationDate} />
              </TD>
              <TD>
                <DocActions doc={doc} className="justify-end" nowrap />
              </TD>
            </TR>
          )}
          card={({ doc, expiry }) => (
            <li data-testid="library-card">
              <Card className="p-4">
                <p className="font-medium break-words text-ink-900">
                  <bdi>{doc.name}</bdi>
                </p>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
                  <dt className="text-muted">{t('library.column.type')}</dt>
                  <dd>{enumLabel('documentType', doc.type)}</dd>
                  <dt className="text-muted">{t('library.column.deal')}</dt>
                  <dd>{doc.dealTitle ? <bdi>{doc.dealTitle}</bdi> : t('library.general')}</dd>
                  <dt className="text-muted">{t('library.column.expiry')}</dt>
                  <dd>
                    <ExpiryLabel expiry={expiry} date={doc.expirationDate} />
                  </dd>
                </dl>
                <DocActions doc={doc} className="mt-3 border-t border-border pt-3" />
              </Card>
            </li>
          )}
          empty={empty}
        />
      )}
    </>
  );
}
