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
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { notifyCapitalCallIssued } from '../email/notify.ts';
import { screeningBlock } from '../screening/service.ts';
import { companyDayIn } from '../settings/clock.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';
import {
  amountDue,
  callLines,
  callReceipts,
  calls,
  dealExists,
  dealFactsWithNames,
  dealOfCall,
  dealSpv,
  factsOfCallLine,
  insertCall,
  insertCallLine,
  lineCancelled,
  lockCall,
  lockDeal,
  lockDealWithCreatedDay,
} from './repository.ts';
import { postEntry, toFacts } from './service.ts';

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
  const rows = await dealFactsWithNames(q, dealId);
  const byInvestor = new Map<string, { name: string; close: string | null; facts: ReturnType<typeof toFacts>[] }>();
  for (const r of rows) {
    const x = byInvestor.get(r.investorId) ?? { name: r.name, close: null, facts: [] };
    x.facts.push(toFacts(r));
    if (r.kind === 'commitment' && (x.close === null || r.entryDate < x.close)) x.close = r.entryDate;
    byInvestor.set(r.investorId, x);
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
  const r = await dealSpv(q, dealId);
  if (!r) return null;
  if (!r.spvEntity?.trim())
    return 'This deal names no SPV, so a call notice would have no payment details: name the SPV on the deal and add its bank details first';
  if (r.spvId === null) return `The SPV ${r.spvEntity} named on this deal is not on the SPVs screen: add it with its bank details first`;
  const missing = [
    ['bank name', r.bankName],
    ['account holder', r.accountName],
    ['account number or IBAN', r.accountNumber],
    ['SWIFT/BIC', r.swiftCode],
  ]
    .filter(([, v]) => !v?.trim())
    .map(([label]) => label as string);
  if (missing.length === 0) return null;
  return `The SPV ${r.spvEntity} has no payment details (missing: ${missing.join(', ')}): add them on the SPVs screen before issuing a call`;
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
  if (!(await dealExists(q, dealId))) throw notFound('Deal not found');
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
  if (!(await dealExists(q, input.dealId))) throw notFound('Deal not found');
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
  const deal = await lockDealWithCreatedDay(q, input.dealId, (await companyDayIn(q)).zone);
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
  const call = {
    id: await insertCall(q, {
      dealId: deal.id,
      callDate,
      dueDate: input.dueDate,
      purpose: input.purpose,
      basis: input.basis,
      percentage: input.basis === 'percentage' ? (input.percentage ?? null) : null,
      totalAmount: fromCents(total),
      createdBy: actorId,
    }),
  };
  for (const i of investors) {
    const part = parts.get(i.id) ?? 0n;
    // An investor asked for nothing (fully called, split by unfunded commitment) gets no line and no notice.
    if (part === 0n) continue;
    await insertCallLine(q, call.id, i.id, fromCents(part));
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
  const dealId = await dealOfCall(q, callId);
  if (!dealId) throw notFound('Capital call not found');
  await lockDeal(q, dealId);
  const call = await lockCall(q, callId);
  if (!call) throw notFound('Capital call not found');
  const due = await amountDue(q, callId, input.investorId);
  if (due === undefined)
    throw badRequest('This investor is not part of this call', { investorId: 'This investor is not part of this call' });
  if (input.valueDate < call.callDate)
    throw badRequest('The value date cannot be before the call date', { valueDate: `The value date cannot be before ${call.callDate}` });
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
  const outstanding = toCents(due) - received;
  const amount = toCents(input.amount);
  if (amount > outstanding) {
    const msg = `The receipt of ${formatUsdExact(amount)} is above the ${formatUsdExact(outstanding < 0n ? 0n : outstanding)} outstanding`;
    throw badRequest(msg, { amount: msg });
  }
  const id = await postEntry(q, {
    investorId: input.investorId,
    dealId: call.dealId,
    kind: 'contribution',
    cents: amount,
    date: input.valueDate,
    callId,
    createdBy: actorId,
  });
  await emitWebhookEvent(q, 'receipt.recorded', {
    callId,
    entryId: id,
    dealId: call.dealId,
    investorId: input.investorId,
    amount: fromCents(amount),
    valueDate: input.valueDate,
  });
  await logActivity(q, {
    type: 'capital_receipt_recorded',
    userId: actorId,
    targetUserId: input.investorId,
    details: { callId, entryId: id, dealId: call.dealId, amount: input.amount, valueDate: input.valueDate },
    ip,
  });
  return (await listCalls(q, { callId }))[0] as CapitalCall;
}

async function receivedOn(q: Queryable, callId: string, investorId: string): Promise<bigint> {
  return balancesAsOf((await factsOfCallLine(q, callId, investorId)).map(toFacts)).contributed;
}

/** Calls with their lines, receipts, statuses and totals (one call, one deal, or all). */
export async function listCalls(
  q: Queryable,
  where: { callId?: string; dealId?: string; investorId?: string } = {},
  /** The company's today (decision record 020); read from the settings when not given. */
  today?: string,
): Promise<CapitalCall[]> {
  const found = await calls(q, where);
  if (found.length === 0) return [];
  const ids = found.map((c) => c.id);
  const lines = await callLines(q, ids);
  const receipts = await callReceipts(q, ids);
  const day = today ?? (await companyDayIn(q)).today;
  return found.map((c) => {
    const callLines: CallLine[] = lines
      .filter((l) => l.callId === c.id && (!where.investorId || l.investorId === where.investorId))
      .map((l) => {
        const mine = receipts.filter((r) => r.callId === c.id && r.investorId === l.investorId);
        const received = mine.reduce((s, r) => s + (r.kind === 'reversal' ? -toCents(r.amount) : toCents(r.amount)), 0n);
        const due = toCents(l.amountDue);
        // A cancelled line (decision record 024) is owed nothing more: nothing outstanding.
        return {
          investorId: l.investorId,
          investorName: l.name,
          investorEmail: l.email,
          amountDue: l.amountDue,
          received: fromCents(received),
          outstanding: fromCents(l.cancelled ? 0n : due - received),
          status: l.cancelled ? 'Cancelled' : callLineStatus(due, received, c.dueDate, day),
          receipts: mine
            .filter((r) => r.kind === 'contribution')
            .map((r) => ({
              id: r.id,
              amount: r.amount,
              valueDate: r.valueDate,
              reversed: r.reversed,
              createdAt: new Date(r.createdAt).toISOString(),
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
      dealId: c.dealId,
      dealTitle: c.title,
      callDate: c.callDate,
      dueDate: c.dueDate,
      purpose: c.purpose,
      feeCharge: c.feeCharge,
      basis: c.basis,
      percentage: c.percentage,
      totalAmount: where.investorId ? fromCents(due) : c.totalAmount,
      received: fromCents(received),
      outstanding: fromCents(outstanding),
      status: callStatus(callLines.map((l) => l.status)),
      counts,
      lines: callLines,
      createdAt: new Date(c.createdAt).toISOString(),
    };
  });
}

/** The SPV's payment instructions for a deal, from the SPV record named on the deal. */
export async function paymentInstructions(q: Queryable, dealId: string): Promise<PaymentInstructions> {
  const r = await dealSpv(q, dealId);
  return {
    spvName: r?.name ?? r?.spvEntity ?? null,
    bankName: r?.bankName ?? null,
    accountName: r?.accountName ?? null,
    accountNumber: formatAccountNumber(r?.accountNumber ?? null),
    swiftCode: r?.swiftCode ?? null,
    paymentReference: r?.paymentReference ?? null,
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
