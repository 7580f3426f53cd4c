/**
 * Radar charts (c:radarChart, §21.2.2.153): one spoke per category clockwise from 12 o'clock, the
 * value axis along the first spoke with its tick labels, value gridlines as polygons through the
 * spokes (c:valAx/c:majorGridlines), spokes as the category gridlines (c:catAx/c:majorGridlines),
 * category labels outside the spokes' ends, and each series as a closed polygon: stroked (radarStyle
 * standard and marker, with markers per c:marker) or filled (filled).
 */
import type { ChartAxis, ChartPlot, ChartSeries, PathCommand } from '../../model';
import { DEFAULT_RULE, clamp, ruleLine, textStyle, type ChartDraw, type Rect } from './context';
import { drawLabel, labelsOf, labelText } from './data-labels';
import { formatChartNumber } from './format-number';
import { drawMarker } from './markers';
import { polar } from './math';
import { axesOf } from './plane';
import { scaleAxis, ticksOf, type AxisScale } from './scale';
import { categoryCount, categoryLabels } from './series-data';

const MAX_SPOKES = 1000;
const LABEL_GAP = 4;

/** The marker a radar series shows, if any: none when filled, and in the standard style only an explicit one. */
export function radarMarker(plot: ChartPlot, s: ChartSeries): string | undefined {
  if (plot.radarStyle === 'filled' || !s.marker) return undefined;
  if (plot.radarStyle === 'standard' && !s.markerSymbol) return undefined;
  return s.markerSymbol ?? 'circle';
}

/** The radar's geometry: centre, radius, value scale and spoke count. */
export interface RadarFrame {
  readonly cx: number;
  readonly cy: number;
  readonly radius: number;
  readonly scale: AxisScale;
  readonly spokes: number;
}

/** The distance from the centre of value `v` (clamped to the scale). */
export function radarRadius(f: RadarFrame, v: number): number {
  const span = f.scale.max - f.scale.min;
  return span > 0 ? clamp((v - f.scale.min) / span, 0, 1) * f.radius : 0;
}

/** The page point of value `v` on spoke `i`. */
export function radarPoint(f: RadarFrame, i: number, v: number): { x: number; y: number } {
  return polar(f.cx, f.cy, radarRadius(f, v), (360 * i) / f.spokes);
}

/** Draws a radar plot into the plot area box. */
export function drawRadar(draw: ChartDraw, plot: ChartPlot, box: Rect): void {
  const categories = categoryCount(plot.series);
  const n = Math.min(categories, MAX_SPOKES);
  if (n === 0) return;
  if (categories > MAX_SPOKES) draw.warn('layout/chart-clamped', `A radar chart has ${categories} categories; the first ${MAX_SPOKES} are drawn.`);
  const { cat, val } = axesOf(draw.chart.axes, plot);
  const catStyle = textStyle(draw.base, cat?.textStyle);
  const labels = cat && !cat.deleted && cat.tickLabels !== 'none' ? categoryLabels(plot.series, n).map((l) => draw.text.shape(l, catStyle)) : [];
  let roomX = 0;
  let roomY = 0;
  for (const l of labels) {
    roomX = Math.max(roomX, l.width + LABEL_GAP);
    roomY = Math.max(roomY, l.lineHeight + LABEL_GAP);
  }
  const radius = Math.max(1, Math.min(box.w / 2 - roomX, box.h / 2 - roomY));
  const frame: RadarFrame = { cx: box.x + box.w / 2, cy: box.y + box.h / 2, radius, scale: radarScale(draw, plot, val, radius, n), spokes: n };
  drawRadarGrid(draw, frame, cat, val);
  for (const s of plot.series) drawRadarSeries(draw, plot, s, frame);
  // Every category keeps its label, however crowded (LibreOffice thins none; no Office rule is documented).
  labels.forEach((l, i) => {
    const at = polar(frame.cx, frame.cy, radius + LABEL_GAP, (360 * i) / n);
    const dx = at.x - frame.cx;
    const dy = at.y - frame.cy;
    // Beside the spoke's end: left-aligned on the right half, right-aligned on the left, centred at top and bottom.
    const x = dx > 0.5 ? at.x : dx < -0.5 ? at.x - l.width : at.x - l.width / 2;
    const mid = at.y + (dy < -radius / 2 ? -l.lineHeight / 2 : dy > radius / 2 ? l.lineHeight / 2 : 0);
    draw.items.push(...l.place(x, mid + (l.ascent - l.descent) / 2));
  });
  drawValueAxis(draw, frame, val);
}

function radarScale(draw: ChartDraw, plot: ChartPlot, val: ChartAxis | undefined, radius: number, n: number): AxisScale {
  let min = Infinity;
  let max = -Infinity;
  for (const s of plot.series) {
    for (let i = 0; i < Math.min(n, s.values.length); i++) {
      const v = s.values[i];
      if (v === null || v === undefined) continue;
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
  }
  const style = textStyle(draw.base, val?.textStyle);
  return scaleAxis(min, max, {
    lengthPt: radius,
    minSpacingPt: style.sizePt * 2.4,
    ...(val?.min !== undefined ? { fixedMin: val.min } : {}),
    ...(val?.max !== undefined ? { fixedMax: val.max } : {}),
    ...(val?.majorUnit !== undefined ? { fixedUnit: val.majorUnit } : {}),
  });
}

/** Value rings (polygons through the spokes at each tick) and the spokes themselves. */
function drawRadarGrid(draw: ChartDraw, f: RadarFrame, cat: ChartAxis | undefined, val: ChartAxis | undefined): void {
  if (val?.majorGridlines && !val.gridline?.none) {
    for (const v of ticksOf(f.scale)) {
      if (radarRadius(f, v) <= 0) continue;
      const commands = closedPolygon(Array.from({ length: f.spokes }, (_x, i) => radarPoint(f, i, v)));
      draw.items.push({ kind: 'path', commands, stroke: val.gridline?.color ?? DEFAULT_RULE, lineWidth: val.gridline?.widthPt ?? 0.75 });
    }
  }
  if (cat?.majorGridlines) {
    for (let i = 0; i < f.spokes; i++) {
      const end = radarPoint(f, i, f.scale.max);
      const item = ruleLine(f.cx, f.cy, end.x, end.y, cat.gridline, DEFAULT_RULE);
      if (item) draw.items.push(item);
    }
  }
}

/** The value axis along the first spoke, its labels to the left at each tick. */
function drawValueAxis(draw: ChartDraw, f: RadarFrame, val: ChartAxis | undefined): void {
  if (!val || val.deleted) return;
  const line = ruleLine(f.cx, f.cy, f.cx, f.cy - f.radius, val.line, DEFAULT_RULE);
  if (line) draw.items.push(line);
  if (val.tickLabels === 'none') return;
  const style = textStyle(draw.base, val.textStyle);
  for (const v of ticksOf(f.scale)) {
    const t = draw.text.shape(formatChartNumber(v, val.formatCode), style);
    const y = f.cy - radarRadius(f, v);
    draw.items.push(...t.place(f.cx - LABEL_GAP - t.width, y + (t.ascent - t.descent) / 2));
  }
}

function drawRadarSeries(draw: ChartDraw, plot: ChartPlot, s: ChartSeries, f: RadarFrame): void {
  const filled = plot.radarStyle === 'filled';
  const pts: Array<{ x: number; y: number; i: number; value: number } | undefined> = [];
  for (let i = 0; i < f.spokes; i++) {
    const v = s.values[i];
    // A filled radar closes over gaps at the centre; lines break there.
    if (v === null || v === undefined) pts.push(filled ? { ...radarPoint(f, i, f.scale.min), i, value: 0 } : undefined);
    else pts.push({ ...radarPoint(f, i, v), i, value: v });
  }
  const color = (filled ? s.color : s.lineColor ?? s.color) ?? '4472C4';
  if (filled) {
    const all = pts.filter((p) => p !== undefined);
    if (all.length > 2 && !s.noFill) {
      draw.items.push({ kind: 'path', commands: closedPolygon(all), fill: color, ...(s.lineColor && !s.noLine ? { stroke: s.lineColor, lineWidth: s.lineWidthPt ?? 0.75 } : {}) });
    }
  } else if (!s.noLine) {
    for (const run of closedRuns(pts)) draw.items.push({ kind: 'path', commands: run, stroke: color, lineWidth: s.lineWidthPt ?? 2.25 });
  }
  const marker = radarMarker(plot, s);
  if (marker) for (const p of pts) if (p) drawMarker(draw.items, marker, p.x, p.y, s.markerSizePt ?? 5, s.color ?? color);
  const labels = labelsOf(plot, s);
  if (labels) for (const p of pts) if (p) drawLabel(draw, labels, labelText(labels, s, p.i, p.value), p.x, p.y, 'above');
}

function closedPolygon(pts: ReadonlyArray<{ x: number; y: number }>): PathCommand[] {
  const out: PathCommand[] = pts.map((p, i) => ({ op: i === 0 ? 'M' : 'L', x: p.x, y: p.y }) as PathCommand);
  out.push({ op: 'Z' });
  return out;
}

/** The series outline: one closed polygon without gaps, else the open runs between the gaps (wrapping round). */
function closedRuns(pts: ReadonlyArray<{ x: number; y: number } | undefined>): PathCommand[][] {
  const n = pts.length;
  const gap = pts.findIndex((p) => p === undefined);
  if (gap < 0) return n > 1 ? [closedPolygon(pts as Array<{ x: number; y: number }>)] : [];
  const out: PathCommand[][] = [];
  let run: Array<{ x: number; y: number }> = [];
  for (let k = 1; k <= n; k++) {
    const p = pts[(gap + k) % n];
    if (p) run.push(p);
    else {
      if (run.length > 1) out.push(run.map((q, i) => ({ op: i === 0 ? 'M' : 'L', x: q.x, y: q.y }) as PathCommand));
      run = [];
    }
  }
  return out;
}
