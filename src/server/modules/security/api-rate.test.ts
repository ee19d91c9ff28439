import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../db/sql.ts';
import { createTestContext, createUser, type TestContext } from '../../testing/harness.ts';
import { ApiRateCounter } from './api-rate.ts';

const HOUR = 3_600_000;

describe('API rate counter (per user and clock hour, counted in memory, shared through the database)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const shared = async (userId: string) =>
    (await sql<{ count: number }>('SELECT count FROM api_rate_counters WHERE user_id = $1').all(ctx.db, [userId])).map((r) =>
      Number(r.count),
    );

  it('on one instance the limit is exact under 60 parallel requests, and only the first request of the hour writes', async () => {
    const u = await createUser(ctx);
    const counter = new ApiRateCounter(ctx.db, 0); // no timed flush: every write is visible here
    const now = Date.now();
    const res = await Promise.all(Array.from({ length: 60 }, () => counter.count(u.id, 25, now)));
    expect(res.filter((r) => r === null)).toHaveLength(25);
    const over = res.filter((r) => r !== null);
    expect(over).toHaveLength(35);
    expect(over[0]?.retryAfter).toBeGreaterThan(0);
    expect(over[0]?.retryAfter).toBeLessThanOrEqual(3600);
    // One write so far (the first request); the other 59 are in memory until a flush.
    expect(await shared(u.id)).toEqual([1]);
    await counter.flush();
    expect(await shared(u.id)).toEqual([60]);
  });

  it('requests counted while a flush is writing still count: the limit stays exact', async () => {
    const u = await createUser(ctx);
    const counter = new ApiRateCounter(ctx.db, 0);
    const now = Date.now();
    for (let i = 0; i < 8; i++) expect(await counter.count(u.id, 10, now)).toBeNull();
    const flushing = counter.flush(); // 7 counted in memory go to the shared row now
    const during = await Promise.all(Array.from({ length: 5 }, () => counter.count(u.id, 10, now)));
    await flushing;
    expect(during.filter((r) => r === null)).toHaveLength(2);
    await counter.flush();
    expect(await shared(u.id)).toEqual([13]);
  });

  it("a second instance sees the first one's requests after its flush; together they stop at the limit", async () => {
    const u = await createUser(ctx);
    const a = new ApiRateCounter(ctx.db, 0);
    const b = new ApiRateCounter(ctx.db, 0);
    const now = Date.now();
    const fromA = await Promise.all(Array.from({ length: 15 }, () => a.count(u.id, 20, now)));
    expect(fromA.every((r) => r === null)).toBe(true);
    await a.flush();
    const fromB = await Promise.all(Array.from({ length: 10 }, () => b.count(u.id, 20, now)));
    expect(fromB.filter((r) => r === null)).toHaveLength(5);
    await b.close();
    expect(await shared(u.id)).toEqual([25]);
    // A learns of B's requests at its next write: until then it counts on its own view.
    expect(await a.count(u.id, 20, now)).toBeNull();
    await a.flush();
    expect(await shared(u.id)).toEqual([26]);
    expect(await a.count(u.id, 20, now)).not.toBeNull();
  });

  it('starts again in the next clock hour; close writes what is still in memory', async () => {
    const u = await createUser(ctx);
    const counter = new ApiRateCounter(ctx.db, 0);
    const hour = Math.floor(Date.now() / HOUR) * HOUR;
    for (let i = 0; i < 3; i++) expect(await counter.count(u.id, 3, hour + 1000)).toBeNull();
    expect(await counter.count(u.id, 3, hour + 2000)).not.toBeNull();
    expect(await counter.count(u.id, 3, hour + HOUR + 1000)).toBeNull();
    await counter.close();
    const rows = await sql<{ count: number; hour: string }>(
      `SELECT count, to_char(window_start AT TIME ZONE 'UTC', 'HH24') AS hour FROM api_rate_counters WHERE user_id = $1 ORDER BY window_start`,
    ).all(ctx.db, [u.id]);
    expect(rows.map((r) => Number(r.count))).toEqual([4, 1]);
    expect(rows[1]?.hour).toBe(new Date(hour + HOUR).toISOString().slice(11, 13));
  });
});
