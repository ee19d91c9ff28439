import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { EVIDENCE, EXPECTED_ACCESS } from './catalog.ts';
import { renderSecurityReport } from './report.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DOC = path.join(ROOT, 'docs/security.md');

/**
 * docs/security.md is generated from the route table and the catalog the security tests use;
 * this test fails when the committed file differs, or when a claim's test no longer exists.
 */
describe('docs/security.md', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('names only tests that exist', () => {
    const missing = EVIDENCE.filter(
      (e) => !existsSync(path.join(ROOT, e.file)) || !readFileSync(path.join(ROOT, e.file), 'utf8').includes(e.test),
    );
    expect(missing.map((e) => `${e.file}: "${e.test}"`)).toEqual([]);
  });

  it('is up to date with the route table and the catalog', () => {
    const routes = ctx.app.routeTable.map((r) => ({ method: r.method, url: r.url, access: r.access }));
    expect(Object.fromEntries(routes.map((r) => [`${r.method} ${r.url}`, r.access]))).toEqual(EXPECTED_ACCESS);
    const report = renderSecurityReport(routes);
    if (process.env.UPDATE_SECURITY_DOC === '1') writeFileSync(DOC, report);
    const committed = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '';
    expect(
      committed,
      'docs/security.md is out of date: run UPDATE_SECURITY_DOC=1 npx vitest run src/server/security/security-doc.test.ts',
    ).toBe(report);
  });
});
