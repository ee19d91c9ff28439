import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobErrorMessage } from '../../../shared/jobs.ts';
import type { AppContext } from '../../context.ts';
import { sql } from '../../db/sql.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import { claimNext, insertJob } from '../jobs/repository.ts';
import { type JobContext, JobFailure, JobReleased } from '../jobs/runner.ts';
import { closeDocumentRenderer } from './pdf-pool.ts';
import { statementRunJob } from './statement-runs.ts';

/**
 * A statement run resumed after its server stopped (decision record 041), on the engine under
 * test: the second attempt skips the investors whose statement the first one stored, so each
 * investor gets exactly one statement from the run, and a statement stored twice is refused by
 * the database.
 */
const INVESTORS = 6;

describe('statement run as a durable job', () => {
  let ctx: TestContext;
  let app: AppContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    app = { db: ctx.db, files: ctx.files, config: ctx.config, cipher: ctx.cipher };
    // Six investors with one commitment each, straight in the database.
    const deal = await sql<{ id: string }>(`INSERT INTO deals (title, type) VALUES ('Resume Fund', 'PPP') RETURNING id`).first(ctx.db);
    await ctx.db.query(
      `WITH inv AS (
         INSERT INTO profiles (email, name, role)
         SELECT 'resume.' || g || '@test.example.com', 'Resume Investor ' || g, 'investor' FROM generate_series(1, $1::int) g
         RETURNING id)
       INSERT INTO ledger_entries (investor_id, deal_id, kind, amount, entry_date)
       SELECT id, $2, 'commitment', 250000, DATE '2025-02-01' FROM inv`,
      [INVESTORS, deal?.id],
    );
  });
  afterAll(async () => {
    await closeDocumentRenderer(app);
    await ctx?.close();
  });

  /** A job context as the runner makes one, for an attempt that stops after `stopAfter` statements. */
  function attempt(id: string, params: { from: string; to: string; ip: string }, saved: Record<string, unknown>[], stopAfter = Infinity) {
    const abort = new AbortController();
    const job: JobContext<'statement-run'> = {
      id,
      params,
      progress: {},
      attempt: 1,
      createdBy: null,
      startedAt: new Date(),
      signal: abort.signal,
      save: async (p) => {
        saved.push({ ...p });
        if ((p.done as number) >= stopAfter) abort.abort(new JobReleased('stopping'));
      },
    };
    return job;
  }

  it('a run stopped halfway resumes where it stopped: one statement per investor', async () => {
    const params = { from: '2025-01-01', to: '2025-12-31', ip: '127.0.0.1' };
    // Not due for an hour: this test app's own runner leaves it to the attempts below.
    const id = (await insertJob(ctx.db, { kind: 'statement-run', params, runAt: new Date(Date.now() + 3_600_000) })) as string;
    const handler = statementRunJob(app);

    const first: Record<string, unknown>[] = [];
    await expect(handler(attempt(id, params, first, 2))).rejects.toBeInstanceOf(JobReleased);
    const stored = async () =>
      (await sql<{ investor_id: string }>('SELECT investor_id FROM documents WHERE statement_job_id = $1').all(ctx.db, [id])).map(
        (r) => r.investor_id,
      );
    expect(await stored()).toHaveLength(2);

    const second: Record<string, unknown>[] = [];
    const result = await handler(attempt(id, params, second));
    // The second attempt starts at 2 of 6 and ends at 6 of 6.
    expect(second[0]).toMatchObject({ total: INVESTORS, done: 2, failed: 0 });
    expect(second.at(-1)).toMatchObject({ total: INVESTORS, done: INVESTORS, failed: 0 });
    expect(result).toEqual({ key: 'statementsGenerated', values: { done: INVESTORS, total: INVESTORS, failed: 0 } });
    const all = await stored();
    expect(all).toHaveLength(INVESTORS);
    expect(new Set(all).size).toBe(INVESTORS);

    // A third attempt (a "dead" server waking up) finds everything done and stores nothing.
    await handler(attempt(id, params, []));
    expect(await stored()).toHaveLength(INVESTORS);
    // The database itself refuses a second statement for one investor in one run.
    await expect(
      ctx.db.query(
        `INSERT INTO documents (name, type, file_path, extension, mime_type, file_size, byte_size, sha256, investor_id, statement_job_id)
         SELECT name, type, 'x/dup.pdf', extension, mime_type, file_size, byte_size, sha256, investor_id, statement_job_id
           FROM documents WHERE statement_job_id = $1 LIMIT 1`,
        [id],
      ),
    ).rejects.toThrow(/documents_statement_job/);
    // Not claimable yet (run_at in an hour): the run stays the test's.
    expect(await claimNext(ctx.db, 'nobody', 1000, ['statement-run'])).toBeNull();
  });

  it('a run in which storage refuses every statement fails as a known failure, with the last error kept', async () => {
    const params = { from: '2025-01-01', to: '2025-06-30', ip: '127.0.0.1' };
    const id = (await insertJob(ctx.db, { kind: 'statement-run', params, runAt: new Date(Date.now() + 3_600_000) })) as string;
    // The file store as it is, except that every write fails as a full disk would.
    const files = Object.create(ctx.files) as typeof ctx.files;
    files.writeTemp = async () => {
      throw new Error('No space left on device');
    };
    const saved: Record<string, unknown>[] = [];
    const failure = await statementRunJob({ ...app, files })(attempt(id, params, saved)).then(
      () => null,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(JobFailure);
    // The stored English text and the message the Jobs screen shows (6 investors, all refused).
    expect((failure as JobFailure).message).toBe('All 6 statements failed; the last error: No space left on device');
    expect(jobErrorMessage((failure as JobFailure).message)).toEqual({ key: 'statementsAllFailed', values: { failed: INVESTORS } });
    expect(saved.at(-1)).toMatchObject({ total: INVESTORS, done: 0, failed: INVESTORS });
    expect(await sql<{ n: number }>('SELECT count(*)::int AS n FROM documents WHERE statement_job_id = $1').first(ctx.db, [id])).toEqual({
      n: 0,
    });
  });
});
