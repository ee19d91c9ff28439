import { createRequire } from 'node:module';
import bidiFactory from 'bidi-js';

/**
 * Writes a statement's or notice's lines in English (Helvetica, left to right) or in Arabic
 * (issue 16). A line of an English document with Arabic in it (an investor's or a deal's name)
 * goes through the same path as Arabic documents, left to right (issue 27 item 10, decision
 * 026): its Arabic runs in Noto Sans Arabic, shaped, the rest in Helvetica. Arabic documents are
 * written right to left, with Noto Sans Arabic (a static TTF; pdfkit cannot subset the
 * web's variable WOFF2) shaped by fontkit, and mixed text (Latin names, amounts, dates) put in
 * visual order by the Unicode bidirectional algorithm (bidi-js), which pdfkit does not apply:
 * each line is cut into runs of one direction; an Arabic run goes to fontkit in logical order
 * (it shapes and reverses it), any other run in visual order (mirrored brackets applied).
 */
const require = createRequire(import.meta.url);
const ARABIC_REGULAR = require.resolve('@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf');
const ARABIC_BOLD = require.resolve('@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf');
/** Noto Sans (Latin, Greek, Cyrillic, Devanagari, ...) for letters Noto Sans Arabic does not have. */
const SANS_REGULAR = require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf');
const SANS_BOLD = require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf');
/**
 * Chinese characters and Japanese kana (Noto Sans SC) and Hangul (Noto Sans KR), for names in
 * those scripts (issue 27 item 10): regular weight only (each face is 6 to 10 MB; pdfkit embeds
 * only the glyphs used), opened only when a character no other font has is drawn.
 */
const CJK = require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
const HANGUL = require.resolve('@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf');

/** The fallback faces' glyph tables, read once per process when first needed. */
type GlyphTable = { hasGlyphForCodePoint(cp: number): boolean };
const glyphTables = new Map<string, GlyphTable>();
function glyphTable(path: string): GlyphTable {
  let table = glyphTables.get(path);
  if (!table) {
    table = (require('fontkit') as { openSync(p: string): GlyphTable }).openSync(path);
    glyphTables.set(path, table);
  }
  return table;
}
/** The fallback face that has a character none of the others has: Noto Sans, then SC, then KR. */
function fallbackKind(cp: number): 'sans' | 'cjk' | 'hangul' {
  if (glyphTable(SANS_REGULAR).hasGlyphForCodePoint(cp)) return 'sans';
  if (glyphTable(CJK).hasGlyphForCodePoint(cp)) return 'cjk';
  if (glyphTable(HANGUL).hasGlyphForCodePoint(cp)) return 'hangul';
  return 'sans';
}

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

/**
 * What Helvetica (a PDF standard font, WinAnsi-encoded) can draw: Latin-1 and the few
 * typographic characters of Windows-1252. Any other character (Arabic, Cyrillic, ...) drawn in
 * it comes out as other characters, so a line with one goes through the script writer.
 */
const WIN_ANSI =
  /^[\n\u0020-\u007E\u00A0-\u00FF\u20AC\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u017D\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u017E\u0178]$/u;
const winAnsi = (ch: string) => WIN_ANSI.test(ch);
const allWinAnsi = (text: string) => [...text].every(winAnsi);

/**
 * The English writer: Helvetica through pdfkit's own text layout, as the statements always were;
 * a paragraph or row with a character Helvetica cannot draw goes to the script writer (left to
 * right), made on first need, so an English document embeds Noto Sans Arabic only when it has
 * Arabic (or other) text to draw.
 */
export function englishWriter(doc: PDFKit.PDFDocument): PdfWriter {
  let size = DEFAULT_SIZE;
  let script: PdfWriter | null = null;
  const mixed = () => {
    script ??= scriptWriter(doc, false);
    return script;
  };
  return {
    rtl: false,
    text(text, style = {}) {
      size = style.size ?? size;
      if (!allWinAnsi(text)) return mixed().text(text, { ...style, size });
      const keep = style.keepWithNext ? style.keepWithNext * ROW_LINES * doc.font('Helvetica', 10).currentLineHeight(true) : 0;
      doc.font(style.bold ? 'Helvetica-Bold' : 'Helvetica', size);
      if (style.color) doc.fillColor(style.color);
      // pdfkit wraps onto new pages by itself; a heading first makes room for what it keeps with it.
      if (keep) doc.y = roomFor(doc, doc.y, doc.heightOfString(text, { width: WIDTH }) + keep);
      doc.text(text, LEFT);
    },
    row(label, value, labelWidth = 300) {
      size = 10;
      if (!allWinAnsi(label) || !allWinAnsi(value)) return mixed().row(label, value, labelWidth);
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

/**
 * Which font draws a character: Arabic (Noto Sans Arabic, shaped by fontkit), Helvetica's
 * (English documents), any other Noto Sans Arabic has (Latin, digits, punctuation), or Noto Sans
 * (Cyrillic, Greek, ...).
 */
type RunClass = 'arabic' | 'latin' | 'other' | 'sans' | 'cjk' | 'hangul';

interface Run {
  text: string;
  /** Hand to fontkit in logical order (an Arabic run: fontkit shapes and reverses it). */
  arabic: boolean;
  kind: RunClass;
}

const arabicOrOther = (ch: string): RunClass => (ARABIC.test(ch) ? 'arabic' : 'other');

/**
 * One line in visual order, left to right, as runs of one kind of character each. `base` is the
 * paragraph's direction (an Arabic document's lines are right to left, an English one's left to
 * right); `classify` tells the runs apart (by default Arabic and the rest).
 */
export function visualRuns(line: string, base: 'rtl' | 'ltr' = 'rtl', classify: (ch: string) => RunClass = arabicOrOther): Run[] {
  const levels = bidi.getEmbeddingLevels(line, base);
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
    const kind = classify(ch);
    const last = runs[runs.length - 1];
    if (last && last.kind === kind) last.text += ch;
    else runs.push({ text: ch, arabic: kind === 'arabic', kind });
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
  return scriptWriter(doc, true);
}

/**
 * Lines wrapped by words and put in visual order run by run: right to left in Noto Sans Arabic
 * (an Arabic document), or left to right (an English line with Arabic or other non-Latin text in
 * it), where Arabic runs are drawn in Noto Sans Arabic, shaped, and the rest in Helvetica, on one
 * baseline. Letters Noto Sans Arabic does not have (Cyrillic, Greek, Latin beyond Latin-1, ...)
 * are drawn in Noto Sans, embedded only when used.
 */
function scriptWriter(doc: PDFKit.PDFDocument, rtl: boolean): PdfWriter {
  doc.registerFont('ar', ARABIC_REGULAR);
  doc.registerFont('ar-bold', ARABIC_BOLD);
  // Registered only: embedded if a letter needs it.
  doc.registerFont('sans', SANS_REGULAR);
  doc.registerFont('sans-bold', SANS_BOLD);
  doc.registerFont('cjk', CJK);
  doc.registerFont('hangul', HANGUL);
  let bold = false;
  let size = DEFAULT_SIZE;

  // Created on first use; from then on one font object per face for the whole document.
  const current = (doc as unknown as { _font: unknown })._font;
  distinctGlyphPerText(doc.font('ar-bold'));
  distinctGlyphPerText(doc.font('ar'));
  const arabicFont = (doc as unknown as { _font: { font: { hasGlyphForCodePoint(cp: number): boolean } } })._font.font;
  // An English document goes on in the font it had.
  if (!rtl && current) (doc as unknown as { _font: unknown })._font = current;

  const classify = (ch: string): RunClass =>
    ARABIC.test(ch)
      ? 'arabic'
      : !rtl && winAnsi(ch)
        ? 'latin'
        : /\s/.test(ch) || arabicFont.hasGlyphForCodePoint(ch.codePointAt(0) as number)
          ? 'other'
          : fallbackKind(ch.codePointAt(0) as number);
  const fontOf = (kind: RunClass) =>
    kind === 'latin'
      ? bold
        ? 'Helvetica-Bold'
        : 'Helvetica'
      : kind === 'sans'
        ? bold
          ? 'sans-bold'
          : 'sans'
        : kind === 'cjk' || kind === 'hangul'
          ? kind
          : bold
            ? 'ar-bold'
            : 'ar';
  const widthIn = (kind: RunClass, text: string) => doc.font(fontOf(kind), size).widthOfString(text);
  /** A text's width: each stretch in the font that draws it. */
  const width = (text: string) => {
    let total = 0;
    let run = '';
    let kind: RunClass | null = null;
    for (const ch of text.replace(CONTROLS, '')) {
      const k = classify(ch);
      if (kind !== null && fontOf(k) !== fontOf(kind) && run) {
        total += widthIn(kind, run);
        run = '';
      }
      kind = k;
      run += ch;
    }
    return run && kind ? total + widthIn(kind, run) : total;
  };
  /** The height of a line: the taller of the two fonts in a mixed English line. */
  const lineHeight = () => {
    const ar = doc.font(fontOf('other'), size).currentLineHeight(true);
    return rtl ? ar : Math.max(ar, doc.font(fontOf('latin'), size).currentLineHeight(true));
  };
  const ascent = (kind: RunClass) => {
    const f = (doc.font(fontOf(kind), size) as unknown as { _font: { ascender: number } })._font;
    return (f.ascender / 1000) * size;
  };

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
    const runs = visualRuns(line, rtl ? 'rtl' : 'ltr', classify);
    const widths = runs.map((r) => widthIn(r.kind, r.text));
    const total = widths.reduce((sum, w) => sum + w, 0);
    // Runs in two fonts share one baseline: the higher ascent's.
    const top = Math.max(...runs.map((r) => ascent(r.kind)));
    let x = box.align === 'right' ? box.left + box.width - total : box.left;
    runs.forEach((r, i) => {
      doc.font(fontOf(r.kind), size).text(r.text, x, y + top - ascent(r.kind), { lineBreak: false });
      x += widths[i] as number;
    });
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
    const height = lineHeight();
    const count = Math.max(...parts.map((p) => p.lines.length));
    let top = keep === null ? y : roomFor(doc, y, count * height + keep);
    for (let i = 0; i < count; i++) {
      top = roomFor(doc, top, height);
      for (const p of parts) {
        const line = p.lines[i];
        if (line !== undefined) drawLine(line, p.box, top);
      }
      top += height;
    }
    return top;
  };

  const start = rtl ? ('right' as const) : ('left' as const);
  const end = rtl ? ('left' as const) : ('right' as const);
  return {
    rtl,
    text(text, style = {}) {
      const keep = style.keepWithNext
        ? style.keepWithNext * ROW_LINES * doc.font(rtl ? 'ar' : 'Helvetica', 10).currentLineHeight(true)
        : null;
      bold = style.bold ?? false;
      size = style.size ?? size;
      if (style.color) doc.fillColor(style.color);
      doc.y = columns([{ lines: wrap(text, WIDTH), box: { left: LEFT, width: WIDTH, align: start } }], doc.y, keep);
      doc.x = LEFT;
    },
    row(label, value, labelWidth = 300) {
      bold = false;
      size = 10;
      // The label at the start side (right in Arabic), the value at the end side; both on one page.
      const labelBox = { left: rtl ? LEFT + WIDTH - (labelWidth - 10) : LEFT, width: labelWidth - 10, align: start };
      const valueBox = { left: rtl ? LEFT : LEFT + labelWidth, width: WIDTH - labelWidth, align: end };
      doc.y = columns(
        [
          { lines: wrap(label, labelWidth - 10), box: labelBox },
          { lines: wrap(value, WIDTH - labelWidth), box: valueBox },
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
