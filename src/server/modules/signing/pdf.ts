import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { EncryptedPDFError, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import PDFKit from 'pdfkit';
import { type FieldKind, type PlacedField, SIGNING_MESSAGES } from '../../../shared/signing.ts';
import { badRequest } from '../../http/errors.ts';
import { arabicWriter, englishWriter } from '../ledger/pdf-writer.ts';

/**
 * The agreement's PDFs (issue 30, decision record 036), with pdf-lib: the template checked on
 * upload, the agreement generated for an investor (its text fields filled), and the executed
 * document (signatures drawn into their fields, the certificate page appended) before sealing.
 */

const require = createRequire(import.meta.url);
const SANS = require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf');
let sansBytes: Promise<Buffer> | undefined;
const sans = () => {
  sansBytes ??= import('node:fs/promises').then((fs) => fs.readFile(SANS));
  return sansBytes;
};

export interface TemplateInfo {
  pageCount: number;
  /** Each page's width and height in points. */
  pages: { w: number; h: number }[];
}

/**
 * Reads an uploaded template. An encrypted or unreadable PDF, or a field placed off its pages,
 * is refused (400 with a message); nothing is stored before this passes.
 */
export async function inspectTemplate(bytes: Uint8Array): Promise<TemplateInfo> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false });
  } catch (err) {
    // An encrypted file's objects do not parse as plain ones: its trailer names /Encrypt.
    if (err instanceof EncryptedPDFError || Buffer.from(bytes).includes('/Encrypt'))
      throw badRequest(SIGNING_MESSAGES.encrypted, { file: SIGNING_MESSAGES.encrypted });
    throw badRequest(SIGNING_MESSAGES.malformed, { file: SIGNING_MESSAGES.malformed });
  }
  // pdf-lib reads an encrypted file whose /Encrypt it does not recognise as plain: refuse it too.
  if (doc.isEncrypted) throw badRequest(SIGNING_MESSAGES.encrypted, { file: SIGNING_MESSAGES.encrypted });
  let pages: PDFPage[];
  try {
    pages = doc.getPages();
  } catch {
    throw badRequest(SIGNING_MESSAGES.malformed, { file: SIGNING_MESSAGES.malformed });
  }
  if (pages.length === 0) throw badRequest(SIGNING_MESSAGES.malformed, { file: SIGNING_MESSAGES.malformed });
  return { pageCount: pages.length, pages: pages.map((p) => ({ w: p.getWidth(), h: p.getHeight() })) };
}

/** Refuses fields off the template's pages (400 naming the page). */
export function checkFieldsOnPages(fields: readonly PlacedField[], info: TemplateInfo): void {
  for (const f of fields) {
    const page = info.pages[f.page - 1];
    if (!page) throw badRequest(SIGNING_MESSAGES.fieldOffPage(f.page), { fields: SIGNING_MESSAGES.fieldOffPage(f.page) });
    if (f.x + f.w > page.w + 0.5 || f.y + f.h > page.h + 0.5)
      throw badRequest(SIGNING_MESSAGES.fieldOutside(f.page), { fields: SIGNING_MESSAGES.fieldOutside(f.page) });
  }
}

const INK = rgb(0.05, 0.1, 0.35);

/** Letters pdf-lib cannot write: scripts that join and run right to left (Arabic, Hebrew). */
const SHAPED_SCRIPT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/** pdfkit's page margin the statements' writer starts its lines at (ledger/pdf-writer.ts LEFT). */
const WRITER_LEFT = 50;

/**
 * A line with Arabic in it, written by the statements' script writer (pdfkit: shaped, runs in
 * visual order, Latin in Helvetica) on a page of its own, then placed in the field as a form
 * XObject clipped to the field's width.
 */
async function drawShaped(doc: PDFDocument, page: PDFPage, f: PlacedField, text: string, size: number, y: number): Promise<void> {
  const lineHeight = size * 1.8;
  const width = f.w - 4;
  const bytes = await new Promise<Buffer>((resolve, reject) => {
    const kit = new PDFKit({
      size: [WRITER_LEFT * 2 + width, lineHeight],
      margins: { top: 0, bottom: 0, left: WRITER_LEFT, right: WRITER_LEFT },
    });
    const chunks: Buffer[] = [];
    kit.on('data', (b: Buffer) => chunks.push(b));
    kit.on('end', () => resolve(Buffer.concat(chunks)));
    kit.on('error', reject);
    try {
      englishWriter(kit).text(text, { size });
      kit.end();
    } catch (err) {
      reject(err);
    }
  });
  const line = await PDFDocument.load(bytes);
  const embedded = await doc.embedPage(line.getPage(0), { left: WRITER_LEFT, bottom: 0, right: WRITER_LEFT + width, top: lineHeight });
  page.drawPage(embedded, { x: f.x + 2, y });
}

/** Writes `text` in the field, on one line, as large as fits (at most 11 pt). */
async function fillText(doc: PDFDocument, page: PDFPage, f: PlacedField, text: string, font: PDFFont): Promise<void> {
  let size = Math.min(11, f.h * 0.7);
  if (SHAPED_SCRIPT.test(text)) return drawShaped(doc, page, f, text, size, f.y + (f.h - size * 1.8) / 2);
  while (size > 4 && font.widthOfTextAtSize(text, size) > f.w - 4) size -= 0.5;
  page.drawText(text, { x: f.x + 2, y: f.y + (f.h - size) / 2 + size * 0.2, size, font, color: rgb(0, 0, 0) });
}

/** The text values of the fields filled when the agreement is generated. */
export type TextValues = Partial<Record<Extract<FieldKind, 'investor_name' | 'entity' | 'amount' | 'date'>, string>>;

/** The agreement as shown to the investor: the template with name, entity, amount and date filled. */
export async function generateAgreement(template: Uint8Array, fields: readonly PlacedField[], values: TextValues): Promise<Buffer> {
  const doc = await PDFDocument.load(template, { updateMetadata: false });
  doc.registerFontkit(fontkit);
  // The whole font, not a subset: pdf-lib's subset of Noto Sans drew wrong glyphs ("$2" for
  // "$2,500.00", blanks for most letters) while the text layer read right (pdf.test.ts renders it).
  const font = await doc.embedFont(await sans());
  const pages = doc.getPages();
  for (const f of fields) {
    const value = values[f.kind as keyof TextValues];
    const page = pages[f.page - 1];
    if (value && page) await fillText(doc, page, f, value, font);
  }
  return Buffer.from(await doc.save());
}

/** A signature: a typed name (rendered in a script style) or a drawn PNG. */
import type { SignatureMark } from '../../auth/signature-mark.ts';

export type { SignatureMark };

/** The initials of a name: 'Amina Yusuf Okafor' -> 'AYO'. */
/**
 * The investor's initials: the first letter of each word, at most four. Letters of a joining
 * script (Arabic) are written with a full stop after each ("م.ع."), as Arabic initials are: side
 * by side they would join into one word.
 */
export const initialsOf = (name: string): string => {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => [...w][0]?.toUpperCase() ?? '')
    .slice(0, 4);
  return letters.some((l) => SHAPED_SCRIPT.test(l)) ? letters.map((l) => `${l}.`).join('') : letters.join('');
};

export { checkPng } from '../../auth/signature-mark.ts';

/** Whether a standard (WinAnsi) font can write the text: a typed Arabic name cannot. */
function encodes(font: PDFFont, text: string): boolean {
  try {
    font.widthOfTextAtSize(text, 10);
    return true;
  } catch {
    return false;
  }
}

async function drawMark(
  doc: PDFDocument,
  page: PDFPage,
  f: PlacedField,
  mark: SignatureMark,
  scriptFont: PDFFont,
  textFont: PDFFont,
): Promise<void> {
  if (mark.method === 'drawn') {
    const img = await doc.embedPng(mark.png);
    const scale = Math.min((f.w - 4) / img.width, (f.h - 4) / img.height);
    const w = img.width * scale;
    const h = img.height * scale;
    page.drawImage(img, { x: f.x + 2, y: f.y + (f.h - h) / 2, width: w, height: h });
  } else {
    // Arabic (or Hebrew): shaped by pdfkit's script writer, larger than a filled value.
    if (SHAPED_SCRIPT.test(mark.text)) {
      const size = Math.min(16, f.h * 0.5);
      await drawShaped(doc, page, f, mark.text, size, f.y + f.h * 0.2);
      page.drawLine({ start: { x: f.x, y: f.y + 2 }, end: { x: f.x + f.w, y: f.y + 2 }, thickness: 0.5, color: INK });
      return;
    }
    // The script style where it can write the name, else the embedded sans (other non-Latin names).
    const script = encodes(scriptFont, mark.text) ? scriptFont : textFont;
    let size = Math.min(22, f.h * 0.75);
    while (size > 6 && script.widthOfTextAtSize(mark.text, size) > f.w - 6) size -= 0.5;
    page.drawText(mark.text, { x: f.x + 3, y: f.y + f.h * 0.3, size, font: script, color: INK });
  }
  page.drawLine({ start: { x: f.x, y: f.y + 2 }, end: { x: f.x + f.w, y: f.y + 2 }, thickness: 0.5, color: INK });
}

export interface ExecuteInput {
  shown: Uint8Array;
  fields: readonly PlacedField[];
  investor: { mark: SignatureMark; name: string };
  gp: { mark: SignatureMark; nameTitle: string };
  /** The certificate page(s), a PDF of their own (pdfkit writes them; it shapes Arabic). */
  certificate: Uint8Array;
}

/** The executed agreement before sealing: every signature in its field, the certificate appended. */
export async function executedDocument(input: ExecuteInput): Promise<PDFDocument> {
  const doc = await PDFDocument.load(input.shown, { updateMetadata: false });
  doc.registerFontkit(fontkit);
  const text = await doc.embedFont(await sans());
  const script = await doc.embedFont(StandardFonts.TimesRomanBoldItalic);
  const pages = doc.getPages();
  const initials: SignatureMark = { method: 'typed', text: initialsOf(input.investor.name) };
  for (const f of input.fields) {
    const page = pages[f.page - 1];
    if (!page) continue;
    if (f.kind === 'investor_signature') await drawMark(doc, page, f, input.investor.mark, script, text);
    else if (f.kind === 'investor_initials') await drawMark(doc, page, f, initials, script, text);
    else if (f.kind === 'gp_signature') await drawMark(doc, page, f, input.gp.mark, script, text);
    else if (f.kind === 'gp_name_title') await fillText(doc, page, f, input.gp.nameTitle, text);
  }
  const cert = await PDFDocument.load(input.certificate);
  for (const p of await doc.copyPages(cert, cert.getPageIndices())) doc.addPage(p);
  return doc;
}

export interface CertificateSigner {
  role: string;
  name: string;
  email: string;
  method: string;
  reauth: string;
  atZone: string;
  atUtc: string;
  ip: string;
}

export interface CertificateContent {
  language: 'en' | 'ar';
  /** Labels in the page's language. */
  labels: {
    title: string;
    document: string;
    envelope: string;
    version: string;
    sha256: string;
    seal: string;
    signers: string;
    name: string;
    email: string;
    role: string;
    method: string;
    reauth: string;
    atZone: string;
    atUtc: string;
    ip: string;
    events: string;
  };
  documentTitle: string;
  envelopeId: string;
  version: string;
  sha256: string;
  seal: string;
  signers: CertificateSigner[];
  events: string[];
}

/** The signature certificate page, with pdfkit (English in Noto Sans/Helvetica, Arabic right to left, shaped). */
export function certificatePdf(c: CertificateContent): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFKit({ size: 'A4', margin: 50, info: { Title: c.labels.title }, compress: true });
    const chunks: Buffer[] = [];
    doc.on('data', (b: Buffer) => chunks.push(b));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      const w = c.language === 'ar' ? arabicWriter(doc) : englishWriter(doc);
      const L = c.labels;
      w.text(L.title, { bold: true, size: 16 });
      w.moveDown(0.5);
      w.row(L.document, c.documentTitle, 170);
      w.row(L.envelope, c.envelopeId, 170);
      w.row(L.version, c.version, 170);
      w.text(`${L.sha256}:`, { size: 9 });
      w.text(c.sha256, { size: 9 });
      w.moveDown(0.3);
      w.text(c.seal, { size: 10 });
      w.moveDown(0.6);
      w.text(L.signers, { bold: true, size: 12, keepWithNext: 3 });
      for (const s of c.signers) {
        w.moveDown(0.3);
        w.text(s.role, { bold: true, size: 10, keepWithNext: 8 });
        w.row(L.name, s.name, 170);
        w.row(L.email, s.email, 170);
        w.row(L.method, s.method, 170);
        w.row(L.reauth, s.reauth, 170);
        w.row(L.atZone, s.atZone, 170);
        w.row(L.atUtc, s.atUtc, 170);
        w.row(L.ip, s.ip, 170);
      }
      w.moveDown(0.6);
      w.text(L.events, { bold: true, size: 12, keepWithNext: 2 });
      for (const e of c.events) w.text(e, { size: 9 });
      doc.end();
    } catch (err) {
      reject(err);
    }
  });
}
