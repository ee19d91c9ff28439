import { sql as kysql, type Selectable } from 'kysely';
import type { ClawbackPayment, EscrowPayout } from '../../../shared/deal-terms.ts';
import type { Queryable } from '../../db/client.ts';
import type { DealTermsCarryRecipientsTable, DealTermsTable } from '../../db/schema.generated.ts';
import { typed } from '../../db/typed.ts';

/**
 * The waterfall module's typed queries (decision 035): a deal's terms and their carry recipients,
 * its dated cash flows, the Waterfall by Deal's sums, and the escrow payouts and clawback payments.
 * Money stays exact: numeric columns are decimal strings in and out, and nothing here adds them up
 * in JavaScript (the services do, in cents); the summary's sums are the database's.
 */

const anyId = (ids: string[]) => kysql<string[]>`${ids}::uuid[]`;

// ---------------------------------------------------------------------------------------------
// Deals and people
// ---------------------------------------------------------------------------------------------

/** The deal's id and title, locked until the transaction ends; undefined when there is none. */
export function lockDeal(q: Queryable, dealId: string) {
  return typed(q).selectFrom('deals').select(['id', 'title']).where('id', '=', dealId).forUpdate().executeTakeFirst();
}

/** Whether the deal exists. */
export async function dealExists(q: Queryable, dealId: string): Promise<boolean> {
  return (await typed(q).selectFrom('deals').select('id').where('id', '=', dealId).executeTakeFirst()) !== undefined;
}

/** The deal with the day it was created in the zone ('YYYY-MM-DD'), locked when asked; undefined when there is none. */
export function dealWithCreatedDay(q: Queryable, dealId: string, zone: string, lock = false) {
  return typed(q)
    .selectFrom('deals')
    .select(['id', 'title', kysql<string>`(${kysql.ref('created_at')} AT TIME ZONE ${zone}::text)::date`.as('created')])
    .where('id', '=', dealId)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** The names of these profiles by id (an unknown id is absent). */
export async function profileNames(q: Queryable, ids: string[]): Promise<Map<string, string>> {
  const rows = await typed(q)
    .selectFrom('profiles')
    .select(['id', 'name'])
    .where('id', '=', (eb) => eb.fn.any(anyId(ids)))
    .execute();
  return new Map(rows.map((p) => [p.id, p.name]));
}

/** The active administrators, by name. */
export function activeAdmins(q: Queryable): Promise<{ id: string; name: string }[]> {
  return typed(q)
    .selectFrom('profiles')
    .select(['id', 'name'])
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The deals in which the investor holds a Completed subscription, by title. */
export function heldDeals(q: Queryable, investorId: string) {
  return typed(q)
    .selectFrom('subscriptions as s')
    .innerJoin('deals as d', 'd.id', 's.dealId')
    .select(['d.id', 'd.title'])
    .distinct()
    .where('s.investorId', '=', investorId)
    .where('s.status', '=', 'Completed')
    .orderBy('d.title')
    .orderBy('d.id')
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Terms
// ---------------------------------------------------------------------------------------------

/** Which terms versions to read: a deal's current one or all of them (latest first), or the current one of each of these deals. */
export type TermsScope = { dealId: string; versions: 'current' | 'all' } | { dealIds: string[] };

/** Terms versions with who created them and how many distributions were split under each; by deal, latest version first. */
export function termsRows(q: Queryable, scope: TermsScope) {
  return typed(q)
    .selectFrom('deal_terms as t')
    .leftJoin('profiles as p', 'p.id', 't.createdBy')
    .select([
      't.id',
      't.dealId',
      't.version',
      't.hurdleRate',
      't.catchUp',
      't.catchUpRate',
      't.carryRate',
      't.managementFeeRate',
      't.managementFeeBasis',
      't.managementFeeMethod',
      't.prefCompounding',
      't.dayCount',
      't.clawback',
      't.clawbackTaxRate',
      't.escrowRate',
      't.escrowReleaseDate',
      't.createdAt',
      'p.name as createdByName',
      kysql<number>`(SELECT count(*)::int FROM distribution_events e WHERE e.terms_id = ${kysql.ref('t.id')})`.as('distributionCount'),
    ])
    .$call((qb) => {
      if ('dealIds' in scope)
        return qb
          .where('t.dealId', '=', (eb) => eb.fn.any(anyId(scope.dealIds)))
          .where('t.version', '=', (eb) =>
            eb
              .selectFrom('deal_terms as x')
              .select((x) => x.fn.max('x.version').as('v'))
              .whereRef('x.dealId', '=', 't.dealId'),
          );
      const { dealId } = scope;
      return qb.where('t.dealId', '=', dealId).$if(scope.versions === 'current', (w) =>
        w.where('t.version', '=', (eb) =>
          eb
            .selectFrom('deal_terms')
            .select((x) => x.fn.max('version').as('v'))
            .where('dealId', '=', dealId),
        ),
      );
    })
    .orderBy('t.dealId')
    .orderBy('t.version', 'desc')
    .execute();
}

/** The carry recipients of these terms versions, named from their profile when they have one; in position order. */
export function carryRecipientsOf(q: Queryable, termsIds: string[]) {
  return typed(q)
    .selectFrom('deal_terms_carry_recipients as r')
    .leftJoin('profiles as p', 'p.id', 'r.userId')
    .select((eb) => ['r.termsId', 'r.kind', 'r.userId', eb.fn.coalesce('p.name', 'r.name').as('name'), 'r.share'])
    .where('r.termsId', '=', (eb) => eb.fn.any(anyId(termsIds)))
    .orderBy('r.termsId')
    .orderBy('r.position')
    .execute();
}

/** What a terms version states (written as a whole on a save). */
export type TermsValues = Pick<
  Selectable<DealTermsTable>,
  | 'hurdleRate'
  | 'catchUp'
  | 'catchUpRate'
  | 'carryRate'
  | 'managementFeeRate'
  | 'managementFeeBasis'
  | 'managementFeeMethod'
  | 'createdBy'
  | 'prefCompounding'
  | 'dayCount'
  | 'clawback'
  | 'clawbackTaxRate'
  | 'escrowRate'
  | 'escrowReleaseDate'
>;

/** Rewrites a terms version in place (stamped now) and removes its carry recipients. */
export async function replaceTerms(q: Queryable, termsId: string, values: TermsValues): Promise<void> {
  await typed(q)
    .updateTable('deal_terms')
    .set({ ...values, createdAt: kysql<Date>`now()` })
    .where('id', '=', termsId)
    .execute();
  await typed(q).deleteFrom('deal_terms_carry_recipients').where('termsId', '=', termsId).execute();
}

/** Inserts a terms version; returns its id. */
export async function insertTerms(q: Queryable, dealId: string, version: number, values: TermsValues): Promise<string> {
  return (
    await typed(q)
      .insertInto('deal_terms')
      .values({ dealId, version, ...values })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/** Inserts a terms version's carry recipients, one row each, in order. */
export async function insertCarryRecipients(q: Queryable, recipients: Selectable<DealTermsCarryRecipientsTable>[]): Promise<void> {
  for (const r of recipients) await typed(q).insertInto('deal_terms_carry_recipients').values(r).execute();
}

// ---------------------------------------------------------------------------------------------
// Cash flows and the Waterfall by Deal
// ---------------------------------------------------------------------------------------------

/** The deal's contributions in the ledger dated on or before the day, without those reversed (the reversals are not contributions). */
export function contributionsOf(q: Queryable, dealId: string, asOf: string) {
  return typed(q)
    .selectFrom('ledger_entries as e')
    .select(['e.investorId', 'e.entryDate as date', 'e.amount'])
    .where('e.dealId', '=', dealId)
    .where('e.kind', '=', 'contribution')
    .where('e.entryDate', '<=', kysql<string>`${asOf}::date`)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('ledger_entries as r').select(kysql.lit(1).as('one')).whereRef('r.reversesId', '=', 'e.id'))),
    )
    .orderBy('e.investorId')
    .orderBy('e.entryDate')
    .orderBy('e.id')
    .execute();
}

/** The deal's distribution events as the waterfall replays them, in payment-date order. */
export function recordedEvents(q: Queryable, dealId: string) {
  return typed(q)
    .selectFrom('distribution_events')
    .select([
      'id',
      'paymentDate as date',
      'totalAmount as amount',
      'lpTotal',
      'gpTotal as gp',
      'returnOfCapital',
      'clawbackNetted',
      'escrowHeld',
      'isFinal',
    ])
    .where('dealId', '=', dealId)
    .orderBy('paymentDate')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** The ids of the deal's distribution events whose payment was confirmed. */
export async function paidEventIds(q: Queryable, dealId: string): Promise<string[]> {
  const rows = await typed(q)
    .selectFrom('distribution_events')
    .select('id')
    .where('dealId', '=', dealId)
    .where('paidAt', 'is not', null)
    .execute();
  return rows.map((r) => r.id);
}

/** Stores what a recorded distribution withheld for a clawback and held or released in escrow. */
export async function setClawbackAndEscrow(
  q: Queryable,
  eventId: string,
  values: { clawbackNetted: string; escrowHeld: string; escrowReleased: string; isFinal: boolean },
): Promise<void> {
  await typed(q).updateTable('distribution_events').set(values).where('id', '=', eventId).execute();
}

/** The deals with distributions or terms, by title. */
export function dealsWithWaterfall(q: Queryable) {
  return typed(q)
    .selectFrom('deals as d')
    .select(['d.id', 'd.title'])
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('distribution_events as e').select(kysql.lit(1).as('one')).whereRef('e.dealId', '=', 'd.id')),
        eb.exists(eb.selectFrom('deal_terms as t').select(kysql.lit(1).as('one')).whereRef('t.dealId', '=', 'd.id')),
      ]),
    )
    .orderBy('d.title')
    .orderBy('d.id')
    .execute();
}

/** A sum over the deal's paid (or unpaid) events, '0' when there is none (numeric: a decimal string). */
const sumWhere = (column: string, paid: boolean) =>
  kysql<string>`coalesce(sum(${kysql.raw(column)}) FILTER (WHERE paid_at IS ${kysql.raw(paid ? 'NOT NULL' : 'NULL')}), 0)`;

/**
 * The deal's paid distributions summed by waterfall tier, and what is recorded but unpaid. An
 * aggregate without GROUP BY answers one row, even for no distributions; undefined were it none.
 */
export function paidSums(q: Queryable, dealId: string) {
  return typed(q)
    .selectFrom('distribution_events')
    .select([
      sumWhere('total_amount', true).as('total'),
      sumWhere('coalesce(return_of_capital, total_amount)', true).as('roc'),
      sumWhere('preferred_return', true).as('pref'),
      sumWhere('catch_up', true).as('cu'),
      sumWhere('carried_interest_lp', true).as('clp'),
      sumWhere('carried_interest_gp', true).as('cgp'),
      sumWhere('coalesce(lp_total, total_amount)', true).as('lp'),
      sumWhere('coalesce(gp_total, 0)', true).as('gp'),
      sumWhere('total_amount', false).as('scheduled'),
      kysql<number>`(count(*) FILTER (WHERE paid_at IS NULL))::int`.as('scheduledCount'),
    ])
    .where('dealId', '=', dealId)
    .executeTakeFirst();
}

/** The carry of the deal's paid distributions per recipient name (the database's sums), by name. */
export function paidCarryByRecipient(q: Queryable, dealId: string): Promise<{ name: string; amount: string }[]> {
  const name = kysql<string>`coalesce(${kysql.ref('p.name')}, ${kysql.ref('c.name')})`;
  return typed(q)
    .selectFrom('distribution_carry as c')
    .innerJoin('distribution_events as e', 'e.id', 'c.eventId')
    .leftJoin('profiles as p', 'p.id', 'c.userId')
    .select([name.as('name'), kysql<string>`sum(${kysql.ref('c.amount')})`.as('amount')])
    .where('e.dealId', '=', dealId)
    .where('e.paidAt', 'is not', null)
    .groupBy(name)
    .orderBy(kysql.lit(1))
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Escrow payouts and clawback payments
// ---------------------------------------------------------------------------------------------

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
