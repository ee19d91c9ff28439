import { FIELD_KINDS, type FieldKind, type PlacedField } from './signing.ts';

/**
 * Placing a pack's fields on the agreement in the browser (issue 30, decision record 056). Pure
 * geometry, shared by the placement editor and its tests: the editor keeps every field in PDF
 * points from the page's bottom-left (what the server stores and pdf-lib draws at) and derives
 * the on-screen box from it; a drag or a key press changes the on-screen box and converts back.
 *
 * A PDF page is drawn from its view box [x0, y0, x1, y1] (user space, points, y upwards) and may
 * be shown rotated clockwise by 0, 90, 180 or 270 degrees (its /Rotate). On screen, CSS pixels run
 * from the shown page's top-left, y downwards, `scale` pixels per point. These are the same
 * transforms pdf.js's PageViewport applies, written out per rotation so each can be checked by hand.
 */

export type Rotation = 0 | 90 | 180 | 270;

/** A page as the browser shows it. */
export interface PageView {
  /** The page's view box in PDF user space: [x0, y0, x1, y1] (points). */
  viewBox: readonly [number, number, number, number];
  rotation: Rotation;
  /** CSS pixels per PDF point. */
  scale: number;
}

/** A box on the shown page, CSS pixels from its top-left corner. */
export interface ScreenRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A box in PDF points from the page's bottom-left (the stored field's x, y, w, h). */
export interface PdfRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Stored coordinates are kept to a hundredth of a point (0.0035 mm): what a drag or a form gives. */
export const roundPt = (v: number): number => Math.round(v * 100) / 100 + 0;

export const normalRotation = (deg: number): Rotation => {
  const r = (((Math.round(deg / 90) * 90) % 360) + 360) % 360;
  return r as Rotation;
};

/** The page's size in points as shown (width and height swap at 90 and 270 degrees). */
export function shownSizePt(view: Pick<PageView, 'viewBox' | 'rotation'>): { width: number; height: number } {
  const [x0, y0, x1, y1] = view.viewBox;
  const w = x1 - x0;
  const h = y1 - y0;
  return view.rotation % 180 === 0 ? { width: w, height: h } : { width: h, height: w };
}

/** A point in PDF user space to CSS pixels on the shown page. */
export function pdfPointToScreen(x: number, y: number, view: PageView): { sx: number; sy: number } {
  const [x0, y0, x1, y1] = view.viewBox;
  const s = view.scale;
  switch (view.rotation) {
    case 0:
      return { sx: (x - x0) * s, sy: (y1 - y) * s };
    case 90:
      return { sx: (y - y0) * s, sy: (x - x0) * s };
    case 180:
      return { sx: (x1 - x) * s, sy: (y - y0) * s };
    case 270:
      return { sx: (y1 - y) * s, sy: (x1 - x) * s };
  }
}

/** A point in CSS pixels on the shown page to PDF user space (the inverse of pdfPointToScreen). */
export function screenPointToPdf(sx: number, sy: number, view: PageView): { x: number; y: number } {
  const [x0, y0, x1, y1] = view.viewBox;
  const u = sx / view.scale;
  const v = sy / view.scale;
  switch (view.rotation) {
    case 0:
      return { x: x0 + u, y: y1 - v };
    case 90:
      return { x: x0 + v, y: y0 + u };
    case 180:
      return { x: x1 - u, y: y0 + v };
    case 270:
      return { x: x1 - v, y: y1 - u };
  }
}

/** A field's box on screen. */
export function pdfRectToScreen(r: PdfRect, view: PageView): ScreenRect {
  const a = pdfPointToScreen(r.x, r.y, view);
  const b = pdfPointToScreen(r.x + r.w, r.y + r.h, view);
  return {
    left: Math.min(a.sx, b.sx),
    top: Math.min(a.sy, b.sy),
    width: Math.abs(b.sx - a.sx),
    height: Math.abs(b.sy - a.sy),
  };
}

/** A box on screen to PDF points from the bottom-left, rounded to a hundredth of a point. */
export function screenRectToPdf(r: ScreenRect, view: PageView): PdfRect {
  const a = screenPointToPdf(r.left, r.top, view);
  const b = screenPointToPdf(r.left + r.width, r.top + r.height, view);
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x: roundPt(x),
    y: roundPt(y),
    w: roundPt(Math.max(a.x, b.x) - x),
    h: roundPt(Math.max(a.y, b.y) - y),
  };
}

/** The smallest field the server takes (src/shared/signing.ts, placedField). */
export const MIN_FIELD_PT = 4;

/** Keeps a box on its page: at least MIN_FIELD_PT each way, no larger than the page, inside it. */
export function clampToPage(r: PdfRect, view: Pick<PageView, 'viewBox'>): PdfRect {
  const [x0, y0, x1, y1] = view.viewBox;
  const w = Math.min(Math.max(r.w, MIN_FIELD_PT), x1 - x0);
  const h = Math.min(Math.max(r.h, MIN_FIELD_PT), y1 - y0);
  return {
    x: roundPt(Math.min(Math.max(r.x, x0), x1 - w)),
    y: roundPt(Math.min(Math.max(r.y, y0), y1 - h)),
    w: roundPt(w),
    h: roundPt(h),
  };
}

/**
 * Moves (or, with `resize`, grows) a field by a distance in points along the screen's axes
 * (right and down positive), whatever the page's rotation: what an arrow key or a drag does.
 * Resizing keeps the box's top-left corner on screen where it is.
 */
export function nudge(r: PdfRect, view: PageView, dxPt: number, dyPt: number, resize = false): PdfRect {
  const box = pdfRectToScreen(r, view);
  const dx = dxPt * view.scale;
  const dy = dyPt * view.scale;
  const moved = resize
    ? {
        left: box.left,
        top: box.top,
        width: Math.max(box.width + dx, MIN_FIELD_PT * view.scale),
        height: Math.max(box.height + dy, MIN_FIELD_PT * view.scale),
      }
    : { ...box, left: box.left + dx, top: box.top + dy };
  return clampToPage(screenRectToPdf(moved, view), view);
}

/** Whether a field lies on its page (what the server checks on save; 0.5 pt of slack as there). */
export function fieldFitsPage(r: PdfRect, view: Pick<PageView, 'viewBox'>): boolean {
  const [x0, y0, x1, y1] = view.viewBox;
  return r.x >= x0 && r.y >= y0 && r.x + r.w <= x1 + 0.5 && r.y + r.h <= y1 + 0.5;
}

/** A new field's size in points, by what it holds. */
export const DEFAULT_FIELD_SIZE: Record<FieldKind, { w: number; h: number }> = {
  investor_name: { w: 200, h: 20 },
  entity: { w: 200, h: 20 },
  amount: { w: 120, h: 20 },
  date: { w: 100, h: 20 },
  investor_signature: { w: 180, h: 40 },
  investor_initials: { w: 60, h: 24 },
  gp_signature: { w: 180, h: 40 },
  gp_name_title: { w: 200, h: 20 },
};

/**
 * A new field of `kind` on a page: its default size, one inch from the shown page's left and
 * from its top, lower for every field already on that page so new ones do not cover each other.
 */
export function newField(kind: FieldKind, page: number, view: PageView, onPage: number): PlacedField {
  const size = DEFAULT_FIELD_SIZE[kind];
  const shown = shownSizePt(view);
  const top = Math.min(72 + onPage * 28, Math.max(shown.height - size.h, 0));
  const at = screenRectToPdf(
    { left: 72 * view.scale, top: top * view.scale, width: size.w * view.scale, height: size.h * view.scale },
    view,
  );
  return { page, kind, ...clampToPage(at, view) };
}

export const isFieldKind = (v: string): v is FieldKind => (FIELD_KINDS as readonly string[]).includes(v);

/** An initials field in the shown page's bottom-right corner, half an inch from both edges. */
export function cornerField(kind: FieldKind, page: number, view: PageView): PlacedField {
  const size = DEFAULT_FIELD_SIZE[kind];
  const shown = shownSizePt(view);
  const s = view.scale;
  const at = screenRectToPdf(
    { left: (shown.width - 36 - size.w) * s, top: (shown.height - 36 - size.h) * s, width: size.w * s, height: size.h * s },
    view,
  );
  return { page, kind, ...clampToPage(at, view) };
}
