import { describe, expect, it } from 'vitest';
import { widenToContent } from './grid';

describe('widenToContent', () => {
  it('keeps columns that hold their content (the same array)', () => {
    const cols = [100, 100];
    expect(widenToContent(cols, [{ col: 0, span: 1, minPt: 80 }], 468)).toBe(cols);
  });

  it('widens only the column that needs it while the table fits', () => {
    expect(widenToContent([100, 100, 100], [{ col: 1, span: 1, minPt: 150 }], 468)).toEqual([100, 150, 100]);
  });

  it('takes growth past the limit from the other columns\' slack, never below their minimum', () => {
    const out = widenToContent([200, 200], [{ col: 0, span: 1, minPt: 300 }, { col: 1, span: 1, minPt: 150 }], 420);
    expect(out[0]).toBeCloseTo(300);
    expect(out[1]).toBeCloseTo(150);
  });

  it('shrinks by no more than it grew and lets what is left overflow', () => {
    // A saved grid already wider than the limit is not narrowed.
    const out = widenToContent([300, 200], [{ col: 0, span: 1, minPt: 320 }], 400);
    expect(out[0]).toBeCloseTo(320);
    expect(out[1]).toBeCloseTo(180);
  });

  it('spreads a spanning cell over its columns in proportion to their widths', () => {
    const out = widenToContent([100, 50, 100], [{ col: 0, span: 2, minPt: 300 }], 1000);
    expect(out[0]).toBeCloseTo(200);
    expect(out[1]).toBeCloseTo(100);
    expect(out[2]).toBe(100);
  });

  it('needs nothing from a span its columns already hold', () => {
    const cols = [100, 100];
    expect(widenToContent(cols, [{ col: 0, span: 2, minPt: 190 }], 1000)).toBe(cols);
  });
});
