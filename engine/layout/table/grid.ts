/**
 * Table grid: column widths and the table's horizontal position (§17.4.63 tblGrid, §17.4.64 tblW,
 * §17.4.53 tblLayout, §17.4.51 tblInd, §17.4.28 jc).
 *
 * Word saves the grid it last computed, so for most files the grid is the answer. When the grid is
 * a placeholder (missing, zero or inconsistent with the cells, as many generators write it), the
 * widths come from the cells' tcW, then from the table width, then equal shares.
 *
 * An autofit table (w:tblLayout absent or type="autofit") then gets the minimum side of Word's
 * AutoFit: a column whose cells hold a word wider than their text (measured by the caller with the
 * real shaping and line-break opportunities) widens to hold it, margins included, and the other
 * columns keep their widths (docxside-case6: Word widens "/api/auth/refresh"'s 86.4 pt column to
 * 99.3 pt, the word plus 10.8 pt of margins, and the table grows past its 432 pt; §17.4.30's example
 * shows cells overriding their preferred widths for a long non-breaking string). A cell spanning
 * columns spreads what it lacks over them. A table with a preferred width (w:tblW in points or per
 * cent) takes growth past the available width from columns with slack above their own minimum, and
 * what is still too wide overflows to the right; one sized to its contents (w:tblW auto) just
 * grows, past the right margin too, as case6's tables do in Word. Fixed
 * layout never changes. The maximum side (shrinking columns to short content, growing them to
 * unbroken lines) is not applied: Word's renders keep such columns at their grid widths. Nor is
 * w:noWrap (§17.4.30, a cell's whole text as one unbreakable string): no Word render shows it.
 */
import type { Table, TableCell, TableWidth } from '../../model';

/** Resolved columns and the table's left edge relative to the containing box. */
export interface TableGrid {
  readonly columns: readonly number[];
  readonly widthPt: number;
  readonly xPt: number;
}

/**
 * The narrowest a cell may be (its margins included) for its content to fit without breaking a
 * word; `widthPt` is the cell's width in the saved grid.
 */
export type CellMinimum = (cell: TableCell, widthPt: number) => number;

/**
 * Computes the grid of a table laid out in a box `availPt` wide. With `minimum`, an autofit table's
 * columns widen to their content's minimum (see widenToContent).
 */
export function computeGrid(t: Table, availPt: number, compatibilityMode: number, minimum?: CellMinimum): TableGrid {
  const count = Math.max(t.gridPt.length, ...t.rows.map(rowSpanCount), 1);
  let columns = t.gridPt.slice(0, count);
  // A column a fraction of a point wide is real when the others are: Word writes one where cell
  // edges of different rows almost line up (tika-018367: a 5-twip column beside a gridBefore). Only
  // a missing or zero width, or a grid of nothing but slivers, marks a placeholder.
  const placeholder = columns.length < count || columns.some((w) => !(w > 0)) || columns.every((w) => w <= 0.5) || isUniformPlaceholder(t, columns);
  if (placeholder) columns = fromCells(t, count, availPt) ?? equal(count, availPt);
  // Before Word 2013 (compatibilityMode < 15) a percentage width is a share of the text width widened
  // by the first cell's left margin and the last cell's right margin: the table hangs one cell margin
  // past the text on each side (see tableX), and Word saves that grid (docx4j-rFonts: 100% of
  // 523.35 pt plus two 6 pt cell margins, grid 535.35 pt; poi-bug59058: 96% of 468 pt plus 7.2 pt,
  // grid 456.2 pt; Docx4j_GettingStarted: 78.76% of 451.35 pt plus 11.5 pt, grid 364.55 pt).
  const target = preferredWidth(t.props.width, availPt + (compatibilityMode < 15 ? outerMargins(t) : 0));
  const sum = total(columns);
  // Fixed layout keeps a real grid; otherwise the preferred width wins when the grid disagrees with it.
  // An autofit table whose saved grid is wider than a percentage preferred width, and fits, is one
  // Word widened for its content: Word keeps it (Docx4j_GettingStarted: a 78.76% table, 355.5 pt
  // of A4 text width, drawn at its saved 364.55 pt).
  const widenedPct = !placeholder && t.props.layout !== 'fixed' && t.props.width.type === 'pct' && target !== undefined && sum > target && sum <= availPt;
  const rescale = placeholder || (t.props.layout !== 'fixed' && !widenedPct && Math.abs(sum - (target ?? sum)) / (target ?? 1) > 0.02);
  if (target !== undefined && sum > 0 && rescale) columns = columns.map((w) => (w * target) / sum);
  if (target === undefined && placeholder && total(columns) > availPt * 1.001) {
    const s = total(columns);
    columns = columns.map((w) => (w * availPt) / s);
  }
  if (minimum && t.props.layout !== 'fixed') {
    // Only a table with a preferred width (w:tblW in points or per cent) takes its growth back from
    // the other columns: one sized to its contents (w:tblW auto or nil) has no width to keep, and
    // Word lets it grow past the text (docxside-case6's Word render: the 432 pt tables, auto width,
    // grow to 443 and 434 pt with their other columns at 86.4 and 108 pt, past the right margin).
    const limitPt = target === undefined ? Infinity : t.props.alignment === 'left' ? availPt - Math.max(0, tableX(t, availPt, total(columns), compatibilityMode)) : availPt;
    columns = widenToContent(columns, cellMinima(t, columns, minimum), limitPt);
  }
  const widthPt = total(columns);
  return { columns, widthPt, xPt: tableX(t, availPt, widthPt, compatibilityMode) };
}

/** A cell's minimum over the grid columns it spans. */
interface SpanMinimum {
  readonly col: number;
  readonly span: number;
  readonly minPt: number;
}

/** The minimum of each cell that holds content, on the columns it spans (gridBefore skipped as layout does). */
function cellMinima(t: Table, columns: readonly number[], minimum: CellMinimum): SpanMinimum[] {
  const out: SpanMinimum[] = [];
  const last = columns.length;
  for (const row of t.rows) {
    let col = Math.min(row.props.gridBefore, last);
    for (const cell of row.cells) {
      if (col >= last) break;
      const span = Math.max(1, Math.min(cell.props.gridSpan, last - col));
      if (cell.props.vMerge !== 'continue') {
        let w = 0;
        for (let k = col; k < col + span; k++) w += columns[k]!;
        const minPt = minimum(cell, w);
        if (minPt > 0) out.push({ col, span, minPt });
      }
      col += span;
    }
  }
  return out;
}

/** Below this a column counts as wide enough: measurement noise, not content that does not fit. */
const FIT_EPS_PT = 0.05;

/**
 * Word's AutoFit minimum (§17.4.53, autofit layout): a column narrower than the widest unbreakable
 * content of its cells widens to hold it; the others keep their widths. A cell spanning several
 * columns spreads what it lacks over them in proportion to their widths, after the single cells
 * have set their columns' minima. When the table then passes `limitPt`, the growth is taken back
 * from the columns wider than their own minimum (in proportion to that slack), never below it;
 * what is still too wide overflows to the right, as Word lets a table whose words do not fit.
 * A table that needs nothing keeps its columns (the same array).
 */
export function widenToContent(columns: number[], minima: readonly SpanMinimum[], limitPt: number): number[] {
  const floor = new Array<number>(columns.length).fill(0);
  for (const m of minima) if (m.span === 1) floor[m.col] = Math.max(floor[m.col]!, m.minPt);
  const out = columns.map((w, k) => (w >= floor[k]! - FIT_EPS_PT ? w : floor[k]!));
  const spans = minima.filter((m) => m.span > 1).sort((a, b) => a.span - b.span);
  for (const m of spans) spreadSpan(out, floor, m);
  if (out.every((w, k) => w === columns[k])) return columns;
  const before = total(columns);
  const excess = Math.min(total(out) - before, total(out) - Math.max(limitPt, before));
  if (excess <= 0) return out;
  let slack = 0;
  for (let k = 0; k < out.length; k++) slack += out[k]! - floor[k]!;
  if (slack <= 0) return out;
  const take = Math.min(excess, slack) / slack;
  return out.map((w, k) => w - (w - floor[k]!) * take);
}

/**
 * A spanning cell: what its columns lack goes to them in proportion to their widths; their minima
 * rise together, in proportion to their slack, so the shrinking step keeps the cell's minimum.
 */
function spreadSpan(out: number[], floor: number[], m: SpanMinimum): void {
  const end = m.col + m.span;
  let have = 0;
  for (let k = m.col; k < end; k++) have += out[k]!;
  if (have < m.minPt - FIT_EPS_PT) {
    for (let k = m.col; k < end; k++) out[k] = out[k]! + (m.minPt - have) * (have > 0 ? out[k]! / have : 1 / m.span);
  }
  let least = 0;
  let slack = 0;
  for (let k = m.col; k < end; k++) {
    least += floor[k]!;
    slack += out[k]! - floor[k]!;
  }
  if (least >= m.minPt || slack <= 0) return;
  const rise = Math.min(1, (m.minPt - least) / slack);
  for (let k = m.col; k < end; k++) floor[k] = floor[k]! + (out[k]! - floor[k]!) * rise;
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

/** The first row's outer cell margins: its first cell's left margin and its last cell's right margin. */
function outerMargins(t: Table): number {
  const cells = t.rows[0]?.cells;
  const first = cells?.[0]?.props.margins.left ?? t.props.cellMargins.left;
  const last = cells?.[cells.length - 1]?.props.margins.right ?? t.props.cellMargins.right;
  return first + last;
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
