import { ChevronDown, CircleCheck, ListChecks } from 'lucide-react';
import { useId } from 'react';
import { Trans } from 'react-i18next';
import type { DistributionEvent } from '../../../shared/distributions';
import { formatDate, formatFigure, formatPercent, formatUSD, formatUSDCents } from '../../../shared/format';
import { fromCents, toCents } from '../../../shared/money';
import { Button } from '../../components/ui/button';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import { enumLabel } from '../../lib/i18n';
import { DistributionStatusBadge, Fact, relativeDay, termsText } from './distribution-ui';
import { distributionsText } from './i18n';
import { WaterfallChart } from './waterfall-ui';

/** One distribution event of the Distribution Waterfall list: its facts, Confirm Payment and its allocations. */

export function EventItem({
  event,
  open,
  onToggle,
  onConfirm,
}: {
  event: DistributionEvent;
  open: boolean;
  onToggle: () => void;
  onConfirm: () => void;
}) {
  const { t } = distributionsText.useT();
  const titleId = useId();
  const panelId = useId();
  const n = event.allocations.length;
  return (
    <li aria-labelledby={titleId} data-testid="distribution-event" className="rounded-lg border border-border bg-surface shadow-sm">
      <div className="@container p-4 sm:p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={titleId} className="break-words font-semibold text-ink-900">
              {event.dealTitle}
            </h3>
            <p className="text-sm text-muted">{enumLabel('distributionType', event.type)}</p>
          </div>
          <DistributionStatusBadge status={event.status} />
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 @md:grid-cols-3 @min-[40rem]:grid-cols-[7.5rem_8.5rem_8.5rem_minmax(0,1fr)_5rem]">
          <Fact label={t('event.total')}>
            <span className="tabular text-base font-semibold text-ink-900">{formatUSD(event.totalAmount)}</span>
          </Fact>
          <Fact label={t('event.paymentDate')}>
            <span className="tabular">{formatDate(event.paymentDate)}</span>
            {event.status !== 'Paid' && <span className="block text-xs text-muted">{relativeDay(event.paymentDate)}</span>}
          </Fact>
          <Fact label={t('event.recordDate')}>
            <span className="tabular">{formatDate(event.recordDate)}</span>
          </Fact>
          <Fact label={t('event.spvEntity')}>
            {event.spvEntity ? <bdi>{event.spvEntity}</bdi> : <span className="text-muted">{t('event.notAssigned')}</span>}
          </Fact>
          <Fact label={t('event.investors')}>
            <span className="tabular">{formatFigure(n)}</span>
          </Fact>
        </dl>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" aria-expanded={open} aria-controls={panelId} aria-describedby={titleId} onClick={onToggle}>
            <ChevronDown aria-hidden="true" className={cn('transition-transform motion-reduce:transition-none', open && 'rotate-180')} />
            {open ? t('event.hideAllocations') : t('event.showAllocations')}
          </Button>
          {event.status !== 'Paid' && (
            <Button size="sm" variant={event.status === 'Pending' ? 'primary' : 'secondary'} aria-describedby={titleId} onClick={onConfirm}>
              <CircleCheck aria-hidden="true" />
              {t('event.confirmPayment')}
            </Button>
          )}
        </div>
      </div>
      <div id={panelId} hidden={!open} className="border-t border-border bg-ink-50/60 p-4 sm:p-5">
        {open && <Allocations event={event} />}
      </div>
    </li>
  );
}

function Allocations({ event }: { event: DistributionEvent }) {
  const { t } = distributionsText.useT();
  const total = toCents(event.totalAmount);
  const type = enumLabel('distributionType', event.type);
  const date = formatDate(event.paymentDate);
  const wf = event.waterfall;
  const lines = allocationLines(event, t('event.gpName'));
  const sum = lines.reduce((s, l) => s + toCents(l.amount), 0n);
  const matches = sum === total;
  const shares = shareTenths(
    lines.map((l) => toCents(l.amount)),
    total,
  );
  return (
    <>
      {wf && (
        <div className="mb-4 flex flex-col gap-3">
          <p className="text-sm text-text">
            <span className="font-medium">
              {wf.termsVersion ? t('event.termsVersion', { version: wf.termsVersion }) : t('event.terms')}
            </span>{' '}
            <Trans
              t={t}
              i18nKey={wf.carry.length > 0 ? 'event.splitCarry' : 'event.split'}
              values={{
                summary: termsText(wf.termsSummary),
                lp: formatUSDCents(wf.lpTotal),
                gp: formatUSDCents(wf.gp),
                carry: wf.carry.map((c) => t('event.carryItem', { name: c.name, amount: formatUSDCents(c.amount) })).join(', '),
              }}
              components={{ amount: <span className="tabular font-medium" /> }}
            />
          </p>
          <WaterfallChart
            tiers={wf.tiers}
            total={event.totalAmount}
            gpCatchUp={toCents(wf.gp) - toCents(wf.tiers.carriedInterestGp)}
            caption={t('event.chartCaption', { deal: event.dealTitle, type, date })}
          />
        </div>
      )}
      <h4 className="mb-2 flex items-center gap-2 text-sm font-semibold text-ink-900">
        <ListChecks aria-hidden="true" className="size-4 text-ink-700" />
        {t('event.allocations')}
      </h4>
      <p className="mb-2 text-xs text-muted">{t('event.shareHelp')}</p>
      <Table aria-label={t('event.allocationsOf', { deal: event.dealTitle, type, date })} maxHeight="none">
        <THead>
          <TR>
            <TH>{t('event.investor')}</TH>
            <TH className="text-end">{t('event.share')}</TH>
            <TH className="text-end">{t('event.amount')}</TH>
          </TR>
        </THead>
        <TBody>
          {lines.map((l, i) => (
            <TR key={l.key} data-testid={l.gp ? 'allocation-gp' : undefined}>
              <TD className="font-medium">
                {l.gp ? (
                  <>
                    <bdi>{l.name}</bdi> <span className="font-normal text-muted">{t('event.gpCarry')}</span>
                  </>
                ) : (
                  <bdi>{l.name}</bdi>
                )}
              </TD>
              <TD className="tabular text-end text-muted">{shares ? formatTenths(shares[i] as bigint) : '—'}</TD>
              <TD className="tabular text-end">{formatUSDCents(l.amount)}</TD>
            </TR>
          ))}
        </TBody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="border-t border-border px-3 py-2.5 text-start text-sm font-semibold text-ink-900">
              {t('event.totalAllocated')}
            </th>
            <td
              data-testid="allocation-sum"
              className="tabular border-t border-border px-3 py-2.5 text-end text-sm font-semibold text-ink-900"
            >
              {formatUSDCents(fromCents(sum))}
            </td>
          </tr>
        </tfoot>
      </Table>
      <p className={cn('mt-2 flex items-center gap-1.5 text-sm', matches ? 'text-success-700' : 'text-danger-700')}>
        {matches ? <CircleCheck aria-hidden="true" className="size-4" /> : null}
        {t(matches ? 'event.matches' : 'event.mismatch', { total: formatUSDCents(event.totalAmount) })}
      </p>
    </>
  );
}

interface AllocationLine {
  key: string;
  name: string;
  amount: string;
  gp: boolean;
}

/**
 * The lines that make up a distribution: each investor's allocation, then the GP's carried
 * interest (one line per carry recipient, or one GP line), so the table adds up to the total.
 */
export function allocationLines(event: DistributionEvent, gpName: string): AllocationLine[] {
  const lines: AllocationLine[] = event.allocations.map((a) => ({ key: a.investorId, name: a.investorName, amount: a.amount, gp: false }));
  const wf = event.waterfall;
  if (wf && toCents(wf.gp) > 0n) {
    const recipients = wf.carry.filter((c) => toCents(c.amount) > 0n);
    const carrySum = recipients.reduce((s, c) => s + toCents(c.amount), 0n);
    if (recipients.length > 0 && carrySum === toCents(wf.gp))
      recipients.forEach((c, i) => {
        lines.push({ key: `gp-${i}`, name: c.name, amount: c.amount, gp: true });
      });
    else lines.push({ key: 'gp', name: gpName, amount: wf.gp, gp: true });
  }
  return lines;
}

/**
 * Each line's share of the total in tenths of a percent, from cents: floors of the exact shares,
 * the tenths left to the largest remainders (ties by position), so they add up to exactly 100.0%
 * when the lines add up to the total. Null when there is nothing to share or the lines do not
 * add up (then a share of the total would not sum to 100%).
 */
export function shareTenths(amounts: bigint[], total: bigint): bigint[] | null {
  const sum = amounts.reduce((s, a) => s + a, 0n);
  if (total <= 0n || sum !== total || amounts.some((a) => a < 0n)) return null;
  const parts = amounts.map((a, i) => ({ i, v: (a * 1000n) / total, r: (a * 1000n) % total }));
  let left = 1000n - parts.reduce((s, p) => s + p.v, 0n);
  for (const p of [...parts].sort((a, b) => (b.r > a.r ? 1 : b.r < a.r ? -1 : a.i - b.i))) {
    if (left <= 0n) break;
    p.v += 1n;
    left -= 1n;
  }
  return parts.map((p) => p.v);
}

/** Tenths of a percent -> '95.4%' in the reader's locale (exact: the digits go through a decimal string). */
function formatTenths(tenths: bigint): string {
  return formatPercent({ part: tenths, whole: 1000n });
}
