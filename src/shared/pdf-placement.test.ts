import { describe, expect, it } from 'vitest';
import {
  clampToPage,
  cornerField,
  fieldFitsPage,
  newField,
  nudge,
  type PageView,
  pdfRectToScreen,
  screenRectToPdf,
  shownSizePt,
} from './pdf-placement.ts';

// Every expected figure below is worked out by hand from the definitions in the test's comment:
// on an unrotated page, left = (x - x0) * scale and top = (y1 - (y + h)) * scale (CSS pixels from
// the top-left; PDF points from the bottom-left). US Letter is 612 x 792 points, A4 595.28 x 841.89.
const letter = (rotation: PageView['rotation'], scale: number): PageView => ({ viewBox: [0, 0, 612, 792], rotation, scale });
const field = { x: 72, y: 100, w: 180, h: 36 };

describe('PDF points <-> screen pixels', () => {
  it('unrotated Letter at 1.5 px per point', () => {
    // left 72*1.5 = 108; top (792 - 136)*1.5 = 984; 180*1.5 = 270; 36*1.5 = 54
    expect(pdfRectToScreen(field, letter(0, 1.5))).toEqual({ left: 108, top: 984, width: 270, height: 54 });
    expect(screenRectToPdf({ left: 108, top: 984, width: 270, height: 54 }, letter(0, 1.5))).toEqual(field);
    // A drag to left 150, top 300, 300 x 60 px: x 150/1.5 = 100; y 792 - 360/1.5 = 552; 200 x 40
    expect(screenRectToPdf({ left: 150, top: 300, width: 300, height: 60 }, letter(0, 1.5))).toEqual({ x: 100, y: 552, w: 200, h: 40 });
  });

  it('a page fitted to 700 px: scale 700/612, rounded to a hundredth of a point', () => {
    const view = letter(0, 700 / 612);
    // x = 350*612/700 = 306; bottom edge at 140 px = 122.4 pt from the top, y = 792 - 122.4 = 669.6;
    // w = 200*612/700 = 174.857... -> 174.86; h = 40*612/700 = 34.971... -> 34.97
    expect(screenRectToPdf({ left: 350, top: 100, width: 200, height: 40 }, view)).toEqual({ x: 306, y: 669.6, w: 174.86, h: 34.97 });
  });

  it('A4 at 1.5: a box at the top-left corner', () => {
    const view: PageView = { viewBox: [0, 0, 595.28, 841.89], rotation: 0, scale: 1.5 };
    // 150 x 30 px = 100 x 20 pt; y = 841.89 - 20 = 821.89
    expect(screenRectToPdf({ left: 0, top: 0, width: 150, height: 30 }, view)).toEqual({ x: 0, y: 821.89, w: 100, h: 20 });
  });

  it('a view box that does not start at the origin', () => {
    const view: PageView = { viewBox: [10, 20, 622, 812], rotation: 0, scale: 2 };
    // left (72 - 10)*2 = 124; top (812 - 136)*2 = 1352; 360 x 72
    expect(pdfRectToScreen(field, view)).toEqual({ left: 124, top: 1352, width: 360, height: 72 });
    expect(screenRectToPdf({ left: 124, top: 1352, width: 360, height: 72 }, view)).toEqual(field);
  });

  it('rotated pages: 90, 180 and 270 degrees clockwise', () => {
    // 90: the page's left edge is shown at the top: left = y, top = x -> 100, 72; the box turns: 36 x 180
    expect(pdfRectToScreen(field, letter(90, 1))).toEqual({ left: 100, top: 72, width: 36, height: 180 });
    // 180: left = 612 - (x + w) = 360, top = y = 100
    expect(pdfRectToScreen(field, letter(180, 1))).toEqual({ left: 360, top: 100, width: 180, height: 36 });
    // 270: left = 792 - (y + h) = 656, top = 612 - (x + w) = 360
    expect(pdfRectToScreen(field, letter(270, 1))).toEqual({ left: 656, top: 360, width: 36, height: 180 });
    for (const r of [90, 180, 270] as const) {
      expect(screenRectToPdf(pdfRectToScreen(field, letter(r, 1.25)), letter(r, 1.25)), `rotation ${r}`).toEqual(field);
    }
    expect(shownSizePt(letter(90, 1))).toEqual({ width: 792, height: 612 });
  });
});

describe('moving and resizing along the screen', () => {
  it('arrow right moves 1 point right, arrow down 1 point down (y falls)', () => {
    expect(nudge(field, letter(0, 1.5), 1, 0)).toEqual({ ...field, x: 73 });
    expect(nudge(field, letter(0, 1.5), 0, 1)).toEqual({ ...field, y: 99 });
    // On a page shown at 90 degrees, right on screen is up the page's y axis.
    expect(nudge(field, letter(90, 1), 1, 0)).toEqual({ ...field, y: 101 });
  });

  it('resizing keeps the top-left corner where it is', () => {
    // Taller by 1: the top stays at 136, so y goes to 99 and h to 37.
    expect(nudge(field, letter(0, 1.5), 0, 1, true)).toEqual({ x: 72, y: 99, w: 180, h: 37 });
    expect(nudge(field, letter(0, 1.5), 10, 0, true)).toEqual({ ...field, w: 190 });
    // Never below 4 points.
    expect(nudge({ ...field, w: 5 }, letter(0, 1), -10, 0, true)).toEqual({ ...field, w: 4 });
  });

  it('fields stay on the page', () => {
    // 612 - 180 = 432 is the furthest right a 180-point field goes.
    expect(nudge({ ...field, x: 430 }, letter(0, 1), 10, 0)).toEqual({ ...field, x: 432 });
    expect(clampToPage({ x: -5, y: 900, w: 180, h: 36 }, letter(0, 1))).toEqual({ x: 0, y: 756, w: 180, h: 36 });
    expect(fieldFitsPage({ x: 433, y: 0, w: 180, h: 36 }, letter(0, 1))).toBe(false);
    expect(fieldFitsPage({ x: 432, y: 756, w: 180, h: 36 }, letter(0, 1))).toBe(true);
  });

  it('a new field: its default size, an inch from the left and the top, lower for each field on the page', () => {
    // Investor signature 180 x 40: top edge 72 pt below the top -> y = 792 - 72 - 40 = 680
    expect(newField('investor_signature', 2, letter(0, 1.5), 0)).toEqual({
      page: 2,
      kind: 'investor_signature',
      x: 72,
      y: 680,
      w: 180,
      h: 40,
    });
    // The third field on the page starts 2 * 28 pt lower: y = 792 - 128 - 20 = 644
    expect(newField('amount', 1, letter(0, 1.5), 2)).toEqual({ page: 1, kind: 'amount', x: 72, y: 644, w: 120, h: 20 });
  });
});

describe('initials on every page', () => {
  it('sit in the bottom-right corner, half an inch from both edges', () => {
    // 60 x 24 initials: x = 612 - 36 - 60 = 516; y = 36
    expect(cornerField('investor_initials', 3, letter(0, 1.2))).toEqual({
      page: 3,
      kind: 'investor_initials',
      x: 516,
      y: 36,
      w: 60,
      h: 24,
    });
  });
});
