import PDFKit from 'pdfkit';
import type { PlacedField } from '../../shared/signing.ts';

/**
 * The subscription-pack fixture (issue 30) without the in-process harness, so scripts that talk
 * to a real server over HTTP (the fault tests, bench/load.ts) can use it too.
 */

/** A template made here with pdfkit: two A4 pages of fictional text. */
export function templatePdf(opts: { userPassword?: string } = {}): Promise<Buffer> {
  return new Promise((resolve) => {
    const d = new PDFKit({ size: 'A4', ...(opts.userPassword ? { userPassword: opts.userPassword } : {}) });
    const chunks: Buffer[] = [];
    d.on('data', (c: Buffer) => chunks.push(c));
    d.on('end', () => resolve(Buffer.concat(chunks)));
    d.text('Test subscription agreement, page one.');
    d.addPage();
    d.text('Test subscription agreement, page two: signatures.');
    d.end();
  });
}

export const FULL_FIELDS: PlacedField[] = [
  { page: 1, x: 72, y: 600, w: 250, h: 18, kind: 'investor_name' },
  { page: 1, x: 72, y: 570, w: 250, h: 18, kind: 'entity' },
  { page: 1, x: 72, y: 540, w: 200, h: 18, kind: 'amount' },
  { page: 1, x: 72, y: 510, w: 200, h: 18, kind: 'date' },
  { page: 1, x: 480, y: 40, w: 60, h: 24, kind: 'investor_initials' },
  { page: 2, x: 72, y: 200, w: 220, h: 50, kind: 'investor_signature' },
  { page: 2, x: 320, y: 200, w: 220, h: 50, kind: 'gp_signature' },
  { page: 2, x: 320, y: 170, w: 220, h: 18, kind: 'gp_name_title' },
];
