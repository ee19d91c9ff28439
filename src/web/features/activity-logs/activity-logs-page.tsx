import { History } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { ActivityLogEntry } from '../../../shared/activity';
import { ACTIVITY_TYPES } from '../../../shared/constants';
import { formatDate, formatDateTimeZoned, formatNumber, formatTime, zoneAbbreviation } from '../../../shared/format';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { DataList } from '../../components/ui/data-list';
import { ExportCsvButton } from '../../components/ui/export-csv-button';
import { Field } from '../../components/ui/field';
import { LoadError } from '../../components/ui/load-error';
import { SearchField } from '../../components/ui/search-field';
import { NativeSelect } from '../../components/ui/select';
import { TD, TH, TR } from '../../components/ui/table';
import { activityTypeLabel } from '../../lib/activity-labels';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { useUrlState } from '../../lib/url-state';
import { useActivityLogs } from './api';
import { formatDetails, humanizeKey } from './format-details';
import { activityLogsText } from './i18n';

const SEARCH_DEBOUNCE_MS = 300;
const COLUMNS = ['activity', 'user', 'targetUser', 'details', 'ipAddress', 'timestamp'] as const;

export function activityLabel(type: string): string {
  return activityTypeLabel(type) ?? humanizeKey(type);
}

/** '1 record', '2,345 records', '10,000+ records' (beyond the server's count cap). */
function recordsLabel(total: number, capped: boolean): string {
  const n = formatNumber(total);
  return capped ? activityLogsText.t('recordsCapped', { n }) : activityLogsText.t('records', { count: total, n });
}

/** No user at all is the system; a deleted user is unknown. */
function actorLabel(id: string | null, name: string | null): string {
  if (!id) return activityLogsText.t('system');
  return name ?? activityLogsText.t('unknown');
}

function useDebouncedValue<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(id);
  }, [value, delay]);
  return debounced;
}

export default function ActivityLogsPage() {
  // Kept in the URL (?q=...&type=...): a refresh or Back keeps the filter.
  const [searchInput, setSearchInput] = useUrlState<string>('q', '');
  const [type, setType] = useUrlState<string>('type', '');
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const logs = useActivityLogs({ search, type });
  const { t } = activityLogsText.useT();
  const typeOptions = [{ value: '', label: t('allTypes') }, ...ACTIVITY_TYPES.map((value) => ({ value, label: activityLabel(value) }))];

  // The spec's toast, once per failure (a failed 'Load older' included).
  const failedAt = logs.isError ? logs.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error(activityLogsText.t('loadFailed'), { id: 'activity-logs-failed' });
  }, [failedAt]);

  const pages = logs.data?.pages;
  const entries = pages?.flatMap((p) => p.logs) ?? [];
  const total = pages?.[0]?.total;
  // Beyond the cap the server says '10,000 or more' ('10,000+ records').
  const capped = pages?.[0]?.totalCapped ?? false;
  const records = (n: number) => recordsLabel(n, capped);
  // Filters changed: the previous results stay (no layout shift) until the new ones arrive.
  const updating = logs.isPlaceholderData;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={
          <span className="tabular" data-testid="activity-logs-total">
            {total === undefined ? (logs.isError ? t('recordsUnavailable') : t('loadingRecords')) : records(total)}
          </span>
        }
        actions={
          <ExportCsvButton
            filename="activity-logs"
            columns={[
              { key: 'createdAt', label: t('csv.time') },
              { key: 'activityType', label: t('csv.activity') },
              { key: 'userName', label: t('csv.user') },
              { key: 'userEmail', label: t('csv.userEmail') },
              { key: 'targetName', label: t('csv.target') },
              { key: 'ipAddress', label: t('csv.ipAddress') },
              { key: 'detailsText', label: t('csv.details') },
            ]}
            rows={entries.map((e) => ({ ...e, detailsText: JSON.stringify(e.details) }))}
          />
        }
      />

      <search aria-label={t('filter')} className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_16rem]">
        <SearchField
          id="activity-search"
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          value={searchInput}
          onChange={(v) => setSearchInput(v, { replace: true })}
          maxLength={200}
          hint={t('searchHint')}
        />
        <Field label={t('type')} htmlFor="activity-type">
          <NativeSelect id="activity-type" value={type} onChange={(e) => setType(e.target.value)} options={typeOptions} />
        </Field>
      </search>

      <div role="status" className="sr-only">
        {logs.isPending ? t('loading') : updating ? t('updating') : total !== undefined ? t('found', { records: records(total) }) : ''}
      </div>

      {logs.isError && !pages ? (
        <LoadError title={t('loadFailed')} error={logs.error} onRetry={() => void logs.refetch()} busy={logs.isFetching} />
      ) : (
        <>
          <div className={cn('transition-opacity', updating && 'opacity-60')} data-testid="activity-logs-results">
            <DataList
              label={t('table')}
              items={entries}
              loading={logs.isPending}
              busy={updating}
              getKey={(entry) => String(entry.id)}
              skeletonWidths={COLUMNS.map((c) => (c === 'details' ? '12rem' : '6rem'))}
              skeletonRows={6}
              cardSkeletonClass="h-48"
              empty={t('empty')}
              head={
                <tr>
                  {COLUMNS.map((c) => (
                    <TH key={c}>{t(`column.${c}`)}</TH>
                  ))}
                </tr>
              }
              row={(entry) => <LogRow entry={entry} />}
              card={(entry) => <LogCard entry={entry} />}
            />
          </div>

          {pages && entries.length > 0 && (
            <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
              <p className="tabular text-sm text-muted">
                {t('showing', { shown: formatNumber(entries.length), records: records(Math.max(total ?? 0, entries.length)) })}
              </p>
              {logs.hasNextPage && (
                <Button variant="secondary" onClick={() => void logs.fetchNextPage()} busy={logs.isFetchingNextPage} disabled={updating}>
                  {!logs.isFetchingNextPage && <History aria-hidden="true" />}
                  {logs.isFetchingNextPage ? t('loadingOlder') : t('loadOlder')}
                </Button>
              )}
            </div>
          )}
        </>
      )}
    </>
  );
}

/** `noneLabel`: what a column shows with no user at all (a sign-in has no target user: '—', not 'System'). */
function Person({ id, name, email, noneLabel }: { id: string | null; name: string | null; email: string | null; noneLabel?: string }) {
  if (!id && noneLabel) return <span className="text-muted">{noneLabel}</span>;
  const label = actorLabel(id, name);
  const known = Boolean(id && name);
  return (
    <div className="max-w-40 min-w-28">
      <bdi className={cn('block break-words', known ? 'font-medium text-ink-900' : 'text-muted italic')}>{label}</bdi>
      {known && email && (
        <bdi className="block truncate text-xs text-muted" title={email}>
          {email}
        </bdi>
      )}
    </div>
  );
}

function Details({ entry }: { entry: ActivityLogEntry }) {
  const lines = formatDetails(entry.activityType, entry.details);
  if (lines.length === 0) return <span className="text-muted">—</span>;
  return (
    <ul className="flex flex-col gap-0.5">
      {lines.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are derived, stable per entry
        <li key={i}>
          <span className="text-muted">{l.label}:</span> <bdi translate="no">{l.value}</bdi>
        </li>
      ))}
    </ul>
  );
}

function IpAddress({ entry }: { entry: ActivityLogEntry }) {
  return entry.ipAddress ? <bdi dir="ltr">{entry.ipAddress}</bdi> : <span className="text-muted">—</span>;
}

/** In the company's zone, named: '3 Jul 2026' / '14:03:27 GST'. */
function Timestamp({ entry, className }: { entry: ActivityLogEntry; className?: string }) {
  return (
    <time dateTime={entry.createdAt} title={formatDateTimeZoned(entry.createdAt)} className={cn('flex flex-col', className)}>
      <span>{formatDate(entry.createdAt)}</span>
      <span className="text-xs text-muted">
        {formatTime(entry.createdAt, { seconds: true })} {zoneAbbreviation(undefined, new Date(entry.createdAt))}
      </span>
    </time>
  );
}

function LogRow({ entry }: { entry: ActivityLogEntry }) {
  return (
    <TR>
      <TD className="whitespace-nowrap font-medium text-ink-900">{activityLabel(entry.activityType)}</TD>
      <TD>
        <Person id={entry.userId} name={entry.userName} email={entry.userEmail} />
      </TD>
      <TD>
        <Person id={entry.targetUserId} name={entry.targetName} email={entry.targetEmail} noneLabel="—" />
      </TD>
      <TD className="min-w-48 max-w-md [overflow-wrap:anywhere]">
        <Details entry={entry} />
      </TD>
      <TD className="tabular whitespace-nowrap">
        <IpAddress entry={entry} />
      </TD>
      <TD className="tabular whitespace-nowrap">
        <Timestamp entry={entry} />
      </TD>
    </TR>
  );
}

/** One record on a phone: the activity and its time, then every other column with its name. */
function LogCard({ entry }: { entry: ActivityLogEntry }) {
  const { t } = activityLogsText.useT();
  return (
    <li className="rounded-lg border border-border bg-surface p-4 text-sm shadow-sm" data-testid="activity-log-card">
      <div className="flex items-start justify-between gap-3">
        <p className="font-medium text-ink-900">{activityLabel(entry.activityType)}</p>
        <Timestamp entry={entry} className="tabular shrink-0 text-end" />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2">
        <div>
          <dt className="text-muted">{t('column.user')}</dt>
          <dd>
            <Person id={entry.userId} name={entry.userName} email={entry.userEmail} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('column.targetUser')}</dt>
          <dd>
            <Person id={entry.targetUserId} name={entry.targetName} email={entry.targetEmail} noneLabel="—" />
          </dd>
        </div>
        <div className="col-span-2 [overflow-wrap:anywhere]">
          <dt className="text-muted">{t('column.details')}</dt>
          <dd>
            <Details entry={entry} />
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="text-muted">{t('column.ipAddress')}</dt>
          <dd className="tabular">
            <IpAddress entry={entry} />
          </dd>
        </div>
      </dl>
    </li>
  );
}
