/**
 * Rows views: a window over a table's placed rows (their cells and heights) that a row group and
 * each part of its cut reads, without copying the rows they share. A view never changes the rows
 * and heights it shares; a cut's changes live in its own maps over them (merged-rows.ts). Heights
 * are added in row order up to a page's height, so a sum matches the row-by-row placement exactly.
 */
import type { TableCell } from '../../model';
import type { Story } from '../blocks';

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
 * Rows `first` to `last` of a table of `count` rows: their cells and heights, as laid out or as cut
 * at a page break. A group's view holds its own rows only (a view of the whole table at each page a
 * merge of 40,000 rows broke at held 1.3 GB, fuzz), and so does each part of a cut placed on a page.
 * The rest of a cut shares its group's rows and heights and holds only what the cut changed: copying
 * them at each page made a merge of 100,000 rows (3,449 pages) take 29 s and 2 GB.
 */
export interface RowsView {
  /** The table's rows. */
  readonly count: number;
  readonly first: number;
  readonly last: number;
  /** Cells of table rows `rowsAt` on, and heights of table rows `heights.at` on (shared, never changed). */
  readonly rowsAt: number;
  readonly rows: readonly PlacedCell[][];
  readonly heights: HeightRun;
  /** The rows of this window a cut changed, and their heights, over `rows` and `heights`. */
  readonly cutCells?: ReadonlyMap<number, PlacedCell[]>;
  readonly cutHeights?: ReadonlyMap<number, number>;
}

/** Heights of table rows `at` on, and their running sums (`sums[i]`: rows `at` to `at + i - 1`, added in order). */
interface HeightRun {
  readonly at: number;
  readonly of: readonly number[];
  readonly sums: Float64Array;
}

export function heightRun(at: number, of: readonly number[]): HeightRun {
  const sums = new Float64Array(of.length + 1);
  for (let i = 0; i < of.length; i++) sums[i + 1] = sums[i]! + of[i]!;
  return { at, of, sums };
}

/** The cells of table row `r` in `view`. */
export const cellsAt = (view: RowsView, r: number): PlacedCell[] => view.cutCells?.get(r) ?? view.rows[r - view.rowsAt]!;
/** The height of table row `r` in `view`. */
export const heightAt = (view: RowsView, r: number): number => view.cutHeights?.get(r) ?? view.heights.of[r - view.heights.at]!;

/** Height of the longest page (22 in, the largest Word makes): a group taller than that is never placed whole. */
const LONGEST_PAGE_PT = 1584;

/**
 * `start` and the heights of rows `a` to `b` of `view` added up in order, as far as a page's height (a
 * group placed whole advances the page by that sum, and rowHeights adds a merge's rows so); past it
 * from the running sums, so a long rest of a cut costs no time in its length (its height then only
 * says that it does not fit, within rounding).
 */
export function heightOf(view: RowsView, a: number, b: number, start = 0): number {
  const h = view.heights;
  if (a === h.at && !view.cutHeights && start === 0) return h.sums[b + 1 - h.at]!;
  let sum = start;
  let r = a;
  for (; r <= b && sum <= LONGEST_PAGE_PT; r++) sum += heightAt(view, r);
  if (r > b) return sum;
  sum += h.sums[b + 1 - h.at]! - h.sums[r - h.at]!;
  for (const [j, v] of view.cutHeights ?? []) if (j >= r && j <= b) sum += v - h.of[j - h.at]!;
  return sum;
}

/** A view of `rows` and `heights` (table rows `first` on) of a table of `count` rows. */
export function rowsView(count: number, first: number, rows: readonly PlacedCell[][], heights: readonly number[]): RowsView {
  return { count, first, last: first + rows.length - 1, rowsAt: first, rows, heights: heightRun(first, heights) };
}

/** Rows `a` to `b` of `view` as a view of their own: copies of its rows, for a group or a part placed on a page. */
export function windowOf(view: RowsView, a: number, b: number): RowsView {
  const rows: PlacedCell[][] = [];
  const heights: number[] = [];
  for (let r = a; r <= b; r++) {
    rows.push(cellsAt(view, r));
    heights.push(heightAt(view, r));
  }
  return rowsView(view.count, a, rows, heights);
}

/** Rows `a` to `b` of `view` sharing its rows and heights: the rest of a cut, in time of what the cut changed. */
export function restOf(view: RowsView, a: number, b: number): RowsView {
  const out: { -readonly [K in keyof RowsView]: RowsView[K] } = { count: view.count, first: a, last: b, rowsAt: view.rowsAt, rows: view.rows, heights: view.heights };
  const cutCells = inside(view.cutCells, a, b);
  const cutHeights = inside(view.cutHeights, a, b);
  if (cutCells) out.cutCells = cutCells;
  if (cutHeights) out.cutHeights = cutHeights;
  return out;
}

/** The entries of `m` for rows `a` to `b`; undefined when there are none. */
function inside<T>(m: ReadonlyMap<number, T> | undefined, a: number, b: number): Map<number, T> | undefined {
  let out: Map<number, T> | undefined;
  for (const [r, v] of m ?? []) if (r >= a && r <= b) (out ??= new Map()).set(r, v);
  return out;
}

