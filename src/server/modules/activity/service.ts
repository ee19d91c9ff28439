import type { z } from 'zod';
import { ACTIVITY_TOTAL_CAP, type ActivityLogPage, type activityLogQuery } from '../../../shared/activity.ts';
import type { ActivityType } from '../../../shared/constants.ts';
import { currentApiToken } from '../../auth/request-actor.ts';
import type { Queryable } from '../../db/client.ts';
import { storableText } from '../../http/errors.ts';
import { cappedLogCount, insertLog, logPage } from './repository.ts';

export interface LogEntry {
  type: ActivityType;
  userId?: string | null;
  targetUserId?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/**
 * Appends one activity log row. Pass the transaction so the log commits with the change it records.
 * A row its user writes through an API token names the token (`details.apiToken`: id, name, first
 * characters; issue 34), so the log tells a change made by the firm's accounting system from one
 * made in the browser. Rows about someone else (an outbox the request woke) are not marked.
 */
export async function logActivity(q: Queryable, entry: LogEntry): Promise<void> {
  const token = currentApiToken();
  const details =
    token && entry.userId && token.userId === entry.userId
      ? { ...entry.details, apiToken: { id: token.id, name: token.name, hint: token.hint } }
      : (entry.details ?? {});
  await insertLog(q, {
    activityType: entry.type,
    userId: entry.userId ?? null,
    targetUserId: entry.targetUserId ?? null,
    // A NUL or an unpaired surrogate would make PostgreSQL refuse the row (and lose the record): stored as U+FFFD.
    details: JSON.stringify(details, (_key, value: unknown) => (typeof value === 'string' ? storableText(value) : value)),
    ipAddress: entry.ip ?? null,
  });
}

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
  const filter = {
    type: query.type,
    pattern: query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined,
  };
  const [logs, counted] = await Promise.all([
    logPage(q, filter, query.before, query.limit),
    // Capped count: at most CAP + 1 rows, newest first along the page's index.
    cappedLogCount(q, filter, ACTIVITY_TOTAL_CAP + 1),
  ]);
  const totalCapped = counted > ACTIVITY_TOTAL_CAP;
  const last = logs.at(-1);
  return {
    logs,
    total: totalCapped ? ACTIVITY_TOTAL_CAP : counted,
    totalCapped,
    nextCursor: logs.length === query.limit && last ? last.id : null,
  };
}
