import type { ActivityType } from '../../../shared/constants.ts';
import type { Queryable } from '../../db/client.ts';

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
    JSON.stringify(entry.details ?? {}),
    entry.ip ?? null,
  ]);
}
