// Path parameters (issue 28 item 2, decision 033 amended): every `:name` of every route of the
// table has a schema, the OpenAPI document shows it, and a malformed one is a 400 with a field
// message on every route alike (before the body is read: nothing is written), while a
// well-formed id that names nothing stays the resource's own 404. Runs on PGlite and, with
// TEST_DB=postgres, on PostgreSQL.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paramNames, pathParams, ROUTES } from '../../shared/api/contract.ts';
import { openApiDocument, openApiPath } from '../../shared/api/openapi.ts';
import { INVALID_ID } from '../../shared/api/path-params.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../testing/harness.ts';

// A UUID no row has (version 4, variant 8: valid for z.uuid()).
const UNKNOWN_ID = '0d7e2f5c-3b1a-4f6e-8c9d-2a1b3c4d5e6f';
const MALFORMED = ['not-a-uuid', '123', "1' OR '1'='1", `${UNKNOWN_ID}x`];

describe('path parameter schemas of the route table', () => {
  it('gives every path parameter of every route a schema, and names no parameter the path has not', () => {
    const missing: string[] = [];
    for (const [key, entry] of ROUTES) {
      try {
        const schemas = pathParams(key, entry);
        expect(Object.keys(schemas), key).toEqual(paramNames(key.split(' ')[1] ?? ''));
      } catch (err) {
        missing.push((err as Error).message);
      }
    }
    expect(missing).toEqual([]);
  });

  it('accepts a UUID and refuses anything else for every :id except the numbered outbox e-mail', () => {
    for (const [key, entry] of ROUTES) {
      const id = pathParams(key, entry).id;
      if (!id) continue;
      if (key === 'POST /api/email/outbox/:id/retry') {
        expect(id.safeParse('42').success).toBe(true);
        expect(id.safeParse(UNKNOWN_ID).success).toBe(false);
        continue;
      }
      expect(id.safeParse(UNKNOWN_ID).success, key).toBe(true);
      for (const bad of MALFORMED) expect(id.safeParse(bad).success, `${key} ${bad}`).toBe(false);
    }
  });

  it('shows each path parameter with its schema in the OpenAPI document', () => {
    const doc = openApiDocument('test');
    for (const [key] of ROUTES) {
      const [method = '', path = ''] = key.split(' ');
      const op = doc.paths[openApiPath(path)]?.[method.toLowerCase()] as {
        parameters?: { name: string; in: string; schema: Record<string, unknown> }[];
      };
      for (const name of paramNames(path)) {
        const p = op.parameters?.find((x) => x.in === 'path' && x.name === name);
        expect(p?.schema.type, `${key} :${name}`).toBe('string');
        if (name === 'id' && key !== 'POST /api/email/outbox/:id/retry') expect(p?.schema.format, key).toBe('uuid');
      }
    }
    const kind = (doc.paths['/api/kyc/me/documents/{kind}/view'] as { get: { parameters: { schema: { enum?: string[] } }[] } }).get
      .parameters[0];
    expect(kind?.schema.enum).toEqual(['passport', 'address_proof', 'financial_statements', 'source_of_funds']);
  });
});

describe('a malformed path parameter is a 400 with a field message', () => {
  let ctx: TestContext;
  let admin: string;
  let investor: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const a = await createUser(ctx, { role: 'admin', adminUserType: 'founder' });
    const i = await createUser(ctx, { role: 'investor' });
    admin = await signIn(ctx, a.email, a.password);
    investor = await signIn(ctx, i.email, i.password);
  });
  afterAll(() => ctx.close());

  const call = (method: string, url: string, cookie: string, payload?: unknown) =>
    ctx.app.inject({
      method: method as InjectOptions['method'],
      url,
      headers: { cookie },
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
    });

  // A sample across modules: reads, writes with a body (valid, so only the id is wrong), files,
  // investor routes, a founder route and two parameters in one path.
  const SAMPLE: [method: string, path: string, as: 'admin' | 'investor', body?: unknown, notFound?: string][] = [
    ['GET', '/api/deals/:id', 'admin', undefined, 'Deal not found'],
    ['PATCH', '/api/deals/:id', 'admin', { title: 'Renamed' }, 'Deal not found'],
    ['PATCH', '/api/spvs/:id', 'admin', { name: 'X' }, 'SPV not found'],
    ['POST', '/api/spvs/:id/file-return', 'admin', undefined, 'SPV not found'],
    ['PATCH', '/api/users/:id', 'admin', { name: 'X' }],
    ['POST', '/api/users/:id/reset-two-factor', 'admin'],
    ['GET', '/api/documents/:id/download', 'admin'],
    ['GET', '/api/capital-calls/:id', 'admin'],
    ['POST', '/api/distributions/:id/pay', 'admin', { paidOn: '2026-01-15' }],
    ['GET', '/api/kyc/:id/documents/passport/view', 'admin'],
    ['POST', '/api/jobs/:id/retry', 'admin'],
    ['GET', '/api/investor/messages/:id', 'investor'],
    ['POST', '/api/investor/subscriptions/:id/cancel', 'investor'],
    ['GET', '/api/investor/ilpa-notices/:id', 'investor'],
  ];

  it("answers 400 { message, fields: { id } } for a malformed :id, and the route's 404 for an unknown one", async () => {
    for (const [method, path, as, body, notFound] of SAMPLE) {
      const cookie = as === 'admin' ? admin : investor;
      for (const bad of MALFORMED) {
        const res = await call(method, path.replace(':id', encodeURIComponent(bad)), cookie, body);
        expect(res.statusCode, `${method} ${path} ${bad}: ${res.body}`).toBe(400);
        expect(res.json()).toEqual({ message: INVALID_ID, fields: { id: INVALID_ID } });
      }
      const unknown = await call(method, path.replace(':id', UNKNOWN_ID), cookie, body);
      expect(unknown.statusCode, `${method} ${path} unknown: ${unknown.body}`).toBe(404);
      if (notFound) expect(unknown.json().message).toBe(notFound);
    }
  });

  it("checks the parameter before the body: a malformed id with a bad body is still the id's 400", async () => {
    const res = await call('PATCH', '/api/spvs/nope', admin, { name: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: INVALID_ID, fields: { id: INVALID_ID } });
  });

  it('answers 400 for an unknown KYC document kind and for an outbox e-mail that is not a number', async () => {
    const kind = await call('GET', '/api/kyc/me/documents/selfie/view', investor);
    expect(kind.statusCode).toBe(400);
    expect(kind.json()).toEqual({ message: 'Unknown document kind', fields: { kind: 'Unknown document kind' } });
    const outbox = await call('POST', `/api/email/outbox/${UNKNOWN_ID}/retry`, admin);
    expect(outbox.statusCode).toBe(400);
    expect(outbox.json()).toEqual({ message: 'E-mail not found', fields: { id: 'E-mail not found' } });
  });

  it('checks who may call first: a signed-out caller with a malformed id is a 401, an investor on an admin route a 403', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/deals/nope' })).statusCode).toBe(401);
    expect((await call('GET', '/api/deals/nope', investor)).statusCode).toBe(403);
  });
});
