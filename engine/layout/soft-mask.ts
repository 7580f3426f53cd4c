/**
 * Blurred effects as soft masks (LayoutDoc SoftMask, rasterised alike by both renderers): an outer
 * shadow's blur (a:outerShdw blurRad, ECMA-376 Part 1 §20.1.8.49), a glow (a:glow, §20.1.8.32) and
 * a soft edge (a:softEdge, §20.1.8.53). Each is a group whose items show through the mask of the
 * object's silhouette: a shadow is its colour over the silhouette moved and blurred, a glow its
 * colour over the silhouette grown by half the radius and blurred over the other half (so it fades
 * to nothing about the radius out), and a soft edge the object itself through its silhouette shrunk
 * by half the radius and blurred over the other half (so it fades to nothing at its edge).
 *
 * A Gaussian's sigma is half the width its edge ramps over (blurRad for a shadow: the ramp runs
 * from blurRad outside the silhouette's edge to blurRad inside it, as a CSS box-shadow's blur). The
 * grid takes about 3 pixels a sigma, at most 4 a point and MAX_MASK_PIXELS in all, and a document's
 * masks share a budget of pixels (LayoutBudget.masksDrawn); past it the callers draw their vector
 * approximations instead.
 */
import { softMaskGrid } from '../image';
import type { Color, GroupItem, PathCommand, PathItem, SoftMask } from '../model';
import type { EffectBox as Box } from './effects';

/** Most pixels one mask is rasterised with (a 1000 × 1000 grid). */
export const MAX_MASK_PIXELS = 1_000_000;

/** A silhouette part: an outline filled, stroked, or both (SoftMask.shapes). */
export type MaskPart = SoftMask['shapes'][number];

/** Whether a mask costing `pixels` (its grid's pixels times its scans) may be drawn: the document's mask budget (LayoutBudget.masksDrawn). */
export type MaskBudget = (pixels: number) => boolean;


const round3 = (v: number) => Math.round(v * 1000) / 1000 + 0;

/** The box of a silhouette: its points (curve control points included) and its strokes' halves. */
export function partsBox(parts: readonly MaskPart[]): Box | undefined {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const p of parts) {
    const half = (p.lineWidth ?? 0) / 2;
    const add = (x: number, y: number) => {
      x0 = Math.min(x0, x - half), y0 = Math.min(y0, y - half), x1 = Math.max(x1, x + half), y1 = Math.max(y1, y + half);
    };
    for (const c of p.commands) {
      if (c.op === 'Z') continue;
      if (c.op === 'C') add(c.x1, c.y1), add(c.x2, c.y2);
      add(c.x, c.y);
    }
  }
  return [x0, y0, x1, y1].every(Number.isFinite) && x1 >= x0 && y1 >= y0 ? { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } : undefined;
}

/**
 * How many times a silhouette is scanned over its grid: once for each part's fill and once for its
 * stroke (image/soft-mask rasterizeSoftMask), at least once (the blur passes).
 */
export function maskScans(parts: readonly MaskPart[]): number {
  let n = 0;
  for (const p of parts) n += (p.fill ? 1 : 0) + ((p.lineWidth ?? 0) > 0 ? 1 : 0);
  return Math.max(1, n);
}

/**
 * A soft mask of `parts` grown by growPt and blurred with sigmaPt, or undefined past the budget or
 * with nothing in it. The budget is charged the grid's pixels once a scan, so a silhouette of many
 * filled and stroked parts costs what rasterising it does.
 */
function softMask(parts: readonly MaskPart[], growPt: number, sigmaPt: number, budget?: MaskBudget): SoftMask | undefined {
  const box = partsBox(parts);
  if (!box || !(box.w + box.h > 0)) return undefined;
  const g = softMaskGrid(box, Math.max(0, growPt) + 3 * sigmaPt, sigmaPt, MAX_MASK_PIXELS);
  if (budget && !budget(g.cols * g.rows * maskScans(parts))) return undefined;
  const grid = { x: round3(g.x), y: round3(g.y), w: round3(g.w), h: round3(g.h), cols: g.cols, rows: g.rows };
  return { shapes: parts, grid, growPt: round3(growPt), sigmaPt: round3(sigmaPt) };
}

function rect(b: Box): PathCommand[] {
  return [{ op: 'M', x: b.x, y: b.y }, { op: 'L', x: b.x + b.w, y: b.y }, { op: 'L', x: b.x + b.w, y: b.y + b.h }, { op: 'L', x: b.x, y: b.y + b.h }, { op: 'Z' }];
}

/**
 * The colour `color` at `opacity` through the mask of `parts` grown by growPt and blurred with
 * sigmaPt: a blurred shadow or a glow. Undefined past the budget (the caller draws it otherwise).
 */
export function blurredPaint(parts: readonly MaskPart[], color: Color, opacity: number, growPt: number, sigmaPt: number, budget?: MaskBudget): GroupItem | undefined {
  if (!(opacity > 0)) return undefined;
  const mask = softMask(parts, growPt, sigmaPt, budget);
  if (!mask) return undefined;
  const a = round3(Math.min(1, opacity));
  const paint: PathItem = { kind: 'path', commands: rect(mask.grid), fill: color, ...(a < 1 ? { fillOpacity: a } : {}) };
  return { kind: 'group', softMask: mask, items: [paint] };
}

/** A shadow's blur: the Gaussian whose edge ramps from blurPt outside the silhouette to blurPt inside. */
export const shadowSigma = (blurPt: number) => blurPt / 2;

/** A glow of radius radPt: the silhouette grown by half of it, blurred over the other half. */
export function glowMask(radPt: number): { growPt: number; sigmaPt: number } {
  return { growPt: radPt / 2, sigmaPt: radPt / 4 };
}

/**
 * `items` seen through a soft edge of radPt (a:softEdge) of the silhouette `parts`: shrunk by half
 * the radius and blurred over the other half. Undefined past the budget.
 */
export function softEdgeGroup(items: GroupItem['items'], parts: readonly MaskPart[], radPt: number, budget?: MaskBudget): GroupItem | undefined {
  const mask = softMask(parts, -radPt / 2, radPt / 4, budget);
  return mask ? { kind: 'group', softMask: mask, items } : undefined;
}

/** The silhouette of paths: each filled where it is filled (flat, shaded or with a picture), stroked where stroked. */
export function pathParts(paths: readonly PathItem[], dx = 0, dy = 0): MaskPart[] {
  const out: MaskPart[] = [];
  for (const p of paths) {
    const fill = p.fill !== undefined || p.picture !== undefined || p.shading !== undefined;
    const lineWidth = p.stroke ? (p.lineWidth ?? 1) : 0;
    if (!fill && !(lineWidth > 0)) continue;
    const commands = dx === 0 && dy === 0 ? p.commands : p.commands.map((c): PathCommand =>
      c.op === 'Z' ? c : c.op === 'C' ? { ...c, x1: c.x1 + dx, y1: c.y1 + dy, x2: c.x2 + dx, y2: c.y2 + dy, x: c.x + dx, y: c.y + dy } : { ...c, x: c.x + dx, y: c.y + dy },
    );
    out.push({ commands, ...(fill ? { fill } : {}), ...(lineWidth > 0 ? { lineWidth } : {}) });
  }
  return out;
}

/** The silhouette of a box (a picture's, grown by growPt), moved by (dx, dy). */
export function boxParts(b: Box, growPt = 0, dx = 0, dy = 0): MaskPart[] {
  return [{ commands: rect({ x: b.x - growPt + dx, y: b.y - growPt + dy, w: b.w + 2 * growPt, h: b.h + 2 * growPt }), fill: true }];
}
