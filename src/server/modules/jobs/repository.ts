import { sql as raw } from 'kysely';
import {
  FINISHED_JOB_RETENTION_DAYS,
  type JobKind,
  type JobMessage,
  type JobOutcomeKey,
  type JobParams,
  type JobProgress,
  type JobStatus,
  type JobView,
  jobErrorMessage,
  storedOutcome,
} from '../../../shared/jobs.ts';
import type { Queryable } from '../../db/client.ts';
import { typed } from '../../db/typed.ts';
import { translator } from '../../i18n.ts';

/**
 * The jobs table (migration 075, decision 041). Every statement here runs unchanged on PGlite (one
 * connection: `SKIP LOCKED` finds nothing locked) and on PostgreSQL (many connections: two servers
 * claiming at once each get a different job, and never the same one).
 */

export interface JobRow {
  id: string;
  kind: JobKind;
  params: Record<string, unknown>;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  progress: Record<string, unknown>;
  createdBy: string | null;
  startedAt: Date | null;
}

export interface NewJob<K extends JobKind = JobKind> {
  kind: K;
  params?: JobParams[K];
  /** At most one queued or running job per key; a second enqueue returns null. */
  singletonKey?: string | null;
  maxAttempts?: number;
  progress?: Record<string, unknown>;
  createdBy?: string | null;
  runAt?: Date;
}

/** Queues a job; null when a queued or running job already holds its singleton key. */
export async function insertJob<K extends JobKind>(q: Queryable, job: NewJob<K>): Promise<string | null> {
  const row = await typed(q)
    .insertInto('jobs')
    .values({
      kind: job.kind,
      params: JSON.stringify(job.params ?? {}),
      singletonKey: job.singletonKey ?? null,
      maxAttempts: job.maxAttempts ?? 5,
      progress: JSON.stringify(job.progress ?? {}),
      createdBy: job.createdBy ?? null,
      ...(job.runAt ? { runAt: job.runAt } : {}),
    })
    .onConflict((oc) =>
      oc.column('singletonKey').where('singletonKey', 'is not', null).where('status', 'in', ['queued', 'running']).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** A periodic kind's one row, created when missing (every server calls this at start; one row results). */
export async function ensurePeriodic(q: Queryable, kind: JobKind, firstRunAt?: Date): Promise<void> {
  const exists = await typed(q)
    .selectFrom('jobs')
    .select('id')
    .where('singletonKey', '=', kind)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  if (!exists) await insertJob(q, { kind, singletonKey: kind, maxAttempts: 1, runAt: firstRunAt });
}

/**
 * Leases the next due job to `worker` for `leaseMs`: a queued job whose time has come, or a
 * running one whose lease has expired (its server died or hung). The row is locked while it is
 * chosen (FOR UPDATE SKIP LOCKED), so concurrent claims never return the same job.
 */
export async function claimNext(q: Queryable, worker: string, leaseMs: number, kinds: readonly JobKind[]): Promise<JobRow | null> {
  if (kinds.length === 0) return null;
  const k = typed(q);
  const row = await k
    .updateTable('jobs')
    .set({
      status: 'running',
      lockedBy: worker,
      lockedUntil: raw<Date>`now() + ${leaseMs} * interval '1 millisecond'`,
      attempts: raw<number>`attempts + 1`,
      startedAt: raw<Date>`coalesce(started_at, now())`,
    })
    .where(
      'id',
      '=',
      k
        .selectFrom('jobs')
        .select('id')
        .where('kind', 'in', kinds)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('runAt', '<=', raw<Date>`now()`)]),
            eb.and([eb('status', '=', 'running'), eb('lockedUntil', '<', raw<Date>`now()`)]),
          ]),
        )
        .orderBy('runAt')
        .orderBy('createdAt')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'kind', 'params', 'status', 'attempts', 'maxAttempts', 'progress', 'createdBy', 'startedAt'])
    .executeTakeFirst();
  return (row as JobRow | undefined) ?? null;
}

/** Extends the lease and (optionally) stores progress; false when this worker no longer holds the job. */
export async function renewLease(
  q: Queryable,
  id: string,
  worker: string,
  leaseMs: number,
  progress?: Record<string, unknown>,
): Promise<boolean> {
  const row = await typed(q)
    .updateTable('jobs')
    .set({
      lockedUntil: raw<Date>`now() + ${leaseMs} * interval '1 millisecond'`,
      ...(progress ? { progress: JSON.stringify(progress) } : {}),
    })
    .where('id', '=', id)
    .where('lockedBy', '=', worker)
    .where('status', '=', 'running')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The job is finished (done or failed for good), or a periodic job goes back to waiting for its next run. */
export async function finishJob(
  q: Queryable,
  id: string,
  worker: string,
  outcome: {
    status: 'done' | 'failed' | 'queued';
    /** Stored as `{ key, values }` (jsonb), rendered per reader (decision 059). */
    result?: JobMessage<JobOutcomeKey> | null;
    error?: string | null;
    runAt?: Date;
    progress?: Record<string, unknown>;
    attempts?: number;
  },
): Promise<boolean> {
  const row = await typed(q)
    .updateTable('jobs')
    .set({
      status: outcome.status,
      lockedBy: null,
      lockedUntil: null,
      ...(outcome.result !== undefined ? { result: JSON.stringify(outcome.result) } : {}),
      ...(outcome.error !== undefined ? { error: outcome.error } : {}),
      ...(outcome.progress ? { progress: JSON.stringify(outcome.progress) } : {}),
      ...(outcome.runAt ? { runAt: outcome.runAt } : {}),
      ...(outcome.attempts !== undefined ? { attempts: outcome.attempts } : {}),
      finishedAt: outcome.status === 'queued' ? (outcome.result !== undefined ? raw<Date>`now()` : null) : raw<Date>`now()`,
    })
    .where('id', '=', id)
    .where('lockedBy', '=', worker)
    .where('status', '=', 'running')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A failed job queued again from the start of its remaining work (its progress is kept). */
export async function requeueFailed(q: Queryable, id: string): Promise<'queued' | 'not-failed' | 'not-found' | 'conflict'> {
  const k = typed(q);
  const job = await k.selectFrom('jobs').select(['status', 'singletonKey']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!job) return 'not-found';
  if (job.status !== 'failed') return 'not-failed';
  if (job.singletonKey) {
    const busy = await k
      .selectFrom('jobs')
      .select('id')
      .where('singletonKey', '=', job.singletonKey)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    if (busy) return 'conflict';
  }
  await k
    .updateTable('jobs')
    .set({ status: 'queued', attempts: 0, runAt: raw<Date>`now()`, error: null, result: null, finishedAt: null })
    .where('id', '=', id)
    .execute();
  return 'queued';
}

const PERIODIC_KINDS = new Set<string>([
  'email-outbox',
  'daily-notices',
  'storage-sweep',
  'webhook-outbox',
  'retention-review',
  'signing-deadlines',
]);

function progressOf(p: Record<string, unknown>): JobProgress {
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return { total: typeof p.total === 'number' ? p.total : null, done: n(p.done), failed: n(p.failed) };
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const english = translator('en', 'jobs');

/** The stored outcome as a message and its English text; a legacy row's text as stored. */
function resultOf(stored: unknown): Pick<JobView, 'result' | 'resultMessage'> {
  const message = storedOutcome(stored);
  if (message) return { resultMessage: message, result: english(`outcome.${message.key}`, message.values) };
  return { resultMessage: null, result: typeof stored === 'string' ? stored : stored == null ? null : JSON.stringify(stored) };
}

/** Jobs for the admin: queued and running first (oldest first), then finished ones (newest first). */
export async function listJobs(q: Queryable, opts: { status?: JobStatus; limit: number; id?: string }): Promise<JobView[]> {
  let query = typed(q)
    .selectFrom('jobs as j')
    .leftJoin('profiles as p', 'p.id', 'j.createdBy')
    .select([
      'j.id',
      'j.kind',
      'j.status',
      'j.progress',
      'j.result',
      'j.error',
      'j.attempts',
      'j.maxAttempts',
      'j.createdAt',
      'j.startedAt',
      'j.finishedAt',
      'j.runAt',
      'j.createdBy',
      'p.name as creatorName',
    ]);
  if (opts.id) query = query.where('j.id', '=', opts.id);
  if (opts.status) query = query.where('j.status', '=', opts.status);
  const rows = await query
    .orderBy(raw`CASE WHEN j.status = 'running' THEN 0 WHEN j.status = 'queued' THEN 1 ELSE 2 END`)
    .orderBy(raw`coalesce(j.finished_at, j.started_at, j.created_at)`, 'desc')
    .orderBy('j.id')
    .limit(opts.limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as JobKind,
    status: r.status as JobStatus,
    periodic: PERIODIC_KINDS.has(r.kind),
    startedBy: r.createdBy ? { id: r.createdBy, name: r.creatorName ?? '' } : null,
    progress: progressOf((r.progress ?? {}) as Record<string, unknown>),
    ...resultOf(r.result),
    error: r.error,
    errorMessage: jobErrorMessage(r.error),
    attempts: r.attempts,
    maxAttempts: r.maxAttempts,
    createdAt: iso(r.createdAt) as string,
    startedAt: iso(r.startedAt),
    finishedAt: iso(r.finishedAt),
    runAt: iso(r.runAt) as string,
  }));
}

/** One job's raw row (the statement-run poll reads its progress from here). */
export async function getJobRow(q: Queryable, id: string) {
  return typed(q)
    .selectFrom('jobs')
    .select(['id', 'kind', 'status', 'params', 'progress', 'error', 'createdAt', 'startedAt', 'finishedAt', 'createdBy'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** How many finished jobs one statement removes: a long backlog goes in short transactions. */
export const SWEEP_BATCH = 500;

/**
 * Removes finished jobs (done or failed) that finished more than FINISHED_JOB_RETENTION_DAYS
 * before `now` (decision 059); queued and running jobs stay, whatever their age. Answers how many
 * were removed. Batches of SWEEP_BATCH rows, each chosen FOR UPDATE SKIP LOCKED: sweeps running at
 * once on several servers take different rows, and each row is removed (and counted) once. The
 * rows that named a job (a statement's run, an evidence pack's job) keep theirs as NULL.
 */
export async function sweepFinishedJobs(q: Queryable, now: Date, days = FINISHED_JOB_RETENTION_DAYS): Promise<number> {
  const before = new Date(now.getTime() - days * 86_400_000);
  let removed = 0;
  for (;;) {
    const k = typed(q);
    const rows = await k
      .deleteFrom('jobs')
      .where(
        'id',
        'in',
        k
          .selectFrom('jobs')
          .select('id')
          .where('status', 'in', ['done', 'failed'])
          .where('finishedAt', '<', before)
          .limit(SWEEP_BATCH)
          .forUpdate()
          .skipLocked(),
      )
      .returning('id')
      .execute();
    removed += rows.length;
    if (rows.length < SWEEP_BATCH) return removed;
  }
}
