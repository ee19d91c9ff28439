import { deflateSync } from 'node:zlib';
import PDFKit from 'pdfkit';
import type { PlacedField } from '../../shared/signing.ts';

/** Fixtures of the signing suites (issue 30): a template, its fields, a drawn signature. */

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

/** A valid RGBA PNG (a dark diagonal stroke), written by hand: signature, IHDR, IDAT, IEND with CRCs. */
export function strokePng(w = 60, h = 20): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = (crcTable[(c ^ x) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((w * 4 + 1) * h);
  for (let y = 0; y < h; y++) {
    const x = Math.round((y / h) * w);
    const at = y * (w * 4 + 1) + 1 + x * 4;
    raw[at + 3] = 255; // an opaque black pixel on the diagonal
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
