import type { FastifyInstance } from 'fastify';
import { companyProfileOf } from '../../../shared/company-profile.ts';
import { settingsSchema } from '../../../shared/settings.ts';
import { currentUser } from '../../auth/guard.ts';
import { type AllowList, parseAllowList } from '../../auth/ip-allow-list.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { invalidationsOf } from '../../db/invalidation.ts';
import { badRequest, parse } from '../../http/errors.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { logActivity } from '../activity/service.ts';
import { getSettings, readSettings, saveSettings } from './service.ts';

export async function settingsRoutes(app: FastifyInstance, { db }: AppContext) {
  const route = typedRoutes(app);
  const admin = { config: { access: 'admin' as const } };

  // The company profile is public: the landing page shows it to anyone (only values that are set).
  route.get('/api/company', { config: { access: 'public' } }, async () => ({ profile: companyProfileOf(await readSettings(db)) }));

  route.get('/api/settings', admin, async () => ({ settings: await getSettings(db) }));

  route.put('/api/settings', admin, async (request) => {
    const user = currentUser(request);
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('Send the settings as a JSON object');
    const settings = await db.tx(async (q) => {
      const before = await getSettings(q);
      // A partial body changes only the keys it names; the result must validate as a whole.
      const next = parse(settingsSchema, { ...before, ...body });
      if (next.ipWhitelist !== before.ipWhitelist) {
        let list: AllowList;
        try {
          list = parseAllowList(next.ipWhitelist);
        } catch (err) {
          const message = `IP whitelist: ${(err as Error).message}`;
          throw badRequest(message, { ipWhitelist: message });
        }
        // Saving a list that excludes the address this admin is using would lock them out at once.
        if (!list.allows(request.ip)) {
          const message = `This list would lock you out: your address ${request.ip} is not in it`;
          throw badRequest(message, { ipWhitelist: message });
        }
      }
      const changed = (Object.keys(next) as (keyof typeof next)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(next[k]));
      if (changed.length === 0) return before;
      await saveSettings(q, next, user.id);
      await logActivity(q, { type: 'settings_updated', userId: user.id, details: { changedKeys: changed }, ip: clientIp(request) });
      return next;
    });
    await invalidationsOf(db)?.sync();
    return { settings };
  });
}
