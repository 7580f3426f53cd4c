/**
 * Warped WordArt (VML shape types 137-175, DrawingML a:prstTxWarp, ECMA-376 Part 1 §20.1.9.19 and
 * Annex D presetTextWarpDefinitions): the text, first laid out as one block stretched over the box
 * (word-art.ts), is bent through the shape's guide paths. With two guides every point of a glyph's
 * outline at (u, v) of the box (u across, v down, both 0–1) goes to the point v of the way from the
 * top guide to the bottom guide, each taken at the fraction u of its length, as Word (and
 * LibreOffice's fontwork) map text between the upper and lower curve; with one guide (arches,
 * circles) the text is set along it at its own proportions, its u the fraction of the path's length
 * and its height off the path on the side of the box's centre. The bent glyphs are filled paths;
 * the text stays as invisible text (render mode 3) so that it can still be found and selected.
 */
import type { GlyphRun, LayoutItem, LayoutFont, PathCommand } from '../model';
import { glyphOutline, type OutlineCommand } from '../text';
import { outlinePlacer, SYNTHETIC_BOLD_STROKE as SYNTHETIC_BOLD } from './glyph-place';

type Point = readonly [number, number];
/** Maps a point of the stretched (unwarped) block, in page coordinates, to its warped place. */
export type WarpMap = (x: number, y: number) => Point;

interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** A guide path flattened into points with their running lengths. */
interface Polyline {
  readonly pts: Point[];
  readonly len: number[];
}

/** Segments a cubic guide curve is flattened into. */
const GUIDE_STEPS = 32;
/** Segments each curve of a glyph outline is split into before it is bent. */
const CURVE_STEPS = 8;
/** Glyph edges are split into pieces no longer than this share of the box's width, so straight strokes bend too. */
const EDGE_SHARE = 1 / 96;
/** Most pieces one glyph edge is split into. */
const MAX_EDGE_SPLIT = 16;
/**
 * Most path commands the bent glyphs of one WordArt may take (a hostile font or string cannot make
 * a page unbounded); the runs after that are drawn straight, as before bending.
 */
export const MAX_WARP_COMMANDS = 500_000;

/**
 * The map of a warp with `guides` (in the box's own coordinates) over `box`, for a block whose
 * unscaled width and height are `aspect`; undefined when the guides cannot carry text (no path,
 * or more than two: the multi-line presets, which are not done).
 */
export function warpMapOf(guides: ReadonlyArray<readonly PathCommand[]>, box: Box, aspect: { w: number; h: number }): WarpMap | undefined {
  const lines = guides.map((g) => flatten(g, box)).filter((p): p is Polyline => p !== undefined);
  if (lines.length === 2) return bandMap(lines[0]!, lines[1]!, box);
  if (lines.length === 1 && aspect.w > 0 && aspect.h > 0) return pathMap(lines[0]!, box, aspect);
  return undefined;
}

/** Two guides: the box's (u, v) goes v of the way from the top guide's point at u to the bottom's. */
function bandMap(top: Polyline, bottom: Polyline, box: Box): WarpMap {
  return (x, y) => {
    const u = (x - box.x) / box.w;
    const v = (y - box.y) / box.h;
    const a = pointAt(top, u);
    const b = pointAt(bottom, u);
    return [a.x + v * (b.x - a.x), a.y + v * (b.y - a.y)];
  };
}

/**
 * One guide: the block is set along it, its width the path's length and its height in proportion;
 * it hangs from the path (its top on it) where the text's up points away from the box's centre
 * (an arch over the top), and stands on it otherwise (an arch along the bottom).
 */
function pathMap(path: Polyline, box: Box, aspect: { w: number; h: number }): WarpMap {
  const total = path.len[path.len.length - 1]!;
  // No taller than a quarter of the box's smaller side: half a circle's radius, so that its letters
  // keep apart towards the centre.
  const height = Math.min((total * aspect.h) / aspect.w, Math.min(box.w, box.h) / 4);
  const mid = pointAt(path, 0.5);
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const hangs = mid.ty * (cx - mid.x) - mid.tx * (cy - mid.y) < 0;
  return (x, y) => {
    const p = pointAt(path, (x - box.x) / box.w);
    const v = (y - box.y) / box.h;
    // The text's up, the tangent turned a quarter counter-clockwise on the page (y down).
    const off = hangs ? -v * height : (1 - v) * height;
    return [p.x + p.ty * off, p.y - p.tx * off];
  };
}

/** A guide path in page coordinates as points; undefined when it has no length. */
function flatten(cmds: readonly PathCommand[], box: Box): Polyline | undefined {
  const pts: Point[] = [];
  let cur: Point = [0, 0];
  for (const c of cmds) {
    if (c.op === 'M' || c.op === 'L') {
      cur = [box.x + c.x, box.y + c.y];
      if (c.op === 'L' || pts.length === 0) pts.push(cur);
    } else if (c.op === 'C') {
      const [x0, y0] = cur;
      for (let i = 1; i <= GUIDE_STEPS; i++) pts.push(cubic(x0, y0, box.x + c.x1, box.y + c.y1, box.x + c.x2, box.y + c.y2, box.x + c.x, box.y + c.y, i / GUIDE_STEPS));
      cur = pts[pts.length - 1]!;
    }
  }
  if (pts.length < 2) return undefined;
  const len = [0];
  for (let i = 1; i < pts.length; i++) len.push(len[i - 1]! + Math.hypot(pts[i]![0] - pts[i - 1]![0], pts[i]![1] - pts[i - 1]![1]));
  return len[len.length - 1]! > 0 ? { pts, len } : undefined;
}

function cubic(x0: number, y0: number, x1: number, y1: number, x2: number, y2: number, x3: number, y3: number, t: number): Point {
  const s = 1 - t;
  const a = s * s * s;
  const b = 3 * s * s * t;
  const c = 3 * s * t * t;
  const d = t * t * t;
  return [a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3];
}

/**
 * The point at fraction `f` of a polyline's length, with its unit tangent; past an end (ink beyond
 * the first or last advance) the end segment goes on straight.
 */
function pointAt(p: Polyline, f: number): { x: number; y: number; tx: number; ty: number } {
  const total = p.len[p.len.length - 1]!;
  const at = (Number.isFinite(f) ? f : 0) * total;
  let lo = 0;
  let hi = p.len.length - 1;
  if (at <= 0) hi = 1;
  else if (at >= total) lo = hi - 1;
  while (hi - lo > 1) {
    const m = (lo + hi) >> 1;
    if (p.len[m]! <= at) lo = m;
    else hi = m;
  }
  const a = p.pts[lo]!;
  const b = p.pts[hi]!;
  const seg = p.len[hi]! - p.len[lo]!;
  const k = seg > 0 ? (at - p.len[lo]!) / seg : 0;
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const d = Math.hypot(dx, dy) || 1;
  return { x: a[0] + k * dx, y: a[1] + k * dy, tx: dx / d, ty: dy / d };
}

/** Paint of the bent glyphs: the WordArt's fill (unless fully transparent) and outline. */
export interface WarpPaint {
  readonly fill: string;
  readonly fillOpacity?: number;
  readonly outline?: { readonly color: string; readonly widthPt: number };
}

/**
 * Draws a stretched run bent by `map`: its glyph outlines as one filled path (nothing when the font's
 * outlines cannot be read) and the run itself as invisible text. `boxW` sizes the edge splitting;
 * `budget.left` counts down the path commands a WordArt may still take: once it is spent, the run
 * is drawn straight, as it is.
 */
export function warpRun(
  run: GlyphRun, font: LayoutFont | undefined, map: WarpMap, paint: WarpPaint, boxW: number, target: LayoutItem[], budget = { left: MAX_WARP_COMMANDS },
): void {
  if (budget.left <= 0) {
    target.push(run);
    return;
  }
  const commands: PathCommand[] = [];
  if (font) {
    // Placed as the renderers draw the run's text (a synthetic italic slanted as theirs).
    const place = outlinePlacer(run.sizePt, run.scalePct, font);
    const edge = Math.max(0.01, boxW * EDGE_SHARE);
    let pen = run.x;
    run.glyphs.forEach((g, i) => {
      const outline = glyphOutline(font.data, g);
      if (outline) {
        const origin = pen;
        bend(outline, (gx, gy) => place(origin, run.y, gx, gy), map, edge, commands);
      }
      pen += run.advances[i] ?? 0;
    });
  }
  budget.left -= commands.length;
  const filled = paint.fillOpacity !== 0;
  // A synthetic bold is stroked with a hairline of 3 % of the size in the fill's colour, as its text would be.
  const stroke = paint.outline ?? (font?.syntheticBold && filled ? { color: paint.fill, widthPt: run.sizePt * SYNTHETIC_BOLD } : undefined);
  if (commands.length > 0 && (filled || stroke)) {
    target.push({
      kind: 'path', commands,
      ...(filled ? { fill: paint.fill } : {}),
      ...(paint.fillOpacity !== undefined && paint.fillOpacity > 0 && paint.fillOpacity < 1 ? { fillOpacity: paint.fillOpacity } : {}),
      ...(stroke ? { stroke: stroke.color, lineWidth: stroke.widthPt + (paint.outline && font?.syntheticBold ? run.sizePt * SYNTHETIC_BOLD : 0) } : {}),
    });
  }
  const { fillOpacity: _f, outline: _o, ...plain } = run;
  target.push({ ...plain, invisible: true });
}

/** Appends an outline's contours bent by `map`, curves and long edges split into short lines. */
function bend(outline: readonly OutlineCommand[], place: (x: number, y: number) => Point, map: WarpMap, edge: number, out: PathCommand[]): void {
  let cur: Point = [0, 0];
  let start: Point = [0, 0];
  const lineTo = (to: Point) => {
    const n = Math.min(MAX_EDGE_SPLIT, Math.max(1, Math.ceil(Math.hypot(to[0] - cur[0], to[1] - cur[1]) / edge)));
    for (let i = 1; i <= n; i++) {
      const [x, y] = map(cur[0] + ((to[0] - cur[0]) * i) / n, cur[1] + ((to[1] - cur[1]) * i) / n);
      out.push({ op: 'L', x, y });
    }
    cur = to;
  };
  for (const c of outline) {
    if (c.op === 'M') {
      cur = start = place(c.x, c.y);
      const [x, y] = map(cur[0], cur[1]);
      out.push({ op: 'M', x, y });
    } else if (c.op === 'L') lineTo(place(c.x, c.y));
    else if (c.op === 'Q' || c.op === 'C') {
      const [x0, y0] = cur;
      const p1 = place(c.x1, c.y1);
      const p2 = c.op === 'C' ? place(c.x2, c.y2) : p1;
      const p3 = place(c.x, c.y);
      for (let i = 1; i <= CURVE_STEPS; i++) {
        const t = i / CURVE_STEPS;
        const p: Point = c.op === 'C' ? cubic(x0, y0, p1[0], p1[1], p2[0], p2[1], p3[0], p3[1], t) : quad(x0, y0, p1[0], p1[1], p3[0], p3[1], t);
        const [x, y] = map(p[0], p[1]);
        out.push({ op: 'L', x, y });
        cur = p;
      }
      cur = p3;
    } else if (c.op === 'Z') {
      if (cur[0] !== start[0] || cur[1] !== start[1]) lineTo(start);
      out.push({ op: 'Z' });
      cur = start;
    }
  }
}

function quad(x0: number, y0: number, x1: number, y1: number, x2: number, y2: number, t: number): Point {
  const s = 1 - t;
  return [s * s * x0 + 2 * s * t * x1 + t * t * x2, s * s * y0 + 2 * s * t * y1 + t * t * y2];
}
