/**
 * Stock charts (c:stockChart, §21.2.2.198) as Office draws them: per category a high-low line from
 * the highest to the lowest value of all series (c:hiLowLines), up/down bars from the first series
 * (open) to the last (close) that are c:upBars when the close is higher and c:downBars otherwise, sized
 * by their own c:gapWidth (drawLineDecor draws both, as for a line plot); then each series' line
 * (usually a:noFill, so none) and its markers. Only
 * explicit markers (c:marker/c:symbol) are drawn: a stock series without c:marker, or with an
 * automatic one, shows none, as in Excel, where a high-low-close chart shows its closes only through
 * the close series' own symbol (Excel writes a "dot", its short bar, for it; openpyxl's stock example
 * has to set one for the same reason). c:stockChart has no chart-level c:marker flag (CT_StockChart).
 */
import type { ChartBarLook, ChartLine, ChartLineDecor, ChartSeries, LayoutItem } from '../../model';
import { bandOf, coordOf, crossingValue, type CategoryFrame, type ValueFrame } from './axes';
import { ruleLine, type ChartDraw, type Rect } from './context';
import { labelPoints, linePoints, polyline, runsOf, type Pt } from './draw-line';
import { drawMarker } from './markers';
import type { PlotBinding } from './plane';

const MAX_POINTS = 100_000;

/** Draws the series of a stock plot whose categories run along the horizontal axis (its lines and bars are drawLineDecor's). */
export function drawStock(draw: ChartDraw, b: PlotBinding, rect: Rect): void {
  if (b.h.kind !== 'category' || b.v.kind !== 'value') return;
  const series = b.plot.series;
  const rows = series.map((_s, k) => linePoints(b, k, rect));
  series.forEach((s, k) => {
    const pts = rows[k]!;
    const color = s.lineColor ?? s.color ?? '4472C4';
    if (!s.noLine) {
      for (const run of runsOf(pts)) if (run.length >= 2) draw.items.push({ kind: 'path', commands: polyline(run), stroke: color, lineWidth: s.lineWidthPt ?? 2.25 });
    }
    const symbol = stockMarker(s);
    if (symbol) for (const p of pts) if (p) drawMarker(draw.items, symbol, p.x, p.y, s.markerSizePt ?? 5, s.color ?? color);
    labelPoints(draw, b, s, pts);
  });
}

/**
 * The high-low lines and up/down bars of a stock plot or a 2-D line plot (c:lineChart carries the
 * same c:hiLowLines and c:upDownBars, §21.2.2.97), under its series. Up/down bars run between the
 * drawn points of the first and the last series, so a stacked line plot's bars join its stacked tops.
 */
function drawBarsAndLines(draw: ChartDraw, b: PlotBinding, rect: Rect, decor: ChartLineDecor, rows: ReadonlyArray<ReadonlyArray<Pt | undefined>>, n: number): void {
  const cat = b.h as CategoryFrame;
  const series = b.plot.series;
  if (decor.hiLowLines) drawSpanLines(draw, rows, n, decor.hiLowLines);
  const bars = decor.upDownBars;
  if (!bars || series.length < 2) return;
  const barWidth = bandOf(cat, rect) / (1 + bars.gapWidthPct / 100);
  const open = rows[0]!;
  const close = rows[rows.length - 1]!;
  for (let i = 0; i < n; i++) {
    const o = open[i];
    const c = close[i];
    if (!o || !c) continue;
    const x = coordOf(cat, rect, i) - barWidth / 2;
    // Rising when the close is higher than the open: above it on an upright axis, below on a reversed one.
    const up = (b.v as ValueFrame).reversed ? c.y > o.y : c.y < o.y;
    barItem(draw.items, { x, y: Math.min(o.y, c.y), w: barWidth, h: Math.abs(c.y - o.y) }, up ? bars.up : bars.down);
  }
}

/**
 * What a 2-D line, area or stock plot draws under its series (c:lineChart, c:areaChart, c:stockChart):
 * drop lines from each category's points to the category axis (§21.2.2.53), high-low lines and up/down bars.
 */
export function drawLineDecor(draw: ChartDraw, b: PlotBinding, rect: Rect): void {
  const decor = b.plot.lineDecor;
  const val = b.v as ValueFrame;
  if (!decor || b.h.kind !== 'category' || val.kind !== 'value') return;
  const rows = b.plot.series.map((_s, k) => linePoints(b, k, rect));
  const n = Math.min(MAX_POINTS, Math.max(0, ...rows.map((r) => r.length)));
  if (decor.dropLines) drawSpanLines(draw, rows, n, decor.dropLines, coordOf(val, rect, crossingValue(val, b.h.axis?.crosses)));
  drawBarsAndLines(draw, b, rect, decor, rows, Math.min(MAX_POINTS, ...rows.map((r) => r.length)));
}

/**
 * A line per category from its highest to its lowest value over all series (high-low lines, c:hiLowLines),
 * or, given the category axis' y (`axisY`), from the axis to the farthest value (drop lines, c:dropLines).
 */
function drawSpanLines(draw: ChartDraw, rows: ReadonlyArray<ReadonlyArray<Pt | undefined>>, n: number, line: ChartLine, axisY?: number): void {
  for (let i = 0; i < n; i++) {
    let top = axisY ?? Infinity;
    let bottom = axisY ?? -Infinity;
    let x: number | undefined;
    for (const row of rows) {
      const p = row[i];
      if (!p) continue;
      x = p.x;
      top = Math.min(top, p.y);
      bottom = Math.max(bottom, p.y);
    }
    if (x === undefined || !(bottom > top)) continue;
    const item = ruleLine(x, top, x, bottom, line, '000000');
    if (item) draw.items.push(item);
  }
}

/** An up or down bar: its fill (unless noFill) and outline (black 0.75 pt unless a:ln says otherwise). */
function barItem(items: LayoutItem[], r: Rect, look: ChartBarLook): void {
  const stroke = look.line?.none ? undefined : look.line?.color ?? '000000';
  if (!look.fill && !stroke) return;
  items.push({ kind: 'rect', ...r, ...(look.fill && !look.noFill ? { fill: look.fill } : {}), ...(stroke ? { stroke, lineWidth: look.line?.widthPt ?? 0.75 } : {}) });
}

/** The marker a stock series shows: its explicit symbol only (none when automatic or absent). */
export function stockMarker(s: ChartSeries): string | undefined {
  return s.marker ? s.markerSymbol : undefined;
}
