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
  /** A stop of the paragraph's own w:tabs (not a default stop or the hanging indent's implicit one). */
  readonly custom: boolean;
}

/** Tab context of one paragraph. */
export interface TabContext {
  readonly stops: readonly TabStop[];
  readonly defaultTabPt: number;
  readonly leftIndentPt: number;
  readonly hanging: boolean;
  /**
   * What a custom stop past the line's right limit does. 'margin' (compatibilityMode 14 and lower):
   * it is kept, and the text after it may reach it, into the right indent and margin. 'spacing'
   * (mode 15): a left stop is kept up to `boxWidthPt` (through the right indent, not the margin), and
   * a right, centre or decimal stop becomes a right stop at the limit. LibreOffice emulates the two
   * as its TabOverMargin and TabOverSpacing settings.
   */
  readonly pastLimit?: 'margin' | 'spacing';
  /** Width of the paragraph's box (column or cell), for 'spacing'. */
  readonly boxWidthPt?: number;
  /**
   * A Word 6/95 list label (w:legacy, §17.9.5) ends before text index `end`: its tab takes the text
   * `indentPt` past the line's start (w:legacyIndent), or `spacePt` past the label where that is further.
   */
  readonly legacyLabel?: { readonly end: number; readonly indentPt: number; readonly spacePt: number };
}

const EPS = 0.01;

/** Finds the next tab stop strictly after `x` (Word ignores bar tabs for positioning). */
export function nextTabStop(x: number, ctx: TabContext): ResolvedStop {
  let best: ResolvedStop | undefined;
  for (const s of ctx.stops) {
    if (s.alignment === 'bar') continue;
    if (s.positionPt > x + EPS) {
      best = { positionPt: s.positionPt, alignment: s.alignment, leader: s.leader, custom: true };
      break;
    }
  }
  if (ctx.hanging && ctx.leftIndentPt > x + EPS && (!best || ctx.leftIndentPt < best.positionPt)) {
    return { positionPt: ctx.leftIndentPt, alignment: 'left', leader: 'none', custom: false };
  }
  if (best) return best;
  const step = ctx.defaultTabPt > 0.5 ? ctx.defaultTabPt : 36;
  // Default stops continue at multiples of the interval after the last custom stop.
  const n = Math.floor((x + EPS) / step) + 1;
  return { positionPt: n * step, alignment: 'left', leader: 'none', custom: false };
}

/** Sorts stops by position (the model keeps document order). */
export function sortStops(stops: readonly TabStop[]): TabStop[] {
  return [...stops].sort((a, b) => a.positionPt - b.positionPt);
}

/**
 * The stop a tab goes to on a line whose right limit is `limitPt`, and how far that line's text may
 * then reach (`reachPt`, at least the limit): Word lets a custom stop past the right indent carry the
 * text after it beyond the indent (see `TabContext.pastLimit`).
 */
export function stopPastLimit(stop: ResolvedStop, limitPt: number, ctx: TabContext): { stop: ResolvedStop; reachPt: number } {
  if (!stop.custom || stop.positionPt <= limitPt + EPS || !ctx.pastLimit) return { stop, reachPt: limitPt };
  if (ctx.pastLimit === 'margin') return { stop, reachPt: stop.positionPt };
  if (stop.alignment !== 'left') return { stop: { ...stop, positionPt: limitPt, alignment: 'right' }, reachPt: limitPt };
  const box = ctx.boxWidthPt ?? limitPt;
  return { stop, reachPt: stop.positionPt <= box + EPS ? stop.positionPt : limitPt };
}
