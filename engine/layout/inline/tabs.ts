/**
 * Tab stops (w:tabs, §17.3.1.38; default stops w:defaultTabStop, §17.15.1.25).
 *
 * Positions are measured from the leading edge of the paragraph's box (the margin or cell edge),
 * not from the indent. A hanging indent adds an implicit stop at the left indent (Word's behaviour,
 * which is what makes "1.<tab>text" line up in lists).
 */
import type { TabStop } from '../../model';

/** The stop a tab at `x` advances to. */
export interface ResolvedStop {
  readonly positionPt: number;
  readonly alignment: 'left' | 'center' | 'right' | 'decimal';
  readonly leader: TabStop['leader'];
}

/** Tab context of one paragraph. */
export interface TabContext {
  readonly stops: readonly TabStop[];
  readonly defaultTabPt: number;
  readonly leftIndentPt: number;
  readonly hanging: boolean;
}

const EPS = 0.01;

/** Finds the next tab stop strictly after `x` (Word ignores bar tabs for positioning). */
export function nextTabStop(x: number, ctx: TabContext): ResolvedStop {
  let best: ResolvedStop | undefined;
  for (const s of ctx.stops) {
    if (s.alignment === 'bar') continue;
    if (s.positionPt > x + EPS) {
      best = { positionPt: s.positionPt, alignment: s.alignment, leader: s.leader };
      break;
    }
  }
  if (ctx.hanging && ctx.leftIndentPt > x + EPS && (!best || ctx.leftIndentPt < best.positionPt)) {
    return { positionPt: ctx.leftIndentPt, alignment: 'left', leader: 'none' };
  }
  if (best) return best;
  const step = ctx.defaultTabPt > 0.5 ? ctx.defaultTabPt : 36;
  // Default stops continue at multiples of the interval after the last custom stop.
  const n = Math.floor((x + EPS) / step) + 1;
  return { positionPt: n * step, alignment: 'left', leader: 'none' };
}

/** Sorts stops by position (the model keeps document order). */
export function sortStops(stops: readonly TabStop[]): TabStop[] {
  return [...stops].sort((a, b) => a.positionPt - b.positionPt);
}
