import type { z } from 'zod';
import { UPCOMING_DISTRIBUTION_DAYS } from '../../../shared/constants.ts';
import { isoInDays } from '../../../shared/dates.ts';
import { describeTerms } from '../../../shared/deal-terms.ts';
import type {
  DistributionCalendar,
  DistributionEvent,
  DistributionItem,
  DistributionStatus,
  recordDistributionInput,
} from '../../../shared/distributions.ts';
import { fromCents, toCents } from '../../../shared/money.ts';
import type { Queryable } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { notifyDistribution } from '../email/notify.ts';
import { feeDeductions } from '../ledger/fees.ts';
import { postEntry } from '../ledger/service.ts';
import { screeningBlock } from '../screening/service.ts';
import { companyDayIn } from '../settings/clock.ts';
import { computeDistribution, recordClawbackAndEscrow } from '../waterfall/service.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';
import * as repo from './repository.ts';

const tidy = (n: string) => (n.includes('.') ? n.replace(/0+$/, '').replace(/\.$/, '') : n);

/** Paid when confirmed; Scheduled while the payment date is ahead; Pending once it has come. */
export function distributionStatus(paymentDate: string, paidAt: Date | string | null, today: string): DistributionStatus {
  if (paidAt) return 'Paid';
  return paymentDate > today ? 'Scheduled' : 'Pending';
}

/** Records a distribution for a deal and allocates it to the deal's Completed subscriptions, to the cent. */
export async function recordDistribution(
  q: Queryable,
  input: z.output<typeof recordDistributionInput>,
  actorId: string,
  ip: string,
): Promise<DistributionEvent> {
  const deal = await repo.lockDealForDistribution(q, input.dealId, (await companyDayIn(q)).zone);
  if (!deal) throw notFound('Deal not found');
  const recordDate = input.recordDate ?? (await companyDayIn(q)).today;
  if (recordDate < deal.created) {
    const msg = `The record date cannot be before the deal existed (${deal.created})`;
    throw badRequest(msg, { recordDate: msg });
  }
  // One final distribution per deal (decision 039 amendment of 27 Nov): it releases the escrow once.
  if (input.final === true) {
    const earlier = await repo.finalDistributionDate(q, deal.id);
    if (earlier)
      throw conflict(`This deal already has its final distribution (${earlier})`, 'ALREADY_FINAL', {
        final: 'This deal already has its final distribution',
      });
  }
  // Holders and their shares: contributed capital as of the record date; the split: the waterfall.
  const computed = await computeDistribution(q, deal.id, input.totalAmount, input.paymentDate, recordDate, input.final === true);
  const { result } = computed;
  await screeningBlock(
    q,
    Object.entries(result.perInvestor)
      .filter(([, amount]) => toCents(amount as string) > 0n)
      .map(([id]) => id),
    'distribution',
  );
  const t = result.tiers;
  const eventId = await repo.insertEvent(q, {
    dealId: deal.id,
    type: input.type,
    totalAmount: input.totalAmount,
    paymentDate: input.paymentDate,
    recordDate,
    spvEntity: deal.spvEntity,
    createdBy: actorId,
    termsId: computed.terms?.id ?? null,
    returnOfCapital: t.returnOfCapital,
    preferredReturn: t.preferredReturn,
    catchUp: t.catchUp,
    carriedInterestLp: t.carriedInterestLp,
    carriedInterestGp: t.carriedInterestGp,
    lpTotal: result.lpTotal,
    gpTotal: result.gp,
    hurdleBefore: result.hurdleBefore,
    hurdleAfter: result.hurdleAfter,
  });
  // Clawback withheld and carry escrow (decision record 039), replayed as recorded.
  await recordClawbackAndEscrow(q, eventId, result, input.final === true);
  // Accrued management fees are taken from each investor's amount (decision 009): the amount and
  // its tiers stay whole (they add up to lpTotal); the cash paid is amount - fee_deducted.
  const deductions = await feeDeductions(q, deal.id, result.perInvestor);
  for (const investorId of Object.keys(result.perInvestor).sort()) {
    const amount = result.perInvestor[investorId] as string;
    // A holder whose share rounds to nothing gets no row (no $0 items in their calendar).
    if (toCents(amount) === 0n) continue;
    const it = result.perInvestorTiers[investorId];
    await repo.insertAllocation(q, {
      eventId,
      dealId: deal.id,
      investorId,
      type: input.type,
      amount,
      paymentDate: input.paymentDate,
      recordDate,
      spvEntity: deal.spvEntity,
      returnOfCapital: it?.returnOfCapital ?? null,
      preferredReturn: it?.preferredReturn ?? null,
      catchUp: it?.catchUp ?? null,
      carriedInterest: it?.carriedInterest ?? null,
      feeDeducted: fromCents(deductions.get(investorId) ?? 0n),
    });
  }
  for (const c of computed.carry) {
    await repo.insertCarry(q, { eventId, position: c.position, kind: c.kind, userId: c.userId, name: c.name, amount: c.amount });
  }
  await logActivity(q, {
    type: 'distribution_recorded',
    userId: actorId,
    details: {
      eventId: eventId,
      dealId: deal.id,
      title: deal.title,
      amount: input.totalAmount,
      paymentDate: input.paymentDate,
      termsVersion: computed.terms?.version ?? null,
      gp: result.gp,
      recordDate,
    },
    ip,
  });
  await notifyDistribution(q, eventId, false);
  await emitWebhookEvent(q, 'distribution.recorded', {
    distributionId: eventId,
    dealId: deal.id,
    dealTitle: deal.title,
    totalAmount: input.totalAmount,
    paymentDate: input.paymentDate,
    recordDate,
  });
  return (await listEvents(q, eventId))[0] as DistributionEvent;
}

/**
 * Confirm Payment (issue 26): the day the money went out, never after the company's today (409).
 * By default the scheduled payment date, or today when that is still ahead (a payment made early);
 * the event, its allocations and the ledger entries then carry the real date.
 */
export async function markPaid(q: Queryable, eventId: string, actorId: string, ip: string, paidOn?: string): Promise<DistributionEvent> {
  const ev = await repo.lockEvent(q, eventId);
  if (!ev) throw notFound('Distribution not found');
  if (ev.paidAt) throw conflict('This distribution is already paid', 'ALREADY_PAID');
  const { today } = await companyDayIn(q);
  const day = paidOn ?? (ev.paymentDate < today ? ev.paymentDate : today);
  if (day > today) {
    const msg = `The payment cannot be confirmed for a day after today (${today}): confirm it once the money has gone out`;
    throw conflict(msg, 'FUTURE_DATE', { paidOn: msg });
  }
  // A holder frozen since the distribution was recorded is not paid (issue 31).
  await screeningBlock(q, await repo.payeesOf(q, eventId), 'distribution');
  await repo.setPaid(q, eventId, actorId, day);
  await postDistributionEntries(q, eventId, actorId);
  await logActivity(q, {
    type: 'distribution_paid',
    userId: actorId,
    details: { eventId, dealId: ev.dealId, amount: ev.totalAmount, paidOn: day, scheduledFor: ev.paymentDate },
    ip,
  });
  await notifyDistribution(q, eventId, true);
  return (await listEvents(q, eventId))[0] as DistributionEvent;
}

/** A paid distribution enters each holder's capital account at its payment date. */
export async function postDistributionEntries(q: Queryable, eventId: string, actorId: string | null): Promise<void> {
  const rows = await repo.paidShares(q, eventId);
  for (const r of rows) {
    await postEntry(q, {
      investorId: r.investorId,
      dealId: r.dealId,
      kind: 'distribution',
      cents: toCents(r.amount),
      date: r.paymentDate,
      recordDate: r.recordDate,
      distributionType: r.type,
      distributionEventId: eventId,
      createdBy: actorId,
    });
  }
}

export async function listEvents(q: Queryable, eventId?: string, today?: string): Promise<DistributionEvent[]> {
  const day = today ?? (await companyDayIn(q)).today;
  const events = await repo.events(q, eventId);
  const carry = await repo.carryOf(q, eventId);
  const allocs = await repo.allocationsOf(q, eventId);
  return events.map((e) => ({
    id: e.id,
    dealId: e.dealId,
    dealTitle: e.title,
    type: e.type,
    totalAmount: e.totalAmount,
    paymentDate: e.paymentDate,
    recordDate: e.recordDate,
    status: distributionStatus(e.paymentDate, e.paidAt, day),
    spvEntity: e.spvEntity,
    allocations: allocs
      .filter((a) => a.eventId === e.id)
      .map((a) => ({ investorId: a.investorId, investorName: a.name, amount: a.amount })),
    createdAt: e.createdAt.toISOString(),
    waterfall:
      e.lpTotal === null || e.gpTotal === null
        ? null
        : {
            termsVersion: e.termsVersion,
            termsSummary: describeTerms(
              e.termsVersion === null
                ? null
                : {
                    hurdleRate: tidy(e.hurdleRate ?? '0'),
                    catchUp: e.catchUpKind ?? 'none',
                    catchUpRate: tidy(e.catchUpRate ?? '0'),
                    carryRate: tidy(e.carryRate ?? '0'),
                  },
            ),
            tiers: {
              returnOfCapital: e.returnOfCapital ?? '0.00',
              preferredReturn: e.preferredReturn ?? '0.00',
              catchUp: e.catchUp ?? '0.00',
              carriedInterestLp: e.carriedInterestLp ?? '0.00',
              carriedInterestGp: e.carriedInterestGp ?? '0.00',
            },
            lpTotal: e.lpTotal,
            gp: e.gpTotal,
            carry: carry.filter((c) => c.eventId === e.id).map((c) => ({ name: c.name, amount: c.amount })),
          },
  }));
}

/** An investor's Distribution Calendar: upcoming within 90 days, history, and the three cards. */
export async function investorCalendar(q: Queryable, investorId: string, today?: string): Promise<DistributionCalendar> {
  const day = today ?? (await companyDayIn(q)).today;
  const rows = await repo.investorShares(q, investorId);
  const horizon = isoInDays(UPCOMING_DISTRIBUTION_DAYS, day);
  const yearAgo = isoInDays(-365, day);
  const items: DistributionItem[] = rows.map((r) => ({
    id: r.id,
    dealId: r.dealId,
    dealName: r.title,
    type: r.type,
    status: distributionStatus(r.paymentDate, r.paidAt, day),
    amount: r.amount,
    paymentDate: r.paymentDate,
    spv: r.spvEntity,
    feeDeducted: r.feeDeducted,
    // The feeds list a notice for every share above zero (feeds/repository.ts distributionLines).
    noticeId: toCents(r.amount) > 0n ? r.eventId : null,
    tiers:
      r.returnOfCapital === null
        ? null
        : {
            returnOfCapital: r.returnOfCapital,
            preferredReturn: r.preferredReturn ?? '0.00',
            catchUp: r.catchUp ?? '0.00',
            carriedInterest: r.carriedInterest ?? '0.00',
          },
  }));
  const upcoming = items.filter((i) => i.status !== 'Paid' && i.paymentDate >= day && i.paymentDate <= horizon);
  const history = items.filter((i) => i.status === 'Paid' || i.paymentDate < day).reverse();
  const sum = (list: DistributionItem[]) => fromCents(list.reduce((s, i) => s + toCents(i.amount), 0n));
  const pastYear = items.filter((i) => i.status === 'Paid' && i.paymentDate >= yearAgo && i.paymentDate <= day);
  return {
    upcoming,
    history,
    upcomingTotal: sum(upcoming),
    nextPaymentDate: upcoming[0]?.paymentDate ?? null,
    pastYearTotal: sum(pastYear),
  };
}
