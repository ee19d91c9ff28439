import { type Insertable, sql as kysql } from 'kysely';
import type { Queryable } from '../../db/client.ts';
import type { CapitalCallsTable, LedgerEntriesTable } from '../../db/schema.generated.ts';
import { typed } from '../../db/typed.ts';

/**
 * The ledger's queries (decision 035): entries, the facts balances are computed from, the deal
 * locks and capital calls, typed from schema.generated.ts and read in camelCase. Money stays
 * exact: numeric columns are decimal strings in and out, and nothing here adds them up (the
 * services do, in cents). Statements, runs, valuations and fees: statements-repository.ts.
 */

/** `column = ANY($n::uuid[])`: one array parameter however many ids. */
export const anyOf = (column: string, ids: string[]) => kysql<boolean>`${kysql.ref(column)} = ANY(${ids}::uuid[])`;

const one = kysql.lit(1).as('one');

// --- The facts balances are computed from (no names, no joins): the hot path of performance.

/**
 * The Return of Capital tier of a distribution entry's own line in `distributions` (through the
 * reversed entry for a reversal) of `ledger_entries e`, so returned capital counts what the
 * waterfall returned, whatever the distribution's type (decision 023).
 */
const capital = kysql<string | null>`CASE WHEN e.kind = 'distribution' OR e.reversed_kind = 'distribution' THEN
    (SELECT x.return_of_capital::text FROM distributions x
      WHERE x.investor_id = e.investor_id
        AND x.event_id = coalesce(e.distribution_event_id, (SELECT o.distribution_event_id FROM ledger_entries o WHERE o.id = e.reverses_id))
      LIMIT 1)
  END`.as('capital');

const selectFacts = (q: Queryable) =>
  typed(q)
    .selectFrom('ledger_entries as e')
    .select(['e.investorId', 'e.dealId', 'e.kind', 'e.reversedKind', 'e.amount', 'e.entryDate', 'e.distributionType', 'e.callId', capital]);

/** One entry's facts; `capital` is the investor's Return of Capital tier of a distribution (or its reversal) split by the waterfall. */
export type FactRow = Awaited<ReturnType<ReturnType<typeof selectFacts>['executeTakeFirstOrThrow']>>;

/** A deal's facts with each investor's name, in ledger order (value date, then as recorded). */
export function dealFactsWithNames(q: Queryable, dealId: string) {
  return selectFacts(q)
    .innerJoin('profiles as p', 'p.id', 'e.investorId')
    .select('p.name')
    .where('e.dealId', '=', dealId)
    .orderBy('e.entryDate')
    .orderBy('e.createdAt')
    .execute();
}

/** The facts of these deals, in ledger order. */
export function factsOfDeals(q: Queryable, dealIds: string[]): Promise<FactRow[]> {
  return selectFacts(q).where(anyOf('e.dealId', dealIds)).orderBy('e.entryDate').orderBy('e.createdAt').execute();
}

/** The facts of one investor's line of a call. */
export function factsOfCallLine(q: Queryable, callId: string, investorId: string): Promise<FactRow[]> {
  return selectFacts(q).where('e.callId', '=', callId).where('e.investorId', '=', investorId).execute();
}

/** One investor's facts in a deal, without the entries of management fee calls. */
export function factsOutsideFeeCalls(q: Queryable, dealId: string, investorId: string): Promise<FactRow[]> {
  return selectFacts(q)
    .leftJoin('capital_calls as c', 'c.id', 'e.callId')
    .where('e.dealId', '=', dealId)
    .where('e.investorId', '=', investorId)
    .where(kysql<boolean>`NOT coalesce(${kysql.ref('c.feeCharge')}, false)`)
    .execute();
}

// --- Entries

const selectEntries = (q: Queryable) =>
  typed(q)
    .selectFrom('ledger_entries as e')
    .innerJoin('profiles as p', 'p.id', 'e.investorId')
    .innerJoin('deals as d', 'd.id', 'e.dealId')
    .select((eb) => [
      'e.id',
      'e.investorId',
      'p.name as investorName',
      'e.dealId',
      'd.title as dealTitle',
      'e.kind',
      'e.reversedKind',
      'e.amount',
      'e.entryDate',
      'e.dueDate',
      'e.recordDate',
      'e.distributionType',
      'e.callId',
      'e.reversesId',
      eb.selectFrom('ledger_entries as r').select('r.id').whereRef('r.reversesId', '=', 'e.id').as('reversedBy'),
      'e.memo',
      'e.createdAt',
    ]);

export type EntryRow = Awaited<ReturnType<ReturnType<typeof selectEntries>['executeTakeFirstOrThrow']>>;

/** Entries with their investor's name and deal's title, of a deal and/or an investor, in ledger order. */
export function entries(q: Queryable, where: { dealId?: string; investorId?: string }): Promise<EntryRow[]> {
  return selectEntries(q)
    .$if(!!where.dealId, (qb) => qb.where('e.dealId', '=', where.dealId as string))
    .$if(!!where.investorId, (qb) => qb.where('e.investorId', '=', where.investorId as string))
    .orderBy('e.entryDate')
    .orderBy('e.createdAt')
    .orderBy('e.id')
    .execute();
}

export function entryById(q: Queryable, id: string): Promise<EntryRow | undefined> {
  return selectEntries(q).where('e.id', '=', id).executeTakeFirst();
}

export type NewEntryRow = Omit<Insertable<LedgerEntriesTable>, 'id' | 'createdAt'>;

/** Appends one entry; its id. */
export async function insertEntry(q: Queryable, row: NewEntryRow): Promise<string> {
  return (await typed(q).insertInto('ledger_entries').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** What a reversal copies of the entry it reverses. */
export function entryToReverse(q: Queryable, id: string) {
  return typed(q)
    .selectFrom('ledger_entries')
    .select(['id', 'investorId', 'dealId', 'kind', 'amount', 'distributionType', 'callId', 'entryDate'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether a reversal of this entry exists. */
export async function isReversed(q: Queryable, entryId: string): Promise<boolean> {
  return (await typed(q).selectFrom('ledger_entries').select(one).where('reversesId', '=', entryId).execute()).length > 0;
}

/** Whether the investor holds a commitment entry in the deal. */
export async function hasCommitment(q: Queryable, dealId: string, investorId: string): Promise<boolean> {
  const rows = await typed(q)
    .selectFrom('ledger_entries')
    .select(one)
    .where('dealId', '=', dealId)
    .where('investorId', '=', investorId)
    .where('kind', '=', 'commitment')
    .execute();
  return rows.length > 0;
}

// --- Deals

export async function dealExists(q: Queryable, dealId: string): Promise<boolean> {
  return (await typed(q).selectFrom('deals').select(one).where('id', '=', dealId).execute()).length > 0;
}

export function dealTitle(q: Queryable, dealId: string) {
  return typed(q).selectFrom('deals').select(['id', 'title']).where('id', '=', dealId).executeTakeFirst();
}

/**
 * Locks the deal's row until the transaction ends: the lock every writer of a deal's capital
 * accounts takes first. False when there is no such deal.
 */
export async function lockDeal(q: Queryable, dealId: string): Promise<boolean> {
  return (await typed(q).selectFrom('deals').select('id').where('id', '=', dealId).forUpdate().execute()).length > 0;
}

/** The deal with the day it was created in the zone ('YYYY-MM-DD'), locked until the transaction ends. */
export function lockDealWithCreatedDay(q: Queryable, dealId: string, zone: string) {
  return typed(q)
    .selectFrom('deals')
    .select(['id', 'title', kysql<string>`(${kysql.ref('createdAt')} AT TIME ZONE ${zone}::text)::date`.as('created')])
    .where('id', '=', dealId)
    .forUpdate()
    .executeTakeFirst();
}

/** The SPV named on a deal (matched by name, case-insensitive) with its payment details; undefined without the deal. */
export function dealSpv(q: Queryable, dealId: string) {
  return typed(q)
    .selectFrom('deals as d')
    .leftJoin('spvs as s', (j) => j.on((eb) => eb(eb.fn('lower', ['s.name']), '=', eb.fn('lower', ['d.spvEntity']))))
    .select([
      'd.spvEntity',
      's.id as spvId',
      's.name',
      's.bankName',
      's.accountName',
      's.accountNumber',
      's.swiftCode',
      's.paymentReference',
    ])
    .where('d.id', '=', dealId)
    .executeTakeFirst();
}

// --- Capital calls

export async function insertCall(
  q: Queryable,
  row: Omit<Insertable<CapitalCallsTable>, 'id' | 'createdAt' | 'feeCharge'>,
): Promise<string> {
  return (await typed(q).insertInto('capital_calls').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertCallLine(q: Queryable, callId: string, investorId: string, amountDue: string): Promise<void> {
  await typed(q).insertInto('capital_call_lines').values({ callId, investorId, amountDue }).execute();
}

/** The deal of a call; undefined without the call. */
export async function dealOfCall(q: Queryable, callId: string): Promise<string | undefined> {
  return (await typed(q).selectFrom('capital_calls').select('dealId').where('id', '=', callId).executeTakeFirst())?.dealId;
}

/** The call, locked until the transaction ends. */
export function lockCall(q: Queryable, callId: string) {
  return typed(q).selectFrom('capital_calls').select(['id', 'dealId', 'callDate']).where('id', '=', callId).forUpdate().executeTakeFirst();
}

/** The amount an investor's line of a call asks for; undefined when they are not part of it. */
export async function amountDue(q: Queryable, callId: string, investorId: string): Promise<string | undefined> {
  const row = await typed(q)
    .selectFrom('capital_call_lines')
    .select('amountDue')
    .where('callId', '=', callId)
    .where('investorId', '=', investorId)
    .executeTakeFirst();
  return row?.amountDue;
}

/** Whether an investor's line of a call is cancelled: its call (or fee) entry was reversed (decision record 024). */
export async function lineCancelled(q: Queryable, callId: string, investorId: string): Promise<boolean> {
  const rows = await typed(q)
    .selectFrom('ledger_entries')
    .select(one)
    .where('callId', '=', callId)
    .where('investorId', '=', investorId)
    .where('kind', '=', 'reversal')
    .where('reversedKind', 'in', ['call', 'fee'])
    .execute();
  return rows.length > 0;
}

/** Calls with their deal's title (one call, one deal, the calls an investor is part of, or all), latest first. */
export function calls(q: Queryable, where: { callId?: string; dealId?: string; investorId?: string }) {
  return typed(q)
    .selectFrom('capital_calls as c')
    .innerJoin('deals as d', 'd.id', 'c.dealId')
    .select([
      'c.id',
      'c.dealId',
      'd.title',
      'c.callDate',
      'c.dueDate',
      'c.purpose',
      'c.feeCharge',
      'c.basis',
      'c.percentage',
      'c.totalAmount',
      'c.createdAt',
    ])
    .$if(!!where.callId, (qb) => qb.where('c.id', '=', where.callId as string))
    .$if(!!where.dealId, (qb) => qb.where('c.dealId', '=', where.dealId as string))
    .$if(!!where.investorId, (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom('capital_call_lines as l')
            .select(one)
            .whereRef('l.callId', '=', 'c.id')
            .where('l.investorId', '=', where.investorId as string),
        ),
      ),
    )
    .orderBy('c.callDate', 'desc')
    .orderBy('c.createdAt', 'desc')
    .orderBy('c.id')
    .execute();
}

/** The lines of these calls with their investor and whether each is cancelled (its call or fee entry reversed). */
export function callLines(q: Queryable, callIds: string[]) {
  return typed(q)
    .selectFrom('capital_call_lines as l')
    .innerJoin('profiles as p', 'p.id', 'l.investorId')
    .select((eb) => [
      'l.callId',
      'l.investorId',
      'p.name',
      'p.email',
      'l.amountDue',
      eb
        .exists(
          eb
            .selectFrom('ledger_entries as r')
            .select(one)
            .whereRef('r.callId', '=', 'l.callId')
            .whereRef('r.investorId', '=', 'l.investorId')
            .where('r.kind', '=', 'reversal')
            .where('r.reversedKind', 'in', ['call', 'fee']),
        )
        .$castTo<boolean>()
        .as('cancelled'),
    ])
    .where(anyOf('l.callId', callIds))
    .orderBy('p.name')
    .orderBy('l.investorId')
    .execute();
}

/** The receipts (contributions) of these calls and their reversals, each with whether it was reversed, in ledger order. */
export function callReceipts(q: Queryable, callIds: string[]) {
  return typed(q)
    .selectFrom('ledger_entries as e')
    .select((eb) => [
      'e.id',
      'e.callId',
      'e.investorId',
      'e.kind',
      'e.amount',
      'e.entryDate as valueDate',
      eb
        .exists(eb.selectFrom('ledger_entries as r').select(one).whereRef('r.reversesId', '=', 'e.id'))
        .$castTo<boolean>()
        .as('reversed'),
      'e.createdAt',
    ])
    .where(anyOf('e.callId', callIds))
    .where('e.kind', 'in', ['contribution', 'reversal'])
    .where((eb) => eb.or([eb('e.kind', '=', 'contribution'), eb('e.reversedKind', '=', 'contribution')]))
    .orderBy('e.entryDate')
    .orderBy('e.createdAt')
    .execute();
}
