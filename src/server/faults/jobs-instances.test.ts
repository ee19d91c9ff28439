import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StatementRun } from '../../shared/ledger.ts';
import { type Db, openPostgres } from '../db/client.ts';
import { sql } from '../db/sql.ts';
import {
  createPostgresDatabase,
  killStartedServers,
  type RunningServer,
  request,
  signIn,
  startServer,
  TEST_ADMIN,
} from '../testing/server-process.ts';

/**
 * Several servers, proved (issue 32, decision 041): two real server processes
 * (`src/server/main.ts`) on one PostgreSQL database and one storage folder. A statement run
 * started on one is polled to completion on the other; the server running it is SIGKILLed mid-run
 * and the survivor takes the job over once the lease expires and finishes it, one statement per
 * investor; settings changed on one are seen on the other; SIGTERM gives a running job back at
 * once (no lease to wait for).
 */
const serverUrl = inject('postgresUrl');
/** Investors with a ledger entry: enough statements for the run to last a few seconds. */
const INVESTORS = 120;
const LEASE_SECONDS = 3;

describe.runIf(serverUrl)('PostgreSQL: two instances share the background jobs', () => {
  let database: { url: string; drop: () => Promise<void> };
  let db: Db;
  let dataDir: string;
  let a: RunningServer;
  let b: RunningServer;
  let c: RunningServer | undefined;
  const env = { JOB_LEASE_SECONDS: String(LEASE_SECONDS) };

  beforeAll(async () => {
    database = await createPostgresDatabase(serverUrl);
    db = await openPostgres(database.url, 2);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sd-fault-jobs-'));
    // Investors with one commitment each, straight in the database (the ledger's own rules are tested elsewhere).
    const deal = await sql<{ id: string }>(`INSERT INTO deals (title, type) VALUES ('Jobs Fund', 'Infrastructure') RETURNING id`).first(db);
    await db.query(
      `WITH inv AS (
         INSERT INTO profiles (email, name, role)
         SELECT 'jobs.investor.' || g || '@test.example.com', 'Jobs Investor ' || lpad(g::text, 3, '0'), 'investor'
           FROM generate_series(1, $1::int) g
         RETURNING id)
       INSERT INTO ledger_entries (investor_id, deal_id, kind, amount, entry_date)
       SELECT id, $2, 'commitment', 100000, DATE '2025-01-15' FROM inv`,
      [INVESTORS, deal?.id],
    );
  });
  afterAll(async () => {
    await killStartedServers();
    await db?.close().catch(() => {});
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const holder = async (jobId: string) =>
    (await sql<{ locked_by: string | null }>('SELECT locked_by FROM jobs WHERE id = $1').first(db, [jobId]))?.locked_by ?? null;
  const runsOn = (locked: string | null, s: RunningServer) => locked?.includes(`:${s.pid}:`) ?? false;
  const stored = async (jobId: string) =>
    (await sql<{ n: number; investors: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT investor_id)::int AS investors FROM documents WHERE statement_job_id = $1',
    ).first(db, [jobId])) ?? { n: 0, investors: 0 };

  it('a run started on one instance is polled on the other; its server is killed mid-run and the survivor finishes it', async () => {
    [a, b] = await Promise.all([
      startServer({ name: 'faults-jobs-a', dataDir, databaseUrl: database.url, env }),
      startServer({ name: 'faults-jobs-b', dataDir, databaseUrl: database.url, env }),
    ]);
    const cookie = await signIn(a.url, TEST_ADMIN.email, TEST_ADMIN.password);
    const started = await request<{ run: StatementRun }>(a.url, 'POST', '/api/statement-runs', {
      cookie,
      json: { from: '2025-01-01', to: '2025-12-31' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const id = started.body.run.id;
    expect(started.body.run).toMatchObject({ status: 'running', total: INVESTORS, done: 0 });

    // One run at a time, whichever instance is asked.
    const second = await request<{ code: string }>(b.url, 'POST', '/api/statement-runs', {
      cookie,
      json: { from: '2025-01-01', to: '2025-12-31' },
    });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('RUN_IN_PROGRESS');

    // B answers the poll with the progress A stores, while the run is under way.
    let polled: StatementRun | undefined;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const res = await request<{ run: StatementRun }>(b.url, 'GET', `/api/statement-runs/${id}`, { cookie });
      expect(res.status).toBe(200);
      polled = res.body.run;
      if (polled.done >= 10) break;
      expect(Date.now()).toBeLessThan(deadline);
      await sleep(50);
    }
    expect(polled.status).toBe('running');
    expect(polled.done).toBeLessThan(INVESTORS);

    // SIGKILL the server that holds the job (A, which was asked, normally claims it first).
    const locked = await holder(id);
    const [victim, survivor] = runsOn(locked, a) ? [a, b] : [b, a];
    expect(runsOn(locked, victim), `held by ${locked}`).toBe(true);
    const exit = await victim.kill('SIGKILL');
    expect(exit.signal).toBe('SIGKILL');
    const doneAtKill = (await stored(id)).n;
    expect(doneAtKill).toBeLessThan(INVESTORS);

    // The survivor takes the job over once the lease has expired and finishes it.
    let run: StatementRun | undefined;
    const end = Date.now() + 120_000;
    do {
      await sleep(200);
      run = (await request<{ run: StatementRun }>(survivor.url, 'GET', `/api/statement-runs/${id}`, { cookie })).body.run;
      expect(Date.now()).toBeLessThan(end);
    } while (run.status === 'running');
    expect(run).toMatchObject({ status: 'done', total: INVESTORS, done: INVESTORS, failed: 0, error: null });
    expect(run.finishedAt).not.toBeNull();
    // Exactly one statement per investor: none lost, none generated twice across the two servers.
    expect(await stored(id)).toEqual({ n: INVESTORS, investors: INVESTORS });
    const job = await sql<{ attempts: number; status: string; locked_by: string | null }>(
      'SELECT attempts, status, locked_by FROM jobs WHERE id = $1',
    ).first(db, [id]);
    expect(job).toEqual({ attempts: 2, status: 'done', locked_by: null });
    // Every stored statement's file is in the shared storage: the survivor downloads one the victim wrote.
    const first = await sql<{ id: string }>('SELECT id FROM documents WHERE statement_job_id = $1 ORDER BY upload_date LIMIT 1').first(db, [
      id,
    ]);
    const download = await fetch(`${survivor.url}/api/documents/${first?.id}/download`, { headers: { cookie } });
    expect(download.status).toBe(200);
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // The admin's job list, on the survivor, shows the run done and who started it.
    const jobs = await request<{ jobs: { id: string; kind: string; status: string; startedBy: { name: string } | null }[] }>(
      survivor.url,
      'GET',
      '/api/jobs',
      { cookie },
    );
    expect(jobs.body.jobs.find((j) => j.id === id)).toMatchObject({ kind: 'statement-run', status: 'done' });
    // The periodic jobs exist once each, whatever the number of servers started.
    const periodic = await sql<{ kind: string; n: number }>(
      `SELECT kind, count(*)::int AS n FROM jobs WHERE kind <> 'statement-run' GROUP BY kind ORDER BY kind`,
    ).all(db);
    expect(periodic).toEqual([
      { kind: 'audit-verify', n: 1 },
      { kind: 'daily-notices', n: 1 },
      { kind: 'email-outbox', n: 1 },
      { kind: 'retention-review', n: 1 },
      { kind: 'signing-deadlines', n: 1 },
      { kind: 'storage-sweep', n: 1 },
      { kind: 'webhook-outbox', n: 1 },
    ]);
    // Two instances again for the next test: the survivor and a new one.
    b = await startServer({ name: 'faults-jobs-b2', dataDir, databaseUrl: database.url, env });
    a = survivor;
  }, 240_000);

  it('settings changed through one instance are seen through the other at once', async () => {
    const cookie = await signIn(a.url, TEST_ADMIN.email, TEST_ADMIN.password);
    const name = `Jobs Capital ${Date.now()}`;
    const put = await request(b.url, 'PUT', '/api/settings', { cookie, json: { companyName: name } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const onA = await request<{ profile: { name?: string; companyName?: string } }>(a.url, 'GET', '/api/company');
    expect(JSON.stringify(onA.body)).toContain(name);
    const settings = await request<{ settings: { companyName: string } }>(a.url, 'GET', '/api/settings', { cookie });
    expect(settings.body.settings.companyName).toBe(name);
  }, 60_000);

  it('SIGTERM gives the running job back at once: the other instance resumes it without waiting for the lease', async () => {
    // A third instance with a long lease: were its job not given back, the run would wait 10 minutes.
    c = await startServer({ name: 'faults-jobs-c', dataDir, databaseUrl: database.url, env: { JOB_LEASE_SECONDS: '600' } });
    const cookie = await signIn(c.url, TEST_ADMIN.email, TEST_ADMIN.password);
    // Stop the other two from claiming first: only c runs jobs until it is told to stop.
    await a.kill('SIGTERM');
    await b.kill('SIGTERM');
    const started = await request<{ run: StatementRun }>(c.url, 'POST', '/api/statement-runs', {
      cookie,
      json: { from: '2025-02-01', to: '2025-12-31' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const id = started.body.run.id;
    const until = Date.now() + 60_000;
    while ((await stored(id)).n < 5) {
      expect(Date.now()).toBeLessThan(until);
      await sleep(50);
    }
    const stopping = Date.now();
    const exit = await c.kill('SIGTERM');
    expect(exit.code).toBe(0);
    // Shut down within the grace period, and the job is queued again with its lease released.
    expect(Date.now() - stopping).toBeLessThan(15_000);
    const row = await sql<{ status: string; locked_by: string | null; attempts: number }>(
      'SELECT status, locked_by, attempts FROM jobs WHERE id = $1',
    ).first(db, [id]);
    expect(row).toEqual({ status: 'queued', locked_by: null, attempts: 0 });
    const part = (await stored(id)).n;
    expect(part).toBeGreaterThan(0);
    expect(part).toBeLessThan(INVESTORS);

    // A fresh instance (lease 10 minutes too) claims it at once and finishes it.
    const d = await startServer({ name: 'faults-jobs-d', dataDir, databaseUrl: database.url, env: { JOB_LEASE_SECONDS: '600' } });
    const cookieD = await signIn(d.url, TEST_ADMIN.email, TEST_ADMIN.password);
    let run: StatementRun | undefined;
    const end = Date.now() + 120_000;
    do {
      await sleep(200);
      run = (await request<{ run: StatementRun }>(d.url, 'GET', `/api/statement-runs/${id}`, { cookie: cookieD })).body.run;
      expect(Date.now()).toBeLessThan(end);
    } while (run.status === 'running');
    expect(run).toMatchObject({ status: 'done', done: INVESTORS, failed: 0 });
    expect(await stored(id)).toEqual({ n: INVESTORS, investors: INVESTORS });
    expect((await d.kill('SIGTERM')).code).toBe(0);
  }, 240_000);
});
