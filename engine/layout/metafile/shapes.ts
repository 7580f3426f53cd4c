/**
 * Drawing calls shared by the WMF and EMF interpreters: point lists to polylines, polygons and
 * Béziers, the box primitives (rectangle, ellipse, rounded rectangle, arc, chord, pie) and the
 * mapping mode matrix ([MS-WMF] 2.1.1.16 MapMode) of a device context.
 */
import type { PathCommand } from '../../model';
import type { MetafileCanvas } from './canvas';
import type { DcState } from './dc-state';
import { arcPath, ellipsePath, rectPath, roundRectPath, type ArcKind, type Matrix } from './geometry';

/** A point in logical units. */
export interface Pt {
  readonly x: number;
  readonly y: number;
}

/** Lines through the points (Polyline). */
export function polyline(cv: MetafileCanvas, pts: readonly Pt[]): void {
  if (pts.length < 2) return;
  const cmds: PathCommand[] = pts.map((p, i) => ({ op: i === 0 ? 'M' : 'L', x: p.x, y: p.y }));
  cv.shape(cmds, false);
}

/** Lines from the current position through the points (PolylineTo); the last point becomes current. */
export function polylineTo(cv: MetafileCanvas, pts: readonly Pt[]): void {
  cv.lineFromCurrent(pts.map((p) => ({ op: 'L', x: p.x, y: p.y })));
}

/** Cubic Béziers: a start point, then three points per segment (PolyBezier). */
export function polyBezier(cv: MetafileCanvas, pts: readonly Pt[]): void {
  if (pts.length < 4) return;
  cv.shape([{ op: 'M', x: pts[0]!.x, y: pts[0]!.y }, ...bezierSegments(pts, 1)], false);
}

/** Cubic Béziers from the current position, three points per segment (PolyBezierTo). */
export function polyBezierTo(cv: MetafileCanvas, pts: readonly Pt[]): void {
  cv.lineFromCurrent(bezierSegments(pts, 0));
}

function bezierSegments(pts: readonly Pt[], from: number): PathCommand[] {
  const out: PathCommand[] = [];
  for (let i = from; i + 2 < pts.length; i += 3) {
    const a = pts[i]!;
    const b = pts[i + 1]!;
    const c = pts[i + 2]!;
    out.push({ op: 'C', x1: a.x, y1: a.y, x2: b.x, y2: b.y, x: c.x, y: c.y });
  }
  return out;
}

/** A box primitive: Rectangle, Ellipse or RoundRect (corner ellipse `ew` × `eh`). */
export function box(cv: MetafileCanvas, kind: 'rect' | 'ellipse' | 'round', l: number, t: number, r: number, b: number, ew = 0, eh = 0): void {
  if (l === r || t === b) return;
  const cmds = kind === 'rect' ? rectPath(l, t, r, b) : kind === 'ellipse' ? ellipsePath(l, t, r, b) : roundRectPath(l, t, r, b, ew, eh);
  cv.shape(cmds, true);
}

/** Arc, Chord and Pie: `pts` holds the box (l, t, r, b) then the start and end radial points. */
export function arc(cv: MetafileCanvas, kind: ArcKind, v: readonly number[], to = false): void {
  const [l, t, r, b, xs, ys, xe, ye] = v as [number, number, number, number, number, number, number, number];
  const cmds = arcPath(kind, l, t, r, b, xs, ys, xe, ye, cv.state.arcClockwise, cv.mirrored());
  if (cmds.length === 0) return;
  if (to) {
    // ArcTo: a line from the current position to the arc's start, then the arc.
    const start = cmds[0] as { x: number; y: number };
    cv.lineFromCurrent([{ op: 'L', x: start.x, y: start.y }, ...cmds.slice(1)]);
    return;
  }
  cv.shape(cmds, kind !== 'arc');
}

/** Millimetres per logical unit of the fixed mapping modes (MM_LOMETRIC .. MM_TWIPS). */
const FIXED_MM: Record<number, number> = { 2: 0.1, 3: 0.01, 4: 0.254, 5: 0.0254, 6: 25.4 / 1440 };

/**
 * The page-space → device matrix of a state's mapping mode: MM_TEXT moves by the origins, the
 * fixed modes scale to millimetres (y up) at `pxPerMm` device pixels, MM_ISOTROPIC and
 * MM_ANISOTROPIC map the window onto the viewport.
 */
export function mappingMatrix(s: DcState, pxPerMm: Pt): Matrix {
  const mm = FIXED_MM[s.mapMode];
  let sx = 1;
  let sy = 1;
  if (mm !== undefined) {
    sx = mm * pxPerMm.x;
    sy = -mm * pxPerMm.y;
  } else if (s.mapMode === 7 || s.mapMode === 8) {
    sx = s.winExt.x !== 0 ? s.vpExt.x / s.winExt.x : 1;
    sy = s.winExt.y !== 0 ? s.vpExt.y / s.winExt.y : 1;
    if (s.mapMode === 7) {
      const k = Math.min(Math.abs(sx), Math.abs(sy));
      sx = sx < 0 ? -k : k;
      sy = sy < 0 ? -k : k;
    }
  }
  return [sx, 0, 0, sy, s.vpOrg.x - s.winOrg.x * sx, s.vpOrg.y - s.winOrg.y * sy];
}
