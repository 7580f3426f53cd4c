/**
 * Change bars: a vertical rule in the left margin beside every line that holds a tracked change, as
 * Word prints "Changed lines: Outside border" and LibreOffice "Lines changed: Left margin". A line is
 * changed when one of its runs carries a revision (insertions, deletions, moves, formatting), when it
 * is the last line of a paragraph whose mark was inserted or deleted, or when the paragraph's own
 * properties changed (w:pPrChange, every line). ECMA-376 Part 1 §17.13.5.
 */
import type { LineItem, Paragraph } from '../../model';
import type { LineBox } from '../inline/line-box';
import { CHANGE_BAR_COLOR } from './colors';

/** Distance from the left page margin to the bar (LibreOffice's references: 7.2 pt, a quarter centimetre). */
export const CHANGE_BAR_GAP_PT = 7.2;
/** Line width of the bar. */
export const CHANGE_BAR_WIDTH_PT = 0.5;

/** Whether a line of a paragraph shows a tracked change. */
export function isChangedLine(p: Paragraph, line: LineBox, isLast: boolean): boolean {
  const mark = p.markRevision;
  if (mark && (mark.type === 'format' || isLast)) return true;
  for (const f of line.fragments) if (f.k === 'glyphs' && f.span.revision) return true;
  return false;
}

/** The change bar of a line whose box spans yTop..yTop+heightPt, for a page whose left margin is `marginLeftPt`. */
export function changeBar(marginLeftPt: number, yTop: number, heightPt: number): LineItem {
  const x = Math.max(CHANGE_BAR_WIDTH_PT, marginLeftPt - CHANGE_BAR_GAP_PT);
  return { kind: 'line', x1: x, y1: yTop, x2: x, y2: yTop + heightPt, width: CHANGE_BAR_WIDTH_PT, color: CHANGE_BAR_COLOR };
}
