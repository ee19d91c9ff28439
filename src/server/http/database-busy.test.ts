// A request that finds every PostgreSQL connection busy for the pool's acquire timeout (the
// product's 5 s) is refused with a 503, a message and Retry-After, not a 500; once a connection
// is free the same request succeeds. PostgreSQL only (PGlite has one connection and no pool).
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { POOL_ACQUIRE_TIMEOUT_MS } from '../db/client.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../testing/harness.ts';
import { DATABASE_BUSY_MESSAGE } from './errors.ts';

describe.runIf(inject('postgresUrl'))('every database connection busy', () => {
  let ctx: TestContext;
  let cookie: string;

  beforeAll(async () => {
    ctx = await createTestContext({}, { poolAcquireTimeoutMs: POOL_ACQUIRE_TIMEOUT_MS });
    const admin = await createUser(ctx, { role: 'admin' });
    cookie = await signIn(ctx, admin.email, admin.password);
  });
  afterAll(async () => ctx?.close());

  it('answers 503 with a message and Retry-After after the acquire timeout, and 200 once a connection is free', async () => {
    const pool = (ctx.db as unknown as { pool: pg.Pool }).pool;
    // Every connection of the pool (5 in the harness) held by someone else.
    const held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    let busy: Awaited<ReturnType<typeof ctx.app.inject>>;
    const started = Date.now();
    try {
      busy = await ctx.app.inject({
        method: 'POST',
        url: '/api/deals',
        headers: { cookie },
        payload: { title: 'Busy deal', type: 'Infrastructure' },
      });
    } finally {
      for (const c of held) c.release();
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(POOL_ACQUIRE_TIMEOUT_MS - 50);
    expect(busy.statusCode, busy.body).toBe(503);
    expect(busy.json()).toEqual({ message: DATABASE_BUSY_MESSAGE, code: 'DATABASE_BUSY' });
    expect(busy.headers['retry-after']).toBe('1');
    const rows = (await ctx.db.query("SELECT count(*)::int AS n FROM deals WHERE title = 'Busy deal'")) as { n: number }[];
    expect(rows[0]?.n).toBe(0);

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/deals',
      headers: { cookie },
      payload: { title: 'Busy deal', type: 'Infrastructure' },
    });
    expect(again.statusCode, again.body).toBe(201);
  }, 30_000);
});
