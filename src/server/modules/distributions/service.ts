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
import { sql } from '../../db/sql.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { notifyDistribution } from '../email/notify.ts';
import { feeDeductions } from '../ledger/fees.ts';
import { postEntry } from '../ledger/service.ts';
import { screeningBlock } from '../screening/service.ts';
import { companyDayIn } from '../settings/clock.ts';
import { computeDistribution, recordClawbackAndEscrow } from '../waterfall/service.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';

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
  const deal = await sql<{ id: string; title: string; spv_entity: string | null; created: string }>(
    "SELECT id, title, spv_entity, to_char(created_at AT TIME ZONE $2::text, 'YYYY-MM-DD') AS created FROM deals WHERE id = $1 FOR UPDATE",
  ).first(q, [input.dealId, (await companyDayIn(q)).zone]);
  if (!deal) throw notFound('Deal not found');
  const recordDate = input.recordDate ?? (await companyDayIn(q)).today;
  if (recordDate < deal.created) {
    const msg = `The record date cannot be before the deal existed (${deal.created})`;
    throw badRequest(msg, { recordDate: msg });
  }
  // One final distribution per deal (decision 039 amendment of 27 Nov): it releases the escrow once.
  if (input.final === true) {
    const earlier = await sql<{ payment_date: string }>(
      "SELECT to_char(payment_date, 'YYYY-MM-DD') AS payment_date FROM distribution_events WHERE deal_id = $1 AND is_final LIMIT 1",
    ).first(q, [deal.id]);
    if (earlier)
      throw conflict(`This deal already has its final distribution (${earlier.payment_date})`, 'ALREADY_FINAL', {
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
  const event = (await sql<{
    id: string;
  }>(`INSERT INTO distribution_events (deal_id, type, total_amount, payment_date, record_date, spv_entity, created_by, terms_id, return_of_capital,
                                        preferred_return, catch_up, carried_interest_lp, carried_interest_gp, lp_total, gp_total,
                                        hurdle_before, hurdle_after)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) RETURNING id`).first(q, [
    deal.id,
    input.type,
    input.totalAmount,
    input.paymentDate,
    recordDate,
    deal.spv_entity,
    actorId,
    computed.terms?.id ?? null,
    t.returnOfCapital,
    t.preferredReturn,
    t.catchUp,
    t.carriedInterestLp,
    t.carriedInterestGp,
    result.lpTotal,
    result.gp,
    result.hurdleBefore,
    result.hurdleAfter,
  ])) as { id: string };
  // Clawback withheld and carry escrow (decision record 039), replayed as recorded.
  await recordClawbackAndEscrow(q, event.id, result, input.final === true);
  // Accrued management fees are taken from each investor's amount (decision 009): the amount and
  // its tiers stay whole (they add up to lpTotal); the cash paid is amount - fee_deducted.
  const deductions = await feeDeductions(q, deal.id, result.perInvestor);
  for (const investorId of Object.keys(result.perInvestor).sort()) {
    const amount = result.perInvestor[investorId] as string;
    // A holder whose share rounds to nothing gets no row (no $0 items in their calendar).
    if (toCents(amount) === 0n) continue;
    const it = result.perInvestorTiers[investorId];
    await q.query(
      `INSERT INTO distributions (event_id, deal_id, investor_id, type, amount, payment_date, record_date, spv_entity, return_of_capital,
                                  preferred_return, catch_up, carried_interest, fee_deducted)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        event.id,
        deal.id,
        investorId,
        input.type,
        amount,
        input.paymentDate,
        recordDate,
        deal.spv_entity,
        it?.returnOfCapital ?? null,
        it?.preferredReturn ?? null,
        it?.catchUp ?? null,
        it?.carriedInterest ?? null,
        fromCents(deductions.get(investorId) ?? 0n),
      ],
    );
  }
  for (const c of computed.carry) {
    await q.query('INSERT INTO distribution_carry (event_id, position, kind, user_id, name, amount) VALUES ($1, $2, $3, $4, $5, $6)', [
      event.id,
      c.position,
      c.kind,
      c.userId,
      c.name,
      c.amount,
    ]);
  }
  await logActivity(q, {
    type: 'distribution_recorded',
    userId: actorId,
    details: {
      eventId: event.id,
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
  await notifyDistribution(q, event.id, false);
  await emitWebhookEvent(q, 'distribution.recorded', {
    distributionId: event.id,
    dealId: deal.id,
    dealTitle: deal.title,
    totalAmount: input.totalAmount,
    paymentDate: input.paymentDate,
    recordDate,
  });
  return (await listEvents(q, event.id))[0] as DistributionEvent;
}

/**
 * Confirm Payment (issue 26): the day the money went out, never after the company's today (409).
 * By default the scheduled payment date, or today when that is still ahead (a payment made early);
 * the event, its allocations and the ledger entries then carry the real date.
 */
export async function markPaid(q: Queryable, eventId: string, actorId: string, ip: string, paidOn?: string): Promise<DistributionEvent> {
  const ev = await sql<{
    id: string;
    paid_at: Date | null;
    deal_id: string;
    total_amount: string;
    payment_date: string;
    record_date: string;
  }>(
    `SELECT id, paid_at, deal_id, total_amount, to_char(payment_date, 'YYYY-MM-DD') AS payment_date, to_char(record_date, 'YYYY-MM-DD') AS record_date
       FROM distribution_events WHERE id = $1 FOR UPDATE`,
  ).first(q, [eventId]);
  if (!ev) throw notFound('Distribution not found');
  if (ev.paid_at) throw conflict('This distribution is already paid', 'ALREADY_PAID');
  const { today } = await companyDayIn(q);
  const day = paidOn ?? (ev.payment_date < today ? ev.payment_date : today);
  if (day > today) {
    const msg = `The payment cannot be confirmed for a day after today (${today}): confirm it once the money has gone out`;
    throw conflict(msg, 'FUTURE_DATE', { paidOn: msg });
  }
  // A holder frozen since the distribution was recorded is not paid (issue 31).
  const payees = await sql<{ investor_id: string }>('SELECT investor_id FROM distributions WHERE event_id = $1 AND amount > 0').all(q, [
    eventId,
  ]);
  await screeningBlock(
    q,
    payees.map((p) => p.investor_id),
    'distribution',
  );
  await q.query('UPDATE distribution_events SET paid_at = now(), paid_by = $2, payment_date = $3 WHERE id = $1', [eventId, actorId, day]);
  await q.query('UPDATE distributions SET paid_at = now(), payment_date = $2 WHERE event_id = $1', [eventId, day]);
  await postDistributionEntries(q, eventId, actorId);
  await logActivity(q, {
    type: 'distribution_paid',
    userId: actorId,
    details: { eventId, dealId: ev.deal_id, amount: ev.total_amount, paidOn: day, scheduledFor: ev.payment_date },
    ip,
  });
  await notifyDistribution(q, eventId, true);
  return (await listEvents(q, eventId))[0] as DistributionEvent;
}

/** A paid distribution enters each holder's capital account at its payment date. */
export async function postDistributionEntries(q: Queryable, eventId: string, actorId: string | null): Promise<void> {
  const rows = await sql<{
    investor_id: string;
    deal_id: string;
    amount: string;
    type: string;
    payment_date: string;
    record_date: string;
  }>(`SELECT investor_id, deal_id, amount, type, to_char(payment_date, 'YYYY-MM-DD') AS payment_date, to_char(record_date, 'YYYY-MM-DD') AS record_date
       FROM distributions WHERE event_id = $1 AND amount > 0`).all(q, [eventId]);
  for (const r of rows) {
    await postEntry(q, {
      investorId: r.investor_id,
      dealId: r.deal_id,
      kind: 'distribution',
      cents: toCents(r.amount),
      date: r.payment_date,
      recordDate: r.record_date,
      distributionType: r.type,
      distributionEventId: eventId,
      createdBy: actorId,
    });
  }
}

export async function listEvents(q: Queryable, eventId?: string, today?: string): Promise<DistributionEvent[]> {
  const day = today ?? (await companyDayIn(q)).today;
  const events = await sql<{
    id: string;
    deal_id: string;
    title: string;
    type: string;
    total_amount: string;
    payment_date: string;
    record_date: string;
    spv_entity: string | null;
    paid_at: Date | null;
    created_at: Date;
    lp_total: string | null;
    gp_total: string | null;
    return_of_capital: string | null;
    preferred_return: string | null;
    catch_up: string | null;
    carried_interest_lp: string | null;
    carried_interest_gp: string | null;
    terms_version: number | null;
    hurdle_rate: string | null;
    catch_up_kind: 'none' | 'full' | 'partial' | null;
    catch_up_rate: string | null;
    carry_rate: string | null;
  }>(`SELECT e.id, e.deal_id, d.title, e.type, e.total_amount, to_char(e.payment_date, 'YYYY-MM-DD') AS payment_date,
            to_char(e.record_date, 'YYYY-MM-DD') AS record_date, e.spv_entity, e.paid_at, e.created_at, e.lp_total, e.gp_total, e.return_of_capital, e.preferred_return, e.catch_up, e.carried_interest_lp, e.carried_interest_gp,
            t.version AS terms_version, t.hurdle_rate::text AS hurdle_rate, t.catch_up AS catch_up_kind, t.catch_up_rate::text AS catch_up_rate,
            t.carry_rate::text AS carry_rate
       FROM distribution_events e JOIN deals d ON d.id = e.deal_id LEFT JOIN deal_terms t ON t.id = e.terms_id
      ${eventId ? 'WHERE e.id = $1' : ''} ORDER BY e.payment_date DESC, e.created_at DESC`).all(q, eventId ? [eventId] : []);
  const carry = await sql<{
    event_id: string;
    name: string;
    amount: string;
  }>(`SELECT c.event_id, coalesce(p.name, c.name) AS name, c.amount FROM distribution_carry c LEFT JOIN profiles p ON p.id = c.user_id
      ${eventId ? 'WHERE c.event_id = $1' : ''} ORDER BY c.event_id, c.position`).all(q, eventId ? [eventId] : []);
  const allocs = await sql<{
    event_id: string;
    investor_id: string;
    name: string;
    amount: string;
  }>(`SELECT x.event_id, x.investor_id, p.name, x.amount FROM distributions x JOIN profiles p ON p.id = x.investor_id
      ${eventId ? 'WHERE x.event_id = $1' : ''} ORDER BY p.name`).all(q, eventId ? [eventId] : []);
  return events.map((e) => ({
    id: e.id,
    dealId: e.deal_id,
    dealTitle: e.title,
    type: e.type,
    totalAmount: e.total_amount,
    paymentDate: e.payment_date,
    recordDate: e.record_date,
    status: distributionStatus(e.payment_date, e.paid_at, day),
    spvEntity: e.spv_entity,
    allocations: allocs
      .filter((a) => a.event_id === e.id)
      .map((a) => ({ investorId: a.investor_id, investorName: a.name, amount: a.amount })),
    createdAt: new Date(e.created_at).toISOString(),
    waterfall:
      e.lp_total === null || e.gp_total === null
        ? null
        : {
            termsVersion: e.terms_version,
            termsSummary: describeTerms(
              e.terms_version === null
                ? null
                : {
                    hurdleRate: tidy(e.hurdle_rate ?? '0'),
                    catchUp: e.catch_up_kind ?? 'none',
                    catchUpRate: tidy(e.catch_up_rate ?? '0'),
                    carryRate: tidy(e.carry_rate ?? '0'),
                  },
            ),
            tiers: {
              returnOfCapital: e.return_of_capital ?? '0.00',
              preferredReturn: e.preferred_return ?? '0.00',
              catchUp: e.catch_up ?? '0.00',
              carriedInterestLp: e.carried_interest_lp ?? '0.00',
              carriedInterestGp: e.carried_interest_gp ?? '0.00',
            },
            lpTotal: e.lp_total,
            gp: e.gp_total,
            carry: carry.filter((c) => c.event_id === e.id).map((c) => ({ name: c.name, amount: c.amount })),
          },
  }));
}

/** An investor's Distribution Calendar: upcoming within 90 days, history, and the three cards. */
export async function investorCalendar(q: Queryable, investorId: string, today?: string): Promise<DistributionCalendar> {
  const day = today ?? (await companyDayIn(q)).today;
  const rows = await sql<{
    id: string;
    event_id: string;
    deal_id: string;
    title: string;
    type: string;
    amount: string;
    payment_date: string;
    spv_entity: string | null;
    paid_at: Date | null;
    return_of_capital: string | null;
    preferred_return: string | null;
    catch_up: string | null;
    carried_interest: string | null;
    fee_deducted: string;
  }>(`SELECT x.id, x.event_id, x.deal_id, d.title, x.type, x.amount, to_char(x.payment_date, 'YYYY-MM-DD') AS payment_date, x.spv_entity, x.paid_at,
            x.return_of_capital, x.preferred_return, x.catch_up, x.carried_interest, x.fee_deducted::text AS fee_deducted
       FROM distributions x JOIN deals d ON d.id = x.deal_id WHERE x.investor_id = $1 ORDER BY x.payment_date`).all(q, [investorId]);
  const horizon = isoInDays(UPCOMING_DISTRIBUTION_DAYS, day);
  const yearAgo = isoInDays(-365, day);
  const items: DistributionItem[] = rows.map((r) => ({
    id: r.id,
    dealId: r.deal_id,
    dealName: r.title,
    type: r.type,
    status: distributionStatus(r.payment_date, r.paid_at, day),
    amount: r.amount,
    paymentDate: r.payment_date,
    spv: r.spv_entity,
    feeDeducted: r.fee_deducted,
    // The feeds list a notice for every share above zero (feeds/repository.ts distributionLines).
    noticeId: toCents(r.amount) > 0n ? r.event_id : null,
    tiers:
      r.return_of_capital === null
        ? null
        : {
            returnOfCapital: r.return_of_capital,
            preferredReturn: r.preferred_return ?? '0.00',
            catchUp: r.catch_up ?? '0.00',
            carriedInterest: r.carried_interest ?? '0.00',
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
