import type { RequestPolicy } from '../../auth/guard.ts';
import { allowListOf } from '../../auth/ip-allow-list.ts';
import type { AppContext } from '../../context.ts';
import { logActivity } from '../activity/service.ts';
import { readSettings } from '../settings/service.ts';

/** The per-request checks' view of the settings: the admin IP allow-list and the per-user API rate limit. */
export function requestPolicy(ctx: AppContext): RequestPolicy {
  let parsed: { text: string; list: ReturnType<typeof allowListOf> } | undefined;
  return {
    publicUrl: ctx.config.publicUrl,
    async adminAllowList() {
      const { ipWhitelist } = await readSettings(ctx.db);
      if (parsed?.text !== ipWhitelist) parsed = { text: ipWhitelist, list: allowListOf(ipWhitelist) };
      return parsed.list;
    },
    async countApiRequest(userId) {
      const { apiRateLimit } = await readSettings(ctx.db);
      // One row per user and clock hour; the upsert is atomic on both engines and across instances.
      const rows = await ctx.db.query<{ count: number; retry: number }>(
        `INSERT INTO api_rate_counters (user_id, window_start, count) VALUES ($1, date_trunc('hour', now()), 1)
         ON CONFLICT (user_id, window_start) DO UPDATE SET count = api_rate_counters.count + 1
         RETURNING count, ceil(extract(epoch FROM date_trunc('hour', now()) + interval '1 hour' - now()))::int AS retry`,
        [userId],
      );
      const r = rows[0];
      if (r?.count === 1)
        await ctx.db.query("DELETE FROM api_rate_counters WHERE user_id = $1 AND window_start < now() - interval '2 hours'", [userId]);
      if (!r || r.count <= apiRateLimit) return null;
      return { limit: apiRateLimit, retryAfter: Math.max(1, r.retry) };
    },
    async logBlockedIp(userId, ip, route) {
      await logActivity(ctx.db, { type: 'ip_blocked', userId, details: { route }, ip });
    },
  };
}
