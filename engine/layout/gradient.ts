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
 * (`rect` and `shape`: see gradientShadings). `recolor` maps each stop's colour (darken…
 * path paints). Undefined when the box is empty.
 */
export function gradientShading(g: GradientFill, box: ShadingBox, rotationDeg: number, recolor?: (c: Color) => Color | undefined): PathShading | undefined {
  if (!(box.w > 0 && box.h > 0) || g.stops.length < 2) return undefined;
  const stops: GradientStop[] = g.stops.map((s) => ({ pos: s.pos, color: recolor?.(s.color) ?? s.color }));
  const shading = g.kind === 'linear' ? { kind: 'axial' as const, coords: linearCoords(g, box, rotationDeg), stops } : pathShading(g, box, stops);
  // A box or angle beyond numbers (hostile sizes) leaves the flat fill.
  return shading.coords.every(Number.isFinite) ? shading : undefined;
}

/**
 * The shadings that paint gradient `g` over `box`: one, or for a rectangular path gradient
 * (a:path path="rect", VML gradientRadial; `shape` too, its outline taken as the box) one per side:
 * each side's face, between the box's edge and the focus rectangle's (joined corner to corner),
 * blends across from the focus (position 0) to that edge (position 1), so the blend's lines are
 * rectangles; the top face also takes in the focus rectangle, where the blend holds its first colour.
 */
export function gradientShadings(g: GradientFill, box: ShadingBox, rotationDeg: number, recolor?: (c: Color) => Color | undefined): PathShading[] {
  const one = gradientShading(g, box, rotationDeg, recolor);
  if (!one || (g.kind !== 'rect' && g.kind !== 'shape')) return one ? [one] : [];
  const f = g.focus ?? { l: 0.5, t: 0.5, r: 0.5, b: 0.5 };
  const x0 = box.x;
  const y0 = box.y;
  const x1 = box.x + box.w;
  const y1 = box.y + box.h;
  const fx0 = round(x0 + box.w * Math.min(f.l, 1 - f.r));
  const fx1 = round(x0 + box.w * Math.max(f.l, 1 - f.r));
  const fy0 = round(y0 + box.h * Math.min(f.t, 1 - f.b));
  const fy1 = round(y0 + box.h * Math.max(f.t, 1 - f.b));
  const poly = (pts: number[]): PathCommand[] => [
    ...pts.reduce<PathCommand[]>((out, _, i) => (i % 2 ? out : [...out, { op: i ? 'L' : 'M', x: round(pts[i]!), y: round(pts[i + 1]!) }]), []),
    { op: 'Z' },
  ];
  // Each face blends outwards from the focus by its depth; a face squeezed to nothing (the focus on
  // the box's edge) by a point, so the focus rectangle the top face takes in still gets the first colour.
  const face = (sx: number, sy: number, dx: number, dy: number, depth: number, clip: PathCommand[]): PathShading => {
    const d = Math.max(depth, 1);
    return { kind: 'axial', coords: [sx, sy, sx + dx * d, sy + dy * d].map(round), stops: one.stops, clip };
  };
  const cx = (fx0 + fx1) / 2;
  const cy = (fy0 + fy1) / 2;
  // The left and right faces are painted as whole halves and the top and bottom ones over them, so
  // no seam of background shows where faces meet (anti-aliased clip edges would let it through).
  return [
    face(fx0, cy, -1, 0, fx0 - x0, poly([x0, y0, cx, y0, cx, y1, x0, y1])),
    face(fx1, cy, 1, 0, x1 - fx1, poly([cx, y0, x1, y0, x1, y1, cx, y1])),
    face(cx, fy0, 0, -1, fy0 - y0, poly([x0, y0, x1, y0, fx1, fy0, fx1, fy1, fx0, fy1, fx0, fy0])),
    face(cx, fy1, 0, 1, y1 - fy1, poly([x1, y1, x0, y1, fx0, fy1, fx1, fy1])),
  ];
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
  const shadings = fill && gradient ? gradientShadings(gradient, box, 0) : [];
  if (shadings.length === 0) return { kind: 'rect', ...box, ...(fill ? { fill } : {}), ...outline };
  const { x, y, w, h } = box;
  const commands: PathCommand[] = [{ op: 'M', x, y }, { op: 'L', x: x + w, y }, { op: 'L', x: x + w, y: y + h }, { op: 'L', x, y: y + h }, { op: 'Z' }];
  const items = shadedPath(commands, fill!, shadings, outline);
  return items.length === 1 ? items[0]! : { kind: 'group', items };
}

/** The path items that paint one path with its shadings (one per face), the last also stroking it. */
export function shadedPath(commands: readonly PathCommand[], fill: Color, shadings: readonly PathShading[], outline: { stroke?: Color; lineWidth?: number; dash?: readonly number[] }): LayoutItem[] {
  if (shadings.length === 0) return [{ kind: 'path', commands, fill, ...outline }];
  return shadings.map((shading, i) => ({ kind: 'path', commands, fill, shading, ...(i === shadings.length - 1 ? outline : {}) }));
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
