import { percentUnits } from '../../../shared/deal-terms.ts';
import {
  type BasisMovement,
  computeManagementFee,
  describeManagementFee,
  type ManagementFeeCharge,
  type ManagementFeeData,
  type ManagementFeeInput,
  type ManagementFeePreview,
} from '../../../shared/management-fee.ts';
import { fromCents, toCents } from '../../../shared/money.ts';
import type { Queryable } from '../../db/client.ts';
import { sql } from '../../db/sql.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { notifyCapitalCallIssued } from '../email/notify.ts';
import { missingPaymentDetails } from '../ledger/calls.ts';
import { outstandingAccruedFees } from '../ledger/fees.ts';
import { postEntry } from '../ledger/service.ts';
import { companyDayIn } from '../settings/clock.ts';
import { currentTerms } from './service.ts';

/**
 * The basis of a deal's management fee, as dated movements per investor: commitments (and their
 * reversals) or contributed capital (and its reversals). Money paid against a capital call of
 * fees is not capital for this purpose (no fee on fees).
 */
async function basisMovements(q: Queryable, dealId: string, basis: 'commitments' | 'contributions', to: string): Promise<BasisMovement[]> {
  const kind = basis === 'commitments' ? 'commitment' : 'contribution';
  const rows = await sql<{
    investor_id: string;
    date: string;
    kind: string;
    amount: string;
  }>(`SELECT e.investor_id, to_char(e.entry_date, 'YYYY-MM-DD') AS date, e.kind, e.amount::text AS amount
       FROM ledger_entries e LEFT JOIN capital_calls c ON c.id = e.call_id
      WHERE e.deal_id = $1 AND e.entry_date <= $2::date AND (e.kind = $3 OR e.reversed_kind = $3)
        AND coalesce(c.fee_charge, false) = false`).all(q, [dealId, to, kind]);
  return rows.map((r) => ({ investorId: r.investor_id, date: r.date, cents: (r.kind === 'reversal' ? -1n : 1n) * toCents(r.amount) }));
}

interface DealRow {
  id: string;
  title: string;
  created: string;
}

async function dealRow(q: Queryable, dealId: string, lock: boolean): Promise<DealRow> {
  const deal = await sql<DealRow>(
    `SELECT id, title, to_char(created_at AT TIME ZONE $2::text, 'YYYY-MM-DD') AS created FROM deals WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
  ).first(q, [dealId, (await companyDayIn(q)).zone]);
  if (!deal) throw notFound('Deal not found');
  return deal;
}

/** What charging the deal's management fee for the period would charge each investor. Writes nothing. */
export async function previewManagementFee(q: Queryable, dealId: string, input: ManagementFeeInput): Promise<ManagementFeePreview> {
  return computeCharge(q, await dealRow(q, dealId, false), input);
}

async function computeCharge(q: Queryable, deal: DealRow, input: ManagementFeeInput): Promise<ManagementFeePreview> {
  const terms = await currentTerms(q, deal.id);
  const fee = terms?.managementFee ?? null;
  // The rate is a percentage with up to 4 decimals ('1.125'), not money: toCents would throw on it.
  if (!fee || percentUnits(fee.rate) <= 0n)
    throw conflict("This deal's terms have no management fee: set one in the deal terms first", 'NO_MANAGEMENT_FEE');
  if (input.from < deal.created) {
    const msg = `The period cannot start before the deal existed (${deal.created})`;
    throw badRequest(msg, { from: msg });
  }
  const overlap = await sql<{
    from: string;
    to: string;
  }>(`SELECT to_char(period_from, 'YYYY-MM-DD') AS "from", to_char(period_to, 'YYYY-MM-DD') AS "to" FROM management_fee_charges
        WHERE deal_id = $1 AND period_from <= $3::date AND period_to >= $2::date ORDER BY period_from LIMIT 1`).first(q, [
    deal.id,
    input.from,
    input.to,
  ]);
  if (overlap)
    throw conflict(
      `The management fee for ${overlap.from} to ${overlap.to} was already charged; choose a period after it`,
      'FEE_PERIOD_CHARGED',
    );
  const c = computeManagementFee(fee.rate, await basisMovements(q, deal.id, fee.basis, input.to), input.from, input.to);
  if (c.total === 0n)
    throw conflict(
      `Nobody had ${fee.basis === 'commitments' ? 'a commitment' : 'contributed capital'} in this deal during the period`,
      'NO_FEE_BASIS',
    );
  const names = new Map(
    (
      await sql<{ id: string; name: string }>('SELECT id, name FROM profiles WHERE id = ANY($1::uuid[])').all(q, [
        c.lines.map((l) => l.investorId),
      ])
    ).map((p) => [p.id, p.name]),
  );
  return {
    dealId: deal.id,
    dealTitle: deal.title,
    from: input.from,
    to: input.to,
    days: c.days,
    rate: fee.rate,
    basis: fee.basis,
    method: fee.method,
    description: describeManagementFee(fee),
    total: fromCents(c.total),
    investors: c.lines
      .map((l) => ({
        investorId: l.investorId,
        investorName: names.get(l.investorId) ?? 'Unknown',
        averageBasis: fromCents(l.averageBasis),
        fee: fromCents(l.fee),
      }))
      .sort((a, b) => a.investorName.localeCompare(b.investorName) || (a.investorId < b.investorId ? -1 : 1)),
  };
}

/**
 * Charges the deal's management fee for a period: a capital call of fees (the investors' lines
 * are fee entries, so unfunded commitments are untouched) or fees accrued in the ledger that the
 * next distributions deduct. The deal row is locked, so two charges of one period cannot both pass.
 */
export async function chargeManagementFee(
  q: Queryable,
  dealId: string,
  input: ManagementFeeInput,
  actorId: string,
  ip: string,
): Promise<ManagementFeeCharge> {
  const deal = await dealRow(q, dealId, true);
  const p = await computeCharge(q, deal, input);
  const { today } = await companyDayIn(q);
  const chargeDate = today < deal.created ? deal.created : today;
  let callId: string | null = null;
  if (p.method === 'capital_call') {
    if (!input.dueDate) throw badRequest('Enter the due date of the fee call', { dueDate: 'Enter the due date of the fee call' });
    // A fee call's notice says where to pay, like any call (issue 26, decision record 024).
    const missing = await missingPaymentDetails(q, deal.id);
    if (missing) throw conflict(missing, 'NO_PAYMENT_DETAILS');
    if (input.dueDate < chargeDate) {
      const msg = `The due date cannot be before the call date (${chargeDate})`;
      throw badRequest(msg, { dueDate: msg });
    }
    callId = (
      (await sql<{
        id: string;
      }>(`INSERT INTO capital_calls (deal_id, call_date, due_date, purpose, basis, total_amount, created_by, fee_charge)
           VALUES ($1, $2, $3, $4, 'amount', $5, $6, true) RETURNING id`).first(q, [
        deal.id,
        chargeDate,
        input.dueDate,
        `Management fee ${p.from} to ${p.to} (${p.rate}% a year on ${p.basis})`,
        p.total,
        actorId,
      ])) as { id: string }
    ).id;
  }
  const charge = (await sql<{
    id: string;
  }>(`INSERT INTO management_fee_charges (deal_id, period_from, period_to, rate, basis, method, total_amount, call_id, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`).first(q, [
    deal.id,
    p.from,
    p.to,
    p.rate,
    p.basis,
    p.method,
    p.total,
    callId,
    actorId,
  ])) as { id: string };
  const memo = `Management fee ${p.from} to ${p.to}`;
  for (const i of p.investors) {
    const cents = toCents(i.fee);
    if (callId)
      await q.query('INSERT INTO capital_call_lines (call_id, investor_id, amount_due) VALUES ($1, $2, $3)', [callId, i.investorId, i.fee]);
    if (cents === 0n) continue;
    await postEntry(q, {
      investorId: i.investorId,
      dealId: deal.id,
      kind: 'fee',
      cents,
      date: chargeDate,
      dueDate: input.dueDate && callId ? input.dueDate : null,
      callId,
      memo,
      createdBy: actorId,
      feeChargeId: charge.id,
    });
    if (callId && input.dueDate)
      await notifyCapitalCallIssued(q, { investorId: i.investorId, dealTitle: deal.title, amount: i.fee, dueDate: input.dueDate });
  }
  await logActivity(q, {
    type: 'management_fee_charged',
    userId: actorId,
    details: { dealId: deal.id, title: deal.title, chargeId: charge.id, from: p.from, to: p.to, total: p.total, method: p.method, callId },
    ip,
  });
  return (await listCharges(q, deal.id)).find((c) => c.id === charge.id) as ManagementFeeCharge;
}

async function listCharges(q: Queryable, dealId: string): Promise<ManagementFeeCharge[]> {
  const rows = await sql<{
    id: string;
    from: string;
    to: string;
    days: number;
    rate: string;
    basis: 'commitments' | 'contributions';
    method: 'capital_call' | 'deducted';
    total_amount: string;
    call_id: string | null;
    created_at: Date;
    created_by_name: string | null;
  }>(`SELECT c.id, to_char(c.period_from, 'YYYY-MM-DD') AS "from", to_char(c.period_to, 'YYYY-MM-DD') AS "to",
            (c.period_to - c.period_from + 1)::int AS days, c.rate::text AS rate, c.basis, c.method, c.total_amount::text AS total_amount,
            c.call_id, c.created_at, p.name AS created_by_name
       FROM management_fee_charges c LEFT JOIN profiles p ON p.id = c.created_by
      WHERE c.deal_id = $1 ORDER BY c.period_from DESC`).all(q, [dealId]);
  const tidy = (n: string) => (n.includes('.') ? n.replace(/0+$/, '').replace(/\.$/, '') : n);
  return rows.map((r) => ({
    id: r.id,
    from: r.from,
    to: r.to,
    days: r.days,
    rate: tidy(r.rate),
    basis: r.basis,
    method: r.method,
    total: r.total_amount,
    callId: r.call_id,
    createdAt: new Date(r.created_at).toISOString(),
    createdByName: r.created_by_name,
  }));
}

/** The deal's management fee: the terms' fee, the charges so far and the accrued fees not yet deducted. */
export async function managementFeeData(q: Queryable, dealId: string): Promise<ManagementFeeData> {
  await dealRow(q, dealId, false);
  const terms = await currentTerms(q, dealId);
  const fee = terms?.managementFee ?? null;
  const owed = await outstandingAccruedFees(q, dealId);
  const names = new Map(
    (await sql<{ id: string; name: string }>('SELECT id, name FROM profiles WHERE id = ANY($1::uuid[])').all(q, [[...owed.keys()]])).map(
      (p) => [p.id, p.name],
    ),
  );
  return {
    fee: fee ? { ...fee, description: describeManagementFee(fee) } : null,
    charges: await listCharges(q, dealId),
    outstanding: [...owed.entries()]
      .map(([investorId, c]) => ({ investorId, investorName: names.get(investorId) ?? 'Unknown', amount: fromCents(c) }))
      .sort((a, b) => a.investorName.localeCompare(b.investorName)),
  };
}
