import { describe, expect, it } from 'vitest';
import type { Table, TableCell, TableWidth } from '../../model';
import { computeGrid, widenToContent } from './grid';

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

describe('computeGrid: percentage widths before Word 2013', () => {
  const margins = { top: 7.5, left: 6, bottom: 7.5, right: 6 };
  const cell = (width: TableWidth): TableCell => ({
    props: { width, gridSpan: 1, borders: {}, margins, verticalAlign: 'top', textDirection: 'lrTb', noWrap: false },
    blocks: [],
  });
  // A 100% table of three columns whose saved grid (Word 2010's) is the 468 pt text width plus the
  // first cell's left and the last cell's right margin: 480 pt, 2.6% more than the text width.
  const table = (gridPt: number[]): Table => ({
    kind: 'table',
    gridPt,
    props: {
      width: { type: 'pct', value: 1 },
      layout: 'autofit',
      alignment: 'left',
      indentPt: 0,
      cellMargins: { top: 0, left: 0, bottom: 0, right: 0 },
      cellSpacingPt: 0,
      borders: {},
      bidiVisual: false,
    },
    rows: [
      {
        props: { heightRule: 'auto', cantSplit: false, header: false, gridBefore: 0, gridAfter: 0 },
        cells: [cell({ type: 'pct', value: 0.2 }), cell({ type: 'pct', value: 0.1 }), cell({ type: 'pct', value: 0.7 })],
      },
    ],
  });

  it('takes the share of the text width widened by the outer cell margins (compatibilityMode 14)', () => {
    const g = computeGrid(table([100, 60, 320]), 468, 14);
    expect(g.columns).toEqual([100, 60, 320]);
    expect(g.widthPt).toBeCloseTo(480);
    expect(g.xPt).toBeCloseTo(-6);
  });

  it('takes the share of the text width alone from Word 2013 on (compatibilityMode 15)', () => {
    const g = computeGrid(table([100, 60, 320]), 468, 15);
    expect(g.widthPt).toBeCloseTo(468);
    expect(g.xPt).toBe(0);
  });
});
