import { sql as kysql } from 'kysely';
import type { ActivityLogEntry } from '../../../shared/activity.ts';
import type { Queryable } from '../../db/client.ts';
import type { JsonValue } from '../../db/schema.generated.ts';
import { typed } from '../../db/typed.ts';

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

/** activity_logs a joined with its user u and target t, filtered by type and search pattern. */
function searched(q: Queryable, f: LogFilter & { pattern: string }) {
  const p = f.pattern;
  return typed(q)
    .selectFrom('activity_logs as a')
    .leftJoin('profiles as u', 'u.id', 'a.userId')
    .leftJoin('profiles as t', 't.id', 'a.targetUserId')
    .$if(!!f.type, (qb) => qb.where('a.activityType', '=', f.type as string))
    .where((eb) =>
      eb.or([
        eb('a.activityType', 'ilike', p),
        eb(kysql<string>`${kysql.ref('a.details')}::text`, 'ilike', p),
        eb(eb.fn.coalesce('a.ipAddress', kysql.lit('')), 'ilike', p),
        eb('u.name', 'ilike', p),
        eb('u.email', 'ilike', p),
        eb('t.name', 'ilike', p),
        eb('t.email', 'ilike', p),
      ]),
    );
}

/** activity_logs a filtered by type. */
const plain = (q: Queryable, f: LogFilter) =>
  typed(q)
    .selectFrom('activity_logs as a')
    .$if(!!f.type, (qb) => qb.where('a.activityType', '=', f.type as string));

/**
 * The user's and the target's name and e-mail for the rows of a page: one primary-key probe each
 * per row (LATERAL with LIMIT 1 is never flattened into a join, so never planned as a hash join
 * that reads the whole profiles table). A search filters the rows joined with their two profiles
 * (plain joins: see the service).
 */
export async function logPage(q: Queryable, f: LogFilter, before: number | undefined, limit: number): Promise<ActivityLogEntry[]> {
  const k = typed(q);
  let rows: {
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
  }[];
  if (f.pattern) {
    rows = await searched(q, { ...f, pattern: f.pattern })
      .select([...LOG_COLUMNS, 'u.name as userName', 'u.email as userEmail', 't.name as targetName', 't.email as targetEmail'])
      .$if(before !== undefined, (qb) => qb.where('a.id', '<', before as number))
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute();
  } else {
    const newest = plain(q, f)
      .select(LOG_COLUMNS)
      .$if(before !== undefined, (qb) => qb.where('a.id', '<', before as number))
      .orderBy('a.id', 'desc')
      .limit(limit);
    rows = await k
      .selectFrom(newest.as('a'))
      .leftJoinLateral(
        (eb) => eb.selectFrom('profiles as p').select(['p.name', 'p.email']).whereRef('p.id', '=', 'a.userId').limit(kysql.lit(1)).as('u'),
        (join) => join.onTrue(),
      )
      .leftJoinLateral(
        (eb) =>
          eb.selectFrom('profiles as p').select(['p.name', 'p.email']).whereRef('p.id', '=', 'a.targetUserId').limit(kysql.lit(1)).as('t'),
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
      .orderBy('a.id', 'desc')
      .execute();
  }
  return rows.map((r) => ({
    id: r.id,
    activityType: r.activityType,
    userId: r.userId,
    userName: r.userName,
    userEmail: r.userEmail,
    targetUserId: r.targetUserId,
    targetName: r.targetName,
    targetEmail: r.targetEmail,
    details: asObject(r.details),
    ipAddress: r.ipAddress,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** How many rows match, counting at most `cap` (newest first along the page's index). */
export async function cappedLogCount(q: Queryable, f: LogFilter, cap: number): Promise<number> {
  const k = typed(q);
  const matching = f.pattern
    ? searched(q, { ...f, pattern: f.pattern }).select(kysql.lit(1).as('one'))
    : plain(q, f).select(kysql.lit(1).as('one'));
  const row = await k
    .selectFrom(matching.orderBy('a.id', 'desc').limit(cap).as('x'))
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirst();
  return row?.total ?? 0;
}

/** details is always an object (logActivity writes one; the column's default is '{}'). */
const asObject = (v: JsonValue): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {});
