/**
 * Table row heights: the room horizontal borders and cell spacing take at each row's edges
 * (w:tblBorders, w:tcBorders, w:tblCellSpacing §17.4.44), and each row's height from its cells,
 * its w:trHeight (§17.4.81) and the vertically merged cells that end in it.
 *
 * Rows that share their borders hold half of each border between them, the table's top and bottom
 * whole; separated cells keep all four borders inside their own boxes. An exact row keeps its
 * height whatever its cells need. Pure arithmetic on placed cells: nothing here lays out or draws.
 */
import type { Table } from '../../model';
import type { PlacedCell } from './rows-view';

export function cellNeed(pc: PlacedCell): number {
  const m = pc.cell.props.margins;
  return (pc.turn ? (pc.lengthPt ?? 0) : (pc.story?.heightPt ?? 0)) + m.top + m.bottom;
}

/**
 * Room the horizontal borders take in each row, above and below its cells' content: a row holds
 * half of a border it shares with the next row and all of the table's outer top and bottom borders,
 * so a table is as tall as its contents plus every horizontal border (Word draws them on the grid
 * lines between rows and moves the contents clear of them). Exact-height rows keep their height.
 */
export interface RowEdges {
  readonly above: readonly number[];
  readonly below: readonly number[];
  /** Cell spacing above each row and below it (the last row only): outside the cells' boxes. */
  readonly gapAbove: readonly number[];
  readonly gapBelow: readonly number[];
  /** The row shares its top and bottom borders with its neighbours (no cell spacing), half each. */
  readonly shared: readonly boolean[];
}

/**
 * Whether row `r`'s cells are separated: w:tblCellSpacing, even 0, on the row or the table
 * (t.props.separateCells), or more than 0 (§17.4.44). Separated cells keep all four borders inside
 * their own boxes (placeCells, rowEdges).
 */
export function separatesCells(t: Table, r: number): boolean {
  const row = t.rows[r]!.props;
  return (row.cellSpacingPt ?? t.props.cellSpacingPt) > 0 || t.props.separateCells === true || row.cellSpacingPt !== undefined;
}

/** Room the borders (and the cell spacing, `gap…`) take above and below one cell's content. */
export interface Inset {
  readonly above: number;
  readonly below: number;
  readonly gapAbove?: number;
  readonly gapBelow?: number;
}

export function rowEdges(t: Table, rows: PlacedCell[][]): RowEdges {
  const widest = (row: PlacedCell[] | undefined, side: 'top' | 'bottom') => {
    let w = 0;
    for (const pc of row ?? []) {
      // A merged cell draws no top border inside its span, and a spanning cell's bottom is lower down.
      if (side === 'top' ? pc.cell.props.vMerge === 'continue' : pc.rowSpan > 1 || pc.midMerge) continue;
      w = Math.max(w, pc.cell.props.borders[side]?.widthPt ?? 0);
    }
    return w;
  };
  const n = rows.length;
  const above: number[] = [];
  const below: number[] = [];
  const gapAbove: number[] = [];
  const gapBelow: number[] = [];
  const shared: boolean[] = [];
  for (let r = 0; r < n; r++) {
    const exact = t.rows[r]!.props.heightRule === 'exact' && t.rows[r]!.props.heightPt !== undefined;
    const sp = t.rows[r]!.props.cellSpacingPt ?? t.props.cellSpacingPt;
    // w:tblCellSpacing, even 0 (on the table or the row), separates the cells: each keeps all four of
    // its borders inside its own box, so a row takes both its top and its bottom borders (Word's page
    // starts in poi-bug59058, whose HTML tables give cellspacing 0 and draw each row ~0.75 pt taller
    // than shared borders would).
    if (separatesCells(t, r)) {
      // Between two rows the spacing is the least room between their cells, their borders counted in
      // it (§17.4.44: "the minimum amount of space … between all cells … including the width of the
      // table borders"): borders wider than the spacing leave none beside them. poi-bib-chernigovka's
      // calendar (0.75 pt spacing, 1.5 pt outset borders) has Word's page starts only so (3 of 14
      // with the splits below, 2 with the spacing added on). The table's top and bottom keep it whole.
      const gap = r === 0 ? sp : Math.max(0, sp - (exact ? 0 : widest(rows[r - 1], 'bottom') + widest(rows[r], 'top')));
      gapAbove.push(gap);
      gapBelow.push(r === n - 1 ? sp : 0);
      shared.push(false);
      above.push((exact ? 0 : widest(rows[r], 'top')) + gap);
      below.push((exact ? 0 : widest(rows[r], 'bottom')) + gapBelow[r]!);
      continue;
    }
    gapAbove.push(0);
    gapBelow.push(0);
    shared.push(true);
    const halves = (k: number) => Math.max(widest(rows[k], 'bottom'), widest(rows[k + 1], 'top'));
    above.push(exact ? 0 : r === 0 ? widest(rows[0], 'top') : halves(r - 1) / 2);
    below.push(exact ? 0 : r === n - 1 ? widest(rows[r], 'bottom') : halves(r) / 2);
  }
  return { above, below, gapAbove, gapBelow, shared };
}

/** Row `r`'s height from its own cells, before the merged cells ending in it grow it. */
export function ownHeight(t: Table, row: readonly PlacedCell[], r: number, edges: RowEdges): number {
  let h = 0;
  let margins = 0;
  for (const pc of row) {
    margins = Math.max(margins, pc.cell.props.margins.top + pc.cell.props.margins.bottom);
    if (pc.rowSpan === 1 && pc.cell.props.vMerge !== 'continue') h = Math.max(h, cellNeed(pc));
  }
  const p = t.rows[r]!.props;
  if (p.heightPt !== undefined && p.heightRule === 'exact') return p.heightPt;
  // An at-least height (w:trHeight, §17.4.81) is the room of the cells' content: Word adds the cell
  // margins above and below it and the row's horizontal borders on top, as it does to the content
  // (docling-docx_rich_tables_01: a 53.65 pt row with 5 pt margins is 63.65 pt high, and only then
  // does Word's page 5 end where it does; oxsdk-2007 breaks its table 3 before the last line
  // '年 月 日' and has Word's 16 pages only with the borders on top). LibreOffice keeps both inside.
  const least = p.heightPt !== undefined ? Math.max(h, p.heightPt + margins) : h;
  return least + edges.above[r]! + edges.below[r]!;
}

/**
 * The heights of `rows` (the table's rows `first` on), each merged cell growing the last row it spans.
 * With `prev` (heights of the same rows), rows before `from` keep its heights: a merge cut at a page
 * break (merged-rows.ts) changes only the rows after the cut. `own` gives a row's height from its own
 * cells (ownHeight, or what the table knows of it).
 */
export function rowHeights(t: Table, rows: readonly PlacedCell[][], edges: RowEdges, first = 0, prev?: readonly number[], from = 0, own = (r: number, row: readonly PlacedCell[]) => ownHeight(t, row, r, edges)): number[] {
  const heights = rows.map((row, i) => (prev && first + i < from ? prev[i]! : own(first + i, row)));
  // A merge held by these rows ends within them (a group's rows are all the rows its merges span).
  for (let i = prev ? Math.max(0, from - first) : 0; i < rows.length; i++) {
    const r = first + i;
    for (const pc of rows[i]!) {
      if (pc.rowSpan <= 1) continue;
      const last = Math.min(first + rows.length - 1, r + pc.rowSpan - 1);
      let sum = -edges.above[r]! - edges.below[last]!;
      for (let k = r; k <= last; k++) sum += heights[k - first]!;
      const need = cellNeed(pc);
      if (need > sum && t.rows[last]!.props.heightRule !== 'exact') heights[last - first] = heights[last - first]! + need - sum;
    }
  }
  return heights;
}

/** What row `r` of `n` needs below it where a page ends after it: its shared bottom border's other half. */
export function rowTail(edges: RowEdges, r: number, n: number): number {
  return edges.shared[r] && r < n - 1 ? edges.below[r]! : 0;
}
