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

const LEFT = 50;
const WIDTH = 495;

export interface TextStyle {
  bold?: boolean;
  size?: number;
  color?: string;
  /** Rows that must fit under this text on its page (a heading is not left alone at a page's foot). */
  keepWithNext?: number;
}

/** pdfkit's font size until one is set. */
const DEFAULT_SIZE = 12;
/** A row's height in lines of its 10 pt text: the line and the 0.3 line under it. */
const ROW_LINES = 1.3;

export interface PdfWriter {
  readonly rtl: boolean;
  /** A paragraph across the page (wrapped), at the start side. */
  text(text: string, style?: TextStyle): void;
  /** A label and its value on one row: label at the start side, value at the end side. */
  row(label: string, value: string, labelWidth?: number): void;
  moveDown(lines?: number): void;
}

/**
 * Starts a new page when `height` more points from `y` would cross the page's bottom margin (a
 * page that is still empty takes whatever comes), and returns the y to draw at. The new page
 * keeps the fill colour (a PDF page starts black), as pdfkit's own wrapping does.
 */
function roomFor(doc: PDFKit.PDFDocument, y: number, height: number): number {
  if (y + height <= doc.page.maxY() || y <= doc.page.margins.top) return y;
  doc.continueOnNewPage();
  const fill = (doc as unknown as { _fillColor?: [PDFKit.Mixins.ColorValue, number] })._fillColor;
  if (fill) doc.fillColor(...fill);
  return doc.y;
}

/** The English writer: the calls the statements always made. */
export function englishWriter(doc: PDFKit.PDFDocument): PdfWriter {
  let size = DEFAULT_SIZE;
  return {
    rtl: false,
    text(text, style = {}) {
      const keep = style.keepWithNext ? style.keepWithNext * ROW_LINES * doc.font('Helvetica', 10).currentLineHeight(true) : 0;
      size = style.size ?? size;
      doc.font(style.bold ? 'Helvetica-Bold' : 'Helvetica', size);
      if (style.color) doc.fillColor(style.color);
      // pdfkit wraps onto new pages by itself; a heading first makes room for what it keeps with it.
      if (keep) doc.y = roomFor(doc, doc.y, doc.heightOfString(text, { width: WIDTH }) + keep);
      doc.text(text, LEFT);
    },
    row(label, value, labelWidth = 300) {
      size = 10;
      doc.font('Helvetica', size);
      // pdfkit moves text that would cross the bottom margin to a new page by itself, but the
      // value is drawn at the label's y: the whole row goes to the next page first.
      const height = Math.max(
        doc.heightOfString(label, { width: labelWidth - 10 }),
        doc.heightOfString(value, { width: WIDTH - labelWidth, align: 'right' }),
      );
      const y = roomFor(doc, doc.y, height);
      doc.text(label, LEFT, y, { width: labelWidth - 10 });
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

/** The parts of pdfkit's embedded font (and of its fontkit font) that `distinctGlyphPerText` replaces. */
interface Glyph {
  id: number;
  codePoints: number[];
  advanceWidth: number;
}
interface EmbeddedFont {
  font: { getGlyph(id: number, codePoints?: number[]): Glyph; _glyphs: Record<number, Glyph | undefined> };
  subset: { glyphs: number[]; includeGlyph(id: number): number };
  unicode: (number[] | undefined)[];
  widths: (number | undefined)[];
  scale: number;
  layout(text: string, features?: unknown): { glyphs: Glyph[]; positions: unknown[] };
  encode(text: string, features?: unknown): [string[], unknown[]];
}

/**
 * Noto Sans Arabic draws several letters' joined forms with one glyph (the same skeleton, the dots
 * apart: medial ت, ث, ن, ي and ب share one), and a PDF maps each glyph code of a font to one text
 * (its ToUnicode map), so with the glyph written once, extracted or copied text would read ت for
 * ي, even inside one word ("تاريخ" as "تارتخ"). So each (glyph, letters) pair gets a code of its
 * own: the glyph's outline is stored again in the subset under a new code that maps to the other
 * letters. The drawing does not change; one font is embedded per face.
 *
 * fontkit caches a glyph object per glyph id with the letters of its first use; the font object of
 * this document gets a fresh glyph object per request so that each laid-out glyph carries its own
 * letters (pdfkit caches the layout of each word, so this costs little).
 */
function distinctGlyphPerText(doc: PDFKit.PDFDocument): void {
  const f = (doc as unknown as { _font: EmbeddedFont })._font;
  const getGlyph = f.font.getGlyph.bind(f.font);
  f.font.getGlyph = (id, codePoints = []) => {
    delete f.font._glyphs[id];
    return getGlyph(id, codePoints);
  };
  const codes = new Map<string, number>();
  f.encode = (text, features) => {
    const { glyphs, positions } = f.layout(text, features);
    const hex = glyphs.map((g) => {
      const letters = g.codePoints.join(',');
      const key = `${g.id}:${letters}`;
      let code = codes.get(key);
      if (code === undefined) {
        code = f.subset.includeGlyph(g.id);
        const known = f.unicode[code];
        if (known !== undefined && known.join(',') !== letters) {
          f.subset.glyphs.push(g.id);
          code = f.subset.glyphs.length - 1;
        }
        codes.set(key, code);
        f.widths[code] ??= g.advanceWidth * f.scale;
        f.unicode[code] ??= g.codePoints;
      }
      return `0000${code.toString(16)}`.slice(-4);
    });
    return [hex, positions];
  };
}

/** The Arabic writer: right to left, wrapped by words, each line reordered by the bidi algorithm. */
export function arabicWriter(doc: PDFKit.PDFDocument): PdfWriter {
  doc.registerFont('ar', ARABIC_REGULAR);
  doc.registerFont('ar-bold', ARABIC_BOLD);
  let font = 'ar';
  let size = DEFAULT_SIZE;

  // Created on first use; from then on one font object per face for the whole document.
  distinctGlyphPerText(doc.font('ar-bold'));
  distinctGlyphPerText(doc.font('ar'));
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
      doc.font(font).text(r.text, x, y, { lineBreak: false });
      x += doc.widthOfString(r.text);
    }
  };

  /**
   * Lines side by side (one per box, the row's label and value), line after line from `y`; a
   * line that would cross the bottom margin goes to a new page (its neighbours with it), as
   * pdfkit's own wrapping does. With `keep` (points), all of them and `keep` more move to the
   * next page if they do not fit on this one. Returns the y under them.
   */
  const columns = (
    parts: { lines: string[]; box: { left: number; width: number; align: 'right' | 'left' } }[],
    y: number,
    keep: number | null = null,
  ) => {
    const lineHeight = doc.font(font).currentLineHeight(true);
    const count = Math.max(...parts.map((p) => p.lines.length));
    let top = keep === null ? y : roomFor(doc, y, count * lineHeight + keep);
    for (let i = 0; i < count; i++) {
      top = roomFor(doc, top, lineHeight);
      for (const p of parts) {
        const line = p.lines[i];
        if (line !== undefined) drawLine(line, p.box, top);
      }
      top += lineHeight;
    }
    return top;
  };

  return {
    rtl: true,
    text(text, style = {}) {
      const keep = style.keepWithNext ? style.keepWithNext * ROW_LINES * doc.font('ar', 10).currentLineHeight(true) : null;
      font = style.bold ? 'ar-bold' : 'ar';
      size = style.size ?? size;
      doc.font(font, size);
      if (style.color) doc.fillColor(style.color);
      doc.y = columns([{ lines: wrap(text, WIDTH), box: { left: LEFT, width: WIDTH, align: 'right' } }], doc.y, keep);
      doc.x = LEFT;
    },
    row(label, value, labelWidth = 300) {
      font = 'ar';
      size = 10;
      doc.font(font, size);
      // The label on the right (the start side), the value on the left; both on one page.
      doc.y = columns(
        [
          { lines: wrap(label, labelWidth - 10), box: { left: LEFT + WIDTH - (labelWidth - 10), width: labelWidth - 10, align: 'right' } },
          { lines: wrap(value, WIDTH - labelWidth), box: { left: LEFT, width: WIDTH - labelWidth, align: 'left' } },
        ],
        doc.y,
        0,
      );
      doc.x = LEFT;
      doc.moveDown(0.3);
    },
    moveDown(lines = 1) {
      doc.moveDown(lines);
    },
  };
}
