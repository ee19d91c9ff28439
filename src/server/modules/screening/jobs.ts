import { jobOutcome } from '../../../shared/jobs.ts';
import type { AppContext } from '../../context.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { insertJob } from '../jobs/repository.ts';
import { type JobHandler, JobReleased } from '../jobs/runner.ts';
import { pendingScreeningJobs } from './repository.ts';
import { RescreenOvertaken, rescreenImport, screenInvestor } from './service.ts';

/**
 * Screening runs on the durable jobs table (decision 050, moving decision 038's in-process queue
 * onto decision 041's runner): a list import queues one `screening-rescreen` job (in the import's
 * own transaction, so an import is never left without its re-screen), and a sign-up or a change
 * of a screened name, birth date or nationality queues one `screening-investor` job. A server
 * restart mid-run loses nothing: the job's lease expires, another server claims it, and the run
 * continues after the last committed batch (the cursor in `screening_imports`).
 */

/** Queues the re-screening of everyone against an import's added and changed entries (one job per import). */
export async function queueRescreen(q: Queryable, importId: string, actorId: string | null): Promise<void> {
  await insertJob(q, {
    kind: 'screening-rescreen',
    params: { importId },
    singletonKey: `screening-rescreen:${importId}`,
    progress: { total: null, done: 0, failed: 0 },
    createdBy: actorId,
    maxAttempts: 5,
  });
}

/** Queues the screening of one investor (and their named persons) against every current list. */
export async function queueScreenInvestor(ctx: Pick<AppContext, 'db' | 'jobs'>, investorId: string): Promise<void> {
  await insertJob(ctx.db, {
    kind: 'screening-investor',
    params: { investorId },
    progress: { total: null, done: 0, failed: 0 },
    maxAttempts: 5,
  });
  void ctx.jobs?.kick();
}

export function rescreenJob(db: Db): JobHandler<'screening-rescreen'> {
  return async (job) => {
    try {
      const p = await rescreenImport(db, job.params.importId, {
        signal: job.signal,
        onProgress: (p) => job.save({ total: p.total, done: p.done, failed: 0, hits: p.hits }),
      });
      await job.save({ total: p.total, done: p.total, failed: 0, hits: p.hits });
      return jobOutcome('rescreened', { investors: p.total, hits: p.hits });
    } catch (err) {
      // Another server committed the batch first (this one's lease had expired): not a failure.
      if (err instanceof RescreenOvertaken) throw new JobReleased(err.message);
      throw err;
    }
  };
}

export function screenInvestorJob(db: Db): JobHandler<'screening-investor'> {
  return async (job) => {
    const n = await screenInvestor(db, job.params.investorId);
    return jobOutcome('screened', { hits: n });
  };
}

/**
 * Resolves once no screening job is queued or running (tests and the demo seed wait for the
 * background screening they caused).
 */
export async function screeningIdle(db: Queryable, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if ((await pendingScreeningJobs(db)) === 0) return;
    if (Date.now() > end) throw new Error('Screening jobs still running after the timeout');
    await new Promise((r) => setTimeout(r, 25));
  }
}
