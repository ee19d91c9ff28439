import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import type { DocumentJob } from './statements.ts';

/**
 * Statements and capital call notices are drawn off the request thread (issue 27 item 9,
 * decision 026): pdfkit and fontkit's Arabic shaping take tens to hundreds of milliseconds of
 * CPU per document, and on the request thread twenty downloads at once held every other request
 * (/api/health went from 58 ms to seconds). The request thread gathers the figures (the
 * database), a worker thread draws the PDF from them (plain data in, bytes out).
 *
 * A few workers (PDF_WORKERS) take jobs from one queue in arrival order; at most PDF_QUEUE_LIMIT
 * jobs wait, and one more download is answered 503 with Retry-After at once rather than kept
 * waiting behind a queue that cannot move sooner. A statement run's jobs (background) are not
 * refused: the run adds one at a time and waits for it. Each requester (a user) holds at most
 * PDF_PER_USER_LIMIT documents at a time, gathering or drawing (`claim`); one more is 429 for that
 * requester alone, so no single investor's downloads slow everyone or fill the queue.
 */
/**
 * A job a worker can draw: plain data (structured clone) with its kind. The worker
 * (src/server/pdf-worker.ts) dispatches on the kind: statements and notices, or signing's jobs.
 */
export type PdfJob = DocumentJob | { kind: string };

export interface PdfRenderer {
  render(job: PdfJob, opts?: { background?: boolean }): Promise<Buffer>;
  /**
   * Holds one of the requester's document places from before the figures are gathered until the
   * PDF is drawn (call the answer to give it back). A requester already holding PDF_PER_USER_LIMIT
   * places gets 429 at once: one person's burst of downloads cannot fill the shared queue.
   */
  claim(requester: string): () => void;
  /** Jobs drawing and waiting now. */
  load(): { running: number; waiting: number };
  close(): Promise<void>;
}

/** Seconds a refused download is told to wait before trying again (its message says 5). */
export const PDF_RETRY_AFTER_SECONDS = 5;
/** What a requester past their own limit is told (429). */
export const PDF_PER_USER_MESSAGE = 'Your other documents are still being prepared; try again in 5 seconds';
/** A document that takes longer than this is abandoned (its worker is replaced). */
const JOB_TIMEOUT_MS = 120_000;

interface Task {
  job: PdfJob;
  resolve: (pdf: Buffer) => void;
  reject: (err: unknown) => void;
}
interface Slot {
  worker: Worker;
  task: Task | null;
  timer: NodeJS.Timeout | null;
}

const require = createRequire(import.meta.url);
/**
 * The worker's first code: it registers tsx's loader (the server runs from TypeScript sources,
 * under tsx in `npm start`, `npm run dev` and the tests alike) and then loads the worker module.
 */
const BOOT = `
const { workerData } = require('node:worker_threads');
import(workerData.tsx).then((m) => { m.register(); return import(workerData.entry); })
  .catch((err) => { console.error('PDF worker failed to start', err); process.exit(1); });
`;
/** tsx's ES module API (its CommonJS build cannot register the ES module loader from a worker). */
function tsxEsmApi(): string {
  const manifest = require.resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: { './esm/api': { import: { default: string } } } };
  return new URL(exports['./esm/api'].import.default, pathToFileURL(manifest)).href;
}
const BOOT_DATA = {
  tsx: tsxEsmApi(),
  entry: new URL('../../pdf-worker.ts', import.meta.url).href,
};

const busy = () =>
  new HttpError(503, 'Too many documents are being prepared right now; try again in 5 seconds', {
    code: 'DOCUMENTS_BUSY',
    headers: { 'retry-after': String(PDF_RETRY_AFTER_SECONDS) },
  });

const tooMany = () =>
  new HttpError(429, PDF_PER_USER_MESSAGE, {
    code: 'DOCUMENTS_PER_USER',
    headers: { 'retry-after': String(PDF_RETRY_AFTER_SECONDS) },
  });

export function createPdfPool(opts: { workers: number; queueLimit: number; perUserLimit?: number }): PdfRenderer {
  const perUser = opts.perUserLimit ?? Number.POSITIVE_INFINITY;
  const held = new Map<string, number>();
  const slots: Slot[] = [];
  const waiting: Task[] = [];
  let closed = false;

  const finish = (slot: Slot, err: unknown, pdf?: Buffer) => {
    const task = slot.task;
    slot.task = null;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    if (task) {
      if (pdf) task.resolve(pdf);
      else task.reject(err);
    }
  };

  const drop = (slot: Slot, err: unknown) => {
    const i = slots.indexOf(slot);
    if (i >= 0) slots.splice(i, 1);
    finish(slot, err);
    void slot.worker.terminate();
    pump();
  };

  const spawn = (): Slot => {
    const worker = new Worker(BOOT, { eval: true, workerData: BOOT_DATA });
    // Idle workers do not keep the process alive; a request waiting on one keeps its socket.
    worker.unref();
    const slot: Slot = { worker, task: null, timer: null };
    worker.on('message', (m: { pdf?: Uint8Array; error?: string }) => {
      if (m.pdf) finish(slot, null, Buffer.from(m.pdf.buffer, m.pdf.byteOffset, m.pdf.byteLength));
      else finish(slot, new Error(m.error ?? 'The document could not be drawn'));
      pump();
    });
    worker.on('error', (err) => drop(slot, err));
    worker.on('exit', (code) => {
      if (slots.includes(slot)) drop(slot, new Error(`The document worker stopped (exit code ${code})`));
    });
    slots.push(slot);
    return slot;
  };

  function pump() {
    while (!closed && waiting.length > 0) {
      let slot = slots.find((s) => s.task === null);
      if (!slot && slots.length < opts.workers) slot = spawn();
      if (!slot) return;
      const task = waiting.shift() as Task;
      slot.task = task;
      const s = slot;
      s.timer = setTimeout(
        () => drop(s, new HttpError(503, 'The document took too long to prepare; try again later', { code: 'DOCUMENT_TIMEOUT' })),
        JOB_TIMEOUT_MS,
      );
      s.worker.postMessage(task.job);
    }
  }

  return {
    render(job, { background = false } = {}) {
      if (closed) return Promise.reject(new HttpError(503, 'The server is shutting down; try again shortly', { code: 'SHUTTING_DOWN' }));
      if (!background && waiting.length >= opts.queueLimit) return Promise.reject(busy());
      return new Promise<Buffer>((resolve, reject) => {
        waiting.push({ job, resolve, reject });
        pump();
      });
    },
    claim(requester) {
      const n = held.get(requester) ?? 0;
      if (n >= perUser) throw tooMany();
      held.set(requester, n + 1);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        const left = (held.get(requester) ?? 1) - 1;
        if (left > 0) held.set(requester, left);
        else held.delete(requester);
      };
    },
    load: () => ({ running: slots.filter((s) => s.task !== null).length, waiting: waiting.length }),
    async close() {
      closed = true;
      const stopped = new HttpError(503, 'The server is shutting down; try again shortly', { code: 'SHUTTING_DOWN' });
      for (const t of waiting.splice(0)) t.reject(stopped);
      await Promise.all(
        slots.splice(0).map((s) => {
          finish(s, stopped);
          return s.worker.terminate();
        }),
      );
    },
  };
}

const pools = new WeakMap<AppContext, PdfRenderer>();

/** The server's document pool, made on first use with the configured size. */
export function documentRenderer(ctx: AppContext): PdfRenderer {
  let pool = pools.get(ctx);
  if (!pool) {
    pool = createPdfPool(ctx.config.pdf);
    pools.set(ctx, pool);
  }
  return pool;
}

/** Stops the server's document workers (on close; a later use makes a new pool). */
export async function closeDocumentRenderer(ctx: AppContext): Promise<void> {
  const pool = pools.get(ctx);
  pools.delete(ctx);
  await pool?.close();
}
