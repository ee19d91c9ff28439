import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobList } from '../../../shared/jobs.ts';
import { sql } from '../../db/sql.ts';
import { callApi } from '../../testing/api-client.ts';
import { createTestContext, createUser, signIn, type TestContext, uniqueEmail } from '../../testing/harness.ts';
import { multipart } from '../../testing/multipart.ts';
import { claimNext } from '../jobs/repository.ts';
import { queueRescreen, screeningIdle } from './jobs.ts';
import type { ListEntry } from './lists.ts';
import { importList, RescreenOvertaken, rescreenImport } from './service.ts';

/**
 * Re-screening on the durable jobs table (decision 050): a list import queues a job in its own
 * transaction; a worker that dies (stops renewing its lease) mid-run is taken over by another
 * once the lease expires, which continues after the last committed batch; the "dead" worker, if
 * it wakes up, can commit nothing more; each person is screened once per list version (one hit per
 * person and entry, the progress counts everyone once). On PGlite and (TEST_DB=postgres) PostgreSQL.
 */
describe('re-screening as a durable job', () => {
  let ctx: TestContext;
  let adminId: string;
  let adminCookie: string;

  const entry = (ref: string, name: string): ListEntry => ({
    ref,
    kind: 'individual',
    name,
    aliases: [],
    datesOfBirth: [],
    nationalities: [],
    pep: false,
    fingerprint: createHash('sha256').update(`${ref}|${name}`).digest('hex'),
  });

  beforeAll(async () => {
    ctx = await createTestContext();
    const admin = await createUser(ctx, { role: 'admin', name: 'Rescreen Admin' });
    adminId = admin.id;
    adminCookie = await signIn(ctx, admin.email, admin.password);
  });
  afterAll(() => ctx.close());

  it('an import through the API queues a job that the Background Jobs screen shows done with its progress', async () => {
    await createUser(ctx, { role: 'investor', name: 'Octavia Brennan Falk' });
    const csv = 'No.,Name,Arabic Name,Nationality,Date of Birth\n1,Octavia Brenan Falk,,UK,\n';
    const form = multipart({ source: 'uae' }, { filename: 'uae.csv', content: Buffer.from(csv) });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/screening/imports',
      headers: { cookie: adminCookie, 'content-type': form.contentType },
      payload: form.body,
    });
    expect(res.statusCode, res.body).toBe(201);
    await screeningIdle(ctx.db);
    const list = (await callApi(ctx.app, 'GET /api/jobs', { cookie: adminCookie })).json as JobList;
    const job = list.jobs.find((j) => j.kind === 'screening-rescreen');
    expect(job).toMatchObject({ status: 'done', startedBy: { id: adminId } });
    const investors = Number((await sql<{ n: string }>("SELECT count(*) AS n FROM profiles WHERE role = 'investor'").first(ctx.db))?.n);
    expect(job?.progress).toMatchObject({ total: investors, done: investors });
    expect(job?.result).toBe(`${investors} investor(s) re-screened, 1 new hit(s)`);
    // The screen renders the message in the reader's language (decision 059).
    expect(job?.resultMessage).toEqual({ key: 'rescreened', values: { investors, hits: 1 } });
  });

  it('a worker that dies mid-run is taken over after its lease; each person is screened once for the list version', async () => {
    // Twelve people, three of whom the list names (near spellings).
    const names = Array.from({ length: 9 }, (_, i) => `Durable Person${'abcdefghi'[i]} Vantongeren`);
    const targets = ['Leopold Ashcombe Riviere', 'Marisol Quennell Daventry', 'Theodric Palmerstone Ovid'];
    const ids: string[] = [];
    for (const n of [...names, ...targets]) ids.push((await createUser(ctx, { role: 'investor', name: n })).id);
    const entries = [
      entry('QDi.901', 'Leopold Ashcomb Riviere'),
      entry('QDi.902', 'Marisol Quenell Daventry'),
      entry('QDi.903', 'Theodric Palmerston Ovid'),
    ];
    // The import, its job, and the "dead" worker's claim with a short lease in one transaction (so
    // the app's own runner, the survivor here, cannot claim it first).
    const { importId, jobId } = await ctx.db.tx(async (q) => {
      const imp = await importList(q, { source: 'firm', fileName: 'firm.csv', sha256: 'x'.repeat(64), entries }, adminId, '127.0.0.1');
      await queueRescreen(q, imp.id, adminId);
      const claimed = await claimNext(q, 'dead-worker', 1_500, ['screening-rescreen']);
      return { importId: imp.id, jobId: claimed?.id as string };
    });
    expect(jobId).toBeTruthy();

    // The dead worker commits one batch of 3, then hangs (a paused process: no lease renewal).
    let wake: () => void = () => {};
    const paused = new Promise<void>((r) => {
      wake = r;
    });
    let reports = 0;
    const dead = rescreenImport(ctx.db, importId, {
      batchSize: 3,
      onProgress: async () => {
        if (++reports === 1) await paused;
      },
    });
    // The survivor (the app's runner) claims it once the lease has expired and finishes it.
    const end = Date.now() + 30_000;
    let row: { status: string; attempts: number; locked_by: string | null; progress: Record<string, number> } | undefined;
    for (;;) {
      row = await sql<{ status: string; attempts: number; locked_by: string | null; progress: Record<string, number> }>(
        'SELECT status, attempts, locked_by, progress FROM jobs WHERE id = $1',
      ).first(ctx.db, [jobId]);
      if (row?.status === 'done' || Date.now() > end) break;
      await sleep(50);
    }
    const total = Number((await sql<{ n: string }>("SELECT count(*) AS n FROM profiles WHERE role = 'investor'").first(ctx.db))?.n);
    expect(row?.status).toBe('done');
    expect(row?.attempts).toBe(2);
    expect(row?.progress).toMatchObject({ total, done: total });

    // The dead worker wakes up: its next batch is refused, nothing more is stored.
    wake();
    await expect(dead).rejects.toBeInstanceOf(RescreenOvertaken);
    const imp = await sql<{ rescreen_status: string; rescreen_done: number; rescreen_hits: number }>(
      'SELECT rescreen_status, rescreen_done, rescreen_hits FROM screening_imports WHERE id = $1',
    ).first(ctx.db, [importId]);
    // Everyone counted once (not 3 more), the three named people hit once each.
    expect(imp).toEqual({ rescreen_status: 'done', rescreen_done: total, rescreen_hits: 3 });
    const hits = await sql<{ investor_id: string; entry_ref: string; n: number }>(
      `SELECT investor_id, entry_ref, count(*)::int AS n FROM screening_hits WHERE entry_ref LIKE 'QDi.90%' GROUP BY investor_id, entry_ref ORDER BY entry_ref`,
    ).all(ctx.db);
    expect(hits.map((h) => [h.investor_id, h.entry_ref, h.n])).toEqual([
      [ids[9], 'QDi.901', 1],
      [ids[10], 'QDi.902', 1],
      [ids[11], 'QDi.903', 1],
    ]);
  });

  it('a sign-up is screened by a job, not in the request', async () => {
    const email = uniqueEmail('leopold');
    const res = await callApi(ctx.app, 'POST /api/auth/sign-up', {
      body: { name: 'Leopold Ashcombe Riviere', email, password: 'Correct-Horse-Battery-9-durable' },
    });
    expect(res.status, res.res.body).toBe(201);
    const queued = await sql<{ n: number }>("SELECT count(*)::int AS n FROM jobs WHERE kind = 'screening-investor'").first(ctx.db);
    expect(queued?.n).toBeGreaterThan(0);
    await screeningIdle(ctx.db);
    const hit = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM screening_hits h JOIN profiles p ON p.id = h.investor_id WHERE p.email = $1`,
    ).first(ctx.db, [email]);
    expect(hit?.n).toBe(1);
  });
});
