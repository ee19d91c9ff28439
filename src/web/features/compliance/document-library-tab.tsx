import { Download, Eye } from 'lucide-react';
import { useEffect, useId, useMemo, useRef } from 'react';
import {
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPES,
  type DocumentType,
  documentExpiry,
  type ExpiryState,
  type VaultDocument,
} from '../../../shared/documents';
import { formatDate } from '../../../shared/format';
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
import { useDocuments, viewUrl } from '../../lib/queries/documents';
import { toast } from '../../lib/toast';
import { serverMessage } from './api';

export type ExpiryFilter = 'all' | ExpiryState['state'];
export interface LibraryFilters {
  search: string;
  type: 'all' | DocumentType;
  expiry: ExpiryFilter;
}
export const DEFAULT_LIBRARY_FILTERS: LibraryFilters = { search: '', type: 'all', expiry: 'all' };

const EXPIRY_LABELS: Record<ExpiryFilter, string> = {
  all: 'All',
  expired: 'Expired',
  expiring: 'Expiring within 30 days',
  valid: 'Valid',
  none: 'No expiry',
};
const EXPIRY_ORDER: Record<ExpiryState['state'], number> = { expired: 0, expiring: 1, valid: 2, none: 3 };
const TYPE_OPTIONS = [{ value: 'all', label: 'All types' }, ...DOCUMENT_TYPES.map((t) => ({ value: t, label: t }))];

const downloadUrl = (doc: VaultDocument) => `/api/documents/${encodeURIComponent(doc.id)}/download`;

function ExpiryLabel({ expiry, date }: { expiry: ExpiryState; date: string | null }) {
  if (expiry.state === 'expired') {
    return (
      <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
        <Badge tone="danger">Expired</Badge>
        {date && <span className="tabular text-xs whitespace-nowrap text-muted">on {formatDate(date)}</span>}
      </span>
    );
  }
  if (expiry.state === 'expiring') return <Badge tone="warning">{expiry.label}</Badge>;
  if (expiry.state === 'valid') return <span className="tabular whitespace-nowrap">{formatDate(expiry.date)}</span>;
  return <span className="text-muted">No expiry</span>;
}

function DocActions({ doc, className, nowrap = false }: { doc: VaultDocument; className?: string; nowrap?: boolean }) {
  return (
    <div className={cn('flex items-center gap-2', nowrap ? 'flex-nowrap' : 'flex-wrap', className)}>
      <a href={viewUrl(doc)} target="_blank" rel="noopener" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
        <Eye aria-hidden="true" />
        View
        <span className="sr-only"> {doc.name} (opens in a new tab)</span>
      </a>
      <a href={downloadUrl(doc)} download className={buttonClass({ variant: 'secondary', size: 'sm' })}>
        <Download aria-hidden="true" />
        Download
        <span className="sr-only"> {doc.name}</span>
      </a>
    </div>
  );
}

/** Document Library: every vault document, with its expiry, filterable by type and expiry. */
export function DocumentLibraryTab({ filters, onFilters }: { filters: LibraryFilters; onFilters: (f: LibraryFilters) => void }) {
  const docs = useDocuments();
  const uid = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const set = (patch: Partial<LibraryFilters>) => onFilters({ ...filters, ...patch });

  useEffect(() => {
    if (docs.isError) toast.error(DOCUMENT_MESSAGES.fetchFailed, { id: 'compliance-docs-failed', description: serverMessage(docs.error) });
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
  const empty = (
    <EmptyState filtered={filtered} onClear={clear} empty={DOCUMENT_MESSAGES.empty} noMatch="No documents match your filters" />
  );

  return (
    <>
      <p className="mb-3 text-sm text-muted">
        Every document in the vault with its expiry. Documents expiring within 30 days also appear in the tracker and the calendar.
      </p>
      <search className="mb-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_13rem_15rem]" aria-label="Filter documents">
        <SearchField
          ref={searchRef}
          id={`${uid}-search`}
          label="Search documents"
          placeholder="Name or deal"
          value={filters.search}
          onChange={(search) => set({ search })}
          className="sm:col-span-2 lg:col-span-1"
        />
        <Field label="Document type" htmlFor={`${uid}-type`}>
          <NativeSelect
            id={`${uid}-type`}
            value={filters.type}
            onChange={(e) => set({ type: e.target.value as LibraryFilters['type'] })}
            options={TYPE_OPTIONS}
          />
        </Field>
        <Field label="Expiry" htmlFor={`${uid}-expiry`}>
          <NativeSelect
            id={`${uid}-expiry`}
            value={filters.expiry}
            onChange={(e) => set({ expiry: e.target.value as ExpiryFilter })}
            options={(Object.keys(EXPIRY_LABELS) as ExpiryFilter[]).map((k) => ({
              value: k,
              label: docs.data ? `${EXPIRY_LABELS[k]} (${expiryCounts[k]})` : EXPIRY_LABELS[k],
            }))}
          />
        </Field>
      </search>

      <FilterSummary
        text={docs.isPending ? 'Loading documents...' : `Showing ${visible.length} of ${total} document${total === 1 ? '' : 's'}`}
        filtered={filtered}
        onClear={clear}
        testId="library-count"
      />

      {docs.isError && !docs.data ? (
        <LoadError title={DOCUMENT_MESSAGES.fetchFailed} error={docs.error} onRetry={() => void docs.refetch()} busy={docs.isFetching} />
      ) : (
        <DataList
          label="Compliance document library"
          items={visible}
          loading={docs.isPending}
          getKey={({ doc }) => doc.id}
          skeletonWidths={['14rem', '8rem', '10rem', '7rem', '10rem']}
          skeletonRows={3}
          cardSkeletons={2}
          cardSkeletonClass="h-32"
          head={
            <tr>
              <TH>Name</TH>
              <TH>Type</TH>
              <TH>Deal</TH>
              <TH>Expiry</TH>
              <TH className="text-end">Actions</TH>
            </tr>
          }
          row={({ doc, expiry }) => (
            <TR data-testid="library-row">
              <TD className="max-w-80 min-w-48">
                <span className="block font-medium break-words text-ink-900">{doc.name}</span>
                <span className="block text-xs text-muted uppercase">{doc.extension}</span>
              </TD>
              <TD className="whitespace-nowrap">{doc.type}</TD>
              <TD className="max-w-56">{doc.dealTitle ?? <span className="text-muted">General</span>}</TD>
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
                <p className="font-medium break-words text-ink-900">{doc.name}</p>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
                  <dt className="text-muted">Type</dt>
                  <dd>{doc.type}</dd>
                  <dt className="text-muted">Deal</dt>
                  <dd>{doc.dealTitle ?? 'General'}</dd>
                  <dt className="text-muted">Expiry</dt>
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
