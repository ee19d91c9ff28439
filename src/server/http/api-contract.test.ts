import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../shared/api/contract.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';

/**
 * The API contract (src/shared/api/contract.ts, decision 019) and the server's route table name
 * the same routes: a route the app registers without a contract entry, or an entry no route
 * serves, fails here. The types themselves are checked by the compiler (typedRoutes).
 */
describe('API contract', () => {
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

  it('declares bytes (FileBody) only for the view, download and PDF routes', () => {
    const files = Object.entries(API)
      .filter(([, r]) => r.kind === 'file')
      .map(([k]) => k);
    expect(files.every((k) => k.startsWith('GET ') && /\/(view|download|statement|notice|attachments\/:id)$/.test(k))).toBe(true);
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
});
