import { describe, expect, it } from 'vitest';
import type { FloatAnchor } from '../model';
import { floatPosition } from './float-position';
import { turnAbout } from './object-pictures';

const apply = (m: readonly number[], x: number, y: number) => [m[0]! * x + m[2]! * y + m[4]!, m[1]! * x + m[3]! * y + m[5]!].map((v) => Math.round(v * 1000) / 1000 + 0);

describe('turnAbout', () => {
  it('keeps the centre fixed and turns clockwise on the y-down page', () => {
    const m = turnAbout(100, 50, 90, false, false);
    expect(apply(m, 100, 50)).toEqual([100, 50]);
    // A point right of the centre goes below it (clockwise on screen).
    expect(apply(m, 110, 50)).toEqual([100, 60]);
  });

  it('flips before turning', () => {
    expect(apply(turnAbout(0, 0, 0, true, false), 5, 3)).toEqual([-5, 3]);
    expect(apply(turnAbout(0, 0, 0, false, true), 5, 3)).toEqual([5, -3]);
    expect(apply(turnAbout(0, 0, 90, true, false), 5, 0)).toEqual([0, -5]);
  });
});

describe('floatPosition', () => {
  const page = { widthPt: 600, heightPt: 800, marginLeft: 50, marginRight: 50, marginTop: 60, marginBottom: 60 };
  const anchor = (h: Partial<FloatAnchor['horizontal']>, v: Partial<FloatAnchor['vertical']>): FloatAnchor => ({
    horizontal: { relativeTo: 'margin', ...h },
    vertical: { relativeTo: 'paragraph', ...v },
    wrap: 'square', wrapSide: 'both', distancePt: { top: 0, bottom: 0, left: 0, right: 0 },
    behindText: false, allowOverlap: true, layoutInCell: true, zIndex: 0,
  });

  it('places by offset, alignment and percentage of the reference area', () => {
    expect(floatPosition(anchor({ offsetPt: 10 }, { offsetPt: 5 }), 100, 50, page, { x: 50, width: 500 }, 200)).toEqual({ x: 60, y: 205 });
    expect(floatPosition(anchor({ align: 'right' }, {}), 100, 50, page, { x: 50, width: 500 }, 200)).toEqual({ x: 450, y: 200 });
    expect(floatPosition(anchor({ relativeTo: 'page', offsetPct: 0.5 }, { relativeTo: 'page', offsetPct: 0.25 }), 100, 50, page, { x: 50, width: 500 }, 200)).toEqual({ x: 300, y: 200 });
  });

  it('keeps a float that text wraps around on the page: above the top edge it moves down to start there', () => {
    // 900 pt above a paragraph that starts at 200 pt would put the float 700 pt above the sheet.
    expect(floatPosition(anchor({ offsetPt: 10 }, { offsetPt: -900 }), 100, 50, page, { x: 50, width: 500 }, 200)).toEqual({ x: 60, y: 0 });
    // Past the bottom edge it moves up to end there; taller than the page, it starts at the top.
    expect(floatPosition(anchor({}, { offsetPt: 700 }), 100, 50, page, { x: 50, width: 500 }, 200)).toEqual({ x: 50, y: 750 });
    expect(floatPosition(anchor({}, { offsetPt: -900 }), 100, 900, page, { x: 50, width: 500 }, 200)).toEqual({ x: 50, y: 0 });
    // A float without wrapping stays where its offset puts it, on the page or not.
    expect(floatPosition({ ...anchor({}, { offsetPt: -900 }), wrap: 'none' }, 100, 50, page, { x: 50, width: 500 }, 200)).toEqual({ x: 50, y: -700 });
  });
});
