/**
 * Rows joined by vertically merged cells (w:vMerge, ECMA-376 Part 1 §17.4.84) as one paginator unit,
 * which breaks between its rows where the page ends, each merged cell's text cut there: the lines
 * that fit in the rows on the page stay there, the rest goes on in its rows on the next page. Before,
 * the merged cell was drawn whole with its first row, past the foot of the page, and its rows on the
 * next page were empty.
 */
import { FIT_EPS, type NoteCall, type Unit } from '../flow/units';
import { cellsAt, heightAt, heightOf, heightRun, restOf, windowOf, type PlacedCell, type RowsView } from './rows-view';
import { splitStory } from './story-cut';

/** What the table gives a group of rows: its rows' units, heights and border room. */
export interface RowHooks {
  /** The unit of row `r` as `view` lays it out. */
  row(r: number, view: RowsView): Unit;
  /**
   * The heights of `rows` (table rows `first` on), merged cells growing the last row they span; rows
   * before `from` as in `prev` (heights of the same rows).
   */
  heights(rows: readonly PlacedCell[][], first: number, prev: readonly number[], from: number): number[];
  /** Row `r`'s height from its own cells `row`, before the merged cells ending in it grow it. */
  own(r: number, row: readonly PlacedCell[]): number;
  /** The height a cell's content takes, its margins included. */
  need(pc: PlacedCell): number;
  /** Whether row `r` has an exact height (w:trHeight hRule="exact"), which merged cells do not grow. */
  exact(r: number): boolean;
  /**
   * Whether a merged cell of the table that may grow its rows starts in rows `a` to `b`: one whose
   * rows' own heights do not hold its text (ownRowsHold), found once for the table.
   */
  growsIn(a: number, b: number): boolean;
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
  const heightPt = heightOf(view, a, b);
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
  const more = joined ? rowGroup(k + 1, b, restOf(joined, k + 1, b), hooks).split?.(room - used) : undefined;
  if (joined && more) {
    const here = rowGroup(a, k, windowOf(joined, a, k), hooks);
    const notes = [...(here.notes ?? []), ...(more[0].notes ?? [])];
    return [{ ...stacked(here, more[0], here.heightPt + more[0].heightPt, notes, 2, () => more[0]), breakAfter: true }, more[1]];
  }
  const cut = cutView(view, a, k, hooks, false);
  return [{ ...rowGroup(a, k, windowOf(cut, a, k), hooks), breakAfter: true, split: undefined }, rowGroup(k + 1, b, restOf(cut, k + 1, b), hooks)];
}

/** A merged cell that spans a cut: the cell as it was, and its last row. */
interface Crossing {
  readonly pc: PlacedCell;
  readonly last: number;
}

/**
 * `view` cut after row `k`: its rows with the merged cells spanning the cut cut in two (cutRows), and
 * the heights of the rows after the cut.
 */
function cutView(view: RowsView, a: number, k: number, hooks: RowHooks, joined: boolean): RowsView {
  const { changed, crossing } = cutRows(view, a, k, hooks, joined);
  const cutCells = new Map(view.cutCells ?? []);
  for (const [r, cells] of changed) cutCells.set(r, cells);
  const next: RowsView = { ...view, cutCells };
  // Rows a to k keep their heights: the cut cells' first parts fit them, and the growth of each cut
  // merge was on its last row, after k.
  const kept = loneHeights(view, next, k, crossing, hooks) ?? keptHeights(view, next, k, crossing, hooks);
  if (kept) {
    const cutHeights = new Map(view.cutHeights ?? []);
    for (const [r, h] of kept) cutHeights.set(r, h);
    return cutHeights.size > 0 ? { ...next, cutHeights } : next;
  }
  // A cut merge grew its rows, or its rest does: the rows after the cut are measured again (the rows
  // before keep theirs), in time of the rows left.
  const rows: PlacedCell[][] = [];
  const prev: number[] = [];
  for (let r = a; r <= view.last; r++) {
    rows.push(cellsAt(next, r));
    prev.push(heightAt(view, r));
  }
  const heights = hooks.heights(rows, a, prev, k + 1);
  return { count: view.count, first: view.first, last: view.last, rowsAt: view.rowsAt, rows: view.rows, cutCells, heights: heightRun(a, heights) };
}

/**
 * The heights the rows after a cut after row `k` take when the rests of the merged cells it cuts are
 * the only merged cells left that may grow their rows (the others' own rows hold their text, so that
 * they grow none before or after the cut): the rows' own heights, each rest growing its last row as
 * rowHeights grows it (a merged cell whose text outruns its rows, cut at each page); undefined where
 * other merged cells may grow, whose growth the rests' would change.
 */
function loneHeights(view: RowsView, next: RowsView, k: number, crossing: readonly Crossing[], hooks: RowHooks): ReadonlyMap<number, number> | undefined {
  const after = cellsAt(next, k + 1);
  if (hooks.growsIn(k + 2, view.last)) return undefined;
  // The row after the cut has new cells (its own height may change): the merges opening there hold?
  for (const c of after) {
    if (c.rowSpan > 1 && !crossing.some((x) => x.pc.col === c.col) && !ownRowsHold(next, k + 1, k + c.rowSpan, hooks.need(c), hooks)) return undefined;
  }
  // Every last row of a merge opening there takes its own height again, with the growth of the rests
  // only: a merge that holds now may have grown it with the row's old cells.
  const own = new Map<number, number>([[k + 1, hooks.own(k + 1, after)]]);
  for (const c of after) if (c.rowSpan > 1) own.set(k + c.rowSpan, hooks.own(k + c.rowSpan, cellsAt(next, k + c.rowSpan)));
  const cutHeights = new Map([...(view.cutHeights ?? []), ...own]);
  const grown: RowsView = { ...next, cutHeights };
  for (const pc of after) {
    const last = k + pc.rowSpan;
    if (pc.rowSpan <= 1 || hooks.exact(last)) continue;
    const inset = hooks.inset(k + 1, last);
    const sum = heightOf(grown, k + 1, last, -inset.above - inset.below);
    const need = hooks.need(pc);
    if (need > sum) cutHeights.set(last, cutHeights.get(last)! + need - sum);
  }
  for (const r of cutHeights.keys()) if (!own.has(r)) cutHeights.delete(r);
  return cutHeights;
}

/**
 * The heights the rows after a cut after row `k` take when no merged cell the cut crosses grew its
 * rows, nor does its rest (their text fits the rows' own heights): those of `view`, but for the row
 * after the cut, which takes its own height with its new cells (its continued merged cell's rest
 * ending there counts in it). Undefined where the rows must be measured again: the growth of a cut
 * merge moves, and with it what the merges after it see.
 */
function keptHeights(view: RowsView, next: RowsView, k: number, crossing: readonly Crossing[], hooks: RowHooks): ReadonlyMap<number, number> | undefined {
  const after = cellsAt(next, k + 1);
  for (const { pc, last } of crossing) {
    const rest = after.find((c) => c.col === pc.col)!;
    if (!ownRowsHold(view, pc.row, last, hooks.need(pc), hooks) || !ownRowsHold(next, k + 1, last, hooks.need(rest), hooks)) return undefined;
  }
  const own = hooks.own(k + 1, after);
  if (own === heightAt(view, k + 1)) return new Map();
  // Merges opening in that row besides the cut ones would see its new height.
  if (after.some((c) => c.rowSpan > 1 && !crossing.some((x) => x.pc.col === c.col))) return undefined;
  return new Map([[k + 1, own]]);
}

/**
 * Whether a merged cell from row `r` to `last` needing `need` grows none of its rows: their own
 * heights hold it (rowHeights adds the same heights, or taller ones, in the same order), or the last
 * row's height is exact. Adds the rows only until they hold it.
 */
export function ownRowsHold(view: RowsView, r: number, last: number, need: number, hooks: Pick<RowHooks, 'own' | 'exact' | 'inset'>): boolean {
  if (hooks.exact(last)) return true;
  const inset = hooks.inset(r, last);
  let sum = -inset.above - inset.below;
  for (let j = r; j <= last; j++) {
    sum += hooks.own(j, cellsAt(view, j));
    if (need <= sum) return true;
  }
  return false;
}

/**
 * The rows with each merged cell that spans the break after row `k` cut in two: its text that fits
 * in its rows up to `k`, closed there, and the rest as a cell merged from row `k + 1` to its end.
 * Gives the rows it changed only, and the merged cells it cut.
 */
function cutRows(view: RowsView, a: number, k: number, hooks: RowHooks, joined: boolean): { changed: Map<number, PlacedCell[]>; crossing: Crossing[] } {
  const changed = new Map<number, PlacedCell[]>();
  const crossing: Crossing[] = [];
  const replace = (r: number, col: number, make: (pc: PlacedCell) => PlacedCell) => {
    changed.set(r, (changed.get(r) ?? cellsAt(view, r)).map((pc) => (pc.col === col ? make(pc) : pc)));
  };
  for (let r = a; r <= k; r++) {
    for (const pc of cellsAt(view, r)) {
      const last = r + pc.rowSpan - 1;
      if (pc.rowSpan <= 1 || last <= k) continue;
      crossing.push({ pc, last });
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
  return { changed, crossing };
}

/**
 * The notes of rows `a` to `b`, from the rows that have notes (`noted`, in order): found by bisection,
 * as a merge's rest asks at each page it breaks at.
 */
export function notesOf(noted: readonly number[], rowNotes: readonly (readonly NoteCall[])[], a: number, b: number): NoteCall[] {
  const out: NoteCall[] = [];
  for (let i = firstAtLeast(noted, a); i < noted.length && noted[i]! <= b; i++) out.push(...rowNotes[noted[i]!]!);
  return out;
}

/** The index of the first of `sorted` (ascending) that is at least `x`, by bisection. */
export function firstAtLeast(sorted: readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
