import { CalendarClock, CalendarDays, CalendarX2, History, Landmark, Scale, Wallet } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { UPCOMING_DISTRIBUTION_DAYS } from '../../../shared/constants';
import type { DistributionItem } from '../../../shared/distributions';
import { formatDate, formatFigure, formatUSD, formatUSDCents } from '../../../shared/format';
import { fromCents, toCents } from '../../../shared/money';
import { PageHeader } from '../../components/layout/page-header';
import { Card } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { ListSkeleton, Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { enumLabel } from '../../lib/i18n';
import { feedsText, IlpaDownload, IlpaNoticesPanel, ilpaUrls } from '../feeds/index';
import { useDistributionCalendar, useMyDealTerms } from './api';
import { DistributionStatusBadge, Fact, relativeDay, splitPaymentDate, termsText } from './distribution-ui';
import { distributionsText } from './i18n';
import { InvestorBreakdown } from './waterfall-ui';

/** Distribution Calendar (/investor/distributions): the investor's own upcoming and past payments. */
export default function DistributionCalendarPage() {
  const { t } = distributionsText.useT();
  const cal = useDistributionCalendar();
  const upcomingId = useId();
  const historyId = useId();
  const data = cal.data;
  const next = data?.nextPaymentDate ? splitPaymentDate(data.nextPaymentDate) : null;

  return (
    <>
      <PageHeader title={t('calendar.title')} description={t('calendar.description')} />

      <section aria-label={t('calendar.summary')} className="mb-8 grid gap-4 sm:grid-cols-3">
        <SummaryCard
          label={t('calendar.upcoming')}
          icon={<CalendarClock aria-hidden="true" className="size-5" />}
          value={data ? formatUSD(data.upcomingTotal) : undefined}
          caption={t('calendar.nextDays', { days: UPCOMING_DISTRIBUTION_DAYS })}
          accent
        />
        <SummaryCard
          label={t('calendar.nextPayment')}
          icon={<CalendarDays aria-hidden="true" className="size-5" />}
          value={data ? (next?.monthDay ?? '—') : undefined}
          caption={data ? (next ? formatFigure(next.year) : t('calendar.noPayment')) : undefined}
        />
        <SummaryCard
          label={t('calendar.pastYear')}
          icon={<Wallet aria-hidden="true" className="size-5" />}
          value={data ? formatUSD(data.pastYearTotal) : undefined}
          caption={t('calendar.received')}
        />
      </section>

      {data && [...data.upcoming, ...data.history].some((i) => i.noticeId) && <IlpaNoticesPanel />}

      {cal.isError ? (
        <LoadError title={t('calendar.loadFailed')} error={cal.error} busy={cal.isFetching} onRetry={() => void cal.refetch()} />
      ) : (
        <div className="grid gap-8 lg:grid-cols-2 lg:gap-6">
          <section aria-labelledby={upcomingId}>
            <ListHeading id={upcomingId} icon={<CalendarClock aria-hidden="true" className="size-5" />} count={data?.upcoming.length}>
              {t('calendar.upcoming')}
            </ListHeading>
            {data ? (
              <DistributionList
                items={data.upcoming}
                upcoming
                empty={
                  <EmptyList
                    icon={<CalendarX2 aria-hidden="true" className="size-8 text-muted" />}
                    title={t('calendar.emptyUpcoming', { days: UPCOMING_DISTRIBUTION_DAYS })}
                    text={t('calendar.emptyUpcomingText')}
                  />
                }
              />
            ) : (
              <ListSkeleton count={2} rowClassName="h-36" label={t('calendar.loadingUpcoming')} />
            )}
          </section>
          <section aria-labelledby={historyId}>
            <ListHeading id={historyId} icon={<History aria-hidden="true" className="size-5" />} count={data?.history.length}>
              {t('calendar.history')}
            </ListHeading>
            {data ? (
              <DistributionList
                items={data.history}
                empty={
                  <EmptyList
                    icon={<Landmark aria-hidden="true" className="size-8 text-muted" />}
                    title={t('calendar.emptyHistory')}
                    text={t('calendar.emptyHistoryText')}
                  />
                }
              />
            ) : (
              <ListSkeleton count={3} rowClassName="h-36" label={t('calendar.loadingHistory')} />
            )}
          </section>
        </div>
      )}
      <HoldingTerms />
    </>
  );
}

/** The economic terms of each deal the investor holds. */
function HoldingTerms() {
  const { t } = distributionsText.useT();
  const q = useMyDealTerms();
  const headingId = useId();
  if (!q.data || q.data.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <div className="mb-3 flex items-center gap-2">
        <Scale aria-hidden="true" className="size-5 text-ink-700" />
        <h2 id={headingId} className="text-lg font-semibold text-ink-900">
          {t('calendar.holdingTerms')}
        </h2>
      </div>
      <p className="mb-3 text-sm text-muted">{t('calendar.holdingTermsText')}</p>
      <ul className="grid gap-3 md:grid-cols-2">
        {q.data.map((d) => (
          <li key={d.dealId} data-testid="holding-terms" className="rounded-lg border border-border bg-surface p-4 shadow-sm">
            <h3 className="font-semibold text-ink-900">
              <bdi>{d.dealTitle}</bdi>
            </h3>
            <p className="mt-1 text-sm text-text">{termsText(d.summary)}</p>
            {d.terms?.managementFee && (
              <p className="mt-1 text-sm text-muted">
                {t('calendar.managementFee', {
                  rate: d.terms.managementFee.rate,
                  basis: t(`calendar.feeBasis.${d.terms.managementFee.basis}`),
                  method: t(`calendar.feeMethod.${d.terms.managementFee.method}`),
                  interpolation: { escapeValue: false },
                })}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function SummaryCard({
  label,
  value,
  caption,
  icon,
  accent,
}: {
  label: string;
  value: string | undefined;
  caption: string | undefined;
  icon: ReactNode;
  accent?: boolean;
}) {
  const labelId = useId();
  return (
    <Card role="group" aria-labelledby={labelId} data-testid="distribution-summary" className="flex items-start justify-between gap-3 p-5">
      <div className="min-w-0">
        <p id={labelId} className="text-sm font-medium text-muted">
          {label}
        </p>
        {value === undefined ? (
          <>
            <Skeleton className="mt-2 h-8 w-32" />
            <Skeleton className="mt-2 h-4 w-24" />
          </>
        ) : (
          <>
            <p className="tabular mt-1 text-3xl font-semibold text-ink-900">{formatFigure(value)}</p>
            {caption && <p className="mt-1 text-sm text-muted">{caption}</p>}
          </>
        )}
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

function ListHeading({ id, icon, count, children }: { id: string; icon: ReactNode; count: number | undefined; children: string }) {
  const { t } = distributionsText.useT();
  return (
    <div className="mb-3 flex items-center gap-2">
      <span className="text-ink-700">{icon}</span>
      <h2 id={id} className="text-lg font-semibold text-ink-900">
        {children}
      </h2>
      {count !== undefined && count > 0 && (
        <span className="tabular rounded-full bg-ink-100 px-2 py-0.5 text-xs font-medium text-ink-800">
          <span aria-hidden="true">{formatFigure(count)}</span>
          <span className="sr-only">{t('calendar.payments', { count })}</span>
        </span>
      )}
    </div>
  );
}

function DistributionList({ items, upcoming, empty }: { items: DistributionItem[]; upcoming?: boolean; empty: ReactNode }) {
  if (items.length === 0) return <>{empty}</>;
  return (
    <ul className="flex flex-col gap-3">
      {items.map((item) => (
        <DistributionListItem key={item.id} item={item} upcoming={upcoming} />
      ))}
    </ul>
  );
}

function DistributionListItem({ item, upcoming }: { item: DistributionItem; upcoming?: boolean }) {
  const { t } = distributionsText.useT();
  const titleId = useId();
  return (
    <li
      aria-labelledby={titleId}
      data-testid="distribution-item"
      className={cn(
        'rounded-lg border bg-surface p-4 shadow-sm sm:p-5',
        item.status === 'Pending' ? 'border-warning-800/25 border-s-4 border-s-warning-800/60' : 'border-border',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="break-words font-semibold text-ink-900">
            <bdi>{item.dealName}</bdi>
          </h3>
          <p className="text-sm text-muted">{enumLabel('distributionType', item.type)}</p>
        </div>
        <DistributionStatusBadge status={item.status} />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-[7.5rem_9.5rem_minmax(0,1fr)] sm:gap-x-4">
        <Fact label={t('calendar.amount')}>
          <span className="tabular text-base font-semibold text-ink-900">{formatUSD(item.amount)}</span>
        </Fact>
        <Fact label={t('calendar.paymentDate')}>
          <span className="tabular">{formatDate(item.paymentDate)}</span>
          {(upcoming || item.status === 'Pending') && <span className="block text-xs text-muted">{paymentHint(item)}</span>}
        </Fact>
        <Fact label={t('calendar.spvEntity')} className="col-span-2 sm:col-span-1">
          {item.spv ? <bdi>{item.spv}</bdi> : <span className="text-muted">{t('calendar.notAssigned')}</span>}
        </Fact>
      </dl>
      {item.tiers && (
        <details className="mt-3 rounded-md border border-border bg-ink-50/60 px-3 py-2" data-testid="tier-breakdown">
          <summary className="cursor-pointer text-sm font-medium text-ink-900">{t('calendar.tierBreakdown')}</summary>
          <div className="mt-2">
            <InvestorBreakdown tiers={item.tiers} />
            {item.feeDeducted !== '0.00' && (
              <p className="mt-2 text-sm text-text" data-testid="fee-deducted">
                {t('calendar.feeDeducted', {
                  fees: formatUSDCents(item.feeDeducted),
                  net: formatUSDCents(fromCents(toCents(item.amount) - toCents(item.feeDeducted))),
                })}
              </p>
            )}
          </div>
        </details>
      )}
      {item.noticeId && (
        <div className="mt-3">
          <IlpaDownload
            url={ilpaUrls.investorNotice(item.noticeId)}
            filename={`ilpa-distribution-${item.paymentDate}.csv`}
            label={feedsText.t('ilpa.notice')}
            ariaLabel={feedsText.t('ilpa.noticeLabel', { deal: item.dealName, date: formatDate(item.paymentDate) })}
          />
        </div>
      )}
    </li>
  );
}

function paymentHint(item: DistributionItem): string {
  if (item.status === 'Pending') return distributionsText.t('calendar.awaitingConfirmation');
  return relativeDay(item.paymentDate);
}

function EmptyList({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Card className="flex flex-col items-center gap-2 p-8 text-center">
      {icon}
      <p className="font-medium text-ink-900">{title}</p>
      <p className="max-w-sm text-sm text-muted">{text}</p>
    </Card>
  );
}
