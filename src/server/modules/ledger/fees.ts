import { toCents } from '../../../shared/money.ts';
import type { Queryable } from '../../db/client.ts';
import { sql } from '../../db/sql.ts';

/**
 * Fees accrued for deduction (charges with method 'deducted', entries not reversed) less what
 * distributions already deducted, per investor, in cents.
 */
export async function outstandingAccruedFees(q: Queryable, dealId: string): Promise<Map<string, bigint>> {
  const rows = await sql<{ investor_id: string; accrued: string; deducted: string }>(`SELECT i.investor_id,
            coalesce((SELECT sum(e.amount) FROM ledger_entries e JOIN management_fee_charges c ON c.id = e.fee_charge_id
                       WHERE e.deal_id = $1 AND e.investor_id = i.investor_id AND c.method = 'deducted' AND e.kind = 'fee'
                         AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_id = e.id)), 0)::text AS accrued,
            coalesce((SELECT sum(x.fee_deducted) FROM distributions x WHERE x.deal_id = $1 AND x.investor_id = i.investor_id), 0)::text AS deducted
       FROM (SELECT DISTINCT investor_id FROM ledger_entries WHERE deal_id = $1 AND fee_charge_id IS NOT NULL) i`).all(q, [dealId]);
  const out = new Map<string, bigint>();
  for (const r of rows) {
    const left = toCents(r.accrued) - toCents(r.deducted);
    if (left > 0n) out.set(r.investor_id, left);
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
