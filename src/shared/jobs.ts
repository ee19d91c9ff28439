import { z } from 'zod';

/**
 * Durable background jobs (issue 32, decision 041): what the admin's Jobs screen shows. A job is
 * a row in the database; any server answers for it, whichever server runs it.
 */
export const JOB_KINDS = [
  'statement-run',
  'email-outbox',
  'daily-notices',
  'storage-sweep',
  'audit-verify',
  'evidence-pack',
  'webhook-outbox',
  'screening-rescreen',
  'screening-investor',
  'retention-review',
  'signing-deadlines',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** Each kind's parameters, as stored in `jobs.params` (the typed registry of decision 041). */
export interface JobParams {
  'statement-run': { from: string; to: string; ip: string };
  'email-outbox': Record<string, never>;
  'daily-notices': Record<string, never>;
  'storage-sweep': Record<string, never>;
  /** The daily walk of the activity log's hash chain (decision 042). */
  'audit-verify': Record<string, never>;
  /** The regulator's evidence pack (decision 052): the pack's row names its scope. */
  'evidence-pack': { packId: string; ip: string };
  /** Due webhook deliveries and their retries (decision 047). */
  'webhook-outbox': Record<string, never>;
  /** Everyone re-screened against a list import's added and changed entries (decision 050). */
  'screening-rescreen': { importId: string };
  /** One investor (and their named persons) screened against every current list (decision 050). */
  'screening-investor': { investorId: string };
  /** The daily list of investors whose records are past retention (decision 054). */
  'retention-review': Record<string, never>;
  /** Subscription agreements: expiry and the scheduled reminders to sign (decision 036). */
  'signing-deadlines': Record<string, never>;
}

/**
 * A job's outcome as a message of the `jobs` catalogue (`outcome.<key>` with its numbers), never an
 * English sentence (decision 059): the Jobs screen renders it in the reader's language, the server
 * renders the English one for `result`. Stored in `jobs.result` (jsonb) as `{ key, values }`.
 */
export const JOB_OUTCOME_KEYS = [
  'statementsGenerated',
  'statementsGeneratedFailed',
  'rescreened',
  'screened',
  'emailsAttempted',
  'webhookAttempts',
  'noticesChecked',
  'auditIntact',
  'auditBroken',
  'retentionReviewed',
  'signingDeadlines',
  'storageSwept',
  'packProduced',
  'packAlreadyProduced',
  'packRemoved',
] as const;
export type JobOutcomeKey = (typeof JOB_OUTCOME_KEYS)[number];
/**
 * A job's failure as a message (`error.<key>`): the known ones (the runner's own, and any a handler
 * throws as a JobFailure) with their counts, and `unexpected` for any other exception: the screen
 * then names the job's id as the reference in the server log, and the exception's own English text
 * stays in `jobs.error` for the admin.
 */
export const JOB_ERROR_KEYS = ['gaveUp', 'noHandler', 'statementsAllFailed', 'unexpected'] as const;
export type JobErrorKey = (typeof JOB_ERROR_KEYS)[number];
/** A failure the product knows and stores as its English catalogue sentence (never `unexpected`). */
export type KnownJobErrorKey = Exclude<JobErrorKey, 'unexpected'>;

export interface JobMessage<K extends string = JobOutcomeKey | JobErrorKey> {
  key: K;
  /** Counts only (names and free text stay out of a message: they are data, not catalogue). */
  values: Record<string, number>;
}

export const jobOutcome = (key: JobOutcomeKey, values: Record<string, number> = {}): JobMessage<JobOutcomeKey> => ({ key, values });

/** A stored `jobs.result` read back as a message; null for a legacy English text or anything else. */
export function storedOutcome(stored: unknown): JobMessage<JobOutcomeKey> | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const { key, values } = stored as { key?: unknown; values?: unknown };
  if (typeof key !== 'string' || !(JOB_OUTCOME_KEYS as readonly string[]).includes(key)) return null;
  const numbers = Object.entries(typeof values === 'object' && values !== null ? values : {}).filter(
    (e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1]),
  );
  return { key: key as JobOutcomeKey, values: Object.fromEntries(numbers) };
}

interface KnownJobError {
  /** The English text stored in `jobs.error` (the log's and the API's); `subject` an English name it may carry (a kind). */
  text(values: Record<string, number>, subject?: string): string;
  /** The counts back from a stored text; null when the text is not this failure's. */
  read(text: string): Record<string, number> | null;
  /** The stored text carries an exception's own English words too, shown folded below the sentence. */
  detail?: true;
}

/**
 * The known failures' texts, written (by a JobFailure on the server) and recognised here only. A
 * new known failure: its key in JOB_ERROR_KEYS, its entry here, and its `error.<key>` sentences.
 */
export const JOB_ERRORS: Record<KnownJobErrorKey, KnownJobError> = {
  gaveUp: {
    text: (values) => `Gave up after ${values.attempts} attempts`,
    read: (text) => {
      const m = /^Gave up after (\d+) attempts$/.exec(text);
      return m ? { attempts: Number(m[1]) } : null;
    },
  },
  noHandler: {
    text: (_values, kind) => `No handler for jobs of kind ${kind ?? ''}`,
    read: (text) => (text.startsWith('No handler for jobs of kind ') ? {} : null),
  },
  /** A statement run in which no statement could be stored; `subject` is the last one's exception. */
  statementsAllFailed: {
    text: (values, lastError) => `All ${values.failed} statements failed; the last error: ${lastError ?? 'unknown'}`,
    read: (text) => {
      const m = /^All (\d+) statements failed; the last error: /.exec(text);
      return m ? { failed: Number(m[1]) } : null;
    },
    detail: true,
  },
};

/** A stored error text as a message: a known failure's, else `unexpected` (an exception's own text); null for none. */
export function jobErrorMessage(error: string | null): JobMessage<JobErrorKey> | null {
  if (error === null) return null;
  for (const key of Object.keys(JOB_ERRORS) as KnownJobErrorKey[]) {
    const values = JOB_ERRORS[key].read(error);
    if (values) return { key, values };
  }
  return { key: 'unexpected', values: {} };
}

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/**
 * Finished jobs (done or failed) leave the jobs table this many days after they finished (decision
 * 059); queued and running jobs (and the periodic kinds' one row each) are never removed. A job row
 * is operational: what a job produces for the regulator is kept in its own records, for their own
 * periods (statements in the document vault, evidence packs, the activity log's chain, screening
 * results), and a job's start and outcome are logged there too. 180 days keep two quarters of
 * statement runs, so the Jobs screen always shows the last quarter's run and its failures, and
 * half a year of failures to look into; beyond that the table only grows (one row per screening,
 * per pack, per run).
 */
export const FINISHED_JOB_RETENTION_DAYS = 180;
export type JobStatus = (typeof JOB_STATUSES)[number];

export interface JobProgress {
  /** Items in all (statements to generate); null when the job does not count items. */
  total: number | null;
  done: number;
  failed: number;
}

export interface JobView {
  id: string;
  kind: JobKind;
  status: JobStatus;
  /** True for a job that runs every few seconds or minutes (it goes back to queued after each run). */
  periodic: boolean;
  startedBy: { id: string; name: string } | null;
  progress: JobProgress;
  /** A short account of the last run's outcome, in English (`resultMessage` rendered; older rows: as stored). */
  result: string | null;
  /** The outcome as a message of the `jobs` catalogue: the screen shows it in the reader's language. Null on rows from before. */
  resultMessage: JobMessage<JobOutcomeKey> | null;
  /** The last failure as the server wrote it (English: a known failure's sentence, or an exception's own text). */
  error: string | null;
  /** The last failure as a catalogue message: a known one's, else `unexpected`; null when there is no failure. */
  errorMessage: JobMessage<JobErrorKey> | null;
  attempts: number;
  maxAttempts: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  runAt: string;
}

export interface JobList {
  /** Queued and running jobs first, then the most recent finished ones. */
  jobs: JobView[];
}

export const jobListQuery = z.object({
  status: z.enum(JOB_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
