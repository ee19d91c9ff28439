import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../auth/guard.ts';
import { createSession, SESSION_COOKIE } from '../auth/sessions.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../testing/harness.ts';

/**
 * Every API route and who may call it. The server's own route table must match this list
 * exactly: a new route that is not listed here fails the test, so nothing ships unchecked.
 */
const EXPECTED: Record<string, Access> = {
  'GET /api/health': 'public',
  'POST /api/auth/sign-up': 'public',
  'POST /api/auth/sign-in': 'public',
  'POST /api/auth/sign-out': 'user',
  'GET /api/auth/session': 'user',
  'POST /api/auth/change-password': 'user',
  'GET /api/deals': 'admin',
  'POST /api/deals': 'admin',
  'GET /api/deals/:id': 'admin',
  'PATCH /api/deals/:id': 'admin',
  'POST /api/deals/:id/valuations': 'admin',
  'POST /api/deals/:id/move': 'admin',
  'GET /api/spvs': 'admin',
  'POST /api/spvs': 'admin',
  'PATCH /api/spvs/:id': 'admin',
  'POST /api/spvs/:id/file-return': 'admin',
  'GET /api/documents': 'admin',
  'POST /api/documents': 'admin',
  'GET /api/documents/:id/view': 'admin',
  'GET /api/documents/:id/download': 'admin',
  'PATCH /api/documents/:id': 'admin',
  'DELETE /api/documents/:id': 'admin',
  'GET /api/users': 'admin',
  'POST /api/users': 'admin',
  'PATCH /api/users/:id': 'admin',
  'DELETE /api/users/:id': 'admin',
  'POST /api/users/:id/reset-password': 'admin',
  'GET /api/activity-logs': 'admin',
  'GET /api/dashboard': 'admin',
  'GET /api/settings': 'admin',
  'PUT /api/settings': 'admin',
  'GET /api/kyc/me': 'investor',
  'POST /api/kyc/me/documents/:kind': 'investor',
  'POST /api/kyc/me/submit': 'investor',
  'GET /api/kyc/me/documents/:kind/view': 'investor',
  'GET /api/kyc/me/documents/:kind/download': 'investor',
  'GET /api/kyc/:id/documents/:kind/view': 'admin',
  'GET /api/kyc/:id/documents/:kind/download': 'admin',
  'GET /api/kyc': 'admin',
  'GET /api/kyc/:id': 'admin',
  'POST /api/kyc/:id/approve': 'admin',
  'POST /api/kyc/:id/reject': 'admin',
  'GET /api/compliance': 'admin',
  'POST /api/compliance': 'admin',
  'PATCH /api/compliance/:id': 'admin',
  'POST /api/compliance/:id/start': 'admin',
  'POST /api/compliance/:id/complete': 'admin',
  'GET /api/investor/subscriptions': 'investor',
  'POST /api/investor/subscriptions': 'investor',
  'POST /api/investor/subscriptions/:id/cancel': 'investor',
  'GET /api/subscriptions': 'admin',
  'POST /api/subscriptions/:id/review': 'admin',
  'POST /api/subscriptions/:id/complete': 'admin',
  'POST /api/subscriptions/:id/reject': 'admin',
  'GET /api/distributions': 'admin',
  'POST /api/distributions': 'admin',
  'POST /api/distributions/:id/pay': 'admin',
  'GET /api/investor/distributions': 'investor',
  'GET /api/investor/messages': 'investor',
  'POST /api/investor/messages': 'investor',
  'GET /api/investor/messages/:id': 'investor',
  'POST /api/investor/messages/:id/reply': 'investor',
  'GET /api/investor/messages/attachments/:id': 'investor',
  'GET /api/investor/messages/unread-count': 'investor',
  'GET /api/messages': 'admin',
  'GET /api/messages/unread-count': 'admin',
  'POST /api/messages': 'admin',
  'GET /api/messages/:id': 'admin',
  'POST /api/messages/:id/reply': 'admin',
  'GET /api/messages/attachments/:id': 'admin',
  'GET /api/investor/dashboard': 'investor',
  'GET /api/investor/deals': 'investor',
  'GET /api/investor/performance': 'investor',
  'GET /api/investor/compliance': 'investor',
  'POST /api/investor/suitability-review': 'investor',
  'GET /api/investor/documents/:id/view': 'investor',
  'GET /api/investor/documents/:id/download': 'investor',
};

type Caller = 'anonymous' | 'pending' | 'suspended' | 'investorA' | 'investorB' | 'founder' | 'cio' | 'legal' | 'nairobi_lead';
const CALLERS: Caller[] = ['anonymous', 'pending', 'suspended', 'investorA', 'investorB', 'founder', 'cio', 'legal', 'nairobi_lead'];
const roleOf = (c: Caller) => (c.startsWith('investor') ? 'investor' : ['anonymous', 'pending', 'suspended'].includes(c) ? null : 'admin');

/** What a caller must get: 'deny401', 'deny403', or 'allow' (any answer but 401/403/5xx). */
function expected(access: Access, caller: Caller): 'deny401' | 'deny403' | 'allow' {
  if (access === 'public') return 'allow';
  const role = roleOf(caller);
  if (!role) return 'deny401';
  if (access === 'user' || access === role) return 'allow';
  return 'deny403';
}

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

  it('gives every caller exactly the access declared, and never a 5xx', async () => {
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
          want === 'deny401' ? res.statusCode === 401 : want === 'deny403' ? res.statusCode === 403 : ![401, 403].includes(res.statusCode) && res.statusCode < 500;
        if (!ok) failures.push(`${route} as ${caller}: expected ${want}, got ${res.statusCode} ${res.body.slice(0, 120)}`);
        if (res.statusCode >= 400) {
          const body = res.json() as { message?: unknown };
          if (typeof body.message !== 'string') failures.push(`${route} as ${caller}: ${res.statusCode} without a message`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
