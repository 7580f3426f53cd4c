import { describe, expect, it } from 'vitest';
import { excludedRange, floatExclusion, lineSlot, wrapFits, type Exclusion } from './exclusions';
import type { FloatAnchor } from '../../model';

const box = (x0: number, y0: number, x1: number, y1: number, extra: Partial<Exclusion> = {}): Exclusion => ({ x0, y0, x1, y1, wrap: 'square', side: 'both', ...extra });
const one = (left: number, right: number) => ({ spans: [{ left, right }] });

const anchor = (extra: Partial<FloatAnchor>): FloatAnchor => ({
  horizontal: { relativeTo: 'page', offsetPt: 0 },
  vertical: { relativeTo: 'page', offsetPt: 0 },
  wrap: 'tight',
  wrapSide: 'both',
  distancePt: { top: 5, bottom: 5, left: 9, right: 9 },
  behindText: false,
  allowOverlap: true,
  layoutInCell: true,
  zIndex: 0,
  ...extra,
});

/** A triangle pointing up: apex at the top centre, base along the bottom. */
const triangle = [{ x: 0.5, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 }, { x: 0.5, y: 0 }];

describe('lineSlot', () => {
  it('gives the whole span when nothing overlaps the line band', () => {
    expect(lineSlot([box(0, 100, 50, 200)], 0, 14, 0, 400, 24)).toEqual(one(0, 400));
    expect(lineSlot([box(0, 100, 50, 200)], 200, 14, 0, 400, 24)).toEqual(one(0, 400));
  });

  it('fits the line beside a float at the side of the column', () => {
    expect(lineSlot([box(0, 0, 150, 100)], 10, 14, 0, 400, 24)).toEqual(one(150, 400));
    expect(lineSlot([box(300, 0, 400, 100)], 10, 14, 0, 400, 24)).toEqual(one(0, 300));
  });

  it('fills both sides of a centred float, skipping a side narrower than the minimum', () => {
    expect(lineSlot([box(100, 0, 200, 100)], 10, 14, 0, 400, 24)).toEqual({ spans: [{ left: 0, right: 100 }, { left: 200, right: 400 }] });
    expect(lineSlot([box(20, 0, 200, 100)], 10, 14, 0, 400, 24)).toEqual(one(200, 400));
    expect(lineSlot([box(100, 0, 200, 100, { side: 'largest' })], 10, 14, 0, 400, 24)).toEqual(one(200, 400));
  });

  it('honours wrapText left / right and moves below topAndBottom floats and too narrow gaps', () => {
    expect(lineSlot([box(100, 0, 200, 100, { side: 'left' })], 10, 14, 0, 400, 24)).toEqual(one(0, 100));
    expect(lineSlot([box(100, 0, 200, 100, { side: 'right' })], 10, 14, 0, 400, 24)).toEqual(one(200, 400));
    expect(lineSlot([box(100, 0, 200, 100, { wrap: 'topAndBottom' })], 10, 14, 0, 400, 24)).toEqual({ below: 100 });
    expect(lineSlot([box(10, 0, 390, 100)], 10, 14, 0, 400, 24)).toEqual({ below: 100 });
  });

  it('follows a tight wrap polygon: narrow near the apex of a triangle, wide at its base', () => {
    const e = floatExclusion(anchor({ wrapPolygon: triangle }), 100, 0, 200, 100)!;
    expect(e).toMatchObject({ x0: 91, x1: 309, y0: 0, y1: 100 });
    // Band 10..20: the triangle spans x 180..220 at y 20 (its widest point in the band), plus distL/distR 9.
    const spans = (top: number) => {
      const slot = lineSlot([e], top, 10, 0, 400, 24);
      return 'spans' in slot ? slot.spans.map((s) => [Math.round(s.left), Math.round(s.right)]) : slot;
    };
    expect(spans(10)).toEqual([[0, 171], [229, 400]]);
    expect(spans(80)).toEqual([[0, 101], [299, 400]]);
  });
});

describe('excludedRange', () => {
  it('clips each polygon edge to the band and adds the left and right distances', () => {
    const e = floatExclusion(anchor({ wrapPolygon: triangle, distancePt: { top: 0, bottom: 0, left: 0, right: 0 } }), 0, 0, 100, 100)!;
    expect(excludedRange(e, 0, 50)).toEqual([25, 75]);
    expect(excludedRange(e, 50, 60)).toEqual([20, 80]);
    expect(excludedRange(e, 120, 130)).toBeUndefined();
  });

  it('uses the box for square wrapping and for tight wrapping without a polygon', () => {
    const sq = floatExclusion(anchor({ wrap: 'square', wrapPolygon: triangle }), 0, 0, 100, 100)!;
    expect(excludedRange(sq, 0, 10)).toEqual([-9, 109]);
    expect(sq.y0).toBe(-5);
    const tight = floatExclusion(anchor({}), 0, 0, 100, 100)!;
    expect(excludedRange(tight, 0, 10)).toEqual([-9, 109]);
  });
});

describe('wrapFits', () => {
  it('shifts lines beside a left float, then returns to the full width, with skips below obstacles', () => {
    const fit = wrapFits({ top: 0, columnX: 100, exclusions: [box(100, 0, 250, 40)] }, 400, 0, 0, [14]);
    expect(fit(0)).toEqual({ shift: 150, limit: 400, skip: 0 });
    expect(fit(2)).toEqual({ shift: 150, limit: 400, skip: 0 });
    expect(fit(3)).toEqual({ shift: 0, limit: 400, skip: 0 });
    const tb = wrapFits({ top: 0, columnX: 0, exclusions: [box(0, 20, 400, 60, { wrap: 'topAndBottom' })] }, 400, 0, 0, [14]);
    expect(tb(0).skip).toBe(0);
    expect(tb(1)).toEqual({ shift: 0, limit: 400, skip: 46 });
    expect(tb(2).skip).toBe(0);
  });

  it('gives two segments per line beside a centred float, the second joined at the same height', () => {
    const fit = wrapFits({ top: 0, columnX: 100, exclusions: [box(250, 0, 350, 20)] }, 400, 10, 0, [14]);
    expect(fit(0)).toEqual({ shift: 0, limit: 150, skip: 0 });
    expect(fit(1)).toEqual({ shift: 240, limit: 400, skip: 0, join: true });
    expect(fit(2)).toEqual({ shift: 0, limit: 150, skip: 0 });
    expect(fit(3)).toEqual({ shift: 240, limit: 400, skip: 0, join: true });
    expect(fit(4)).toEqual({ shift: 0, limit: 400, skip: 0 });
  });
});

describe('wrapFits after a clearing break', () => {
  it('starts the line below the floats on the cleared side (w:br w:clear)', () => {
    const area = { top: 0, columnX: 100, exclusions: [box(100, 0, 250, 40)] };
    const left = wrapFits(area, 400, 0, 0, [14]);
    expect(left(0)).toEqual({ shift: 150, limit: 400, skip: 0 });
    left.clear(1, 'left');
    expect(left(1)).toEqual({ shift: 0, limit: 400, skip: 26 });
    const right = wrapFits(area, 400, 0, 0, [14]);
    right.clear(1, 'right');
    expect(right(1)).toEqual({ shift: 150, limit: 400, skip: 0 });
    const all = wrapFits(area, 400, 0, 0, [14]);
    all.clear(1, 'all');
    expect(all(1).skip).toBe(26);
  });
});

describe('wrapFits at the bottom of the column', () => {
  it('gives the full width to lines estimated past the bottom, which go to the next page', () => {
    const fit = wrapFits({ top: 0, columnX: 0, bottom: 30, exclusions: [box(0, 0, 100, 60)] }, 400, 0, 0, [14]);
    expect(fit(0)).toEqual({ shift: 100, limit: 400, skip: 0 });
    expect(fit(1)).toEqual({ shift: 100, limit: 400, skip: 0 });
    expect(fit(2)).toEqual({ shift: 0, limit: 400, skip: 0 });
    expect(fit(3)).toEqual({ shift: 0, limit: 400, skip: 0 });
  });
});
