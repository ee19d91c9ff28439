/**
 * The Performance Dashboard's charts. This module is the only one that imports recharts and is
 * loaded with React.lazy from the page, so the chart library is fetched only on this screen.
 * Each chart is an image (role="img") with a written summary and a visually hidden data table.
 */
import { useId } from 'react';
import { Area, AreaChart, CartesianGrid, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate, formatDay, formatPercent, formatUSD, formatUSDCompact, signedLtr } from '../../../shared/format';
import { toCents } from '../../../shared/money';
import type { PerformanceData } from '../../../shared/performance';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { enumLabel } from '../../lib/i18n';
import { performanceText } from './i18n';
import { valueTicks } from './value-ticks';

const INK_800 = '#1a2744';
const GOLD_500 = '#c98a12';
const MUTED = '#5b6576';
const BORDER = '#dde2ea';
/** The charts' tooltip box, in the page's reading direction. */
const tooltipStyle = (rtl: boolean) =>
  ({ borderRadius: 8, borderColor: BORDER, fontSize: 13, direction: rtl ? 'rtl' : 'ltr', textAlign: 'start' }) as const;
/** Allocation slices: navy and gold first, then tints that stay distinguishable next to each other. */
const SLICE_COLOURS = ['#1a2744', '#c98a12', '#5b7bb5', '#8a5a00', '#9aa5b8', '#e0a53a'];

const toTime = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

export default function PerformanceCharts({ history, allocation }: Pick<PerformanceData, 'history' | 'allocation'>) {
  return (
    <div className="grid gap-4 lg:grid-cols-5">
      <ValueOverTime history={history} />
      <AllocationByType allocation={allocation} />
    </div>
  );
}

function ValueOverTime({ history }: { history: PerformanceData['history'] }) {
  const { t, i18n } = performanceText.useT();
  // In Arabic the time axis runs right to left and the value axis stands on the right.
  const rtl = i18n.dir() === 'rtl';
  const captionId = useId();
  // Points are exact decimals; the plotted coordinate is the only float, the labels use the exact value.
  const data = history.map((h) => ({ t: toTime(h.date), date: h.date, value: Number(h.value), exact: h.value }));
  // The value axis's ticks are computed on cents; each label is its tick's exact amount.
  const ticks = valueTicks(history.map((h) => h.value));
  const tickLabels = new Map(ticks.map((tick) => [tick.at, formatUSDCompact(tick.cents)]));
  const first = history[0];
  const last = history.at(-1);
  const diff = first && last ? toCents(last.value) - toCents(first.value) : 0n;
  // A signed percentage reads left to right in Arabic too ('+7.6%').
  const change =
    first && toCents(first.value) > 0n
      ? signedLtr(`${diff < 0n ? '' : '+'}${formatPercent({ part: diff, whole: toCents(first.value) })}`)
      : null;
  const summary =
    first && last
      ? history.length === 1
        ? t('value.one', { value: formatUSD(last.value), date: formatDate(last.date) })
        : t(change !== null ? 'value.summaryChange' : 'value.summary', {
            from: formatUSD(first.value),
            fromDate: formatDate(first.date),
            to: formatUSD(last.value),
            toDate: formatDate(last.date),
            change: change ?? '',
            dates: history.length,
          })
      : t('value.none');

  return (
    <Card className="lg:col-span-3">
      <CardHeader>
        <CardTitle>{t('value.title')}</CardTitle>
        <CardDescription>{t('value.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <figure aria-labelledby={captionId} className="m-0">
          {data.length > 0 ? (
            <div role="img" aria-label={t('value.chart')} data-testid="value-chart" className="h-64 w-full">
              <ResponsiveContainer width="100%" height="100%">
                <AreaChart data={data} margin={{ top: 8, right: rtl ? 0 : 12, bottom: 0, left: rtl ? 12 : 0 }} accessibilityLayer={false}>
                  <defs>
                    <linearGradient id="perf-value-fill" x1="0" y1="0" x2="0" y2="1">
                      <stop offset="0%" stopColor={GOLD_500} stopOpacity={0.35} />
                      <stop offset="100%" stopColor={GOLD_500} stopOpacity={0.02} />
                    </linearGradient>
                  </defs>
                  <CartesianGrid stroke={BORDER} strokeDasharray="3 3" vertical={false} />
                  <XAxis
                    dataKey="t"
                    type="number"
                    scale="time"
                    reversed={rtl}
                    domain={['dataMin', 'dataMax']}
                    tickFormatter={(t: number) => formatDay(new Date(t).toISOString(), 'monthYear')}
                    tick={{ fill: MUTED, fontSize: 12 }}
                    stroke={BORDER}
                    tickMargin={8}
                    minTickGap={32}
                    padding={{ left: 8, right: 8 }}
                  />
                  <YAxis
                    orientation={rtl ? 'right' : 'left'}
                    ticks={ticks.map((tick) => tick.at)}
                    tickFormatter={(v: number) => tickLabels.get(v) ?? ''}
                    // SVG text anchors follow the page direction: 'end' keeps the labels outside the plot in both.
                    tick={{ fill: MUTED, fontSize: 12, textAnchor: 'end' }}
                    stroke={BORDER}
                    width={64}
                    domain={[0, ticks.at(-1)?.at ?? 0]}
                  />
                  <Tooltip
                    formatter={(_v, _n, item) => [formatUSD((item.payload as { exact: string }).exact), t('value.tooltip')]}
                    labelFormatter={(t) => formatDate(new Date(Number(t)).toISOString().slice(0, 10))}
                    contentStyle={tooltipStyle(rtl)}
                    labelStyle={{ color: INK_800, fontWeight: 600 }}
                    itemStyle={{ color: '#172033' }}
                  />
                  <Area
                    type="monotone"
                    dataKey="value"
                    stroke={INK_800}
                    strokeWidth={2}
                    fill="url(#perf-value-fill)"
                    dot={{ r: 3, fill: INK_800, strokeWidth: 0 }}
                    activeDot={{ r: 5, fill: GOLD_500, stroke: INK_800 }}
                    isAnimationActive={false}
                  />
                </AreaChart>
              </ResponsiveContainer>
            </div>
          ) : (
            <div className="flex h-64 items-center justify-center rounded-md border border-dashed border-border text-sm text-muted">
              {t('value.noneShort')}
            </div>
          )}
          <figcaption id={captionId} className="mt-3 text-sm text-muted">
            {summary}
          </figcaption>
        </figure>
        {history.length > 0 && (
          <table className="sr-only">
            <caption>{t('value.tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('value.date')}</th>
                <th scope="col">{t('value.tooltip')}</th>
              </tr>
            </thead>
            <tbody>
              {history.map((h) => (
                <tr key={h.date}>
                  <td>{formatDate(h.date)}</td>
                  <td>{formatUSD(h.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

function AllocationByType({ allocation }: { allocation: PerformanceData['allocation'] }) {
  const { t, i18n } = performanceText.useT();
  const rtl = i18n.dir() === 'rtl';
  const captionId = useId();
  const data = allocation
    .map((a) => ({ type: a.type, label: enumLabel('dealType', a.type), exact: a.value, cents: toCents(a.value), value: Number(a.value) }))
    .filter((a) => a.cents > 0n)
    .sort((a, b) => (b.cents > a.cents ? 1 : b.cents < a.cents ? -1 : 0));
  const total = data.reduce((s, a) => s + a.cents, 0n);
  const pct = (v: bigint) => (total > 0n ? formatPercent({ part: v, whole: total }) : '—');
  const top = data[0];

  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>{t('allocation.title')}</CardTitle>
        <CardDescription>{t('allocation.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <figure aria-labelledby={captionId} className="m-0 flex flex-col gap-4 sm:flex-row sm:items-center lg:flex-col lg:items-stretch">
          {data.length > 0 ? (
            <div role="img" aria-label={t('allocation.chart')} data-testid="allocation-chart" className="mx-auto h-44 w-44 shrink-0">
              <ResponsiveContainer width="100%" height="100%">
                <PieChart accessibilityLayer={false}>
                  <Pie
                    data={data}
                    dataKey="value"
                    nameKey="label"
                    innerRadius="58%"
                    outerRadius="100%"
                    paddingAngle={1.5}
                    stroke="#ffffff"
                    isAnimationActive={false}
                  >
                    {data.map((a, i) => (
                      <Cell key={a.type} fill={SLICE_COLOURS[i % SLICE_COLOURS.length]} />
                    ))}
                  </Pie>
                  <Tooltip
                    formatter={(_v, name, item) => {
                      const exact = (item.payload as { exact: string }).exact;
                      return [t('allocation.tooltip', { value: formatUSD(exact), share: pct(toCents(exact)) }), String(name)];
                    }}
                    contentStyle={tooltipStyle(rtl)}
                  />
                </PieChart>
              </ResponsiveContainer>
            </div>
          ) : (
            <div className="flex h-44 items-center justify-center rounded-md border border-dashed border-border text-sm text-muted">
              {t('allocation.noHoldings')}
            </div>
          )}
          {/* The legend is the chart's text: type, value and share, readable by everyone. */}
          <ul className="flex min-w-0 flex-1 flex-col gap-2" aria-label={t('allocation.legend')}>
            {data.map((a, i) => (
              <li key={a.type} className="flex items-center gap-2 text-sm">
                <span
                  aria-hidden="true"
                  className="size-3 shrink-0 rounded-sm"
                  style={{ background: SLICE_COLOURS[i % SLICE_COLOURS.length] }}
                />
                <span className="min-w-0 flex-1 truncate text-text">{a.label}</span>
                <span className="tabular text-muted">{formatUSD(a.exact)}</span>
                <span className="tabular w-14 text-end font-medium text-ink-900">{pct(a.cents)}</span>
              </li>
            ))}
          </ul>
          <figcaption id={captionId} className="sr-only">
            {top ? t('allocation.caption', { type: top.label, share: pct(top.cents), total: formatUSD(total) }) : t('allocation.none')}
          </figcaption>
        </figure>
      </CardContent>
    </Card>
  );
}
