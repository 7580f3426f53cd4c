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
 */
import type { Border, Table, TableCell, TableRow } from '../../model';
import type { Story } from '../blocks';
import { CollectingSink, drawTransformed, type ItemSink } from '../emit/sink';
import { borderLines, shadowLines } from '../border-lines';
import type { ParagraphContext } from '../paragraph';
import { minContentWidth, naturalWidth } from '../paragraph-measure';
import type { Unit } from '../flow/units';
import { fitCellBlocks } from './fit-cell';
import { splitStory } from './story-cut';
import { computeGrid, type CellMinimum, type TableGrid } from './grid';
import { cellMarkupFill, changeBar } from '../revisions';
import { cellsAt, firstAtLeast, heightAt, mergeEnd, notesOf, ownRowsHold, rowGroup, rowsView, windowOf, type PlacedCell, type RowHooks, type RowsView } from './merged-rows';

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
  // Vertical merges: a restart cell spans the following rows' continue cells in the same column.
  for (let r = 0; r < rows.length; r++) {
    for (const pc of rows[r]!) {
      if (pc.cell.props.vMerge !== 'restart') continue;
      let k = r + 1;
      while (k < rows.length && rows[k]!.some((o) => o.col === pc.col && o.cell.props.vMerge === 'continue')) k++;
      pc.rowSpan = k - r;
      for (let j = r + 1; j < k - 1; j++) for (const o of rows[j]!) if (o.col === pc.col && o.cell.props.vMerge === 'continue') o.midMerge = true;
    }
  }
  return rows;
}

function cellNeed(pc: PlacedCell): number {
  const m = pc.cell.props.margins;
  return (pc.turn ? (pc.lengthPt ?? 0) : (pc.story?.heightPt ?? 0)) + m.top + m.bottom;
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

/**
 * Room the horizontal borders take in each row, above and below its cells' content: a row holds
 * half of a border it shares with the next row and all of the table's outer top and bottom borders,
 * so a table is as tall as its contents plus every horizontal border (Word draws them on the grid
 * lines between rows and moves the contents clear of them). Exact-height rows keep their height.
 */
interface RowEdges {
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
function separatesCells(t: Table, r: number): boolean {
  const row = t.rows[r]!.props;
  return (row.cellSpacingPt ?? t.props.cellSpacingPt) > 0 || t.props.separateCells === true || row.cellSpacingPt !== undefined;
}

/** Room the borders (and the cell spacing, `gap…`) take above and below one cell's content. */
interface Inset {
  readonly above: number;
  readonly below: number;
  readonly gapAbove?: number;
  readonly gapBelow?: number;
}

function rowEdges(t: Table, rows: PlacedCell[][]): RowEdges {
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
function ownHeight(t: Table, row: readonly PlacedCell[], r: number, edges: RowEdges): number {
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
function rowHeights(t: Table, rows: readonly PlacedCell[][], edges: RowEdges, first = 0, prev?: readonly number[], from = 0, own = (r: number, row: readonly PlacedCell[]) => ownHeight(t, row, r, edges)): number[] {
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
function rowTail(edges: RowEdges, r: number, n: number): number {
  return edges.shared[r] && r < n - 1 ? edges.below[r]! : 0;
}

function rowUnit(t: Table, r: number, view: RowsView, edges: RowEdges, tableX: number, tableW: number, header: Unit[] | undefined): Unit {
  const cells = cellsAt(view, r);
  const count = view.count;
  const spanHeight = (pc: PlacedCell) => {
    let h = 0;
    for (let k = r; k < Math.min(count, r + pc.rowSpan); k++) h += heightAt(view, k);
    return h;
  };
  const height = heightAt(view, r);
  const above = edges.above[r]!;
  const lastOf = (pc: PlacedCell) => Math.min(count, r + pc.rowSpan) - 1;
  const rowInset: Inset = { above, below: edges.below[r]!, gapAbove: edges.gapAbove[r]!, gapBelow: edges.gapBelow[r]! };
  // A merged cell ends with the last row it spans: that row's border and spacing are below it.
  const inset = (pc: PlacedCell): Inset => (lastOf(pc) === r ? rowInset : { ...rowInset, below: edges.below[lastOf(pc)]!, gapBelow: edges.gapBelow[lastOf(pc)]! });
  const frame = tableFrame(t, tableW, r === 0, r === count - 1);
  const props = t.rows[r]!.props;
  const keepsWithNext = r < count - 1 && rowKeepsWithNext(t.rows[r]!.cells);
  // Header rows keep with the first body row; merged cells keep their rows together.
  const free = !props.header && !cells.some((pc) => pc.rowSpan > 1);
  const head = edges.shared[r] && r > 0 ? above : 0;
  const tail = rowTail(edges, r, count);
  const unit: Unit = {
    kind: 'row',
    heightPt: height,
    // Rows share their borders, half each: at a page's top or foot a row draws its border whole and
    // takes its whole width (docling-docx_rich_tables_01: Word's page 4 ends a row earlier than rows
    // of half borders fit, and the part continued on page 5 sits below its own 1 pt top border).
    ...(head > 0 ? { headPt: head } : {}),
    ...(tail > 0 ? { tailPt: tail } : {}),
    // A row whose cells keep with the next (w:keepNext) stays with the next row and moves on whole
    // rather than split: Word's saved page starts in oxsdk-BackgroundReport open pages with its
    // glossary's kept rows ('Cyber-squatting', 'IETF', 'sTLD': a term and an empty paragraph a cell),
    // where we ended a page with the first and split the others after their first line. Such a keep
    // is the weakest, given up first where a chain of them is longer than the page.
    breakAfter: free && !keepsWithNext,
    ...(free && keepsWithNext ? { keptWithNext: true } : {}),
    ...(keepsWithNext ? { splitsOnlyAtTop: true } : {}),
    ...(header ? { repeatHeader: header } : {}),
    emit(sink: ItemSink, x: number, y: number) {
      for (const pc of cells) {
        if (pc.cell.props.vMerge === 'continue') continue;
        drawCell(pc, sink, x + tableX, y, spanHeight(pc), inset(pc), true);
      }
      for (const pc of cells) drawBorders(pc, sink, x + tableX, y, pc.cell.props.vMerge === 'continue' ? height : spanHeight(pc), inset(pc));
      frame?.(sink, x + tableX, y, height, true, true);
    },
  };
  // Turned text runs along the row's height: such a row does not split.
  if (!props.cantSplit && props.heightRule !== 'exact' && cells.every((pc) => pc.rowSpan === 1 && !pc.turn)) {
    return { ...unit, split: (room, atTop) => splitRow(cells, tableX, room, header, rowInset, edges.shared[r]!, frame, tail, atTop) };
  }
  return unit;
}

/**
 * Draws a cell's shading and content; `inset` is the room the horizontal borders take above and below
 * the content. The parts of a split row (`aligned` false) keep their content at the top.
 */
function drawCell(pc: PlacedCell, sink: ItemSink, x0: number, y: number, h: number, inset: Inset, aligned: boolean): void {
  const p = pc.cell.props;
  const x = x0 + pc.x;
  const fill = cellMarkupFill(pc.cell.revision) ?? p.shading?.fill;
  const gapA = inset.gapAbove ?? 0;
  const gapB = inset.gapBelow ?? 0;
  if (fill) sink.background.push({ kind: 'rect', x, y: y + gapA, w: pc.width, h: h - gapA - gapB, fill });
  if (pc.cell.revision) sink.items.push(changeBar(sink.page.marginLeft, y, h));
  const story = pc.story;
  if (!story) return;
  const m = p.margins;
  if (pc.turn) {
    drawTurned(pc, story, sink, x, y + inset.above, h - inset.above - inset.below);
    return;
  }
  const free = h - inset.above - inset.below - m.top - m.bottom - story.heightPt;
  const offset = free > 0 && aligned ? (p.verticalAlign === 'center' ? free / 2 : p.verticalAlign === 'bottom' ? free : 0) : 0;
  const left = m.left + (pc.sides?.left ?? 0);
  for (const { y: uy, unit } of story.units) unit.emit(sink, x + left, y + inset.above + m.top + offset + uy);
}

/**
 * Draws a turned cell's story upright at the origin inside a group turning it into the cell: the
 * first line lies along the left edge for btLr (reading upwards) and along the right edge for tbRl
 * (reading downwards); w:vAlign places the lines across the cell's width.
 */
function drawTurned(pc: PlacedCell, story: Story, sink: ItemSink, x: number, y: number, h: number): void {
  const p = pc.cell.props;
  const m = p.margins;
  const free = pc.width - m.left - m.right - story.heightPt;
  const offset = free > 0 ? (p.verticalAlign === 'center' ? free / 2 : p.verticalAlign === 'bottom' ? free : 0) : 0;
  const sub = new CollectingSink(sink.resources, sink.page);
  for (const { y: uy, unit } of story.units) unit.emit(sub, 0, offset + uy);
  // Local (u along the line, v across the lines) → page: btLr X = x0 + v, Y = y1 − u; tbRl X = x1 − v, Y = y0 + u.
  const transform: [number, number, number, number, number, number] =
    pc.turn === 'ccw' ? [0, -1, 1, 0, x + m.left, y + h - m.bottom] : [0, 1, -1, 0, x + pc.width - m.right, y + m.top];
  drawTransformed(sub, sink, transform);
}

function drawBorders(pc: PlacedCell, sink: ItemSink, x0: number, y0: number, h0: number, inset: Inset): void {
  const b = pc.cell.props.borders;
  const x = x0 + pc.x;
  const y = y0 + (inset.gapAbove ?? 0);
  const h = h0 - (inset.gapAbove ?? 0) - (inset.gapBelow ?? 0);
  const w = pc.width;
  const line = (x1: number, y1: number, x2: number, y2: number, border: Border | undefined) => {
    if (!border || border.widthPt <= 0) return;
    sink.items.push(...borderLines(x1, y1, x2, y2, border, dash(border)));
  };
  const merged = pc.cell.props.vMerge === 'continue';
  if (!merged && !pc.openTop) line(x, y, x + w, y, b.top);
  line(x, y, x, y + h, b.left);
  line(x + w, y, x + w, y + h, b.right);
  // A merged cell's bottom is drawn at the foot of its span; the rows between are inside the one cell.
  if (!pc.midMerge && !pc.openBottom) line(x, y + h, x + w, y + h, b.bottom);
  // A shadowed right or bottom edge (w:shadow, §17.3.4) is drawn again beside it, down and right; the
  // cells of a shadowed table's last column and row join theirs into one drop shadow.
  if (b.right?.shadow) sink.items.push(...shadowLines(x + w, y, x + w, y + h, b.right, dash(b.right)));
  if (b.bottom?.shadow && !pc.midMerge && !pc.openBottom) sink.items.push(...shadowLines(x, y + h, x + w, y + h, b.bottom, dash(b.bottom)));
}

/**
 * The outer border of a table with cell spacing, drawn around the table per row (so a table split
 * over pages keeps its sides): top on the first row, bottom on the last. Undefined without spacing,
 * where the cells at the table's edges draw it.
 */
function tableFrame(t: Table, widthPt: number, firstRow: boolean, lastRow: boolean): TableFrame | undefined {
  if (!(t.props.cellSpacingPt > 0)) return undefined;
  const b = t.props.borders;
  if (!b.top && !b.bottom && !b.left && !b.right) return undefined;
  const half = (border: Border | undefined) => (border ? border.widthPt / 2 : 0);
  return (sink, x, y, h, top, bottom) => {
    const line = (x1: number, y1: number, x2: number, y2: number, border: Border | undefined) => {
      if (!border || border.widthPt <= 0) return;
      sink.items.push(...borderLines(x1, y1, x2, y2, border, dash(border)));
    };
    if (firstRow && top) line(x, y + half(b.top), x + widthPt, y + half(b.top), b.top);
    if (lastRow && bottom) line(x, y + h - half(b.bottom), x + widthPt, y + h - half(b.bottom), b.bottom);
    line(x + half(b.left), y, x + half(b.left), y + h, b.left);
    line(x + widthPt - half(b.right), y, x + widthPt - half(b.right), y + h, b.right);
    if (b.right?.shadow) sink.items.push(...shadowLines(x + widthPt - half(b.right), y, x + widthPt - half(b.right), y + h, b.right, dash(b.right)));
    if (lastRow && bottom && b.bottom?.shadow) sink.items.push(...shadowLines(x, y + h - half(b.bottom), x + widthPt, y + h - half(b.bottom), b.bottom, dash(b.bottom)));
  };
}

/** Draws a spaced table's outer border beside a row (or part of one): top and bottom only where asked. */
type TableFrame = (sink: ItemSink, x: number, y: number, h: number, top: boolean, bottom: boolean) => void;

function dash(border: Border): { dash?: number[] } {
  if (border.style === 'dotted') return { dash: [border.widthPt, border.widthPt * 2] };
  if (border.style === 'dashed') return { dash: [border.widthPt * 4, border.widthPt * 3] };
  return {};
}

/**
 * Whether a row keeps with the next one: every cell holds a paragraph kept with the next (w:keepNext),
 * Word's way of keeping rows together (oxsdk-BackgroundReport's glossary). No document of the corpus
 * has keepNext in some cells of a row only, so what Word does then is open; we keep such rows free.
 */
function rowKeepsWithNext(cells: readonly TableCell[]): boolean {
  return cells.length > 0 && cells.every((c) => c.blocks.some((b) => b.kind === 'paragraph' && b.props.keepNext));
}

/**
 * Splits a row at line boundaries so the first part fits in `room`; `inset` is the room the row's
 * borders take (its top border goes with the first part, its bottom border with the rest). Each part
 * is drawn closed at the cut, the first with the cells' bottom borders, the rest with their top
 * borders. Where rows share their borders (no cell spacing), those take their full width at the cut
 * as they do at a table's edges: Word's page starts in docling-docx_rich_tables_01 (1 pt borders)
 * put the last line of a row that ended 0.5 pt above the margin on the next page, because the part
 * continued at the top of that page sits below its own top border. With cell spacing they take none
 * there (poi-bib-chernigovka's Word page starts, tried with both). A row of a nested table that
 * crosses the cut splits in turn, as Word splits it, rather than holding the whole outer row back.
 */
function splitRow(cells: PlacedCell[], tableX: number, room: number, header: Unit[] | undefined, inset: Inset, shared: boolean, frame?: TableFrame, tail = 0, atTop = false): readonly [Unit, Unit] | undefined {
  // At any line boundary: keep rules inside cells are not applied when a row splits (tried:
  // honouring them cost oxpt-Test-05 a page against LibreOffice, 0.595 → 0.486), but for widow
  // control in Word 2007 and 2013 layouts (Unit.holdsWidow, splitStory).
  const cutBelow = shared ? cutBorder(cells, 'bottom') : 0;
  const cutAbove = shared ? cutBorder(cells, 'top') : 0;
  const halves = cells.map((pc) => splitStory(pc.story, room - inset.above - cutBelow - pc.cell.props.margins.top - pc.cell.props.margins.bottom, atTop));
  const anyFirst = halves.some((h) => h.first.heightPt > 0);
  // Only spacing left over (a last paragraph's space after) does not make a row split: the whole
  // row moves on, as Word moves it (poi-bug59058: Word's page starts at the row, not after it).
  const anyRest = halves.some((h) => h.rest.solidFrom(0));
  if (!anyFirst || !anyRest) return undefined;
  // A cell that keeps none of its text here (its first line, or the two a widow rule holds together,
  // do not fit) holds the whole row back: the row moves on whole rather than open the next page with
  // that cell's text beside the others' rest. Word's saved page breaks open a page with such a row
  // in aspose-Northwind_traders (a two-line company name beside a three-line address) and
  // oxpt-WC023-Table-4-Row-Image-Before (pictures beside text), and poi-bib-chernigovka's calendar
  // (a row's date beside its two-line event) reaches 13 of Word's 14 page starts with it, 11 without.
  // Where nothing precedes the row on its page it splits all the same, as moving on gains nothing.
  const starved = halves.some((h) => h.rest.solidFrom(0) && !h.first.units.some((line) => !line.unit.discardable));
  if (starved && !atTop) return undefined;
  const margins = (pc: PlacedCell) => pc.cell.props.margins.top + pc.cell.props.margins.bottom;
  const firstCells = cells.map((pc, i) => ({ ...pc, story: halves[i]!.first }));
  const restCells = cells.map((pc, i) => ({ ...pc, story: halves[i]!.rest, openTop: false }));
  const firstHeight = Math.min(room, inset.above + cutBelow + Math.max(...firstCells.map((pc) => pc.story.heightPt + margins(pc))));
  const restHeight = cutAbove + inset.below + Math.max(...restCells.map((pc) => pc.story.heightPt + margins(pc)));
  const row: RowPlace = { tableX, header, frame };
  const part = (h: number, edge: Inset, parts: PlacedCell[], rest: boolean) => rowPart(row, h, edge, parts, rest);
  // A first part holding only spacing (its paragraphs' space before; only at a page's top, where a
  // starved row still splits) keeps its room but draws nothing: an empty sliver of the row, borders
  // and shading.
  const blank = !halves.some((h) => h.first.units.some((line) => !line.unit.discardable));
  const first = blank
    ? { kind: 'row' as const, heightPt: firstHeight, breakAfter: true, emit: () => undefined }
    : part(firstHeight, { above: inset.above, below: cutBelow, gapAbove: inset.gapAbove ?? 0 }, firstCells, false);
  // The rest splits again when it is still taller than a page.
  const restInset: Inset = { above: cutAbove, below: inset.below, gapBelow: inset.gapBelow ?? 0 };
  const second: Unit = { ...part(restHeight, restInset, restCells, true), ...(tail > 0 ? { tailPt: tail } : {}), split: (r, atTop) => splitRow(restCells, tableX, r, header, restInset, shared, frame, tail, atTop) };
  return [first, second];
}

/** Where the parts of a split row go: the table's x, the header rows a later part repeats, the frame. */
interface RowPlace {
  readonly tableX: number;
  readonly header: Unit[] | undefined;
  readonly frame: TableFrame | undefined;
}

/**
 * One part of a split row. Built outside splitRow on purpose: a closure made there would share
 * splitRow's context, which holds the rest of every cell, so each page's part kept all the lines
 * after it alive (a cell of 40 000 lines over 667 pages held 723 MB; 1 GB ran out on a corpus file).
 */
function rowPart(place: RowPlace, h: number, edge: Inset, parts: PlacedCell[], rest: boolean): Unit {
  const { tableX, header, frame } = place;
  return {
    kind: 'row',
    heightPt: h,
    breakAfter: true,
    ...(rest && header ? { repeatHeader: header } : {}),
    emit(sink: ItemSink, x: number, y: number) {
      for (const pc of parts) drawCell(pc, sink, x + tableX, y, h, edge, false);
      for (const pc of parts) drawBorders(pc, sink, x + tableX, y, h, edge);
      frame?.(sink, x + tableX, y, h, !rest, rest);
    },
  };
}

/** The widest top or bottom border the cells of a row draw where the row is cut. */
function cutBorder(cells: readonly PlacedCell[], side: 'top' | 'bottom'): number {
  let w = 0;
  for (const pc of cells) w = Math.max(w, pc.cell.props.borders[side]?.widthPt ?? 0);
  return w;
}
