import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_ERROR_KEYS, type JobList, type JobView, jobErrorMessage, jobOutcome } from '../../../shared/jobs.ts';
import { sql } from '../../db/sql.ts';
import { translator } from '../../i18n.ts';
import { callApi } from '../../testing/api-client.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { claimNext, insertJob } from './repository.ts';
import { JobFailure, JobReleased, JobRunner, retryDelayMs } from './runner.ts';

/**
 * Durable jobs (decision 041) on the engine under test (PGlite, or PostgreSQL with
 * TEST_DB=postgres): claims never hand one job to two workers, an expired lease is taken over
 * and the job resumes from its stored progress, failures are retried with backoff and then
 * failed, and the admin lists jobs and retries a failed one.
 */
describe('durable background jobs', () => {
  let ctx: TestContext;
  let adminCookie: string;
  let adminId: string;
  let investorCookie: string;
  const runners: JobRunner[] = [];

  const until = async (check: () => Promise<boolean>, ms = 20_000) => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out');
      await sleep(25);
    }
  };
  const jobRow = (id: string) =>
    sql<{
      status: string;
      attempts: number;
      error: string | null;
      progress: Record<string, unknown>;
      run_at: Date;
      locked_by: string | null;
    }>('SELECT status, attempts, error, progress, run_at, locked_by FROM jobs WHERE id = $1').first(ctx.db, [id]);

  beforeAll(async () => {
    ctx = await createTestContext();
    const admin = await createUser(ctx, { role: 'admin', name: 'Jobs Admin' });
    adminId = admin.id;
    adminCookie = await signIn(ctx, admin.email, admin.password);
    const investor = await createUser(ctx, { role: 'investor' });
    investorCookie = await signIn(ctx, investor.email, investor.password);
  });
  afterAll(async () => {
    for (const r of runners) await r.stop(100);
    await ctx?.close();
  });

  it('dozens of parallel claims never hand one job to two workers', async () => {
    // 60 jobs; 40 claims at once, then everyone claims until nothing is left.
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) ids.push((await insertJob(ctx.db, { kind: 'storage-sweep' })) as string);
    const claimed: string[] = [];
    await Promise.all(
      Array.from({ length: 40 }, async (_, w) => {
        for (;;) {
          const job = await claimNext(ctx.db, `claimer-${w}`, 60_000, ['storage-sweep']);
          if (!job) return;
          claimed.push(job.id);
        }
      }),
    );
    // Every job claimed exactly once: 60 claims, 60 distinct ids, the same set as queued.
    expect(claimed).toHaveLength(60);
    expect(new Set(claimed).size).toBe(60);
    expect([...claimed].sort()).toEqual([...ids].sort());
    const rows = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs WHERE status = 'running' AND attempts = 1 AND id = ANY($1::uuid[])`,
    ).first(ctx.db, [ids]);
    expect(rows?.n).toBe(60);
    await ctx.db.query(`DELETE FROM jobs WHERE kind = 'storage-sweep'`);
  });

  it('twelve runners on one database run each of 48 jobs exactly once', async () => {
    const ran = new Map<string, number>();
    const kindRunners = Array.from({ length: 12 }, (_, i) => {
      const r = new JobRunner(
        ctx.db,
        {
          'daily-notices': {
            handler: async (job) => {
              ran.set(job.id, (ran.get(job.id) ?? 0) + 1);
              await sleep(5);
              return jobOutcome('noticesChecked');
            },
          },
        },
        { workerId: `runner-${i}`, pollMs: 20, concurrency: 3 },
      );
      runners.push(r);
      return r;
    });
    const ids: string[] = [];
    for (let i = 0; i < 48; i++) ids.push((await insertJob(ctx.db, { kind: 'daily-notices' })) as string);
    await Promise.all(kindRunners.map((r) => r.start()));
    await until(
      async () =>
        (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE kind = 'daily-notices' AND status = 'done'`).first(ctx.db))
          ?.n === 48,
    );
    for (const r of kindRunners) await r.stop(100);
    expect(ran.size).toBe(48);
    expect([...ran.values()].every((n) => n === 1)).toBe(true);
    await ctx.db.query(`DELETE FROM jobs WHERE kind = 'daily-notices'`);
  });

  it('a job whose worker died is taken over once its lease expires, and resumes from its stored progress', async () => {
    const id = (await insertJob(ctx.db, { kind: 'email-outbox', progress: { total: 10, done: 0, failed: 0 } })) as string;
    // The "dead" worker claims it with a short lease, stores progress 4 of 10, then never renews.
    const dead = await claimNext(ctx.db, 'dead-worker', 300, ['email-outbox']);
    expect(dead?.id).toBe(id);
    await ctx.db.query(`UPDATE jobs SET progress = '{"total":10,"done":4,"failed":0}'::jsonb WHERE id = $1`, [id]);
    let resumedFrom: unknown = null;
    const survivor = new JobRunner(
      ctx.db,
      {
        'email-outbox': {
          handler: async (job) => {
            resumedFrom = job.progress.done;
            await job.save({ total: 10, done: 10, failed: 0 });
            return jobOutcome('emailsAttempted', { emails: 10 });
          },
        },
      },
      { workerId: 'survivor', pollMs: 50 },
    );
    runners.push(survivor);
    await survivor.start();
    // Not before the lease has expired.
    expect((await jobRow(id))?.locked_by).toBe('dead-worker');
    await until(async () => (await jobRow(id))?.status === 'done');
    await survivor.stop(100);
    expect(resumedFrom).toBe(4);
    const row = await jobRow(id);
    expect(row?.attempts).toBe(2);
    expect(row?.progress).toEqual({ total: 10, done: 10, failed: 0 });
    // The dead worker, were it to wake up, can no longer write: its lease is gone.
    expect(
      (await ctx.db.query(`UPDATE jobs SET progress = '{}'::jsonb WHERE id = $1 AND locked_by = 'dead-worker' RETURNING id`, [id])).length,
    ).toBe(0);
  });

  it('a failing job is retried with exponential backoff, then failed; the admin sees it and retries it', async () => {
    // Backoff: 5 s after the first failure, doubling (5, 10, 20 ...), at most 10 minutes.
    expect([1, 2, 3, 4, 20].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000, 600_000]);
    let calls = 0;
    let failNext = true;
    const runner = new JobRunner(
      ctx.db,
      {
        'storage-sweep': {
          handler: async () => {
            calls++;
            if (failNext) throw new Error(`Disk unavailable (attempt ${calls})`);
            return jobOutcome('storageSwept', { temp: 0, orphans: 0, missing: 0, jobs: 0 });
          },
        },
      },
      { workerId: 'retrier', pollMs: 30 },
    );
    runners.push(runner);
    const id = (await insertJob(ctx.db, { kind: 'storage-sweep', maxAttempts: 2, createdBy: adminId })) as string;
    await runner.start();
    await until(async () => (await jobRow(id))?.attempts === 1 && (await jobRow(id))?.status === 'queued');
    const afterFirst = await jobRow(id);
    expect(afterFirst?.error).toBe('Disk unavailable (attempt 1)');
    // Waiting about 5 s: not run again meanwhile.
    const wait = new Date(afterFirst?.run_at as Date).getTime() - Date.now();
    expect(wait).toBeGreaterThan(3_500);
    expect(wait).toBeLessThanOrEqual(5_000);
    await sleep(100);
    expect(calls).toBe(1);
    // Time passes (the retry becomes due now): the second and last attempt fails for good.
    await ctx.db.query('UPDATE jobs SET run_at = now() WHERE id = $1', [id]);
    await until(async () => (await jobRow(id))?.status === 'failed');
    expect(calls).toBe(2);

    // The admin's list shows it, failed, with its error and who started it.
    const list = await callApi(ctx.app, 'GET /api/jobs', { cookie: adminCookie });
    expect(list.status).toBe(200);
    const shown = (list.json as JobList).jobs.find((j) => j.id === id) as JobView;
    expect(shown).toMatchObject({
      kind: 'storage-sweep',
      status: 'failed',
      // A handler's own exception: its text kept as written, the message the generic `unexpected`.
      error: 'Disk unavailable (attempt 2)',
      errorMessage: { key: 'unexpected', values: {} },
      attempts: 2,
      maxAttempts: 2,
      startedBy: { id: adminId, name: 'Jobs Admin' },
    });
    const failedOnly = await callApi(ctx.app, 'GET /api/jobs', { cookie: adminCookie, query: { status: 'failed' } });
    expect((failedOnly.json as JobList).jobs.every((j) => j.status === 'failed')).toBe(true);

    failNext = false;
    const retried = await callApi(ctx.app, 'POST /api/jobs/:id/retry', { cookie: adminCookie, params: { id } });
    expect(retried.status).toBe(200);
    expect(retried.json.job).toMatchObject({ id, status: 'queued', attempts: 0, error: null });
    await until(async () => (await jobRow(id))?.status === 'done');
    expect(calls).toBe(3);
    // The outcome is a catalogue message with its numbers (decision 059), and its English sentence.
    const finished = (await callApi(ctx.app, 'GET /api/jobs', { cookie: adminCookie })).json as JobList;
    expect(finished.jobs.find((j) => j.id === id)).toMatchObject({
      status: 'done',
      resultMessage: { key: 'storageSwept', values: { temp: 0, orphans: 0, missing: 0, jobs: 0 } },
      result: '0 unfinished upload(s) and 0 orphaned file(s) removed, 0 missing, 0 finished job(s) removed',
    });
    const logged = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM activity_logs WHERE activity_type = 'job_retried' AND details->>'jobId' = $1`,
    ).first(ctx.db, [id]);
    expect(logged?.n).toBe(1);

    // Done now: a second retry is refused, as is an unknown job.
    const again = await callApi(ctx.app, 'POST /api/jobs/:id/retry', { cookie: adminCookie, params: { id } });
    expect(again.status).toBe(409);
    expect(again.res.json().message).toBe('Only a failed job can be retried');
    const unknown = await callApi(ctx.app, 'POST /api/jobs/:id/retry', {
      cookie: adminCookie,
      params: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
    expect((await callApi(ctx.app, 'POST /api/jobs/:id/retry', { cookie: adminCookie, params: { id: 'not-a-uuid' } })).status).toBe(400);
    await runner.stop(100);
  });

  it('a failed job whose kind is already queued again cannot be retried (one at a time)', async () => {
    // Not due (run_at in an hour): this server's own runner leaves them alone.
    const later = new Date(Date.now() + 3_600_000);
    const failed = (await insertJob(ctx.db, { kind: 'statement-run', singletonKey: 'test-one-at-a-time', runAt: later })) as string;
    await ctx.db.query(`UPDATE jobs SET status = 'failed', finished_at = now(), error = 'x' WHERE id = $1`, [failed]);
    const queued = await insertJob(ctx.db, { kind: 'statement-run', singletonKey: 'test-one-at-a-time', runAt: later });
    expect(queued).not.toBeNull();
    // A second queued one with the same key is refused by the database.
    expect(await insertJob(ctx.db, { kind: 'statement-run', singletonKey: 'test-one-at-a-time', runAt: later })).toBeNull();
    const res = await callApi(ctx.app, 'POST /api/jobs/:id/retry', { cookie: adminCookie, params: { id: failed } });
    expect(res.status).toBe(409);
    expect(res.res.json().message).toBe('A job of this kind is already queued or running');
    expect((await jobRow(failed))?.status).toBe('failed');
    // The runner's own failure texts are known messages; a row from before keeps its English result.
    await ctx.db.query(
      `UPDATE jobs SET error = 'Gave up after 3 attempts', result = to_jsonb('7 of 7 statements generated'::text) WHERE id = $1`,
      [failed],
    );
    const shownOf = async () =>
      ((await callApi(ctx.app, 'GET /api/jobs', { cookie: adminCookie })).json as JobList).jobs.find((j) => j.id === failed);
    expect(await shownOf()).toMatchObject({
      error: 'Gave up after 3 attempts',
      errorMessage: { key: 'gaveUp', values: { attempts: 3 } },
      result: '7 of 7 statements generated',
      resultMessage: null,
    });
    // A JobFailure (a refusal on purpose) is stored as its English text and read back as its key.
    const noHandler = new JobFailure('noHandler', {}, 'statement-run');
    expect(noHandler.message).toBe('No handler for jobs of kind statement-run');
    await ctx.db.query('UPDATE jobs SET error = $2 WHERE id = $1', [failed, noHandler.message]);
    expect(await shownOf()).toMatchObject({ error: noHandler.message, errorMessage: { key: 'noHandler', values: {} } });
    expect(jobErrorMessage(new JobFailure('gaveUp', { attempts: 12 }).message)).toEqual({ key: 'gaveUp', values: { attempts: 12 } });
    // Every failure has its sentence in both languages; `unexpected` names the reference (the job's id).
    for (const language of ['en', 'ar'] as const) {
      const t = translator(language, 'jobs');
      for (const key of JOB_ERROR_KEYS) expect(t(`error.${key}`, { attempts: 3, reference: 'R' })).not.toBe(`error.${key}`);
      expect(t('error.unexpected', { reference: failed })).toContain(failed);
    }
    await ctx.db.query(`DELETE FROM jobs WHERE singleton_key = 'test-one-at-a-time'`);
  });

  it('a stopping server gives its running job back at once, without counting the attempt', async () => {
    let started = false;
    const runner = new JobRunner(
      ctx.db,
      {
        'daily-notices': {
          handler: async (job) => {
            started = true;
            await job.save({ total: 3, done: 1, failed: 0 });
            await new Promise((resolve) => job.signal.addEventListener('abort', resolve));
            throw job.signal.reason;
          },
        },
      },
      { workerId: 'stopping', pollMs: 30 },
    );
    const id = (await insertJob(ctx.db, { kind: 'daily-notices' })) as string;
    await runner.start();
    await until(async () => started);
    // The grace is an upper bound (the release is written as soon as the handler gives up): 2 s was
    // once too short on a loaded CI machine.
    await runner.stop(10_000);
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 0, locked_by: null, progress: { total: 3, done: 1, failed: 0 } });
    expect(new Date(row?.run_at as Date).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(new JobReleased().name).toBe('JobReleased');
    await ctx.db.query(`DELETE FROM jobs WHERE id = $1`, [id]);
  });

  it('only an admin sees and retries jobs; bad input is refused', async () => {
    expect((await callApi(ctx.app, 'GET /api/jobs')).status).toBe(401);
    expect((await callApi(ctx.app, 'GET /api/jobs', { cookie: investorCookie })).status).toBe(403);
    expect((await callApi(ctx.app, 'POST /api/jobs/:id/retry', { cookie: investorCookie, params: { id: adminId } })).status).toBe(403);
    const bad = await callApi(ctx.app, 'GET /api/jobs', { cookie: adminCookie, query: { status: 'exploded' } });
    expect(bad.status).toBe(400);
    const tooMany = await callApi(ctx.app, 'GET /api/jobs', { cookie: adminCookie, query: { limit: '100000' } });
    expect(tooMany.status).toBe(400);
  });
});
