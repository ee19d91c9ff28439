import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../testing/api-client.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { REPO_ROOT } from '../../testing/server-process.ts';

const run = promisify(execFile);

/** The ```sh blocks of docs/api.md, as written. */
const examples = [...readFileSync(path.join(REPO_ROOT, 'docs/api.md'), 'utf8').matchAll(/```sh\n([\s\S]*?)```/g)].map((m) =>
  String(m[1]).trim(),
);

/**
 * docs/api.md's curl examples run as written against the real app listening on loopback, with
 * real tokens (issue 34: a guide whose examples CI runs). Each must exit 0 and print JSON.
 */
describe('docs/api.md examples', () => {
  let ctx: TestContext;
  const env: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await createTestContext();
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const investor = await createUser(ctx, { role: 'investor', investorUserType: 'hni' });
    const admin = await createUser(ctx, { role: 'admin', adminUserType: 'cio' });
    const token = await callApi(ctx.app, 'POST /api/me/tokens', {
      cookie: await signIn(ctx, investor.email, investor.password),
      body: { name: 'Docs' },
    });
    const adminToken = await callApi(ctx.app, 'POST /api/me/tokens', {
      cookie: await signIn(ctx, admin.email, admin.password),
      body: { name: 'Docs', scopes: ['deals:read', 'ledger:read'] },
    });
    Object.assign(env, { BASE: address, TOKEN: token.json.secret, ADMIN_TOKEN: adminToken.json.secret, INVESTOR_ID: investor.id });
  });
  afterAll(() => ctx.close());

  it('has examples', () => {
    expect(examples.length).toBeGreaterThanOrEqual(5);
  });

  it.each(examples.map((e, i) => [i + 1, e]))('example %i runs and prints JSON', async (_n, script) => {
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', String(script)], { env: { ...process.env, ...env }, timeout: 20_000 });
    expect(() => JSON.parse(stdout)).not.toThrow();
  });
});
