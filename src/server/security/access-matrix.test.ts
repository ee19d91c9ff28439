import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../auth/sessions.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../testing/harness.ts';
import {
  ADMIN_TYPE_ACTIONS,
  adminTypeOutcome,
  CALLERS,
  type Caller,
  EXPECTED_ACCESS as EXPECTED,
  expectedOutcome as expected,
  roleOf,
} from './catalog.ts';

/**
 * Every route x every kind of caller, from the server's own route table: a route missing from
 * the catalog's list fails the first test, so nothing ships unchecked.
 */

describe('authorization matrix (every route x every kind of caller)', () => {
  let ctx: TestContext;
  const cookies = {} as Record<Caller, string | undefined>;

  beforeAll(async () => {
    ctx = await createTestContext();
    cookies.anonymous = undefined;
    for (const [caller, status] of [
      ['pending', 'pending'],
      ['suspended', 'suspended'],
    ] as const) {
      // A session row for a non-active user (as if the status changed after sign-in).
      const u = await createUser(ctx, { role: 'investor', status });
      cookies[caller] = `${SESSION_COOKIE}=${await createSession(ctx.db, u.id, { idleSeconds: 3600, ip: null, userAgent: null })}`;
    }
    for (const caller of ['investorA', 'investorB'] as const) {
      const u = await createUser(ctx, { role: 'investor' });
      cookies[caller] = await signIn(ctx, u.email, u.password);
    }
    for (const type of ['founder', 'cio', 'legal', 'nairobi_lead'] as const) {
      const u = await createUser(ctx, { role: 'admin', adminUserType: type });
      cookies[type] = await signIn(ctx, u.email, u.password);
    }
  });
  afterAll(() => ctx.close());

  it('lists every route the server has, with the access it declares', () => {
    const actual = Object.fromEntries(ctx.app.routeTable.map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(actual).toEqual(EXPECTED);
  });

  it('gives every caller exactly the access declared, and never a 5xx', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (const [route, access] of Object.entries(EXPECTED)) {
      const [method, path] = route.split(' ') as [string, string];
      const url = path.replace(/:id/g, randomUUID()).replace(/:kind/g, 'passport');
      for (const caller of CALLERS) {
        let cookie = cookies[caller];
        // Signing out ends the session: use a throwaway one for callers allowed to.
        if (route === 'POST /api/auth/sign-out' && roleOf(caller)) {
          const u = await createUser(ctx, { role: roleOf(caller) === 'admin' ? 'admin' : 'investor' });
          cookie = await signIn(ctx, u.email, u.password);
        }
        const res = await ctx.app.inject({
          method: method as 'GET',
          url,
          headers: cookie ? { cookie } : {},
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        const want = expected(access, caller);
        const ok =
          want === 'deny401'
            ? res.statusCode === 401
            : want === 'deny403'
              ? res.statusCode === 403
              : ![401, 403].includes(res.statusCode) && res.statusCode < 500;
        if (!ok) failures.push(`${route} as ${caller}: expected ${want}, got ${res.statusCode} ${res.body.slice(0, 120)}`);
        if (res.statusCode >= 400) {
          // Any route's refusal, checked for a message rather than assumed to have one (errorBody would throw).
          const body = res.json() as { message?: unknown };
          if (typeof body.message !== 'string') failures.push(`${route} as ${caller}: ${res.statusCode} without a message`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets only founders manage other admins, nobody raise their own type, and logs every refusal', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (const type of ['founder', 'cio', 'legal', 'nairobi_lead'] as const) {
      const actor = await createUser(ctx, { role: 'admin', adminUserType: type });
      const cookie = await signIn(ctx, actor.email, actor.password);
      for (const action of ADMIN_TYPE_ACTIONS) {
        const target = await createUser(ctx, { role: 'admin', adminUserType: 'legal' });
        const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
          ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
        const res =
          action === 'create an admin'
            ? await call('POST', '/api/users', {
                name: 'New Admin',
                email: `new.${randomUUID()}@test.example.com`,
                password: 'Xk9#longer-pass',
                role: 'admin',
              })
            : action === "change another admin's type"
              ? await call('PATCH', `/api/users/${target.id}`, { userType: 'founder' })
              : action === 'suspend another admin'
                ? await call('PATCH', `/api/users/${target.id}`, { status: 'suspended' })
                : action === "reset another admin's password"
                  ? await call('POST', `/api/users/${target.id}/reset-password`)
                  : action === "reset another user's two-factor"
                    ? await call('POST', `/api/users/${target.id}/reset-two-factor`)
                    : action === "change another admin's e-mail"
                      ? await call('POST', `/api/users/${target.id}/email`, { email: `moved.${randomUUID()}@test.example.com` })
                      : action === 'delete another admin'
                        ? await call('DELETE', `/api/users/${target.id}`)
                        : await call('PATCH', `/api/users/${actor.id}`, { userType: type === 'founder' ? 'cio' : 'founder' });
        const want = adminTypeOutcome(type, action);
        const ok = want === 'allow' ? res.statusCode < 300 : res.statusCode === 403;
        if (!ok) failures.push(`${type} may ${want === 'allow' ? '' : 'not '}${action}: got ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      const refusals = await ctx.db.query("SELECT 1 FROM activity_logs WHERE activity_type = 'admin_action_refused' AND user_id = $1", [
        actor.id,
      ]);
      const denied = ADMIN_TYPE_ACTIONS.filter((a) => adminTypeOutcome(type, a) === 'deny403').length;
      if (refusals.length !== denied) failures.push(`${type}: ${refusals.length} refusals logged, expected ${denied}`);
    }
    expect(failures).toEqual([]);
  });
});
