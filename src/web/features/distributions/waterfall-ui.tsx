import type { ReactNode } from 'react';
import type { InvestorTierBreakdown, TierBreakdown, WaterfallPreview } from '../../../shared/deal-terms';
import { formatFigure, formatUSDCents } from '../../../shared/format';
import { fromCents, toCents } from '../../../shared/money';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import { distributionsText } from './i18n';
import { unitsSplitText } from './units-split-i18n';

/** A bar's share of the total in hundredths of a percent, by integer arithmetic (for layout only). */
const basisPoints = (part: bigint, total: bigint) => (total > 0n ? Number((part * 10_000n) / total) / 100 : 0);

type TierKey = 'returnOfCapital' | 'preferredReturn' | 'catchUpGp' | 'catchUpInvestors' | 'carryInvestors' | 'carryGp';

interface Step {
  key: TierKey;
  amount: bigint;
  who: 'Investors' | 'GP' | 'Shared';
  tone: string;
}

/** The tiers in waterfall order, splitting the catch-up into its GP and investors' parts. */
export function waterfallSteps(tiers: TierBreakdown, gpCatchUp: bigint): Step[] {
  const catchUp = toCents(tiers.catchUp);
  return [
    { key: 'returnOfCapital', amount: toCents(tiers.returnOfCapital), who: 'Investors', tone: 'bg-ink-800' },
    { key: 'preferredReturn', amount: toCents(tiers.preferredReturn), who: 'Investors', tone: 'bg-ink-600' },
    { key: 'catchUpGp', amount: gpCatchUp, who: 'GP', tone: 'bg-gold-600' },
    { key: 'catchUpInvestors', amount: catchUp - gpCatchUp, who: 'Investors', tone: 'bg-ink-700' },
    { key: 'carryInvestors', amount: toCents(tiers.carriedInterestLp), who: 'Investors', tone: 'bg-ink-700' },
    { key: 'carryGp', amount: toCents(tiers.carriedInterestGp), who: 'GP', tone: 'bg-gold-400' },
  ];
}

/**
 * The tiers as a waterfall: each bar starts where the previous one ended, so the bars together
 * span the whole distribution. Amounts are written out exactly; the bars are decoration.
 */
export function WaterfallChart({
  tiers,
  total,
  gpCatchUp,
  caption,
}: {
  tiers: TierBreakdown;
  total: string;
  gpCatchUp: bigint;
  caption: string;
}) {
  const { t } = distributionsText.useT();
  const whole = toCents(total);
  const steps = waterfallSteps(tiers, gpCatchUp).filter((s, i) => s.amount > 0n || i < 2 || i === 4 || i === 5);
  let start = 0n;
  return (
    <Table aria-label={caption} maxHeight="none" data-testid="waterfall-chart">
      <THead>
        <TR>
          <TH>{t('chart.tier')}</TH>
          <TH className="hidden w-2/5 sm:table-cell">
            <span className="sr-only">{t('chart.chart')}</span>
          </TH>
          <TH>{t('chart.to')}</TH>
          <TH className="text-end">{t('chart.amount')}</TH>
        </TR>
      </THead>
      <TBody>
        {steps.map((s) => {
          const offset = basisPoints(start, whole);
          const width = basisPoints(s.amount, whole);
          start += s.amount;
          return (
            <TR key={s.key}>
              <TD className="font-medium">{t(`tier.${s.key}`)}</TD>
              <TD className="hidden sm:table-cell">
                <div aria-hidden="true" className="relative h-4 w-full rounded bg-ink-50">
                  <div
                    className={cn('absolute top-0 h-4 rounded', s.tone)}
                    // From the start edge: the bars run right to left in Arabic.
                    style={{ insetInlineStart: `${offset}%`, width: `${Math.max(width, s.amount > 0n ? 0.5 : 0)}%` }}
                  />
                </div>
              </TD>
              <TD className="text-muted">{t(`who.${s.who}`)}</TD>
              <TD className="tabular text-end">{formatUSDCents(fromCents(s.amount))}</TD>
            </TR>
          );
        })}
      </TBody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={3} className="border-t border-border px-3 py-2.5 text-start text-sm font-semibold text-ink-900">
            {t('chart.total')}
          </th>
          <td className="tabular border-t border-border px-3 py-2.5 text-end text-sm font-semibold text-ink-900">
            {formatUSDCents(total)}
          </td>
        </tr>
      </tfoot>
    </Table>
  );
}

export function InvestorTiersTable({ investors, caption }: { investors: WaterfallPreview['investors']; caption: string }) {
  // Accrued management fees deducted (decision 009): shown only when any investor has some.
  const { t } = distributionsText.useT();
  const fees = investors.some((i) => i.feeDeducted && i.feeDeducted !== '0.00');
  // A deal by units at NAV (decision 040): the units each investor's share follows.
  const units = investors.some((i) => i.units != null);
  const u = unitsSplitText.useT().t;
  return (
    <Table aria-label={caption} maxHeight="none">
      <THead>
        <TR>
          <TH>{t('investorTiers.investor')}</TH>
          {units && <TH className="text-end">{u('column')}</TH>}
          <TH className="text-end">{t('investorTiers.returnOfCapital')}</TH>
          <TH className="text-end">{t('investorTiers.preferredReturn')}</TH>
          <TH className="text-end">{t('investorTiers.catchUp')}</TH>
          <TH className="text-end">{t('investorTiers.carry')}</TH>
          <TH className="text-end">{t('investorTiers.amount')}</TH>
          {fees && <TH className="text-end">{t('investorTiers.feesDeducted')}</TH>}
          {fees && <TH className="text-end">{t('investorTiers.paid')}</TH>}
        </TR>
      </THead>
      <TBody>
        {investors.map((i) => (
          <TR key={i.investorId}>
            <TD className="font-medium">
              <bdi>{i.investorName}</bdi>
            </TD>
            {units && <TD className="tabular text-end">{i.units != null ? formatFigure(i.units) : ''}</TD>}
            <TD className="tabular text-end">{formatUSDCents(i.tiers.returnOfCapital)}</TD>
            <TD className="tabular text-end">{formatUSDCents(i.tiers.preferredReturn)}</TD>
            <TD className="tabular text-end">{formatUSDCents(i.tiers.catchUp)}</TD>
            <TD className="tabular text-end">{formatUSDCents(i.tiers.carriedInterest)}</TD>
            <TD className="tabular text-end font-semibold">{formatUSDCents(i.amount)}</TD>
            {fees && <TD className="tabular text-end">{formatUSDCents(fromCents(-toCents(i.feeDeducted)))}</TD>}
            {fees && <TD className="tabular text-end font-semibold">{formatUSDCents(i.net)}</TD>}
          </TR>
        ))}
      </TBody>
    </Table>
  );
}

/** An investor's own breakdown of one distribution, as a definition list. */
export function InvestorBreakdown({ tiers }: { tiers: InvestorTierBreakdown }) {
  const { t } = distributionsText.useT();
  const rows: [string, string][] = [
    [t('tier.returnOfCapital'), tiers.returnOfCapital],
    [t('tier.preferredReturn'), tiers.preferredReturn],
    [t('tier.catchUp'), tiers.catchUp],
    [t('tier.carry'), tiers.carriedInterest],
  ];
  return (
    <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, amount]) => (
        <Row key={label} label={label}>
          {formatUSDCents(amount)}
        </Row>
      ))}
    </dl>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="tabular text-end text-text">{children}</dd>
    </>
  );
}
