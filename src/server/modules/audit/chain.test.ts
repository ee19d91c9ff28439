import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAIN_GENESIS } from '../../../shared/audit.ts';
import { openPglite } from '../../db/client.ts';
import { applyMigrations, migrationFiles } from '../../db/migrate.ts';
import { sql } from '../../db/sql.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import { logActivity } from '../activity/service.ts';
import { verifyChain } from './verify.ts';

/** The chain (migration 080, decision 042): links written at commit, tampering found at its row. */
describe('audit chain of the activity log', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  /** What an operator with database access does: the append-only guard off, the change, the guard back. */
  const tamper = async (statement: string, params: unknown[] = [], trigger = 'activity_logs_append_only') => {
    await ctx.db.query(`ALTER TABLE activity_logs DISABLE TRIGGER ${trigger}`);
    try {
      await ctx.db.query(statement, params);
    } finally {
      await ctx.db.query(`ALTER TABLE activity_logs ENABLE TRIGGER ${trigger}`);
    }
  };
  const row = (id: number) =>
    sql<{ id: number; chain_seq: number; prev_hash: string; row_hash: string }>(
      'SELECT id, chain_seq, prev_hash, row_hash FROM activity_logs WHERE id = $1',
    ).first(ctx.db, [id]) as Promise<{ id: number; chain_seq: number; prev_hash: string; row_hash: string }>;
  const log = (marker: string) =>
    ctx.db.tx(async (q) => {
      await logActivity(q, { type: 'settings_updated', details: { marker } });
      return (await sql<{ id: number }>(`SELECT id FROM activity_logs WHERE details ->> 'marker' = $1`).first(q, [marker]))?.id as number;
    });

  it('hashes a row over its canonical content and the previous hash (reference computed here, by hand)', async () => {
    const before = await verifyChain(ctx.db);
    expect(before.ok, JSON.stringify(before)).toBe(true);
    await ctx.db.query(
      `INSERT INTO activity_logs (activity_type, user_id, target_user_id, details, ip_address, created_at)
       VALUES ('user_login', NULL, 'a0000000-0000-4000-8000-000000000001', '{"b": "é", "a": 1}', '10.0.0.1', '2026-11-27T07:30:00.123456Z')`,
    );
    const r = await sql<{ id: number; chain_seq: number; prev_hash: string; row_hash: string }>(
      'SELECT id, chain_seq, prev_hash, row_hash FROM activity_logs ORDER BY chain_seq DESC LIMIT 1',
    ).first(ctx.db);
    if (!r) throw new Error('no row');
    expect(r.chain_seq).toBe(before.head.seq + 1);
    expect(r.prev_hash).toBe(before.head.hash);
    // The canonical text written out by hand: jsonb orders keys by length then bytes ("a" before
    // "b") with ", " and ": "; "é" is 2 UTF-8 bytes, so the details text (18 characters) is 19 bytes; the time in UTC.
    const id = String(r.id);
    const content = `v1|${id.length}:${id}|10:user_login|~|36:a0000000-0000-4000-8000-000000000001|19:{"a": 1, "b": "é"}|8:10.0.0.1|27:2026-11-27T07:30:00.123456Z`;
    expect(r.row_hash).toBe(createHash('sha256').update(`${before.head.hash}|${content}`).digest('hex'));
    const after = await verifyChain(ctx.db);
    expect(after).toMatchObject({ ok: true, firstBreak: null, head: { seq: r.chain_seq, hash: r.row_hash } });
  });

  it('the first row of a chain follows the genesis hash', async () => {
    const first = await sql<{ prev_hash: string }>('SELECT prev_hash FROM activity_logs WHERE chain_seq = 1').first(ctx.db);
    expect(first?.prev_hash).toBe(CHAIN_GENESIS);
  });

  it('refuses UPDATE and DELETE of a log row (append-only), and a rolled-back write leaves no gap', async () => {
    const id = await log('guard-1');
    await expect(ctx.db.query(`UPDATE activity_logs SET details = '{}' WHERE id = $1`, [id])).rejects.toThrow(/append-only/);
    await expect(ctx.db.query('DELETE FROM activity_logs WHERE id = $1', [id])).rejects.toThrow(/append-only/);
    await expect(
      ctx.db.tx(async (q) => {
        await logActivity(q, { type: 'settings_updated', details: { marker: 'rolled-back' } });
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
    await log('guard-2');
    expect((await verifyChain(ctx.db)).ok).toBe(true);
  });

  it('finds an altered row at that row, and a row whose hash was recomputed at the next row', async () => {
    const a = await log('alter-a');
    const b = await log('alter-b');
    await log('alter-c');
    const original = await row(a);
    await tamper(`UPDATE activity_logs SET details = '{"marker": "alter-a", "amount": "1000000"}' WHERE id = $1`, [a]);
    expect((await verifyChain(ctx.db)).firstBreak).toEqual({ kind: 'altered', seq: original.chain_seq, rowId: a });
    // The operator also recomputes that row's hash: the next row no longer follows it.
    await tamper(`UPDATE activity_logs a SET row_hash = audit_link_hash(a.prev_hash, activity_log_canonical(a)) WHERE id = $1`, [a]);
    expect((await verifyChain(ctx.db)).firstBreak).toEqual({ kind: 'link', seq: original.chain_seq + 1, rowId: b });
    await tamper(`UPDATE activity_logs SET details = '{"marker": "alter-a"}', row_hash = $2 WHERE id = $1`, [a, original.row_hash]);
    expect((await verifyChain(ctx.db)).ok).toBe(true);
  });

  /** A row as stored (the time to the microsecond: a Date keeps milliseconds), to put back exactly after a test deleted it. */
  const saveRow = async (id: number) => {
    const s = await sql<Record<string, unknown>>(
      `SELECT id, activity_type, user_id, target_user_id, details::text AS details, ip_address,
              to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at, chain_seq, prev_hash, row_hash
         FROM activity_logs WHERE id = $1`,
    ).first(ctx.db, [id]);
    if (!s) throw new Error(`no row ${id}`);
    return s;
  };
  const restoreRow = (s: Record<string, unknown>) =>
    tamper(
      `INSERT INTO activity_logs (id, activity_type, user_id, target_user_id, details, ip_address, created_at, chain_seq, prev_hash, row_hash)
       OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7::timestamptz, $8, $9, $10)`,
      [s.id, s.activity_type, s.user_id, s.target_user_id, s.details, s.ip_address, s.created_at, s.chain_seq, s.prev_hash, s.row_hash],
      'activity_logs_chain',
    );

  it('finds a deleted row at its position, and a deleted last row as a missing position', async () => {
    const a = await log('delete-a');
    const b = await log('delete-b');
    const savedA = await saveRow(a);
    await tamper('DELETE FROM activity_logs WHERE id = $1', [a]);
    expect((await verifyChain(ctx.db)).firstBreak).toEqual({ kind: 'missing', seq: savedA.chain_seq, rowId: b });
    await restoreRow(savedA);
    expect((await verifyChain(ctx.db)).ok).toBe(true);
    // The last row: nothing follows it, the head still names its position.
    const savedB = await saveRow(b);
    await tamper('DELETE FROM activity_logs WHERE id = $1', [b]);
    expect((await verifyChain(ctx.db)).firstBreak).toEqual({ kind: 'missing', seq: savedB.chain_seq, rowId: null });
    // Put back with a forged hash: found at that row.
    await restoreRow({ ...savedB, row_hash: 'f'.repeat(64) });
    expect((await verifyChain(ctx.db)).firstBreak).toEqual({ kind: 'altered', seq: savedB.chain_seq, rowId: b });
    await tamper('DELETE FROM activity_logs WHERE id = $1', [b]);
    await restoreRow(savedB);
    // The head rewritten to another hash (the tail cut and the head moved back would look the same).
    await ctx.db.query(`UPDATE audit_chain_heads SET hash = $1`, ['e'.repeat(64)]);
    expect((await verifyChain(ctx.db)).firstBreak).toEqual({ kind: 'head', seq: savedB.chain_seq, rowId: null });
    await ctx.db.query(`UPDATE audit_chain_heads SET hash = $1`, [savedB.row_hash]);
    expect((await verifyChain(ctx.db)).ok).toBe(true);
  });

  it('finds a row inserted around the chain (trigger off) by its id, and one slipped into the middle at the row after it', async () => {
    const ctx2 = ctx;
    ctx = await createTestContext();
    try {
      const a = await log('insert-a');
      const b = await log('insert-b');
      await tamper(
        `INSERT INTO activity_logs (activity_type, details) VALUES ('settings_updated', '{"marker": "forged"}')`,
        [],
        'activity_logs_chain',
      );
      const forged = (await sql<{ id: number }>(`SELECT id FROM activity_logs WHERE details ->> 'marker' = 'forged'`).first(ctx.db))?.id;
      expect((await verifyChain(ctx.db)).firstBreak).toEqual({ kind: 'unchained', seq: null, rowId: forged });
      // Slipped in between a and b: the forged row takes b's position and links to a; b and every
      // row after it move one on. The forged row is self-consistent, so the break is at b.
      const ra = await row(a);
      const rb = await row(b);
      await tamper('UPDATE activity_logs SET chain_seq = chain_seq + 1000000 WHERE chain_seq > $1', [ra.chain_seq]);
      await tamper('UPDATE activity_logs SET chain_seq = chain_seq - 999999 WHERE chain_seq > 1000000');
      await tamper(
        `UPDATE activity_logs a SET chain_seq = $2, prev_hash = $3, row_hash = audit_link_hash($3, activity_log_canonical(a)) WHERE id = $1`,
        [forged, ra.chain_seq + 1, ra.row_hash],
      );
      await tamper(`UPDATE audit_chain_heads SET seq = seq + 1`, [], 'activity_logs_chain');
      expect((await verifyChain(ctx.db)).firstBreak).toEqual({ kind: 'link', seq: rb.chain_seq + 1, rowId: b });
    } finally {
      await ctx.close();
      ctx = ctx2;
    }
  });

  it('50 parallel writers (one to three rows each) leave one unbroken chain', async () => {
    const before = await verifyChain(ctx.db);
    expect(before.ok).toBe(true);
    const writers = Array.from({ length: 50 }, (_, i) =>
      ctx.db.tx(async (q) => {
        for (let k = 0; k <= i % 3; k++) await logActivity(q, { type: 'settings_updated', details: { writer: i, k } });
      }),
    );
    // And 20 sign-in failures through the real app at the same time.
    const signIns = Array.from({ length: 20 }, (_, i) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: `nobody${i}@example.test`, password: 'wrong-password-1' },
      }),
    );
    await Promise.all([...writers, ...signIns]);
    // 50 writers of 1, 2, 3, 1, 2, 3, ... rows: 17 × 1 + 17 × 2 + 16 × 3 = 99.
    const written = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM activity_logs WHERE details ? 'writer'`).first(ctx.db);
    expect(written?.n).toBe(99);
    const after = await verifyChain(ctx.db);
    expect(after.ok, JSON.stringify(after.firstBreak)).toBe(true);
    const rows = await sql<{ n: number; max: number; distinct_prev: number }>(
      'SELECT count(*)::int AS n, max(chain_seq)::int AS max, count(DISTINCT prev_hash)::int AS distinct_prev FROM activity_logs',
    ).first(ctx.db);
    // No fork: every position once, every hash the predecessor of exactly one row.
    expect(rows).toEqual({ n: after.head.seq, max: after.head.seq, distinct_prev: after.head.seq });
    expect(after.head.seq).toBeGreaterThanOrEqual(before.head.seq + 99 + 20);
  });

  it('the migration chains the rows already there in id order, and later writes continue the chain', async () => {
    const db = await openPglite();
    try {
      const files = await migrationFiles();
      const at = files.indexOf('080_audit_chain.sql');
      await db.tx((q) => applyMigrations(q, files.slice(0, at)));
      await db.query(
        `INSERT INTO activity_logs (activity_type, details, created_at)
         SELECT 'user_login', jsonb_build_object('n', g), now() - (g || ' minutes')::interval FROM generate_series(1, 30) g`,
      );
      await db.tx((q) => applyMigrations(q, files.slice(at)));
      const rows = await sql<{ id: number; chain_seq: number }>('SELECT id, chain_seq FROM activity_logs ORDER BY id').all(db);
      expect(rows.map((r) => r.chain_seq)).toEqual(rows.map((_, i) => i + 1));
      await db.tx((q) => logActivity(q, { type: 'settings_updated' }));
      const v = await verifyChain(db);
      expect([v.ok, v.checked, v.head.seq]).toEqual([true, 31, 31]);
    } finally {
      await db.close();
    }
  });
});
