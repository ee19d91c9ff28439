import { parentPort } from 'node:worker_threads';
import { type DocumentJob, renderDocument } from './statements.ts';

/**
 * A document worker (decision 026): draws one statement or notice at a time from the plain data
 * the request thread gathered, and answers with the PDF's bytes (moved, not copied).
 */
const port = parentPort;
if (!port) throw new Error('pdf-worker runs as a worker thread');
port.on('message', async (job: DocumentJob) => {
  try {
    const pdf = await renderDocument(job);
    // A copy of its own, so that moving it never takes a shared allocation pool with it.
    const bytes = new Uint8Array(pdf);
    port.postMessage({ pdf: bytes }, [bytes.buffer]);
  } catch (err) {
    port.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
});
