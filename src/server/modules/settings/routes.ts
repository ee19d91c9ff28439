import type { FastifyInstance } from 'fastify';
import { companyProfileOf } from '../../../shared/company-profile.ts';
import {
  EMAIL_SERVER_FOUNDERS_ONLY,
  isFounderOnlySetting,
  isSecuritySetting,
  SECURITY_FOUNDERS_ONLY,
  settingsSchema,
} from '../../../shared/settings.ts';
import { currentUser } from '../../auth/guard.ts';
import { type AllowList, parseAllowList } from '../../auth/ip-allow-list.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { invalidationsOf } from '../../db/invalidation.ts';
import { badRequest, forbidden, HttpError, parse } from '../../http/errors.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { logActivity } from '../activity/service.ts';
import { getSettings, readSettings, saveSettings } from './service.ts';

export async function settingsRoutes(app: FastifyInstance, { db }: AppContext) {
  const route = typedRoutes(app);
  // A founder can always read and save the settings, whatever API rate limit is set (decision 027).
  const settingsAccess = { config: { founderAlwaysReaches: true } };

  // The company profile is public: the landing page shows it to anyone (only values that are set).
  route.get('/api/company', async () => ({ profile: companyProfileOf(await readSettings(db)) }));

  route.get('/api/settings', settingsAccess, async () => ({ settings: await getSettings(db) }));

  route.put('/api/settings', settingsAccess, async (request) => {
    const user = currentUser(request);
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('Send the settings as a JSON object');
    const founder = user.role === 'admin' && user.userType === 'founder';
    let refused: string[] = [];
    const settings = await db.tx(async (q) => {
      const before = await getSettings(q);
      // A partial body changes only the keys it names; the result must validate as a whole.
      const next = parse(settingsSchema, { ...before, ...body });
      const changed = (Object.keys(next) as (keyof typeof next)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(next[k]));
      // The Security tab and the e-mail server are the founders' (issue 27, decision 027): another
      // admin may send them unchanged (the web app saves every tab at once) but changes nothing on them.
      if (!founder) {
        refused = changed.filter(isFounderOnlySetting);
        if (refused.length > 0) return null;
      }
      if (next.ipWhitelist !== before.ipWhitelist) {
        let list: AllowList;
        try {
          list = parseAllowList(next.ipWhitelist);
        } catch (err) {
          const message = `IP whitelist: ${(err as Error).message}`;
          throw badRequest(message, { ipWhitelist: message });
        }
        // Only a founder gets here: a list that excludes the address this founder is using
        // could leave no founder able to sign in (decision 027).
        if (!list.allows(request.ip)) {
          const message = `This list would lock you out: your address ${request.ip} is not in it`;
          throw new HttpError(409, message, { code: 'LOCKOUT', fields: { ipWhitelist: message } });
        }
      }
      if (changed.length === 0) return before;
      await saveSettings(q, next, user.id);
      await logActivity(q, { type: 'settings_updated', userId: user.id, details: { changedKeys: changed }, ip: clientIp(request) });
      return next;
    });
    if (!settings) {
      // Logged on its own, outside the refused change's transaction.
      const security = refused.some(isSecuritySetting);
      await logActivity(db, {
        type: 'admin_action_refused',
        userId: user.id,
        details: { action: security ? 'change_security_settings' : 'change_email_server', keys: refused },
        ip: clientIp(request),
      });
      throw forbidden(security ? SECURITY_FOUNDERS_ONLY : EMAIL_SERVER_FOUNDERS_ONLY, 'FOUNDER_ONLY');
    }
    await invalidationsOf(db)?.sync();
    return { settings };
  });
}
