import { History } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type ActivityLogEntry, actorLabel, recordsLabel } from '../../../shared/activity';
import { ACTIVITY_LABELS, ACTIVITY_TYPES, type ActivityType } from '../../../shared/constants';
import { formatDate, formatDateTimeZoned, formatNumber, formatTime, zoneAbbreviation } from '../../../shared/format';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { ExportCsvButton } from '../../components/ui/export-csv-button';
import { Field } from '../../components/ui/field';
import { LoadError } from '../../components/ui/load-error';
import { SearchField } from '../../components/ui/search-field';
import { NativeSelect } from '../../components/ui/select';
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { useUrlState } from '../../lib/url-state';
import { useActivityLogs } from './api';
import { formatDetails, humanizeKey } from './format-details';

export const LOAD_FAILED = 'Failed to load activity logs';
export const EMPTY_TEXT = 'No activity logs found';
const SEARCH_DEBOUNCE_MS = 300;
const COLUMNS = ['Activity', 'User', 'Target User', 'Details', 'IP Address', 'Timestamp'] as const;

const TYPE_OPTIONS = [{ value: '', label: 'All types' }, ...ACTIVITY_TYPES.map((t) => ({ value: t, label: ACTIVITY_LABELS[t] }))];

export function activityLabel(type: string): string {
  return ACTIVITY_LABELS[type as ActivityType] ?? humanizeKey(type);
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

  // The spec's toast, once per failure (a failed 'Load older' included).
  const failedAt = logs.isError ? logs.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error(LOAD_FAILED, { id: 'activity-logs-failed' });
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
        title="Activity Logs"
        description={
          <span className="tabular" data-testid="activity-logs-total">
            {total === undefined ? (logs.isError ? 'Records unavailable' : 'Loading records...') : records(total)}
          </span>
        }
        actions={
          <ExportCsvButton
            filename="activity-logs"
            columns={[
              { key: 'createdAt', label: 'Time' },
              { key: 'activityType', label: 'Activity' },
              { key: 'userName', label: 'User' },
              { key: 'userEmail', label: 'User e-mail' },
              { key: 'targetName', label: 'Target' },
              { key: 'ipAddress', label: 'IP address' },
              { key: 'detailsText', label: 'Details' },
            ]}
            rows={entries.map((e) => ({ ...e, detailsText: JSON.stringify(e.details) }))}
          />
        }
      />

      <search aria-label="Filter activity logs" className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_16rem]">
        <SearchField
          id="activity-search"
          label="Search activity logs"
          placeholder="Name, e-mail, IP address or details"
          value={searchInput}
          onChange={(v) => setSearchInput(v, { replace: true })}
          maxLength={200}
          hint="Searches every record on the server; results update as you type."
        />
        <Field label="Activity type" htmlFor="activity-type">
          <NativeSelect id="activity-type" value={type} onChange={(e) => setType(e.target.value)} options={TYPE_OPTIONS} />
        </Field>
      </search>

      <div role="status" className="sr-only">
        {logs.isPending
          ? 'Loading activity logs...'
          : updating
            ? 'Updating results...'
            : total !== undefined
              ? `${records(total)} found`
              : ''}
      </div>

      {logs.isError && !pages ? (
        <LoadError title={LOAD_FAILED} error={logs.error} onRetry={() => void logs.refetch()} busy={logs.isFetching} />
      ) : (
        <>
          <Table
            aria-label="Activity logs"
            aria-busy={logs.isPending || updating || undefined}
            containerClassName={cn('transition-opacity', updating && 'opacity-60')}
          >
            <THead>
              <tr>
                {COLUMNS.map((c) => (
                  <TH key={c}>{c}</TH>
                ))}
              </tr>
            </THead>
            <TBody>
              {logs.isPending ? (
                <SkeletonRows />
              ) : entries.length === 0 ? (
                <EmptyRow colSpan={COLUMNS.length}>{EMPTY_TEXT}</EmptyRow>
              ) : (
                entries.map((entry) => <LogRow key={entry.id} entry={entry} />)
              )}
            </TBody>
          </Table>

          {pages && entries.length > 0 && (
            <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
              <p className="tabular text-sm text-muted">
                Showing {formatNumber(entries.length)} of {records(Math.max(total ?? 0, entries.length))}, newest first
              </p>
              {logs.hasNextPage && (
                <Button variant="secondary" onClick={() => void logs.fetchNextPage()} busy={logs.isFetchingNextPage} disabled={updating}>
                  {!logs.isFetchingNextPage && <History aria-hidden="true" />}
                  {logs.isFetchingNextPage ? 'Loading older...' : 'Load older'}
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
      <span className={cn('block break-words', known ? 'font-medium text-ink-900' : 'text-muted italic')}>{label}</span>
      {known && email && (
        <span className="block truncate text-xs text-muted" title={email}>
          {email}
        </span>
      )}
    </div>
  );
}

function LogRow({ entry }: { entry: ActivityLogEntry }) {
  const lines = formatDetails(entry.activityType, entry.details);
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
        {lines.length === 0 ? (
          <span className="text-muted">—</span>
        ) : (
          <ul className="flex flex-col gap-0.5">
            {lines.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines are derived, stable per entry
              <li key={i}>
                <span className="text-muted">{l.label}:</span> {l.value}
              </li>
            ))}
          </ul>
        )}
      </TD>
      <TD className="tabular whitespace-nowrap">{entry.ipAddress || <span className="text-muted">—</span>}</TD>
      <TD className="tabular whitespace-nowrap">
        {/* In the company's zone, named: '3 Jul 2026' / '14:03:27 GST'. */}
        <time dateTime={entry.createdAt} title={formatDateTimeZoned(entry.createdAt)} className="flex flex-col">
          <span>{formatDate(entry.createdAt)}</span>
          <span className="text-xs text-muted">
            {formatTime(entry.createdAt, { seconds: true })} {zoneAbbreviation(undefined, new Date(entry.createdAt))}
          </span>
        </time>
      </TD>
    </TR>
  );
}

function SkeletonRows() {
  return (
    <>
      {[0, 1, 2, 3, 4, 5].map((i) => (
        // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a placeholder row, not focusable; hidden from screen readers
        <tr key={i} aria-hidden="true">
          {COLUMNS.map((c) => (
            <td key={c} className="border-b border-border px-3 py-3.5">
              <div className={cn('h-4 animate-pulse rounded bg-ink-100', c === 'Details' ? 'w-48' : 'w-24')} />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}
