/**
 * Deterministic sine and cosine (range reduction plus a fixed polynomial) for shape and chart geometry, so
 * paths are bit-identical on every engine (GUIDE §3.3: no transcendental Math in engine code).
 */

const TWO_PI = 6.283185307179586;
const HALF_PI = 1.5707963267948966;

/** Sine of x radians, accurate to about 1e-9 over any range. */
export function detSin(x: number): number {
  if (!Number.isFinite(x)) return 0;
  let r = x % TWO_PI;
  if (r < 0) r += TWO_PI;
  // Reduce to [-π/2, π/2] using sin(π - r) = sin(r).
  let sign = 1;
  if (r > Math.PI) {
    r -= Math.PI;
    sign = -1;
  }
  if (r > HALF_PI) r = Math.PI - r;
  const r2 = r * r;
  // Taylor series to x^15 (error < 1e-10 on [0, π/2]).
  const s = r * (1 - (r2 / 6) * (1 - (r2 / 20) * (1 - (r2 / 42) * (1 - (r2 / 72) * (1 - (r2 / 110) * (1 - (r2 / 156) * (1 - r2 / 210)))))));
  return sign * s;
}

/** Cosine of x radians. */
export function detCos(x: number): number {
  return detSin(x + HALF_PI);
}

/** Degrees to radians. */
export function degToRad(deg: number): number {
  return (deg * Math.PI) / 180;
}

const LN2 = 0.6931471805599453;
const SQRT2 = 1.4142135623730951;

/**
 * Natural logarithm of x > 0 (NaN below 0 or for NaN, −Infinity at 0): x split exactly into m·2^e by
 * halving and doubling, m in [√½, √2), then ln m = 2·atanh((m − 1)/(m + 1)) by its series.
 */
export function detLog(x: number): number {
  if (Number.isNaN(x) || x < 0) return NaN;
  if (x === 0) return -Infinity;
  if (x === Infinity) return Infinity;
  let m = x;
  let e = 0;
  while (m >= 2) {
    m /= 2;
    e++;
  }
  while (m < 1) {
    m *= 2;
    e--;
  }
  if (m > SQRT2) {
    m /= 2;
    e++;
  }
  const s = (m - 1) / (m + 1);
  const s2 = s * s;
  // |s| ≤ 0.172: 15 odd terms put the error below 1e-17.
  let sum = 0;
  let term = s;
  for (let k = 1; k <= 29; k += 2) {
    sum += term / k;
    term *= s2;
  }
  return 2 * sum + e * LN2;
}

/** e^x: x = k·ln 2 + r with |r| ≤ ln 2 / 2, e^r by its Taylor series, then 2^k by exact doubling or halving. */
export function detExp(x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (x > 709.8) return Infinity;
  if (x < -745.2) return 0;
  const k = Math.round(x / LN2);
  const r = x - k * LN2;
  let sum = 1;
  let term = 1;
  for (let n = 1; n <= 20; n++) {
    term *= r / n;
    sum += term;
  }
  if (k >= 0) for (let i = 0; i < k; i++) sum *= 2;
  else for (let i = 0; i < -k; i++) sum /= 2;
  return sum;
}

/**
 * x^y for x ≥ 0 (0^y is 0 for y > 0 and 1 for y = 0), as e^(y·ln x); NaN for negative x or a NaN operand
 * (but x^0 is 1); x^1 is x exactly, where e^(ln x) could round past the largest double.
 */
export function detPow(x: number, y: number): number {
  if (y === 0) return 1;
  if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
  if (y === 1) return x;
  if (x === 0) return y > 0 ? 0 : Infinity;
  if (x === 1) return 1;
  return detExp(y * detLog(x));
}

/** Arc tangent of x in [-1, 1]: two half-angle reductions, then a fixed series (error < 1e-15). */
function atanUnit(x: number): number {
  let r = x;
  for (let i = 0; i < 2; i++) r = r / (1 + Math.sqrt(1 + r * r));
  const r2 = r * r;
  let sum = 0;
  for (let k = 23; k >= 1; k -= 2) sum = 1 / k - r2 * sum;
  return 4 * r * sum;
}

/** The angle of the point (x, y) in radians, in (-π, π], as Math.atan2 but the same on every engine. */
export function detAtan2(y: number, x: number): number {
  if (!Number.isFinite(x) || !Number.isFinite(y) || (x === 0 && y === 0)) return y < 0 ? 0 : x < 0 ? Math.PI : 0;
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  let a = ay <= ax ? atanUnit(ay / ax) : HALF_PI - atanUnit(ax / ay);
  if (x < 0) a = Math.PI - a;
  return y < 0 ? -a : a;
}
