/**
 * Path building shared by preset, custom (DrawingML) and VML geometry: command constructors, a
 * quadratic Bézier raised to a cubic, and elliptical arcs as cubic Béziers.
 */
import type { PathCommand } from '../model';
import { degToRad, detAtan2, detCos, detSin } from '../core/det-math';
import { ellipseArcSegments } from '../core/ellipse-arc';

export type Point = readonly [number, number];

export const M = (x: number, y: number): PathCommand => ({ op: 'M', x, y });
export const L = (x: number, y: number): PathCommand => ({ op: 'L', x, y });
export const C = (x1: number, y1: number, x2: number, y2: number, x: number, y: number): PathCommand => ({ op: 'C', x1, y1, x2, y2, x, y });
export const Z: PathCommand = { op: 'Z' };

/** A quadratic Bézier from `from` through control `q` to `to`, as the equivalent cubic. */
export function quadTo(from: Point, q: Point, to: Point): PathCommand {
  const k = 2 / 3;
  return C(from[0] + k * (q[0] - from[0]), from[1] + k * (q[1] - from[1]), to[0] + k * (q[0] - to[0]), to[1] + k * (q[1] - to[1]), to[0], to[1]);
}

/**
 * Appends the arc of the ellipse (centre `cx`, `cy`, radii `rx`, `ry`) from parametric angle `t0` over
 * `sweep` radians (core ellipseArcSegments); returns the end point.
 */
export function ellipseArc(cmds: PathCommand[], cx: number, cy: number, rx: number, ry: number, t0: number, sweep: number): Point {
  const segments = ellipseArcSegments(cx, cy, rx, ry, t0, sweep);
  for (const c of segments) cmds.push(c);
  const end = segments[segments.length - 1]!;
  return [end.x, end.y];
}

/** The parametric angle (radians) of the point of an ellipse seen at angle `deg` from its centre. */
function parametric(rx: number, ry: number, deg: number): number {
  const a = degToRad(deg);
  return detAtan2(rx * detSin(a), ry * detCos(a));
}

/**
 * DrawingML a:arcTo (§20.1.9.3): an arc of the ellipse with radii `rx`, `ry` that passes through the
 * current point at angle `startDeg`, sweeping `sweepDeg` (clockwise when positive, y down). The angles
 * are the angles seen from the ellipse's centre, as the preset guides compute them (cat2/sat2).
 */
export function arcTo(cmds: PathCommand[], from: Point, rx: number, ry: number, startDeg: number, sweepDeg: number): Point {
  if (!(rx > 0) || !(ry > 0) || !Number.isFinite(startDeg) || !Number.isFinite(sweepDeg) || sweepDeg === 0) return from;
  const t0 = parametric(rx, ry, startDeg);
  const cx = from[0] - rx * detCos(t0);
  const cy = from[1] - ry * detSin(t0);
  const turns = Math.min(4, Math.floor(Math.abs(sweepDeg) / 360));
  let d = parametric(rx, ry, startDeg + sweepDeg) - t0;
  if (sweepDeg > 0) d = (d < 0 ? d + 2 * Math.PI : d) + turns * 2 * Math.PI;
  else d = (d > 0 ? d - 2 * Math.PI : d) - turns * 2 * Math.PI;
  if (d === 0) return from;
  return ellipseArc(cmds, cx, cy, rx, ry, t0, d);
}
