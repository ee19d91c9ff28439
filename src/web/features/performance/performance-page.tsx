import { Briefcase, CircleDollarSign, Coins, FolderLock, Percent, TrendingUp } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useId } from 'react';
import { Link } from 'react-router';
import {
  formatDate,
  formatDecimalGrouped,
  formatFigure,
  formatPercent,
  formatSignedUSD,
  formatUSD,
  formatUSDCents,
  signedLtr,
} from '../../../shared/format';
import { headlineReturn } from '../../../shared/ledger';
import { toCents } from '../../../shared/money';
import { type Holding, type PerformanceData, performanceTone } from '../../../shared/performance';
import { PageHeader } from '../../components/layout/page-header';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DataList } from '../../components/ui/data-list';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { TD, TH, TR } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import { enumLabel } from '../../lib/i18n';
import { usePerformance } from './api';
import { formatIrr, formatMoic } from './format';
import { performanceText } from './i18n';

/** recharts is only fetched when this screen shows a chart. */
const PerformanceCharts = lazy(() => import('./performance-charts'));

/** Performance Dashboard (/investor/performance): the investor's holdings, portfolio totals and charts. */
export default function PerformancePage() {
  const { t } = performanceText.useT();
  const perf = usePerformance();
  const holdingsId = useId();
  const chartsId = useId();
  const data = perf.data;

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {data?.totals.asOf && (
        <p className="-mt-4 mb-6 text-sm text-muted" data-testid="performance-as-of">
          {t('asOf', { date: formatDate(data.totals.asOf) })}
        </p>
      )}

      {perf.isError ? (
        <LoadError title={t('loadFailed')} error={perf.error} busy={perf.isFetching} onRetry={() => void perf.refetch()} />
      ) : (
        <>
          <Totals data={data} />

          {data && data.holdings.length === 0 ? (
            <NoHoldings />
          ) : (
            <>
              <section aria-labelledby={chartsId} className="mb-8">
                <h2 id={chartsId} className="sr-only">
                  {t('charts')}
                </h2>
                {data ? (
                  <Suspense fallback={<ChartsSkeleton />}>
                    <PerformanceCharts history={data.history} allocation={data.allocation} />
                  </Suspense>
                ) : (
                  <ChartsSkeleton />
                )}
              </section>

              <section aria-labelledby={holdingsId}>
                <h2 id={holdingsId} className="mb-3 text-lg font-semibold text-ink-900">
                  {t('holdings')}
                </h2>
                <Holdings data={data} />
              </section>
            </>
          )}
        </>
      )}
    </>
  );
}

function Totals({ data }: { data: PerformanceData | undefined }) {
  const { t } = performanceText.useT();
  const totals = data?.totals;
  // Gain = distributions + NAV - contributions, in exact cents.
  const gain = totals ? toCents(totals.gain) : 0n;
  const paidIn = totals ? toCents(totals.contributed) : 0n;
  const magnitude = gain < 0n ? -gain : gain;
  // A percentage that rounds to 0.0% has no sign (as formatPercent rounds: tenths, half up).
  const sign = paidIn === 0n || (magnitude * 2000n) / paidIn < 1n ? '' : gain > 0n ? '+' : '−';
  // A signed value reads left to right in Arabic too: '+$53,013', never '$53,013+'.
  const amount = formatSignedUSD(gain);
  // Less than a year since the first contribution: the return over the period, not annualised.
  const periodOnly = Boolean(totals && !totals.annualised && totals.periodReturn !== null);
  return (
    <section aria-label={t('totals.label')} className="mb-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-5">
      <TotalCard
        className="col-span-2 sm:col-span-1"
        label={t('totals.commitment')}
        icon={<Briefcase aria-hidden="true" className="size-4" />}
        value={totals && formatUSD(totals.commitment)}
      >
        {totals && t('totals.holdings', { count: data?.holdings.length ?? 0 })}
      </TotalCard>
      <TotalCard
        label={t('totals.currentValue')}
        icon={<CircleDollarSign aria-hidden="true" className="size-4" />}
        value={totals && formatUSD(totals.currentValue)}
        accent
      >
        {totals && paidIn > 0n ? (
          <span className={cn(gain > 0n ? 'text-success-700' : gain < 0n ? 'text-danger-700' : undefined)}>
            {t('totals.gain', { amount, percent: signedLtr(`${sign}${formatPercent({ part: magnitude, whole: paidIn })}`) })}
          </span>
        ) : (
          totals && t('totals.noCommitments')
        )}
      </TotalCard>
      <TotalCard
        label={t('totals.distributions')}
        icon={<Coins aria-hidden="true" className="size-4" />}
        value={totals && formatUSD(totals.distributions)}
      >
        {totals && t('totals.distributionsCaption')}
      </TotalCard>
      {/* Below a year of history the period return, not an annualised IRR (decision 023). */}
      <TotalCard
        label={periodOnly ? t('totals.periodReturn') : t('totals.irr')}
        icon={<Percent aria-hidden="true" className="size-4" />}
        value={totals && formatIrr(headlineReturn(totals))}
      >
        {totals && (periodOnly ? t('totals.periodReturnCaption') : t('totals.irrCaption'))}
      </TotalCard>
      <TotalCard
        label={t('totals.moic')}
        icon={<TrendingUp aria-hidden="true" className="size-4" />}
        value={totals && formatMoic(totals.moic)}
      >
        {/* Latin acronyms and multiples: isolated so the line keeps its order in Arabic. */}
        {totals && (
          <bdi>
            {t('totals.moicCaption', { tvpi: formatMoic(totals.tvpi), dpi: formatMoic(totals.dpi), rvpi: formatMoic(totals.rvpi) })}
          </bdi>
        )}
      </TotalCard>
    </section>
  );
}

function TotalCard({
  label,
  value,
  icon,
  accent,
  className,
  children,
}: {
  label: string;
  value: string | undefined;
  icon: ReactNode;
  accent?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const labelId = useId();
  return (
    <Card role="group" aria-labelledby={labelId} data-testid="performance-total" className={cn('min-w-0 p-4 sm:p-5', className)}>
      <p className="flex items-center gap-2 text-sm font-medium text-muted">
        <span
          className={cn(
            'flex size-7 shrink-0 items-center justify-center rounded-full',
            accent ? 'bg-gold-100 text-gold-700' : 'bg-ink-100 text-ink-700',
          )}
        >
          {icon}
        </span>
        <span id={labelId} className="min-w-0">
          {label}
        </span>
      </p>
      {value === undefined ? (
        <>
          <Skeleton as="span" className="mt-3 h-8 w-28" />
          <Skeleton as="span" className="mt-2 h-4 w-20" />
        </>
      ) : (
        <>
          <p className="tabular mt-2 text-xl font-semibold text-ink-900 sm:text-2xl">{formatFigure(value)}</p>
          <p className="mt-1 text-xs text-muted">{children}</p>
        </>
      )}
    </Card>
  );
}

/** The holdings: a table with the portfolio's totals from the sm breakpoint, one card per holding on a phone. */
function Holdings({ data }: { data: PerformanceData | undefined }) {
  const { t } = performanceText.useT();
  const totals = data?.totals;
  return (
    <DataList
      label={t('holdings')}
      items={data?.holdings ?? []}
      loading={!data}
      loadingLabel={t('loadingHoldings')}
      getKey={(h) => h.dealId}
      breakpoint="sm"
      maxHeight="none"
      empty={null}
      skeletonWidths={['12rem', '6rem', '6rem', '4rem', '4rem', '6rem', '5rem']}
      skeletonRows={3}
      cardSkeletonClass="h-44"
      head={
        <TR>
          <TH>{t('column.deal')}</TH>
          <TH className="text-end">{t('column.commitment')}</TH>
          <TH className="text-end">{t('column.currentValue')}</TH>
          <TH className="text-end">{t('column.irr')}</TH>
          <TH className="text-end">{t('column.moic')}</TH>
          <TH>{t('column.expectedExit')}</TH>
          <TH>{t('column.status')}</TH>
        </TR>
      }
      row={(h) => (
        <TR data-testid="holding-row">
          <TD className="min-w-52">
            <bdi className="block font-medium text-ink-900">{h.dealTitle}</bdi>
            <span className="block text-xs text-muted">{enumLabel('dealType', h.dealType)}</span>
            {h.fees !== '0.00' && <span className="block text-xs text-muted">{t('fees', { amount: formatUSDCents(h.fees) })}</span>}
            <OwnershipNotes holding={h} />
          </TD>
          <TD className="tabular text-end">{formatUSD(h.commitment)}</TD>
          <TD className="tabular text-end">{formatUSD(h.currentValue)}</TD>
          <TD className={cn('tabular text-end', (headlineReturn(h) ?? 0) < 0 && 'text-danger-700')}>
            <ReturnFigure holding={h} />
          </TD>
          <TD className="tabular text-end">{formatMoic(h.moic)}</TD>
          <TD className="tabular">{h.expectedExit ? formatFigure(h.expectedExit) : <span className="text-muted">—</span>}</TD>
          <TD>
            <Badge tone={performanceTone(h.status)}>{h.status ? enumLabel('performanceStatus', h.status) : t('notValued')}</Badge>
          </TD>
        </TR>
      )}
      card={(h) => <HoldingCard holding={h} />}
      foot={
        totals && (
          <tr className="bg-ink-50">
            <th scope="row" className="border-t border-border px-3 py-2.5 text-start text-sm font-semibold text-ink-900">
              {t('portfolio')}
            </th>
            {[formatUSD(totals.commitment), formatUSD(totals.currentValue), formatIrr(headlineReturn(totals)), formatMoic(totals.moic)].map(
              (value, i) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                  key={i}
                  className="tabular border-t border-border px-3 py-2.5 text-end text-sm font-semibold text-ink-900"
                >
                  {value}
                </td>
              ),
            )}
            <td className="border-t border-border px-3 py-2.5" colSpan={2}>
              <span className="sr-only">{t('noPortfolioExit')}</span>
            </td>
          </tr>
        )
      }
    />
  );
}

/** A holding's return: the annualised IRR from a year of history, else the period return, said so. */
function ReturnFigure({ holding: h }: { holding: Holding }) {
  const { t } = performanceText.useT();
  if (h.annualised) return <>{formatIrr(h.irr)}</>;
  return (
    <>
      {formatIrr(h.periodReturn)}
      <span className="block text-xs font-normal text-muted">{t('notAnnualised')}</span>
    </>
  );
}

/** Units held on a deal by units at NAV, and equalisation interest received (decision 040). */
function OwnershipNotes({ holding: h }: { holding: Holding }) {
  const { t } = performanceText.useT();
  return (
    <>
      {h.units && (
        <span className="block text-xs text-muted" data-testid="holding-units">
          {t('units', {
            held: formatDecimalGrouped(h.units.held),
            nav: formatFigure(h.units.navPerUnit),
            paid: formatFigure(h.units.averagePrice),
          })}
        </span>
      )}
      {h.equalisationReceived !== '0.00' && (
        <span className="block text-xs text-muted" data-testid="holding-equalisation">
          {t('equalisation', { amount: formatUSDCents(h.equalisationReceived) })}
        </span>
      )}
    </>
  );
}

/** One holding on a phone (the portfolio's totals are the cards above the charts). */
function HoldingCard({ holding: h }: { holding: Holding }) {
  const { t } = performanceText.useT();
  return (
    <li className="rounded-lg border border-border bg-surface p-4 shadow-sm" data-testid="holding-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="break-words font-semibold text-ink-900">
            <bdi>{h.dealTitle}</bdi>
          </h3>
          <p className="text-sm text-muted">{enumLabel('dealType', h.dealType)}</p>
          {h.fees !== '0.00' && <p className="text-sm text-muted">{t('fees', { amount: formatUSDCents(h.fees) })}</p>}
          <OwnershipNotes holding={h} />
        </div>
        <Badge tone={performanceTone(h.status)}>{h.status ? enumLabel('performanceStatus', h.status) : t('notValued')}</Badge>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        {(
          [
            [t('column.commitment'), formatUSD(h.commitment)],
            [t('column.currentValue'), formatUSD(h.currentValue)],
            [t('column.irr'), h.annualised ? formatIrr(h.irr) : `${formatIrr(h.periodReturn)} (${t('notAnnualised')})`],
            [t('column.moic'), formatMoic(h.moic)],
            [t('column.expectedExit'), h.expectedExit ? formatFigure(h.expectedExit) : '—'],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
            <dd className="tabular text-text">{formatFigure(value)}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

function ChartsSkeleton() {
  const { t } = performanceText.useT();
  return (
    <div className="grid gap-4 lg:grid-cols-5" aria-busy="true">
      <span role="status" className="sr-only">
        {t('loadingCharts')}
      </span>
      <Skeleton shape="block" className="h-[25rem] lg:col-span-3" />
      <Skeleton shape="block" className="h-[25rem] lg:col-span-2" />
    </div>
  );
}

function NoHoldings() {
  const { t } = performanceText.useT();
  return (
    <Card className="flex flex-col items-center gap-2 p-10 text-center">
      <FolderLock aria-hidden="true" className="size-8 text-muted" />
      <p className="font-medium text-ink-900">{t('empty.title')}</p>
      <p className="max-w-md text-sm text-muted">{t('empty.text')}</p>
      <Button asChild variant="secondary" className="mt-2">
        <Link to="/investor/deals">{t('empty.browse')}</Link>
      </Button>
    </Card>
  );
}
