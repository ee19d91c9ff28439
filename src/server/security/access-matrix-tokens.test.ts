import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '../../shared/api/openapi.ts';
import { TOKEN_ROUTE_SCOPES, tokenScopeOf } from '../../shared/api/token-scopes.ts';
import { ADMIN_TOKEN_SCOPES, TOKEN_PREFIX } from '../../shared/api-tokens.ts';
import { callApi } from '../testing/api-client.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../testing/harness.ts';
import { CALLERS, type Caller, EXPECTED_ACCESS as EXPECTED, expectedOutcome, roleOf } from './catalog.ts';

/**
 * The authorization matrix again, with API tokens instead of sessions (issue 34, decision 048):
 * every route x every kind of caller, each calling with `Authorization: Bearer` and no cookie.
 *  - anonymous sends a token that does not exist; pending and suspended users hold tokens made
 *    while they were active: 401 on every route that is not public;
 *  - a route token-scopes.ts does not list answers 403 whatever the token's scopes;
 *  - a listed route gives what the session matrix gives for that role (the investor's token holds
 *    portal:read, each admin's holds every admin scope), so no route is wider by token;
 *  - and with a token of ONE scope each: a listed route answers as the session only when the token
 *    holds that route's scope, else 403 naming the scope it needs.
 */

const secret = () => `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
const hash = (s: string) => createHash('sha256').update(s).digest('hex');

function tokenOutcome(route: string, caller: Caller): 'deny401' | 'deny403' | 'allow' {
  const access = EXPECTED[route];
  if (access === 'public') return 'allow';
  if (!roleOf(caller)) return 'deny401';
  if (!tokenScopeOf(route)) return 'deny403';
  return expectedOutcome(access as NonNullable<typeof access>, caller);
}

describe('authorization matrix with API tokens (every route x every kind of caller)', () => {
  let ctx: TestContext;
  const tokens = {} as Record<Caller, string>;

  beforeAll(async () => {
    ctx = await createTestContext();
    tokens.anonymous = secret();
    for (const caller of ['pending', 'suspended'] as const) {
      // A token made while the account was active; the account's status changed since.
      const u = await createUser(ctx, { role: 'investor', status: caller });
      tokens[caller] = secret();
      await ctx.db.query(
        `INSERT INTO api_tokens (user_id, name, token_hash, hint, scopes, expires_at)
         VALUES ($1, 'Matrix', $2, $3, ARRAY['portal:read'], now() + interval '30 days')`,
        [u.id, hash(tokens[caller]), tokens[caller].slice(0, 8)],
      );
    }
    for (const caller of ['investorA', 'investorB'] as const) {
      const u = await createUser(ctx, { role: 'investor' });
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/me/tokens',
        headers: { cookie: await signIn(ctx, u.email, u.password) },
        payload: { name: 'Matrix' },
      });
      expect(res.statusCode, res.body).toBe(201);
      tokens[caller] = res.json().secret;
    }
    for (const type of ['founder', 'cio', 'legal', 'nairobi_lead'] as const) {
      const u = await createUser(ctx, { role: 'admin', adminUserType: type });
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/me/tokens',
        headers: { cookie: await signIn(ctx, u.email, u.password) },
        payload: { name: 'Matrix', scopes: [...ADMIN_TOKEN_SCOPES] },
      });
      expect(res.statusCode, res.body).toBe(201);
      tokens[type] = res.json().secret;
    }
  });
  afterAll(() => ctx.close());

  it('lists only routes of the route table, each with a scope', () => {
    for (const route of Object.keys(TOKEN_ROUTE_SCOPES)) expect(EXPECTED, route).toHaveProperty([route]);
  });

  it('gives every token exactly the access declared, never more than a session, and never a 5xx', { timeout: 180_000 }, async () => {
    const failures: string[] = [];
    for (const route of Object.keys(EXPECTED)) {
      const [method, path] = route.split(' ') as [string, string];
      const url = path.replace(/:id/g, randomUUID()).replace(/:kind/g, 'passport');
      for (const caller of CALLERS) {
        const res = await ctx.app.inject({
          method: method as 'GET',
          url,
          headers: { authorization: `Bearer ${tokens[caller]}` },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        const want = tokenOutcome(route, caller);
        const ok =
          want === 'deny401'
            ? res.statusCode === 401
            : want === 'deny403'
              ? res.statusCode === 403
              : ![401, 403].includes(res.statusCode) && res.statusCode < 500;
        if (!ok) failures.push(`${route} as ${caller} (token): expected ${want}, got ${res.statusCode} ${res.body.slice(0, 120)}`);
        // Never wider than the session matrix.
        if (want === 'allow' && expectedOutcome(EXPECTED[route] as NonNullable<(typeof EXPECTED)[string]>, caller) !== 'allow')
          failures.push(`${route} as ${caller}: a token reaches what a session may not`);
        if (res.statusCode >= 400) {
          // Any route's refusal, checked for a message rather than assumed to have one (errorBody would throw).
          const body = res.json() as { message?: unknown };
          if (typeof body.message !== 'string') failures.push(`${route} as ${caller} (token): ${res.statusCode} without a message`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  // The scope rule does not depend on the admin type (the pass above covers each type with every
  // scope): the widest and the narrowest type are enough here, and keep CI time down.
  const SCOPE_PASS_TYPES = ['founder', 'nairobi_lead'] as const;
  it('gives a token of one scope exactly that scope: every token route x two admin types x each scope', { timeout: 180_000 }, async () => {
    // One token per admin type and scope (5 scopes: within the cap of 10 live tokens a user).
    const single = {} as Record<string, string>;
    for (const type of SCOPE_PASS_TYPES) {
      const u = await createUser(ctx, { role: 'admin', adminUserType: type });
      const cookie = await signIn(ctx, u.email, u.password);
      for (const scope of ADMIN_TOKEN_SCOPES) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/me/tokens',
          headers: { cookie },
          payload: { name: `Only ${scope}`, scopes: [scope] },
        });
        expect(res.statusCode, res.body).toBe(201);
        single[`${type} ${scope}`] = res.json().secret;
      }
    }
    const failures: string[] = [];
    for (const [route, needs] of Object.entries(TOKEN_ROUTE_SCOPES)) {
      const [method, path] = route.split(' ') as [string, string];
      const url = path.replace(/:id/g, randomUUID());
      for (const type of SCOPE_PASS_TYPES)
        for (const scope of ADMIN_TOKEN_SCOPES) {
          const res = await ctx.app.inject({
            method: method as 'GET',
            url,
            headers: { authorization: `Bearer ${single[`${type} ${scope}`]}` },
            ...(method === 'GET' ? {} : { payload: {} }),
          });
          // The scope rule first (403 naming the scope), then the session's outcome for this admin type.
          const want = scope === needs ? expectedOutcome(EXPECTED[route] as NonNullable<(typeof EXPECTED)[string]>, type) : 'deny403';
          const ok =
            want === 'allow'
              ? ![401, 403].includes(res.statusCode) && res.statusCode < 500
              : res.statusCode === (want === 'deny401' ? 401 : 403);
          if (!ok)
            failures.push(`${route} as ${type} with only ${scope}: expected ${want}, got ${res.statusCode} ${res.body.slice(0, 100)}`);
          if (scope !== needs && res.statusCode === 403 && res.json().message !== `This API token does not have the ${needs} scope`)
            failures.push(`${route} as ${type} with only ${scope}: 403 without naming ${needs}: ${res.body.slice(0, 100)}`);
        }
    }
    expect(failures).toEqual([]);
  });

  it('names every route a token may call, with its scope, in the OpenAPI document', async () => {
    const founder = await createUser(ctx, { role: 'admin', adminUserType: 'founder' });
    const { json: doc } = await callApi(ctx.app, 'GET /api/openapi.json', { cookie: await signIn(ctx, founder.email, founder.password) });
    const missing: string[] = [];
    for (const [route, scope] of Object.entries(TOKEN_ROUTE_SCOPES)) {
      const [method, path] = route.split(' ') as [string, string];
      const op = doc.paths[openApiPath(path)]?.[method.toLowerCase()] as Record<string, unknown> | undefined;
      if (op?.['x-token-scope'] !== scope) missing.push(`${route}: ${String(op?.['x-token-scope'])}, expected ${scope}`);
    }
    // And no other operation claims a scope.
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops))
        if (
          (op as Record<string, unknown>)['x-token-scope'] &&
          !tokenScopeOf(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`)
        )
          missing.push(`${method} ${path} claims a scope it does not have`);
    expect(missing).toEqual([]);
  });
});
