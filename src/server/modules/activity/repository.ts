import { type Kysely, sql as kysql } from 'kysely';
import type { ActivityLogEntry } from '../../../shared/activity.ts';
import type { Queryable } from '../../db/client.ts';
import type { DB, JsonValue } from '../../db/schema.generated.ts';
import { prepared, type SnakeRow, typed } from '../../db/typed.ts';

/** The activity log's queries (decision 035), typed from schema.generated.ts. */

export interface NewLogRow {
  activityType: string;
  userId: string | null;
  targetUserId: string | null;
  /** JSON text. */
  details: string;
  ipAddress: string | null;
}

export async function insertLog(q: Queryable, row: NewLogRow): Promise<void> {
  await typed(q).insertInto('activity_logs').values(row).execute();
}

export interface LogFilter {
  type?: string;
  /** An ILIKE pattern, already escaped. */
  pattern?: string;
}

const LOG_COLUMNS = ['a.id', 'a.activityType', 'a.userId', 'a.targetUserId', 'a.details', 'a.ipAddress', 'a.createdAt'] as const;

/** A page's and a count's values; a value left undefined leaves its condition out. */
type PageValues = {
  type: string;
  pattern: string;
  before: number;
  limit: number;
};

/** activity_logs a joined with its user u and target t, filtered by type and search pattern. */
function searched(k: Kysely<DB>, p: Pick<PageValues, 'type' | 'pattern'>, hasType: boolean) {
  return k
    .selectFrom('activity_logs as a')
    .leftJoin('profiles as u', 'u.id', 'a.userId')
    .leftJoin('profiles as t', 't.id', 'a.targetUserId')
    .$if(hasType, (qb) => qb.where('a.activityType', '=', p.type))
    .where((eb) =>
      eb.or([
        eb('a.activityType', 'ilike', p.pattern),
        eb(kysql<string>`${kysql.ref('a.details')}::text`, 'ilike', p.pattern),
        eb(eb.fn.coalesce('a.ipAddress', kysql.lit('')), 'ilike', p.pattern),
        eb('u.name', 'ilike', p.pattern),
        eb('u.email', 'ilike', p.pattern),
        eb('t.name', 'ilike', p.pattern),
        eb('t.email', 'ilike', p.pattern),
      ]),
    );
}

/** activity_logs a filtered by type. */
const plain = (k: Kysely<DB>, p: Pick<PageValues, 'type'>, hasType: boolean) =>
  k.selectFrom('activity_logs as a').$if(hasType, (qb) => qb.where('a.activityType', '=', p.type));

/**
 * The user's and the target's name and e-mail for the rows of a page: one primary-key probe each
 * per row (LATERAL with LIMIT 1 is never flattened into a join, so never planned as a hash join
 * that reads the whole profiles table). A search filters the rows joined with their two profiles
 * (plain joins: see the service).
 *
 * Compiled once per shape (which of type, pattern and before are given; decision 064): the
 * activity page is the hottest read of the admin screens, and building and compiling this tree
 * on each request cost more than running it.
 */
const pageQuery = prepared<PageValues, PageRow>(['type', 'pattern', 'before', 'limit'], (k, p, has) =>
  has.pattern
    ? searched(k, p, has.type)
        .select([...LOG_COLUMNS, 'u.name as userName', 'u.email as userEmail', 't.name as targetName', 't.email as targetEmail'])
        .$if(has.before, (qb) => qb.where('a.id', '<', p.before))
        .orderBy('a.id', 'desc')
        .limit(p.limit)
    : k
        .selectFrom(
          plain(k, p, has.type)
            .select(LOG_COLUMNS)
            .$if(has.before, (qb) => qb.where('a.id', '<', p.before))
            .orderBy('a.id', 'desc')
            .limit(p.limit)
            .as('a'),
        )
        .leftJoinLateral(
          (eb) =>
            eb.selectFrom('profiles as p').select(['p.name', 'p.email']).whereRef('p.id', '=', 'a.userId').limit(kysql.lit(1)).as('u'),
          (join) => join.onTrue(),
        )
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('profiles as p')
              .select(['p.name', 'p.email'])
              .whereRef('p.id', '=', 'a.targetUserId')
              .limit(kysql.lit(1))
              .as('t'),
          (join) => join.onTrue(),
        )
        .select([
          'a.id',
          'a.activityType',
          'a.userId',
          'a.targetUserId',
          'a.details',
          'a.ipAddress',
          'a.createdAt',
          'u.name as userName',
          'u.email as userEmail',
          't.name as targetName',
          't.email as targetEmail',
        ])
        .orderBy('a.id', 'desc'),
);

interface PageRow {
  id: number;
  activityType: string;
  userId: string | null;
  targetUserId: string | null;
  details: JsonValue;
  ipAddress: string | null;
  createdAt: Date;
  userName: string | null;
  userEmail: string | null;
  targetName: string | null;
  targetEmail: string | null;
}

/** A capped count, compiled once per shape (which of type and pattern are given). */
const countQuery = prepared<Pick<PageValues, 'type' | 'pattern' | 'limit'>, { total: number }>(['type', 'pattern', 'limit'], (k, p, has) =>
  k
    .selectFrom(
      (has.pattern ? searched(k, p, has.type) : plain(k, p, has.type))
        .select(kysql.lit(1).as('one'))
        .orderBy('a.id', 'desc')
        .limit(p.limit)
        .as('x'),
    )
    .select((eb) => eb.fn.countAll<number>().as('total')),
);

/** A filter's values for the prepared queries: an empty type or pattern is no condition. */
const given = (f: LogFilter) => ({ type: f.type || undefined, pattern: f.pattern || undefined });

/** The rows of one page, newest first, in the API's shape (key order included: the JSON the screen reads). */
export async function logPage(q: Queryable, f: LogFilter, before: number | undefined, limit: number): Promise<ActivityLogEntry[]> {
  const rows = await pageQuery.all(q, { ...given(f), before, limit });
  return rows.map(toEntry);
}

/** One database row as an ActivityLogEntry. */
export const toEntry = (r: SnakeRow<PageRow>): ActivityLogEntry => ({
  id: r.id,
  activityType: r.activity_type,
  userId: r.user_id,
  userName: r.user_name,
  userEmail: r.user_email,
  targetUserId: r.target_user_id,
  targetName: r.target_name,
  targetEmail: r.target_email,
  details: asObject(r.details),
  ipAddress: r.ip_address,
  createdAt: r.created_at.toISOString(),
});

/** How many rows match, counting at most `cap` (newest first along the page's index). */
export async function cappedLogCount(q: Queryable, f: LogFilter, cap: number): Promise<number> {
  const [row] = await countQuery.all(q, { ...given(f), limit: cap });
  return row?.total ?? 0;
}

/** The prepared queries themselves (for the tests: the same SQL as building them per request). */
export const activityQueries = { pageQuery, countQuery, given };

/** details is always an object (logActivity writes one; the column's default is '{}'). */
const asObject = (v: JsonValue): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {});
