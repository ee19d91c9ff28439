import type { PlacedField } from '../../../shared/signing.ts';
import {
  type CertificateContent,
  certificatePdf,
  executedDocument,
  generateAgreement,
  type SignatureMark,
  type TextValues,
} from './pdf.ts';
import { type SealCertificate, sealPdf } from './seal.ts';

/**
 * The agreement's CPU work as plain-data jobs for the document workers (decision 026, issue 30
 * "100 in a row without blocking other requests"): filling the template, and drawing the
 * signatures, the certificate page and the PAdES seal of the executed copy. Measured on the
 * request thread they held the event loop for hundreds of milliseconds per agreement (bench item
 * 14: a deal-list read's p99 rose 11.3 times during 100 agreements). The request thread reads the
 * files and the database; a worker draws and seals (bytes in, bytes out).
 */
export type SigningPdfJob =
  | { kind: 'agreement'; template: Uint8Array; fields: readonly PlacedField[]; values: TextValues }
  | {
      kind: 'executed';
      shown: Uint8Array;
      fields: readonly PlacedField[];
      investor: { mark: SignatureMark; name: string };
      gp: { mark: SignatureMark; nameTitle: string };
      certificate: CertificateContent;
      cert: SealCertificate;
      seal: { reason: string; location: string; name: string };
    };

export const SIGNING_JOB_KINDS: ReadonlySet<string> = new Set(['agreement', 'executed']);

/** A drawn mark's PNG crosses to the worker as a Uint8Array: a Buffer again for pdf-lib. */
const asMark = (m: SignatureMark): SignatureMark => (m.method === 'drawn' ? { method: 'drawn', png: Buffer.from(m.png) } : m);

/** Runs one job (in a document worker; the same code on any thread). */
export async function runSigningJob(job: SigningPdfJob): Promise<Buffer> {
  if (job.kind === 'agreement') return generateAgreement(job.template, job.fields, job.values);
  const certificate = await certificatePdf(job.certificate);
  const doc = await executedDocument({
    shown: job.shown,
    fields: job.fields,
    investor: { ...job.investor, mark: asMark(job.investor.mark) },
    gp: { ...job.gp, mark: asMark(job.gp.mark) },
    certificate,
  });
  return sealPdf(doc, { ...job.cert, p12: Buffer.from(job.cert.p12) }, job.seal);
}
