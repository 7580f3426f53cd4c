/**
 * The footnote area of a page whose body is set in several columns (w:cols w:num > 1, §17.6.4).
 *
 * ECMA-376 leaves it open; Word formats the area with as many columns as the page's text ("footnotes
 * area of the page is formatted with a number of columns based on the number of columns on the
 * displayed page", Word's FootnoteOptions.LayoutColumns at 0, the default; w15:footnoteColumns sets
 * another count). Since Word 2013 (compatibilityMode 15) the notes start in the first of those
 * columns whatever column their reference is in, and are balanced across them: the area is as tall
 * as the shortest height that holds them all, each column filled before the next, notes split
 * between columns after a line (Microsoft's notes on Word 2013's layout changes). Word 2010 and
 * earlier put a note at the foot of the column holding its reference (`perColumn` in page-notes.ts).
 */

/** A note (or the slice of it that is on this page) to set in the area. */
export interface NotePiece {
  readonly heightPt: number;
  /** Offsets inside the piece (ascending, from its top) after which it may continue in the next column. */
  readonly cuts: readonly number[];
}

/** Where a piece, or part of it, goes: column, offset in the piece, height, top inside the area. */
export interface NotePlacement {
  readonly piece: number;
  readonly column: number;
  readonly fromPt: number;
  readonly heightPt: number;
  readonly yPt: number;
}

const EPS = 0.01;

/**
 * Fills `columns` columns of height `heightPt` with the pieces in order, each column up to the
 * last cut that fits; undefined when they do not all fit.
 */
export function fillNoteColumns(pieces: readonly NotePiece[], columns: number, heightPt: number): NotePlacement[] | undefined {
  const out: NotePlacement[] = [];
  let column = 0;
  let y = 0;
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i]!;
    let from = 0;
    while (from < p.heightPt - EPS) {
      const left = p.heightPt - from;
      if (y + left <= heightPt + EPS) {
        out.push({ piece: i, column, fromPt: from, heightPt: left, yPt: y });
        y += left;
        break;
      }
      // The longest part that fits in what is left of this column, ending after a line.
      let cut = 0;
      for (const c of p.cuts) if (c - from > EPS && c - from <= heightPt - y + EPS) cut = c - from;
      if (cut > 0) {
        out.push({ piece: i, column, fromPt: from, heightPt: cut, yPt: y });
        from += cut;
      }
      if (++column >= columns) return undefined;
      y = 0;
    }
  }
  return out;
}

/**
 * The height of the balanced area: the least height at which the pieces fit in `columns` columns
 * (the tallest unbreakable part at the least), and where each piece goes at that height.
 */
export function balanceNotes(pieces: readonly NotePiece[], columns: number): { heightPt: number; placements: NotePlacement[] } {
  let total = 0;
  for (const p of pieces) total += p.heightPt;
  if (columns <= 1 || pieces.length === 0) return { heightPt: total, placements: fillNoteColumns(pieces, 1, total) ?? [] };
  // A column always holds something, so the answer lies between total / columns and total; the
  // heights that matter are sums of unbreakable parts, found here to within a hundredth of a point.
  let lo = total / columns - EPS;
  let hi = total;
  for (let k = 0; k < 40 && hi - lo > EPS; k++) {
    const mid = (lo + hi) / 2;
    if (fillNoteColumns(pieces, columns, mid)) hi = mid;
    else lo = mid;
  }
  const placements = fillNoteColumns(pieces, columns, hi)!;
  // The area is as tall as its tallest column.
  let heightPt = 0;
  for (const q of placements) heightPt = Math.max(heightPt, q.yPt + q.heightPt);
  return { heightPt, placements };
}
