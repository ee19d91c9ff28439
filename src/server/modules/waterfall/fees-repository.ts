import { sql as kysql } from 'kysely';
import type { Queryable } from '../../db/client.ts';
import { typed } from '../../db/typed.ts';

/**
 * The management fee's typed queries (decision 035): the basis movements, the charges and the
 * capital calls of fees. Money stays exact: numeric columns are decimal strings in and out.
 */

/**
 * The deal's ledger entries of this kind, and reversals of it, dated on or before the day; those
 * of a capital call of fees are left out (no fee on fees).
 */
export function basisEntries(q: Queryable, dealId: string, kind: 'commitment' | 'contribution', to: string) {
  return typed(q)
    .selectFrom('ledger_entries as e')
    .leftJoin('capital_calls as c', 'c.id', 'e.callId')
    .select(['e.investorId', 'e.entryDate as date', 'e.kind', 'e.amount'])
    .where('e.dealId', '=', dealId)
    .where('e.entryDate', '<=', kysql<string>`${to}::date`)
    .where((eb) => eb.or([eb('e.kind', '=', kind), eb('e.reversedKind', '=', kind)]))
    .where((eb) => eb(eb.fn.coalesce('c.feeCharge', kysql<boolean>`false`), '=', false))
    .execute();
}

/** The first period charged that overlaps these days; undefined when none does. */
export function overlappingCharge(q: Queryable, dealId: string, from: string, to: string) {
  return typed(q)
    .selectFrom('management_fee_charges')
    .select(['periodFrom as from', 'periodTo as to'])
    .where('dealId', '=', dealId)
    .where('periodFrom', '<=', kysql<string>`${to}::date`)
    .where('periodTo', '>=', kysql<string>`${from}::date`)
    .orderBy('periodFrom')
    .limit(kysql.lit(1))
    .executeTakeFirst();
}

/** Inserts a capital call of fees (by amount); returns its id. */
export async function insertFeeCall(
  q: Queryable,
  call: { dealId: string; callDate: string; dueDate: string; purpose: string; totalAmount: string; createdBy: string },
): Promise<string> {
  return (
    await typed(q)
      .insertInto('capital_calls')
      .values({ ...call, basis: 'amount', feeCharge: true })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/** Inserts one investor's line of a capital call. */
export async function insertCallLine(q: Queryable, line: { callId: string; investorId: string; amountDue: string }): Promise<void> {
  await typed(q).insertInto('capital_call_lines').values(line).execute();
}

/** Inserts a management fee charge; returns its id. */
export async function insertCharge(
  q: Queryable,
  charge: {
    dealId: string;
    periodFrom: string;
    periodTo: string;
    rate: string;
    basis: 'commitments' | 'contributions';
    method: 'capital_call' | 'deducted';
    totalAmount: string;
    callId: string | null;
    createdBy: string;
  },
): Promise<string> {
  return (await typed(q).insertInto('management_fee_charges').values(charge).returning('id').executeTakeFirstOrThrow()).id;
}

/** The deal's charges with their length in days and who made them; latest period first. */
export function chargesOf(q: Queryable, dealId: string) {
  return typed(q)
    .selectFrom('management_fee_charges as c')
    .leftJoin('profiles as p', 'p.id', 'c.createdBy')
    .select([
      'c.id',
      'c.periodFrom as from',
      'c.periodTo as to',
      kysql<number>`(${kysql.ref('c.period_to')} - ${kysql.ref('c.period_from')} + 1)::int`.as('days'),
      'c.rate',
      'c.basis',
      'c.method',
      'c.totalAmount',
      'c.callId',
      'c.createdAt',
      'p.name as createdByName',
    ])
    .where('c.dealId', '=', dealId)
    .orderBy('c.periodFrom', 'desc')
    .execute();
}
