import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import bidiFactory from 'bidi-js';

/**
 * Writes a statement's or notice's lines in English (Helvetica, left to right, as always) or in
 * Arabic (issue 16): right to left, with Noto Sans Arabic (a static TTF; pdfkit cannot subset the
 * web's variable WOFF2) shaped by fontkit, and mixed text (Latin names, amounts, dates) put in
 * visual order by the Unicode bidirectional algorithm (bidi-js), which pdfkit does not apply:
 * each line is cut into runs of one direction; an Arabic run goes to fontkit in logical order
 * (it shapes and reverses it), any other run in visual order (mirrored brackets applied).
 */
const require = createRequire(import.meta.url);
const ARABIC_REGULAR = require.resolve('@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf');
const ARABIC_BOLD = require.resolve('@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf');

const bidi = bidiFactory();

/**
 * The font file with its head table's checkSumAdjustment changed (`n`), so pdfkit embeds it as
 * a font of its own instead of reusing the first copy (it merges fonts whose head checksum and
 * names are equal). Renderers do not use that field; the embedded subset gets a new head anyway.
 */
function distinctCopy(file: string, n: number): Buffer {
  const data = Buffer.from(readFileSync(file));
  const tables = data.readUInt16BE(4);
  for (let i = 0; i < tables; i++) {
    const record = 12 + i * 16;
    if (data.toString('latin1', record, record + 4) === 'head') {
      const at = data.readUInt32BE(record + 8) + 8;
      data.writeUInt32BE((data.readUInt32BE(at) ^ n) >>> 0, at);
    }
  }
  return data;
}
const LEFT = 50;
const WIDTH = 495;

export interface TextStyle {
  bold?: boolean;
  size?: number;
  color?: string;
}

export interface PdfWriter {
  readonly rtl: boolean;
  /** A paragraph across the page (wrapped), at the start side. */
  text(text: string, style?: TextStyle): void;
  /** A label and its value on one row: label at the start side, value at the end side. */
  row(label: string, value: string, labelWidth?: number): void;
  moveDown(lines?: number): void;
}

/** The English writer: the calls the statements always made. */
export function englishWriter(doc: PDFKit.PDFDocument): PdfWriter {
  return {
    rtl: false,
    text(text, style = {}) {
      doc.font(style.bold ? 'Helvetica-Bold' : 'Helvetica');
      if (style.size) doc.fontSize(style.size);
      if (style.color) doc.fillColor(style.color);
      doc.text(text, LEFT);
    },
    row(label, value, labelWidth = 300) {
      const y = doc.y;
      doc
        .font('Helvetica')
        .fontSize(10)
        .text(label, LEFT, y, { width: labelWidth - 10 });
      const labelBottom = doc.y;
      doc.text(value, LEFT + labelWidth, y, { width: WIDTH - labelWidth, align: 'right' });
      doc.y = Math.max(doc.y, labelBottom);
      doc.moveDown(0.3);
    },
    moveDown(lines = 1) {
      doc.moveDown(lines);
    },
  };
}

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
// Bidi controls steer the algorithm but have no glyph.
const CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const CONTROL = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

interface Run {
  text: string;
  /** Hand to fontkit in logical order (an Arabic run: fontkit shapes and reverses it). */
  arabic: boolean;
}

/** One line in visual order, left to right, as runs. */
export function visualRuns(line: string): Run[] {
  const levels = bidi.getEmbeddingLevels(line, 'rtl');
  const order = Array.from({ length: line.length }, (_, i) => i);
  for (const [start = 0, end = -1] of bidi.getReorderSegments(line, levels)) {
    const part = order.slice(start, end + 1).reverse();
    order.splice(start, part.length, ...part);
  }
  const mirrored = bidi.getMirroredCharactersMap(line, levels.levels);
  const runs: Run[] = [];
  for (const i of order) {
    const ch = mirrored.get(i) ?? (line[i] as string);
    if (CONTROL.test(ch)) continue;
    const arabic = ARABIC.test(ch);
    const last = runs[runs.length - 1];
    if (last && last.arabic === arabic) last.text += ch;
    else runs.push({ text: ch, arabic });
  }
  // Arabic runs were collected in visual order; fontkit wants them logical (it reverses them itself).
  for (const r of runs) if (r.arabic) r.text = [...r.text].reverse().join('');
  return runs;
}

/** The Arabic writer: right to left, wrapped by words, each line reordered by the bidi algorithm. */
export function arabicWriter(doc: PDFKit.PDFDocument): PdfWriter {
  doc.registerFont('ar', ARABIC_REGULAR);
  doc.registerFont('ar-bold', ARABIC_BOLD);
  let font = 'ar';

  /**
   * Noto Sans Arabic draws several letters' joined forms with one glyph (the same skeleton, the
   * dots apart), and a PDF maps each glyph of a font to one text: with a single embedded copy,
   * extracted or copied text would read ت for ي. So a run goes to the first copy of the face
   * whose glyphs it would not remap, and a new copy is embedded when none fits (usually 2-3).
   */
  const copies: Record<string, string[]> = { ar: ['ar'], 'ar-bold': ['ar-bold'] };
  type Embedded = {
    font: { _glyphs: unknown[] };
    layoutCache: Record<string, unknown>;
    layout(text: string): { glyphs: { id: number; codePoints: number[] }[] };
    subset: { mapping: Record<number, number> };
    unicode: (number[] | undefined)[];
  };
  const faceFor = (text: string): string => {
    const names = copies[font] as string[];
    for (const name of names) {
      const f = (doc.font(name) as unknown as { _font: Embedded })._font;
      // fontkit caches glyph objects by id with the letters of their first use: start afresh so
      // this word's glyphs carry its own letters (pdfkit then caches the word's layout).
      f.font._glyphs = [];
      f.layoutCache = Object.create(null);
      const clash = f.layout(text).glyphs.some((g) => {
        const gid = f.subset.mapping[g.id];
        const known = gid === undefined ? undefined : f.unicode[gid];
        return known !== undefined && known.join(',') !== g.codePoints.join(',');
      });
      if (!clash) return name;
    }
    const name = `${font}~${names.length}`;
    doc.registerFont(name, distinctCopy(font === 'ar' ? ARABIC_REGULAR : ARABIC_BOLD, names.length));
    names.push(name);
    return name;
  };
  const width = (text: string) => doc.font(font).widthOfString(text.replace(CONTROLS, ''));

  const wrap = (text: string, max: number): string[] => {
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let current = '';
      for (const word of paragraph.split(' ')) {
        const next = current ? `${current} ${word}` : word;
        if (current && width(next) > max) {
          lines.push(current);
          current = word;
        } else current = next;
      }
      lines.push(current);
    }
    return lines;
  };

  /** Draws one line so that it ends at `right` (or starts at `left` when aligned to the left). */
  const drawLine = (line: string, box: { left: number; width: number; align: 'right' | 'left' }, y: number) => {
    const runs = visualRuns(line);
    const total = runs.reduce((sum, r) => sum + doc.font(font).widthOfString(r.text), 0);
    let x = box.align === 'right' ? box.left + box.width - total : box.left;
    for (const r of runs) {
      doc.font(r.arabic ? faceFor(r.text) : font).text(r.text, x, y, { lineBreak: false });
      x += doc.widthOfString(r.text);
    }
  };

  /** A block of text in a box; returns the y under it. */
  const block = (text: string, box: { left: number; width: number; align: 'right' | 'left' }, y: number) => {
    let top = y;
    for (const line of wrap(text, box.width)) {
      drawLine(line, box, top);
      top += doc.currentLineHeight(true);
    }
    return top;
  };

  return {
    rtl: true,
    text(text, style = {}) {
      font = style.bold ? 'ar-bold' : 'ar';
      doc.font(font);
      if (style.size) doc.fontSize(style.size);
      if (style.color) doc.fillColor(style.color);
      doc.y = block(text, { left: LEFT, width: WIDTH, align: 'right' }, doc.y);
      doc.x = LEFT;
    },
    row(label, value, labelWidth = 300) {
      font = 'ar';
      doc.font(font).fontSize(10);
      const y = doc.y;
      // The label on the right (the start side), the value on the left.
      const labelBottom = block(label, { left: LEFT + WIDTH - (labelWidth - 10), width: labelWidth - 10, align: 'right' }, y);
      const valueBottom = block(value, { left: LEFT, width: WIDTH - labelWidth, align: 'left' }, y);
      doc.y = Math.max(labelBottom, valueBottom);
      doc.x = LEFT;
      doc.moveDown(0.3);
    },
    moveDown(lines = 1) {
      doc.moveDown(lines);
    },
  };
}
