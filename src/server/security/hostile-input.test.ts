import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, signIn, type TestContext } from '../testing/harness.ts';
import { multipart, PDF_BYTES } from '../testing/multipart.ts';
import { HOSTILE_RUNS_PER_ROUTE, HOSTILE_STRINGS } from './catalog.ts';

/**
 * Random and boundary input on every JSON route, as the callers allowed to use it: bodies,
 * query strings and ids never produce a 5xx or a stack trace; every error is a 4xx with a message.
 */
const RUNS_PER_ROUTE = HOSTILE_RUNS_PER_ROUTE;

const hostileString = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom(...HOSTILE_STRINGS));
const hostileValue = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);
const FIELDS = [
  'title',
  'type',
  'targetAmount',
  'riskScore',
  'stage',
  'status',
  'name',
  'email',
  'password',
  'role',
  'userType',
  'amount',
  'dealId',
  'reason',
  'subject',
  'body',
  'priority',
  'dueDate',
  'assignedTo',
  'totalAmount',
  'paymentDate',
  'investorId',
  'companyName',
  'smtpPort',
  'currentPassword',
  'newPassword',
  'valuationDate',
  'currentValue',
  'performanceStatus',
  'experience',
  'created_by',
  'user_id',
];
const hostileBody = fc.oneof(fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 8 }), hostileValue, fc.constant(undefined));
const hostileId = fc.oneof(
  fc.uuid(),
  // A lone surrogate cannot be percent-encoded as UTF-8: its three CESU bytes stand in (invalid UTF-8 in the path).
  hostileString.map((s) => (/[\uD800-\uDFFF]/.test(s) ? `x${s.length}%ED%A0%80` : encodeURIComponent(s))),
);

describe('hostile input on every route', () => {
  let ctx: TestContext;
  let admin: string;
  let investor: string;

  beforeAll(async () => {
    ctx = await createTestContext({}, { recordSecrets: false });
    const a = await createUser(ctx, { role: 'admin', adminUserType: 'founder' });
    const i = await createUser(ctx, { role: 'investor' });
    admin = await signIn(ctx, a.email, a.password);
    investor = await signIn(ctx, i.email, i.password);
  });
  afterAll(() => ctx.close());

  it('never answers 5xx, always a message', { timeout: 120_000 }, async () => {
    const routes = ctx.app.routeTable.filter((r) => !['/api/auth/sign-out', '/api/auth/change-password'].includes(r.url));
    for (const route of routes) {
      const cookie = route.access === 'investor' ? investor : route.access === 'public' ? undefined : admin;
      await fc.assert(
        fc.asyncProperty(
          hostileId,
          hostileBody,
          fc.dictionary(fc.constantFrom('search', 'type', 'before', 'limit', 'x'), hostileString, { maxKeys: 3 }),
          async (id, body, query) => {
            const url = `${route.url.replace(/:id/g, id).replace(/:kind/g, 'passport')}?${new URLSearchParams(query)}`;
            const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
            const res = await ctx.app.inject({
              method: route.method as 'GET',
              url,
              headers: { ...(cookie ? { cookie } : {}), ...(hasBody && body !== undefined ? { 'content-type': 'application/json' } : {}) },
              ...(hasBody && body !== undefined ? { payload: JSON.stringify(body) } : {}),
            });
            expect(res.statusCode, `${route.method} ${url} ${JSON.stringify(body)} -> ${res.body.slice(0, 200)}`).toBeLessThan(500);
            if (res.statusCode >= 400) {
              // Any route's refusal to hostile input: checked for a message and no stack, not assumed.
              const json = res.json() as { message?: unknown; stack?: unknown };
              expect(typeof json.message).toBe('string');
              expect(json.stack).toBeUndefined();
              expect(res.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
            }
          },
        ),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
  });

  it('stores injection and markup probes as text and returns them unchanged', async () => {
    const probe = `<img src=x onerror=alert(1)> '; DROP TABLE deals; --`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/deals',
      headers: { cookie: admin },
      payload: { title: probe, type: 'PPP', description: probe },
    });
    expect(res.statusCode).toBe(201);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/deals', headers: { cookie: admin } });
    expect(list.json().deals.some((d: { title: string }) => d.title === probe)).toBe(true);
    const logs = await ctx.app.inject({
      method: 'GET',
      url: `/api/activity-logs?search=${encodeURIComponent("'; DROP TABLE")}`,
      headers: { cookie: admin },
    });
    expect(logs.statusCode).toBe(200);
    expect((await ctx.db.query('SELECT count(*)::int AS n FROM deals'))[0]).toBeDefined();
  });

  it('refuses a form with too many fields before its file, instead of waiting forever', async () => {
    // The multipart parser stops reading at its field limit; a file announced after that
    // never ended, and the request hung. Over real HTTP, with a deadline.
    const fields: Record<string, string> = { name: 'Many fields', type: 'PPM' };
    for (let i = 0; i < 40; i++) fields[`extra${i}`] = 'x';
    const { body, contentType } = multipart(fields, { filename: 'memo.pdf', content: PDF_BYTES });
    const url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    for (const [path, cookie] of [
      ['/api/documents', admin],
      ['/api/kyc/me/documents/passport', investor],
      ['/api/investor/messages', investor],
    ] as const) {
      const res = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { cookie, 'content-type': contentType, origin: url },
        body: new Uint8Array(body),
        signal: AbortSignal.timeout(10_000),
      });
      expect(res.status, path).toBe(400);
      // A real HTTP request (fetch), not the injected typed client: a refusal's body read as such.
      expect(((await res.json()) as { message: string }).message).toBe('Too many form fields (at most 20)');
    }
  });

  it('sends the security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
