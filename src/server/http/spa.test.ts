import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';

describe('the SPA fallback', () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let webDir: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    webDir = await mkdtemp(path.join(os.tmpdir(), 'sd-spa-'));
    await writeFile(
      path.join(webDir, 'index.html'),
      '<!doctype html><html><head><meta charset="UTF-8" /><title>x</title></head><body><div id="root"></div></body></html>',
    );
    // pdf.js's worker as the build emits it (decision record 056): a module script in assets/.
    await mkdir(path.join(webDir, 'assets'));
    await writeFile(path.join(webDir, 'assets', 'pdf.worker.min-Abc123.mjs'), 'self.onmessage = () => {};\n');
    app = await buildApp(ctx, { webDir });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('answers a page of the app with 200 and an unknown path with 404, the same page both times', async () => {
    for (const url of ['/login', '/admin', '/admin/deals', '/admin/deals/5d3c7e', '/investor/subscriptions?x=1', '/investor/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    for (const url of ['/no-such-page', '/admin/nope', '/investor/deals/1/2', '/some/deeply/missing/path?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    expect((await app.inject({ method: 'GET', url: '/api/nope' })).json()).toEqual({ message: 'Not found' });
  });

  it("serves pdf.js's worker from our origin as JavaScript, and the CSP lets it start without eval or blob: (decision record 056)", async () => {
    expect((await app.inject({ method: 'GET', url: '/admin/deals/5d3c7e/subscription-pack' })).statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: '/assets/pdf.worker.min-Abc123.mjs' });
    expect(res.statusCode).toBe(200);
    // A module worker starts only from a JavaScript MIME type.
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    const csp = String(res.headers['content-security-policy']);
    // No worker-src or child-src: workers fall back to script-src, which is our origin alone.
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/worker-src|child-src/);
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(csp).not.toMatch(/script-src[^;]*blob:/);
  });
});
