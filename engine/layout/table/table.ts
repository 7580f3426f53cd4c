/**
 * Table layout: cells are stacked stories on the grid; rows are paginator units. Vertically merged
 * cells (w:vMerge) span rows and grow the last row they cover; row heights follow w:trHeight
 * (atLeast / exact); rows split across pages at line boundaries unless w:cantSplit; header rows
 * (w:tblHeader) repeat at the top of each page. Cells with turned text (w:textDirection btLr, tbRl)
 * lay their lines along the row's height and grow an auto-height row to the text's length.
 * Horizontal borders take room as in Word: a row grows by the borders on its edges (half of each
 * border it shares with a neighbour, all of the table's top and bottom) unless its at-least or exact
 * height already holds them.
 * Cell spacing (w:tblCellSpacing, §17.4.44) separates the cells: each cell's box (shading, borders)
 * is inset by the spacing from the table's edges and by half of it from its neighbours, rows are
 * that much apart less the borders between them, and the table's own outer border is drawn around
 * the whole table. A spacing of 0 still separates them: rows do not share their horizontal borders.
 *
 * This file places the cells on the grid and lays out their stories; the rows' edges and heights
 * (row-heights.ts), a row's unit and its split across pages (row-units.ts) and the drawing of cells
 * and frames (draw-cells.ts) each have their own file.
 */
import type { Table, TableCell, TableRow } from '../../model';
import type { Story } from '../blocks';
import type { ParagraphContext } from '../paragraph';
import { minContentWidth, naturalWidth } from '../paragraph-measure';
import type { Unit } from '../flow/units';
import { fitCellBlocks } from './fit-cell';
import { computeGrid, type CellMinimum, type TableGrid } from './grid';
import { firstAtLeast, mergeEnd, notesOf, ownRowsHold, rowGroup, type RowHooks } from './merged-rows';
import { rowsView, windowOf, type PlacedCell, type RowsView } from './rows-view';
import { cellNeed, ownHeight, rowEdges, rowHeights, rowTail, separatesCells, type RowEdges } from './row-heights';
import { rowUnit } from './row-units';

/** What table layout needs from the block layout (passed in to keep the dependency one-way). */
export interface TableContext {
  readonly compatibilityMode: number;
  /**
   * Lays out a cell's blocks as an unpaged story; `leadPt` is the room above them in the row (its top
   * border and the cell's top margin), which shares the first line of a document grid with them.
   */
  layoutCell(blocks: TableCell['blocks'], widthPt: number, leadPt?: number): Story;
}

/**
 * Lays out a table in a box `availPt` wide; returns one unit per row, `decorate`d, except that the
 * rows joined by vertically merged cells make one unit (merged-rows.ts).
 */
export function layoutTable(t: Table, availPt: number, ctx: TableContext & ParagraphContext, decorate: (unit: Unit, row: number) => Unit = (u) => u): Unit[] {
  const grid = tableGrid(t, availPt, ctx);
  const colX: number[] = [0];
  for (const w of grid.columns) colX.push(colX[colX.length - 1]! + w);
  const rows = placeCells(t, colX, t.props.cellSpacingPt);
  const edges = rowEdges(t, rows);
  layoutCells(t, rows, edges, ctx);
  const heights = rowHeights(t, rows, edges);
  layoutTurned(rows, heights, edges, ctx);
  const units: Unit[] = [];
  const header: Unit[] = [];
  const tableW = colX[colX.length - 1]!;
  // The rows whose cells reference notes, found once: a group asks for its rows' notes at each page.
  const rowNotes = rows.map((_, r) => decorate(NO_UNIT, r).notes ?? []);
  const ownHeights: Array<number | undefined> = [];
  const noted = rowNotes.flatMap((n, r) => (n.length > 0 ? [r] : []));
  // The rows where a merged cell starts that may grow its rows, found when a merge is first cut.
  let growStarts: number[] | undefined;
  // A cut changes the cells of the row after the break only: the rows below keep their own heights,
  // found once (a merge of 40,000 rows measured them all again at each of its 1,000 pages).
  const own = (r: number, row: readonly PlacedCell[]) => (row === rows[r] ? (ownHeights[r] ??= ownHeight(t, row, r, edges)) : ownHeight(t, row, r, edges));
  const hooks: RowHooks = {
    row: (r, view) => decorate(rowUnit(t, r, view, edges, grid.xPt, tableW, header.length === 0 ? undefined : header), r),
    heights: (cut, first, prev, from) => rowHeights(t, cut, edges, first, prev, from, own),
    own,
    need: cellNeed,
    exact: (r) => t.rows[r]!.props.heightRule === 'exact',
    growsIn: (a, b) => {
      growStarts ??= rows.flatMap((row, r) => (row.some((pc) => pc.rowSpan > 1 && !ownRowsHold(whole, r, r + pc.rowSpan - 1, cellNeed(pc), hooks)) ? [r] : []));
      const i = firstAtLeast(growStarts, a);
      return i < growStarts.length && growStarts[i]! <= b;
    },
    tail: (r) => rowTail(edges, r, rows.length),
    notes: (a, b) => notesOf(noted, rowNotes, a, b),
    inset: (r, last) => ({ above: edges.above[r]!, below: edges.below[last]! }),
  };
  const whole: RowsView = rowsView(rows.length, 0, rows, heights);
  let headerDone = false;
  for (let r = 0; r < rows.length; r++) {
    const isHeader = !headerDone && t.rows[r]!.props.header;
    if (!isHeader) headerDone = true;
    const end = isHeader ? r : mergeEnd(rows, r);
    if (end > r) {
      units.push(rowGroup(r, end, windowOf(whole, r, end), hooks));
      r = end;
      continue;
    }
    const unit = rowUnit(t, r, whole, edges, grid.xPt, tableW, isHeader || header.length === 0 ? undefined : header);
    if (isHeader) header.push(unit);
    units.push(decorate(unit, r));
  }
  return units;
}

/**
 * Lays out each cell's blocks as a story inside its margins and side borders (a fit-text cell's
 * first paragraph scaled to its width); a turned cell is only measured here, its lines laid out
 * once the row heights are known (layoutTurned).
 */
function layoutCells(t: Table, rows: PlacedCell[][], edges: RowEdges, ctx: TableContext & ParagraphContext): void {
  for (const row of rows) {
    for (const pc of row) {
      if (pc.cell.props.vMerge === 'continue') continue;
      const m = pc.cell.props.margins;
      if (pc.turn) measureTurned(t.rows[pc.row]!.props, pc, ctx);
      else {
        const width = Math.max(1, pc.width - m.left - m.right - (pc.sides ? pc.sides.left + pc.sides.right : 0));
        const lead = edges.above[pc.row]! + edges.gapAbove[pc.row]! + m.top;
        pc.story = ctx.layoutCell(pc.cell.props.fitText ? fitCellBlocks(pc.cell.blocks, width, ctx) : pc.cell.blocks, width, lead);
      }
    }
  }
}

/** A unit that is nothing, for asking `decorate` what it adds to a row (its notes). */
const NO_UNIT: Unit = { kind: 'row', heightPt: 0, breakAfter: true, emit: () => undefined };

/** Grids already computed, by table, for the box width they were computed in. */
const grids = new WeakMap<Table, { readonly availPt: number; readonly grid: TableGrid }>();

/**
 * The grid of a table in a box `availPt` wide, an autofit table's columns widened to the minimum
 * of their content (grid.ts); computed once per table and width (a floating table asks again).
 */
export function tableGrid(t: Table, availPt: number, ctx: TableContext & ParagraphContext): TableGrid {
  const known = grids.get(t);
  if (known && known.availPt === availPt) return known.grid;
  const grid = computeGrid(t, availPt, ctx.compatibilityMode, t.props.layout === 'fixed' ? undefined : cellMinimum(ctx));
  grids.set(t, { availPt, grid });
  return grid;
}

/**
 * A cell's minimum width for AutoFit, margins included: its widest unbreakable piece of text or
 * equation (paragraph-measure.ts minContentWidth); a nested table counts at its own width, from
 * where it starts when that is inside the cell's text. Turned and fit-text cells need nothing.
 */
function cellMinimum(ctx: TableContext & ParagraphContext): CellMinimum {
  return (cell, widthPt) => {
    if (cell.props.fitText || TURNS[cell.props.textDirection]) return 0;
    const m = cell.props.margins;
    let need = 0;
    for (const b of cell.blocks) {
      if (b.kind === 'paragraph') need = Math.max(need, minContentWidth(b, ctx) + m.left + m.right);
      else {
        const g = tableGrid(b, Math.max(1, widthPt - m.left - m.right), ctx);
        need = Math.max(need, g.widthPt + Math.max(0, g.xPt));
      }
    }
    return need;
  };
}

function placeCells(t: Table, colX: number[], tableSpacing: number): PlacedCell[][] {
  const rows: PlacedCell[][] = [];
  const lastCol = colX.length - 1;
  for (let r = 0; r < t.rows.length; r++) {
    const row = t.rows[r]!;
    let col = Math.min(row.props.gridBefore, lastCol);
    const separated = separatesCells(t, r);
    const out: PlacedCell[] = [];
    for (const cell of row.cells) {
      const span = Math.max(1, Math.min(cell.props.gridSpan, lastCol - col));
      if (col >= lastCol) break;
      // w:bidiVisual (§17.4.1): a right-to-left table puts its first grid column on the right.
      const x = t.props.bidiVisual ? colX[lastCol]! - colX[col + span]! : colX[col]!;
      const turn = TURNS[cell.props.textDirection];
      // Cell spacing: a full spacing at the table's sides, half of it towards a neighbour.
      const sp = row.props.cellSpacingPt ?? tableSpacing;
      const before = sp > 0 ? (col === 0 ? sp : sp / 2) : 0;
      const after = sp > 0 ? (col + span >= lastCol ? sp : sp / 2) : 0;
      const [insetL, insetR] = t.props.bidiVisual ? [after, before] : [before, after];
      const width = Math.max(1, colX[col + span]! - colX[col]! - insetL - insetR);
      // Separated cells (rowEdges) keep their left and right borders inside their boxes, as they keep
      // their top and bottom ones: the text runs inside them. poi-bib-chernigovka's book list (1.5 pt
      // outset sides) breaks '90 лет' in its 35 pt first column, as Word's last page start shows.
      const b = cell.props.borders;
      const sides = separated ? { left: b.left?.widthPt ?? 0, right: b.right?.widthPt ?? 0 } : undefined;
      out.push({ cell, row: r, col, span, rowSpan: 1, x: x + insetL, width, ...(sides ? { sides } : {}), ...(turn ? { turn } : {}) });
      col += span;
    }
    rows.push(out);
  }
  mergeVertically(rows);
  return rows;
}

/**
 * Vertical merges (w:vMerge, §17.4.85): a restart cell spans the following rows' continue cells in
 * the same grid column. Each row's continue cells are indexed by column once: searching every row's
 * cells for each restart cost restarts × rows × cells (1,000 merged columns over 200 rows: 7 s).
 */
export function mergeVertically(rows: PlacedCell[][]): void {
  const continues = rows.map((row) => new Map(row.filter((o) => o.cell.props.vMerge === 'continue').map((o) => [o.col, o])));
  for (let r = 0; r < rows.length; r++) {
    for (const pc of rows[r]!) {
      if (pc.cell.props.vMerge !== 'restart') continue;
      let k = r + 1;
      while (k < rows.length && continues[k]!.has(pc.col)) k++;
      pc.rowSpan = k - r;
      for (let j = r + 1; j < k - 1; j++) continues[j]!.get(pc.col)!.midMerge = true;
    }
  }
}

/**
 * Text directions that turn a cell's text (ST_TextDirection, §17.18.93): btLr runs bottom to top
 * (turned 90° counter-clockwise), tbRl and the East Asian tbRlV top to bottom (turned clockwise).
 */
const TURNS: Partial<Record<TableCell['props']['textDirection'], 'ccw' | 'cw'>> = { btLr: 'ccw', tbRl: 'cw', tbRlV: 'cw' };

/** Longest a turned cell's lines may run when its row height does not limit them (22 in, Word's largest page). */
const MAX_TURNED_LENGTH_PT = 1584;

/**
 * A turned cell's line length before row heights are known: an exact row's height, else what its
 * text needs unbroken (as Word grows the row to fit), and at least an atLeast row's height.
 */
function measureTurned(row: TableRow['props'], pc: PlacedCell, ctx: TableContext & ParagraphContext): void {
  const m = pc.cell.props.margins;
  const given = row.heightPt !== undefined ? Math.min(MAX_TURNED_LENGTH_PT, Math.max(1, row.heightPt - m.top - m.bottom)) : undefined;
  if (given !== undefined && row.heightRule === 'exact') {
    pc.lengthPt = given;
    return;
  }
  pc.lengthPt = Math.max(1, given ?? 0, naturalWidth(pc.cell.blocks, MAX_TURNED_LENGTH_PT, ctx));
}

/** Lays out turned cells once row heights are final: their lines run the full height of their rows. */
function layoutTurned(rows: PlacedCell[][], heights: number[], edges: RowEdges, ctx: TableContext): void {
  for (let r = 0; r < rows.length; r++) {
    for (const pc of rows[r]!) {
      if (!pc.turn || pc.cell.props.vMerge === 'continue') continue;
      const m = pc.cell.props.margins;
      const last = Math.min(rows.length, r + pc.rowSpan) - 1;
      let h = -edges.above[r]! - edges.below[last]!;
      for (let k = r; k <= last; k++) h += heights[k]!;
      pc.lengthPt = Math.min(MAX_TURNED_LENGTH_PT, Math.max(1, h - m.top - m.bottom));
      pc.story = ctx.layoutCell(pc.cell.blocks, pc.lengthPt);
    }
  }
}
