import type { z } from 'zod';
import { ACTIVITY_TOTAL_CAP, type ActivityLogEntry, type ActivityLogPage, type activityLogQuery } from '../../../shared/activity.ts';
import type { ActivityType } from '../../../shared/constants.ts';
import type { Queryable } from '../../db/client.ts';
import { sql } from '../../db/sql.ts';
import { storableText } from '../../http/errors.ts';

export interface LogEntry {
  type: ActivityType;
  userId?: string | null;
  targetUserId?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** Appends one activity log row. Pass the transaction so the log commits with the change it records. */
export async function logActivity(q: Queryable, entry: LogEntry): Promise<void> {
  await q.query('INSERT INTO activity_logs (activity_type, user_id, target_user_id, details, ip_address) VALUES ($1, $2, $3, $4, $5)', [
    entry.type,
    entry.userId ?? null,
    entry.targetUserId ?? null,
    // A NUL or an unpaired surrogate would make PostgreSQL refuse the row (and lose the record): stored as U+FFFD.
    JSON.stringify(entry.details ?? {}, (_key, value: unknown) => (typeof value === 'string' ? storableText(value) : value)),
    entry.ip ?? null,
  ]);
}

interface LogRow {
  id: number;
  activity_type: string;
  user_id: string | null;
  user_name: string | null;
  user_email: string | null;
  target_user_id: string | null;
  target_name: string | null;
  target_email: string | null;
  details: Record<string, unknown>;
  ip_address: string | null;
  created_at: Date;
}

/**
 * The user's and the target's name and e-mail for the rows of a page: one primary-key probe each
 * per row (LATERAL with LIMIT 1 is never flattened into a join, so never planned as a hash join
 * that reads the whole profiles table).
 */
const PEOPLE = `LEFT JOIN LATERAL (SELECT p.name, p.email FROM profiles p WHERE p.id = a.user_id LIMIT 1) u ON true
  LEFT JOIN LATERAL (SELECT p.name, p.email FROM profiles p WHERE p.id = a.target_user_id LIMIT 1) t ON true`;
const LOG_COLUMNS = 'a.id, a.activity_type, a.user_id, a.target_user_id, a.details, a.ip_address, a.created_at';
const PEOPLE_COLUMNS = 'u.name AS user_name, u.email AS user_email, t.name AS target_name, t.email AS target_email';

/**
 * One page of the activity log (GET /api/activity-logs), newest first, with a capped total.
 *
 * Every statement's cost follows the page size (or the cap), not the table:
 * - the page walks activity_logs newest first (the primary key, or (activity_type, id) with a
 *   type filter: migration 007) and stops at `limit`; the names are looked up after the LIMIT,
 *   for the rows of the page only;
 * - the total is a capped count (at most ACTIVITY_TOTAL_CAP + 1 rows, along the same index),
 *   exact below the cap.
 * A search (ILIKE over the type, details, IP, and the user's and target's names and e-mails)
 * filters the rows joined with their two profiles. While it matches many rows the planner probes
 * profiles per row read (nested loop, memoized) and both walks stop early (page: `limit`
 * matches, count: CAP + 1); when it matches few, both read the whole table (no index serves
 * ILIKE '%x%'), and a hash join of profiles is then the cheaper plan, which is why the search
 * keeps plain joins rather than per-row lookups.
 */
export async function listActivityLogs(q: Queryable, query: z.output<typeof activityLogQuery>): Promise<ActivityLogPage> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.type) {
    params.push(query.type);
    where.push(`a.activity_type = $${params.length}`);
  }
  if (query.search) {
    params.push(`%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const p = `$${params.length}`;
    where.push(`(a.activity_type ILIKE ${p} OR a.details::text ILIKE ${p} OR coalesce(a.ip_address, '') ILIKE ${p}
      OR u.name ILIKE ${p} OR u.email ILIKE ${p} OR t.name ILIKE ${p} OR t.email ILIKE ${p})`);
  }
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  // Only a search needs the profiles to filter; otherwise neither statement joins them.
  const people = query.search ? 'LEFT JOIN profiles u ON u.id = a.user_id LEFT JOIN profiles t ON t.id = a.target_user_id' : '';
  const pageParams = [...params];
  let pageFilter = filter;
  if (query.before) {
    pageParams.push(query.before);
    pageFilter = `${filter ? `${filter} AND` : 'WHERE'} a.id < $${pageParams.length}`;
  }
  pageParams.push(query.limit);
  const limit = `$${pageParams.length}`;
  const countParams = [...params, ACTIVITY_TOTAL_CAP + 1];
  const [rows, count] = await Promise.all([
    sql<LogRow>(
      query.search
        ? `SELECT ${LOG_COLUMNS}, ${PEOPLE_COLUMNS}
             FROM activity_logs a ${people} ${pageFilter} ORDER BY a.id DESC LIMIT ${limit}`
        : `SELECT ${LOG_COLUMNS}, ${PEOPLE_COLUMNS}
             FROM (SELECT ${LOG_COLUMNS} FROM activity_logs a ${pageFilter} ORDER BY a.id DESC LIMIT ${limit}) a ${PEOPLE}
            ORDER BY a.id DESC`,
    ).all(q, pageParams),
    // Capped count: at most CAP + 1 rows, newest first along the page's index.
    sql<{ total: number }>(`SELECT count(*)::int AS total
         FROM (SELECT 1 FROM activity_logs a ${people} ${filter} ORDER BY a.id DESC LIMIT $${countParams.length}) x`).all(q, countParams),
  ]);
  const logs: ActivityLogEntry[] = rows.map((r) => ({
    id: r.id,
    activityType: r.activity_type,
    userId: r.user_id,
    userName: r.user_name,
    userEmail: r.user_email,
    targetUserId: r.target_user_id,
    targetName: r.target_name,
    targetEmail: r.target_email,
    details: r.details,
    ipAddress: r.ip_address,
    createdAt: new Date(r.created_at).toISOString(),
  }));
  const counted = count[0]?.total ?? 0;
  const totalCapped = counted > ACTIVITY_TOTAL_CAP;
  const last = logs.at(-1);
  return {
    logs,
    total: totalCapped ? ACTIVITY_TOTAL_CAP : counted,
    totalCapped,
    nextCursor: logs.length === query.limit && last ? last.id : null,
  };
}
