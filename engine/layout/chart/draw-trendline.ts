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
import { detExp, detLog, detPow } from '../../core/det-math';
import type { ChartSeries, ChartTrendline, PathCommand } from '../../model';
import { coordOf, type AxisFrame } from './axes';
import type { ChartDraw, Rect } from './context';
import type { PlotBinding } from './plane';
import { drawLabelLines, labelLines, trendFit } from './trendline-label';

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
      const data = t.kind === 'linear' ? linearEnds(pts, t) : t.kind === 'movingAvg' ? movingAverage(pts, t.period ?? 2) : fittedCurve(pts, t);
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
      const fit = t.showEquation || t.showRSquared ? trendFit(pts, t, polyFit) : undefined;
      const last = commands[commands.length - 1]!;
      if (fit && last.op === 'L') drawLabelLines(draw, labelLines(fit, t), last, rect, draw.base);
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

/** The least-squares line's two ends, from the first x less c:backward to the last x plus c:forward. */
export function linearEnds(pts: readonly XY[], t: Pick<ChartTrendline, 'forward' | 'backward' | 'intercept'>): XY[] {
  // Through (0, intercept) when it is given: Σ(y − b − m x)² minimised over m alone.
  const fit = leastSquares(pts, t.intercept);
  if (!fit) return [];
  const { lo, hi } = xRange(pts);
  const x0 = lo - (t.backward ?? 0);
  const x1 = hi + (t.forward ?? 0);
  if (!(x1 > x0)) return [];
  return [{ x: x0, y: fit.b + fit.m * x0 }, { x: x1, y: fit.b + fit.m * x1 }];
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

/** Segments a curved trendline is drawn with between its ends. */
const CURVE_STEPS = 64;

/**
 * An exponential, logarithmic, polynomial or power trendline sampled from the first x less c:backward
 * to the last x plus c:forward; empty when the fit does not exist (logarithms of values ≤ 0, which
 * Excel refuses too, or fewer points than the fit has coefficients).
 */
export function fittedCurve(pts: readonly XY[], t: Pick<ChartTrendline, 'kind' | 'order' | 'forward' | 'backward' | 'intercept'>): XY[] {
  const f = fitOf(pts, t);
  if (!f || pts.length < 2) return [];
  const { lo, hi } = xRange(pts);
  let x0 = lo - (t.backward ?? 0);
  const x1 = hi + (t.forward ?? 0);
  // ln x needs x > 0: a log or power curve run backwards stops short of the y axis.
  if ((t.kind === 'log' || t.kind === 'power') && !(x0 > 0)) x0 = lo;
  if (!(x1 > x0)) return [];
  const out: XY[] = [];
  for (let i = 0; i <= CURVE_STEPS; i++) {
    const x = x0 + ((x1 - x0) * i) / CURVE_STEPS;
    const y = f(x);
    if (Number.isFinite(y)) out.push({ x, y });
  }
  return out.length >= 2 ? out : [];
}

type Fit = (x: number) => number;

function fitOf(pts: readonly XY[], t: Pick<ChartTrendline, 'kind' | 'order' | 'intercept'>): Fit | undefined {
  const ln = (v: number) => detLog(v);
  switch (t.kind) {
    case 'exp': {
      // ln y = ln c + b·x; a fixed c:intercept is c itself (the curve's value at x = 0).
      if (pts.some((p) => !(p.y > 0)) || (t.intercept !== undefined && !(t.intercept > 0))) return undefined;
      const line = leastSquares(pts.map((p) => ({ x: p.x, y: ln(p.y) })), t.intercept !== undefined ? ln(t.intercept) : undefined);
      return line && ((x) => detExp(line.b + line.m * x));
    }
    case 'log': {
      if (pts.some((p) => !(p.x > 0))) return undefined;
      const line = leastSquares(pts.map((p) => ({ x: ln(p.x), y: p.y })), undefined);
      return line && ((x) => (x > 0 ? line.b + line.m * ln(x) : NaN));
    }
    case 'power': {
      if (pts.some((p) => !(p.x > 0) || !(p.y > 0))) return undefined;
      const line = leastSquares(pts.map((p) => ({ x: ln(p.x), y: ln(p.y) })), undefined);
      return line && ((x) => (x > 0 ? detExp(line.b) * detPow(x, line.m) : NaN));
    }
    case 'poly': {
      const coef = polyFit(pts, Math.max(2, Math.min(6, t.order ?? 2)), t.intercept);
      return coef && ((x) => coef.reduceRight((acc, c) => acc * x + c, 0));
    }
    default:
      return undefined;
  }
}

/** The least-squares line y = b + m·x, through (0, intercept) when it is given; undefined for fewer than two points. */
function leastSquares(pts: readonly XY[], intercept: number | undefined): { m: number; b: number } | undefined {
  if (pts.length < 2) return undefined;
  let sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (const p of pts) {
    sx += p.x;
    sy += p.y;
    sxx += p.x * p.x;
    sxy += p.x * p.y;
  }
  if (intercept !== undefined) return { b: intercept, m: sxx > 0 ? (sxy - intercept * sx) / sxx : 0 };
  const n = pts.length;
  const d = n * sxx - sx * sx;
  const m = d !== 0 ? (n * sxy - sx * sy) / d : 0;
  return { m, b: (sy - m * sx) / n };
}

/**
 * The least-squares polynomial c0 + c1·x + … + cn·x^n (coefficients low to high) by its normal
 * equations; with a fixed intercept c0 is that value and only c1..cn are fitted. Undefined when
 * there are fewer points than free coefficients or the equations are singular.
 */
export function polyFit(pts: readonly XY[], order: number, intercept?: number): number[] | undefined {
  const first = intercept !== undefined ? 1 : 0;
  const k = order + 1 - first;
  if (pts.length < k) return undefined;
  const a: number[][] = Array.from({ length: k }, () => new Array<number>(k + 1).fill(0));
  for (const p of pts) {
    const y = p.y - (intercept ?? 0);
    const pw: number[] = [];
    for (let j = 0, v = first ? p.x : 1; j < k; j++, v *= p.x) pw.push(v);
    for (let r = 0; r < k; r++) {
      for (let c = 0; c < k; c++) a[r]![c]! += pw[r]! * pw[c]!;
      a[r]![k]! += pw[r]! * y;
    }
  }
  const sol = solve(a, k);
  return sol && (first ? [intercept!, ...sol] : sol);
}

/** Gaussian elimination with partial pivoting on the augmented k × (k + 1) matrix. */
function solve(a: number[][], k: number): number[] | undefined {
  for (let col = 0; col < k; col++) {
    let pivot = col;
    for (let r = col + 1; r < k; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    if (!(Math.abs(a[pivot]![col]!) > 1e-300)) return undefined;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    for (let r = col + 1; r < k; r++) {
      const f = a[r]![col]! / a[col]![col]!;
      for (let c = col; c <= k; c++) a[r]![c]! -= f * a[col]![c]!;
    }
  }
  const x = new Array<number>(k).fill(0);
  for (let r = k - 1; r >= 0; r--) {
    let v = a[r]![k]!;
    for (let c = r + 1; c < k; c++) v -= a[r]![c]! * x[c]!;
    x[r] = v / a[r]![r]!;
  }
  return x.every(Number.isFinite) ? x : undefined;
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
