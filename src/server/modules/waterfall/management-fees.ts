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
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { notifyCapitalCallIssued } from '../email/notify.ts';
import { missingPaymentDetails } from '../ledger/calls.ts';
import { outstandingAccruedFees } from '../ledger/fees.ts';
import { postEntry } from '../ledger/service.ts';
import { companyDayIn } from '../settings/clock.ts';
import { basisEntries, chargesOf, insertCallLine, insertCharge, insertFeeCall, overlappingCharge } from './fees-repository.ts';
import { dealWithCreatedDay, profileNames } from './repository.ts';
import { currentTerms } from './terms.ts';

/**
 * The basis of a deal's management fee, as dated movements per investor: commitments (and their
 * reversals) or contributed capital (and its reversals). Money paid against a capital call of
 * fees is not capital for this purpose (no fee on fees).
 */
async function basisMovements(q: Queryable, dealId: string, basis: 'commitments' | 'contributions', to: string): Promise<BasisMovement[]> {
  const kind = basis === 'commitments' ? 'commitment' : 'contribution';
  const rows = await basisEntries(q, dealId, kind, to);
  return rows.map((r) => ({ investorId: r.investorId, date: r.date, cents: (r.kind === 'reversal' ? -1n : 1n) * toCents(r.amount) }));
}

interface DealRow {
  id: string;
  title: string;
  created: string;
}

async function dealRow(q: Queryable, dealId: string, lock: boolean): Promise<DealRow> {
  const deal = await dealWithCreatedDay(q, dealId, (await companyDayIn(q)).zone, lock);
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
  const overlap = await overlappingCharge(q, deal.id, input.from, input.to);
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
  const names = await profileNames(
    q,
    c.lines.map((l) => l.investorId),
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
    callId = await insertFeeCall(q, {
      dealId: deal.id,
      callDate: chargeDate,
      dueDate: input.dueDate,
      purpose: `Management fee ${p.from} to ${p.to} (${p.rate}% a year on ${p.basis})`,
      totalAmount: p.total,
      createdBy: actorId,
    });
  }
  const chargeId = await insertCharge(q, {
    dealId: deal.id,
    periodFrom: p.from,
    periodTo: p.to,
    rate: p.rate,
    basis: p.basis,
    method: p.method,
    totalAmount: p.total,
    callId,
    createdBy: actorId,
  });
  const memo = `Management fee ${p.from} to ${p.to}`;
  for (const i of p.investors) {
    const cents = toCents(i.fee);
    if (callId) await insertCallLine(q, { callId, investorId: i.investorId, amountDue: i.fee });
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
      feeChargeId: chargeId,
    });
    if (callId && input.dueDate)
      await notifyCapitalCallIssued(q, { investorId: i.investorId, dealTitle: deal.title, amount: i.fee, dueDate: input.dueDate });
  }
  await logActivity(q, {
    type: 'management_fee_charged',
    userId: actorId,
    details: { dealId: deal.id, title: deal.title, chargeId: chargeId, from: p.from, to: p.to, total: p.total, method: p.method, callId },
    ip,
  });
  return (await listCharges(q, deal.id)).find((c) => c.id === chargeId) as ManagementFeeCharge;
}

async function listCharges(q: Queryable, dealId: string): Promise<ManagementFeeCharge[]> {
  const rows = await chargesOf(q, dealId);
  const tidy = (n: string) => (n.includes('.') ? n.replace(/0+$/, '').replace(/\.$/, '') : n);
  return rows.map((r) => ({
    id: r.id,
    from: r.from,
    to: r.to,
    days: r.days,
    rate: tidy(r.rate),
    basis: r.basis,
    method: r.method,
    total: r.totalAmount,
    callId: r.callId,
    createdAt: r.createdAt.toISOString(),
    createdByName: r.createdByName,
  }));
}

/** The deal's management fee: the terms' fee, the charges so far and the accrued fees not yet deducted. */
export async function managementFeeData(q: Queryable, dealId: string): Promise<ManagementFeeData> {
  await dealRow(q, dealId, false);
  const terms = await currentTerms(q, dealId);
  const fee = terms?.managementFee ?? null;
  const owed = await outstandingAccruedFees(q, dealId);
  const names = await profileNames(q, [...owed.keys()]);
  return {
    fee: fee ? { ...fee, description: describeManagementFee(fee) } : null,
    charges: await listCharges(q, dealId),
    outstanding: [...owed.entries()]
      .map(([investorId, c]) => ({ investorId, investorName: names.get(investorId) ?? 'Unknown', amount: fromCents(c) }))
      .sort((a, b) => a.investorName.localeCompare(b.investorName)),
  };
}
