import { Briefcase, CircleDollarSign, Coins, FolderLock, Percent, TrendingUp } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useId } from 'react';
import { Link } from 'react-router';
import { formatUSD } from '../../../shared/format';
import { divRound, formatUsdExact, toCents } from '../../../shared/money';
import { type Holding, type PerformanceData, performanceTone } from '../../../shared/portal';
import { PageHeader } from '../../components/layout/page-header';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import { usePerformance } from './api';
import { formatIrr, formatMoic } from './format';

/** recharts is only fetched when this screen shows a chart. */
const PerformanceCharts = lazy(() => import('./performance-charts'));

/** Performance Dashboard (/investor/performance): the investor's holdings, portfolio totals and charts. */
export default function PerformancePage() {
  const perf = usePerformance();
  const holdingsId = useId();
  const chartsId = useId();
  const data = perf.data;

  return (
    <>
      <PageHeader title="Performance Dashboard" description="How your holdings are performing: value, returns and distributions." />

      {perf.isError ? (
        <LoadError
          title={'Failed to load your portfolio performance'}
          error={perf.error}
          busy={perf.isFetching}
          onRetry={() => void perf.refetch()}
        />
      ) : (
        <>
          <Totals data={data} />

          {data && data.holdings.length === 0 ? (
            <NoHoldings />
          ) : (
            <>
              <section aria-labelledby={chartsId} className="mb-8">
                <h2 id={chartsId} className="sr-only">
                  Charts
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
                  Holdings
                </h2>
                {data ? (
                  <>
                    <HoldingsTable holdings={data.holdings} totals={data.totals} />
                    <HoldingCards holdings={data.holdings} />
                  </>
                ) : (
                  <div aria-busy="true" className="h-56 animate-pulse rounded-lg bg-ink-100/70">
                    <span role="status" className="sr-only">
                      Loading your holdings...
                    </span>
                  </div>
                )}
              </section>
            </>
          )}
        </>
      )}
    </>
  );
}

function Totals({ data }: { data: PerformanceData | undefined }) {
  const t = data?.totals;
  // Gain = distributions + NAV - contributions, in exact cents.
  const gain = t ? toCents(t.gain) : 0n;
  const paidIn = t ? toCents(t.contributed) : 0n;
  const gainPct = paidIn > 0n ? divRound((gain < 0n ? -gain : gain) * 1000n, paidIn) : null;
  return (
    <section aria-label="Portfolio totals" className="mb-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-5">
      <TotalCard
        className="col-span-2 sm:col-span-1"
        label="Total Commitment"
        icon={<Briefcase aria-hidden="true" className="size-4" />}
        value={t && formatUSD(t.commitment)}
      >
        {t && `${data?.holdings.length ?? 0} ${data?.holdings.length === 1 ? 'holding' : 'holdings'}`}
      </TotalCard>
      <TotalCard
        label="Current Value"
        icon={<CircleDollarSign aria-hidden="true" className="size-4" />}
        value={t && formatUSD(t.currentValue)}
        accent
      >
        {t && paidIn > 0n ? (
          <span className={cn(gain > 0n ? 'text-success-700' : gain < 0n ? 'text-danger-700' : undefined)}>
            {gain >= 0n ? '+' : '−'}
            {formatUSD(gain < 0n ? -gain : gain)}
            {gainPct !== null ? ` (${gain >= 0n ? '+' : '−'}${gainPct / 10n}.${gainPct % 10n}%)` : ''} incl. distributions
          </span>
        ) : (
          t && 'No commitments yet'
        )}
      </TotalCard>
      <TotalCard
        label="Distributions Received"
        icon={<Coins aria-hidden="true" className="size-4" />}
        value={t && formatUSD(t.distributions)}
      >
        {t && 'Paid to you to date'}
      </TotalCard>
      <TotalCard label="Portfolio IRR" icon={<Percent aria-hidden="true" className="size-4" />} value={t && formatIrr(t.irr)}>
        {t && 'Annualised, on dated cash flows'}
      </TotalCard>
      <TotalCard label="MOIC" icon={<TrendingUp aria-hidden="true" className="size-4" />} value={t && formatMoic(t.moic)}>
        {t && `TVPI ${formatMoic(t.tvpi)} · DPI ${formatMoic(t.dpi)} · RVPI ${formatMoic(t.rvpi)}`}
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
          <span aria-hidden="true" className="mt-3 block h-8 w-28 animate-pulse rounded bg-ink-100/70" />
          <span aria-hidden="true" className="mt-2 block h-4 w-20 animate-pulse rounded bg-ink-100/70" />
        </>
      ) : (
        <>
          <p className="tabular mt-2 text-xl font-semibold text-ink-900 sm:text-2xl">{value}</p>
          <p className="mt-1 text-xs text-muted">{children}</p>
        </>
      )}
    </Card>
  );
}

function HoldingsTable({ holdings, totals }: { holdings: Holding[]; totals: PerformanceData['totals'] }) {
  return (
    <Table aria-label="Holdings" maxHeight="none" containerClassName="hidden sm:block">
      <THead>
        <TR>
          <TH>Deal</TH>
          <TH className="text-end">Commitment</TH>
          <TH className="text-end">Current Value</TH>
          <TH className="text-end">IRR</TH>
          <TH className="text-end">MOIC</TH>
          <TH>Expected Exit</TH>
          <TH>Status</TH>
        </TR>
      </THead>
      <TBody>
        {holdings.map((h) => (
          <TR key={h.dealId} data-testid="holding-row">
            <TD className="min-w-52">
              <span className="block font-medium text-ink-900">{h.dealTitle}</span>
              <span className="block text-xs text-muted">{h.dealType}</span>
              {h.fees !== '0.00' && <span className="block text-xs text-muted">Fees and expenses charged: {formatUsdExact(h.fees)}</span>}
            </TD>
            <TD className="tabular text-end">{formatUSD(h.commitment)}</TD>
            <TD className="tabular text-end">{formatUSD(h.currentValue)}</TD>
            <TD className={cn('tabular text-end', h.irr !== null && h.irr < 0 && 'text-danger-700')}>{formatIrr(h.irr)}</TD>
            <TD className="tabular text-end">{formatMoic(h.moic)}</TD>
            <TD className="tabular">{h.expectedExit ?? <span className="text-muted">—</span>}</TD>
            <TD>
              <Badge tone={performanceTone(h.status)}>{h.status ?? 'Not valued'}</Badge>
            </TD>
          </TR>
        ))}
      </TBody>
      <tfoot>
        <tr className="bg-ink-50">
          <th scope="row" className="border-t border-border px-3 py-2.5 text-start text-sm font-semibold text-ink-900">
            Portfolio
          </th>
          <td className="tabular border-t border-border px-3 py-2.5 text-end text-sm font-semibold text-ink-900">
            {formatUSD(totals.commitment)}
          </td>
          <td className="tabular border-t border-border px-3 py-2.5 text-end text-sm font-semibold text-ink-900">
            {formatUSD(totals.currentValue)}
          </td>
          <td className="tabular border-t border-border px-3 py-2.5 text-end text-sm font-semibold text-ink-900">
            {formatIrr(totals.irr)}
          </td>
          <td className="tabular border-t border-border px-3 py-2.5 text-end text-sm font-semibold text-ink-900">
            {formatMoic(totals.moic)}
          </td>
          <td className="border-t border-border px-3 py-2.5" colSpan={2}>
            <span className="sr-only">No portfolio exit or status</span>
          </td>
        </tr>
      </tfoot>
    </Table>
  );
}

/** On a phone the holdings collapse into cards (the table shows from the sm breakpoint). */
function HoldingCards({ holdings }: { holdings: Holding[] }) {
  return (
    <ul aria-label="Holdings" className="flex flex-col gap-3 sm:hidden">
      {holdings.map((h) => (
        <li key={h.dealId} className="rounded-lg border border-border bg-surface p-4 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h3 className="break-words font-semibold text-ink-900">{h.dealTitle}</h3>
              <p className="text-sm text-muted">{h.dealType}</p>
              {h.fees !== '0.00' && <p className="text-sm text-muted">Fees and expenses charged: {formatUsdExact(h.fees)}</p>}
            </div>
            <Badge tone={performanceTone(h.status)}>{h.status ?? 'Not valued'}</Badge>
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            {(
              [
                ['Commitment', formatUSD(h.commitment)],
                ['Current Value', formatUSD(h.currentValue)],
                ['IRR', formatIrr(h.irr)],
                ['MOIC', formatMoic(h.moic)],
                ['Expected Exit', h.expectedExit ?? '—'],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
                <dd className="tabular text-text">{value}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

function ChartsSkeleton() {
  return (
    <div className="grid gap-4 lg:grid-cols-5" aria-busy="true">
      <span role="status" className="sr-only">
        Loading charts...
      </span>
      <div className="h-[25rem] animate-pulse rounded-lg bg-ink-100/70 lg:col-span-3" />
      <div className="h-[25rem] animate-pulse rounded-lg bg-ink-100/70 lg:col-span-2" />
    </div>
  );
}

function NoHoldings() {
  return (
    <Card className="flex flex-col items-center gap-2 p-10 text-center">
      <FolderLock aria-hidden="true" className="size-8 text-muted" />
      <p className="font-medium text-ink-900">You have no holdings yet</p>
      <p className="max-w-md text-sm text-muted">
        Once a subscription of yours is completed, its commitment, current value, IRR, MOIC and status appear here, with charts of your
        portfolio.
      </p>
      <Button asChild variant="secondary" className="mt-2">
        <Link to="/investor/deals">Browse the Deal Vault</Link>
      </Button>
    </Card>
  );
}
