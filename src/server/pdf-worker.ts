import { parentPort } from 'node:worker_threads';
import { type DocumentJob, renderDocument } from './modules/ledger/statements.ts';
import { runSigningJob, SIGNING_JOB_KINDS, type SigningPdfJob } from './modules/signing/pdf-jobs.ts';

/**
 * A document worker (decision 026): draws one document at a time from the plain data the request
 * thread gathered, and answers with the PDF's bytes (moved, not copied). It composes the modules
 * that draw (like app.ts composes routes): statements and notices (ledger), subscription
 * agreements and their sealed executed copies (signing).
 */
const port = parentPort;
if (!port) throw new Error('pdf-worker runs as a worker thread');
port.on('message', async (job: DocumentJob | SigningPdfJob) => {
  try {
    const pdf = SIGNING_JOB_KINDS.has(job.kind) ? await runSigningJob(job as SigningPdfJob) : await renderDocument(job as DocumentJob);
    // A copy of its own, so that moving it never takes a shared allocation pool with it.
    const bytes = new Uint8Array(pdf);
    port.postMessage({ pdf: bytes }, [bytes.buffer]);
  } catch (err) {
    port.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
});
