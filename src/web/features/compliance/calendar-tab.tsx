import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { COMPLIANCE_STATUSES, type ComplianceItem } from '../../../shared/compliance';
import { addMonths, monthStart, monthWeeks, todayIso } from '../../../shared/dates';
import { formatDay } from '../../../shared/format';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { enumLabel } from '../../lib/i18n';
import { viewUrl } from '../../lib/queries/documents';
import { CHIP_CLASSES, longDay, type Row, STATUS_ICONS } from './compliance-ui';
import { complianceText } from './i18n';

/** A month of the calendar, as its first day ('2026-07-01'). */
export type Month = string;

/** The month of the company's today (not the UTC month: at 00:30 in Dubai on the 1st it is the new month). */
export const currentMonth = (today: string = todayIso()): Month => monthStart(today);

/** Monday first; the names are `calendar.weekday.<day>` in the catalogue. */
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/**
 * Calendar View: a month grid of due items and external due dates (a table on tablets and
 * desktops, an agenda list of the month on phones), with month navigation.
 */
export function CalendarTab({
  rows,
  loading,
  month,
  onMonth,
  onOpenItem,
}: {
  rows: Row[];
  loading: boolean;
  month: Month;
  onMonth: (m: Month) => void;
  onOpenItem: (item: ComplianceItem) => void;
}) {
  const { t } = complianceText.useT();
  const titleId = useId();
  // Today in the company's zone (the app shell re-renders the screen when the zone changes).
  const today = todayIso();
  const title = formatDay(month, 'monthTitle');
  const weeks = useMemo(() => monthWeeks(month), [month]);
  const monthPrefix = month.slice(0, 7);

  const byDay = useMemo(() => {
    const map = new Map<string, Row[]>();
    for (const r of [...rows].sort((a, b) => a.title.localeCompare(b.title))) {
      const list = map.get(r.dueDate);
      if (list) list.push(r);
      else map.set(r.dueDate, [r]);
    }
    return map;
  }, [rows]);

  const monthDays = useMemo(() => [...byDay.keys()].filter((d) => d.startsWith(monthPrefix)).sort(), [byDay, monthPrefix]);
  const monthCount = monthDays.reduce((n, d) => n + (byDay.get(d)?.length ?? 0), 0);

  return (
    <section aria-labelledby={titleId}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={titleId} aria-live="polite" className="text-xl font-semibold tracking-tight text-ink-900" data-testid="calendar-title">
            {title}
          </h2>
          <p className="tabular text-sm text-muted">{loading ? t('calendar.loading') : t('calendar.count', { count: monthCount })}</p>
        </div>
        <div className="flex items-center gap-2">
          <Button
            variant="secondary"
            size="icon"
            aria-label={t('calendar.previous')}
            title={t('calendar.previous')}
            onClick={() => onMonth(addMonths(month, -1))}
          >
            {/* Flipped in right to left by the global rule in styles.css (once: no rtl:rotate-180 here). */}
            <ChevronLeft aria-hidden="true" data-testid="calendar-previous-icon" />
          </Button>
          <Button variant="secondary" onClick={() => onMonth(currentMonth(today))}>
            {t('calendar.today')}
          </Button>
          <Button
            variant="secondary"
            size="icon"
            aria-label={t('calendar.next')}
            title={t('calendar.next')}
            onClick={() => onMonth(addMonths(month, 1))}
          >
            <ChevronRight aria-hidden="true" data-testid="calendar-next-icon" />
          </Button>
        </div>
      </div>

      {/* Tablets and desktops: the month grid. */}
      <div className="hidden overflow-x-auto rounded-lg border border-border bg-surface md:block">
        <table className="w-full min-w-[44rem] table-fixed border-separate border-spacing-0 text-sm" aria-busy={loading || undefined}>
          <caption className="sr-only">{t('calendar.caption', { month: title })}</caption>
          <thead>
            <tr>
              {WEEKDAYS.map((day) => (
                <th
                  key={day}
                  scope="col"
                  abbr={t(`calendar.weekday.${day}.long`)}
                  className="border-b border-border bg-ink-50 px-2 py-2 text-start text-xs font-semibold uppercase tracking-wide text-muted"
                >
                  {t(`calendar.weekday.${day}.short`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]}>
                {week.map((day, i) => {
                  const inMonth = day.startsWith(monthPrefix);
                  const isToday = day === today;
                  const items = byDay.get(day) ?? [];
                  return (
                    <td
                      key={day}
                      data-date={day}
                      data-testid="calendar-day"
                      aria-current={isToday ? 'date' : undefined}
                      className={cn(
                        'h-28 border-b border-border p-1.5 align-top',
                        i < 6 && 'border-e',
                        inMonth ? 'bg-surface' : 'bg-canvas',
                        isToday && 'bg-gold-100/60 shadow-[inset_0_0_0_2px_var(--color-gold-500)]',
                      )}
                    >
                      <div className="mb-1 flex items-center justify-between gap-1">
                        <time
                          dateTime={day}
                          className={cn(
                            'tabular inline-flex size-7 items-center justify-center rounded-full text-sm',
                            isToday ? 'bg-ink-900 font-semibold text-white' : inMonth ? 'font-medium text-ink-900' : 'text-muted',
                          )}
                        >
                          <span aria-hidden="true">{Number(day.slice(8))}</span>
                          <span className="sr-only">{longDay(day)}</span>
                        </time>
                        {isToday && <span className="text-xs font-semibold text-ink-900">{t('calendar.today')}</span>}
                      </div>
                      {items.length > 0 && (
                        <ul className="flex flex-col gap-1" aria-label={t('calendar.dueOn', { day: longDay(day) })}>
                          {items.map((r) => (
                            <li key={r.key}>
                              <Chip row={r} onOpenItem={onOpenItem} compact />
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {/* Phones: an agenda of the month's due dates. */}
      <div className="md:hidden" data-testid="calendar-agenda">
        {loading ? (
          <div className="flex flex-col gap-3" aria-hidden="true">
            {[0, 1].map((i) => (
              <Skeleton key={i} shape="card" className="h-24" />
            ))}
          </div>
        ) : monthDays.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border bg-surface p-8 text-center text-sm text-muted">
            {t('calendar.nothingDue', { month: title })}
          </p>
        ) : (
          <ol className="flex flex-col gap-3" aria-label={t('calendar.agenda', { month: title })}>
            {monthDays.map((day) => (
              <li
                key={day}
                data-date={day}
                className={cn(
                  'rounded-lg border bg-surface p-3',
                  day === today ? 'border-gold-500 shadow-[inset_0_0_0_1px_var(--color-gold-500)]' : 'border-border',
                )}
              >
                <h3 className="mb-2 flex items-center justify-between gap-2 text-sm font-semibold text-ink-900">
                  <time dateTime={day}>{longDay(day)}</time>
                  {day === today && <span className="rounded-full bg-ink-900 px-2 py-0.5 text-xs text-white">{t('calendar.today')}</span>}
                </h3>
                <ul className="flex flex-col gap-1.5">
                  {(byDay.get(day) ?? []).map((r) => (
                    <li key={r.key}>
                      <Chip row={r} onOpenItem={onOpenItem} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </div>

      <ul aria-label={t('calendar.legend')} className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-muted">
        {COMPLIANCE_STATUSES.map((s) => {
          const Icon = STATUS_ICONS[s];
          return (
            <li key={s} className="inline-flex items-center gap-1.5">
              <span className={cn('inline-flex size-5 items-center justify-center rounded border', CHIP_CLASSES[s])}>
                <Icon aria-hidden="true" className="size-3" />
              </span>
              {enumLabel('complianceStatus', s)}
            </li>
          );
        })}
        <li className="inline-flex items-center gap-1.5">
          <span className="rounded border border-ink-600/40 bg-ink-50 px-1 text-[0.625rem] font-semibold uppercase text-ink-700">
            {t('source.spv')}
          </span>
          <span className="rounded border border-ink-600/40 bg-ink-50 px-1 text-[0.625rem] font-semibold uppercase text-ink-700">
            {t('source.doc')}
          </span>
          {t('calendar.legendExternal')}
        </li>
      </ul>
    </section>
  );
}

/** A due entry: opens the item's edit dialog, the SPV tracker, or the document itself. */
function Chip({ row, onOpenItem, compact = false }: { row: Row; onOpenItem: (item: ComplianceItem) => void; compact?: boolean }) {
  const { t } = complianceText.useT();
  const Icon = STATUS_ICONS[row.status];
  const className = cn(
    'flex w-full cursor-pointer items-start rounded border text-start font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold-600',
    compact ? 'min-h-6 gap-1 px-1.5 py-0.5 text-xs leading-4' : 'min-h-10 gap-1.5 px-2.5 py-2 text-sm leading-5',
    CHIP_CLASSES[row.status],
  );
  const status = enumLabel('complianceStatus', row.status);
  const content = (
    <>
      <Icon aria-hidden="true" className={cn('mt-0.5 shrink-0', compact ? 'size-3' : 'size-4')} />
      {row.source !== 'item' && (
        <span className="shrink-0 rounded-sm bg-white/70 px-1 text-[0.625rem] font-semibold uppercase leading-4">
          {row.source === 'spv' ? t('source.spv') : t('source.doc')}
        </span>
      )}
      <span className={cn('min-w-0 break-words', compact && 'line-clamp-2')}>{row.title}</span>
      <span className="sr-only">
        {t('calendar.chipStatus', { status })}
        {row.source === 'spv' ? t('calendar.chipFromSpv') : row.source === 'document' ? t('calendar.chipFromVault') : ''}
      </span>
    </>
  );
  const tip = t('calendar.tip', { title: row.title, status });
  if (row.source === 'item') {
    return (
      <button type="button" className={className} title={tip} onClick={() => onOpenItem(row.item)} data-chip-for={row.key}>
        {content}
      </button>
    );
  }
  if (row.source === 'spv') {
    return (
      <Link to="/admin/spv-tracker" className={className} title={tip} data-chip-for={row.key}>
        {content}
      </Link>
    );
  }
  return (
    <a
      href={viewUrl({ id: row.ext.sourceId })}
      target="_blank"
      rel="noopener"
      className={className}
      title={t('calendar.tipNewTab', { title: row.title, status })}
      data-chip-for={row.key}
    >
      {content}
      <span className="sr-only">{t('calendar.opensNewTab')}</span>
    </a>
  );
}
