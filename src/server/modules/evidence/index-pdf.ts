import PDFDocument from 'pdfkit';
import { englishWriter } from '../ledger/pdf-writer.ts';
import type { ZipEntry } from './zip.ts';

export interface IndexSection {
  title: string;
  /** What the section holds, one line per record kind: label and count. */
  counts: { label: string; count: number }[];
}

/**
 * The pack's printable index (decision 052): what the pack covers, who produced it when, the
 * audit head it is anchored to, the records by kind, and every file with its size and SHA-256,
 * so that a paper copy identifies each electronic file.
 */
export function indexPdf(p: {
  company: string;
  scopeLine: string;
  producedAt: string;
  producedBy: string;
  headSeq: number;
  headHash: string;
  extractRows: number;
  sections: IndexSection[];
  files: (ZipEntry & { recorded?: string | null })[];
}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: `Evidence pack: ${p.scopeLine}`, Producer: p.company },
      compress: true,
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      const w = englishWriter(doc);
      w.text(`${p.company}: evidence pack`, { bold: true, size: 16 });
      w.text(p.scopeLine, { size: 12 });
      w.moveDown(0.5);
      w.row('Produced', p.producedAt);
      w.row('Produced by', p.producedBy);
      w.row('Audit chain head', `position ${p.headSeq}`);
      w.text(p.headHash, { size: 8 });
      w.row('Audit rows extracted', String(p.extractRows));
      w.moveDown();
      w.text('Records by kind', { bold: true, size: 13, keepWithNext: 2 });
      for (const s of p.sections) {
        w.text(s.title, { bold: true, size: 10, keepWithNext: 1 });
        for (const c of s.counts) w.row(c.label, String(c.count));
      }
      w.moveDown();
      w.text('Files in the archive', { bold: true, size: 13, keepWithNext: 2 });
      w.text(
        'Each file with its size in bytes and its SHA-256 (hex). "Recorded" is the hash stored when the file was uploaded or generated; it matches unless noted.',
        {
          size: 9,
          color: '#555555',
        },
      );
      for (const f of p.files) {
        w.text(`${f.path}  (${f.size} bytes)`, { size: 9, keepWithNext: 1 });
        const note = f.recorded && f.recorded !== f.sha256 ? `  DIFFERS from recorded ${f.recorded}` : '';
        w.text(`${f.sha256}${note}`, { size: 7, color: note ? '#b00020' : '#333333' });
      }
      w.moveDown();
      w.text('How to verify: see README.txt in the archive (the hash recipe) and run verify-chain.mjs.', { size: 9 });
      doc.end();
    } catch (err) {
      reject(err);
    }
  });
}
