import { sql as kysql } from 'kysely';
import type { Queryable } from '../../db/client.ts';
import { typed } from '../../db/typed.ts';
import { anyOf } from './repository.ts';

/**
 * The queries of statements, statement runs, valuations and accrued fees (decision 035), typed
 * from schema.generated.ts and read in camelCase. Numeric columns stay decimal strings; nothing
 * here adds them up (the services do, in cents).
 */

const one = kysql.lit(1).as('one');

/** The deals' valuations in date order, then as recorded (all of them: a caller that wants one per day picks it). */
export function valuationRows(q: Queryable, dealIds: string[]) {
  return typed(q)
    .selectFrom('valuations')
    .select(['dealId', 'valuationDate', 'currentValue'])
    .where(anyOf('dealId', dealIds))
    .orderBy('valuationDate')
    .orderBy('createdAt')
    .execute();
}

export type ValuationRow = Awaited<ReturnType<typeof valuationRows>>[number];

/** An investor's name, e-mail and language; undefined when there is no such investor. */
export function investorProfile(q: Queryable, investorId: string) {
  return typed(q)
    .selectFrom('profiles')
    .select(['name', 'email', 'language'])
    .where('id', '=', investorId)
    .where('role', '=', 'investor')
    .executeTakeFirst();
}

/** The deals an investor has ledger entries in, by title. */
export function dealsOfInvestor(q: Queryable, investorId: string) {
  return typed(q)
    .selectFrom('deals as d')
    .select(['d.id', 'd.title'])
    .where('d.id', 'in', (eb) => eb.selectFrom('ledger_entries').select('dealId').distinct().where('investorId', '=', investorId))
    .orderBy('d.title')
    .execute();
}

/** An investor's paid distributions with a payment date in the period, with their tiers and fee deducted. */
export function paidDistributions(q: Queryable, investorId: string, from: string, to: string) {
  return typed(q)
    .selectFrom('distributions as x')
    .select([
      'x.dealId',
      'x.paymentDate',
      'x.type',
      'x.amount',
      'x.returnOfCapital',
      'x.preferredReturn',
      'x.catchUp',
      'x.carriedInterest',
      'x.feeDeducted',
    ])
    .where('x.investorId', '=', investorId)
    .where((eb) => eb.between('x.paymentDate', from, to))
    .where('x.paidAt', 'is not', null)
    .orderBy('x.paymentDate')
    .orderBy('x.id')
    .execute();
}

/** An investor's distributions with a payment date in the period not yet paid (and not of nothing), with the deal's title. */
export function scheduledDistributions(q: Queryable, investorId: string, from: string, to: string) {
  return typed(q)
    .selectFrom('distributions as x')
    .innerJoin('deals as d', 'd.id', 'x.dealId')
    .select(['d.title', 'x.paymentDate', 'x.type', 'x.amount'])
    .where('x.investorId', '=', investorId)
    .where((eb) => eb.between('x.paymentDate', from, to))
    .where('x.paidAt', 'is', null)
    .where('x.amount', '>', kysql<string>`0`)
    .orderBy('x.paymentDate')
    .orderBy('d.title')
    .orderBy('x.id')
    .execute();
}

/** The statements generated for an investor (documents with a period), newest period first. */
export function statementDocuments(q: Queryable, investorId: string) {
  return (
    typed(q)
      .selectFrom('documents')
      .select(['id', 'statementFrom as from', 'statementTo as to', 'uploadDate'])
      .where('investorId', '=', investorId)
      .where('statementFrom', 'is not', null)
      .orderBy('statementTo', 'desc')
      .orderBy('statementFrom', 'desc')
      .orderBy('uploadDate', 'desc')
      .orderBy('id')
      // Both ends of a statement's period are set or neither (CHECK of migration 024).
      .$narrowType<{ from: string; to: string }>()
      .execute()
  );
}

/** The investors with at least one ledger entry, by name. */
export function investorsWithEntries(q: Queryable) {
  return typed(q)
    .selectFrom('profiles as p')
    .select(['p.id', 'p.name'])
    .where('p.role', '=', 'investor')
    .where((eb) => eb.exists(eb.selectFrom('ledger_entries as e').select(one).whereRef('e.investorId', '=', 'p.id')))
    .orderBy('p.name')
    .orderBy('p.id')
    .execute();
}

/** The investors whose statement a run has already stored. */
export async function investorsStoredBy(q: Queryable, jobId: string): Promise<(string | null)[]> {
  const rows = await typed(q).selectFrom('documents').select('investorId').where('statementJobId', '=', jobId).execute();
  return rows.map((r) => r.investorId);
}

/**
 * Per investor of a deal with management fee entries: the fees accrued for deduction (charges
 * with method 'deducted', entries not reversed) and what distributions already deducted.
 */
export function accruedAndDeducted(q: Queryable, dealId: string) {
  return typed(q)
    .selectFrom((eb) =>
      eb
        .selectFrom('ledger_entries')
        .select('investorId')
        .distinct()
        .where('dealId', '=', dealId)
        .where('feeChargeId', 'is not', null)
        .as('i'),
    )
    .select((eb) => [
      'i.investorId',
      eb.fn
        .coalesce(
          eb
            .selectFrom('ledger_entries as e')
            .innerJoin('management_fee_charges as c', 'c.id', 'e.feeChargeId')
            .select((s) => s.fn.sum<string>('e.amount').as('sum'))
            .where('e.dealId', '=', dealId)
            .whereRef('e.investorId', '=', 'i.investorId')
            .where('c.method', '=', 'deducted')
            .where('e.kind', '=', 'fee')
            .where((s) => s.not(s.exists(s.selectFrom('ledger_entries as r').select(one).whereRef('r.reversesId', '=', 'e.id')))),
          kysql<string>`0`,
        )
        .as('accrued'),
      eb.fn
        .coalesce(
          eb
            .selectFrom('distributions as x')
            .select((s) => s.fn.sum<string>('x.feeDeducted').as('sum'))
            .where('x.dealId', '=', dealId)
            .whereRef('x.investorId', '=', 'i.investorId'),
          kysql<string>`0`,
        )
        .as('deducted'),
    ])
    .execute();
}
