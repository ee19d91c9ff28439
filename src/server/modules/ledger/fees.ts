import { toCents } from '../../../shared/money.ts';
import type { Queryable } from '../../db/client.ts';
import { accruedAndDeducted } from './statements-repository.ts';

/**
 * Fees accrued for deduction (charges with method 'deducted', entries not reversed) less what
 * distributions already deducted, per investor, in cents.
 */
export async function outstandingAccruedFees(q: Queryable, dealId: string): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>();
  for (const r of await accruedAndDeducted(q, dealId)) {
    const left = toCents(r.accrued) - toCents(r.deducted);
    if (left > 0n) out.set(r.investorId, left);
  }
  return out;
}

/** Each investor's deduction from a distribution: their outstanding accrued fees, at most their amount. */
export async function feeDeductions(q: Queryable, dealId: string, perInvestor: Record<string, string>): Promise<Map<string, bigint>> {
  const owed = await outstandingAccruedFees(q, dealId);
  const out = new Map<string, bigint>();
  for (const [investorId, amount] of Object.entries(perInvestor)) {
    const o = owed.get(investorId) ?? 0n;
    const a = toCents(amount);
    out.set(investorId, o < a ? o : a);
  }
  return out;
}
