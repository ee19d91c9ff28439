import type { ClawbackPayment, EscrowPayout } from '../../../shared/deal-terms.ts';
import type { Queryable } from '../../db/client.ts';
import { typed } from '../../db/typed.ts';

/** The waterfall module's typed queries (decision 035): released escrow paid out to the carry recipients. */

/** A deal's escrow payouts, oldest first, each with its lines per carry recipient. */
export async function escrowPayoutsOf(q: Queryable, dealId: string): Promise<EscrowPayout[]> {
  const rows = await typed(q)
    .selectFrom('escrow_payouts')
    .select(['id', 'amount', 'paidOn'])
    .where('dealId', '=', dealId)
    .orderBy('paidOn')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  if (rows.length === 0) return [];
  const lines = await typed(q)
    .selectFrom('escrow_payout_lines')
    .select(['payoutId', 'name', 'amount'])
    .where(
      'payoutId',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('payoutId')
    .orderBy('position')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    amount: r.amount,
    paidOn: r.paidOn,
    lines: lines.filter((l) => l.payoutId === r.id).map((l) => ({ name: l.name, amount: l.amount })),
  }));
}

export interface NewEscrowPayoutLine {
  position: number;
  kind: 'gp' | 'admin';
  userId: string | null;
  name: string;
  amount: string;
}

/** Writes one payout and its lines; returns its id. */
export async function insertEscrowPayout(
  q: Queryable,
  row: { dealId: string; amount: string; paidOn: string; createdBy: string },
  lines: NewEscrowPayoutLine[],
): Promise<string> {
  const { id } = await typed(q).insertInto('escrow_payouts').values(row).returning('id').executeTakeFirstOrThrow();
  await typed(q)
    .insertInto('escrow_payout_lines')
    .values(lines.map((l) => ({ payoutId: id, ...l })))
    .execute();
  return id;
}

/** A deal's payments of a clawback owed (decision 058), oldest first. */
export async function clawbackPaymentsOf(q: Queryable, dealId: string): Promise<ClawbackPayment[]> {
  const rows = await typed(q)
    .selectFrom('clawback_payments')
    .select(['id', 'amount', 'paidOn', 'basis', 'lines'])
    .where('dealId', '=', dealId)
    .orderBy('paidOn')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    amount: r.amount,
    paidOn: r.paidOn,
    basis: r.basis,
    lines: r.lines as ClawbackPayment['lines'],
  }));
}

/** Writes one payment of a clawback owed (its ledger entries are posted by the caller); returns its id. */
export async function insertClawbackPayment(
  q: Queryable,
  row: {
    dealId: string;
    amount: string;
    paidOn: string;
    basis: 'contributions' | 'units';
    lines: ClawbackPayment['lines'];
    createdBy: string;
  },
): Promise<string> {
  const { id } = await typed(q)
    .insertInto('clawback_payments')
    .values({ ...row, lines: JSON.stringify(row.lines) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
