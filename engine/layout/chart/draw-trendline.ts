/**
 * Trendlines (c:trendline, ECMA-376 Part 1 §21.2.2.209) of 2-D bar, column, line and scatter series:
 * a least-squares fit (linear, exponential y = c·e^(bx), logarithmic y = c·ln x + b, polynomial of
 * c:order, power y = c·x^b; the curved ones fitted on ln y or ln x as Excel's LINEST/LOGEST do,
 * through c:intercept when it is fixed, run c:backward before the first x and c:forward past the
 * last) or a moving average over c:period points. Category series take x = 1, 2, 3 … as Excel fits
 * them. The line is the trendline's own c:spPr, else the series colour at 1.5 pt, dotted (Office's
 * default trendline), clipped to the plot's value range.
 */
import { PRESET_DASHES } from '../../core';
import type { ChartSeries, ChartTrendline, PathCommand } from '../../model';
import { coordOf, type AxisFrame } from './axes';
import type { ChartDraw, Rect } from './context';
import type { PlotBinding } from './plane';
import { drawLabelLines, labelLines } from './trendline-label';
import { trendFit, trendValue, type TrendFit } from './trendline-fit';

const MAX_POINTS = 100_000;

/** Draws the trendlines of every series of a plot. */
export function drawTrendlines(draw: ChartDraw, b: PlotBinding, rect: Rect): void {
  const horizontalBars = b.plot.type === 'bar';
  const cat = horizontalBars ? b.v : b.h;
  const val = horizontalBars ? b.h : b.v;
  if (val.kind !== 'value') return;
  const at = (x: number, y: number) => {
    const along = cat.kind === 'value' ? coordOf(cat, rect, x) : coordOf(cat, rect, x - 1);
    const across = coordOf(val, rect, y);
    return horizontalBars ? { x: across, y: along } : { x: along, y: across };
  };
  b.plot.series.forEach((s) => {
    if (!s.trendlines?.length) return;
    const pts = pointsOf(s, cat);
    for (const t of s.trendlines) {
      // One fit for the line and its label.
      const fit = trendFit(pts, t);
      const data = t.kind === 'movingAvg' ? movingAverage(pts, t.period ?? 2) : fit ? trendCurve(fit, pts, t) : [];
      if (!data.length && pts.length >= 2 && t.kind !== 'movingAvg') {
        draw.warn('layout/chart-trendline', `A ${t.kind} trendline of the series "${s.name}" cannot be fitted to its values (zero or negative values where the fit takes their logarithm); it is not drawn.`);
      }
      const clipped = clipToRange(data, val.scale.min, val.scale.max);
      if (clipped.length < 2) continue;
      const commands: PathCommand[] = clipped.map((p, i) => {
        const q = at(p.x, p.y);
        return i === 0 ? { op: 'M', x: q.x, y: q.y } : { op: 'L', x: q.x, y: q.y };
      });
      const color = t.line?.color ?? s.lineColor ?? s.color ?? '4472C4';
      if (t.line?.none) continue;
      const width = t.line?.widthPt ?? 1.5;
      const dash = dashOf(t.line ? t.dashPreset : 'sysDot', width);
      draw.items.push({ kind: 'path', commands, stroke: color, lineWidth: width, ...(dash ? { dash } : {}) });
      const last = commands[commands.length - 1]!;
      if (fit && (t.showEquation || t.showRSquared) && last.op === 'L') drawLabelLines(draw, labelLines(fit, t), last, rect, draw.base);
    }
  });
}

type XY = { x: number; y: number };

/** The series' points as (x, y): scatter x values, or category numbers 1, 2, 3 …; gaps left out. */
function pointsOf(s: ChartSeries, cat: AxisFrame): XY[] {
  const out: XY[] = [];
  const hasX = cat.kind === 'value' && (s.xValues?.length ?? 0) > 0;
  for (let i = 0; i < Math.min(s.values.length, MAX_POINTS); i++) {
    const y = s.values[i];
    const x = hasX ? s.xValues![i] : i + 1;
    if (y === null || y === undefined || x === null || x === undefined || !Number.isFinite(y) || !Number.isFinite(x)) continue;
    out.push({ x, y });
  }
  return out;
}

/** Segments a curved trendline is drawn with between its ends. */
const CURVE_STEPS = 64;

/**
 * The fitted trendline from the first x less c:backward to the last x plus c:forward: a line's two
 * ends, or a curve sampled in CURVE_STEPS segments; empty when that run is empty.
 */
export function trendCurve(fit: TrendFit, pts: readonly XY[], t: Pick<ChartTrendline, 'kind' | 'forward' | 'backward'>): XY[] {
  if (pts.length < 2) return [];
  const { lo, hi } = xRange(pts);
  let x0 = lo - (t.backward ?? 0);
  const x1 = hi + (t.forward ?? 0);
  // ln x needs x > 0: a log or power curve run backwards stops short of the y axis.
  if ((t.kind === 'log' || t.kind === 'power') && !(x0 > 0)) x0 = lo;
  if (!(x1 > x0)) return [];
  if (t.kind === 'linear') return [{ x: x0, y: trendValue(fit, t.kind, x0) }, { x: x1, y: trendValue(fit, t.kind, x1) }];
  const out: XY[] = [];
  for (let i = 0; i <= CURVE_STEPS; i++) {
    const x = x0 + ((x1 - x0) * i) / CURVE_STEPS;
    const y = trendValue(fit, t.kind, x);
    if (Number.isFinite(y)) out.push({ x, y });
  }
  return out.length >= 2 ? out : [];
}

/** The smallest and largest x of the points. */
function xRange(pts: readonly XY[]): { lo: number; hi: number } {
  let lo = Infinity, hi = -Infinity;
  for (const p of pts) {
    lo = Math.min(lo, p.x);
    hi = Math.max(hi, p.x);
  }
  return { lo, hi };
}

/** The moving average of `period` points, each at the x of the last point it averages. */
export function movingAverage(pts: readonly XY[], period: number): XY[] {
  const out: XY[] = [];
  let sum = 0;
  for (let i = 0; i < pts.length; i++) {
    sum += pts[i]!.y;
    if (i >= period) sum -= pts[i - period]!.y;
    if (i >= period - 1) out.push({ x: pts[i]!.x, y: sum / period });
  }
  return out;
}

/** The polyline cut to the stretch whose values lie within [lo, hi] (the plot's value range). */
function clipToRange(pts: readonly XY[], min: number, max: number): XY[] {
  const lo = Math.min(min, max);
  const hi = Math.max(min, max);
  const out: XY[] = [];
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i]!;
    const inside = p.y >= lo && p.y <= hi;
    const prev = pts[i - 1];
    if (prev && (prev.y >= lo && prev.y <= hi) !== inside) out.push(crossing(prev, p, inside ? (prev.y < lo ? lo : hi) : p.y < lo ? lo : hi));
    else if (prev && !inside && (prev.y < lo) !== (p.y < lo)) {
      // Both ends outside on opposite sides: the segment crosses the whole range.
      out.push(crossing(prev, p, prev.y < lo ? lo : hi), crossing(prev, p, prev.y < lo ? hi : lo));
    }
    if (inside) out.push(p);
  }
  return out;
}

function crossing(a: XY, b: XY, y: number): XY {
  const f = b.y !== a.y ? (y - a.y) / (b.y - a.y) : 0;
  return { x: a.x + f * (b.x - a.x), y };
}

/** Dash lengths of a DrawingML preset dash (ST_PresetLineDashVal) for a line of `width` points. */
function dashOf(preset: string | undefined, width: number): number[] | undefined {
  const unit = Math.max(width, 0.25);
  return PRESET_DASHES[preset ?? '']?.map((v) => v * unit);
}
