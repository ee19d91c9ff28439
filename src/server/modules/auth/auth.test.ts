import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { invalidationsOf } from '../../db/invalidation.ts';
import { sql } from '../../db/sql.ts';
import { createTestContext, createUser, sessionCookie, signIn, type TestContext, uniqueEmail } from '../../testing/harness.ts';

const PENDING_MESSAGE = 'Your account is pending approval. Please contact an administrator.';
const SUSPENDED_MESSAGE = 'Your account has been suspended. Please contact an administrator.';

/** Every error is JSON with a non-empty message and no stack trace. */
function expectError(res: LightMyRequestResponse, status: number): Record<string, unknown> {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as Record<string, unknown>;
  expect(typeof body.message).toBe('string');
  expect((body.message as string).length).toBeGreaterThan(0);
  expect(body).not.toHaveProperty('stack');
  expect(res.body).not.toMatch(/\.ts:\d+|node_modules|at \w+ \(/);
  return body;
}

const hasSessionCookie = (res: LightMyRequestResponse) => res.cookies.some((c) => c.name === 'sd_session' && c.value !== '');

/** Passwords used anywhere in this file; none may ever reach activity_logs. */
const secrets: string[] = [];
const secret = (label: string) => {
  const s = `${label}-Pw-${Math.random().toString(36).slice(2, 10)}`;
  secrets.push(s);
  return s;
};

describe('identity and sessions API', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: unknown, opts: { cookie?: string; headers?: Record<string, string>; remoteAddress?: string } = {}) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload: payload as InjectOptions['payload'],
      headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
      ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    });
  const getSession = (cookie?: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: cookie ? { cookie } : {} });
  const profile = async (email: string) =>
    await sql<
      Record<string, unknown>
    >(`SELECT p.*, c.must_change_password, c.password_hash FROM profiles p JOIN credentials c ON c.user_id = p.id
          WHERE lower(p.email) = lower($1)`).first(ctx.db, [email]);
  const logs = (type: string, where: { userId?: string; targetUserId?: string }) =>
    sql<{
      user_id: string | null;
      target_user_id: string | null;
      details: Record<string, unknown>;
      ip_address: string | null;
    }>(`SELECT user_id, target_user_id, details, ip_address FROM activity_logs
        WHERE activity_type = $1 AND ($2::uuid IS NULL OR user_id = $2) AND ($3::uuid IS NULL OR target_user_id = $3) ORDER BY id`).all(
      ctx.db,
      [type, where.userId ?? null, where.targetUserId ?? null],
    );

  describe('POST /api/auth/sign-up', () => {
    it('creates a pending investor whatever the body says about role, status or admin type', async () => {
      const email = uniqueEmail('signup');
      const password = secret('signup');
      const res = await post('/api/auth/sign-up', {
        email,
        password,
        name: '  Jane Investor  ',
        investorType: 'family_office',
        role: 'admin',
        status: 'active',
        admin_user_type: 'founder',
        adminUserType: 'founder',
        mustChangePassword: true,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(typeof res.json().message).toBe('string');
      expect(hasSessionCookie(res)).toBe(false);
      const row = await profile(email);
      expect(row).toMatchObject({
        email,
        name: 'Jane Investor',
        role: 'investor',
        status: 'pending',
        admin_user_type: null,
        investor_user_type: 'family_office',
        last_login: null,
        must_change_password: false,
      });
      expect(row?.password_hash).toMatch(/^scrypt\$/);
      expect(row?.password_hash).not.toContain(password);
      // And the new account cannot sign in until approved.
      const signInRes = await post('/api/auth/sign-in', { email, password });
      expect(expectError(signInRes, 403).code).toBe('ACCOUNT_PENDING');
    });

    it('defaults the investor type to hni', async () => {
      const email = uniqueEmail('default-type');
      const res = await post('/api/auth/sign-up', { email, password: secret('dflt'), name: 'Default Type' });
      expect(res.statusCode, res.body).toBe(201);
      expect((await profile(email))?.investor_user_type).toBe('hni');
    });

    it('refuses an investor type outside hni, family_office, offshore_fund with a field message', async () => {
      for (const investorType of ['founder', 'venture', 'HNI', '']) {
        const email = uniqueEmail('bad-type');
        const body = expectError(await post('/api/auth/sign-up', { email, password: secret('type'), name: 'X', investorType }), 400);
        expect((body.fields as Record<string, string>).investorType).toBe('Choose a valid investor type');
        expect(await profile(email)).toBeUndefined();
      }
    });

    it('keeps e-mails unique regardless of case (409, already registered)', async () => {
      const email = uniqueEmail('Dup.Case');
      expect((await post('/api/auth/sign-up', { email, password: secret('dup'), name: 'First' })).statusCode).toBe(201);
      const res = await post('/api/auth/sign-up', { email: email.toUpperCase(), password: secret('dup2'), name: 'Second' });
      const body = expectError(res, 409);
      expect(body.message).toContain('already registered');
      expect(body.code).toBe('ALREADY_REGISTERED');
      const rows = await ctx.db.query('SELECT id FROM profiles WHERE lower(email) = lower($1)', [email]);
      expect(rows).toHaveLength(1);
    });

    it('refuses a password under 6 characters', async () => {
      const email = uniqueEmail('short');
      const body = expectError(await post('/api/auth/sign-up', { email, password: '12345', name: 'Short' }), 400);
      expect(body.message).toBe('Password must be at least 6 characters');
      expect((body.fields as Record<string, string>).password).toBe('Password must be at least 6 characters');
      expect(await profile(email)).toBeUndefined();
      // Above the form's 6, the password policy decides (default Strong: 12).
      const policy = expectError(await post('/api/auth/sign-up', { email, password: 'Tq7#kd92Lm', name: 'Ten' }), 400);
      expect(policy.message).toBe('Password must be at least 12 characters');
      expect((await post('/api/auth/sign-up', { email, password: 'Tq7#kd92Lm!x', name: 'Twelve' })).statusCode).toBe(201);
    });

    it('refuses a name that is blank after trimming', async () => {
      const email = uniqueEmail('blank');
      for (const name of ['', '   ', '\t\n']) {
        const body = expectError(await post('/api/auth/sign-up', { email, password: secret('blank'), name }), 400);
        expect(body.message).toBe('Full name is required');
        expect((body.fields as Record<string, string>).name).toBe('Full name is required');
      }
      expect(await profile(email)).toBeUndefined();
    });

    it('logs user_signup with details {email, role}', async () => {
      const email = uniqueEmail('logged');
      expect((await post('/api/auth/sign-up', { email, password: secret('log'), name: 'Logged' })).statusCode).toBe(201);
      const id = (await profile(email))?.id as string;
      const rows = await logs('user_signup', { userId: id });
      expect(rows).toHaveLength(1);
      expect(rows[0]?.details).toEqual({ email, role: 'investor' });
    });

    it('answers an invalid JSON body with 400 and a message', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "a@b.example", ',
      });
      expect(expectError(res, 400).message).toMatch(/JSON/);
    });

    it('never answers 500 to bad input', async () => {
      const bodies: unknown[] = [
        {},
        [],
        [1, 2],
        'just a string',
        123,
        null,
        { email: 5, password: 6, name: 7 },
        { email: { $ne: '' }, password: 'secret1', name: 'X' },
        { email: 'a@b.example', password: ['secret1'], name: 'X' },
        { email: 'a@b.example', password: 'secret1', name: { first: 'X' } },
        { email: 'a@b.example', password: 'secret1', name: 'X', investorType: null },
        { email: `${'a'.repeat(300)}@b.example`, password: 'secret1', name: 'X' },
        { email: uniqueEmail('long'), password: 'p'.repeat(10_000), name: 'X' },
        { email: uniqueEmail('long'), password: 'secret1', name: 'n'.repeat(10_000) },
        { email: 'not-an-email', password: 'secret1', name: 'X' },
      ];
      for (const body of bodies) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode, `${JSON.stringify(body).slice(0, 80)} -> ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expectError(res, res.statusCode);
      }
      for (const body of [{}, [], null, { email: 1, password: 2 }, { email: 'x@y.example', password: 'p'.repeat(10_000) }]) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expectError(res, 400);
      }
    });
  });

  describe('POST /api/auth/sign-in', () => {
    it('gives an active user an httpOnly, SameSite=Lax session cookie and the App user', async () => {
      const user = await createUser(ctx, { name: 'Ada Active', investorUserType: 'offshore_fund' });
      const res = await post('/api/auth/sign-in', { email: user.email, password: user.password });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        secondFactor: null,
        user: {
          id: user.id,
          email: user.email,
          name: 'Ada Active',
          role: 'investor',
          userType: 'offshore_fund',
          status: 'active',
          mustChangePassword: false,
          language: null,
          digits: 'latn',
        },
      });
      const cookie = res.cookies.find((c) => c.name === 'sd_session');
      expect(cookie).toBeDefined();
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie?.sameSite).toBe('Lax');
      expect(cookie?.path).toBe('/');
      expect(cookie?.secure).toBeFalsy();
      expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/i);
      expect(String(res.headers['set-cookie'])).toMatch(/SameSite=Lax/i);
      // Only a hash of the token is stored.
      const stored = await sql<{ id: string }>('SELECT id FROM sessions WHERE user_id = $1').all(ctx.db, [user.id]);
      expect(stored).toHaveLength(1);
      expect(stored[0]?.id).not.toBe(cookie?.value);
    });

    it('reports an admin with its admin user type, and accepts the e-mail in any case', async () => {
      const admin = await createUser(ctx, { role: 'admin', adminUserType: 'cio', name: 'Chief' });
      const res = await post('/api/auth/sign-in', { email: `  ${admin.email.toUpperCase()} `, password: admin.password });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user).toMatchObject({ id: admin.id, role: 'admin', userType: 'cio', status: 'active' });
    });

    it('answers a wrong password and an unknown e-mail with the same 401', async () => {
      const user = await createUser(ctx);
      const wrong = await post('/api/auth/sign-in', { email: user.email, password: secret('wrong') });
      const unknown = await post('/api/auth/sign-in', { email: uniqueEmail('nobody'), password: secret('unknown') });
      const a = expectError(wrong, 401);
      const b = expectError(unknown, 401);
      expect(a).toEqual(b);
      expect(a.message).toContain('Invalid login credentials');
      expect(a.code).toBe('INVALID_CREDENTIALS');
      expect(hasSessionCookie(wrong)).toBe(false);
      expect(hasSessionCookie(unknown)).toBe(false);
    });

    it('gives a pending or suspended user with the right password 403 and no session, and logs the attempt', async () => {
      for (const [status, code, message] of [
        ['pending', 'ACCOUNT_PENDING', PENDING_MESSAGE],
        ['suspended', 'ACCOUNT_SUSPENDED', SUSPENDED_MESSAGE],
      ] as const) {
        const user = await createUser(ctx, { status, password: secret(status) });
        const res = await post('/api/auth/sign-in', { email: user.email, password: user.password });
        const body = expectError(res, 403);
        expect(body.code).toBe(code);
        expect(body.message).toBe(message);
        expect(hasSessionCookie(res)).toBe(false);
        expect(await ctx.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [user.id])).toHaveLength(0);
        const attempts = await logs('user_login_failed', { targetUserId: user.id });
        expect(attempts).toHaveLength(1);
        expect(attempts[0]?.details).toMatchObject({ email: user.email, reason: `account_${status}` });
        expect((await profile(user.email))?.last_login).toBeNull();
      }
    });

    it('does not reveal the status of a pending account to a wrong password', async () => {
      const user = await createUser(ctx, { status: 'pending' });
      const body = expectError(await post('/api/auth/sign-in', { email: user.email, password: secret('wrong-pending') }), 401);
      expect(body.code).toBe('INVALID_CREDENTIALS');
    });

    it('updates last_login and logs user_login on success', async () => {
      const user = await createUser(ctx);
      expect((await profile(user.email))?.last_login).toBeNull();
      const before = Date.now();
      await signIn(ctx, user.email, user.password);
      const lastLogin = (await profile(user.email))?.last_login as Date;
      expect(lastLogin).toBeInstanceOf(Date);
      expect(Math.abs(lastLogin.getTime() - before)).toBeLessThan(60_000);
      const rows = await logs('user_login', { userId: user.id });
      expect(rows).toHaveLength(1);
      expect(rows[0]?.ip_address).toBe('127.0.0.1');
    });

    it('logs failed attempts as user_login_failed', async () => {
      const user = await createUser(ctx);
      const wrong = secret('failed');
      expectError(await post('/api/auth/sign-in', { email: user.email, password: wrong }), 401);
      const rows = await logs('user_login_failed', { targetUserId: user.id });
      expect(rows).toHaveLength(1);
      expect(rows[0]?.details).toEqual({ email: user.email, reason: 'invalid_credentials' });
      expect(rows[0]?.user_id).toBeNull();
      const email = uniqueEmail('ghost');
      expectError(await post('/api/auth/sign-in', { email, password: secret('ghost') }), 401);
      const ghost = await sql<{ target_user_id: string | null }>(
        "SELECT target_user_id FROM activity_logs WHERE activity_type = 'user_login_failed' AND details ->> 'email' = $1",
      ).all(ctx.db, [email]);
      expect(ghost).toEqual([{ target_user_id: null }]);
    });

    it('issues a new session id at every sign-in and ends the one the browser still held', async () => {
      const user = await createUser(ctx);
      const first = await signIn(ctx, user.email, user.password);
      const res = await post('/api/auth/sign-in', { email: user.email, password: user.password }, { cookie: first });
      expect(res.statusCode).toBe(200);
      const second = sessionCookie(res);
      expect(second).not.toBe(first);
      expectError(await getSession(first), 401);
      expect((await getSession(second)).statusCode).toBe(200);
      // Another device's session is not affected by a sign-in elsewhere.
      const third = await signIn(ctx, user.email, user.password);
      expect(third).not.toBe(second);
      expect((await getSession(second)).statusCode).toBe(200);
      expect((await getSession(third)).statusCode).toBe(200);
    });
  });

  describe('GET /api/auth/me', () => {
    const me = (cookie?: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: cookie ? { cookie } : {} });
    it('answers 200 with user null when nobody is signed in (unknown cookies are cleared), and the user when someone is', async () => {
      const anon = await me();
      expect(anon.statusCode).toBe(200);
      expect(anon.json()).toEqual({ user: null, secondFactor: null });
      const dead = await me('sd_session=not-a-real-token');
      expect(dead.statusCode).toBe(200);
      expect(dead.json()).toEqual({ user: null, secondFactor: null });
      expect(dead.cookies.find((c) => c.name === 'sd_session')?.value).toBe('');
      const user = await createUser(ctx, { name: 'Mia Me' });
      const cookie = await signIn(ctx, user.email, user.password);
      const live = await me(cookie);
      expect(live.statusCode).toBe(200);
      expect(live.json().user).toMatchObject({ id: user.id, email: user.email, name: 'Mia Me', role: 'investor' });
      // After sign-out the same cookie is nobody again.
      await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } });
      expect((await me(cookie)).json()).toEqual({ user: null, secondFactor: null });
    });
  });

  describe('PUT /api/auth/language', () => {
    const put = (payload: unknown, cookie?: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/auth/language',
        payload: payload as InjectOptions['payload'],
        headers: cookie ? { cookie } : {},
      });
    const me = async (cookie: string) => (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json().user;

    it('keeps the choice on the account; the session user has it at once (cached sessions included) and other sessions too', async () => {
      const user = await createUser(ctx, { name: 'Layla Lang' });
      const cookie = await signIn(ctx, user.email, user.password);
      const other = await signIn(ctx, user.email, user.password);
      expect((await me(cookie)).language).toBeNull();
      const res = await put({ language: 'ar' }, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ language: 'ar', digits: 'latn' });
      expect((await me(cookie)).language).toBe('ar');
      expect((await me(other)).language).toBe('ar');
      expect((await profile(user.email))?.language).toBe('ar');
      expect((await put({ language: 'en' }, other)).statusCode).toBe(200);
      expect((await me(cookie)).language).toBe('en');
    });

    it('keeps the digits apart from the language: each change leaves the other as it was', async () => {
      const user = await createUser(ctx);
      const cookie = await signIn(ctx, user.email, user.password);
      const other = await signIn(ctx, user.email, user.password);
      expect((await me(cookie)).digits).toBe('latn');
      expect((await put({ language: 'ar' }, cookie)).json()).toEqual({ language: 'ar', digits: 'latn' });
      const res = await put({ digits: 'arab' }, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ language: 'ar', digits: 'arab' });
      expect(await me(other)).toMatchObject({ language: 'ar', digits: 'arab' });
      expect((await put({ language: 'en' }, other)).json()).toEqual({ language: 'en', digits: 'arab' });
      expect((await put({ language: 'ar', digits: 'latn' }, other)).json()).toEqual({ language: 'ar', digits: 'latn' });
      expect(await me(cookie)).toMatchObject({ language: 'ar', digits: 'latn' });
    });

    it('refuses anything but English or Arabic, extra fields and anonymous callers', async () => {
      const user = await createUser(ctx);
      const cookie = await signIn(ctx, user.email, user.password);
      for (const body of [
        { language: 'fr' },
        {},
        { language: 'ar', role: 'admin' },
        { language: null },
        { digits: 'hant' },
        { digits: null },
        { language: 'ar', digits: 'deva' },
      ]) {
        const res = await put(body, cookie);
        expect(res.statusCode).toBe(400);
        expect(typeof res.json().message).toBe('string');
      }
      expect(await profile(user.email)).toMatchObject({ language: null, digits: 'latn' });
      expect((await put({ language: 'ar' })).statusCode).toBe(401);
      expect((await put({ digits: 'arab' })).statusCode).toBe(401);
    });

    it('holds under parallel choices: the account ends with one of the values sent, never another', async () => {
      const user = await createUser(ctx);
      const cookie = await signIn(ctx, user.email, user.password);
      const bodies = Array.from({ length: 40 }, (_, i) =>
        i % 4 === 0 ? { language: 'ar' } : i % 4 === 1 ? { language: 'en' } : i % 4 === 2 ? { digits: 'arab' } : { digits: 'latn' },
      );
      const results = await Promise.all(bodies.map((body) => put(body, cookie)));
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      const saved = await profile(user.email);
      expect(['en', 'ar']).toContain(saved?.language);
      expect(['latn', 'arab']).toContain(saved?.digits);
      expect(await me(cookie)).toMatchObject({ language: saved?.language, digits: saved?.digits });
    });
  });

  describe('GET /api/auth/session', () => {
    it('answers 401 without a cookie or with an unknown one', async () => {
      expect(expectError(await getSession(), 401).code).toBe('UNAUTHENTICATED');
      const res = await getSession('sd_session=not-a-real-token');
      expectError(res, 401);
      // The dead cookie is cleared.
      const cleared = res.cookies.find((c) => c.name === 'sd_session');
      expect(cleared?.value).toBe('');
      expectError(await getSession(`sd_session=${'x'.repeat(5000)}`), 401);
    });

    it('returns the App user with a live session', async () => {
      const user = await createUser(ctx, { role: 'admin', adminUserType: 'legal', name: 'Leila' });
      const cookie = await signIn(ctx, user.email, user.password);
      const res = await getSession(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        secondFactor: null,
        user: {
          id: user.id,
          email: user.email,
          name: 'Leila',
          role: 'admin',
          userType: 'legal',
          status: 'active',
          mustChangePassword: false,
          language: null,
          digits: 'latn',
        },
      });
    });
  });

  describe('POST /api/auth/sign-out', () => {
    it('destroys the session so a replayed cookie gets 401, and logs user_logout', async () => {
      const user = await createUser(ctx);
      const cookie = await signIn(ctx, user.email, user.password);
      const res = await post('/api/auth/sign-out', {}, { cookie });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.cookies.find((c) => c.name === 'sd_session')?.value).toBe('');
      expect(await ctx.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [user.id])).toHaveLength(0);
      expectError(await getSession(cookie), 401);
      expectError(await post('/api/auth/sign-out', {}, { cookie }), 401);
      expect(await logs('user_logout', { userId: user.id })).toHaveLength(1);
    });

    it('answers 401 without a session', async () => {
      expectError(await post('/api/auth/sign-out', {}), 401);
    });
  });

  describe('a user whose status leaves active', () => {
    it.each(['suspended', 'pending'] as const)('loses a live session on its next request (%s)', async (status) => {
      const user = await createUser(ctx);
      const cookie = await signIn(ctx, user.email, user.password);
      expect((await getSession(cookie)).statusCode).toBe(200);
      await ctx.db.query('UPDATE profiles SET status = $2 WHERE id = $1', [user.id, status]);
      // As the routes do after a change (decision 015): on PostgreSQL the session caches hear of
      // a change by NOTIFY a moment after its commit; sync() waits until every instance has.
      await invalidationsOf(ctx.db)?.sync();
      expectError(await getSession(cookie), 401);
      // The session is gone, not merely blocked: re-activating does not bring it back.
      await ctx.db.query("UPDATE profiles SET status = 'active' WHERE id = $1", [user.id]);
      expectError(await getSession(cookie), 401);
    });
  });

  describe('session expiry', () => {
    const sessionRow = (userId: string) =>
      sql<{ idle_timeout_seconds: number; hours: number; last_seen_at: Date }>(
        'SELECT idle_timeout_seconds, extract(epoch FROM expires_at - created_at) / 3600 AS hours, last_seen_at FROM sessions WHERE user_id = $1',
      ).all(ctx.db, [userId]);

    it('is created with an 8 h idle timeout and a 24 h absolute limit', async () => {
      const user = await createUser(ctx);
      await signIn(ctx, user.email, user.password);
      const [row] = await sessionRow(user.id);
      expect(row?.idle_timeout_seconds).toBe(8 * 3600);
      expect(Number(row?.hours)).toBeCloseTo(24, 3);
    });

    it('ends after 8 hours idle', async () => {
      const user = await createUser(ctx);
      const cookie = await signIn(ctx, user.email, user.password);
      await ctx.db.query("UPDATE sessions SET last_seen_at = now() - interval '9 hours' WHERE user_id = $1", [user.id]);
      expectError(await getSession(cookie), 401);
      expect(await sessionRow(user.id)).toHaveLength(0);
    });

    it('ends at its absolute expiry even when in use', async () => {
      const user = await createUser(ctx);
      const cookie = await signIn(ctx, user.email, user.password);
      await ctx.db.query("UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = $1", [user.id]);
      expectError(await getSession(cookie), 401);
    });

    it('keeps working and renews while used within the idle window', async () => {
      const user = await createUser(ctx);
      const cookie = await signIn(ctx, user.email, user.password);
      await ctx.db.query("UPDATE sessions SET last_seen_at = now() - interval '7 hours 50 minutes' WHERE user_id = $1", [user.id]);
      expect((await getSession(cookie)).statusCode).toBe(200);
      const [row] = await sessionRow(user.id);
      expect(Date.now() - new Date(row?.last_seen_at as Date).getTime()).toBeLessThan(60_000);
      // Renewed: another 7h50 of inactivity from now is still inside the window.
      await ctx.db.query("UPDATE sessions SET last_seen_at = last_seen_at - interval '7 hours 50 minutes' WHERE user_id = $1", [user.id]);
      expect((await getSession(cookie)).statusCode).toBe(200);
    });
  });

  describe('POST /api/auth/change-password', () => {
    it('requires the correct current password', async () => {
      const user = await createUser(ctx);
      const cookie = await signIn(ctx, user.email, user.password);
      const body = expectError(
        await post('/api/auth/change-password', { currentPassword: secret('not-current'), newPassword: secret('new') }, { cookie }),
        400,
      );
      expect(body.fields).toHaveProperty('currentPassword');
      // Unchanged: the old password still works.
      expect((await post('/api/auth/sign-in', { email: user.email, password: user.password })).statusCode).toBe(200);
    });

    it('requires a new password of at least 6 characters', async () => {
      const user = await createUser(ctx);
      const cookie = await signIn(ctx, user.email, user.password);
      const body = expectError(
        await post('/api/auth/change-password', { currentPassword: user.password, newPassword: '12345' }, { cookie }),
        400,
      );
      expect(body.message).toBe('Password must be at least 6 characters');
      expect(body.fields).toHaveProperty('newPassword');
    });

    it('requires a session', async () => {
      expectError(await post('/api/auth/change-password', { currentPassword: 'whatever', newPassword: 'whatever2' }), 401);
    });

    it('changes the password, ends the other sessions and keeps the current one', async () => {
      const user = await createUser(ctx, { password: secret('old') });
      const current = await signIn(ctx, user.email, user.password);
      const other = await signIn(ctx, user.email, user.password);
      const newPassword = secret('new');
      const res = await post('/api/auth/change-password', { currentPassword: user.password, newPassword }, { cookie: current });
      expect(res.statusCode, res.body).toBe(200);
      expectError(await getSession(other), 401);
      expect((await getSession(current)).statusCode).toBe(200);
      expectError(await post('/api/auth/sign-in', { email: user.email, password: user.password }), 401);
      expect((await post('/api/auth/sign-in', { email: user.email, password: newPassword })).statusCode).toBe(200);
      expect(await logs('password_changed', { userId: user.id })).toHaveLength(1);
    });

    describe('a user holding a generated password', () => {
      // Routes of the table with each kind of access (an ad-hoc route cannot be registered: decision 033):
      // any signed-in user, admins only, investors only.
      const WHOAMI = '/api/me/notifications';
      const ADMIN_ONLY = '/api/users';
      const INVESTOR_ONLY = '/api/investor/dashboard';
      const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

      it('is sent to the change-password form before anything else, then let through', async () => {
        const user = await createUser(ctx, { mustChangePassword: true, password: secret('generated') });
        const signInRes = await post('/api/auth/sign-in', { email: user.email, password: user.password });
        expect(signInRes.statusCode).toBe(200);
        expect(signInRes.json().user.mustChangePassword).toBe(true);
        const cookie = sessionCookie(signInRes);

        const session = await getSession(cookie);
        expect(session.statusCode).toBe(200);
        expect(session.json().user.mustChangePassword).toBe(true);
        expect(expectError(await get(WHOAMI, cookie), 403).code).toBe('PASSWORD_CHANGE_REQUIRED');
        expect(expectError(await get(INVESTOR_ONLY, cookie), 403).code).toBe('PASSWORD_CHANGE_REQUIRED');

        const newPassword = secret('chosen');
        const res = await post('/api/auth/change-password', { currentPassword: user.password, newPassword }, { cookie });
        expect(res.statusCode, res.body).toBe(200);
        expect((await getSession(cookie)).json().user.mustChangePassword).toBe(false);
        const who = await get(WHOAMI, cookie);
        expect(who.statusCode, who.body).toBe(200);
        expect(who.json()).toHaveProperty('preferences');
      });

      it('lets roles reach only their own routes', async () => {
        const investor = await createUser(ctx);
        const admin = await createUser(ctx, { role: 'admin' });
        const ic = await signIn(ctx, investor.email, investor.password);
        const ac = await signIn(ctx, admin.email, admin.password);
        expectError(await get(WHOAMI), 401);
        expectError(await get(ADMIN_ONLY), 401);
        expect((await get(INVESTOR_ONLY, ic)).statusCode).toBe(200);
        expect(expectError(await get(ADMIN_ONLY, ic), 403).code).toBe('FORBIDDEN');
        expect((await get(ADMIN_ONLY, ac)).statusCode).toBe(200);
        expectError(await get(INVESTOR_ONLY, ac), 403);
      });
    });
  });

  describe('foreign Origin', () => {
    it('refuses a state-changing request from another site', async () => {
      const user = await createUser(ctx);
      const res = await post(
        '/api/auth/sign-in',
        { email: user.email, password: user.password },
        { headers: { origin: 'https://evil.example' } },
      );
      expect(expectError(res, 403).code).toBe('FOREIGN_ORIGIN');
      expect(hasSessionCookie(res)).toBe(false);
      expect((await profile(user.email))?.last_login).toBeNull();

      const email = uniqueEmail('csrf');
      expectError(
        await post('/api/auth/sign-up', { email, password: 'secret1', name: 'X' }, { headers: { origin: 'https://evil.example' } }),
        403,
      );
      expect(await profile(email)).toBeUndefined();

      const cookie = await signIn(ctx, user.email, user.password);
      expectError(await post('/api/auth/sign-out', {}, { cookie, headers: { origin: 'https://evil.example' } }), 403);
      expect((await getSession(cookie)).statusCode).toBe(200);
    });

    it('refuses another port, a null origin and sec-fetch-site cross-site', async () => {
      const user = await createUser(ctx);
      const creds = { email: user.email, password: user.password };
      expectError(await post('/api/auth/sign-in', creds, { headers: { origin: 'http://localhost:3001', host: 'localhost:3000' } }), 403);
      expectError(await post('/api/auth/sign-in', creds, { headers: { origin: 'null' } }), 403);
      expectError(
        await post('/api/auth/sign-in', creds, { headers: { origin: 'https://localhost.evil.example', host: 'localhost' } }),
        403,
      );
      expectError(await post('/api/auth/sign-in', creds, { headers: { 'sec-fetch-site': 'cross-site' } }), 403);
    });

    it('accepts the same host, with or without the default port', async () => {
      const user = await createUser(ctx);
      const creds = { email: user.email, password: user.password };
      const variants: Record<string, string>[] = [
        { origin: 'http://localhost:80', host: 'localhost:80' },
        { origin: 'http://localhost', host: 'localhost' },
        { origin: 'http://localhost', host: 'localhost:80' },
        { origin: 'http://localhost:3000', host: 'localhost:3000' },
        { 'sec-fetch-site': 'same-origin' },
      ];
      for (const headers of variants) {
        const res = await post('/api/auth/sign-in', creds, { headers });
        expect(res.statusCode, `${JSON.stringify(headers)}: ${res.body}`).toBe(200);
      }
    });

    it('does not apply to safe methods', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('errors', () => {
    it('are JSON with a message for unknown routes, bad content types and oversized bodies', async () => {
      expectError(await ctx.app.inject({ method: 'GET', url: '/api/does-not-exist' }), 404);
      expectError(await ctx.app.inject({ method: 'DELETE', url: '/api/auth/session' }), 404);
      expectError(
        await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { 'content-type': 'application/xml' }, payload: '<a/>' }),
        415,
      );
      expectError(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ name: 'x'.repeat(1_200_000) }),
        }),
        413,
      );
      expectError(
        await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { 'content-type': 'application/json' }, payload: '' }),
        400,
      );
      expectError(
        await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { 'content-type': 'text/plain' }, payload: 'a' }),
        400,
      );
    });
  });

  describe('who may call each route', () => {
    it('refuses to register an /api route that does not declare its access', async () => {
      const app = await buildApp(ctx, { webDir: null });
      try {
        expect(() => app.get('/api/undeclared', async () => 'hi')).toThrow(/does not declare who may call it/);
        expect(() => app.post('/api/undeclared-too', { config: {} }, async () => 'hi')).toThrow(/does not declare/);
        // Routes outside /api are not API routes.
        expect(() => app.get('/not-api', async () => 'hi')).not.toThrow();
      } finally {
        await app.close();
      }
    });

    it('has a declared access for every route in the table', () => {
      const table = ctx.app.routeTable;
      expect(table.length).toBeGreaterThan(0);
      for (const route of table) expect(['public', 'user', 'admin', 'investor', 'founder']).toContain(route.access);
      const access = (method: string, url: string) => table.find((r) => r.method === method && r.url === url)?.access;
      expect(access('POST', '/api/auth/sign-up')).toBe('public');
      expect(access('POST', '/api/auth/sign-in')).toBe('public');
      expect(access('GET', '/api/health')).toBe('public');
      expect(access('GET', '/api/auth/session')).toBe('user');
      expect(access('POST', '/api/auth/sign-out')).toBe('user');
      expect(access('POST', '/api/auth/change-password')).toBe('user');
    });
  });

  // Runs last: every password this file used, right or wrong, is absent from the logs.
  describe('activity logs', () => {
    it('never contain a password', async () => {
      expect(secrets.length).toBeGreaterThan(10);
      const [row] = await sql<{ text: string; n: number }>(
        "SELECT coalesce(string_agg(t::text, ' '), '') AS text, count(*)::int AS n FROM activity_logs t",
      ).all(ctx.db);
      expect(row?.n).toBeGreaterThan(20);
      expect(row?.text).toContain('user_login_failed');
      for (const s of secrets) expect(row?.text).not.toContain(s);
      expect(row?.text).not.toContain('correct-horse-1');
    });
  });
});

describe('brute-force limits and HTTPS', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_CLIENT: '3', TRUST_PROXY: '1' });
  });
  afterAll(() => ctx.close());

  const attempt = (email: string, password: string, remoteAddress: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, remoteAddress });

  function expectLimited(res: LightMyRequestResponse) {
    expect(res.statusCode, res.body).toBe(429);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const retry = String(res.headers['retry-after']);
    expect(retry).toMatch(/^\d+$/);
    expect(Number(retry)).toBeGreaterThan(0);
    expect(Number(retry)).toBeLessThanOrEqual(15 * 60);
    const body = res.json();
    expect(body.message).toMatch(/^Too many failed sign-in attempts\. Try again in (1 minute|([2-9]|1[0-5]) minutes)\.$/);
    expect(body.code).toBe('RATE_LIMITED');
    expect(hasSessionCookie(res)).toBe(false);
  }

  it('blocks an account after 3 failures, even with the right password, from any client', async () => {
    const user = await createUser(ctx);
    // Each failure from its own client, so only the per-account limit can trigger.
    for (const ip of ['10.1.0.1', '10.1.0.2', '10.1.0.3']) expect((await attempt(user.email, 'wrong-pass', ip)).statusCode).toBe(401);
    expectLimited(await attempt(user.email, user.password, '10.1.0.4'));
    expectLimited(await attempt(user.email.toUpperCase(), user.password, '10.1.0.5'));
    // Another account is not affected.
    const other = await createUser(ctx);
    expect((await attempt(other.email, other.password, '10.1.0.6')).statusCode).toBe(200);
    // Failures older than the window no longer count.
    await ctx.db.query("UPDATE auth_attempts SET created_at = created_at - interval '16 minutes' WHERE account = lower($1)", [user.email]);
    expect((await attempt(user.email, user.password, '10.1.0.7')).statusCode).toBe(200);
  });

  it('starts counting afresh after a successful sign-in', async () => {
    const user = await createUser(ctx);
    for (const ip of ['10.2.0.1', '10.2.0.2']) expect((await attempt(user.email, 'wrong-pass', ip)).statusCode).toBe(401);
    expect((await attempt(user.email, user.password, '10.2.0.3')).statusCode).toBe(200);
    for (const ip of ['10.2.0.4', '10.2.0.5']) expect((await attempt(user.email, 'wrong-pass', ip)).statusCode).toBe(401);
    expect((await attempt(user.email, user.password, '10.2.0.6')).statusCode).toBe(200);
  });

  it('does not count a correct password for a pending or suspended account as a failure', async () => {
    for (const [status, ip] of [
      ['pending', '10.3.0.1'],
      ['suspended', '10.3.0.2'],
    ] as const) {
      const user = await createUser(ctx, { status });
      for (let i = 0; i < 5; i++) {
        const res = await attempt(user.email, user.password, ip);
        expect(res.statusCode, res.body).toBe(403);
      }
      // Neither the account nor the client has used up its failures.
      await ctx.db.query("UPDATE profiles SET status = 'active' WHERE id = $1", [user.id]);
      expect((await attempt(user.email, 'wrong-pass', ip)).statusCode).toBe(401);
      expect((await attempt(user.email, user.password, ip)).statusCode).toBe(200);
    }
  });

  it('blocks a client after 3 failures over different e-mails, and only that client', async () => {
    const ip = '10.4.0.1';
    for (let i = 0; i < 3; i++) expect((await attempt(uniqueEmail('spray'), 'wrong-pass', ip)).statusCode).toBe(401);
    const user = await createUser(ctx);
    expectLimited(await attempt(user.email, user.password, ip));
    expectLimited(await attempt(uniqueEmail('spray'), 'wrong-pass', ip));
    expect((await attempt(user.email, user.password, '10.4.0.2')).statusCode).toBe(200);
  });

  it('marks the cookie Secure and sends HSTS when served over HTTPS', async () => {
    const user = await createUser(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: user.password },
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '10.5.0.1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.cookies.find((c) => c.name === 'sd_session')?.secure).toBe(true);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
