import { BadgeCheck, HandCoins, Landmark, Timer } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import type { DistributionEvent, DistributionStatus } from '../../../shared/distributions';
import { formatUSD } from '../../../shared/format';
import { fromCents, toCents } from '../../../shared/money';
import { PageHeader } from '../../components/layout/page-header';
import { Card } from '../../components/ui/card';
import { ExportCsvButton } from '../../components/ui/export-csv-button';
import { Field } from '../../components/ui/field';
import { LoadError } from '../../components/ui/load-error';
import { NativeSelect } from '../../components/ui/select';
import { ListSkeleton, Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { useDistributionEvents } from './api';
import { DealWaterfallSummaries } from './deal-waterfall-summaries';
import { ConfirmPaymentDialog } from './distribution-dialogs';
import { EventItem } from './distribution-event-item';
import { distributionsText } from './i18n';
import { RecordDistributionCard } from './record-distribution-card';

type Filter = 'All' | DistributionStatus;
const FILTERS: Filter[] = ['All', 'Scheduled', 'Pending', 'Paid'];

/** Unpaid first (soonest first, so the ones waiting for confirmation lead), then paid, newest first. */
function byWorkOrder(a: DistributionEvent, b: DistributionEvent): number {
  const ap = a.status === 'Paid';
  const bp = b.status === 'Paid';
  if (ap !== bp) return ap ? 1 : -1;
  if (a.paymentDate !== b.paymentDate) return ap ? (a.paymentDate < b.paymentDate ? 1 : -1) : a.paymentDate < b.paymentDate ? -1 : 1;
  return a.createdAt < b.createdAt ? 1 : -1;
}

/** Distribution Waterfall (/admin/distributions): record distributions, see their allocations, confirm payment. */
export default function DistributionWaterfallPage() {
  const { t } = distributionsText.useT();
  const events = useDistributionEvents();
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [filter, setFilter] = useState<Filter>('All');
  const [confirming, setConfirming] = useState<DistributionEvent | null>(null);
  const listId = useId();

  const toggle = (id: string) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const sorted = useMemo(() => [...(events.data ?? [])].sort(byWorkOrder), [events.data]);
  const shown = filter === 'All' ? sorted : sorted.filter((e) => e.status === filter);
  const totals = useMemo(() => {
    const t: Record<DistributionStatus, { count: number; cents: bigint }> = {
      Scheduled: { count: 0, cents: 0n },
      Pending: { count: 0, cents: 0n },
      Paid: { count: 0, cents: 0n },
    };
    for (const e of events.data ?? []) {
      t[e.status].count += 1;
      t[e.status].cents += toCents(e.totalAmount);
    }
    return t;
  }, [events.data]);

  return (
    <>
      <PageHeader
        title={t('admin.title')}
        description={t('admin.description')}
        actions={
          <ExportCsvButton
            filename="distributions"
            columns={[
              { key: 'dealTitle', label: t('admin.csv.deal') },
              { key: 'type', label: t('admin.csv.type') },
              { key: 'investorName', label: t('admin.csv.investor') },
              { key: 'amount', label: t('admin.csv.amount') },
              { key: 'totalAmount', label: t('admin.csv.total') },
              { key: 'recordDate', label: t('admin.csv.recordDate') },
              { key: 'paymentDate', label: t('admin.csv.paymentDate') },
              { key: 'status', label: t('admin.csv.status') },
            ]}
            rows={(events.data ?? []).flatMap((e) => e.allocations.map((a) => ({ ...e, investorName: a.investorName, amount: a.amount })))}
          />
        }
      />

      <section aria-label={t('admin.totals')} className="mb-6 grid gap-4 sm:grid-cols-3">
        <TotalCard
          label={t('admin.scheduled')}
          icon={<Timer aria-hidden="true" className="size-5" />}
          value={events.data ? formatUSD(fromCents(totals.Scheduled.cents)) : undefined}
          caption={t('admin.scheduledCaption', { count: totals.Scheduled.count })}
        />
        <TotalCard
          label={t('admin.awaiting')}
          icon={<HandCoins aria-hidden="true" className="size-5" />}
          value={events.data ? formatUSD(fromCents(totals.Pending.cents)) : undefined}
          caption={t('admin.awaitingCaption', { count: totals.Pending.count })}
          accent={totals.Pending.count > 0}
        />
        <TotalCard
          label={t('admin.paid')}
          icon={<BadgeCheck aria-hidden="true" className="size-5" />}
          value={events.data ? formatUSD(fromCents(totals.Paid.cents)) : undefined}
          caption={t('admin.paidCaption', { count: totals.Paid.count })}
        />
      </section>

      <DealWaterfallSummaries />

      <div className="grid items-start gap-6 xl:grid-cols-[22rem_minmax(0,1fr)]">
        <RecordDistributionCard
          onRecorded={(ev) => {
            setFilter('All');
            setExpanded((s) => new Set(s).add(ev.id));
          }}
        />

        <section aria-labelledby={listId} className="min-w-0">
          <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2 id={listId} className="text-lg font-semibold text-ink-900">
                {t('admin.events')}
              </h2>
              <p className="text-sm text-muted">{t('admin.eventsHint')}</p>
            </div>
            <Field label={t('admin.show')} htmlFor="dist-filter" className="w-44">
              <NativeSelect
                id="dist-filter"
                value={filter}
                onChange={(e) => setFilter(e.target.value as Filter)}
                options={FILTERS.map((f) => ({ value: f, label: f === 'All' ? t('admin.allStatuses') : t(`status.${f}`) }))}
              />
            </Field>
          </div>

          {events.isPending ? (
            <ListSkeleton count={3} rowClassName="h-40" label={t('admin.loading')} />
          ) : events.isError ? (
            <LoadError title={t('admin.loadFailed')} error={events.error} busy={events.isFetching} onRetry={() => void events.refetch()} />
          ) : shown.length === 0 ? (
            <Card className="flex flex-col items-center gap-2 p-10 text-center">
              <Landmark aria-hidden="true" className="size-8 text-muted" />
              <p className="font-medium text-ink-900">{filter === 'All' ? t('admin.emptyAll') : t(`admin.emptyStatus.${filter}`)}</p>
              <p className="max-w-md text-sm text-muted">{filter === 'All' ? t('admin.emptyAllText') : t('admin.emptyStatusText')}</p>
            </Card>
          ) : (
            <ul className="flex flex-col gap-3">
              {shown.map((ev) => (
                <EventItem
                  key={ev.id}
                  event={ev}
                  open={expanded.has(ev.id)}
                  onToggle={() => toggle(ev.id)}
                  onConfirm={() => setConfirming(ev)}
                />
              ))}
            </ul>
          )}
        </section>
      </div>

      <ConfirmPaymentDialog event={confirming} onClose={() => setConfirming(null)} />
    </>
  );
}

function TotalCard({
  label,
  value,
  caption,
  icon,
  accent,
}: {
  label: string;
  value: string | undefined;
  caption: string;
  icon: ReactNode;
  accent?: boolean;
}) {
  const labelId = useId();
  return (
    <Card role="group" aria-labelledby={labelId} className="flex items-start justify-between gap-3 p-5">
      <div className="min-w-0">
        <p id={labelId} className="text-sm font-medium text-muted">
          {label}
        </p>
        {value === undefined ? (
          <Skeleton className="mt-2 h-8 w-28" />
        ) : (
          <p className="tabular mt-1 text-2xl font-semibold text-ink-900">{value}</p>
        )}
        <p className="mt-1 text-sm text-muted">{value === undefined ? '\u00a0' : caption}</p>
      </div>
      <span
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-full',
          accent ? 'bg-gold-100 text-gold-700' : 'bg-ink-100 text-ink-700',
        )}
      >
        {icon}
      </span>
    </Card>
  );
}
