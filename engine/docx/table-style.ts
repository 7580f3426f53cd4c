/**
 * Table style conditional formatting (w:tblStylePr, §17.7.6): which conditions apply to a cell given
 * its position and w:tblLook, and the combined formatting they give its borders, shading, margins,
 * alignment and content. Later conditions win: wholeTable < column bands < row bands < lastCol <
 * firstCol < lastRow < firstRow < corner cells (Word's precedence).
 */
import { child, type XmlElement } from '../xml';
import type { StyleDef } from './styles';
import type { CellFormat } from './cascade';
import type { DocxContext } from './context';
import { overridePara, type RawPara } from './para-props';
import { overrideRun, type RawRun } from './run-props';
import { overrideCell, overrideTable, readRawCell, readRawTable, type RawBorders, type RawCell, type RawTable, type TableLook } from './table-props';
import { onOff } from './values';

/** Row properties a table style may set (its w:trPr): the ones that decide how rows break across pages. */
export interface StyleRowFlags {
  /** w:cantSplit: the row is not split across pages. */
  cantSplit?: boolean;
  /** w:tblHeader: the row repeats at the top of each page the table goes on to. */
  header?: boolean;
}

/** One condition's formatting, merged across the style's basedOn chain. */
export interface ConditionFormat {
  readonly table: RawTable;
  readonly cell: RawCell;
  readonly rPr: RawRun;
  readonly pPr: RawPara;
  readonly row: StyleRowFlags;
}

/** Sets the row flags a style's w:trPr gives over `into` (later styles in the chain win). */
function overrideRowFlags(into: StyleRowFlags, trPr: XmlElement | undefined): void {
  const cantSplit = onOff(child(trPr, 'w:cantSplit'));
  if (cantSplit !== undefined) into.cantSplit = cantSplit;
  const header = onOff(child(trPr, 'w:tblHeader'));
  if (header !== undefined) into.header = header;
}

/** A table style ready to apply. */
export interface ResolvedTableStyle {
  readonly id?: string;
  /** The style's w:tblPr, w:tcPr, w:rPr (merged along its basedOn chain) and its own w:pPr. */
  readonly base: ConditionFormat;
  readonly conditions: ReadonlyMap<string, ConditionFormat>;
}

const cache = new WeakMap<DocxContext, Map<string, ResolvedTableStyle>>();

/** Resolves a table style (or an empty one) once per document. */
export function resolveTableStyle(ctx: DocxContext, id: string | undefined): ResolvedTableStyle {
  let m = cache.get(ctx);
  if (!m) {
    m = new Map();
    cache.set(ctx, m);
  }
  const key = id ?? '';
  const hit = m.get(key);
  if (hit) return hit;
  const chain: readonly StyleDef[] = id ? ctx.styles.chain(id).filter((s) => s.type === 'table') : [];
  const base = { table: {} as RawTable, cell: {} as RawCell, rPr: {} as RawRun, pPr: {} as RawPara, row: {} as StyleRowFlags };
  const conditions = new Map<string, ConditionFormat>();
  for (const def of chain) {
    overrideTable(base.table, readRawTable(ctx.env, def.tblPr));
    overrideRowFlags(base.row, def.trPr);
    overrideCell(base.cell, readRawCell(ctx.env, def.tcPr));
    overrideRun(base.rPr, def.rPr);
    // The cells' paragraph properties come from the table's own style only: a w:pPr on a table style
    // it is based on does not reach them. docx4j-rFonts' ElementTable (no w:pPr) is based on Table
    // Grid (spacing after 0, single lines): Word keeps the document defaults (10 pt after, 1.15 lines)
    // in its cells, as its saved page count (20, we had 19) and the page starts it marked show (its
    // page 2 opens mid-cell at "the style hierarchy", where we had room for 6 more lines), and
    // LibreOffice draws them so too. Table Grid used directly still sets its spacing (Word's render
    // of Docx4j_GettingStarted).
    if (def.id === id) overridePara(base.pPr, def.pPr);
    for (const [type, block] of def.conditions) {
      let c = conditions.get(type);
      if (!c) {
        c = { table: {}, cell: {}, rPr: {}, pPr: {}, row: {} };
        conditions.set(type, c);
      }
      overrideTable(c.table, readRawTable(ctx.env, block.tblPr));
      overrideRowFlags(c.row, block.trPr);
      overrideCell(c.cell, readRawCell(ctx.env, block.tcPr));
      overrideRun(c.rPr, block.rPr);
      overridePara(c.pPr, block.pPr);
    }
  }
  const resolved: ResolvedTableStyle = { ...(id ? { id } : {}), base, conditions };
  m.set(key, resolved);
  return resolved;
}

/** Where a cell sits, for choosing conditions. */
export interface CellPosition {
  readonly row: number;
  readonly rows: number;
  readonly cell: number;
  readonly cells: number;
  readonly look: TableLook;
  readonly rowBand: number;
  readonly colBand: number;
}

/** The row band condition of a row, if it is in a band (not a first or last row set apart by w:tblLook). */
function rowBandOf(p: Pick<CellPosition, 'row' | 'rows' | 'look' | 'rowBand'>): string | undefined {
  const { look } = p;
  if (look.noHBand || (look.firstRow && p.row === 0) || (look.lastRow && p.row === p.rows - 1)) return undefined;
  const ri = p.row - (look.firstRow ? 1 : 0);
  return Math.floor(ri / p.rowBand) % 2 === 0 ? 'band1Horz' : 'band2Horz';
}

/** The conditions that apply to a whole row (its w:trPr), lowest precedence first. */
export function rowConditions(p: Pick<CellPosition, 'row' | 'rows' | 'look' | 'rowBand'>): string[] {
  const out = ['wholeTable'];
  const band = rowBandOf(p);
  if (band) out.push(band);
  if (p.look.lastRow && p.row === p.rows - 1) out.push('lastRow');
  if (p.look.firstRow && p.row === 0) out.push('firstRow');
  return out;
}

/** The conditions that apply to a cell, lowest precedence first. */
export function cellConditions(p: CellPosition): string[] {
  const out = ['wholeTable'];
  const { look } = p;
  const lastCell = p.cell === p.cells - 1;
  const lastRow = p.row === p.rows - 1;
  if (!look.noVBand && !(look.firstColumn && p.cell === 0) && !(look.lastColumn && lastCell)) {
    const ci = p.cell - (look.firstColumn ? 1 : 0);
    out.push(Math.floor(ci / p.colBand) % 2 === 0 ? 'band1Vert' : 'band2Vert');
  }
  const band = rowBandOf(p);
  if (band) out.push(band);
  if (look.lastColumn && lastCell) out.push('lastCol');
  if (look.firstColumn && p.cell === 0) out.push('firstCol');
  if (look.lastRow && lastRow) out.push('lastRow');
  if (look.firstRow && p.row === 0) out.push('firstRow');
  if (look.firstRow && look.lastColumn && p.row === 0 && lastCell) out.push('neCell');
  if (look.firstRow && look.firstColumn && p.row === 0 && p.cell === 0) out.push('nwCell');
  if (look.lastRow && look.lastColumn && lastRow && lastCell) out.push('seCell');
  if (look.lastRow && look.firstColumn && lastRow && p.cell === 0) out.push('swCell');
  return out;
}

const ROW_CONDITIONS = new Set(['firstRow', 'lastRow', 'band1Horz', 'band2Horz']);
const COLUMN_CONDITIONS = new Set(['firstCol', 'lastCol', 'band1Vert', 'band2Vert']);

/**
 * Maps a condition's borders onto one cell's edges: a row condition's left/right are the row's ends
 * and its insideV the edges between its cells; a column condition's top/bottom are the column's ends;
 * wholeTable is the table itself; corner cells apply as written.
 */
export function conditionEdges(type: string, b: RawBorders, p: CellPosition): RawBorders {
  const firstCell = p.cell === 0;
  const lastCell = p.cell === p.cells - 1;
  const firstRow = p.row === 0;
  const lastRow = p.row === p.rows - 1;
  const rowish = ROW_CONDITIONS.has(type) || type === 'wholeTable';
  const colish = COLUMN_CONDITIONS.has(type) || type === 'wholeTable';
  const pick = (outer: keyof RawBorders, inner: keyof RawBorders, atEdge: boolean) => (atEdge ? b[outer] : b[inner]);
  const out: RawBorders = {};
  const set = (k: keyof RawBorders, v: RawBorders[keyof RawBorders]) => {
    if (v !== undefined) out[k] = v;
  };
  set('left', rowish ? pick('left', 'insideV', firstCell) : b.left);
  set('right', rowish ? pick('right', 'insideV', lastCell) : b.right);
  set('top', colish ? pick('top', 'insideH', firstRow) : b.top);
  set('bottom', colish ? pick('bottom', 'insideH', lastRow) : b.bottom);
  if (b.tl2br !== undefined) out.tl2br = b.tl2br;
  if (b.tr2bl !== undefined) out.tr2bl = b.tr2bl;
  return out;
}

const formatCache = new WeakMap<ResolvedTableStyle, Map<string, CellFormat>>();

/** The content formatting (rPr/pPr) the table style gives a cell under its conditions. */
export function cellContentFormat(style: ResolvedTableStyle, conditions: readonly string[]): CellFormat {
  let m = formatCache.get(style);
  if (!m) {
    m = new Map();
    formatCache.set(style, m);
  }
  const key = `${style.id ?? ''}|${conditions.join(',')}`;
  const hit = m.get(key);
  if (hit) return hit;
  const rPr = overrideRun({}, style.base.rPr);
  const pPr = overridePara({}, style.base.pPr);
  for (const c of conditions) {
    const f = style.conditions.get(c);
    if (!f) continue;
    overrideRun(rPr, f.rPr);
    overridePara(pPr, f.pPr);
  }
  const made: CellFormat = { key, rPr, pPr };
  m.set(key, made);
  return made;
}
