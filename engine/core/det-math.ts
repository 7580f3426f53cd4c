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
