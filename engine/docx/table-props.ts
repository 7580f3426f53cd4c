/**
 * Table, row and cell property readers (CT_TblPr §17.4.60, CT_TrPr §17.4.82, CT_TcPr §17.4.70) into
 * partial "raw" records that the table reader layers: table style, conditional formats, direct.
 */
import type { Border, CellMargins, Shading, TableProps, TableWidth } from '../model';
import type { XmlElement } from '../xml';
import { attr, child } from '../xml';
import { readBorder, readShading } from './borders';
import type { PropsEnv } from './env';
import { intAttr, measureValue, onOff } from './values';

/** Largest table indent honoured either way (22 inches, the largest page Word allows). */
const MAX_INDENT_PT = 1584;

/** Border edges as read: `null` = explicitly none (removes an inherited border). */
export type RawBorders = Partial<Record<'top' | 'left' | 'bottom' | 'right' | 'insideH' | 'insideV' | 'tl2br' | 'tr2bl', Border | null>>;
/** Margins as read, per side. */
export type RawMargins = Partial<Record<'top' | 'left' | 'bottom' | 'right', number>>;

/** Table properties at one level. */
export interface RawTable {
  style?: string;
  width?: TableWidth;
  layout?: 'fixed' | 'autofit';
  jc?: 'left' | 'center' | 'right';
  indent?: number;
  cellMargins?: RawMargins;
  cellSpacing?: number;
  borders?: RawBorders;
  shd?: Shading | null;
  floating?: TableProps['floating'];
  bidiVisual?: boolean;
  look?: TableLook;
  rowBandSize?: number;
  colBandSize?: number;
}

/** Which conditional formats the table uses (w:tblLook, §17.4.56). */
export interface TableLook {
  readonly firstRow: boolean;
  readonly lastRow: boolean;
  readonly firstColumn: boolean;
  readonly lastColumn: boolean;
  readonly noHBand: boolean;
  readonly noVBand: boolean;
}

/** Word's default look (0x04A0): header row, first column, banded rows. */
export const DEFAULT_LOOK: TableLook = { firstRow: true, lastRow: false, firstColumn: true, lastColumn: false, noHBand: false, noVBand: true };

/** Cell properties at one level. */
export interface RawCell {
  width?: TableWidth;
  gridSpan?: number;
  vMerge?: 'restart' | 'continue';
  hMerge?: 'restart' | 'continue';
  borders?: RawBorders;
  shd?: Shading | null;
  margins?: RawMargins;
  vAlign?: 'top' | 'center' | 'bottom';
  textDirection?: 'lrTb' | 'tbRl' | 'btLr' | 'lrTbV' | 'tbRlV' | 'tbLrV';
  noWrap?: boolean;
  fitText?: boolean;
}

/** Reads CT_TblWidth (§17.18.87): dxa twips, pct in fiftieths of a percent or `50%`, auto, nil. */
export function readWidth(el: XmlElement | undefined): TableWidth | undefined {
  if (!el) return undefined;
  const type = attr(el, 'w:type') ?? 'dxa';
  const w = attr(el, 'w:w');
  if (type === 'auto' || type === 'nil') return { type };
  if (type === 'pct') {
    if (w === undefined) return { type: 'auto' };
    const v = w.trim().endsWith('%') ? Number(w.trim().slice(0, -1)) / 100 : Number(w) / 5000;
    return Number.isFinite(v) ? { type: 'pct', value: Math.max(0, Math.min(v, 100)) } : { type: 'auto' };
  }
  const pt = measureValue(w, 20);
  return pt === undefined ? { type: 'auto' } : { type: 'pt', value: Math.max(0, pt) };
}

const BORDER_EDGES: Record<string, keyof RawBorders> = {
  'w:top': 'top', 'w:left': 'left', 'w:start': 'left', 'w:bottom': 'bottom', 'w:right': 'right', 'w:end': 'right',
  'w:insideH': 'insideH', 'w:insideV': 'insideV', 'w:tl2br': 'tl2br', 'w:tr2bl': 'tr2bl',
};

/** Reads w:tblBorders / w:tcBorders. */
export function readBorders(env: PropsEnv, el: XmlElement | undefined): RawBorders | undefined {
  if (!el) return undefined;
  const out: RawBorders = {};
  for (const c of el.children) {
    if (c.kind !== 'element') continue;
    const edge = BORDER_EDGES[c.name];
    const b = edge ? readBorder(env, c) : undefined;
    if (edge && b !== undefined) out[edge] = b;
  }
  return out;
}

/** Reads w:tblCellMar / w:tcMar (only dxa widths are meaningful). */
export function readMargins(el: XmlElement | undefined): RawMargins | undefined {
  if (!el) return undefined;
  const out: RawMargins = {};
  const sides: Record<string, keyof RawMargins> = { 'w:top': 'top', 'w:left': 'left', 'w:start': 'left', 'w:bottom': 'bottom', 'w:right': 'right', 'w:end': 'right' };
  for (const c of el.children) {
    if (c.kind !== 'element') continue;
    const side = sides[c.name];
    const w = readWidth(c);
    if (side && w && w.type === 'pt') out[side] = Math.min(w.value, 1584);
    else if (side && w && (w.type === 'nil' || w.type === 'auto')) out[side] = 0;
  }
  return out;
}

const JC: Record<string, 'left' | 'center' | 'right'> = { left: 'left', start: 'left', center: 'center', right: 'right', end: 'right' };

function readLook(el: XmlElement): TableLook {
  const hex = attr(el, 'w:val');
  const bits = hex !== undefined ? parseInt(hex, 16) : NaN;
  const flag = (name: string, bit: number, dflt: boolean) => {
    const v = attr(el, name);
    if (v !== undefined) return onOff(el, name) === true;
    return Number.isFinite(bits) ? (bits & bit) !== 0 : dflt;
  };
  return {
    firstRow: flag('w:firstRow', 0x20, false),
    lastRow: flag('w:lastRow', 0x40, false),
    firstColumn: flag('w:firstColumn', 0x80, false),
    lastColumn: flag('w:lastColumn', 0x100, false),
    noHBand: flag('w:noHBand', 0x200, false),
    noVBand: flag('w:noVBand', 0x400, false),
  };
}

function readFloating(el: XmlElement): NonNullable<TableProps['floating']> {
  const anchor = (v: string | undefined) => (v === 'page' ? 'page' : v === 'text' ? 'text' : 'margin') as 'page' | 'margin' | 'text';
  const twips = (name: string) => measureValue(attr(el, name), 20) ?? 0;
  const xSpec = attr(el, 'w:tblpXSpec');
  const ySpec = attr(el, 'w:tblpYSpec');
  return {
    // Word's default anchors are the column (text) horizontally and the margin vertically.
    horizontal: { relativeTo: attr(el, 'w:horzAnchor') === undefined ? 'text' : anchor(attr(el, 'w:horzAnchor')), ...(xSpec ? { align: xSpec } : {}), offsetPt: twips('w:tblpX') },
    vertical: { relativeTo: anchor(attr(el, 'w:vertAnchor') ?? 'margin'), ...(ySpec ? { align: ySpec } : {}), offsetPt: twips('w:tblpY') },
    distancePt: { top: twips('w:topFromText'), bottom: twips('w:bottomFromText'), left: twips('w:leftFromText'), right: twips('w:rightFromText') },
  };
}

/** Reads a w:tblPr (or w:tblPrEx). */
export function readRawTable(env: PropsEnv, el: XmlElement | undefined): RawTable {
  const t: RawTable = {};
  if (!el) return t;
  const style = attr(child(el, 'w:tblStyle'), 'w:val');
  if (style) t.style = style;
  const w = readWidth(child(el, 'w:tblW'));
  if (w) t.width = w;
  const layout = attr(child(el, 'w:tblLayout'), 'w:type');
  if (layout === 'fixed' || layout === 'autofit') t.layout = layout;
  const jc = JC[attr(child(el, 'w:jc'), 'w:val') ?? ''];
  if (jc) t.jc = jc;
  // The indent is signed (tables often reach into the left margin); percentages of it are not defined.
  const indEl = child(el, 'w:tblInd');
  if (indEl) {
    const v = measureValue(attr(indEl, 'w:w'), 20) ?? 0;
    t.indent = Math.max(-MAX_INDENT_PT, Math.min(MAX_INDENT_PT, attr(indEl, 'w:type') === 'pct' ? 0 : v));
  }
  const mar = readMargins(child(el, 'w:tblCellMar'));
  if (mar) t.cellMargins = mar;
  const sp = readWidth(child(el, 'w:tblCellSpacing'));
  if (sp) t.cellSpacing = sp.type === 'pt' ? sp.value : 0;
  const b = readBorders(env, child(el, 'w:tblBorders'));
  if (b) t.borders = b;
  const shd = readShading(env, child(el, 'w:shd'));
  if (shd !== undefined) t.shd = shd;
  const fl = child(el, 'w:tblpPr');
  if (fl) t.floating = { ...readFloating(fl), ...(attr(child(el, 'w:tblOverlap'), 'w:val') === 'never' ? { noOverlap: true as const } : {}) };
  const bidi = child(el, 'w:bidiVisual');
  if (bidi) t.bidiVisual = onOff(bidi) === true;
  const look = child(el, 'w:tblLook');
  if (look) t.look = readLook(look);
  const rb = intAttr(child(el, 'w:tblStyleRowBandSize'));
  if (rb !== undefined) t.rowBandSize = Math.max(1, Math.min(rb, 100));
  const cb = intAttr(child(el, 'w:tblStyleColBandSize'));
  if (cb !== undefined) t.colBandSize = Math.max(1, Math.min(cb, 100));
  return t;
}

/** Layers table properties (borders and margins side by side). */
export function overrideTable(target: RawTable, over: RawTable): RawTable {
  for (const k in over) {
    const v = (over as Record<string, unknown>)[k];
    if (v === undefined) continue;
    if (k === 'borders' || k === 'cellMargins') {
      (target as Record<string, unknown>)[k] = { ...((target as Record<string, object | undefined>)[k] ?? {}), ...(v as object) };
    } else (target as Record<string, unknown>)[k] = v;
  }
  return target;
}

const TEXT_DIRECTIONS: Record<string, RawCell['textDirection']> = {
  lrTb: 'lrTb', tbRl: 'tbRl', btLr: 'btLr', lrTbV: 'lrTbV', tbRlV: 'tbRlV', tbLrV: 'tbLrV',
  // ISO 29500 names
  lr: 'lrTb', tb: 'tbRl', rl: 'tbRl', tbV: 'tbRlV', lrV: 'lrTbV', rlV: 'tbRlV',
};

/** Reads a w:tcPr. */
export function readRawCell(env: PropsEnv, el: XmlElement | undefined): RawCell {
  const c: RawCell = {};
  if (!el) return c;
  const w = readWidth(child(el, 'w:tcW'));
  if (w) c.width = w;
  const span = intAttr(child(el, 'w:gridSpan'));
  if (span !== undefined) c.gridSpan = Math.max(1, Math.min(span, 1000));
  const vm = child(el, 'w:vMerge');
  if (vm) c.vMerge = attr(vm, 'w:val') === 'restart' ? 'restart' : 'continue';
  const hm = child(el, 'w:hMerge');
  if (hm) c.hMerge = attr(hm, 'w:val') === 'restart' ? 'restart' : 'continue';
  const b = readBorders(env, child(el, 'w:tcBorders'));
  if (b) c.borders = b;
  const shd = readShading(env, child(el, 'w:shd'));
  if (shd !== undefined) c.shd = shd;
  const mar = readMargins(child(el, 'w:tcMar'));
  if (mar) c.margins = mar;
  const va = attr(child(el, 'w:vAlign'), 'w:val');
  if (va === 'top' || va === 'center' || va === 'bottom') c.vAlign = va;
  else if (va === 'both') c.vAlign = 'center';
  const td = TEXT_DIRECTIONS[attr(child(el, 'w:textDirection'), 'w:val') ?? ''];
  if (td) c.textDirection = td;
  const nw = child(el, 'w:noWrap');
  if (nw) c.noWrap = onOff(nw) === true;
  const ft = child(el, 'w:tcFitText');
  if (ft) c.fitText = onOff(ft) === true;
  return c;
}

/** Layers cell properties (borders and margins side by side). */
export function overrideCell(target: RawCell, over: RawCell): RawCell {
  for (const k in over) {
    const v = (over as Record<string, unknown>)[k];
    if (v === undefined) continue;
    if (k === 'borders' || k === 'margins') {
      (target as Record<string, unknown>)[k] = { ...((target as Record<string, object | undefined>)[k] ?? {}), ...(v as object) };
    } else (target as Record<string, unknown>)[k] = v;
  }
  return target;
}

/** Strips explicit-none borders. */
export function finalBorders(b: RawBorders | undefined): { top?: Border; left?: Border; bottom?: Border; right?: Border; insideH?: Border; insideV?: Border } {
  const out: { top?: Border; left?: Border; bottom?: Border; right?: Border; insideH?: Border; insideV?: Border } = {};
  if (!b) return out;
  for (const k of ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'] as const) {
    const v = b[k];
    if (v) out[k] = v;
  }
  return out;
}

/** Final cell margins: per side, first defined of the layers, else Word's defaults. */
export function finalMargins(...layers: Array<RawMargins | undefined>): CellMargins {
  const pick = (side: keyof RawMargins, d: number) => {
    for (const l of layers) if (l && l[side] !== undefined) return l[side]!;
    return d;
  };
  return { top: pick('top', 0), left: pick('left', 5.4), bottom: pick('bottom', 0), right: pick('right', 5.4) };
}
