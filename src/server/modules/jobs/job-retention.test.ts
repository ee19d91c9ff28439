import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINISHED_JOB_RETENTION_DAYS } from '../../../shared/jobs.ts';
import { sql } from '../../db/sql.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import { SWEEP_BATCH, sweepFinishedJobs } from './repository.ts';

/**
 * Finished jobs leave the table FINISHED_JOB_RETENTION_DAYS after they finished (decision 059), on
 * the engine under test (PGlite, or PostgreSQL with TEST_DB=postgres). The clock is injected: the
 * sweep is told "now", and the rows are written with times relative to it.
 */
describe('retention of finished jobs', () => {
  let ctx: TestContext;
  // The injected clock: a fixed instant, far from the real one (nothing the harness wrote is near it).
  const NOW = new Date('2031-03-15T08:00:00.000Z');
  const DAY = 86_400_000;
  const ago = (days: number, ms = 0) => new Date(NOW.getTime() - days * DAY - ms);

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  const insert = (status: string, finishedAt: Date | null, extra: { createdAt?: Date; lockedUntil?: Date } = {}) =>
    sql<{ id: string }>(
      `INSERT INTO jobs (kind, status, finished_at, created_at, locked_by, locked_until)
       VALUES ('storage-sweep', $1, $2, $3, $4, $5) RETURNING id`,
    )
      .first(ctx.db, [
        status,
        finishedAt,
        extra.createdAt ?? finishedAt ?? NOW,
        status === 'running' ? 'some-server' : null,
        status === 'running' ? (extra.lockedUntil ?? ago(300)) : null,
      ])
      .then((r) => r?.id as string);
  const remaining = async (ids: string[]) =>
    (await sql<{ id: string }>('SELECT id FROM jobs WHERE id = ANY($1::uuid[])').all(ctx.db, [ids])).map((r) => r.id).sort();

  it('removes done and failed jobs past the retention, and never a queued or running one, however old', async () => {
    // The retention is a real period, not a typo'd short one (decision 059: two quarters of runs).
    expect(FINISHED_JOB_RETENTION_DAYS).toBeGreaterThanOrEqual(180);
    const N = FINISHED_JOB_RETENTION_DAYS;
    const oldDone = await insert('done', ago(N, 1));
    const oldFailed = await insert('failed', ago(N + 400));
    // Exactly at the limit, and a day inside it: kept.
    const atLimit = await insert('done', ago(N));
    const recentFailed = await insert('failed', ago(N - 1));
    // A periodic kind's row waits for its next run with the time of its last one: never removed.
    const periodic = await insert('queued', ago(N + 1000), { createdAt: ago(N + 2000) });
    const queued = await insert('queued', null, { createdAt: ago(N + 50) });
    // Running for ages with an expired lease (its server died): another server takes it over; kept.
    const running = await insert('running', null, { createdAt: ago(N + 50) });
    const all = [oldDone, oldFailed, atLimit, recentFailed, periodic, queued, running];

    // Reference: the two rows written past the limit (oldDone, oldFailed), counted by hand.
    expect(await sweepFinishedJobs(ctx.db, NOW)).toBe(2);
    expect(await remaining(all)).toEqual([atLimit, recentFailed, periodic, queued, running].sort());
    // Again: nothing more.
    expect(await sweepFinishedJobs(ctx.db, NOW)).toBe(0);
    // A day later the row at the limit and (two days later) the recent failure go; the rest stays.
    expect(await sweepFinishedJobs(ctx.db, new Date(NOW.getTime() + DAY))).toBe(1);
    expect(await sweepFinishedJobs(ctx.db, new Date(NOW.getTime() + 2 * DAY))).toBe(1);
    expect(await remaining(all)).toEqual([periodic, queued, running].sort());
    await ctx.db.query('DELETE FROM jobs WHERE id = ANY($1::uuid[])', [all]);
  });

  it('a statement that named a removed run keeps its document, with the run as NULL', async () => {
    const job = await insert('done', ago(FINISHED_JOB_RETENTION_DAYS + 1));
    const doc = await sql<{ id: string }>(
      `INSERT INTO documents (name, type, file_path, extension, mime_type, file_size, byte_size, sha256, statement_job_id)
       VALUES ('Capital account statement', 'Other', 'x/retention.pdf', 'pdf', 'application/pdf', '1 KB', 1024, repeat('a', 64), $1)
       RETURNING id`,
    ).first(ctx.db, [job]);
    expect(await sweepFinishedJobs(ctx.db, NOW)).toBe(1);
    const kept = await sql<{ statement_job_id: string | null }>('SELECT statement_job_id FROM documents WHERE id = $1').first(ctx.db, [
      doc?.id,
    ]);
    expect(kept).toEqual({ statement_job_id: null });
  });

  it('twenty sweeps at once remove each old row once, in batches, and leave the others', async () => {
    // More than two batches, so that sweeps meet in the middle of a backlog.
    const OLD = SWEEP_BATCH * 2 + 37;
    await ctx.db.query(
      `INSERT INTO jobs (kind, status, finished_at, created_at)
       SELECT 'screening-investor', CASE WHEN i % 3 = 0 THEN 'failed' ELSE 'done' END,
              $1::timestamptz - i * interval '1 second', $1::timestamptz - i * interval '1 second'
         FROM generate_series(1, $2::int) AS i`,
      [ago(FINISHED_JOB_RETENTION_DAYS + 3), OLD],
    );
    const keep = [await insert('done', ago(2)), await insert('queued', null, { createdAt: ago(900) })];
    const counts = await Promise.all(Array.from({ length: 20 }, () => sweepFinishedJobs(ctx.db, NOW)));
    // Each of the OLD rows counted by exactly one sweep: the counts add up to OLD, no more.
    expect(counts.reduce((a, b) => a + b, 0)).toBe(OLD);
    const left = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE kind = 'screening-investor'`).first(ctx.db);
    expect(left?.n).toBe(0);
    expect(await remaining(keep)).toEqual([...keep].sort());
  });
});
