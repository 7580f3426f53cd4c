/**
 * Stock charts (c:stockChart, §21.2.2.198) as Office draws them: per category a high-low line from
 * the highest to the lowest value of all series (c:hiLowLines), up/down bars from the first series
 * (open) to the last (close) that are c:upBars when the close is higher and c:downBars otherwise, sized
 * by their own c:gapWidth; then each series' line (usually a:noFill, so none) and its markers. Only
 * explicit markers (c:marker/c:symbol) are drawn: a stock series without c:marker, or with an
 * automatic one, shows none, as in Excel, where a high-low-close chart shows its closes only through
 * the close series' own symbol (Excel writes a "dot", its short bar, for it; openpyxl's stock example
 * has to set one for the same reason). c:stockChart has no chart-level c:marker flag (CT_StockChart).
 */
import type { ChartBarLook, ChartLine, ChartSeries, LayoutItem } from '../../model';
import { bandOf, clampedCoord, coordOf, type CategoryFrame, type ValueFrame } from './axes';
import { ruleLine, type ChartDraw, type Rect } from './context';
import { labelPoints, linePoints, polyline, runsOf, type Pt } from './draw-line';
import { drawMarker } from './markers';
import type { PlotBinding } from './plane';

const MAX_POINTS = 100_000;

/** Draws a stock plot whose categories run along the horizontal axis. */
export function drawStock(draw: ChartDraw, b: PlotBinding, rect: Rect): void {
  const cat = b.h as CategoryFrame;
  const val = b.v as ValueFrame;
  if (cat.kind !== 'category' || val.kind !== 'value') return;
  const series = b.plot.series;
  const rows = series.map((_s, k) => linePoints(b, k, rect));
  const n = Math.min(MAX_POINTS, ...rows.map((r) => r.length));
  const band = bandOf(cat, rect);
  const stock = b.plot.stock;
  if (stock?.hiLowLines) drawHiLowLines(draw, rows, n, stock.hiLowLines);
  const bars = stock?.upDownBars;
  const barWidth = band / (1 + (bars?.gapWidthPct ?? 150) / 100);
  if (bars && series.length >= 2) {
    const open = series[0]!.values;
    const close = series[series.length - 1]!.values;
    for (let i = 0; i < n; i++) {
      const o = open[i];
      const c = close[i];
      if (o === null || o === undefined || c === null || c === undefined) continue;
      const y0 = clampedCoord(val, rect, o);
      const y1 = clampedCoord(val, rect, c);
      const x = coordOf(cat, rect, i) - barWidth / 2;
      barItem(draw.items, { x, y: Math.min(y0, y1), w: barWidth, h: Math.abs(y1 - y0) }, c > o ? bars.up : bars.down);
    }
  }
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

/** A line per category from its highest to its lowest value over all series. */
function drawHiLowLines(draw: ChartDraw, rows: ReadonlyArray<ReadonlyArray<Pt | undefined>>, n: number, line: ChartLine): void {
  for (let i = 0; i < n; i++) {
    let top = Infinity;
    let bottom = -Infinity;
    let x = 0;
    for (const row of rows) {
      const p = row[i];
      if (!p) continue;
      x = p.x;
      top = Math.min(top, p.y);
      bottom = Math.max(bottom, p.y);
    }
    if (!(bottom > top)) continue;
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
