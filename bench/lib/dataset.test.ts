import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/server/db/client.ts';
import { sql } from '../../src/server/db/sql.ts';
import { logActivity } from '../../src/server/modules/activity/service.ts';
import { verifyChain } from '../../src/server/modules/audit/verify.ts';
import { createTestContext, createUser, type TestContext } from '../../src/server/testing/harness.ts';
import { ACTIVITY_BATCH, appendActivity, growTo } from './dataset.ts';

/**
 * The benchmarks' data generator (bench/lib/dataset.ts) writes the activity log in bulk: its rows
 * must form a valid audit chain (decision 042) with the rows the product logs before, during and
 * after it, exactly as if each had gone through the chain's trigger.
 */
describe('bench data generator and the audit chain', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const log = (marker: string) => ctx.db.tx((q) => logActivity(q, { type: 'settings_updated', details: { marker } }));

  it('leaves a valid chain, links bulk rows like the trigger, and the trigger chains what comes after', async () => {
    const admin = await createUser(ctx, { role: 'admin' });
    await log('before');
    const before = await verifyChain(ctx.db);
    expect(before.ok, JSON.stringify(before)).toBe(true);

    // 700 rows in batches of 256 (three transactions) while 20 writes log through the trigger at
    // the same time (on PostgreSQL on their own connections: they wait for the head at commit).
    const grow = growTo(ctx.db, { deals: 30, users: 20, activity: 700, documents: 10 }, admin.id, () => {}, 256);
    await Promise.all([grow, ...Array.from({ length: 20 }, (_, i) => log(`during-${i}`))]);
    await log('after');

    const after = await verifyChain(ctx.db);
    expect(after.ok, JSON.stringify(after.firstBreak)).toBe(true);
    // Reference: 700 generated + 20 during + 1 after, counted here.
    expect(after.head.seq).toBe(before.head.seq + 721);
    expect(after.checked).toBe(after.head.seq);
    const counts = await sql<{ bench: number; unchained: number; mismatched: number; last_marker: string | null }>(
      `SELECT (SELECT count(*) FROM activity_logs WHERE details ? 'bench')::int AS bench,
              (SELECT count(*) FROM activity_logs WHERE chain_seq IS NULL)::int AS unchained,
              -- The chain's own SQL functions (migration 080) agree with every generated link.
              (SELECT count(*) FROM activity_logs a
                WHERE details ? 'bench' AND row_hash IS DISTINCT FROM audit_link_hash(prev_hash, activity_log_canonical(a)))::int AS mismatched,
              (SELECT details ->> 'marker' FROM activity_logs ORDER BY chain_seq DESC LIMIT 1) AS last_marker`,
    ).first(ctx.db);
    expect(counts).toEqual({ bench: 700, unchained: 0, mismatched: 0, last_marker: 'after' });
    // The chain trigger is back on: a row inserted by plain SQL is chained at commit.
    await ctx.db.query(`INSERT INTO activity_logs (activity_type, details) VALUES ('settings_updated', '{"marker": "plain"}')`);
    const plain = await sql<{ chain_seq: string | null }>(
      `SELECT chain_seq::text AS chain_seq FROM activity_logs WHERE details ->> 'marker' = 'plain'`,
    ).first(ctx.db);
    expect(plain?.chain_seq).toBe(String(after.head.seq + 1));
    expect((await verifyChain(ctx.db)).ok).toBe(true);
  });

  it('grows incrementally: a second call adds only the missing rows, continuing the chain', async () => {
    const admin = await createUser(ctx, { role: 'admin' });
    const head = (await verifyChain(ctx.db)).head.seq;
    await growTo(ctx.db, { deals: 30, users: 20, activity: 1000, documents: 10 }, admin.id);
    const v = await verifyChain(ctx.db);
    expect(v.ok, JSON.stringify(v.firstBreak)).toBe(true);
    // 300 more than the 700 of the first test, in one batch (ACTIVITY_BATCH is larger).
    expect(ACTIVITY_BATCH).toBeGreaterThan(300);
    expect(v.head.seq).toBe(head + 300);
  });

  it('links a batch with one head update and no row rewritten (the trigger would update both once per row)', async () => {
    const have = Number(
      (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM activity_logs WHERE details ? 'bench'`).first(ctx.db))?.n,
    );
    // pg_stat_xact_* also holds earlier transactions' counts not yet flushed (at most once a
    // second, when the connection is idle): the difference within one transaction is exact.
    const counts = (q: Queryable) =>
      sql<{ relname: string; ins: number; upd: number }>(
        `SELECT relname, n_tup_ins::int AS ins, n_tup_upd::int AS upd FROM pg_stat_xact_user_tables
          WHERE relname IN ('activity_logs', 'audit_chain_heads') ORDER BY relname`,
      ).all(q);
    const stats = await ctx.db.tx(async (q) => {
      const before = await counts(q);
      await appendActivity(q, have + 1, have + 2000, have + 2000);
      // Fires now whatever chain trigger events are pending (they would fire at commit otherwise).
      await q.query('SET CONSTRAINTS ALL IMMEDIATE');
      const after = await counts(q);
      return after.map((a) => {
        const b = before.find((x) => x.relname === a.relname);
        return { relname: a.relname, ins: a.ins - (b?.ins ?? 0), upd: a.upd - (b?.upd ?? 0) };
      });
    });
    // Reference: 2,000 rows inserted with their links; the head moved once.
    expect(stats).toEqual([
      { relname: 'activity_logs', ins: 2000, upd: 0 },
      { relname: 'audit_chain_heads', ins: 0, upd: 1 },
    ]);
    const v = await verifyChain(ctx.db);
    expect(v.ok, JSON.stringify(v.firstBreak)).toBe(true);
  });
});
