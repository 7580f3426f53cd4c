/**
 * Pie and doughnut charts (c:pieChart §21.2.2.141, c:doughnutChart §21.2.2.50): slices clockwise from
 * 12 o'clock plus c:firstSliceAng, sized by each value's share of the total, arcs drawn as cubic
 * Béziers; a pie shows its first series, a doughnut one ring per series (the first innermost) around
 * a hole of c:holeSize percent. Negative values count by their size, as in Office.
 */
import type { ChartPlot, ChartSeries, PathCommand } from '../../model';
import type { ChartDraw, Rect } from './context';
import { drawLabel, labelsOf, labelText } from './data-labels';
import { arcCommands, polar } from './math';

/** One slice: its angles in degrees clockwise from 12 o'clock. */
export interface Slice {
  readonly index: number;
  readonly fromDeg: number;
  readonly toDeg: number;
  readonly value: number;
  readonly fraction: number;
}

const MAX_SLICES = 10_000;

/** The slices of a series (gaps and zeros take no room; negatives count by their size). */
export function slicesOf(values: ReadonlyArray<number | null>, firstDeg: number): { slices: Slice[]; negatives: boolean } {
  let total = 0;
  let negatives = false;
  const n = Math.min(values.length, MAX_SLICES);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v === null || v === undefined || !Number.isFinite(v)) continue;
    if (v < 0) negatives = true;
    total += Math.abs(v);
  }
  const slices: Slice[] = [];
  if (!(total > 0) || !Number.isFinite(total)) return { slices, negatives };
  let at = firstDeg;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v === null || v === undefined || !Number.isFinite(v) || v === 0) continue;
    const fraction = Math.abs(v) / total;
    slices.push({ index: i, fromDeg: at, toDeg: at + fraction * 360, value: v, fraction });
    at += fraction * 360;
  }
  return { slices, negatives };
}

/** The path of a pie slice (or of a ring segment when `inner` > 0). */
export function slicePath(cx: number, cy: number, outer: number, inner: number, from: number, to: number): PathCommand[] {
  const start = polar(cx, cy, outer, from);
  const full = to - from >= 360 - 1e-9;
  const out: PathCommand[] = [{ op: 'M', x: start.x, y: start.y }, ...arcCommands(cx, cy, outer, from, to)];
  if (inner > 0) {
    const end = polar(cx, cy, inner, to);
    if (full) out.push({ op: 'Z' }, { op: 'M', x: end.x, y: end.y });
    else out.push({ op: 'L', x: end.x, y: end.y });
    out.push(...arcCommands(cx, cy, inner, to, from));
  } else if (!full) out.push({ op: 'L', x: cx, y: cy });
  out.push({ op: 'Z' });
  return out;
}

/** Draws a pie or doughnut plot into the plot rectangle. */
export function drawPie(draw: ChartDraw, plot: ChartPlot, rect: Rect): void {
  const doughnut = plot.type === 'doughnut';
  const series = doughnut ? plot.series : plot.series.slice(0, 1);
  if (series.length === 0) return;
  const cx = rect.x + rect.w / 2;
  const cy = rect.y + rect.h / 2;
  // The pie shrinks so the most exploded slice stays inside the plot area.
  const explode = Math.max(0, ...series.map(maxExplosion));
  const outer = Math.max(0, Math.min(rect.w, rect.h) / 2 / (1 + explode));
  const hole = doughnut ? (outer * (plot.holeSizePct ?? 50)) / 100 : 0;
  const ring = series.length > 0 ? (outer - hole) / series.length : outer;
  let warned = false;
  series.forEach((s, k) => {
    const { slices, negatives } = slicesOf(s.values, plot.firstSliceDeg ?? 0);
    if (negatives && !warned) {
      warned = true;
      draw.warn('layout/chart-negative-pie', `A ${plot.type} chart has negative values; they are drawn by their size, as Office does.`);
    }
    const r1 = doughnut ? hole + ring * (k + 1) : outer;
    const r0 = doughnut ? hole + ring * k : 0;
    for (const sl of slices) drawSlice(draw, plot, s, sl, cx, cy, r0, r1, explosionOf(s, sl.index) * outer);
  });
}

/** A point's explosion as a fraction of the radius: its c:dPt's, else its series'. */
export function explosionOf(s: ChartSeries, index: number): number {
  return (s.pointExplosionPct?.[index] ?? s.explosionPct ?? 0) / 100;
}

/** The largest explosion of any point of a series, as a fraction of the radius. */
export function maxExplosion(s: ChartSeries): number {
  let most = s.explosionPct ?? 0;
  for (const [k, pct] of Object.entries(s.pointExplosionPct ?? {})) if (Number(k) < s.values.length) most = Math.max(most, pct);
  return most / 100;
}

/** Draws one slice, moved `explodePt` out from the centre along its bisector, with its data label. */
export function drawSlice(draw: ChartDraw, plot: ChartPlot, s: ChartSeries, sl: Slice, cx: number, cy: number, r0: number, r1: number, explodePt: number): void {
  const mid = (sl.fromDeg + sl.toDeg) / 2;
  const off = explodePt > 0 ? polar(0, 0, explodePt, mid) : { x: 0, y: 0 };
  const x = cx + off.x;
  const y = cy + off.y;
  const fill = s.noFill ? undefined : s.pointColors?.[sl.index] ?? s.color;
  draw.items.push({
    kind: 'path',
    commands: slicePath(x, y, r1, r0, sl.fromDeg, sl.toDeg),
    ...(fill ? { fill } : {}),
    stroke: s.lineColor ?? 'FFFFFF',
    lineWidth: s.lineWidthPt ?? 0.75,
  });
  const labels = labelsOf(plot, s);
  if (!labels) return;
  const outside = labels.position === 'outEnd';
  const at = polar(x, y, outside ? r1 + 4 : r0 > 0 ? (r0 + r1) / 2 : r1 * 0.62, mid);
  const anchor = outside ? (mid % 360 < 180 ? 'right' : 'left') : 'center';
  drawLabel(draw, labels, labelText(labels, s, sl.index, sl.value, sl.fraction), at.x, at.y, anchor);
}
