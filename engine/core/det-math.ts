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
