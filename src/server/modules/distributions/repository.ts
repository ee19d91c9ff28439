import { type Insertable, sql as kysql } from 'kysely';
import type { Queryable } from '../../db/client.ts';
import type { DistributionCarryTable, DistributionEventsTable, DistributionsTable } from '../../db/schema.generated.ts';
import { typed } from '../../db/typed.ts';

/**
 * The distribution queries (decision 035): typed from schema.generated.ts, columns read in
 * camelCase. Money stays exact: numeric columns are decimal strings in and out, and nothing here
 * adds them up (the services do, in cents).
 */

/** The deal a distribution is recorded for, locked until the transaction ends, with the day it was created in the zone. */
export function lockDealForDistribution(q: Queryable, dealId: string, zone: string) {
  return typed(q)
    .selectFrom('deals')
    .select(['id', 'title', 'spvEntity', kysql<string>`(${kysql.ref('created_at')} AT TIME ZONE ${zone}::text)::date`.as('created')])
    .where('id', '=', dealId)
    .forUpdate()
    .executeTakeFirst();
}

/** The payment date of the deal's final distribution; undefined when it has none. */
export async function finalDistributionDate(q: Queryable, dealId: string): Promise<string | undefined> {
  const row = await typed(q)
    .selectFrom('distribution_events')
    .select('paymentDate')
    .where('dealId', '=', dealId)
    .where('isFinal', '=', true)
    .limit(kysql.lit(1))
    .executeTakeFirst();
  return row?.paymentDate;
}

export type NewEvent = Required<
  Pick<
    Insertable<DistributionEventsTable>,
    | 'dealId'
    | 'type'
    | 'totalAmount'
    | 'paymentDate'
    | 'recordDate'
    | 'spvEntity'
    | 'createdBy'
    | 'termsId'
    | 'returnOfCapital'
    | 'preferredReturn'
    | 'catchUp'
    | 'carriedInterestLp'
    | 'carriedInterestGp'
    | 'lpTotal'
    | 'gpTotal'
    | 'hurdleBefore'
    | 'hurdleAfter'
  >
>;

/** Inserts a distribution event; returns its id. */
export async function insertEvent(q: Queryable, event: NewEvent): Promise<string> {
  return (await typed(q).insertInto('distribution_events').values(event).returning('id').executeTakeFirstOrThrow()).id;
}

export type NewAllocation = Required<Omit<Insertable<DistributionsTable>, 'id' | 'paidAt' | 'createdAt'>>;

/** Inserts one holder's share of an event. */
export async function insertAllocation(q: Queryable, allocation: NewAllocation): Promise<void> {
  await typed(q).insertInto('distributions').values(allocation).execute();
}

/** Inserts one carry recipient's share of an event. */
export async function insertCarry(q: Queryable, carry: Insertable<DistributionCarryTable>): Promise<void> {
  await typed(q).insertInto('distribution_carry').values(carry).execute();
}

/** A distribution event, locked until the transaction ends. */
export function lockEvent(q: Queryable, eventId: string) {
  return typed(q)
    .selectFrom('distribution_events')
    .select(['id', 'paidAt', 'dealId', 'totalAmount', 'paymentDate', 'recordDate'])
    .where('id', '=', eventId)
    .forUpdate()
    .executeTakeFirst();
}

/** The holders with a share above zero in an event. */
export async function payeesOf(q: Queryable, eventId: string): Promise<string[]> {
  const rows = await typed(q)
    .selectFrom('distributions')
    .select('investorId')
    .where('eventId', '=', eventId)
    .where('amount', '>', kysql<string>`0`)
    .execute();
  return rows.map((r) => r.investorId);
}

/** Marks an event and its shares paid now, on the given payment day. */
export async function setPaid(q: Queryable, eventId: string, actorId: string, day: string): Promise<void> {
  const now = kysql<Date>`now()`;
  await typed(q)
    .updateTable('distribution_events')
    .set({ paidAt: now, paidBy: actorId, paymentDate: day })
    .where('id', '=', eventId)
    .execute();
  await typed(q).updateTable('distributions').set({ paidAt: now, paymentDate: day }).where('eventId', '=', eventId).execute();
}

/** An event's shares above zero, as the ledger takes them. */
export function paidShares(q: Queryable, eventId: string) {
  return typed(q)
    .selectFrom('distributions')
    .select(['investorId', 'dealId', 'amount', 'type', 'paymentDate', 'recordDate'])
    .where('eventId', '=', eventId)
    .where('amount', '>', kysql<string>`0`)
    .execute();
}

/** Events (or one) with their deal's title and the terms version they were split under; latest payment first. */
export function events(q: Queryable, eventId?: string) {
  return typed(q)
    .selectFrom('distribution_events as e')
    .innerJoin('deals as d', 'd.id', 'e.dealId')
    .leftJoin('deal_terms as t', 't.id', 'e.termsId')
    .select([
      'e.id',
      'e.dealId',
      'd.title',
      'e.type',
      'e.totalAmount',
      'e.paymentDate',
      'e.recordDate',
      'e.spvEntity',
      'e.paidAt',
      'e.createdAt',
      'e.lpTotal',
      'e.gpTotal',
      'e.returnOfCapital',
      'e.preferredReturn',
      'e.catchUp',
      'e.carriedInterestLp',
      'e.carriedInterestGp',
      't.version as termsVersion',
      't.hurdleRate',
      't.catchUp as catchUpKind',
      't.catchUpRate',
      't.carryRate',
    ])
    .$if(eventId !== undefined, (qb) => qb.where('e.id', '=', eventId as string))
    .orderBy('e.paymentDate', 'desc')
    .orderBy('e.createdAt', 'desc')
    .execute();
}

/** The carry recipients of events (or one), named from their profile when they have one; in position order. */
export function carryOf(q: Queryable, eventId?: string) {
  return typed(q)
    .selectFrom('distribution_carry as c')
    .leftJoin('profiles as p', 'p.id', 'c.userId')
    .select((eb) => ['c.eventId', eb.fn.coalesce('p.name', 'c.name').as('name'), 'c.amount'])
    .$if(eventId !== undefined, (qb) => qb.where('c.eventId', '=', eventId as string))
    .orderBy('c.eventId')
    .orderBy('c.position')
    .execute();
}

/** The holders' shares of events (or one) with their names, by name. */
export function allocationsOf(q: Queryable, eventId?: string) {
  return typed(q)
    .selectFrom('distributions as x')
    .innerJoin('profiles as p', 'p.id', 'x.investorId')
    .select(['x.eventId', 'x.investorId', 'p.name', 'x.amount'])
    .$if(eventId !== undefined, (qb) => qb.where('x.eventId', '=', eventId as string))
    .orderBy('p.name')
    .execute();
}

/** An investor's shares of every distribution with the deal's title, by payment date. */
export function investorShares(q: Queryable, investorId: string) {
  return typed(q)
    .selectFrom('distributions as x')
    .innerJoin('deals as d', 'd.id', 'x.dealId')
    .select([
      'x.id',
      'x.eventId',
      'x.dealId',
      'd.title',
      'x.type',
      'x.amount',
      'x.paymentDate',
      'x.spvEntity',
      'x.paidAt',
      'x.returnOfCapital',
      'x.preferredReturn',
      'x.catchUp',
      'x.carriedInterest',
      'x.feeDeducted',
    ])
    .where('x.investorId', '=', investorId)
    .orderBy('x.paymentDate')
    .execute();
}
