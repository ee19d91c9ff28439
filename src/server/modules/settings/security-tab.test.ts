import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_SERVER_FOUNDERS_ONLY, EMAIL_SERVER_SETTINGS, SECURITY_FOUNDERS_ONLY, SECURITY_SETTINGS } from '../../../shared/settings.ts';
import { callApi } from '../../testing/api-client.ts';
import { createTestContext, createUser, sessionCookie, type TestContext } from '../../testing/harness.ts';

/**
 * Issue 27, item 1: the Security tab's settings are the founders' (403 with a message for other
 * admin types, logged as admin_action_refused), the other tabs stay every admin's, and no change
 * may leave no founder able to sign in (decision record 027).
 */

const signInFrom = async (ctx: TestContext, email: string, password: string, ip: string) =>
  sessionCookie(await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, remoteAddress: ip }));

describe('the Security tab is the founders', () => {
  let ctx: TestContext;
  let founder: string;
  const others: { type: 'cio' | 'legal' | 'nairobi_lead'; id: string; cookie: string }[] = [];
  beforeAll(async () => {
    ctx = await createTestContext();
    const f = await createUser(ctx, { role: 'admin', adminUserType: 'founder' });
    founder = await signInFrom(ctx, f.email, f.password, '127.0.0.1');
    for (const type of ['cio', 'legal', 'nairobi_lead'] as const) {
      const u = await createUser(ctx, { role: 'admin', adminUserType: type });
      others.push({ type, id: u.id, cookie: await signInFrom(ctx, u.email, u.password, '127.0.0.1') });
    }
  });
  afterAll(() => ctx.close());

  const put = (cookie: string, payload: object, ip = '127.0.0.1') =>
    ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie }, payload, remoteAddress: ip });
  const get = async (cookie: string) => (await callApi(ctx.app, 'GET /api/settings', { cookie })).json.settings;

  // One change per Security setting, each away from what the suite starts with.
  const CHANGES: Record<(typeof SECURITY_SETTINGS)[number], unknown> = {
    twoFactorAuth: true,
    passwordPolicy: 'basic',
    sessionTimeout: 1,
    ipWhitelist: '10.9.9.9',
    apiRateLimit: 5,
    investorStorageQuotaMb: 1,
  };

  it('refuses every Security setting to cio, legal and nairobi_lead admins (403, message, logged), and changes nothing', async () => {
    const before = await get(founder);
    for (const other of others) {
      for (const key of SECURITY_SETTINGS) {
        const res = await put(other.cookie, { [key]: CHANGES[key] });
        expect(res.statusCode, `${other.type} ${key}`).toBe(403);
        expect(res.json()).toMatchObject({ message: SECURITY_FOUNDERS_ONLY, code: 'FOUNDER_ONLY' });
      }
      // A change of another tab sent with a Security change is refused whole.
      const mixed = await put(other.cookie, { companyName: 'Not Saved Ltd', ipWhitelist: '10.9.9.9' });
      expect(mixed.statusCode).toBe(403);
      const refusals = (await ctx.db.query(
        "SELECT details FROM activity_logs WHERE activity_type = 'admin_action_refused' AND user_id = $1 ORDER BY id",
        [other.id],
      )) as { details: { action: string; keys: string[] } }[];
      expect(refusals.map((r) => r.details.keys)).toEqual([...SECURITY_SETTINGS.map((k) => [k]), ['ipWhitelist']]);
      expect(refusals.every((r) => r.details.action === 'change_security_settings')).toBe(true);
    }
    expect(await get(founder)).toEqual(before);
  });

  // The e-mail server is the founders' too: SMTP_PASSWORD goes to the host named there, and every
  // recovery link goes out through it. Without this rule a cio could point it at their own server,
  // ask for a founder's recovery link and receive it (decision record 027, amended).
  const SERVER_CHANGES: Record<(typeof EMAIL_SERVER_SETTINGS)[number], unknown> = {
    smtpHost: 'smtp.attacker.example',
    smtpPort: 2525,
    smtpUser: 'attacker',
    emailFromAddress: 'noreply@attacker.example',
  };

  it('refuses every e-mail server setting to cio, legal and nairobi_lead admins (403, message, logged)', async () => {
    const before = await get(founder);
    for (const other of others) {
      for (const key of EMAIL_SERVER_SETTINGS) {
        const res = await put(other.cookie, { [key]: SERVER_CHANGES[key] });
        expect(res.statusCode, `${other.type} ${key}`).toBe(403);
        expect(res.json()).toMatchObject({ message: EMAIL_SERVER_FOUNDERS_ONLY, code: 'FOUNDER_ONLY' });
      }
      const refusals = (await ctx.db.query(
        "SELECT details FROM activity_logs WHERE activity_type = 'admin_action_refused' AND user_id = $1 AND details->>'action' = 'change_email_server' ORDER BY id",
        [other.id],
      )) as { details: { keys: string[] } }[];
      expect(refusals.map((r) => r.details.keys)).toEqual(EMAIL_SERVER_SETTINGS.map((k) => [k]));
    }
    expect(await get(founder)).toEqual(before);
    // A founder may change it (and set it back).
    expect((await put(founder, SERVER_CHANGES)).statusCode).toBe(200);
    expect(await get(founder)).toMatchObject(SERVER_CHANGES);
    expect((await put(founder, Object.fromEntries(EMAIL_SERVER_SETTINGS.map((k) => [k, before[k]])))).statusCode).toBe(200);
  });

  it('lets every admin save the other tabs, sending the Security tab unchanged as the web app does', async () => {
    for (const other of others) {
      const current = await get(other.cookie);
      const res = await put(other.cookie, { ...current, companyName: `Saved by ${other.type}`, dealAlerts: !current.dealAlerts });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().settings.companyName).toBe(`Saved by ${other.type}`);
    }
  });

  it('lets a founder change every Security setting', async () => {
    const res = await put(founder, { ...CHANGES, ipWhitelist: '127.0.0.1, 10.9.9.9' });
    expect(res.statusCode, res.body).toBe(200);
    const s = await get(founder);
    expect(s).toMatchObject({ ...CHANGES, ipWhitelist: '127.0.0.1, 10.9.9.9' });
    // Back to the suite's values (the founder's own settings routes are not rate limited).
    expect((await put(founder, { twoFactorAuth: false, ipWhitelist: '', apiRateLimit: 1_000_000 })).statusCode).toBe(200);
  });

  it('refuses with 409 an IP whitelist that excludes the founder saving it, and keeps the old list', async () => {
    const res = await put(founder, { ipWhitelist: '10.0.0.0/8' }, '192.168.7.7');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This list would lock you out: your address 192.168.7.7 is not in it');
    expect(res.json().fields).toEqual({ ipWhitelist: 'This list would lock you out: your address 192.168.7.7 is not in it' });
    // IPv6 too: a /64 that is not the founder's.
    const v6 = await put(founder, { ipWhitelist: '2001:db8:1::/64' }, '2001:db8:2::1');
    expect(v6.statusCode).toBe(409);
    expect((await get(founder)).ipWhitelist).toBe('');
    // A list holding the founder's address is saved; the founder still signs in from it.
    expect((await put(founder, { ipWhitelist: '192.168.7.0/24' }, '192.168.7.7')).statusCode).toBe(200);
    expect((await put(founder, { ipWhitelist: '' }, '192.168.7.7')).statusCode).toBe(200);
  });

  it('never rate-limits a founder out of the settings: an API limit of 1 per hour can still be undone', async () => {
    expect((await put(founder, { apiRateLimit: 1 })).statusCode).toBe(200);
    const other = others[0];
    if (!other) throw new Error('no admin');
    // Another admin's requests are limited (the first passes, the rest get 429) ...
    const limited = await Promise.all(
      Array.from({ length: 5 }, () => ctx.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: other.cookie } })),
    );
    expect(limited.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(4);
    // ... a founder's settings routes are not: read and save as often as needed.
    const reads = await Promise.all(
      Array.from({ length: 5 }, () => ctx.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: founder } })),
    );
    expect(reads.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // Nor the second step of a sign-in (with two-factor on, the way back in): its routes answer a
    // founder whatever the limit.
    const steps = await Promise.all(
      Array.from({ length: 5 }, () => ctx.app.inject({ method: 'GET', url: '/api/auth/two-factor', headers: { cookie: founder } })),
    );
    expect(steps.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await put(founder, { apiRateLimit: 1_000_000 })).statusCode).toBe(200);
    await ctx.db.query('DELETE FROM api_rate_counters');
  });
});
