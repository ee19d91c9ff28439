import type { RequestPolicy } from '../../auth/guard.ts';
import { allowListOf } from '../../auth/ip-allow-list.ts';
import type { AppContext } from '../../context.ts';
import { logActivity } from '../activity/service.ts';
import { readSettings } from '../settings/service.ts';
import { ApiRateCounter } from './api-rate.ts';

/** The per-request checks' view of the settings: the admin IP allow-list and the per-user API rate limit. */
export function requestPolicy(
  ctx: AppContext,
  tokens: Pick<RequestPolicy, 'resolveToken' | 'touchToken'>,
): RequestPolicy & { close(): Promise<void> } {
  let parsed: { text: string; list: ReturnType<typeof allowListOf> } | undefined;
  const counter = new ApiRateCounter(ctx.db);
  return {
    publicUrl: ctx.config.publicUrl,
    ...tokens,
    async adminAllowList() {
      const { ipWhitelist } = await readSettings(ctx.db);
      if (parsed?.text !== ipWhitelist) parsed = { text: ipWhitelist, list: allowListOf(ipWhitelist) };
      return parsed.list;
    },
    async countApiRequest(userId) {
      const { apiRateLimit } = await readSettings(ctx.db);
      return counter.count(userId, apiRateLimit);
    },
    close: () => counter.close(),
    async logBlockedIp(userId, ip, route) {
      await logActivity(ctx.db, { type: 'ip_blocked', userId, details: { route }, ip });
    },
  };
}
