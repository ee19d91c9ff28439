import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LIVE_TOKENS, TOKEN_MESSAGES } from '../../../shared/api-tokens.ts';
import { newTotpSecret, totpFor } from '../../auth/totp.ts';
import { callApi } from '../../testing/api-client.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';

/**
 * Personal access tokens (issue 34, decision 044) through the real app: created on the profile's
 * route with a session, then used as `Authorization: Bearer` on the routes token-scopes.ts lists.
 */
describe('API tokens', () => {
  let ctx: TestContext;
  let admin: { id: string; cookie: string };
  let investor: { id: string; cookie: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    const a = await createUser(ctx, { role: 'admin', adminUserType: 'cio', name: 'Cora CIO' });
    admin = { id: a.id, cookie: await signIn(ctx, a.email, a.password) };
    const i = await createUser(ctx, { role: 'investor', investorUserType: 'family_office', name: 'Fay Family' });
    investor = { id: i.id, cookie: await signIn(ctx, i.email, i.password) };
  });
  afterAll(() => ctx.close());

  const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
  const create = (
    cookie: string,
    body: Parameters<typeof callApi<'POST /api/me/tokens'>>[2] extends infer C ? (C extends { body?: infer B } ? B : never) : never,
  ) => callApi(ctx.app, 'POST /api/me/tokens', { cookie, body });
  const get = (url: string, headers: Record<string, string>, remoteAddress?: string) =>
    ctx.app.inject({ method: 'GET', url, headers, ...(remoteAddress ? { remoteAddress } : {}) });

  it("an investor's token: shown once, listed without its secret, reads their own portal and nothing else", async () => {
    const made = await create(investor.cookie, { name: 'Portfolio tool', expiresInDays: 30 });
    expect(made.status, made.res.body).toBe(201);
    expect(made.res.headers['cache-control']).toBe('no-store');
    const { secret, token } = made.json;
    expect(secret).toMatch(/^sdt_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({
      name: 'Portfolio tool',
      scopes: ['portal:read'],
      hint: secret.slice(0, 8),
      lastUsedAt: null,
      revokedAt: null,
    });
    // 30 days from creation.
    expect(new Date(token.expiresAt).getTime() - new Date(token.createdAt).getTime()).toBe(30 * 86_400_000);
    const list = await callApi(ctx.app, 'GET /api/me/tokens', { cookie: investor.cookie });
    expect(list.res.body).not.toContain(secret);
    // Only the hash is stored.
    const stored = (await ctx.db.query('SELECT token_hash FROM api_tokens WHERE id = $1', [token.id])) as { token_hash: string }[];
    expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.token_hash).not.toContain(secret);

    // The token reads what the session reads.
    const viaToken = await get('/api/investor/dashboard', bearer(secret), '198.51.100.20');
    const viaSession = await get('/api/investor/dashboard', { cookie: investor.cookie });
    expect(viaToken.statusCode, viaToken.body).toBe(200);
    expect(viaToken.json()).toEqual(viaSession.json());
    const used = (await callApi(ctx.app, 'GET /api/me/tokens', { cookie: investor.cookie })).json.tokens.find((t) => t.id === token.id);
    expect(used?.lastUsedIp).toBe('198.51.100.20');
    expect(used?.lastUsedAt).not.toBeNull();

    // Read-only, own data only: no write, no admin route, no token management, no sign-out.
    const write = await ctx.app.inject({
      method: 'POST',
      url: '/api/investor/messages/00000000-0000-4000-8000-000000000000/read',
      headers: bearer(secret),
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe(TOKEN_MESSAGES.routeNotAvailable);
    const adminRoute = await get('/api/deals', bearer(secret));
    expect(adminRoute.statusCode).toBe(403);
    expect(adminRoute.json().message).toBe(TOKEN_MESSAGES.missingScope('deals:read'));
    expect((await get('/api/me/tokens', bearer(secret))).statusCode).toBe(403);
  });

  it("an administrator's token reaches only its scopes; the admin allow-list and the API rate limit apply to it", async () => {
    const made = await create(admin.cookie, { name: 'CRM sync', scopes: ['deals:read', 'ledger:write'] });
    expect(made.status, made.res.body).toBe(201);
    const secret = made.json.secret;
    expect((await get('/api/deals', bearer(secret))).statusCode).toBe(200);
    const users = await get('/api/users', bearer(secret));
    expect(users.statusCode).toBe(403);
    expect(users.json().message).toBe(TOKEN_MESSAGES.missingScope('users:read'));
    // A write route with no token scope is refused even with a cookie-less, origin-less request.
    const newDeal = await ctx.app.inject({ method: 'POST', url: '/api/deals', headers: bearer(secret), payload: { title: 'x' } });
    expect(newDeal.statusCode).toBe(403);
    expect(newDeal.json().message).toBe(TOKEN_MESSAGES.routeNotAvailable);
    // ledger:write with no CSRF check: the valuation route answers for the body (404: no such deal), not 403.
    const valuation = await ctx.app.inject({
      method: 'POST',
      url: '/api/deals/00000000-0000-4000-8000-000000000000/valuations',
      headers: { ...bearer(secret), origin: 'https://elsewhere.example' },
      payload: { valuationDate: '2026-01-01', nav: '1.00' },
    });
    expect([400, 404]).toContain(valuation.statusCode);

    // The allow-list and the hourly limit, set by a founder as on the Security tab.
    const f = await createUser(ctx, { role: 'admin', adminUserType: 'founder' });
    const founder = await signIn(ctx, f.email, f.password);
    const put = (body: object) =>
      ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie: founder }, payload: body, remoteAddress: '127.0.0.1' });
    expect((await put({ ipWhitelist: '127.0.0.1, 203.0.113.0/24' })).statusCode).toBe(200);
    try {
      const outside = await get('/api/deals', bearer(secret), '198.51.100.9');
      expect(outside.statusCode).toBe(403);
      expect(outside.json().message).toContain('not allowed from your network address');
      expect((await get('/api/deals', bearer(secret), '203.0.113.5')).statusCode).toBe(200);
    } finally {
      expect((await put({ ipWhitelist: '' })).statusCode).toBe(200);
    }
    const c = await createUser(ctx, { role: 'admin', adminUserType: 'nairobi_lead' });
    const cCookie = await signIn(ctx, c.email, c.password);
    const limited = (await create(cCookie, { name: 'Limited', scopes: ['deals:read'] })).json.secret;
    expect((await put({ apiRateLimit: 10 })).statusCode).toBe(200);
    try {
      // 20 at once against a limit of 10 an hour (the creation above was the first request).
      const burst = await Promise.all(Array.from({ length: 20 }, () => get('/api/deals', bearer(limited))));
      expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(9);
      expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(11);
    } finally {
      expect((await put({ apiRateLimit: 1_000_000 })).statusCode).toBe(200);
    }
  });

  it("a token's writes are logged as its user's, naming the token; a session's are not; also with 20 of each at once", async () => {
    const made = await create(admin.cookie, { name: 'Books sync', scopes: ['ledger:write'] });
    expect(made.status, made.res.body).toBe(201);
    const { secret, token } = made.json;
    const deal = await callApi(ctx.app, 'POST /api/deals', {
      cookie: admin.cookie,
      body: { title: 'Logged Tower', type: 'Infrastructure', targetAmount: null },
    });
    expect(deal.status, deal.res.body).toBe(201);
    const dealId = deal.json.deal.id;
    const value = (by: Record<string, string>, currentValue: string, remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/deals/${dealId}/valuations`,
        headers: by,
        remoteAddress,
        payload: { valuationDate: '2026-06-30', currentValue, performanceStatus: 'On Track' },
      });
    // 20 by the token and 20 by the admin's session, interleaved and all at once: each row must be
    // told apart by the request that wrote it, not by whichever request ran the statement before.
    const sent = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? value(bearer(secret), `${1000 + i}.00`, '203.0.113.7')
          : value({ cookie: admin.cookie }, `${1000 + i}.00`, '127.0.0.1'),
      ),
    );
    expect(sent.map((r) => r.statusCode)).toEqual(Array(40).fill(201));
    const rows = (await ctx.db.query(
      `SELECT user_id, ip_address, details FROM activity_logs WHERE activity_type = 'valuation_recorded' AND details ->> 'dealId' = $1`,
      [dealId],
    )) as { user_id: string; ip_address: string; details: { value: string; apiToken?: unknown } | string }[];
    expect(rows).toHaveLength(40);
    for (const r of rows) {
      const details = typeof r.details === 'string' ? JSON.parse(r.details) : r.details;
      // Even values went by token (index i even -> 1000 + i even), from 203.0.113.7.
      const byToken = Number.parseInt(details.value, 10) % 2 === 0;
      expect(r.user_id).toBe(admin.id);
      expect(r.ip_address).toBe(byToken ? '203.0.113.7' : '127.0.0.1');
      if (byToken) expect(details.apiToken).toEqual({ id: token.id, name: 'Books sync', hint: secret.slice(0, 8) });
      else expect(details).not.toHaveProperty('apiToken');
    }
    // The activity log screen's search finds a token's changes by the token's name.
    const found = await ctx.app.inject({
      method: 'GET',
      url: '/api/activity-logs?search=Books%20sync&type=valuation_recorded',
      headers: { cookie: admin.cookie },
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().logs).toHaveLength(20);
  });

  it('unknown, malformed, revoked and expired tokens, and tokens of a suspended user, are refused with 401', async () => {
    const made = await create(investor.cookie, { name: 'Short lived', expiresInDays: 1 });
    const secret = made.json.secret;
    for (const bad of ['sdt_short', `sdt_${'A'.repeat(43)}`, 'not-a-token', `${secret}x`]) {
      const res = await get('/api/investor/dashboard', bearer(bad));
      expect(res.statusCode, bad).toBe(401);
      expect(res.json().message).toBe(TOKEN_MESSAGES.invalid);
      expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    }
    // Expired: moved into the past.
    await ctx.db.query(
      `UPDATE api_tokens SET created_at = now() - interval '3 days', expires_at = now() - interval '1 second' WHERE id = $1`,
      [made.json.token.id],
    );
    expect((await get('/api/investor/dashboard', bearer(secret))).statusCode).toBe(401);

    const other = await create(investor.cookie, { name: 'To revoke' });
    expect((await get('/api/investor/dashboard', bearer(other.json.secret))).statusCode).toBe(200);
    const revoked = await callApi(ctx.app, 'DELETE /api/me/tokens/:id', { cookie: investor.cookie, params: { id: other.json.token.id } });
    expect(revoked.status).toBe(200);
    expect(revoked.json.tokens.find((t) => t.id === other.json.token.id)?.revokedAt).not.toBeNull();
    expect((await get('/api/investor/dashboard', bearer(other.json.secret))).statusCode).toBe(401);
    // Revoking again, or another user's token: 404.
    expect(
      (await callApi(ctx.app, 'DELETE /api/me/tokens/:id', { cookie: investor.cookie, params: { id: other.json.token.id } })).status,
    ).toBe(404);
    const mine = await create(admin.cookie, { name: 'Admin token', scopes: ['users:read'] });
    const theirs = await callApi(ctx.app, 'DELETE /api/me/tokens/:id', { cookie: investor.cookie, params: { id: mine.json.token.id } });
    expect(theirs.status).toBe(404);
    expect(theirs.json).toMatchObject({ message: TOKEN_MESSAGES.notFound });

    const s = await createUser(ctx, { role: 'investor', investorUserType: 'hni' });
    const sCookie = await signIn(ctx, s.email, s.password);
    const sToken = (await create(sCookie, { name: 'Soon suspended' })).json.secret;
    await ctx.db.query(`UPDATE profiles SET status = 'suspended' WHERE id = $1`, [s.id]);
    expect((await get('/api/investor/dashboard', bearer(sToken))).statusCode).toBe(401);
  });

  it('bad input gets field messages; an administrator must choose scopes, an investor may not', async () => {
    const cases: [string, object, string, string][] = [
      [investor.cookie, { name: '  ' }, 'name', 'Name the token'],
      [investor.cookie, { name: 'x', expiresInDays: 0 }, 'expiresInDays', 'A token lasts at least 1 day'],
      [investor.cookie, { name: 'x', expiresInDays: 366 }, 'expiresInDays', 'A token lasts at most 365 days'],
      [investor.cookie, { name: 'x', scopes: ['deals:read'] }, 'scopes', 'Send no scopes'],
      [admin.cookie, { name: 'x' }, 'scopes', TOKEN_MESSAGES.adminScopeRequired],
      [admin.cookie, { name: 'x', scopes: ['portal:read'] }, 'scopes.0', 'Unknown scope'],
    ];
    for (const [cookie, body, field, message] of cases) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/me/tokens', headers: { cookie }, payload: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(res.json())).toBe(message);
    }
    expect((await ctx.app.inject({ method: 'POST', url: '/api/me/tokens', payload: { name: 'x' } })).statusCode).toBe(401);
  });

  it('with two-factor on, creating a token needs the current code', async () => {
    const u = await createUser(ctx, { role: 'admin', adminUserType: 'legal' });
    const cookie = await signIn(ctx, u.email, u.password);
    const secret = newTotpSecret();
    await ctx.db.query('INSERT INTO two_factor (user_id, secret, enabled_at) VALUES ($1, $2, now())', [u.id, secret]);
    const none = await create(cookie, { name: 'x', scopes: ['deals:read'] });
    expect(none.status).toBe(401);
    expect(none.json).toMatchObject({ message: TOKEN_MESSAGES.codeRequired });
    const wrong = await create(cookie, { name: 'x', scopes: ['deals:read'], code: '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toMatchObject({ message: TOKEN_MESSAGES.codeInvalid });
    const right = await create(cookie, { name: 'x', scopes: ['deals:read'], code: totpFor(secret, 'x', 'x').generate() });
    expect(right.status, right.res.body).toBe(201);
  });

  it("when the firm turns two-factor on, an admin's older token stops until the admin sets it up; an investor's is unaffected", async () => {
    const u = await createUser(ctx, { role: 'admin', adminUserType: 'nairobi_lead' });
    const cookie = await signIn(ctx, u.email, u.password);
    const adminSecret = (await create(cookie, { name: 'Before two-factor', scopes: ['deals:read'] })).json.secret;
    const investorSecret = (await create(investor.cookie, { name: 'Calendar' })).json.secret;
    expect((await get('/api/deals', bearer(adminSecret))).statusCode).toBe(200);
    const f = await createUser(ctx, { role: 'admin', adminUserType: 'founder' });
    const founder = await signIn(ctx, f.email, f.password);
    const put = (body: object) => ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie: founder }, payload: body });
    expect((await put({ twoFactorAuth: true })).statusCode).toBe(200);
    try {
      // The admin's session would be sent to enrolment; the token gets the same answer.
      const refused = await get('/api/deals', bearer(adminSecret));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Set up two-factor authentication to continue');
      expect((await get('/api/investor/dashboard', bearer(investorSecret))).statusCode).toBe(200);
      // Once the admin has two-factor, the token works again.
      await ctx.db.query('INSERT INTO two_factor (user_id, secret, enabled_at) VALUES ($1, $2, now())', [u.id, newTotpSecret()]);
      expect((await get('/api/deals', bearer(adminSecret))).statusCode).toBe(200);
    } finally {
      expect((await put({ twoFactorAuth: false })).statusCode).toBe(200);
    }
  });

  it(`${MAX_LIVE_TOKENS} live tokens per user at most, also when 30 creations arrive at once`, async () => {
    const u = await createUser(ctx, { role: 'investor', investorUserType: 'offshore_fund' });
    const cookie = await signIn(ctx, u.email, u.password);
    const res = await Promise.all(Array.from({ length: 30 }, (_, i) => create(cookie, { name: `Token ${i}` })));
    expect(res.filter((r) => r.status === 201)).toHaveLength(MAX_LIVE_TOKENS);
    const refused = res.filter((r) => r.status === 409);
    expect(refused).toHaveLength(30 - MAX_LIVE_TOKENS);
    expect(refused[0]?.json).toMatchObject({ message: TOKEN_MESSAGES.tooMany });
    const rows = (await ctx.db.query('SELECT count(*)::int AS n FROM api_tokens WHERE user_id = $1', [u.id])) as { n: number }[];
    expect(rows[0]?.n).toBe(MAX_LIVE_TOKENS);
    // Creating and revoking are logged.
    const logs = (await ctx.db.query(
      `SELECT count(*)::int AS n FROM activity_logs WHERE user_id = $1 AND activity_type = 'api_token_created'`,
      [u.id],
    )) as {
      n: number;
    }[];
    expect(logs[0]?.n).toBe(MAX_LIVE_TOKENS);
  });

  it('the OpenAPI document names each token route with its scope and the bearer scheme', async () => {
    const { status, json: doc } = await callApi(ctx.app, 'GET /api/openapi.json', { cookie: admin.cookie });
    expect(status).toBe(200);
    expect(doc).toMatchObject({ components: { securitySchemes: { token: { type: 'http', scheme: 'bearer' } } } });
    expect(doc.paths['/api/deals']?.get).toMatchObject({
      'x-token-scope': 'deals:read',
      security: [{ session: [] }, { token: ['deals:read'] }],
    });
    expect(doc.paths['/api/deals']?.post).not.toHaveProperty('x-token-scope');
    expect(doc.paths['/api/investor/dashboard']?.get).toMatchObject({ 'x-token-scope': 'portal:read' });
  });
});
