import { useId } from 'react';
import { Trans } from 'react-i18next';
import type { DealWaterfallSummary } from '../../../shared/deal-terms';
import { percentUnits } from '../../../shared/deal-terms';
import { formatUSDCents } from '../../../shared/format';
import { toCents } from '../../../shared/money';
import { ListSkeleton } from '../../components/ui/skeleton';
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { useDealWaterfalls } from './api';
import { ClawbackEscrowStatus } from './clawback-escrow';
import { ClawbackPayments } from './clawback-payment';
import { termsText } from './distribution-ui';
import { EscrowPayouts } from './escrow-payout';
import { distributionsText } from './i18n';

/** Per deal: cumulative amounts by tier, how far investors are from the hurdle, carry paid per recipient. */
export function DealWaterfallSummaries() {
  const { t } = distributionsText.useT();
  const q = useDealWaterfalls();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mb-6">
      <h2 id={headingId} className="mb-1 text-lg font-semibold text-ink-900">
        {t('byDeal.title')}
      </h2>
      <p className="mb-3 text-sm text-muted">{t('byDeal.description')}</p>
      {q.isPending ? (
        <ListSkeleton count={1} rowClassName="h-32" label={t('byDeal.loading')} />
      ) : q.isError ? (
        <p role="alert" className="text-sm text-danger-700">
          {t('byDeal.loadFailed')}
        </p>
      ) : (
        <Table aria-label={t('byDeal.table')} maxHeight="none">
          <THead>
            <TR>
              <TH>{t('byDeal.deal')}</TH>
              <TH>{t('byDeal.terms')}</TH>
              <TH className="text-end">{t('byDeal.contributed')}</TH>
              <TH className="text-end">{t('byDeal.distributed')}</TH>
              <TH className="text-end">{t('byDeal.returnOfCapital')}</TH>
              <TH className="text-end">{t('byDeal.preferredReturn')}</TH>
              <TH className="text-end">{t('byDeal.catchUp')}</TH>
              <TH className="text-end">{t('byDeal.carryInvestors')}</TH>
              <TH className="text-end">{t('byDeal.carryGp')}</TH>
              <TH>{t('byDeal.hurdleStatus')}</TH>
              <TH>{t('byDeal.carryPaid')}</TH>
            </TR>
          </THead>
          <TBody>
            {q.data.length === 0 ? (
              <EmptyRow colSpan={11}>{t('byDeal.empty')}</EmptyRow>
            ) : (
              q.data.map((d) => (
                <TR key={d.dealId} data-testid="deal-waterfall">
                  <TD className="font-medium">
                    <bdi>{d.dealTitle}</bdi>
                  </TD>
                  <TD className="min-w-48">
                    {termsText(d.termsSummary)}
                    {d.termsVersion ? (
                      <span className="block text-xs text-muted">{t('byDeal.version', { version: d.termsVersion })}</span>
                    ) : null}
                  </TD>
                  <TD className="tabular text-end">{formatUSDCents(d.contributed)}</TD>
                  <TD className="tabular text-end">
                    {formatUSDCents(d.distributed)}
                    {d.scheduledCount > 0 ? (
                      <span data-testid="scheduled" className="block text-xs font-normal text-muted">
                        {t('byDeal.scheduled', { count: d.scheduledCount, amount: formatUSDCents(d.scheduled) })}
                      </span>
                    ) : null}
                  </TD>
                  <TD className="tabular text-end">{formatUSDCents(d.tiers.returnOfCapital)}</TD>
                  <TD className="tabular text-end">{formatUSDCents(d.tiers.preferredReturn)}</TD>
                  <TD className="tabular text-end">{formatUSDCents(d.tiers.catchUp)}</TD>
                  <TD className="tabular text-end">{formatUSDCents(d.tiers.carriedInterestLp)}</TD>
                  <TD className="tabular text-end">{formatUSDCents(d.tiers.carriedInterestGp)}</TD>
                  <TD className="min-w-40">
                    <HurdleStatus d={d} />
                  </TD>
                  <TD className="min-w-40">
                    {d.carryByRecipient.length === 0 ? (
                      <span className="text-muted">{t('byDeal.noneYet')}</span>
                    ) : (
                      <ul>
                        {d.carryByRecipient.map((c) => (
                          <li key={c.name}>
                            <Trans
                              t={t}
                              i18nKey="byDeal.carryPaidItem"
                              values={{ name: c.name, amount: formatUSDCents(c.amount) }}
                              components={{ amount: <span className="tabular" /> }}
                            />
                          </li>
                        ))}
                      </ul>
                    )}
                    <ClawbackEscrowStatus d={d} />
                    <EscrowPayouts d={d} />
                    <ClawbackPayments d={d} />
                  </TD>
                </TR>
              ))
            )}
          </TBody>
        </Table>
      )}
    </section>
  );
}

/**
 * Where investors stand today after what they were paid: the amount still to reach the preferred
 * return; with no preferred return there is no hurdle, only capital still to return.
 */
function HurdleStatus({ d }: { d: DealWaterfallSummary }) {
  const { t } = distributionsText.useT();
  const remaining = toCents(d.hurdleRemaining);
  if (toCents(d.contributed) <= 0n) return <span className="text-muted">{t('byDeal.noContributions')}</span>;
  const noHurdle = percentUnits(d.hurdleRate) <= 0n;
  if (remaining > 0n)
    return (
      <Trans
        t={t}
        i18nKey={noHurdle ? 'byDeal.capitalToReturn' : 'byDeal.toReach'}
        values={{ amount: formatUSDCents(d.hurdleRemaining), rate: d.hurdleRate }}
        components={{ amount: <span className="tabular font-medium" />, note: <span className="block text-xs text-muted" /> }}
      />
    );
  return <span className="font-medium text-success-700">{t(noHurdle ? 'byDeal.capitalReturned' : 'byDeal.reached')}</span>;
}
