import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import {
  JOB_ERRORS,
  type JobKind,
  type JobMessage,
  type JobOutcomeKey,
  type JobParams,
  type KnownJobErrorKey,
} from '../../../shared/jobs.ts';
import type { Db } from '../../db/client.ts';
import { claimNext, ensurePeriodic, finishJob, type JobRow, renewLease } from './repository.ts';

/**
 * The job runner (decision 041): every server runs one. It claims due jobs from the database
 * (a lease of `leaseMs`, renewed while the job runs), runs their handler, and records the outcome.
 * A server that dies stops renewing: once its lease has expired another server claims the job and
 * its handler resumes from the progress stored so far. A job that throws is retried with
 * exponential backoff until its attempts are spent, then it is failed (the admin may retry it).
 */

/** What a handler gets: its parameters, the progress stored so far, and a way to store more. */
export interface JobContext<K extends JobKind = JobKind> {
  id: string;
  params: JobParams[K];
  /** The progress stored by earlier attempts (empty on the first). */
  progress: Record<string, unknown>;
  attempt: number;
  createdBy: string | null;
  startedAt: Date;
  /** Stores progress (and renews the lease); throws LeaseLost when another server has taken the job over. */
  save(progress: Record<string, unknown>): Promise<void>;
  /** Aborted on shutdown or when the lease is lost: a long handler stops at its next step. */
  signal: AbortSignal;
}

/** A handler's result: a message of the jobs catalogue for the Jobs screen (jobOutcome, decision 059), never English text. */
export type JobHandler<K extends JobKind = JobKind> = (job: JobContext<K>) => Promise<JobMessage<JobOutcomeKey> | null | undefined>;

export interface JobKindSpec<K extends JobKind = JobKind> {
  handler: JobHandler<K>;
  /** A periodic kind has one row that runs every `everyMs` (on whichever server claims it). */
  everyMs?: number;
  /** The first run of a periodic kind is due at once (else one period after the row is created). */
  firstRunNow?: boolean;
}

/** The typed registry: each kind's handler gets that kind's parameters. */
export type JobRegistry = { [K in JobKind]?: JobKindSpec<K> };

/** A job given back because this server is stopping (or lost its lease): not a failure. */
export class JobReleased extends Error {
  constructor(message = 'The job was released') {
    super(message);
    this.name = 'JobReleased';
  }
}

/**
 * A failure the product knows (decision 059), thrown by the runner or by a handler that refuses on
 * purpose: stored as its English text (JOB_ERRORS) and shown as the catalogue's `error.<key>` in
 * the reader's language. Any other exception is shown as `unexpected`, its own text kept for the admin.
 */
export class JobFailure extends Error {
  constructor(
    readonly key: KnownJobErrorKey,
    readonly values: Record<string, number> = {},
    subject?: string,
  ) {
    super(JOB_ERRORS[key].text(values, subject));
    this.name = 'JobFailure';
  }
}

class GaveUp extends JobFailure {
  constructor(attempts: number) {
    super('gaveUp', { attempts });
  }
}

export const LEASE_MS = 30_000;
/** Backoff after a failed attempt: 5 s, 10 s, 20 s ... at most 10 minutes. */
export const retryDelayMs = (attempt: number) => Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 600_000);

export interface RunnerOptions {
  log?: FastifyBaseLogger;
  /** This server's name in `locked_by` (default host:pid:random). */
  workerId?: string;
  leaseMs?: number;
  /** How often the runner looks for due jobs when idle. */
  pollMs?: number;
  /** Jobs run at once on this server. */
  concurrency?: number;
  /** Creates the periodic kinds' rows at start (a test app runs only the jobs it queues). */
  periodic?: boolean;
}

export class JobRunner {
  readonly workerId: string;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly active = new Map<string, { abort: AbortController; done: Promise<void> }>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private polling: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly registry: JobRegistry = {},
    private opts: RunnerOptions = {},
  ) {
    this.workerId = opts.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.leaseMs = opts.leaseMs ?? LEASE_MS;
    this.pollMs = opts.pollMs ?? 1000;
    this.concurrency = opts.concurrency ?? 2;
  }

  /** Adds (or replaces) a kind's handler; call before start. */
  register<K extends JobKind>(kind: K, spec: JobKindSpec<K>): void {
    (this.registry as Record<K, JobKindSpec<K>>)[kind] = spec;
  }

  setLog(log: FastifyBaseLogger): void {
    this.opts.log = log;
  }

  private get kinds(): JobKind[] {
    return Object.keys(this.registry) as JobKind[];
  }

  async start(): Promise<void> {
    this.stopped = false;
    if (this.opts.periodic) {
      for (const [kind, spec] of Object.entries(this.registry)) {
        if (spec?.everyMs)
          await ensurePeriodic(this.db, kind as JobKind, spec.firstRunNow ? undefined : new Date(Date.now() + spec.everyMs));
      }
    }
    const tick = () => {
      void this.kick().finally(() => {
        if (!this.stopped) this.timer = setTimeout(tick, this.pollMs);
      });
    };
    tick();
  }

  /** Looks for due jobs now (after the look in progress, if any). */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.polling) {
      this.again = true;
      return this.polling;
    }
    this.polling = (async () => {
      do {
        this.again = false;
        while (!this.stopped && this.active.size < this.concurrency) {
          const job = await claimNext(this.db, this.workerId, this.leaseMs, this.kinds).catch((err) => {
            this.opts.log?.error({ err }, 'claiming a job failed');
            return null;
          });
          if (!job) break;
          this.run(job);
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.polling = null;
    });
    return this.polling;
  }

  /** Stops claiming, asks running handlers to stop, and gives their jobs back (another server resumes them at once). */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.polling?.catch(() => {});
    for (const a of this.active.values()) a.abort.abort(new JobReleased('This server is shutting down'));
    const all = Promise.all([...this.active.values()].map((a) => a.done));
    await Promise.race([all, new Promise((r) => setTimeout(r, graceMs).unref())]);
  }

  /** Jobs running on this server now. */
  get running(): number {
    return this.active.size;
  }

  private run(job: JobRow): void {
    // The row's kind picks its handler; the params stored with it are that kind's (insertJob's type).
    const spec = this.registry[job.kind] as JobKindSpec | undefined;
    const abort = new AbortController();
    const lost = () => abort.abort(new JobReleased('Another server took the job over'));
    // The lease is renewed in the background too, so a handler busy with one long step keeps it.
    const heartbeat = setInterval(
      () => {
        void renewLease(this.db, job.id, this.workerId, this.leaseMs)
          .then((held) => {
            if (!held) lost();
          })
          .catch(() => {});
      },
      Math.max(50, Math.floor(this.leaseMs / 3)),
    );
    const ctx: JobContext = {
      id: job.id,
      params: (job.params ?? {}) as JobParams[JobKind],
      progress: job.progress ?? {},
      attempt: job.attempts,
      createdBy: job.createdBy,
      startedAt: job.startedAt ? new Date(job.startedAt) : new Date(),
      signal: abort.signal,
      save: async (progress) => {
        if (abort.signal.aborted) throw abort.signal.reason;
        if (!(await renewLease(this.db, job.id, this.workerId, this.leaseMs, progress))) {
          lost();
          throw abort.signal.reason;
        }
      },
    };
    const done = (async () => {
      try {
        if (!spec) throw new JobFailure('noHandler', {}, job.kind);
        // Claimed again and again (each server that took it died or hung): give up.
        if (job.attempts > job.maxAttempts) throw new GaveUp(job.maxAttempts);
        const result = (await spec.handler(ctx)) ?? null;
        if (spec.everyMs) {
          await finishJob(this.db, job.id, this.workerId, {
            status: 'queued',
            result,
            error: null,
            attempts: 0,
            runAt: new Date(Date.now() + spec.everyMs),
          });
        } else await finishJob(this.db, job.id, this.workerId, { status: 'done', result, error: null });
      } catch (err) {
        await this.failed(job, spec, err);
      } finally {
        clearInterval(heartbeat);
        this.active.delete(job.id);
        // A slot is free: look for the next due job.
        if (!this.stopped) void this.kick();
      }
    })();
    this.active.set(job.id, { abort, done });
  }

  private async failed(job: JobRow, spec: JobKindSpec | undefined, err: unknown): Promise<void> {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof JobReleased) {
      // Given back, not failed: the attempt does not count, and any server may claim it now.
      await finishJob(this.db, job.id, this.workerId, {
        status: 'queued',
        attempts: Math.max(0, job.attempts - 1),
        runAt: new Date(),
      }).catch(() => {});
      return;
    }
    this.opts.log?.warn({ err, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job failed');
    if (spec?.everyMs) {
      await finishJob(this.db, job.id, this.workerId, {
        status: 'queued',
        error: message,
        attempts: 0,
        runAt: new Date(Date.now() + spec.everyMs),
      }).catch(() => {});
    } else if (job.attempts < job.maxAttempts && !(err instanceof GaveUp)) {
      await finishJob(this.db, job.id, this.workerId, {
        status: 'queued',
        error: message,
        runAt: new Date(Date.now() + retryDelayMs(job.attempts)),
      }).catch(() => {});
    } else await finishJob(this.db, job.id, this.workerId, { status: 'failed', error: message }).catch(() => {});
  }
}
