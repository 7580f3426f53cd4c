/**
 * Line, area and scatter charts (c:lineChart §21.2.2.97, c:areaChart §21.2.2.5, c:scatterChart
 * §21.2.2.161): polylines through the points (Catmull-Rom curves when c:smooth), gaps left open,
 * markers on top; areas filled down to the axis crossing or to the series below when stacked;
 * scatter points placed by their own x values.
 */
import type { ChartSeries, Color, PathCommand } from '../../model';
import { clampedCoord, coordOf, crossingValue, type AxisFrame, type ValueFrame } from './axes';
import type { ChartDraw, Rect } from './context';
import { drawLabel, labelsOf, labelText } from './data-labels';
import { autoMarkerSymbol, drawMarker } from './markers';
import { commandsBox, gradientShadings, shadedPath } from '../gradient';
import type { PlotBinding } from './plane';

const MAX_POINTS = 100_000;

/** A drawn point: page position, point index and value. */
export type Pt = { x: number; y: number; i: number; value: number };

/** Draws a line or scatter plot. */
export function drawLines(draw: ChartDraw, b: PlotBinding, rect: Rect): void {
  const scatter = b.plot.type === 'scatter';
  b.plot.series.forEach((s, k) => {
    const pts = scatter ? scatterPoints(s, b.h, b.v, rect) : linePoints(b, k, rect);
    const color = s.lineColor ?? s.color ?? '4472C4';
    if (!s.noLine) {
      const span = draw.chart.blanksAs === 'span';
      for (const run of span ? [pts.filter((p): p is Pt => p !== undefined)] : runsOf(pts)) {
        if (run.length < 2) continue;
        draw.items.push({ kind: 'path', commands: s.smooth ? smoothPath(run) : polyline(run), stroke: color, lineWidth: s.lineWidthPt ?? 2.25 });
      }
    }
    if (s.marker) {
      const symbol = s.markerSymbol ?? autoMarkerSymbol(k);
      const markerColor = s.color ?? color;
      for (const p of pts) if (p) drawMarker(draw.items, symbol, p.x, p.y, s.markerSizePt ?? 5, markerColor);
    }
    labelPoints(draw, b, s, pts);
  });
}

/** Draws the data labels of a line, area or scatter series at its points. */
export function labelPoints(draw: ChartDraw, b: PlotBinding, s: ChartSeries, pts: ReadonlyArray<Pt | undefined>): void {
  const labels = labelsOf(b.plot, s);
  if (!labels) return;
  const anchor = labels.position === 'ctr' ? 'center' : labels.position === 'b' ? 'below' : labels.position === 'l' ? 'left' : labels.position === 't' ? 'above' : 'right';
  for (const p of pts) if (p) drawLabel(draw, labels, labelText(labels, s, p.i, p.value), p.x, p.y, anchor);
}

/** An area series' outline: its tops left to right and the bases under them. */
export interface AreaOutline {
  readonly tops: Pt[];
  readonly bases: Pt[];
}

/** The outline of each series of an area plot (empty when the plot has no value axis). */
export function areaOutlines(b: PlotBinding, rect: Rect): AreaOutline[] {
  const val = b.v as ValueFrame;
  if (val.kind !== 'value' || !b.spans) return [];
  const cross = crossingValue(val, val.axis?.crosses);
  return b.plot.series.map((_s, k) => {
    const row = b.spans!.spans[k]!;
    const tops: Pt[] = [];
    const bases: Pt[] = [];
    for (let i = 0; i < Math.min(row.length, MAX_POINTS); i++) {
      const span = row[i];
      const x = coordOf(b.h, rect, i);
      // An area treats a gap as zero so the shape stays closed.
      const base = span ? (span.base === 0 ? cross : span.base) : cross;
      tops.push({ x, y: clampedCoord(val, rect, span ? span.top : base), i, value: span?.value ?? 0 });
      bases.push({ x, y: clampedCoord(val, rect, base), i, value: 0 });
    }
    return { tops, bases };
  });
}

/** Draws an area plot: each series filled from its line down to its base. */
export function drawAreas(draw: ChartDraw, b: PlotBinding, rect: Rect): void {
  areaOutlines(b, rect).forEach(({ tops, bases }, k) => {
    const s = b.plot.series[k]!;
    if (tops.length === 0) return;
    const commands: PathCommand[] = [...polyline([...tops, ...[...bases].reverse()]), { op: 'Z' }];
    const fill: Color | undefined = s.noFill ? undefined : s.color;
    if (fill || s.lineColor) {
      const outline = s.lineColor && !s.noLine ? { stroke: s.lineColor, lineWidth: s.lineWidthPt ?? 0.75 } : {};
      const shadings = fill && s.gradient ? gradientShadings(s.gradient, commandsBox(commands), 0) : [];
      if (fill && shadings.length > 0) draw.items.push(...shadedPath(commands, fill, shadings, outline));
      else draw.items.push({ kind: 'path', commands, ...(fill ? { fill } : {}), ...outline });
    }
    labelPoints(draw, b, s, tops);
  });
}

/** The points of line series `k`, placed by category and (stacked) value; gaps undefined. */
export function linePoints(b: PlotBinding, k: number, rect: Rect): Array<Pt | undefined> {
  const row = b.spans?.spans[k] ?? [];
  const out: Array<Pt | undefined> = [];
  for (let i = 0; i < Math.min(row.length, MAX_POINTS); i++) {
    const span = row[i];
    out.push(span ? { x: coordOf(b.h, rect, i), y: clampedCoord(b.v as ValueFrame, rect, span.top), i, value: span.value } : undefined);
  }
  return out;
}

/** Scatter points placed by their x and y values (gaps undefined). */
export function scatterPoints(s: ChartSeries, h: AxisFrame, v: AxisFrame, rect: Rect): Array<Pt | undefined> {
  const out: Array<Pt | undefined> = [];
  const hasX = (s.xValues?.length ?? 0) > 0;
  for (let i = 0; i < Math.min(s.values.length, MAX_POINTS); i++) {
    const y = s.values[i];
    const x = hasX ? s.xValues![i] : i + 1;
    if (y === null || y === undefined || x === null || x === undefined) {
      out.push(undefined);
      continue;
    }
    const px = h.kind === 'value' ? clampedCoord(h, rect, x) : coordOf(h, rect, i);
    const py = v.kind === 'value' ? clampedCoord(v, rect, y) : coordOf(v, rect, i);
    out.push({ x: px, y: py, i, value: y });
  }
  return out;
}

/** Unbroken runs of points between gaps. */
export function runsOf(pts: ReadonlyArray<Pt | undefined>): Pt[][] {
  const out: Pt[][] = [];
  let cur: Pt[] = [];
  for (const p of pts) {
    if (p) cur.push(p);
    else if (cur.length) {
      out.push(cur);
      cur = [];
    }
  }
  if (cur.length) out.push(cur);
  return out;
}

/** A polyline through the points. */
export function polyline(pts: readonly Pt[]): PathCommand[] {
  return pts.map((p, i) => ({ op: i === 0 ? 'M' : 'L', x: p.x, y: p.y }) as PathCommand);
}

/** A smooth curve through the points: Catmull-Rom splines as cubic Béziers (tension 1/6). */
export function smoothPath(pts: readonly Pt[]): PathCommand[] {
  const out: PathCommand[] = [{ op: 'M', x: pts[0]!.x, y: pts[0]!.y }];
  for (let i = 0; i + 1 < pts.length; i++) {
    const p0 = pts[Math.max(0, i - 1)]!;
    const p1 = pts[i]!;
    const p2 = pts[i + 1]!;
    const p3 = pts[Math.min(pts.length - 1, i + 2)]!;
    out.push({
      op: 'C',
      x1: p1.x + (p2.x - p0.x) / 6, y1: p1.y + (p2.y - p0.y) / 6,
      x2: p2.x - (p3.x - p1.x) / 6, y2: p2.y - (p3.y - p1.y) / 6,
      x: p2.x, y: p2.y,
    });
  }
  return out;
}
