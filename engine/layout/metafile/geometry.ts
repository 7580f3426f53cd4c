/**
 * Geometry for metafile drawing: affine matrices (the LayoutDoc group convention, y down) and the
 * Bézier forms of GDI's ellipses, arcs and rounded rectangles ([MS-WMF] 2.3.3, [MS-EMF] 2.3.5).
 * Paths are built in logical units and mapped to page points once, by one matrix.
 */
import { ellipseArcSegments } from '../../core';
import { detAtan2, detCos, detSin } from '../../core/det-math';
import type { PathCommand } from '../../model';

/** An affine matrix [a b c d e f]: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Matrix = readonly [number, number, number, number, number, number];

/** The identity matrix. */
export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** The matrix applying `first`, then `then`. */
export function compose(first: Matrix, then: Matrix): Matrix {
  const [a, b, c, d, e, f] = first;
  const [A, B, C, D, E, F] = then;
  return [A * a + C * b, B * a + D * b, A * c + C * d, B * c + D * d, A * e + C * f + E, B * e + D * f + F];
}

/** Maps a point by a matrix. */
export function apply(m: Matrix, x: number, y: number): { x: number; y: number } {
  return { x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5] };
}

/** The determinant (negative when the matrix mirrors). */
export function det(m: Matrix): number {
  return m[0] * m[3] - m[1] * m[2];
}

/** Whether the matrix keeps horizontal lines horizontal (no rotation or shear). */
export function isAxisAligned(m: Matrix): boolean {
  return Math.abs(m[1]) < 1e-9 && Math.abs(m[2]) < 1e-9;
}

/** The average length a unit vector gets (for pen widths under non-uniform scaling). */
export function meanScale(m: Matrix): number {
  return Math.sqrt(Math.abs(det(m)));
}

/** Maps every point of a path by a matrix. */
export function mapPath(cmds: readonly PathCommand[], m: Matrix): PathCommand[] {
  return cmds.map((c) => {
    if (c.op === 'Z') return c;
    const p = apply(m, c.x, c.y);
    if (c.op !== 'C') return { op: c.op, x: p.x, y: p.y };
    const p1 = apply(m, c.x1, c.y1);
    const p2 = apply(m, c.x2, c.y2);
    return { op: 'C', x1: p1.x, y1: p1.y, x2: p2.x, y2: p2.y, x: p.x, y: p.y };
  });
}

/** A closed ellipse inscribed in a box. */
export function ellipsePath(l: number, t: number, r: number, b: number): PathCommand[] {
  const cx = (l + r) / 2;
  const cy = (t + b) / 2;
  const rx = Math.abs(r - l) / 2;
  const ry = Math.abs(b - t) / 2;
  return [{ op: 'M', x: cx + rx, y: cy }, ...ellipseArcSegments(cx, cy, rx, ry, 0, 2 * Math.PI), { op: 'Z' }];
}

/** A closed rectangle. */
export function rectPath(l: number, t: number, r: number, b: number): PathCommand[] {
  return [{ op: 'M', x: l, y: t }, { op: 'L', x: r, y: t }, { op: 'L', x: r, y: b }, { op: 'L', x: l, y: b }, { op: 'Z' }];
}

/** A closed rectangle with corners rounded by ellipses of `ew` × `eh`. */
export function roundRectPath(l: number, t: number, r: number, b: number, ew: number, eh: number): PathCommand[] {
  const x0 = Math.min(l, r);
  const x1 = Math.max(l, r);
  const y0 = Math.min(t, b);
  const y1 = Math.max(t, b);
  const rx = Math.min(Math.abs(ew) / 2, (x1 - x0) / 2);
  const ry = Math.min(Math.abs(eh) / 2, (y1 - y0) / 2);
  if (rx <= 0 || ry <= 0) return rectPath(x0, y0, x1, y1);
  const h = Math.PI / 2;
  return [
    { op: 'M', x: x0 + rx, y: y0 },
    { op: 'L', x: x1 - rx, y: y0 },
    ...ellipseArcSegments(x1 - rx, y0 + ry, rx, ry, -h, h),
    { op: 'L', x: x1, y: y1 - ry },
    ...ellipseArcSegments(x1 - rx, y1 - ry, rx, ry, 0, h),
    { op: 'L', x: x0 + rx, y: y1 },
    ...ellipseArcSegments(x0 + rx, y1 - ry, rx, ry, h, h),
    { op: 'L', x: x0, y: y0 + ry },
    ...ellipseArcSegments(x0 + rx, y0 + ry, rx, ry, Math.PI, h),
    { op: 'Z' },
  ];
}

/** Which closure an arc record asks for ([MS-WMF] META_ARC, META_CHORD, META_PIE). */
export type ArcKind = 'arc' | 'chord' | 'pie';

/**
 * The path of an Arc, Chord or Pie: the ellipse in the box from the ray through (xs, ys) to the ray
 * through (xe, ye), counter-clockwise on screen unless `clockwise` (EMR_SETARCDIRECTION). The
 * direction is judged in page space, so `mirrored` says whether logical → page flips.
 */
export function arcPath(kind: ArcKind, l: number, t: number, r: number, b: number, xs: number, ys: number, xe: number, ye: number, clockwise: boolean, mirrored: boolean): PathCommand[] {
  const cx = (l + r) / 2;
  const cy = (t + b) / 2;
  const rx = Math.abs(r - l) / 2;
  const ry = Math.abs(b - t) / 2;
  if (rx === 0 || ry === 0) return [];
  const a0 = detAtan2((ys - cy) / ry, (xs - cx) / rx);
  const a1 = detAtan2((ye - cy) / ry, (xe - cx) / rx);
  // In y-down logical space a growing angle turns clockwise on screen; a mirror swaps that.
  const positive = clockwise !== mirrored;
  let sweep = a1 - a0;
  if (positive) while (sweep <= 0) sweep += 2 * Math.PI;
  else while (sweep >= 0) sweep -= 2 * Math.PI;
  const start = { x: cx + rx * detCos(a0), y: cy + ry * detSin(a0) };
  const out: PathCommand[] = [];
  if (kind === 'pie') out.push({ op: 'M', x: cx, y: cy }, { op: 'L', x: start.x, y: start.y });
  else out.push({ op: 'M', x: start.x, y: start.y });
  out.push(...ellipseArcSegments(cx, cy, rx, ry, a0, sweep));
  if (kind !== 'arc') out.push({ op: 'Z' });
  return out;
}

/**
 * Re-orients the rings of a polygon set so that PathItem's non-zero fill gives what the even-odd
 * rule (GDI's ALTERNATE, [MS-WMF] 2.1.1.25) gives for properly nested rings: a ring inside an odd
 * number of others runs against the outer ones.
 */
export function orientForEvenOdd(rings: Array<Array<{ x: number; y: number }>>): Array<Array<{ x: number; y: number }>> {
  if (rings.length < 2 || rings.length > 256) return rings;
  return rings.map((ring, i) => {
    if (ring.length < 3) return ring;
    let depth = 0;
    const p = ring[0]!;
    for (let j = 0; j < rings.length; j++) if (j !== i && inside(rings[j]!, p.x, p.y)) depth++;
    const ccw = signedArea(ring) > 0;
    const wantCcw = depth % 2 === 0;
    return ccw === wantCcw ? ring : [...ring].reverse();
  });
}

function signedArea(ring: ReadonlyArray<{ x: number; y: number }>): number {
  let s = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) s += (ring[j]!.x - ring[i]!.x) * (ring[j]!.y + ring[i]!.y);
  return s;
}

function inside(ring: ReadonlyArray<{ x: number; y: number }>, x: number, y: number): boolean {
  let c = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) c = !c;
  }
  return c;
}
