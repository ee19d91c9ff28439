import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import { HEALTH_CHECK_TTL_MS } from './routes.ts';

describe('GET /api/health', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answers 200 with the version and the database state', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: true, version: expect.any(String) });
  });

  it('checks the database at most once a second, so a down database shows within a second', async () => {
    const other = await createTestContext();
    expect((await other.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await other.db.close();
    // Within the TTL the last check answers; after it, the failure shows.
    expect((await other.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, HEALTH_CHECK_TTL_MS + 50));
    const res = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', database: false });
    await other.app.close();
  });

  it('answers 503 when the database does not answer', async () => {
    const other = await createTestContext();
    await other.db.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ database: false });
    await other.app.close();
  });
});
