/**
 * Rows joined by vertically merged cells (w:vMerge, ECMA-376 Part 1 §17.4.84) as one paginator unit,
 * which moves on whole where it does not fit and breaks between its rows where it opens a page or is
 * taller than one, each merged cell's text cut where the page ends: the lines that fit in the rows on
 * the page stay there, the rest goes on in its rows on the next page. Before, the merged cell was drawn
 * whole with its first row, past the foot of the page, and its rows on the next page were empty.
 */
import type { TableCell } from '../../model';
import type { Story } from '../blocks';
import { FIT_EPS, type Unit } from '../flow/units';
import { splitStory } from './story-cut';

/** A cell placed on the table's grid. */
export interface PlacedCell {
  readonly cell: TableCell;
  readonly row: number;
  readonly col: number;
  readonly span: number;
  rowSpan: number;
  /** A w:vMerge continue cell with more of its merged cell below it: its bottom edge is inside that cell. */
  midMerge?: boolean;
  /**
   * A merged cell cut where its rows break, the row below splitting on the same page: its first part
   * draws no bottom edge there (`openBottom`), nor its rest a top edge (`openTop`) until the rest moves on.
   */
  readonly openBottom?: boolean;
  readonly openTop?: boolean;
  readonly x: number;
  readonly width: number;
  story?: Story;
  /** Rotated text (w:tcPr/w:textDirection, §17.4.72): 'ccw' for btLr, 'cw' for tbRl. */
  readonly turn?: 'ccw' | 'cw';
  /** Length of a rotated cell's lines: what its text needs along the row's height. */
  lengthPt?: number;
}

/** The table's cells by row and the rows' heights, as laid out or as cut at a page break. */
export interface RowsView {
  readonly rows: PlacedCell[][];
  readonly heights: readonly number[];
}

/** What the table gives a group of rows: its rows' units, heights and border room. */
export interface RowHooks {
  /** The unit of row `r` as `view` lays it out. */
  row(r: number, view: RowsView): Unit;
  /** The rows' heights, merged cells growing the last row they span. */
  heights(rows: PlacedCell[][]): number[];
  /** Room the borders take above row `r`'s content and below row `last`'s. */
  inset(r: number, last: number): { readonly above: number; readonly below: number };
}

/**
 * The last row of the group starting at row `r`: the rows its merged cells span, and those of the
 * cells merged from them on; `r` itself when no cell merges down from it. Cells with turned text do
 * not cut (their lines run along the rows), so their rows stay separate units as before.
 */
export function mergeEnd(rows: readonly PlacedCell[][], r: number): number {
  let end = r;
  for (let k = r; k <= end && k < rows.length; k++) {
    for (const pc of rows[k]!) {
      if (pc.rowSpan <= 1) continue;
      if (pc.turn) return r;
      end = Math.max(end, k + pc.rowSpan - 1);
    }
  }
  return Math.min(end, rows.length - 1);
}

/** Rows `a` to `b` of `view` as one unit (a single row as its own unit). */
export function rowGroup(a: number, b: number, view: RowsView, hooks: RowHooks): Unit {
  if (a === b) return hooks.row(a, view);
  const parts: Unit[] = [];
  for (let r = a; r <= b; r++) parts.push(hooks.row(r, view));
  // It breaks only where it opens a page or column or is taller than a page: elsewhere it moves on
  // whole, as Word keeps a merged cell's rows together where they fit on a page and breaks a taller
  // span where it stands (a peer's measurements of Word: yukiyokotani/office-open-xml-viewer#980).
  return { ...stack(parts), splitsOnlyAtTop: true, split: (room) => splitGroup(a, b, view, parts, hooks, room) };
}

/** Units drawn one below the other as one. */
function stack(parts: readonly Unit[]): Unit {
  let heightPt = 0;
  for (const u of parts) heightPt += u.heightPt;
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  const notes = parts.flatMap((u) => u.notes ?? []);
  return {
    kind: 'row',
    heightPt,
    breakAfter: last.breakAfter,
    ...(last.keptWithNext ? { keptWithNext: true } : {}),
    ...(first.headPt ? { headPt: first.headPt } : {}),
    ...(last.tailPt ? { tailPt: last.tailPt } : {}),
    ...(first.repeatHeader ? { repeatHeader: first.repeatHeader } : {}),
    ...(notes.length > 0 ? { notes } : {}),
    emit(sink, x, y) {
      // Row by row from the top, as the paginator would have placed them one after another.
      let at = y;
      for (const u of parts) {
        u.emit(sink, x, at);
        at += u.heightPt;
      }
    },
  };
}

/**
 * Breaks the group after the last row that fits in `room`, cutting the merged cells that span the
 * break; undefined when not even its first row fits (the group then moves on whole).
 */
function splitGroup(a: number, b: number, view: RowsView, parts: readonly Unit[], hooks: RowHooks, room: number): readonly [Unit, Unit] | undefined {
  let used = 0;
  let k = a - 1;
  for (let r = a; r < b; r++) {
    const u = parts[r - a]!;
    if (used + u.heightPt + (u.tailPt ?? 0) > room + FIT_EPS) break;
    used += u.heightPt;
    k = r;
  }
  if (k < a) return undefined;
  // The room left below row k goes to the next row where that row splits (at its lines; a group at
  // its rows), the cut merged cells running on into it.
  const joined = cutView(view, a, k, hooks, true);
  const more = room - used > 1 ? rowGroup(k + 1, b, joined, hooks).split?.(room - used) : undefined;
  if (more) return [{ ...stack([rowGroup(a, k, joined, hooks), more[0]]), breakAfter: true }, more[1]];
  const cut = cutView(view, a, k, hooks, false);
  return [{ ...rowGroup(a, k, cut, hooks), breakAfter: true, split: undefined }, rowGroup(k + 1, b, cut, hooks)];
}

function cutView(view: RowsView, a: number, k: number, hooks: RowHooks, joined: boolean): RowsView {
  const rows = cutRows(view, a, k, hooks, joined);
  return { rows, heights: hooks.heights(rows) };
}

/**
 * The rows with each merged cell that spans the break after row `k` cut in two: its text that fits
 * in its rows up to `k`, closed there, and the rest as a cell merged from row `k + 1` to its end.
 */
function cutRows(view: RowsView, a: number, k: number, hooks: RowHooks, joined: boolean): PlacedCell[][] {
  const rows = view.rows.slice();
  const replace = (r: number, col: number, make: (pc: PlacedCell) => PlacedCell) => {
    rows[r] = rows[r]!.map((pc) => (pc.col === col ? make(pc) : pc));
  };
  for (let r = a; r <= k; r++) {
    for (const pc of view.rows[r]!) {
      const last = r + pc.rowSpan - 1;
      if (pc.rowSpan <= 1 || last <= k) continue;
      let span = 0;
      for (let j = r; j <= k; j++) span += view.heights[j]!;
      const m = pc.cell.props.margins;
      const inset = hooks.inset(r, k);
      const { first, rest } = splitStory(pc.story, span - inset.above - inset.below - m.top - m.bottom);
      replace(r, pc.col, () => ({ ...pc, story: first, rowSpan: k - r + 1, openBottom: joined }));
      if (k > r && !joined) replace(k, pc.col, (c) => ({ ...c, midMerge: false }));
      replace(k + 1, pc.col, () => ({ ...pc, row: k + 1, story: rest, rowSpan: last - k, openTop: joined }));
    }
  }
  return rows;
}
