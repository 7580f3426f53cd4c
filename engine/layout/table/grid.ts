/**
 * Table grid: column widths and the table's horizontal position (§17.4.63 tblGrid, §17.4.64 tblW,
 * §17.4.53 tblLayout, §17.4.51 tblInd, §17.4.28 jc).
 *
 * Word saves the grid it last computed, so for most files the grid is the answer. When the grid is
 * a placeholder (missing, zero or inconsistent with the cells, as many generators write it), the
 * widths come from the cells' tcW, then from the table width, then equal shares.
 */
import type { Table, TableWidth } from '../../model';

/** Resolved columns and the table's left edge relative to the containing box. */
export interface TableGrid {
  readonly columns: readonly number[];
  readonly widthPt: number;
  readonly xPt: number;
}

/** Computes the grid of a table laid out in a box `availPt` wide. */
export function computeGrid(t: Table, availPt: number, compatibilityMode: number): TableGrid {
  const count = Math.max(t.gridPt.length, ...t.rows.map(rowSpanCount), 1);
  let columns = t.gridPt.slice(0, count);
  // A column a fraction of a point wide is real when the others are: Word writes one where cell
  // edges of different rows almost line up (tika-018367: a 5-twip column beside a gridBefore). Only
  // a missing or zero width, or a grid of nothing but slivers, marks a placeholder.
  const placeholder = columns.length < count || columns.some((w) => !(w > 0)) || columns.every((w) => w <= 0.5) || isUniformPlaceholder(t, columns);
  if (placeholder) columns = fromCells(t, count, availPt) ?? equal(count, availPt);
  const target = preferredWidth(t.props.width, availPt);
  const sum = total(columns);
  // Fixed layout keeps a real grid; otherwise the preferred width wins when the grid disagrees with it.
  const rescale = placeholder || (t.props.layout !== 'fixed' && Math.abs(sum - (target ?? sum)) / (target ?? 1) > 0.02);
  if (target !== undefined && sum > 0 && rescale) columns = columns.map((w) => (w * target) / sum);
  if (target === undefined && placeholder && total(columns) > availPt * 1.001) {
    const s = total(columns);
    columns = columns.map((w) => (w * availPt) / s);
  }
  const widthPt = total(columns);
  return { columns, widthPt, xPt: tableX(t, availPt, widthPt, compatibilityMode) };
}

function rowSpanCount(row: Table['rows'][number]): number {
  let n = row.props.gridBefore + row.props.gridAfter;
  for (const c of row.cells) n += Math.max(1, c.props.gridSpan);
  return n;
}

function isUniformPlaceholder(t: Table, columns: number[]): boolean {
  // Some generators write every gridCol with the same tiny or default value that disagrees with tcW.
  if (columns.length < 2) return false;
  const cellWidths = t.rows[0]?.cells.map((c) => (c.props.width.type === 'pt' ? c.props.width.value : 0)) ?? [];
  const known = cellWidths.filter((w) => w > 0);
  if (known.length !== t.rows[0]?.cells.length || known.length !== columns.length) return false;
  const allSame = columns.every((w) => Math.abs(w - columns[0]!) < 0.01);
  const cellsSame = known.every((w) => Math.abs(w - known[0]!) < 0.01);
  return allSame && !cellsSame;
}

function fromCells(t: Table, count: number, availPt: number): number[] | undefined {
  for (const row of t.rows) {
    const widths: number[] = [];
    for (let i = 0; i < row.props.gridBefore; i++) widths.push(NaN);
    let ok = true;
    for (const c of row.cells) {
      const span = Math.max(1, c.props.gridSpan);
      const w = c.props.width.type === 'pt' ? c.props.width.value : c.props.width.type === 'pct' ? c.props.width.value * availPt : NaN;
      if (!(w > 0)) ok = false;
      for (let k = 0; k < span; k++) widths.push(w / span);
    }
    if (ok && widths.length === count && widths.every((w) => w > 0)) return widths;
  }
  return undefined;
}

function equal(count: number, availPt: number): number[] {
  return new Array<number>(count).fill(availPt / count);
}

function total(columns: readonly number[]): number {
  let s = 0;
  for (const w of columns) s += w;
  return s;
}

function preferredWidth(w: TableWidth, availPt: number): number | undefined {
  if (w.type === 'pt' && w.value > 0) return w.value;
  if (w.type === 'pct' && w.value > 0) return w.value * availPt;
  return undefined;
}

function tableX(t: Table, availPt: number, widthPt: number, compatibilityMode: number): number {
  if (t.props.alignment === 'center') return (availPt - widthPt) / 2;
  // A right-to-left table (w:bidiVisual) starts at the right: w:jc and w:tblInd work from that side.
  const rtl = t.props.bidiVisual;
  if (t.props.alignment === 'right') return rtl ? 0 : availPt - widthPt;
  // Before Word 2013 the indent measured to the first cell's text, so the edge sits one cell margin left.
  const firstMargin = t.rows[0]?.cells[0]?.props.margins[rtl ? 'right' : 'left'] ?? t.props.cellMargins[rtl ? 'right' : 'left'];
  const indent = t.props.indentPt - (compatibilityMode < 15 ? firstMargin : 0);
  return rtl ? availPt - widthPt - indent : indent;
}
