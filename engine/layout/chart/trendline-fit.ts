/**
 * A trendline's least-squares fit (c:trendline, ECMA-376 Part 1 §21.2.2.209), made once for both the
 * curve and its label: linear y = b + m·x, exponential y = c·e^(bx), logarithmic y = c·ln x + b and
 * power y = c·x^b fitted as lines on ln y or ln x (as Excel's LINEST/LOGEST do), polynomial of
 * c:order by its normal equations; through c:intercept when it is fixed.
 */
import { detExp, detLog, detPow } from '../../core/det-math';
import type { ChartTrendline } from '../../model';

type XY = { x: number; y: number };

/** A fit on the data it was fitted to, x' = ln x for log and power, y' = ln y for exp and power: y' = Σ coef[k]·x'^k. */
export interface TrendFit {
  readonly coef: readonly number[];
  /** The (x', y') points the fit was made on. */
  readonly data: readonly XY[];
  /** Whether the intercept was fixed (c:intercept) rather than fitted. */
  readonly fixed: boolean;
}

type FitOptions = Pick<ChartTrendline, 'kind' | 'order' | 'intercept'>;

/**
 * The fit of a trendline kind, undefined where it does not exist: logarithms of values ≤ 0 (which
 * Excel refuses too), an exponential through an intercept ≤ 0, fewer points than coefficients, or
 * singular equations; moving averages are not fitted.
 */
export function trendFit(pts: readonly XY[], t: FitOptions): TrendFit | undefined {
  if (t.kind === 'movingAvg') return undefined;
  const lnX = t.kind === 'log' || t.kind === 'power';
  const lnY = t.kind === 'exp' || t.kind === 'power';
  if ((lnX && pts.some((p) => !(p.x > 0))) || (lnY && pts.some((p) => !(p.y > 0)))) return undefined;
  // A fixed intercept is the value at x = 0: of a line or polynomial itself, of an exponential its factor c (ln c on ln y).
  if (t.kind === 'exp' && t.intercept !== undefined && !(t.intercept > 0)) return undefined;
  const fixed = t.kind === 'linear' || t.kind === 'poly' ? t.intercept : t.kind === 'exp' && t.intercept !== undefined ? detLog(t.intercept) : undefined;
  const data = lnX || lnY ? pts.map((p) => ({ x: lnX ? detLog(p.x) : p.x, y: lnY ? detLog(p.y) : p.y })) : pts;
  let coef: number[] | undefined;
  if (t.kind === 'poly') coef = polyFit(data, Math.max(2, Math.min(6, t.order ?? 2)), fixed);
  else {
    const line = leastSquares(data, fixed);
    coef = line && [line.b, line.m];
  }
  return coef && { coef, data, fixed: fixed !== undefined };
}

/** The fitted trendline's y at x (NaN where a log or power curve has no value, x ≤ 0). */
export function trendValue(fit: TrendFit, kind: ChartTrendline['kind'], x: number): number {
  const [b = 0, m = 0] = fit.coef;
  switch (kind) {
    case 'exp':
      return detExp(b + m * x);
    case 'log':
      return x > 0 ? b + m * detLog(x) : NaN;
    case 'power':
      return x > 0 ? detExp(b) * detPow(x, m) : NaN;
    case 'linear':
      return b + m * x;
    default:
      return fit.coef.reduceRight((acc, c) => acc * x + c, 0);
  }
}

/**
 * R², the coefficient of determination of the fit on its own data (ln y for exponential and power
 * fits, as LINEST/LOGEST report it; about 0 when the intercept is fixed, Σy² in place of the spread
 * about the mean).
 */
export function rSquared(fit: TrendFit): number {
  const at = (x: number) => fit.coef.reduceRight((acc, c) => acc * x + c, 0);
  const mean = fit.data.reduce((a, p) => a + p.y, 0) / Math.max(1, fit.data.length);
  let res = 0;
  let tot = 0;
  for (const p of fit.data) {
    res += (p.y - at(p.x)) ** 2;
    tot += fit.fixed ? p.y * p.y : (p.y - mean) ** 2;
  }
  return tot > 0 ? 1 - res / tot : 1;
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
  // Σ(y − b − m x)² minimised over m alone when b is fixed.
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
