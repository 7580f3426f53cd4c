/**
 * Reads w:tbl (§17.4.38): table properties layered table style → direct, the grid, rows (with
 * w:tblPrEx exceptions and tracked row insertions/deletions), cells with hMerge turned into gridSpan,
 * and every cell's effective borders, shading, margins and content formatting from the table style's
 * conditional formats (§17.7.6) and the table's own borders (outer edges, insideH/insideV inside).
 */
import type { Block, Revision, Table, TableBorders, TableCell, TableProps, TableRow } from '../model';
import type { XmlElement } from '../xml';
import { attr, child, children } from '../xml';
import { readBlocks } from './blocks';
import type { CellFormat } from './cascade';
import { revisionOf, type DocxContext, type StoryState } from './context';
import { cellRevision } from './revision-view';
import {
  DEFAULT_LOOK, finalBorders, finalMargins, overrideCell, overrideTable, readRawCell, readRawTable, readWidth,
  type RawBorders, type RawCell, type RawTable,
} from './table-props';
import { cellConditions, cellContentFormat, conditionEdges, resolveTableStyle, rowConditions, type CellPosition, type ResolvedTableStyle, type StyleRowFlags } from './table-style';
import { intAttr, measureValue, onOff } from './values';

const MAX_ROWS = 100_000;
/**
 * Most grid columns a table keeps: its w:tblGrid, and what a row's gridBefore, cells' spans and
 * gridAfter add up to. Word makes tables of at most 63 columns (Office's DrawingML tables, MS-OI29500
 * §2.1.1424, at most 1,000). Layout works per grid column of every row (widths, spans), and a cell of
 * four elements may span 1,000 columns, so 1,000 such cells made a row of a million columns: a few
 * rows of them took seconds, and one row of 30,000 legacy hMerge cells (a 100-million-column cell)
 * took 43 s and 2.4 GB to lay out.
 */
const MAX_GRID_COLUMNS = 1_000;

/** Reads a table. `outer` is the formatting of the cell this table is nested in (not inherited: tables restart the cascade). */
export function readTable(ctx: DocxContext, story: StoryState, tbl: XmlElement, outer: CellFormat | undefined): Table {
  void outer;
  const at = `${story.part}#tbl${story.paragraphs}`;
  const direct = readRawTable(ctx.env, child(tbl, 'w:tblPr'));
  const styleId = direct.style && ctx.styles.styles.get(direct.style)?.type === 'table' ? direct.style : ctx.styles.defaultTableStyle;
  const style = resolveTableStyle(ctx, styleId);
  const whole = style.conditions.get('wholeTable');
  const raw = overrideTable(overrideTable({}, style.base.table), whole?.table ?? {});
  overrideTable(raw, direct);
  const gridCols = children(child(tbl, 'w:tblGrid'), 'w:gridCol');
  if (gridCols.length > MAX_GRID_COLUMNS) tooWide(ctx, at);
  const gridPt = gridCols.slice(0, MAX_GRID_COLUMNS).map((g) => Math.max(0, measureValue(attr(g, 'w:w'), 20) ?? 0));
  const rowEls = collectRows(ctx, tbl);
  const rows: TableRow[] = [];
  const look = raw.look ?? DEFAULT_LOOK;
  if (rowEls.length > MAX_ROWS) ctx.bag.warn('docx/table-too-long', `A table has ${rowEls.length} rows; the rows past ${MAX_ROWS} are left out.`, { at });
  for (let r = 0; r < rowEls.length && r < MAX_ROWS; r++) {
    const row = readRow(ctx, story, rowEls[r]!, { table: raw, style, look, row: r, rows: rowEls.length, at });
    if (row) rows.push(row);
  }
  const table: Table = { kind: 'table', props: tableProps(raw, styleId), gridPt, rows, at };
  return table;
}

/** Rows, looking through content controls and custom XML around them (§17.5.2.29, row-level sdt). */
function collectRows(ctx: DocxContext, parent: XmlElement, out: XmlElement[] = []): XmlElement[] {
  for (const c of parent.children) {
    if (c.kind !== 'element') continue;
    if (c.name === 'w:tr') out.push(c);
    else if (c.name === 'w:sdt') collectRows(ctx, child(c, 'w:sdtContent') ?? c, out);
    else if (c.name === 'w:customXml') collectRows(ctx, c, out);
    else if (c.name === 'w:ins' || c.name === 'w:moveTo') {
      if (ctx.view !== 'original') collectRows(ctx, c, out);
    } else if (c.name === 'w:del' || c.name === 'w:moveFrom') {
      if (ctx.view !== 'final') collectRows(ctx, c, out);
    }
  }
  return out;
}

function tableProps(raw: RawTable, styleId: string | undefined): TableProps {
  const p: { -readonly [K in keyof TableProps]: TableProps[K] } = {
    width: raw.width ?? { type: 'auto' },
    layout: raw.layout ?? 'autofit',
    alignment: raw.jc ?? 'left',
    indentPt: raw.indent ?? 0,
    cellMargins: finalMargins(raw.cellMargins),
    cellSpacingPt: raw.cellSpacing ?? 0,
    borders: finalBorders(raw.borders),
    bidiVisual: raw.bidiVisual === true,
  };
  if (raw.cellSpacing !== undefined) p.separateCells = true;
  if (styleId) p.styleId = styleId;
  if (raw.shd) p.shading = raw.shd;
  if (raw.floating) p.floating = raw.floating;
  return p;
}

interface RowContext {
  readonly table: RawTable;
  readonly style: ResolvedTableStyle;
  readonly look: typeof DEFAULT_LOOK;
  readonly row: number;
  readonly rows: number;
  /** The table's location, for diagnostics. */
  readonly at: string;
}

function rowRevision(ctx: DocxContext, trPr: XmlElement | undefined): { revision?: Revision; dropped: boolean } {
  for (const [name, type] of [['w:ins', 'insert'], ['w:del', 'delete']] as const) {
    const el = child(trPr, name);
    if (!el) continue;
    if (ctx.view === 'final') return { dropped: type === 'delete' };
    if (ctx.view === 'original') return { dropped: type === 'insert' };
    return { revision: revisionOf(ctx, type, el), dropped: false };
  }
  return { dropped: false };
}

function readRow(ctx: DocxContext, story: StoryState, tr: XmlElement, rc: RowContext): TableRow | undefined {
  const trPr = child(tr, 'w:trPr');
  const rev = rowRevision(ctx, trPr);
  if (rev.dropped) return undefined;
  const ex = child(tr, 'w:tblPrEx');
  const table = ex ? overrideTable(overrideTable({}, rc.table), readRawTable(ctx.env, ex)) : rc.table;
  const gridBefore = Math.max(0, Math.min(intAttr(child(trPr, 'w:gridBefore')) ?? 0, MAX_GRID_COLUMNS));
  const fitted = fitToGrid(mergeHorizontal(collectCells(ctx, tr)), gridBefore, Math.max(0, intAttr(child(trPr, 'w:gridAfter')) ?? 0));
  if (fitted.cut) tooWide(ctx, rc.at);
  const cellEls = fitted.cells;
  const cells: TableCell[] = [];
  for (let c = 0; c < cellEls.length; c++) {
    const { el, span } = cellEls[c]!;
    const pos: CellPosition = {
      row: rc.row, rows: rc.rows, cell: c, cells: cellEls.length, look: rc.look,
      rowBand: table.rowBandSize ?? rc.table.rowBandSize ?? 1, colBand: table.colBandSize ?? rc.table.colBandSize ?? 1,
    };
    const cell = readCell(ctx, story, el, span, pos, table, rc.style);
    const revision = cellRevision(ctx, el) ?? rev.revision;
    cells.push(revision ? { ...cell, revision } : cell);
  }
  return { props: rowProps(trPr, gridBefore, fitted.gridAfter, styleRowFlags(rc, table.rowBandSize ?? rc.table.rowBandSize ?? 1)), cells, ...(rev.revision ? { revision: rev.revision } : {}) };
}

/**
 * The row properties the table style gives a row (§17.7.6: w:trPr of the style and of the row
 * conditions that apply to it, in precedence order): docx4j-rFonts' ElementTable marks its first row
 * as a header that repeats and does not split (tblStylePr firstRow), which LibreOffice honours too.
 */
function styleRowFlags(rc: RowContext, rowBand: number): StyleRowFlags {
  const flags: StyleRowFlags = { ...rc.style.base.row };
  for (const c of rowConditions({ row: rc.row, rows: rc.rows, look: rc.look, rowBand })) {
    const f = rc.style.conditions.get(c)?.row;
    if (f?.cantSplit !== undefined) flags.cantSplit = f.cantSplit;
    if (f?.header !== undefined) flags.header = f.header;
  }
  return flags;
}

function rowProps(trPr: XmlElement | undefined, gridBefore: number, gridAfter: number, style: StyleRowFlags): TableRow['props'] {
  const h = child(trPr, 'w:trHeight');
  const heightPt = measureValue(attr(h, 'w:val'), 20);
  const rule = attr(h, 'w:hRule');
  const p: { -readonly [K in keyof TableRow['props']]: TableRow['props'][K] } = {
    heightRule: rule === 'exact' ? 'exact' : rule === 'auto' ? 'auto' : heightPt !== undefined ? 'atLeast' : 'auto',
    cantSplit: (onOff(child(trPr, 'w:cantSplit')) ?? style.cantSplit) === true,
    header: (onOff(child(trPr, 'w:tblHeader')) ?? style.header) === true,
    gridBefore,
    gridAfter,
  };
  if (heightPt !== undefined && heightPt > 0) p.heightPt = Math.min(heightPt, 1584);
  const wb = readWidth(child(trPr, 'w:wBefore'));
  if (wb) p.widthBefore = wb;
  const wa = readWidth(child(trPr, 'w:wAfter'));
  if (wa) p.widthAfter = wa;
  const sp = readWidth(child(trPr, 'w:tblCellSpacing'));
  if (sp && sp.type === 'pt') p.cellSpacingPt = sp.value;
  const jc = attr(child(trPr, 'w:jc'), 'w:val');
  if (jc === 'center') p.alignment = 'center';
  else if (jc === 'right' || jc === 'end') p.alignment = 'right';
  else if (jc === 'left' || jc === 'start') p.alignment = 'left';
  return p;
}

/** Cells of a row, through cell-level content controls and custom XML. */
function collectCells(ctx: DocxContext, parent: XmlElement, out: XmlElement[] = []): XmlElement[] {
  for (const c of parent.children) {
    if (c.kind !== 'element') continue;
    if (c.name === 'w:tc') out.push(c);
    else if (c.name === 'w:sdt') collectCells(ctx, child(c, 'w:sdtContent') ?? c, out);
    else if (c.name === 'w:customXml') collectCells(ctx, c, out);
  }
  return out;
}

/** Turns legacy w:hMerge runs into one cell spanning their grid columns (the first cell's content is kept). */
function mergeHorizontal(tcs: readonly XmlElement[]): SpannedCell[] {
  const out: SpannedCell[] = [];
  for (const el of tcs) {
    const tcPr = child(el, 'w:tcPr');
    const span = Math.max(1, Math.min(intAttr(child(tcPr, 'w:gridSpan')) ?? 1, MAX_GRID_COLUMNS));
    const hm = child(tcPr, 'w:hMerge');
    const last = out[out.length - 1];
    if (hm && attr(hm, 'w:val') !== 'restart' && last) {
      last.span += span;
      continue;
    }
    out.push({ el, span });
  }
  return out;
}

interface SpannedCell {
  readonly el: XmlElement;
  span: number;
}

/**
 * The cells of a row that fit in MAX_GRID_COLUMNS after its `gridBefore`: a cell reaching past the
 * last column is narrowed to it and those after it are left out, as is gridAfter past it.
 */
function fitToGrid(cells: readonly SpannedCell[], gridBefore: number, gridAfter: number): { cells: SpannedCell[]; gridAfter: number; cut: boolean } {
  const out: SpannedCell[] = [];
  let col = gridBefore;
  let cut = false;
  for (const c of cells) {
    if (col >= MAX_GRID_COLUMNS) {
      cut = true;
      break;
    }
    const span = Math.min(c.span, MAX_GRID_COLUMNS - col);
    if (span < c.span) cut = true;
    out.push(span === c.span ? c : { el: c.el, span });
    col += span;
  }
  return { cells: out, gridAfter: Math.min(gridAfter, MAX_GRID_COLUMNS - col), cut: cut || col + gridAfter > MAX_GRID_COLUMNS };
}

function tooWide(ctx: DocxContext, at: string): void {
  ctx.bag.warn('docx/table-too-wide', `A table has more than ${MAX_GRID_COLUMNS} grid columns; the columns past them and their cells are left out.`, { at });
}

function readCell(
  ctx: DocxContext, story: StoryState, tc: XmlElement, span: number, pos: CellPosition, table: RawTable, style: ResolvedTableStyle,
): TableCell {
  const conditions = cellConditions(pos);
  const direct = readRawCell(ctx.env, child(tc, 'w:tcPr'));
  // Conditional formatting (style level), then the cell's own tcPr.
  const { borders: styleCellBorders, ...styleCell } = style.base.cell;
  const conditional: RawCell = overrideCell({}, styleCell);
  let condBorders: RawBorders = { ...(styleCellBorders ?? {}) };
  for (const c of conditions) {
    const f = style.conditions.get(c);
    if (!f) continue;
    const { borders, ...rest } = f.cell;
    overrideCell(conditional, rest);
    const tblBorders = c === 'wholeTable' ? undefined : f.table.borders;
    if (tblBorders) condBorders = { ...condBorders, ...conditionEdges(c, tblBorders, pos) };
    if (borders) condBorders = { ...condBorders, ...conditionEdges(c, borders, pos) };
  }
  const edges = tableEdges(table.borders ?? {}, pos);
  const borders: TableBorders = finalBorders({ ...edges, ...condBorders, ...(direct.borders ?? {}) });
  const content = cellContentFormat(style, conditions);
  const blocks: Block[] = readBlocks(ctx, story, tc, content);
  const shd = direct.shd !== undefined ? direct.shd : conditional.shd;
  const props: { -readonly [K in keyof TableCell['props']]: TableCell['props'][K] } = {
    width: direct.width ?? { type: 'auto' },
    gridSpan: span,
    borders,
    margins: finalMargins(direct.margins, conditional.margins, table.cellMargins),
    verticalAlign: direct.vAlign ?? conditional.vAlign ?? 'top',
    textDirection: direct.textDirection ?? conditional.textDirection ?? 'lrTb',
    noWrap: direct.noWrap ?? conditional.noWrap ?? false,
  };
  if (direct.vMerge) props.vMerge = direct.vMerge;
  if (shd) props.shading = shd;
  if (direct.fitText) props.fitText = true;
  return { props, blocks };
}

/** The table's own borders on a cell: outer edges at the table's sides, insideH/insideV between cells. */
function tableEdges(b: RawBorders, p: CellPosition): RawBorders {
  const out: RawBorders = {};
  const set = (k: keyof RawBorders, v: RawBorders[keyof RawBorders]) => {
    if (v !== undefined) out[k] = v;
  };
  set('top', p.row === 0 ? b.top : b.insideH);
  set('bottom', p.row === p.rows - 1 ? b.bottom : b.insideH);
  set('left', p.cell === 0 ? b.left : b.insideV);
  set('right', p.cell === p.cells - 1 ? b.right : b.insideV);
  return out;
}
