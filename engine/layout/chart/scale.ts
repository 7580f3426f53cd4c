/**
 * Value axis scaling the way Excel picks it automatically: 0 as the minimum unless the values sit in
 * a narrow band far from zero, about 5 % headroom past the extreme values, a major unit of 1, 2 or
 * 5 × 10^n chosen so the ticks are no denser than the axis length allows, and min/max rounded out
 * to whole units. Fixed c:min, c:max and c:majorUnit override the automatic choices.
 */
import { detLog } from '../../core/det-math';
import { decade, pow10 } from './math';

/** An axis range and its major unit. */
export interface AxisScale {
  readonly min: number;
  readonly max: number;
  /** The major unit: a value step, or on a logarithmic axis the number of powers of the base between ticks. */
  readonly unit: number;
  /** The base of a logarithmic axis (c:logBase); absent for a linear one. */
  readonly logBase?: number;
}

/** What scaling needs besides the data range. */
export interface ScaleOptions {
  /** Room for the ticks along the axis, in points. */
  readonly lengthPt: number;
  /** Smallest distance between two major ticks, in points (about 2.5 label heights). */
  readonly minSpacingPt: number;
  readonly fixedMin?: number;
  readonly fixedMax?: number;
  readonly fixedUnit?: number;
}

const MAX_TICKS = 1000;

/** The major unit of 1, 2 or 5 × 10^n that splits `span` into at most `maxIntervals` intervals. */
export function niceUnit(span: number, maxIntervals: number): number {
  if (!(span > 0) || !Number.isFinite(span)) return 1;
  const n = Math.max(1, Math.floor(maxIntervals));
  const raw = span / n;
  const e = decade(raw);
  const base = pow10(e);
  for (const m of [1, 2, 5, 10]) {
    const unit = m * base;
    if (span / unit <= n + 1e-9) return unit;
  }
  return 10 * base;
}

/** Rounds away binary noise (0.30000000000000004 → 0.3) at 12 significant digits. */
export function cleanNumber(v: number): number {
  if (v === 0 || !Number.isFinite(v)) return v;
  const e = decade(v);
  const f = pow10(11 - e);
  return e < 300 && e > -300 ? Math.round(v * f) / f : v;
}

/**
 * Scales a value axis for data in [dataMin, dataMax] (either may be ±Infinity when there is no data),
 * by Excel's automatic limits (Microsoft KB 214075, "How chart axis limits are determined", with the
 * divisor 20 Jon Peltier measured where the article prints 2): with d = (max − min) / 20 over the
 * data (or a fixed limit), the maximum is the first unit at or above max + d, and the minimum is 0
 * unless the values sit within the top sixth of the range from 0 (min ≥ 5/6 max), when it is the first
 * unit at or below min − d; all-negative data mirror this, and data on both sides of 0 get d on both.
 */
export function scaleAxis(dataMin: number, dataMax: number, options: ScaleOptions): AxisScale {
  let lo = Number.isFinite(dataMin) ? dataMin : 0;
  let hi = Number.isFinite(dataMax) ? dataMax : lo;
  if (lo > hi) [lo, hi] = [hi, lo];
  const fixedMin = finite(options.fixedMin);
  const fixedMax = finite(options.fixedMax);
  if (fixedMin !== undefined) lo = fixedMin;
  if (fixedMax !== undefined) hi = fixedMax;
  if (fixedMin !== undefined && fixedMax !== undefined && fixedMin >= fixedMax) hi = lo + 1;
  if (lo === hi) {
    if (lo === 0) hi = 1;
    else if (lo > 0 && fixedMin === undefined) lo = 0;
    else if (lo < 0 && fixedMax === undefined) hi = 0;
    else hi = lo + Math.abs(lo);
  }
  const empty = !Number.isFinite(dataMin) && !Number.isFinite(dataMax);
  const d = empty ? 0 : (hi - lo) / 20;
  const bottom = fixedMin ?? autoLimit(lo, hi, -d);
  const top = fixedMax ?? autoLimit(hi, lo, d);
  const span = top - bottom;
  // At least one interval: an axis too short for two keeps its two end labels apart rather than
  // crowding a third between them (oxsdk-chart3's flat 3-D column chart).
  const maxIntervals = Math.max(1, Math.min(10, Math.floor(options.lengthPt / Math.max(1, options.minSpacingPt))));
  let unit = finite(options.fixedUnit) ?? niceUnit(span, maxIntervals);
  if (!(unit > 0) || span / unit > MAX_TICKS) unit = niceUnit(span, 10);
  const min = fixedMin ?? cleanNumber(Math.floor(bottom / unit + 1e-9) * unit);
  let max = fixedMax ?? cleanNumber(Math.ceil(top / unit - 1e-9) * unit);
  if (max <= min) max = cleanNumber(min + unit);
  return { min, max, unit };
}

/**
 * One automatic end: the extreme `v` moved out by `d`, or 0 when `v` is 0 or lies on 0's side of
 * five sixths of the other extreme `other` (both of one sign: the axis then reaches 0).
 */
function autoLimit(v: number, other: number, d: number): number {
  if (v === 0) return 0;
  const sameSign = v > 0 === other > 0 && other !== 0;
  return sameSign && Math.abs(v) < (Math.abs(other) * 5) / 6 ? 0 : v + d;
}

function finite(v: number | undefined): number | undefined {
  return v !== undefined && Number.isFinite(v) ? v : undefined;
}

/**
 * Scales a logarithmic value axis (c:logBase) for the positive data in [minPositive, dataMax]: Excel
 * starts and ends it at powers of the base (the largest at or below the smallest value, the smallest
 * at or above the largest), a tick at every power. A fixed c:min / c:max is a value on the axis; a
 * fixed c:majorUnit is the factor between ticks (10 on a base-10 axis is one power), rounded to whole powers.
 */
export function scaleLogAxis(minPositive: number, dataMax: number, logBase: number, options: Pick<ScaleOptions, 'fixedMin' | 'fixedMax' | 'fixedUnit'>): AxisScale {
  const base = logBase;
  const fixedMin = positive(options.fixedMin);
  const fixedMax = positive(options.fixedMax);
  const lo = Number.isFinite(minPositive) && minPositive > 0 ? minPositive : 1;
  const hi = Number.isFinite(dataMax) && dataMax > 0 ? Math.max(dataMax, lo) : lo;
  let min = fixedMin ?? powerAt(lo, base, Math.floor);
  let max = fixedMax ?? powerAt(hi, base, Math.ceil);
  if (!(max > min)) {
    if (fixedMax === undefined) max = min * base;
    else min = max / base;
  }
  const unitRaw = positive(options.fixedUnit);
  const steps = unitRaw !== undefined && unitRaw > 1 ? Math.max(1, Math.round(detLog(unitRaw) / detLog(base))) : 1;
  return { min: cleanNumber(min), max: cleanNumber(max), unit: steps, logBase: base };
}

/** The power of `base` at `v` rounded by `round` on the exponent (floor: at or below; ceil: at or above). */
function powerAt(v: number, base: number, round: (x: number) => number): number {
  const e = round(detLog(v) / detLog(base) + (round === Math.floor ? 1e-9 : -1e-9));
  let p = 1;
  const step = e >= 0 ? base : 1 / base;
  for (let i = 0; i < Math.min(Math.abs(e), 1100); i++) p *= step;
  return p;
}

function positive(v: number | undefined): number | undefined {
  return v !== undefined && Number.isFinite(v) && v > 0 ? v : undefined;
}

/** The tick values of a scale, min to max inclusive (at most 1001). */
export function ticksOf(scale: AxisScale): number[] {
  if (scale.logBase) return logTicks(scale, scale.logBase);
  const out: number[] = [];
  const n = Math.min(MAX_TICKS, Math.floor((scale.max - scale.min) / scale.unit + 1e-9));
  for (let i = 0; i <= n; i++) {
    const v = scale.min + i * scale.unit;
    // The tick at zero comes out as a residue (−4e-5 + 4 × 1e-5 = 6.8e-21) that rounding to its own decade keeps.
    out.push(Math.abs(v) < Math.abs(scale.unit) * 1e-9 ? 0 : cleanNumber(v));
  }
  return out;
}

/** The ticks of a logarithmic scale: the minimum times each `unit`-th power of the base up to the maximum. */
function logTicks(scale: AxisScale, base: number): number[] {
  const out: number[] = [];
  let factor = 1;
  for (let i = 0; i < Math.max(1, Math.round(scale.unit)); i++) factor *= base;
  let v = scale.min;
  for (let i = 0; i <= MAX_TICKS && v <= scale.max * (1 + 1e-9); i++) {
    out.push(cleanNumber(v));
    v *= factor;
  }
  return out;
}
