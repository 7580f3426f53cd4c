/**
 * Text wrapping around floating objects (wp:anchor with wp:wrapSquare / wrapTight / wrapThrough /
 * wrapTopAndBottom, §20.4.2.16–20.4.2.18): each wrapping float leaves an exclusion rectangle on its page
 * (its box grown by the wrap distances, distL/distR/distT/distB), and each body line is fitted into the
 * free part of its column beside them, or moved below them when no part is wide enough.
 *
 * Tight and through wrapping follow the object's wrap polygon in Word; here they use its bounding box,
 * which is what square wrapping does (the polygon mostly matters for irregular clip art).
 */
import type { FloatAnchor } from '../../model';

/** The area a wrapping float keeps text out of, in page coordinates. */
export interface Exclusion {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  /** topAndBottom: no text beside the object at all. */
  readonly wrap: 'square' | 'tight' | 'through' | 'topAndBottom';
  /** Which side text may use (wp:wrapSquare@wrapText). */
  readonly side: 'both' | 'left' | 'right' | 'largest';
}

/** The exclusion of a float whose top-left corner is at (x, y), or undefined when text does not wrap around it. */
export function floatExclusion(anchor: FloatAnchor, x: number, y: number, w: number, h: number): Exclusion | undefined {
  if (anchor.wrap === 'none') return undefined;
  const d = anchor.distancePt;
  return { x0: x - d.left, y0: y - d.top, x1: x + w + d.right, y1: y + h + d.bottom, wrap: anchor.wrap, side: anchor.wrapSide };
}

/** Where a line may go: the free span [left, right], or a lower top when no span is wide enough here. */
export type LineSlot = { readonly left: number; readonly right: number } | { readonly below: number };

/**
 * The widest free horizontal span of [left, right] for a line occupying [top, top + height), given the
 * exclusions; `{ below }` when every span is narrower than `minWidth` (the line must move down to there).
 * Text uses one span per line: where Word would fill both sides of a centred object, the wider is used.
 */
export function lineSlot(exclusions: readonly Exclusion[], top: number, height: number, left: number, right: number, minWidth: number): LineSlot {
  let spans: Array<[number, number]> = [[left, right]];
  let lowest = Infinity;
  for (const e of exclusions) {
    if (e.y1 <= top + 0.01 || e.y0 >= top + height - 0.01 || e.x1 <= left || e.x0 >= right) continue;
    lowest = Math.min(lowest, e.y1);
    const [cutFrom, cutTo] = e.wrap === 'topAndBottom' ? [left, right] : e.side === 'left' ? [e.x0, right] : e.side === 'right' ? [left, e.x1] : [e.x0, e.x1];
    spans = spans.flatMap(([a, b]): Array<[number, number]> => {
      if (cutTo <= a || cutFrom >= b) return [[a, b]];
      const out: Array<[number, number]> = [];
      if (cutFrom > a) out.push([a, cutFrom]);
      if (cutTo < b) out.push([cutTo, b]);
      return out;
    });
  }
  if (lowest === Infinity) return { left, right };
  let best: [number, number] | undefined;
  for (const s of spans) if (s[1] - s[0] >= minWidth && (!best || s[1] - s[0] > best[1] - best[0] + 0.01)) best = s;
  return best ? { left: best[0], right: best[1] } : { below: lowest };
}

/** Whether any exclusion reaches into the column [left, right] below `top`. */
export function exclusionsBelow(exclusions: readonly Exclusion[], top: number, left: number, right: number): boolean {
  for (const e of exclusions) if (e.y1 > top + 0.01 && e.x1 > left && e.x0 < right) return true;
  return false;
}

/** Where a paragraph starts on its page and the exclusions it must wrap around. */
export interface WrapArea {
  /** Page y of the paragraph's first line. */
  readonly top: number;
  /** Page x of the column's left edge (the paragraph box's origin). */
  readonly columnX: number;
  readonly exclusions: readonly Exclusion[];
}

/** How one line fits: moved right by `shift`, ending at `limit` (box coordinates), `skip` points lower. */
export interface LineFit {
  readonly shift: number;
  readonly limit: number;
  readonly skip: number;
}

/** Narrowest span a line is fitted into beside a float; narrower gaps are skipped (about two words). */
export const MIN_WRAP_WIDTH_PT = 24;

/**
 * Line fits for a paragraph wrapping around exclusions, computed in line order. Line tops are estimated
 * from `heights` (the paragraph's lines laid out without wrapping; the last repeats), plus the skips so far.
 */
export function wrapFits(area: WrapArea, boxWidthPt: number, indentLeftPt: number, indentRightPt: number, heights: readonly number[]): (line: number) => LineFit {
  const fits: LineFit[] = [];
  let y = area.top;
  const left = area.columnX;
  const right = area.columnX + boxWidthPt;
  const next = (): LineFit => {
    const i = fits.length;
    const h = heights[Math.min(i, heights.length - 1)] ?? 12;
    let skip = 0;
    for (let guard = 0; guard < 64; guard++) {
      const slot = lineSlot(area.exclusions, y + skip, h, left, right, MIN_WRAP_WIDTH_PT + indentLeftPt + indentRightPt);
      if ('below' in slot) {
        skip = slot.below - y;
        continue;
      }
      const fit = { shift: Math.max(0, slot.left - left - Math.max(0, indentLeftPt)), limit: Math.min(boxWidthPt - indentRightPt, slot.right - left), skip };
      y += skip + h;
      return fit;
    }
    y += skip + h;
    return { shift: 0, limit: boxWidthPt - indentRightPt, skip };
  };
  return (line) => {
    while (fits.length <= line) fits.push(next());
    return fits[line]!;
  };
}
