import { describe, expect, it } from 'vitest';
import type { Revision, RunProps } from '../../model';
import { CHANGE_BAR_GAP_PT, DELETED_CELL_FILL, INSERTED_CELL_FILL, MOVE_COLOR, cellMarkupFill, changeBar, markupStyle, revisionColor, tint } from './index';

const props: RunProps = {
  font: 'Carlito', sizePt: 11, bold: false, italic: false, strike: false, doubleStrike: false, caps: false, smallCaps: false,
  vertAlign: 'baseline', positionPt: 0, spacingPt: 0, scalePct: 100, hidden: false, rtl: false, color: '112233',
};
const rev = (type: Revision['type'], authorIndex = 0): Revision => ({ type, author: `a${authorIndex}`, authorIndex });

describe('markupStyle', () => {
  it('underlines insertions and strikes deletions in the author colour, one colour per author', () => {
    const ins = markupStyle(rev('insert', 0), props, true);
    const del = markupStyle(rev('delete', 1), props, true);
    expect([ins.underline, ins.strike, ins.color, ins.props.underline?.style]).toEqual([true, false, revisionColor(0), 'single']);
    expect([del.underline, del.strike, del.color, del.props.doubleStrike]).toEqual([false, true, revisionColor(1), false]);
    expect(ins.color).not.toBe(del.color);
  });

  it('draws moves in green with a double underline (moveTo) or double strike-through (moveFrom)', () => {
    const to = markupStyle(rev('moveTo', 3), props, true);
    const from = markupStyle(rev('moveFrom', 3), props, true);
    expect([to.color, to.props.underline?.style, to.underline]).toEqual([MOVE_COLOR, 'double', true]);
    expect([from.color, from.props.doubleStrike, from.strike]).toEqual([MOVE_COLOR, true, true]);
  });

  it("keeps a formatting change's own look, and every run's own look outside markup", () => {
    expect(markupStyle(rev('format'), props, true)).toEqual({ props, color: '112233', underline: false, strike: false });
    expect(markupStyle(rev('insert'), props, false).props).toBe(props);
  });

  it('shares one markup variant per run properties (spans of one run keep one object)', () => {
    expect(markupStyle(rev('insert', 0), props, true).props).toBe(markupStyle(rev('insert', 5), props, true).props);
  });
});

describe('colours', () => {
  it('gives stable, distinct colours to the first authors and cycles after the palette', () => {
    const first = Array.from({ length: 11 }, (_, i) => revisionColor(i));
    expect(new Set(first).size).toBe(11);
    expect(revisionColor(11)).toBe(revisionColor(0));
    expect(revisionColor(-1)).toBe(revisionColor(0));
    expect(revisionColor(Number.NaN)).toBe(revisionColor(0));
  });

  it('tints towards white', () => {
    expect(tint('000000', 0.5)).toBe('808080');
    expect(tint('B5082E', 0)).toBe('B5082E');
    expect(tint('B5082E', 1)).toBe('FFFFFF');
    expect(tint('nonsense', 0.5)).toBe('808080');
  });
});

describe('cells and change bars', () => {
  it('fills inserted cells light blue and deleted cells light pink', () => {
    expect(cellMarkupFill(rev('insert'))).toBe(INSERTED_CELL_FILL);
    expect(cellMarkupFill(rev('delete'))).toBe(DELETED_CELL_FILL);
    expect(cellMarkupFill(undefined)).toBeUndefined();
  });

  it('puts the bar in the left margin, never off the page', () => {
    expect(changeBar(72, 100, 14)).toMatchObject({ x1: 72 - CHANGE_BAR_GAP_PT, y1: 100, y2: 114, width: 0.5, color: '000000' });
    expect(changeBar(0, 0, 10).x1).toBeGreaterThan(0);
  });
});
