import { Readable } from 'node:stream';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { jobOutcome } from '../../../shared/jobs.ts';
import type { GeneratedStatement, StatementRun } from '../../../shared/ledger.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { conflict } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { storeDocument } from '../documents/service.ts';
import { getJobRow, insertJob } from '../jobs/repository.ts';
import { JobFailure, type JobHandler } from '../jobs/runner.ts';
import { documentRenderer } from './pdf-pool.ts';
import { buildStatement, newStatementCache, statementPdf } from './statements.ts';
import { investorsStoredBy, investorsWithEntries, statementDocuments } from './statements-repository.ts';

/**
 * The statements runs generated for an investor, newest period first. They are downloaded
 * through the investor's document route (they are vault documents addressed to them) and are
 * not compliance documents.
 */
export async function generatedStatements(q: Queryable, investorId: string): Promise<GeneratedStatement[]> {
  const rows = await statementDocuments(q, investorId);
  return rows.map((r) => ({ id: r.id, from: r.from, to: r.to, generatedAt: new Date(r.uploadDate).toISOString() }));
}

const SINGLETON = 'statement-run';

/** Whatever instance answers: the run's state is the job's row (decision 041). */
function runView(row: {
  id: string;
  status: string;
  params: unknown;
  progress: unknown;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}): StatementRun {
  const params = (row.params ?? {}) as { from?: string; to?: string };
  const p = (row.progress ?? {}) as {
    total?: number;
    done?: number;
    failed?: number;
    msPerStatement?: number | null;
    error?: string | null;
  };
  return {
    id: row.id,
    from: params.from ?? '',
    to: params.to ?? '',
    // Queued (not yet claimed, or waiting to retry after a failed attempt) reads as running.
    status: row.status === 'done' ? 'done' : row.status === 'failed' ? 'failed' : 'running',
    total: p.total ?? 0,
    done: p.done ?? 0,
    failed: p.failed ?? 0,
    startedAt: new Date(row.createdAt).toISOString(),
    finishedAt: row.finishedAt && (row.status === 'done' || row.status === 'failed') ? new Date(row.finishedAt).toISOString() : null,
    msPerStatement: p.msPerStatement ?? null,
    error: p.error ?? row.error ?? null,
  };
}

export async function getRun(db: Queryable, id: string): Promise<StatementRun | null> {
  const row = await getJobRow(db, id);
  return row && row.kind === 'statement-run' ? runView(row) : null;
}

/**
 * Queues the generation of every investor's capital account statement for a period as a durable
 * job (decision 041): one run at a time across all servers, progress in the database so that any
 * server answers the poll, and a run whose server dies resumes on another.
 */
export async function startStatementRun(ctx: AppContext, from: string, to: string, actorId: string, ip: string): Promise<StatementRun> {
  const investors = await investorsWithEntries(ctx.db);
  const id = await insertJob(ctx.db, {
    kind: 'statement-run',
    singletonKey: SINGLETON,
    params: { from, to, ip },
    progress: { total: investors.length, done: 0, failed: 0 },
    createdBy: actorId,
    maxAttempts: 3,
  });
  if (!id) throw conflict('A statement run is already in progress', 'RUN_IN_PROGRESS');
  void ctx.jobs?.kick();
  const run = await getRun(ctx.db, id);
  if (!run) throw new Error('The statement run was not stored');
  return run;
}

/**
 * The statement run's job: each investor's PDF is generated and stored in the document vault
 * addressed to them, one at a time, yielding to the event loop between statements so other
 * requests are served. A statement names its run (documents.statement_job_id), so an attempt
 * resumed after a crash or a shutdown skips the investors already done: one statement per
 * investor per run, whichever servers took part.
 */
export function statementRunJob(ctx: AppContext): JobHandler<'statement-run'> {
  return async (job) => {
    const { from, to, ip } = job.params;
    const actorId = job.createdBy;
    const investors = await investorsWithEntries(ctx.db);
    const stored = new Set(await investorsStoredBy(ctx.db, job.id));
    const progress = {
      total: investors.length,
      done: stored.size,
      failed: 0,
      error: null as string | null,
      msPerStatement: null as number | null,
    };
    await job.save(progress);
    // Each deal's ledger is loaded once per attempt: its statements share one snapshot of it.
    const cache = newStatementCache();
    for (const inv of investors) {
      if (stored.has(inv.id)) continue;
      await yieldToEventLoop();
      if (job.signal.aborted) throw job.signal.reason;
      try {
        const pdf = await statementPdf(ctx.db, await buildStatement(ctx.db, inv.id, from, to, cache), documentRenderer(ctx), {
          background: true,
        });
        const temp = await ctx.files.writeTemp(Readable.from(pdf));
        await storeDocument(
          ctx.db,
          ctx.files,
          {
            name: `Capital account statement ${from} to ${to}`,
            type: 'Other',
            investorId: inv.id,
            investorVisible: false,
            dealId: null,
            expirationDate: null,
          },
          temp,
          'pdf',
          actorId,
          ip,
          { from, to, jobId: job.id },
        );
        progress.done += 1;
      } catch (err) {
        progress.failed += 1;
        progress.error = err instanceof Error ? err.message : String(err);
      }
      await job.save(progress);
    }
    progress.msPerStatement = progress.total > 0 ? Math.round((Date.now() - job.startedAt.getTime()) / progress.total) : 0;
    await job.save(progress);
    if (progress.failed > 0 && progress.done === 0 && progress.total > 0)
      throw new JobFailure('statementsAllFailed', { failed: progress.failed }, progress.error ?? undefined);
    await logActivity(ctx.db, {
      type: 'statements_generated',
      userId: actorId,
      details: { runId: job.id, from, to, done: progress.done, failed: progress.failed },
      ip,
    }).catch(() => {});
    const counts = { done: progress.done, total: progress.total, failed: progress.failed };
    return jobOutcome(progress.failed ? 'statementsGeneratedFailed' : 'statementsGenerated', counts);
  };
}
