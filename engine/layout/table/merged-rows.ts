/**
 * Rows joined by vertically merged cells (w:vMerge, ECMA-376 Part 1 §17.4.84) as one paginator unit,
 * which breaks between its rows where the page ends, each merged cell's text cut there: the lines
 * that fit in the rows on the page stay there, the rest goes on in its rows on the next page. Before,
 * the merged cell was drawn whole with its first row, past the foot of the page, and its rows on the
 * next page were empty.
 */
import type { TableCell } from '../../model';
import type { Story } from '../blocks';
import { FIT_EPS, type NoteCall, type Unit } from '../flow/units';
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
  /**
   * The left and right borders' widths where the cells are separated (cell spacing, even 0): each
   * cell keeps them inside its own box, so its text runs between them and its margins.
   */
  readonly sides?: { readonly left: number; readonly right: number };
  story?: Story;
  /** Rotated text (w:tcPr/w:textDirection, §17.4.72): 'ccw' for btLr, 'cw' for tbRl. */
  readonly turn?: 'ccw' | 'cw';
  /** Length of a rotated cell's lines: what its text needs along the row's height. */
  lengthPt?: number;
}

/**
 * Rows `first` on of a table of `count` rows: their cells and heights, as laid out or as cut at a page
 * break. A group's view holds its own rows only, and each part of a cut group only its part's rows:
 * a view of the whole table at each page a merge of 40,000 rows broke at held 1.3 GB (fuzz).
 */
export interface RowsView {
  /** The table's rows. */
  readonly count: number;
  /** The table row that rows[0] and heights[0] are. */
  readonly first: number;
  readonly rows: readonly PlacedCell[][];
  readonly heights: readonly number[];
}

/** The cells of table row `r` in `view`. */
export const cellsAt = (view: RowsView, r: number): PlacedCell[] => view.rows[r - view.first]!;
/** The height of table row `r` in `view`. */
export const heightAt = (view: RowsView, r: number): number => view.heights[r - view.first]!;

/** Rows `a` to `b` of `view` as a view of their own. */
export function windowOf(view: RowsView, a: number, b: number): RowsView {
  const from = a - view.first;
  return { count: view.count, first: a, rows: view.rows.slice(from, b - view.first + 1), heights: view.heights.slice(from, b - view.first + 1) };
}

/** What the table gives a group of rows: its rows' units, heights and border room. */
export interface RowHooks {
  /** The unit of row `r` as `view` lays it out. */
  row(r: number, view: RowsView): Unit;
  /**
   * The heights of `rows` (table rows `first` on), merged cells growing the last row they span; rows
   * before `from` as in `prev` (heights of the same rows).
   */
  heights(rows: readonly PlacedCell[][], first: number, prev: readonly number[], from: number): number[];
  /** Room row `r`'s bottom border takes below it where a page ends after it (Unit.tailPt). */
  tail(r: number): number;
  /** The notes referenced from rows `a` to `b`, placed with them. */
  notes(a: number, b: number): readonly NoteCall[];
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

/**
 * Rows `a` to `b` of `view` as one unit (a single row as its own unit). Its rows' own units are made
 * only when it is drawn: a group is made again for what is left at each page it breaks at, and making
 * every row each time made a merge of 8,000 rows over 286 pages take ten times as long.
 */
export function rowGroup(a: number, b: number, view: RowsView, hooks: RowHooks): Unit {
  if (a === b) return hooks.row(a, view);
  let heightPt = 0;
  for (let r = a; r <= b; r++) heightPt += heightAt(view, r);
  const rowAt = (r: number) => hooks.row(r, view);
  // It breaks between its rows wherever the page ends, as any rows do (ECMA-376 §17.4.6: rows split
  // by default; §17.4.84 merges cells, it does not keep their rows together). Word's saved page starts
  // show it: oxsdk-2007 opens its page 16 inside the '（GAP）' row, the sixth of seven rows under a
  // merged cell ('产品曾荣获', about 220 pt) that would fit on a page: five rows and a line of the
  // sixth stay on page 15. (A peer's measurements, yukiyokotani/office-open-xml-viewer#980, are
  // of spans taller than a page only.)
  return {
    ...stacked(rowAt(a), rowAt(b), heightPt, hooks.notes(a, b), b - a + 1, (i) => rowAt(a + i)),
    split: (room) => splitGroup(a, b, view, hooks, room),
  };
}

/** `n` units drawn one below the other as one, `first` and `last` giving its edges, `at(i)` the i-th. */
function stacked(first: Unit, last: Unit, heightPt: number, notes: readonly NoteCall[], n: number, at: (i: number) => Unit): Unit {
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
      // Unit by unit from the top, as the paginator would have placed them one after another.
      let top = y;
      for (let i = 0; i < n; i++) {
        const u = i === 0 ? first : i === n - 1 ? last : at(i);
        u.emit(sink, x, top);
        top += u.heightPt;
      }
    },
  };
}

/**
 * Breaks the group after the last row that fits in `room`, cutting the merged cells that span the
 * break; undefined when not even its first row fits (the group then moves on whole).
 */
function splitGroup(a: number, b: number, view: RowsView, hooks: RowHooks, room: number): readonly [Unit, Unit] | undefined {
  let used = 0;
  let k = a - 1;
  for (let r = a; r < b; r++) {
    if (used + heightAt(view, r) + hooks.tail(r) > room + FIT_EPS) break;
    used += heightAt(view, r);
    k = r;
  }
  if (k < a) return undefined;
  // The room left below row k goes to the next row where that row splits (at its lines; a group at
  // its rows), the cut merged cells running on into it.
  const joined = room - used > 1 ? cutView(view, a, k, hooks, true) : undefined;
  const more = joined ? rowGroup(k + 1, b, windowOf(joined, k + 1, b), hooks).split?.(room - used) : undefined;
  if (joined && more) {
    const here = rowGroup(a, k, windowOf(joined, a, k), hooks);
    const notes = [...(here.notes ?? []), ...(more[0].notes ?? [])];
    return [{ ...stacked(here, more[0], here.heightPt + more[0].heightPt, notes, 2, () => more[0]), breakAfter: true }, more[1]];
  }
  const cut = cutView(view, a, k, hooks, false);
  return [{ ...rowGroup(a, k, windowOf(cut, a, k), hooks), breakAfter: true, split: undefined }, rowGroup(k + 1, b, windowOf(cut, k + 1, b), hooks)];
}

function cutView(view: RowsView, a: number, k: number, hooks: RowHooks, joined: boolean): RowsView {
  // Rows a to k keep their heights: the cut cells' first parts fit them, and the growth of each cut
  // merge was on its last row, after k.
  const rows = cutRows(view, a, k, hooks, joined);
  return { count: view.count, first: view.first, rows, heights: hooks.heights(rows, view.first, view.heights, k + 1) };
}

/**
 * The rows with each merged cell that spans the break after row `k` cut in two: its text that fits
 * in its rows up to `k`, closed there, and the rest as a cell merged from row `k + 1` to its end.
 */
function cutRows(view: RowsView, a: number, k: number, hooks: RowHooks, joined: boolean): PlacedCell[][] {
  const rows = view.rows.slice();
  const replace = (r: number, col: number, make: (pc: PlacedCell) => PlacedCell) => {
    const i = r - view.first;
    rows[i] = rows[i]!.map((pc) => (pc.col === col ? make(pc) : pc));
  };
  for (let r = a; r <= k; r++) {
    for (const pc of cellsAt(view, r)) {
      const last = r + pc.rowSpan - 1;
      if (pc.rowSpan <= 1 || last <= k) continue;
      let span = 0;
      for (let j = r; j <= k; j++) span += heightAt(view, j);
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
