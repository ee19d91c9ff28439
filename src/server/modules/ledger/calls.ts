import type { z } from 'zod';
import type { CallChoices, CallPlan, newCallInput } from '../../../shared/call-targets.ts';
import {
  balancesAsOf,
  type CallLine,
  type CallLineStatus,
  type CapitalCall,
  callLineStatus,
  callStatus,
  type InvestorCallNotice,
  type PaymentInstructions,
  percentOf,
  type receiptInput,
} from '../../../shared/ledger.ts';
import { allocateLargestRemainder, formatUsdExact, fromCents, parsePercent, toCents } from '../../../shared/money.ts';
import { formatAccountNumber } from '../../../shared/spvs.ts';
import type { Queryable } from '../../db/client.ts';
import { sql } from '../../db/sql.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { notifyCapitalCallIssued } from '../email/notify.ts';
import { screeningBlock } from '../screening/service.ts';
import { companyDayIn } from '../settings/clock.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';
import { FACT_COLUMNS, type FactRow, postEntry, toFacts } from './service.ts';

/** One committed investor of a deal as a call sees them: their close, commitment and what is uncalled. */
interface Candidate {
  id: string;
  name: string;
  closeDate: string;
  committed: bigint;
  unfunded: bigint;
}

/** The deal's committed investors with their close (the day of their first commitment) and balances. */
async function candidates(q: Queryable, dealId: string): Promise<Candidate[]> {
  const rows = await sql<FactRow & { name: string }>(
    `SELECT ${FACT_COLUMNS}, p.name FROM ledger_entries e JOIN profiles p ON p.id = e.investor_id WHERE e.deal_id = $1 ORDER BY e.entry_date, e.created_at`,
  ).all(q, [dealId]);
  const byInvestor = new Map<string, { name: string; close: string | null; facts: ReturnType<typeof toFacts>[] }>();
  for (const r of rows) {
    const x = byInvestor.get(r.investor_id) ?? { name: r.name, close: null, facts: [] };
    x.facts.push(toFacts(r));
    if (r.kind === 'commitment' && (x.close === null || r.entry_date < x.close)) x.close = r.entry_date;
    byInvestor.set(r.investor_id, x);
  }
  return [...byInvestor.entries()]
    .map(([id, x]) => ({ id, name: x.name, closeDate: x.close ?? '', b: balancesAsOf(x.facts) }))
    .filter((i) => i.b.committed > 0n)
    .map((i) => ({ id: i.id, name: i.name, closeDate: i.closeDate, committed: i.b.committed, unfunded: i.b.unfunded }))
    .sort((a, b) => a.closeDate.localeCompare(b.closeDate) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** The deal's closes, oldest first (each day a commitment was first made, with its investors). */
function closesOf(all: Candidate[]): CallPlan['closes'] {
  const out = new Map<string, string[]>();
  for (const c of all) out.set(c.closeDate, [...(out.get(c.closeDate) ?? []), c.id]);
  return [...out.entries()].map(([date, investorIds]) => ({ date, investorIds }));
}

/** What is missing from the deal's payment instructions (decision record 016: a call notice must say where to pay). */
export async function missingPaymentDetails(q: Queryable, dealId: string): Promise<string | null> {
  const r = await sql<{
    spv_entity: string | null;
    found: boolean;
    bank_name: string | null;
    account_name: string | null;
    account_number: string | null;
    swift_code: string | null;
  }>(
    `SELECT d.spv_entity, s.id IS NOT NULL AS found, s.bank_name, s.account_name, s.account_number, s.swift_code
       FROM deals d LEFT JOIN spvs s ON lower(s.name) = lower(d.spv_entity) WHERE d.id = $1`,
  ).first(q, [dealId]);
  if (!r) return null;
  if (!r.spv_entity?.trim())
    return 'This deal names no SPV, so a call notice would have no payment details: name the SPV on the deal and add its bank details first';
  if (!r.found) return `The SPV ${r.spv_entity} named on this deal is not on the SPVs screen: add it with its bank details first`;
  const missing = [
    ['bank name', r.bank_name],
    ['account holder', r.account_name],
    ['account number or IBAN', r.account_number],
    ['SWIFT/BIC', r.swift_code],
  ]
    .filter(([, v]) => !v?.trim())
    .map(([label]) => label as string);
  if (missing.length === 0) return null;
  return `The SPV ${r.spv_entity} has no payment details (missing: ${missing.join(', ')}): add them on the SPVs screen before issuing a call`;
}

/**
 * Plans a call: whom it asks (the whole deal, a close or named investors) and each one's part,
 * pro rata to their unfunded commitment or to their commitment, to the cent (largest remainder:
 * the parts sum exactly to the call). No part may exceed an investor's unfunded commitment (409).
 */
export async function planCall(
  q: Queryable,
  input: z.output<typeof newCallInput>,
): Promise<CallPlan & { parts: Map<string, bigint>; chosen: Candidate[]; total: bigint }> {
  const all = await candidates(q, input.dealId);
  if (all.length === 0) throw conflict('This deal has no committed investors to call', 'NO_COMMITMENTS');
  let chosen = all;
  if (input.target === 'investors') {
    const only = new Set(input.investorIds ?? []);
    chosen = all.filter((i) => only.has(i.id));
    if (chosen.length !== only.size)
      throw badRequest('Every chosen investor must hold a commitment in this deal', {
        investorIds: 'Choose committed investors of this deal',
      });
  } else if (input.target === 'close') {
    chosen = all.filter((i) => i.closeDate === input.closeDate);
    if (chosen.length === 0) throw badRequest('No investor of this deal closed on that day', { closeDate: 'Choose a close of this deal' });
  }
  const committed = chosen.reduce((s, i) => s + i.committed, 0n);
  const total =
    input.basis === 'percentage'
      ? percentOf(committed, parsePercent(input.percentage as string) as bigint)
      : toCents(input.amount as string);
  if (total <= 0n) throw badRequest('The call amounts to nothing', { percentage: 'The call amounts to less than a cent' });
  const weights = chosen.map((i) => ({
    key: i.id,
    weight: input.weighting === 'unfunded' ? (i.unfunded > 0n ? i.unfunded : 0n) : i.committed,
  }));
  if (weights.every((w) => w.weight === 0n)) throw conflict('Nobody this call asks has uncalled commitment left', 'ABOVE_UNFUNDED');
  const parts = allocateLargestRemainder(total, weights);
  for (const i of chosen) {
    const part = parts.get(i.id) ?? 0n;
    if (part > i.unfunded) {
      throw conflict(
        `The call would ask ${i.name} for ${formatUsdExact(part)}, above their unfunded commitment of ${formatUsdExact(i.unfunded < 0n ? 0n : i.unfunded)}`,
        'ABOVE_UNFUNDED',
      );
    }
  }
  return {
    dealId: input.dealId,
    target: input.target,
    weighting: input.weighting,
    totalAmount: fromCents(total),
    lines: chosen.map((i) => ({
      investorId: i.id,
      investorName: i.name,
      closeDate: i.closeDate,
      committed: fromCents(i.committed),
      unfunded: fromCents(i.unfunded < 0n ? 0n : i.unfunded),
      amount: fromCents(parts.get(i.id) ?? 0n),
    })),
    closes: closesOf(all),
    parts,
    chosen,
    total,
  };
}

/** A deal's committed investors and closes, for the New Capital Call form. */
export async function callChoices(q: Queryable, dealId: string): Promise<CallChoices> {
  if ((await q.query('SELECT 1 FROM deals WHERE id = $1', [dealId])).length === 0) throw notFound('Deal not found');
  const all = await candidates(q, dealId);
  return {
    dealId,
    investors: all.map((i) => ({
      investorId: i.id,
      investorName: i.name,
      closeDate: i.closeDate,
      committed: fromCents(i.committed),
      unfunded: fromCents(i.unfunded < 0n ? 0n : i.unfunded),
    })),
    closes: closesOf(all),
    paymentDetailsMissing: await missingPaymentDetails(q, dealId),
  };
}

/** The preview of a call: each investor's amount, without writing anything. */
export async function previewCall(q: Queryable, input: z.output<typeof newCallInput>): Promise<CallPlan> {
  const deal = await sql<{ id: string }>('SELECT id FROM deals WHERE id = $1').first(q, [input.dealId]);
  if (!deal) throw notFound('Deal not found');
  const { parts: _p, chosen: _c, total: _t, ...plan } = await planCall(q, input);
  return plan;
}

/**
 * Issues a capital call on a deal (see planCall for whom it asks and how much). Refused while
 * the deal's SPV has no payment details (a notice must say where to pay). The deal row is locked
 * while the call is computed and written, so two calls at once cannot both take the same
 * unfunded commitment (and the database's own check, migration 032, holds even if they did).
 */
export async function createCall(q: Queryable, input: z.output<typeof newCallInput>, actorId: string, ip: string): Promise<CapitalCall> {
  const deal = await sql<{ id: string; title: string; created: string }>(
    "SELECT id, title, to_char(created_at AT TIME ZONE $2::text, 'YYYY-MM-DD') AS created FROM deals WHERE id = $1 FOR UPDATE",
  ).first(q, [input.dealId, (await companyDayIn(q)).zone]);
  if (!deal) throw notFound('Deal not found');
  const callDate = input.callDate ?? (await companyDayIn(q)).today;
  if (callDate < deal.created)
    throw badRequest('The call date cannot be before the deal existed', { callDate: `The call date cannot be before ${deal.created}` });
  if (input.dueDate < callDate)
    throw badRequest('The due date cannot be before the call date', { dueDate: 'The due date cannot be before the call date' });
  const missing = await missingPaymentDetails(q, deal.id);
  if (missing) throw conflict(missing, 'NO_PAYMENT_DETAILS');
  const { parts, chosen: investors, total } = await planCall(q, input);
  await screeningBlock(
    q,
    [...parts].filter(([, cents]) => cents > 0n).map(([id]) => id),
    'call',
  );
  const call = (await sql<{
    id: string;
  }>(`INSERT INTO capital_calls (deal_id, call_date, due_date, purpose, basis, percentage, total_amount, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`).first(q, [
    deal.id,
    callDate,
    input.dueDate,
    input.purpose,
    input.basis,
    input.basis === 'percentage' ? input.percentage : null,
    fromCents(total),
    actorId,
  ])) as { id: string };
  for (const i of investors) {
    const part = parts.get(i.id) ?? 0n;
    // An investor asked for nothing (fully called, split by unfunded commitment) gets no line and no notice.
    if (part === 0n) continue;
    await q.query('INSERT INTO capital_call_lines (call_id, investor_id, amount_due) VALUES ($1, $2, $3)', [
      call.id,
      i.id,
      fromCents(part),
    ]);
    if (part > 0n)
      await postEntry(q, {
        investorId: i.id,
        dealId: deal.id,
        kind: 'call',
        cents: part,
        date: callDate,
        dueDate: input.dueDate,
        callId: call.id,
        memo: input.purpose,
        createdBy: actorId,
      });
  }
  // Each called investor is told in the same transaction (the outbox): amount, due date, deal.
  for (const i of investors) {
    const part = parts.get(i.id) ?? 0n;
    if (part > 0n)
      await notifyCapitalCallIssued(q, { investorId: i.id, dealTitle: deal.title, amount: fromCents(part), dueDate: input.dueDate });
  }
  await emitWebhookEvent(q, 'capital_call.issued', {
    callId: call.id,
    dealId: deal.id,
    dealTitle: deal.title,
    totalAmount: fromCents(total),
    dueDate: input.dueDate,
    lines: investors
      .filter((i) => (parts.get(i.id) ?? 0n) > 0n)
      .map((i) => ({ investorId: i.id, amount: fromCents(parts.get(i.id) ?? 0n) })),
  });
  await logActivity(q, {
    type: 'capital_call_issued',
    userId: actorId,
    details: { callId: call.id, dealId: deal.id, title: deal.title, amount: fromCents(total), dueDate: input.dueDate },
    ip,
  });
  return (await listCalls(q, { callId: call.id }))[0] as CapitalCall;
}

/**
 * Records money received against one investor's line of a call (full or partial, with the day
 * it arrived). The call row is locked, so parallel receipts cannot together exceed the amount due.
 */
export async function recordReceipt(
  q: Queryable,
  callId: string,
  input: z.output<typeof receiptInput>,
  actorId: string,
  ip: string,
): Promise<CapitalCall> {
  // The deal first, then the call: the order every writer of a deal's capital accounts takes
  // (createCall and reverseEntry lock the deal), so a receipt and a reversal cannot deadlock.
  const dealId = await sql<{ deal_id: string }>('SELECT deal_id FROM capital_calls WHERE id = $1').first(q, [callId]);
  if (!dealId) throw notFound('Capital call not found');
  await q.query('SELECT 1 FROM deals WHERE id = $1 FOR UPDATE', [dealId.deal_id]);
  const call = await sql<{ id: string; deal_id: string; call_date: string }>(
    "SELECT id, deal_id, to_char(call_date, 'YYYY-MM-DD') AS call_date FROM capital_calls WHERE id = $1 FOR UPDATE",
  ).first(q, [callId]);
  if (!call) throw notFound('Capital call not found');
  const line = await sql<{ amount_due: string }>('SELECT amount_due FROM capital_call_lines WHERE call_id = $1 AND investor_id = $2').first(
    q,
    [callId, input.investorId],
  );
  if (!line) throw badRequest('This investor is not part of this call', { investorId: 'This investor is not part of this call' });
  if (input.valueDate < call.call_date)
    throw badRequest('The value date cannot be before the call date', { valueDate: `The value date cannot be before ${call.call_date}` });
  const { today } = await companyDayIn(q);
  if (input.valueDate > today) {
    const msg = `The value date cannot be after today (${today}): record the receipt on the day the money arrived`;
    throw conflict(msg, 'FUTURE_DATE', { valueDate: msg });
  }
  if (await lineCancelled(q, callId, input.investorId)) {
    const msg = "This investor's line of the call was cancelled (its call entry was reversed): it takes no receipt";
    throw conflict(msg, 'LINE_CANCELLED', { investorId: msg });
  }
  const received = await receivedOn(q, callId, input.investorId);
  const outstanding = toCents(line.amount_due) - received;
  const amount = toCents(input.amount);
  if (amount > outstanding) {
    const msg = `The receipt of ${formatUsdExact(amount)} is above the ${formatUsdExact(outstanding < 0n ? 0n : outstanding)} outstanding`;
    throw badRequest(msg, { amount: msg });
  }
  const id = await postEntry(q, {
    investorId: input.investorId,
    dealId: call.deal_id,
    kind: 'contribution',
    cents: amount,
    date: input.valueDate,
    callId,
    createdBy: actorId,
  });
  await emitWebhookEvent(q, 'receipt.recorded', {
    callId,
    entryId: id,
    dealId: call.deal_id,
    investorId: input.investorId,
    amount: fromCents(amount),
    valueDate: input.valueDate,
  });
  await logActivity(q, {
    type: 'capital_receipt_recorded',
    userId: actorId,
    targetUserId: input.investorId,
    details: { callId, entryId: id, dealId: call.deal_id, amount: input.amount, valueDate: input.valueDate },
    ip,
  });
  return (await listCalls(q, { callId }))[0] as CapitalCall;
}

/** Whether an investor's line of a call is cancelled: its call (or fee) entry was reversed (decision record 024). */
export async function lineCancelled(q: Queryable, callId: string, investorId: string): Promise<boolean> {
  const rows = await q.query(
    "SELECT 1 FROM ledger_entries WHERE call_id = $1 AND investor_id = $2 AND kind = 'reversal' AND reversed_kind IN ('call', 'fee')",
    [callId, investorId],
  );
  return rows.length > 0;
}

async function receivedOn(q: Queryable, callId: string, investorId: string): Promise<bigint> {
  const rows = await sql<FactRow>(`SELECT ${FACT_COLUMNS} FROM ledger_entries e WHERE e.call_id = $1 AND e.investor_id = $2`).all(q, [
    callId,
    investorId,
  ]);
  return balancesAsOf(rows.map(toFacts)).contributed;
}

interface CallRow {
  id: string;
  deal_id: string;
  title: string;
  call_date: string;
  due_date: string;
  purpose: string;
  fee_charge: boolean;
  basis: 'percentage' | 'amount';
  percentage: string | null;
  total_amount: string;
  created_at: Date;
}

/** Calls with their lines, receipts, statuses and totals (one call, one deal, or all). */
export async function listCalls(
  q: Queryable,
  where: { callId?: string; dealId?: string; investorId?: string } = {},
  /** The company's today (decision record 020); read from the settings when not given. */
  today?: string,
): Promise<CapitalCall[]> {
  const conds: string[] = [];
  const params: unknown[] = [];
  if (where.callId) conds.push(`c.id = $${params.push(where.callId)}`);
  if (where.dealId) conds.push(`c.deal_id = $${params.push(where.dealId)}`);
  if (where.investorId)
    conds.push(`EXISTS (SELECT 1 FROM capital_call_lines l WHERE l.call_id = c.id AND l.investor_id = $${params.push(where.investorId)})`);
  const calls =
    await sql<CallRow>(`SELECT c.id, c.deal_id, d.title, to_char(c.call_date, 'YYYY-MM-DD') AS call_date, to_char(c.due_date, 'YYYY-MM-DD') AS due_date,
            c.purpose, c.fee_charge, c.basis, c.percentage::text, c.total_amount, c.created_at
       FROM capital_calls c JOIN deals d ON d.id = c.deal_id ${conds.length ? `WHERE ${conds.join(' AND ')}` : ''}
      ORDER BY c.call_date DESC, c.created_at DESC, c.id`).all(q, params);
  if (calls.length === 0) return [];
  const ids = calls.map((c) => c.id);
  const lines = await sql<{
    call_id: string;
    investor_id: string;
    name: string;
    email: string;
    amount_due: string;
    cancelled: boolean;
  }>(`SELECT l.call_id, l.investor_id, p.name, p.email, l.amount_due,
            EXISTS (SELECT 1 FROM ledger_entries r WHERE r.call_id = l.call_id AND r.investor_id = l.investor_id
                     AND r.kind = 'reversal' AND r.reversed_kind IN ('call', 'fee')) AS cancelled
       FROM capital_call_lines l JOIN profiles p ON p.id = l.investor_id
      WHERE l.call_id = ANY($1::uuid[]) ORDER BY p.name, l.investor_id`).all(q, [ids]);
  const receipts = await sql<{
    id: string;
    call_id: string;
    investor_id: string;
    kind: string;
    amount: string;
    value_date: string;
    reversed: boolean;
    created_at: Date;
  }>(`SELECT e.id, e.call_id, e.investor_id, e.kind, e.amount, to_char(e.entry_date, 'YYYY-MM-DD') AS value_date,
            EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_id = e.id) AS reversed, e.created_at
       FROM ledger_entries e WHERE e.call_id = ANY($1::uuid[]) AND e.kind IN ('contribution', 'reversal')
        AND (e.kind = 'contribution' OR e.reversed_kind = 'contribution')
      ORDER BY e.entry_date, e.created_at`).all(q, [ids]);
  const day = today ?? (await companyDayIn(q)).today;
  return calls.map((c) => {
    const callLines: CallLine[] = lines
      .filter((l) => l.call_id === c.id && (!where.investorId || l.investor_id === where.investorId))
      .map((l) => {
        const mine = receipts.filter((r) => r.call_id === c.id && r.investor_id === l.investor_id);
        const received = mine.reduce((s, r) => s + (r.kind === 'reversal' ? -toCents(r.amount) : toCents(r.amount)), 0n);
        const due = toCents(l.amount_due);
        // A cancelled line (decision record 024) is owed nothing more: nothing outstanding.
        return {
          investorId: l.investor_id,
          investorName: l.name,
          investorEmail: l.email,
          amountDue: l.amount_due,
          received: fromCents(received),
          outstanding: fromCents(l.cancelled ? 0n : due - received),
          status: l.cancelled ? 'Cancelled' : callLineStatus(due, received, c.due_date, day),
          receipts: mine
            .filter((r) => r.kind === 'contribution')
            .map((r) => ({
              id: r.id,
              amount: r.amount,
              valueDate: r.value_date,
              reversed: r.reversed,
              createdAt: new Date(r.created_at).toISOString(),
            })),
        };
      });
    const received = callLines.reduce((s, l) => s + toCents(l.received), 0n);
    const due = callLines.reduce((s, l) => s + toCents(l.amountDue), 0n);
    const outstanding = callLines.reduce((s, l) => s + toCents(l.outstanding), 0n);
    const counts: Record<CallLineStatus, number> = { Due: 0, 'Partly Paid': 0, Paid: 0, Overdue: 0, Cancelled: 0 };
    for (const l of callLines) counts[l.status] += 1;
    return {
      id: c.id,
      dealId: c.deal_id,
      dealTitle: c.title,
      callDate: c.call_date,
      dueDate: c.due_date,
      purpose: c.purpose,
      feeCharge: c.fee_charge,
      basis: c.basis,
      percentage: c.percentage,
      totalAmount: where.investorId ? fromCents(due) : c.total_amount,
      received: fromCents(received),
      outstanding: fromCents(outstanding),
      status: callStatus(callLines.map((l) => l.status)),
      counts,
      lines: callLines,
      createdAt: new Date(c.created_at).toISOString(),
    };
  });
}

/** The SPV's payment instructions for a deal, from the SPV record named on the deal. */
export async function paymentInstructions(q: Queryable, dealId: string): Promise<PaymentInstructions> {
  const r = await sql<{
    spv_entity: string | null;
    name: string | null;
    bank_name: string | null;
    account_name: string | null;
    account_number: string | null;
    swift_code: string | null;
    payment_reference: string | null;
  }>(`SELECT d.spv_entity, s.name, s.bank_name, s.account_name, s.account_number, s.swift_code, s.payment_reference
         FROM deals d LEFT JOIN spvs s ON lower(s.name) = lower(d.spv_entity) WHERE d.id = $1`).first(q, [dealId]);
  return {
    spvName: r?.name ?? r?.spv_entity ?? null,
    bankName: r?.bank_name ?? null,
    accountName: r?.account_name ?? null,
    accountNumber: formatAccountNumber(r?.account_number ?? null),
    swiftCode: r?.swift_code ?? null,
    paymentReference: r?.payment_reference ?? null,
  };
}

/** An investor's call notices (their own line of every call they are part of). */
export async function investorNotices(q: Queryable, investorId: string, callId?: string, today?: string): Promise<InvestorCallNotice[]> {
  const calls = await listCalls(q, { investorId, ...(callId ? { callId } : {}) }, today);
  const out: InvestorCallNotice[] = [];
  for (const c of calls) {
    const line = c.lines[0];
    if (!line) continue;
    out.push({
      callId: c.id,
      dealId: c.dealId,
      dealTitle: c.dealTitle,
      callDate: c.callDate,
      dueDate: c.dueDate,
      purpose: c.purpose,
      feeCharge: c.feeCharge,
      amountDue: line.amountDue,
      received: line.received,
      outstanding: line.outstanding,
      status: line.status,
      payment: await paymentInstructions(q, c.dealId),
    });
  }
  return out;
}
