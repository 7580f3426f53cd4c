/**
 * Gradient fills placed on the page: a shape's GradientFill and its box → the PathShading its path
 * items carry. A turned or flipped shape is drawn upright inside a transformed group (objects.ts), so
 * the shading is laid out on the upright box and turns with it, as DrawingML's rotWithShape asks;
 * a gradient that must not turn (rotWithShape="0") is turned back by the shape's rotation.
 */
import type { Color, GradientFill, GradientStop, LayoutItem, PathCommand, PathShading } from '../model';

/** A box in page coordinates (y down). */
export interface ShadingBox {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** Coordinates to a thousandth of a point (0 for −0), so the last bit of cos/sin cannot differ between engines. */
const round = (v: number) => Math.round(v * 1000) / 1000 + 0;
/** cos and sin to nine decimals: exact zeros and ones at multiples of 90°. */
const trig = (v: number) => Math.round(v * 1e9) / 1e9 + 0;

/**
 * The shading of gradient `g` over `box`. Linear: the axis runs through the box's centre along the
 * angle, from the line through the first corner the gradient reaches to the line through the last
 * (a:lin, §20.1.8.41; with `scaled` the angle is taken in the unit square and stretched to the box,
 * so the blend lines are those of the square, stretched). Path gradients (§20.1.8.46): a radial
 * blend from the focus rectangle's centre to a circle through the farthest corner of the box
 * (`rect` and `shape` are drawn as circles too). `recolor` maps each stop's colour (darken…
 * path paints). Undefined when the box is empty.
 */
export function gradientShading(g: GradientFill, box: ShadingBox, rotationDeg: number, recolor?: (c: Color) => Color | undefined): PathShading | undefined {
  if (!(box.w > 0 && box.h > 0) || g.stops.length < 2) return undefined;
  const stops: GradientStop[] = g.stops.map((s) => ({ pos: s.pos, color: recolor?.(s.color) ?? s.color }));
  const shading = g.kind === 'linear' ? { kind: 'axial' as const, coords: linearCoords(g, box, rotationDeg), stops } : pathShading(g, box, stops);
  // A box or angle beyond numbers (hostile sizes) leaves the flat fill.
  return shading.coords.every(Number.isFinite) ? shading : undefined;
}

/** A path gradient as a radial shading from the focus rectangle's centre to the farthest corner. */
function pathShading(g: GradientFill, box: ShadingBox, stops: GradientStop[]): PathShading {
  const f = g.focus ?? { l: 0.5, t: 0.5, r: 0.5, b: 0.5 };
  const cx = box.x + box.w * (f.l + (1 - f.l - f.r) / 2);
  const cy = box.y + box.h * (f.t + (1 - f.t - f.b) / 2);
  const dx = Math.max(cx - box.x, box.x + box.w - cx);
  const dy = Math.max(cy - box.y, box.y + box.h - cy);
  const r = Math.sqrt(dx * dx + dy * dy);
  return { kind: 'radial', coords: [round(cx), round(cy), 0, round(cx), round(cy), round(r)], stops };
}

/** The axial shading's start and end points of a linear gradient over `box`. */
function linearCoords(g: GradientFill, box: ShadingBox, rotationDeg: number): number[] {
  const deg = g.angleDeg - (g.rotWithShape ? 0 : rotationDeg);
  const rad = (deg * Math.PI) / 180;
  const cos = trig(Math.cos(rad));
  const sin = trig(Math.sin(rad));
  // The blend's gradient vector in page space: the unit square's direction mapped back through the stretch when scaled.
  const gx = g.scaled ? cos / box.w : cos;
  const gy = g.scaled ? sin / box.h : sin;
  // Half the blend's extent: how far along the gradient the farthest corner lies from the centre.
  const m = (box.w / 2) * Math.abs(gx) + (box.h / 2) * Math.abs(gy);
  const gg = gx * gx + gy * gy;
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const ex = (m * gx) / gg;
  const ey = (m * gy) / gg;
  return [round(cx - ex), round(cy - ey), round(cx + ex), round(cy + ey)];
}

/**
 * A filled box: a rect item, or, when `gradient` gives a shading over the box, the box as a path
 * item carrying it (chart bars and backgrounds). `stroke` outlines it either way.
 */
export function filledBox(box: ShadingBox, fill: Color | undefined, gradient: GradientFill | undefined, stroke?: { color: Color; widthPt: number }): LayoutItem {
  const outline = stroke ? { stroke: stroke.color, lineWidth: stroke.widthPt } : {};
  const shading = fill && gradient ? gradientShading(gradient, box, 0) : undefined;
  if (!shading) return { kind: 'rect', ...box, ...(fill ? { fill } : {}), ...outline };
  const { x, y, w, h } = box;
  const commands: PathCommand[] = [{ op: 'M', x, y }, { op: 'L', x: x + w, y }, { op: 'L', x: x + w, y: y + h }, { op: 'L', x, y: y + h }, { op: 'Z' }];
  return { kind: 'path', commands, fill: fill!, shading, ...outline };
}

/** The bounding box of path commands' end and control points (empty at the origin when there are none). */
export function commandsBox(commands: readonly PathCommand[]): ShadingBox {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const c of commands) {
    if (c.op === 'Z') continue;
    const xs = c.op === 'C' ? [c.x1, c.x2, c.x] : [c.x];
    const ys = c.op === 'C' ? [c.y1, c.y2, c.y] : [c.y];
    for (const x of xs) (x0 = Math.min(x0, x)), (x1 = Math.max(x1, x));
    for (const y of ys) (y0 = Math.min(y0, y)), (y1 = Math.max(y1, y));
  }
  return x0 <= x1 && y0 <= y1 ? { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } : { x: 0, y: 0, w: 0, h: 0 };
}
