/**
 * Text wrapping around floating objects (wp:anchor with wp:wrapSquare / wrapTight / wrapThrough /
 * wrapTopAndBottom, §20.4.2.16–20.4.2.18): each wrapping float leaves an exclusion on its page (its box
 * grown by the wrap distances, distL/distR/distT/distB), and each body line is fitted into the free parts
 * of its column beside them, or moved below them when no part is wide enough.
 *
 * Tight and through wrapping follow the object's wrap polygon when it has one: a line band excludes
 * the polygon's horizontal extent within the band, grown by distL/distR (Word ignores distT/distB there).
 * With both-sides wrapping a line is filled in every free span wide enough, left to right, as Word does.
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
  /**
   * Its place on the page does not depend on where its paragraph is: positioned from the page or a
   * margin, or moved to the page's edge (see early-floats.ts).
   */
  readonly fixed?: boolean;
  /** Tight and through: the wrap polygon in page coordinates, with the left and right distances to add. */
  readonly polygon?: { readonly points: readonly { readonly x: number; readonly y: number }[]; readonly padLeft: number; readonly padRight: number };
}

/** The exclusion of a float whose top-left corner is at (x, y), or undefined when text does not wrap around it. */
export function floatExclusion(anchor: FloatAnchor, x: number, y: number, w: number, h: number): Exclusion | undefined {
  if (anchor.wrap === 'none') return undefined;
  const d = anchor.distancePt;
  const shape = anchor.wrap === 'tight' || anchor.wrap === 'through' ? anchor.wrapPolygon : undefined;
  if (shape && w > 0 && h > 0) {
    const points = shape.map((p) => ({ x: x + p.x * w, y: y + p.y * h }));
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const p of points) [x0, y0, x1, y1] = [Math.min(x0, p.x), Math.min(y0, p.y), Math.max(x1, p.x), Math.max(y1, p.y)];
    const polygon = { points, padLeft: d.left, padRight: d.right };
    return { x0: x0 - d.left, y0, x1: x1 + d.right, y1, wrap: anchor.wrap, side: anchor.wrapSide, polygon };
  }
  return { x0: x - d.left, y0: y - d.top, x1: x + w + d.right, y1: y + h + d.bottom, wrap: anchor.wrap, side: anchor.wrapSide };
}

/**
 * The x-range an exclusion takes from the band [top, bottom]: its box, or for a wrap polygon the
 * polygon's horizontal extent within the band (each edge clipped to it) plus the wrap distances;
 * undefined when the polygon does not reach into the band.
 */
export function excludedRange(e: Exclusion, top: number, bottom: number): readonly [number, number] | undefined {
  if (!e.polygon) return [e.x0, e.x1];
  const pts = e.polygon.points;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i]!;
    const b = pts[(i + 1) % pts.length]!;
    if (Math.max(a.y, b.y) < top || Math.min(a.y, b.y) > bottom) continue;
    let xa = a.x;
    let xb = b.x;
    if (a.y !== b.y) {
      const at = (y: number) => a.x + ((b.x - a.x) * Math.min(1, Math.max(0, (y - a.y) / (b.y - a.y))));
      [xa, xb] = [at(top), at(bottom)];
    }
    lo = Math.min(lo, xa, xb);
    hi = Math.max(hi, xa, xb);
  }
  return lo <= hi ? [lo - e.polygon.padLeft, hi + e.polygon.padRight] : undefined;
}

/** A free horizontal span of a line, in page coordinates. */
export interface Span {
  readonly left: number;
  readonly right: number;
}

/** Where a line may go: its free spans, left to right, or a lower top when no span is wide enough here. */
export type LineSlot = { readonly spans: readonly Span[] } | { readonly below: number };

/**
 * The free horizontal spans of [left, right] for a line occupying [top, top + height), given the
 * exclusions; `{ below }` when every span is narrower than `minWidth` (the line must move down to there).
 * Text fills every span at least `minWidth` wide (both-sides wrapping fills both sides of a centred
 * object); where a float wraps on its largest side only (wrapText="largest"), the widest span is used.
 */
export function lineSlot(exclusions: readonly Exclusion[], top: number, height: number, left: number, right: number, minWidth: number): LineSlot {
  let spans: Array<[number, number]> = [[left, right]];
  let lowest = Infinity;
  let widestOnly = false;
  for (const e of exclusions) {
    if (e.y1 <= top + 0.01 || e.y0 >= top + height - 0.01 || e.x1 <= left || e.x0 >= right) continue;
    const range = e.wrap === 'topAndBottom' ? [left, right] : excludedRange(e, top + 0.01, top + height - 0.01);
    if (!range || range[1] <= left || range[0] >= right) continue;
    lowest = Math.min(lowest, e.y1);
    if (e.side === 'largest') widestOnly = true;
    const [cutFrom, cutTo] = e.wrap === 'topAndBottom' ? [left, right] : e.side === 'left' ? [range[0], right] : e.side === 'right' ? [left, range[1]] : range;
    spans = spans.flatMap(([a, b]): Array<[number, number]> => {
      if (cutTo <= a || cutFrom >= b) return [[a, b]];
      const out: Array<[number, number]> = [];
      if (cutFrom > a) out.push([a, cutFrom]);
      if (cutTo < b) out.push([cutTo, b]);
      return out;
    });
  }
  if (lowest === Infinity) return { spans: [{ left, right }] };
  const wide = spans.filter((s) => s[1] - s[0] >= minWidth);
  if (wide.length === 0) return { below: lowest };
  if (!widestOnly) return { spans: wide.map(([l, r]) => ({ left: l, right: r })) };
  let best = wide[0]!;
  for (const s of wide) if (s[1] - s[0] > best[1] - best[0] + 0.01) best = s;
  return { spans: [{ left: best[0], right: best[1] }] };
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
  /**
   * The paragraph's own floats (also in `exclusions`). They move its first line down once: below
   * those it meets where it starts, and not again for another of them it meets there.
   */
  readonly own?: readonly Exclusion[];
  /**
   * Page y of the column's bottom: a line estimated to pass it goes to the next column or page, where
   * these exclusions are not, so it and the lines after it take the full width there (absent: no
   * limit), unless `next` says what is there.
   */
  readonly bottom?: number;
  /**
   * The top of the next column or page, where the lines past `bottom` go on, and the floats known
   * there (a page's header floats and the floats the pass before placed above their paragraphs):
   * those lines are fitted beside them, down to that column's bottom.
   */
  readonly next?: { readonly top: number; readonly columnX: number; readonly bottom: number; readonly exclusions: readonly Exclusion[]; readonly newPage?: boolean };
}

/**
 * How one line segment fits: moved right by `shift`, ending at `limit` (box coordinates), `skip` points
 * lower; `join` when it continues the previous segment's line at the same height (the span beyond a float).
 */
export interface LineFit {
  readonly shift: number;
  readonly limit: number;
  readonly skip: number;
  readonly join?: true;
  /** The line does not fit in the column below the floats it must clear: it starts the next one. */
  readonly nextColumn?: true;
}

/** Line segment fits by segment index, computed in order. */
export interface WrapFits {
  (segment: number): LineFit;
  /**
   * The line starting at `segment` follows a text-wrapping break with w:clear (ST_BrClear,
   * §17.18.3): it starts below the floats beside it on that side (all: on either side). Must be
   * called before that segment is fitted.
   */
  clear(segment: number, side: 'left' | 'right' | 'all'): void;
  /**
   * The line starting at `segment` follows a page or column break (w:br w:type, ST_BrType
   * §17.18.4): it goes on in the next column or page, beside the floats known there (`next`) or
   * none, not beside this column's. Must be called before that segment is fitted.
   */
  breakBefore(segment: number, kind: 'page' | 'column'): void;
}

/** An axis-aligned box in page coordinates. */
export interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/**
 * How far `box` must move down to overlap none of `others` (clearing one may meet the next; at most
 * 16 moves). Boxes that touch within `eps` do not overlap.
 */
export function dropBelow(box: Box, others: readonly Box[], eps = 0): number {
  let drop = 0;
  for (let guard = 0; guard < 16; guard++) {
    let low = drop;
    for (const e of others) {
      if (e.x1 <= box.x0 || e.x0 >= box.x1 || e.y0 >= box.y1 + drop - eps || e.y1 <= box.y0 + drop + eps) continue;
      low = Math.max(low, e.y1 - box.y0);
    }
    if (low === drop) break;
    drop = low;
  }
  return drop;
}

/** Narrowest span a line is fitted into beside a float; narrower gaps are skipped (about two words). */
export const MIN_WRAP_WIDTH_PT = 24;

/**
 * Line segment fits for a paragraph wrapping around exclusions, computed in order: one per free span of
 * each line. Line tops are estimated from `heights` (the paragraph's lines laid out without wrapping;
 * the last repeats), plus the skips so far. Spans are taken inside the paragraph's indents.
 */
export function wrapFits(area: WrapArea, boxWidthPt: number, indentLeftPt: number, indentRightPt: number, heights: readonly number[]): WrapFits {
  const fitter = new WrapFitter(area, boxWidthPt, indentLeftPt, indentRightPt, heights);
  return Object.assign((segment: number) => fitter.fit(segment), {
    clear(segment: number, side: 'left' | 'right' | 'all') {
      if (segment >= fitter.fits.length) fitter.clears.set(segment, side);
    },
    breakBefore(segment: number, kind: 'page' | 'column') {
      if (segment >= fitter.fits.length) fitter.broken.set(segment, kind);
    },
  });
}

/** wrapFits' state: where the next line goes, in this column or (once) the next one `area.next` describes. */
class WrapFitter {
  readonly fits: LineFit[] = [];
  readonly clears = new Map<number, 'left' | 'right' | 'all'>();
  readonly broken = new Map<number, 'page' | 'column'>();
  private y: number;
  private lineIndex = 0;
  private columnX: number;
  private bottom: number | undefined;
  private placed: readonly Exclusion[];
  private own: readonly Exclusion[] | undefined;
  private left = 0;
  private right = 0;
  private movedOn = false;
  private overflowed = false;

  constructor(
    private readonly area: WrapArea,
    private readonly boxWidthPt: number,
    private readonly indentLeftPt: number,
    private readonly indentRightPt: number,
    private readonly heights: readonly number[],
  ) {
    this.y = area.top;
    this.columnX = area.columnX;
    this.bottom = area.bottom;
    this.placed = area.exclusions;
    this.own = area.own;
    this.setColumn(area.columnX);
  }

  fit(segment: number): LineFit {
    while (this.fits.length <= segment) this.nextLine();
    return this.fits[segment]!;
  }

  private setColumn(columnX: number): void {
    this.columnX = columnX;
    this.left = columnX + this.indentLeftPt;
    this.right = columnX + this.boxWidthPt - this.indentRightPt;
  }

  private fitSpan(s: Span, skip: number, join: boolean): LineFit {
    return {
      shift: Math.max(0, s.left - this.left),
      limit: Math.min(this.boxWidthPt - this.indentRightPt, s.right - this.columnX),
      skip,
      ...(join ? { join: true as const } : {}),
    };
  }

  /** Moves on to the next column or page when the area knows its floats; false when it does not. */
  private moveOn(): boolean {
    const next = this.area.next;
    if (!next || this.movedOn) return false;
    this.movedOn = true;
    this.y = next.top;
    this.bottom = next.bottom;
    this.placed = next.exclusions;
    this.own = undefined;
    this.setColumn(next.columnX);
    return true;
  }

  private passesBottom(at: number): boolean {
    return this.bottom !== undefined && at > this.bottom + 0.01;
  }

  private nextLine(): void {
    const h = this.heights[Math.min(this.lineIndex++, this.heights.length - 1)] ?? 12;
    const hard = this.broken.get(this.fits.length);
    // A page break goes on where `next` is only when that is the next page (in columns it is the
    // next column of this page); else nothing is known there and the line takes the full width.
    if (hard && !this.overflowed && !((hard === 'column' || this.area.next?.newPage === true) && this.moveOn())) this.overflowed = true;
    let skip = this.clearance(this.clears.get(this.fits.length));
    if (!this.overflowed && this.passesBottom(this.y + skip + h) && this.moveOn()) skip = 0;
    if (this.overflowed || this.passesBottom(this.y + skip + h)) {
      this.overflowed = true;
      this.fits.push({ shift: 0, limit: this.boxWidthPt - this.indentRightPt, skip: 0 });
      return;
    }
    this.placeLine(h, skip);
  }

  /** Fits a line of height h at `skip` below y: beside the floats, below them, or in the next column. */
  private placeLine(h: number, skip: number): void {
    let exclusions = this.placed;
    let byOwn = false;
    let startsColumn = false;
    for (let guard = 0; guard < 64; guard++) {
      const slot = lineSlot(exclusions, this.y + skip, h, this.left, this.right, MIN_WRAP_WIDTH_PT);
      if ('below' in slot) {
        const own = this.own;
        if (own && exclusions === this.placed && 'below' in lineSlot(own, this.y + skip, h, this.left, this.right, MIN_WRAP_WIDTH_PT)) {
          byOwn = true;
          // The paragraph's own floats move its first line once (WrapArea.own).
          if (this.fits.length === 0) exclusions = this.placed.filter((e) => !own.includes(e));
        }
        skip = slot.below - this.y;
        continue;
      }
      if (skip > 0 && !byOwn && this.passesBottom(this.y + skip + h)) {
        // Moved below other paragraphs' floats past the column's bottom: the line starts the next
        // column, where they are not, instead of carrying the move there as blank space. A line its
        // own paragraph's floats moved keeps the move (the paragraph takes them along).
        if (this.moveOn()) {
          skip = 0;
          exclusions = this.placed;
          startsColumn = true;
          continue;
        }
        this.overflowed = true;
        this.fits.push({ shift: 0, limit: this.boxWidthPt - this.indentRightPt, skip: 0, nextColumn: true });
        return;
      }
      slot.spans.forEach((s, k) => this.fits.push({ ...this.fitSpan(s, k === 0 ? skip : 0, k > 0), ...(startsColumn && k === 0 ? { nextColumn: true as const } : {}) }));
      this.y += skip + h;
      return;
    }
    this.y += skip + h;
    this.fits.push({ shift: 0, limit: this.boxWidthPt - this.indentRightPt, skip, ...(startsColumn ? { nextColumn: true as const } : {}) });
  }

  /** How far below the current line top the floats on a side of the column reach (0 when none does). */
  private clearance(side: 'left' | 'right' | 'all' | undefined): number {
    if (!side) return 0;
    const middle = (this.left + this.right) / 2;
    let lowest = this.y;
    for (const e of this.placed) {
      if (e.y1 <= this.y + 0.01 || e.y0 > this.y + 0.01 || e.x1 <= this.left || e.x0 >= this.right) continue;
      if (side === 'left' ? e.x0 >= middle : side === 'right' ? e.x1 <= middle : false) continue;
      lowest = Math.max(lowest, e.y1);
    }
    return lowest - this.y;
  }
}
