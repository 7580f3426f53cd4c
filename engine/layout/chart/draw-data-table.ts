/**
 * The data table under a chart's plot (c:dTable, ECMA-376 Part 1 §21.2.2.54), as Office draws it: a
 * header row of the category labels (which then stand in for the category axis's own tick labels)
 * with a column per category band, a row per series with its name (after its legend key when
 * c:showKeys) in a first column left of the plot and its values centred in the columns, lines
 * between rows (c:showHorzBorder), between columns (c:showVertBorder) and around the table
 * (c:showOutline, which leaves the empty corner above the names open). The plot gives up the room:
 * the table's height at the bottom and its first column at the left.
 */
import type { ChartAxis, ChartDataTable, ChartPlot, ChartSeries, LayoutItem, PathCommand } from '../../model';
import { DEFAULT_RULE, ruleLine, textStyle, type ChartDraw, type Rect } from './context';
import { formatChartNumber } from './format-number';
import type { Plane } from './plane';
import type { ShapedText, TextStyle } from './text';
import { drawSwatch } from './legend';

/** Room each side of a cell's text: 3 pt across, 1 pt above and below (Office's rows are close to a line high). */
const PAD = 3;
const PAD_Y = 1;
/** The key's width: the legend's swatch (legend.ts SWATCH). */
const KEY = 7;
const MAX_CELLS = 20_000;

/** A measured data table: its rows' height, the width of the names column and the names shaped for it. */
export interface DataTableSize {
  readonly table: ChartDataTable;
  readonly series: ReadonlyArray<{ readonly s: ChartSeries; readonly line: boolean; readonly name: ShapedText }>;
  readonly style: TextStyle;
  readonly rowH: number;
  readonly namesW: number;
  readonly height: number;
}

/**
 * The size of the chart's data table for its axis plots, or undefined when it has none or its
 * categories do not run along the bottom (horizontal bars, scatter), which are warned.
 */
export function measureDataTable(draw: ChartDraw, plots: readonly ChartPlot[]): DataTableSize | undefined {
  const table = draw.chart.dataTable;
  if (!table || plots.length === 0) return undefined;
  if (plots.some((p) => p.type === 'bar' || p.type === 'scatter')) {
    draw.warn('layout/chart-unsupported', 'A data table (c:dTable) of a bar or scatter chart is not drawn.');
    return undefined;
  }
  const style = textStyle(draw.base, table.style);
  const rowH = draw.text.shape('0', style).lineHeight + 2 * PAD_Y;
  const series = plots.flatMap((p) => p.series.map((s) => ({ s, line: p.type === 'line' && !s.noLine, name: draw.text.shape(s.name, style) })));
  let names = 0;
  for (const { name } of series.slice(0, MAX_CELLS)) names = Math.max(names, name.width);
  const namesW = names + 2 * PAD + (table.keys ? KEY + PAD : 0);
  return { table, series, style, rowH, namesW, height: rowH * (1 + series.length) };
}

/** The chart's axes with the category labels along the bottom turned off: the table's header shows them. */
export function axesUnderTable(axes: readonly ChartAxis[]): ChartAxis[] {
  return axes.map((a) => (a.kind !== 'value' && (a.position === 'bottom' || a.position === 'top') ? { ...a, tickLabels: 'none' } : a));
}

/**
 * Draws the table under the plane's plot rectangle, cut at the chart space: a manual plot layout can
 * leave it less room than its rows take, and Office draws nothing outside the chart.
 */
export function drawDataTable(draw: ChartDraw, plane: Plane, size: DataTableSize): void {
  const items: LayoutItem[] = [];
  drawTable({ ...draw, items }, plane, size);
  if (items.length) draw.items.push({ kind: 'group', clip: draw.bounds, items });
}

function drawTable(draw: ChartDraw, plane: Plane, size: DataTableSize): void {
  const items = draw.items;
  const rect = plane.rect;
  const cat = plane.bindings.map((b) => b.h).find((f) => f.kind === 'category');
  if (!cat || cat.kind !== 'category') return;
  const n = Math.max(1, Math.min(cat.count, MAX_CELLS));
  const colW = rect.w / n;
  const left = rect.x - size.namesW;
  const right = rect.x + rect.w;
  const top = rect.y + rect.h;
  const rows = size.series.length + 1;
  const bottom = top + size.rowH * rows;
  const colX = (i: number) => rect.x + (cat.reversed ? n - 1 - i : i) * colW;
  const centred = (t: ShapedText, x0: number, row: number) => items.push(...t.place(x0 + (colW - t.width) / 2, top + row * size.rowH + PAD_Y + t.ascent));
  for (let i = 0; i < n; i++) centred(draw.text.shape(cat.labels[i] ?? '', size.style), colX(i), 0);
  size.series.forEach(({ s, line, name }, k) => {
    const row = k + 1;
    const y = top + row * size.rowH;
    let x = left + PAD;
    if (size.table.keys) {
      // The legend's key for the series: its line, or its colour's square.
      drawSwatch(draw, { label: s.name, color: (line ? s.lineColor ?? s.color : s.color) ?? '4472C4', line }, x, y + size.rowH / 2, KEY);
      x += KEY + PAD;
    }
    items.push(...name.place(x, y + PAD_Y + name.ascent));
    for (let i = 0; i < n; i++) {
      const v = s.values[i];
      if (v === null || v === undefined) continue;
      centred(draw.text.shape(formatChartNumber(v, s.formatCode), size.style), colX(i), row);
    }
  });
  const line = size.table.line;
  const rule = (x1: number, y1: number, x2: number, y2: number) => {
    const item = ruleLine(x1, y1, x2, y2, line, DEFAULT_RULE);
    if (item) items.push(item);
  };
  if (size.table.horzBorder) for (let r = 1; r < rows; r++) rule(left, top + r * size.rowH, right, top + r * size.rowH);
  if (size.table.vertBorder) {
    for (let i = 1; i < n; i++) rule(rect.x + i * colW, top, rect.x + i * colW, bottom);
    rule(rect.x, top, rect.x, bottom);
  }
  if (size.table.outline && !line?.none) {
    const p = (op: 'M' | 'L', px: number, py: number): PathCommand => ({ op, x: px, y: py });
    const commands: PathCommand[] = [p('M', rect.x, top), p('L', right, top), p('L', right, bottom), p('L', left, bottom), p('L', left, top + size.rowH), p('L', rect.x, top + size.rowH), { op: 'Z' }];
    items.push({ kind: 'path', commands, stroke: line?.color ?? DEFAULT_RULE, lineWidth: line?.widthPt ?? 0.75 });
  }
}
