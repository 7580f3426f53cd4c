/**
 * Deterministic arithmetic for chart geometry: powers of ten by repeated multiplication, and
 * circular arcs as cubic Béziers (with the shared deterministic sine and cosine), so the drawn
 * paths are bit-identical on every JavaScript engine (GUIDE §3.3: no transcendental Math).
 */
import { detCos, detSin } from '../../core/det-math';
import type { PathCommand } from '../../model';

/** 10^n for an integer n in [-320, 320], by repeated multiplication. */
export function pow10(n: number): number {
  const k = Math.max(-320, Math.min(320, Math.trunc(n)));
  let v = 1;
  if (k >= 0) for (let i = 0; i < k; i++) v *= 10;
  else for (let i = 0; i < -k; i++) v /= 10;
  return v;
}

/** The exponent e with 10^e ≤ |x| < 10^(e+1), for finite non-zero x. */
export function decade(x: number): number {
  let a = Math.abs(x);
  if (!Number.isFinite(a) || a === 0) return 0;
  let e = 0;
  while (a >= 10 && e < 320) {
    a /= 10;
    e++;
  }
  while (a < 1 && e > -320) {
    a *= 10;
    e--;
  }
  return e;
}

/** A point on a circle; angles in degrees clockwise from 12 o'clock (the way Office measures pie slices). */
export function polar(cx: number, cy: number, r: number, deg: number): { x: number; y: number } {
  const a = (deg * Math.PI) / 180;
  return { x: cx + r * detSin(a), y: cy - r * detCos(a) };
}

/**
 * Cubic Bézier segments along a circular arc from `fromDeg` to `toDeg` (clockwise, degrees from
 * 12 o'clock), each at most 90°: control points at the tangent distance 4/3·tan(θ/4)·r.
 * The caller has already moved to the arc's start.
 */
export function arcCommands(cx: number, cy: number, r: number, fromDeg: number, toDeg: number): PathCommand[] {
  const out: PathCommand[] = [];
  const sweep = Math.max(-360, Math.min(360, toDeg - fromDeg));
  const n = Math.max(1, Math.ceil(Math.abs(sweep) / 90 - 1e-9));
  const step = sweep / n;
  const theta = (step * Math.PI) / 180;
  const quarter = theta / 4;
  const k = (4 / 3) * (detSin(quarter) / detCos(quarter)) * r;
  for (let i = 0; i < n; i++) {
    const a0 = fromDeg + step * i;
    const a1 = a0 + step;
    const p0 = polar(cx, cy, r, a0);
    const p1 = polar(cx, cy, r, a1);
    const r0 = (a0 * Math.PI) / 180;
    const r1 = (a1 * Math.PI) / 180;
    // Tangent of a clockwise-from-top circle at angle a: (cos a, sin a) in y-down coordinates.
    out.push({
      op: 'C',
      x1: p0.x + k * detCos(r0),
      y1: p0.y + k * detSin(r0),
      x2: p1.x - k * detCos(r1),
      y2: p1.y - k * detSin(r1),
      x: p1.x,
      y: p1.y,
    });
  }
  return out;
}
