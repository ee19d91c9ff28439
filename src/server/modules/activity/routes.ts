import type { FastifyInstance } from 'fastify';
import { type ActivityLogEntry, activityLogQuery } from '../../../shared/activity.ts';
import type { AppContext } from '../../context.ts';
import { parse } from '../../http/errors.ts';

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

/** Activity logs are append-only: this module only reads them. */
export async function activityRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/activity-logs', { config: { access: 'admin' } }, async (request) => {
    const query = parse(activityLogQuery, request.query);
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
    const from = 'FROM activity_logs a LEFT JOIN profiles u ON u.id = a.user_id LEFT JOIN profiles t ON t.id = a.target_user_id';
    const pageParams = [...params];
    let pageFilter = filter;
    if (query.before) {
      pageParams.push(query.before);
      pageFilter = `${filter ? `${filter} AND` : 'WHERE'} a.id < $${pageParams.length}`;
    }
    pageParams.push(query.limit);
    const [rows, count] = await Promise.all([
      db.query<LogRow>(
        `SELECT a.id, a.activity_type, a.user_id, u.name AS user_name, u.email AS user_email, a.target_user_id,
                t.name AS target_name, t.email AS target_email, a.details, a.ip_address, a.created_at
           ${from} ${pageFilter} ORDER BY a.id DESC LIMIT $${pageParams.length}`,
        pageParams,
      ),
      db.query<{ total: number }>(`SELECT count(*)::int AS total ${from} ${filter}`, params),
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
    const last = logs.at(-1);
    return { logs, total: count[0]?.total ?? 0, nextCursor: logs.length === query.limit && last ? last.id : null };
  });
}
