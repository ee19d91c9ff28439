import type { z } from 'zod';
import { UPCOMING_DISTRIBUTION_DAYS } from '../../../shared/constants.ts';
import { isoInDays, todayIso } from '../../../shared/dates.ts';
import { ownershipAsOf } from '../../../shared/ledger.ts';
import type {
  DistributionCalendar,
  DistributionEvent,
  DistributionItem,
  DistributionStatus,
  recordDistributionInput,
} from '../../../shared/portal.ts';
import type { Queryable } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { dealFacts, postEntry } from '../ledger/service.ts';
import { fromCents, splitDistribution, toCents } from './allocation.ts';

/** Paid when confirmed; Scheduled while the payment date is ahead; Pending once it has come. */
export function distributionStatus(paymentDate: string, paidAt: Date | string | null, now: Date = new Date()): DistributionStatus {
  if (paidAt) return 'Paid';
  return paymentDate > todayIso(now) ? 'Scheduled' : 'Pending';
}

/** Records a distribution for a deal and allocates it to the deal's Completed subscriptions, to the cent. */
export async function recordDistribution(
  q: Queryable,
  input: z.output<typeof recordDistributionInput>,
  actorId: string,
  ip: string,
): Promise<DistributionEvent> {
  const deal = (
    await q.query<{ id: string; title: string; spv_entity: string | null; created: string }>(
      "SELECT id, title, spv_entity, to_char(created_at, 'YYYY-MM-DD') AS created FROM deals WHERE id = $1 FOR UPDATE",
      [input.dealId],
    )
  )[0];
  if (!deal) throw notFound('Deal not found');
  const recordDate = input.recordDate ?? todayIso();
  if (recordDate < deal.created) {
    const msg = `The record date cannot be before the deal existed (${deal.created})`;
    throw badRequest(msg, { recordDate: msg });
  }
  // Holders and their shares: contributed capital as of the record date (later entries ignored).
  const ownership = ownershipAsOf((await dealFacts(q, [deal.id])).get(deal.id) ?? new Map(), recordDate);
  if (ownership.size === 0) throw conflict('Nobody held contributed capital in this deal on the record date', 'NO_HOLDERS');
  const allocation = splitDistribution(
    toCents(input.totalAmount),
    [...ownership.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([investorId, cents]) => ({ investorId, cents })),
  );
  const event = (
    await q.query<{ id: string }>(
      `INSERT INTO distribution_events (deal_id, type, total_amount, payment_date, record_date, spv_entity, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [deal.id, input.type, input.totalAmount, input.paymentDate, recordDate, deal.spv_entity, actorId],
    )
  )[0] as { id: string };
  for (const [investorId, cents] of allocation) {
    // A holder whose share rounds to nothing gets no row (no $0 items in their calendar).
    if (cents === 0n) continue;
    await q.query(
      `INSERT INTO distributions (event_id, deal_id, investor_id, type, amount, payment_date, record_date, spv_entity) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [event.id, deal.id, investorId, input.type, fromCents(cents), input.paymentDate, recordDate, deal.spv_entity],
    );
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
      recordDate,
    },
    ip,
  });
  return (await listEvents(q, event.id))[0] as DistributionEvent;
}

export async function markPaid(q: Queryable, eventId: string, actorId: string, ip: string): Promise<DistributionEvent> {
  const ev = (
    await q.query<{ id: string; paid_at: Date | null; deal_id: string; total_amount: string }>(
      'SELECT id, paid_at, deal_id, total_amount FROM distribution_events WHERE id = $1 FOR UPDATE',
      [eventId],
    )
  )[0];
  if (!ev) throw notFound('Distribution not found');
  if (ev.paid_at) throw conflict('This distribution is already paid', 'ALREADY_PAID');
  await q.query('UPDATE distribution_events SET paid_at = now(), paid_by = $2 WHERE id = $1', [eventId, actorId]);
  await q.query('UPDATE distributions SET paid_at = now() WHERE event_id = $1', [eventId]);
  await postDistributionEntries(q, eventId, actorId);
  await logActivity(q, {
    type: 'distribution_paid',
    userId: actorId,
    details: { eventId, dealId: ev.deal_id, amount: ev.total_amount },
    ip,
  });
  return (await listEvents(q, eventId))[0] as DistributionEvent;
}

/** A paid distribution enters each holder's capital account at its payment date. */
export async function postDistributionEntries(q: Queryable, eventId: string, actorId: string | null): Promise<void> {
  const rows = await q.query<{
    investor_id: string;
    deal_id: string;
    amount: string;
    type: string;
    payment_date: string;
    record_date: string;
  }>(
    `SELECT investor_id, deal_id, amount, type, to_char(payment_date, 'YYYY-MM-DD') AS payment_date, to_char(record_date, 'YYYY-MM-DD') AS record_date
       FROM distributions WHERE event_id = $1 AND amount > 0`,
    [eventId],
  );
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

export async function listEvents(q: Queryable, eventId?: string): Promise<DistributionEvent[]> {
  const events = await q.query<{
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
  }>(
    `SELECT e.id, e.deal_id, d.title, e.type, e.total_amount, to_char(e.payment_date, 'YYYY-MM-DD') AS payment_date, to_char(e.record_date, 'YYYY-MM-DD') AS record_date, e.spv_entity, e.paid_at, e.created_at
       FROM distribution_events e JOIN deals d ON d.id = e.deal_id ${eventId ? 'WHERE e.id = $1' : ''} ORDER BY e.payment_date DESC, e.created_at DESC`,
    eventId ? [eventId] : [],
  );
  const allocs = await q.query<{ event_id: string; investor_id: string; name: string; amount: string }>(
    `SELECT x.event_id, x.investor_id, p.name, x.amount FROM distributions x JOIN profiles p ON p.id = x.investor_id
      ${eventId ? 'WHERE x.event_id = $1' : ''} ORDER BY p.name`,
    eventId ? [eventId] : [],
  );
  return events.map((e) => ({
    id: e.id,
    dealId: e.deal_id,
    dealTitle: e.title,
    type: e.type,
    totalAmount: e.total_amount,
    paymentDate: e.payment_date,
    recordDate: e.record_date,
    status: distributionStatus(e.payment_date, e.paid_at),
    spvEntity: e.spv_entity,
    allocations: allocs
      .filter((a) => a.event_id === e.id)
      .map((a) => ({ investorId: a.investor_id, investorName: a.name, amount: a.amount })),
    createdAt: new Date(e.created_at).toISOString(),
  }));
}

/** An investor's Distribution Calendar: upcoming within 90 days, history, and the three cards. */
export async function investorCalendar(q: Queryable, investorId: string, now: Date = new Date()): Promise<DistributionCalendar> {
  const rows = await q.query<{
    id: string;
    deal_id: string;
    title: string;
    type: string;
    amount: string;
    payment_date: string;
    spv_entity: string | null;
    paid_at: Date | null;
  }>(
    `SELECT x.id, x.deal_id, d.title, x.type, x.amount, to_char(x.payment_date, 'YYYY-MM-DD') AS payment_date, x.spv_entity, x.paid_at
       FROM distributions x JOIN deals d ON d.id = x.deal_id WHERE x.investor_id = $1 ORDER BY x.payment_date`,
    [investorId],
  );
  const today = todayIso(now);
  const horizon = isoInDays(UPCOMING_DISTRIBUTION_DAYS, now);
  const yearAgo = isoInDays(-365, now);
  const items: DistributionItem[] = rows.map((r) => ({
    id: r.id,
    dealId: r.deal_id,
    dealName: r.title,
    type: r.type,
    status: distributionStatus(r.payment_date, r.paid_at, now),
    amount: r.amount,
    paymentDate: r.payment_date,
    spv: r.spv_entity,
  }));
  const upcoming = items.filter((i) => i.status !== 'Paid' && i.paymentDate >= today && i.paymentDate <= horizon);
  const history = items.filter((i) => i.status === 'Paid' || i.paymentDate < today).reverse();
  const sum = (list: DistributionItem[]) => fromCents(list.reduce((s, i) => s + toCents(i.amount), 0n));
  const pastYear = items.filter((i) => i.status === 'Paid' && i.paymentDate >= yearAgo && i.paymentDate <= today);
  return {
    upcoming,
    history,
    upcomingTotal: sum(upcoming),
    nextPaymentDate: upcoming[0]?.paymentDate ?? null,
    pastYearTotal: sum(pastYear),
  };
}
