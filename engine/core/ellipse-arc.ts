/**
 * An arc of an ellipse as cubic Béziers, with the deterministic trigonometry (det-math) so the same
 * input gives the same bytes on every JS engine. Shared by DrawingML and VML geometry (docx) and
 * metafile playback (layout).
 */
import { detCos, detSin } from './det-math';

/** A cubic Bézier segment; it has the shape of the model's `C` path command. */
export interface CubicSegment {
  readonly op: 'C';
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  readonly x: number;
  readonly y: number;
}

/**
 * The arc of the ellipse (centre `cx`, `cy`, radii `rx`, `ry`) from parametric angle `t0` over `sweep`
 * radians (y down: positive turns clockwise on screen), as at most 16 cubic Béziers of a quarter turn
 * or less each.
 */
export function ellipseArcSegments(cx: number, cy: number, rx: number, ry: number, t0: number, sweep: number): CubicSegment[] {
  const segments = Math.max(1, Math.min(16, Math.ceil(Math.abs(sweep) / (Math.PI / 2) - 1e-9)));
  const step = sweep / segments;
  const k = (4 / 3) * (detSin(step / 4) / detCos(step / 4));
  const out: CubicSegment[] = [];
  let a = t0;
  for (let i = 0; i < segments; i++) {
    const b = a + step;
    const [ca, sa, cb, sb] = [detCos(a), detSin(a), detCos(b), detSin(b)];
    out.push({ op: 'C', x1: cx + rx * (ca - k * sa), y1: cy + ry * (sa + k * ca), x2: cx + rx * (cb + k * sb), y2: cy + ry * (sb - k * cb), x: cx + rx * cb, y: cy + ry * sb });
    a = b;
  }
  return out;
}
