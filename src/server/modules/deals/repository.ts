import { type ExpressionBuilder, sql as kysql, type Updateable } from 'kysely';
import type { Deal, DealActivity, DealCursor, DealOption, DealStage } from '../../../shared/deals.ts';
import type { Valuation } from '../../../shared/performance.ts';
import type { Queryable } from '../../db/client.ts';
import type { DB, DealsTable, JsonValue } from '../../db/schema.generated.ts';
import { typed } from '../../db/typed.ts';

/** The deal queries (decision 035): typed from schema.generated.ts, columns read in camelCase. */

/**
 * A deal's columns (the table aliased d) and its creator's name. The name is a correlated lookup,
 * never a join: it runs once per row returned, by primary key, after any LIMIT (a join to
 * profiles may be planned as a hash join that reads every profile).
 */
const dealColumns = (eb: ExpressionBuilder<{ d: DB['deals'] } & Pick<DB, 'profiles'>, 'd'>) =>
  [
    'd.id',
    'd.title',
    'd.type',
    'd.targetAmount',
    'd.committedAmount',
    'd.spvEntity',
    'd.expectedIrr',
    'd.riskScore',
    'd.description',
    'd.nextStep',
    'd.stage',
    'd.status',
    'd.createdBy',
    eb.selectFrom('profiles as p').select('p.name').whereRef('p.id', '=', 'd.createdBy').as('createdByName'),
    'd.createdAt',
    'd.stageEnteredAt',
    'd.updatedAt',
  ] as const;

/** A deal as the database returns it: the API's Deal with its instants still Dates. */
export type DealRow = Omit<Deal, 'createdAt' | 'stageEnteredAt' | 'updatedAt'> & {
  createdAt: Date;
  stageEnteredAt: Date;
  updatedAt: Date;
};

/** The API's deal (named field by field: a paged row's cursorAt stays out). */
export const toDeal = (r: DealRow): Deal => ({
  id: r.id,
  title: r.title,
  type: r.type,
  targetAmount: r.targetAmount,
  committedAmount: r.committedAmount,
  spvEntity: r.spvEntity,
  expectedIrr: r.expectedIrr,
  riskScore: r.riskScore,
  description: r.description,
  nextStep: r.nextStep,
  stage: r.stage,
  status: r.status,
  createdBy: r.createdBy,
  createdByName: r.createdByName,
  createdAt: r.createdAt.toISOString(),
  stageEnteredAt: r.stageEnteredAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The exact position of a row (microseconds, UTC) for the keyset cursor; JS dates keep only milliseconds. */
const cursorAt = kysql<string>`to_char(${kysql.ref('d.createdAt')} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cursorAt');

export type PagedRow = DealRow & { cursorAt: string };

/**
 * The ids of one page of a stage, newest first, as an index-only scan of (stage, created_at DESC,
 * id DESC). Selecting only indexed columns makes that index the cheapest path by far: asked for
 * whole rows, the planner may walk the created_at index and filter by stage, which for a stage
 * whose deals are all older than the newest of the others reads most of the table (measured:
 * 22 ms instead of 0.8 ms at 1M deals). The rows are then read by primary key.
 */
function stagePage(q: Queryable, stage: DealStage, after: DealCursor | undefined, limit: number) {
  const ids = typed(q)
    .selectFrom('deals as s')
    .select('s.id')
    .where('s.stage', '=', stage)
    .$if(after !== undefined, (qb) =>
      qb.where((eb) =>
        eb(
          eb.refTuple('s.createdAt', 's.id'),
          '<',
          eb.tuple(kysql<Date>`${after?.createdAt}::timestamptz`, kysql<string>`${after?.id}::uuid`),
        ),
      ),
    )
    .orderBy('s.createdAt', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit);
  return typed(q).selectFrom(ids.as('k')).innerJoin('deals as x', 'x.id', 'k.id').selectAll('x');
}

/** The first `limit` deals of each stage (one UNION ALL branch per stage), newest first across them. */
export async function firstPages(q: Queryable, stages: readonly DealStage[], limit: number): Promise<PagedRow[]> {
  const [first, ...rest] = stages.map((stage) => stagePage(q, stage, undefined, limit));
  if (!first) return [];
  const union = rest.reduce((u, branch) => u.unionAll(branch), first);
  return typed(q)
    .selectFrom(union.as('d'))
    .select((eb) => [...dealColumns(eb), cursorAt])
    .orderBy('d.createdAt', 'desc')
    .orderBy('d.id', 'desc')
    .execute();
}

/**
 * Capped counts, one branch per stage (its value visible to the planner), each an index-only
 * range scan on (stage, created_at, id) that stops after `cap` entries.
 */
export async function cappedStageCounts(q: Queryable, stages: readonly DealStage[], cap: number) {
  const [first, ...rest] = stages.map((stage) =>
    typed(q)
      .selectFrom(
        typed(q)
          .selectFrom('deals as x')
          .select(kysql.lit(1).as('one'))
          .where('x.stage', '=', stage)
          .orderBy('x.createdAt', 'desc')
          .orderBy('x.id', 'desc')
          .limit(cap)
          .as('c'),
      )
      .select([kysql<DealStage>`${stage}::text`.as('stage'), kysql<number>`count(*)::int`.as('total')]),
  );
  if (!first) return [];
  return rest.reduce((u, branch) => u.unionAll(branch), first).execute();
}

/** One stage's deals after `cursor` (or its first page), newest first. */
export function stagePageRows(q: Queryable, stage: DealStage, cursor: DealCursor | undefined, limit: number): Promise<PagedRow[]> {
  return typed(q)
    .selectFrom(stagePage(q, stage, cursor, limit).as('d'))
    .select((eb) => [...dealColumns(eb), cursorAt])
    .orderBy('d.createdAt', 'desc')
    .orderBy('d.id', 'desc')
    .execute();
}

/** Every deal for a deal select: a few narrow columns, no join, ordered by title. */
export function dealOptions(q: Queryable): Promise<DealOption[]> {
  return typed(q)
    .selectFrom('deals')
    .select(['id', 'title', 'stage', 'status', 'committedAmount', 'spvEntity'])
    .orderBy('title')
    .orderBy('id')
    .execute();
}

export function findDeal(q: Queryable, id: string, forUpdate: boolean): Promise<DealRow | undefined> {
  return typed(q)
    .selectFrom('deals as d')
    .select(dealColumns)
    .where('d.id', '=', id)
    .$if(forUpdate, (qb) => qb.forUpdate('d'))
    .executeTakeFirst();
}

export interface NewDeal {
  title: string;
  type: Deal['type'];
  targetAmount: string | null;
  spvEntity: string | null;
  expectedIrr: string | null;
  riskScore: string | null;
  description: string | null;
  nextStep: string | null;
  createdBy: string;
}

/**
 * Inserts the deal (always Pending) and its deal_created log entry (details { dealId, title, type },
 * as logActivity writes them) in one statement, atomic on its own, and returns the deal with its
 * creator's name.
 */
export async function insertDealLogged(q: Queryable, deal: NewDeal, ip: string): Promise<DealRow> {
  return typed(q)
    .with('d', (db) =>
      db
        .insertInto('deals')
        .values({ ...deal, status: 'Pending' })
        .returningAll(),
    )
    .with('logged', (db) =>
      db
        .insertInto('activity_logs')
        .columns(['activityType', 'userId', 'targetUserId', 'details', 'ipAddress'])
        .expression(
          db
            .selectFrom('d')
            .select([
              kysql<string>`'deal_created'`.as('activityType'),
              kysql<string>`${deal.createdBy}::uuid`.as('userId'),
              kysql<null>`NULL`.as('targetUserId'),
              kysql<string>`jsonb_build_object('dealId', ${kysql.ref('d.id')}, 'title', ${kysql.ref('d.title')}, 'type', ${kysql.ref('d.type')})`.as(
                'details',
              ),
              kysql<string>`${ip}`.as('ipAddress'),
            ]),
        ),
    )
    .selectFrom('d')
    .select(dealColumns)
    .executeTakeFirstOrThrow();
}

export type DealChanges = Omit<
  Updateable<DealsTable>,
  'id' | 'createdAt' | 'stageEnteredAt' | 'updatedAt' | 'committedAmount' | 'createdBy'
>;

/** Sets the given columns and updated_at (and stage_entered_at on a stage move); the deal as updated, or undefined. */
export function updateDealColumns(q: Queryable, id: string, changes: DealChanges): Promise<DealRow | undefined> {
  return typed(q)
    .updateTable('deals as d')
    .set({
      ...changes,
      ...(changes.stage !== undefined ? { stageEnteredAt: kysql<Date>`now()` } : {}),
      updatedAt: kysql<Date>`now()`,
    })
    .where('d.id', '=', id)
    .returning(dealColumns)
    .executeTakeFirst();
}

/** The deal's title, or undefined when there is no such deal. */
export async function dealTitle(q: Queryable, id: string): Promise<string | undefined> {
  return (await typed(q).selectFrom('deals').select('title').where('id', '=', id).executeTakeFirst())?.title;
}

/**
 * The newest 100 log entries about a deal (details->>'dealId'), along the partial index
 * activity_logs_deal_idx ((details ->> 'dealId'), created_at DESC, id DESC) WHERE details ? 'dealId'.
 */
export async function dealLog(q: Queryable, dealId: string): Promise<DealActivity[]> {
  const dealKey = kysql<string>`${kysql.ref('a.details')} ->> 'dealId'`;
  const rows = await typed(q)
    .selectFrom('activity_logs as a')
    .select((eb) => [
      'a.id',
      'a.activityType',
      'a.userId',
      eb.selectFrom('profiles as p').select('p.name').whereRef('p.id', '=', 'a.userId').as('name'),
      'a.details',
      'a.createdAt',
    ])
    .where(kysql<boolean>`${kysql.ref('a.details')} ? 'dealId'`)
    .where(dealKey, '=', dealId)
    .orderBy(dealKey)
    .orderBy('a.createdAt', 'desc')
    .orderBy('a.id', 'desc')
    .limit(kysql.lit(100))
    .execute();
  return rows.map((r) => ({
    id: r.id,
    activityType: r.activityType,
    userName: r.name,
    userDeleted: r.userId !== null && r.name === null,
    details: asObject(r.details),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** details is always an object (logActivity writes one; the column's default is '{}'). */
const asObject = (v: JsonValue): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {});

export function dealValuations(q: Queryable, dealId: string) {
  return typed(q)
    .selectFrom('valuations')
    .select(['id', 'dealId', 'valuationDate', 'currentValue', 'expectedExit', 'performanceStatus', 'createdAt'])
    .where('dealId', '=', dealId)
    .orderBy('valuationDate', 'desc')
    .orderBy('createdAt', 'desc')
    .execute();
}

export async function insertValuation(q: Queryable, v: Omit<Valuation, 'id' | 'createdAt'> & { createdBy: string }): Promise<void> {
  await typed(q).insertInto('valuations').values(v).execute();
}
