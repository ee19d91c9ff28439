import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type OpenApiDocument } from '../../shared/api/contract.ts';
import { registerAccessControl } from '../auth/guard.ts';
import { callApi } from '../testing/api-client.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../testing/harness.ts';
import { typedRoutes } from './typed-routes.ts';

/**
 * The API contract (src/shared/api/contract.ts, decision 019) and the server's route table name
 * the same routes: a route the app registers without a contract entry, or an entry no route
 * serves, fails here. The types themselves are checked by the compiler (typedRoutes).
 */
describe('API contract (the route table)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('has an entry for every route the app registers', () => {
    const registered = ctx.app.routeTable.map((r) => `${r.method} ${r.url}`);
    expect(registered.length).toBeGreaterThan(100);
    expect(registered.filter((r) => !(r in API))).toEqual([]);
  });

  it('has no entry that matches no route', () => {
    const registered = new Set(ctx.app.routeTable.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(API).filter((k) => !registered.has(k))).toEqual([]);
  });

  it('declares bytes (FileBody) only for the view, download, PDF and CSV routes', () => {
    const files = Object.entries(API)
      .filter(([, r]) => r.kind === 'file')
      .map(([k]) => k);
    // Documents, statements, notices, attachments, the signing pack's template and agreements (issue 30), CSV exports,
    // one ILPA notice as CSV and the calendar feed (issue 34), a data-subject archive (issue 33).
    const fileRoute = /\/(view|download|statement|notice|attachments\/:id|template|document|[\w-]+\.csv|csv|archive|calendar\/:token)$/;
    expect(files.filter((k) => !(k.startsWith('GET ') && fileRoute.test(k)))).toEqual([]);
  });

  it('registers every module route through typedRoutes, so its answer is checked against the contract', async () => {
    const root = path.resolve('src/server/modules');
    const offenders: string[] = [];
    for (const dir of await readdir(root)) {
      const file = path.join(root, dir, 'routes.ts');
      const text = await readFile(file, 'utf8').catch(() => '');
      for (const m of text.matchAll(/\bapp\s*\.\s*(get|post|put|patch|delete|route|all)\s*[<(]/g))
        offenders.push(`${dir}/routes.ts: app.${m[1]}`);
    }
    expect(offenders).toEqual([]);
  });

  it('refuses to register a route missing from the table, or with another access than the table', () => {
    const app = Fastify();
    registerAccessControl(app, {} as never, {} as never, { publicUrl: undefined } as never);
    const route = typedRoutes(app);
    // A path the table does not have: a type error, and an error at registration.
    // @ts-expect-error not in the route table
    expect(() => route.get('/api/not-in-the-table', async () => ({}))).toThrow(/not in the route table/);
    // A module may not name its own access.
    // @ts-expect-error access comes from the table
    expect(() => route.get('/api/spvs', { config: { access: 'public' } }, async () => ({ spvs: [] }))).toThrow(/route table/);
    // Bypassing typedRoutes: the access hook checks the table too.
    expect(() => app.get('/api/not-in-the-table', { config: { access: 'admin' } }, async () => ({}))).toThrow(/not in the route table/);
    expect(() => app.get('/api/spvs', { config: { access: 'public' } }, async () => ({}))).toThrow(
      /declares public, the route table admin/,
    );
  });

  it("parses bodies with the route's schema: a mismatch is a 400 with field messages", async () => {
    const admin = await createUser(ctx, { role: 'admin', adminUserType: 'founder' });
    const cookie = await signIn(ctx, admin.email, admin.password);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/spvs', headers: { cookie }, payload: { name: '' } });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; fields: Record<string, string> };
    expect(Object.keys(body.fields)).toEqual(expect.arrayContaining(['name', 'jurisdiction']));
    expect(body.message).toBe(Object.values(body.fields)[0]);
    // The same route through the tests' typed client: body and answer typed by the table.
    const made = await callApi(ctx.app, 'POST /api/spvs', {
      cookie,
      body: { name: 'Table SPV', jurisdiction: 'Mauritius', annualReturnDue: '2027-03-31', bankBalance: '10' },
    });
    expect(made.status).toBe(201);
    expect(made.json.spv.name).toBe('Table SPV');
    const notObject = await ctx.app.inject({
      method: 'POST',
      url: '/api/spvs',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '"text"',
    });
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json()).toEqual({ message: 'The request body must be a JSON object' });
  });

  describe('GET /api/openapi.json', () => {
    let doc: OpenApiDocument;
    beforeAll(async () => {
      const admin = await createUser(ctx, { role: 'admin', adminUserType: 'legal' });
      const cookie = await signIn(ctx, admin.email, admin.password);
      const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      doc = res.json();
    });

    it('is for admins only: 401 signed out, 403 for an investor', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(401);
      const investor = await createUser(ctx, { role: 'investor' });
      const cookie = await signIn(ctx, investor.email, investor.password);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { cookie } })).statusCode).toBe(403);
    });

    it('lists exactly the registered routes', () => {
      expect(doc.openapi).toBe('3.1.0');
      const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`),
      );
      const registered = ctx.app.routeTable.map((r) => `${r.method} ${r.url}`);
      expect(documented.sort()).toEqual([...registered].sort());
    });

    it('declares each path parameter, the access, and the request body of every route that takes one', () => {
      const problems: string[] = [];
      for (const [p, ops] of Object.entries(doc.paths)) {
        const names = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        for (const [method, raw] of Object.entries(ops)) {
          const op = raw as {
            'x-access': string;
            parameters?: { name: string; in: string }[];
            requestBody?: { content: Record<string, { schema?: { type?: string } }> };
            responses: Record<string, unknown>;
          };
          const key = `${method.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`;
          const entry = API[key as keyof typeof API] as { access: string; body?: unknown; multipart?: true; query?: unknown };
          if (op['x-access'] !== entry.access) problems.push(`${key}: access ${op['x-access']}`);
          const pathParams = (op.parameters ?? []).filter((x) => x.in === 'path').map((x) => x.name);
          if (pathParams.join() !== names.join()) problems.push(`${key}: path parameters ${pathParams.join()}`);
          // An object, or a choice of objects (a body whose fields depend on a kind: oneOf).
          const body = op.requestBody?.content['application/json']?.schema as { type?: string; oneOf?: { type?: string }[] } | undefined;
          const objectBody = body?.type === 'object' || ((body?.oneOf?.length ?? 0) > 0 && body?.oneOf?.every((o) => o.type === 'object'));
          if (entry.body && !objectBody) problems.push(`${key}: no JSON body schema`);
          if (entry.multipart && !op.requestBody?.content['multipart/form-data']) problems.push(`${key}: no form body`);
          if (!entry.body && !entry.multipart && op.requestBody) problems.push(`${key}: a body it does not take`);
          if (entry.query && !(op.parameters ?? []).some((x) => x.in === 'query')) problems.push(`${key}: no query parameters`);
          if (!op.responses['200']) problems.push(`${key}: no answer`);
        }
      }
      expect(problems).toEqual([]);
      // Spot checks against the shared schemas: the fields a client sends.
      const spvs = doc.paths['/api/spvs'] as {
        post: { requestBody: { content: { 'application/json': { schema: { properties: object; required: string[] } } } } };
      };
      expect(spvs?.post).toBeDefined();
      const spv = spvs.post.requestBody.content['application/json'].schema;
      expect(Object.keys(spv.properties)).toEqual(expect.arrayContaining(['name', 'jurisdiction', 'annualReturnDue', 'bankBalance']));
      expect(spv.required).toEqual(expect.arrayContaining(['name', 'jurisdiction']));
    });
  });
});
