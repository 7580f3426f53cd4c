/**
 * A picture's frame: its outer shadow (a:effectLst/a:outerShdw, §20.1.8.49) drawn under it and its
 * outline (pic:spPr/a:ln, §20.1.2.2.24) drawn over it, as Word's picture styles show them. Word
 * centres the line on the picture's edge, but puts a bevelled (3-D) picture's line wholly outside it
 * (measured on its "Simple Frame, White" renders: the whole picture shows inside a 7 pt frame).
 *
 * The shadow is its colour through a soft mask of the picture's silhouette moved and blurred
 * (layout/soft-mask), or past the document's mask budget a few nested rectangles whose stacked
 * opacity steps down the blur's ramp; either way what is under the shadow (a coloured page, text
 * under a float) shows through it as in Word.
 */
import type { ImageInline, LayoutItem, PathCommand, PathItem } from '../model';
import { glowRings } from './effects';
import { blurredPaint, boxParts, glowMask, shadowSigma, type MaskBudget, type MaskPart } from './soft-mask';

/**
 * Whether a picture may have see-through pixels: a PNG with an alpha channel (IHDR colour type 4 or
 * 6) or a tRNS chunk before its image data, or a GIF. Word casts such a picture's shadow from its
 * alpha, which a rectangle cannot draw, so it gets none.
 */
export function mayBeTransparent(data: Uint8Array): boolean {
  const at = (i: number) => data[i] ?? 0;
  if (at(0) === 0x47 && at(1) === 0x49 && at(2) === 0x46) return true; // GIF
  if (at(0) !== 0x89 || at(1) !== 0x50 || at(2) !== 0x4e || at(3) !== 0x47 || data.length < 33) return false;
  if (at(25) === 4 || at(25) === 6) return true;
  // Chunks after the signature: length (4), type (4), data, CRC (4); each step moves forward.
  for (let o = 8; o + 8 <= data.length; ) {
    const len = ((at(o) << 24) | (at(o + 1) << 16) | (at(o + 2) << 8) | at(o + 3)) >>> 0;
    const type = String.fromCharCode(at(o + 4), at(o + 5), at(o + 6), at(o + 7));
    if (type === 'tRNS') return true;
    if (type === 'IDAT' || type === 'IEND') return false;
    o += 12 + len;
  }
  return false;
}

/** An affine page matrix [a b c d e f] (y down). */
type Matrix = readonly [number, number, number, number, number, number];

/** How many steps draw a blurred shadow edge. */
const BLUR_STEPS = 4;

/** A shadow colour as `RRGGBB` (black when it is not one). */
function solid(color: string): string {
  return /^[0-9A-Fa-f]{6}$/.test(color) ? color.toUpperCase() : '000000';
}

function rectPath(x: number, y: number, w: number, h: number): PathCommand[] {
  return [{ op: 'M', x, y }, { op: 'L', x: x + w, y }, { op: 'L', x: x + w, y: y + h }, { op: 'L', x, y: y + h }, { op: 'Z' }];
}

/** A path moved by (dx, dy). */
function movePath(p: readonly PathCommand[], dx: number, dy: number): PathCommand[] {
  return p.map((k): PathCommand => (k.op === 'Z' ? k : k.op === 'C' ? { ...k, x1: k.x1 + dx, y1: k.y1 + dy, x2: k.x2 + dx, y2: k.y2 + dy, x: k.x + dx, y: k.y + dy } : { ...k, x: k.x + dx, y: k.y + dy }));
}

/** How far the drawn outline reaches outside the picture: the shadow's silhouette includes it. */
function outlineReach(img: ImageInline): number {
  if (!img.outline?.color) return 0;
  return img.outlineOutside ? img.outline.widthPt : img.outline.widthPt / 2;
}

/**
 * The items of a picture's outer shadow at (x, y), or none. The silhouette (the picture grown by its
 * outline's outer half) is turned with the picture by `turn`, then moved by the shadow's offset, which
 * does not turn (rotWithShape is not kept). A blur of radius r is a soft mask (sigma r/2); past the
 * mask budget it fades the edge from r outside it to r inside it in BLUR_STEPS bands, each as dark
 * as the ramp at its middle: each nested rectangle's opacity is what takes the ones under it to its
 * band's coverage.
 */
export function pictureShadow(img: ImageInline, x: number, y: number, turn?: Matrix, budget?: MaskBudget): LayoutItem[] {
  const s = img.shadow;
  if (!s || !(s.opacity > 0)) return [];
  const grow = outlineReach(img);
  const r = Math.max(0, s.blurPt);
  // A blur is a soft mask of the silhouette (layout/soft-mask), the nested rectangles past the mask budget.
  const blurred = r > 0 ? blurredPaint(silhouette(img, x, y, grow, turn ? 0 : s.dxPt, turn ? 0 : s.dyPt), solid(s.color), s.opacity, 0, shadowSigma(r), budget) : undefined;
  if (blurred) return turn ? [{ kind: 'group', transform: [turn[0], turn[1], turn[2], turn[3], turn[4] + s.dxPt, turn[5] + s.dyPt], items: [blurred] }] : [blurred];
  const steps = r > 0 ? BLUR_STEPS : 1;
  const band = (2 * r) / steps;
  // Unturned, the offset goes into the coordinates; turned, into the group's translation.
  const ox = turn ? x : x + s.dxPt;
  const oy = turn ? y : y + s.dyPt;
  const items: PathItem[] = [];
  const fill = solid(s.color);
  let under = 0;
  for (let k = 1; k <= steps; k++) {
    const g = grow + r - (k - 1) * band;
    const w = img.widthPt + 2 * g;
    const h = img.heightPt + 2 * g;
    if (w <= 0 || h <= 0) break;
    const coverage = Math.min(1, steps === 1 ? s.opacity : (s.opacity * (2 * k - 1)) / (2 * steps));
    // Over `under` already laid: 1 − (1 − under)(1 − alpha) = coverage.
    const alpha = under >= 1 ? 1 : Math.max(0, Math.min(1, 1 - (1 - coverage) / (1 - under)));
    under = coverage;
    const opacity = Math.round(alpha * 1000) / 1000;
    items.push({ kind: 'path', commands: rectPath(ox - g, oy - g, w, h), fill, ...(opacity < 1 ? { fillOpacity: opacity } : {}) });
  }
  if (!turn || items.length === 0) return items;
  return [{ kind: 'group', transform: [turn[0], turn[1], turn[2], turn[3], turn[4] + s.dxPt, turn[5] + s.dyPt], items }];
}

/**
 * The picture's silhouette at (x, y) moved by (dx, dy), grown by `grow` (its outline's outer reach):
 * its box, or its shape (shapePaths) with the outline's reach stroked round it.
 */
function silhouette(img: ImageInline, x: number, y: number, grow: number, dx: number, dy: number): MaskPart[] {
  if (!img.shapePaths?.length) return boxParts({ x, y, w: img.widthPt, h: img.heightPt }, grow, dx, dy);
  return img.shapePaths.map((p) => ({
    commands: movePath(p, x + dx, y + dy),
    fill: true,
    ...(grow > 0 ? { lineWidth: 2 * grow } : {}),
  }));
}

/**
 * The outline stroked centred on the picture's edge at (x, y), or just outside it (outlineOutside),
 * turned with the picture by `turn`; none when it has no line.
 */
export function pictureOutline(img: ImageInline, x: number, y: number, turn?: Matrix): LayoutItem[] {
  const line = img.outline;
  if (!line?.color || !(line.widthPt > 0)) return [];
  const out = img.outlineOutside ? line.widthPt / 2 : 0;
  const item: PathItem = {
    kind: 'path',
    commands: rectPath(x - out, y - out, img.widthPt + 2 * out, img.heightPt + 2 * out),
    stroke: line.color,
    lineWidth: line.widthPt,
    ...(line.dash ? { dash: line.dash } : {}),
  };
  return turn ? [{ kind: 'group', transform: turn, items: [item] }] : [item];
}

/**
 * A picture's glow (a:effectLst/a:glow): rings around its box and the outer half of its outline,
 * turned with the picture by `turn`; none when it has no glow.
 */
export function pictureGlow(img: ImageInline, x: number, y: number, turn?: Matrix, budget?: MaskBudget): LayoutItem[] {
  if (!img.glow) return [];
  const { growPt, sigmaPt } = glowMask(img.glow.radPt);
  const blurred = blurredPaint(boxParts({ x, y, w: img.widthPt, h: img.heightPt }, outlineReach(img)), img.glow.color, img.glow.opacity, growPt, sigmaPt, budget);
  if (blurred) return turn ? [{ kind: 'group', transform: turn, items: [blurred] }] : [blurred];
  const rings = glowRings(rectPath(x, y, img.widthPt, img.heightPt), img.glow, outlineReach(img));
  return turn && rings.length > 0 ? [{ kind: 'group', transform: turn, items: rings }] : rings;
}

/**
 * A picture shaped by its geometry (ImageInline.shapePaths, e.g. a rounded rectangle): each outline
 * filled with the picture (its crop widening the box the whole image fills), and its line along the
 * outlines rather than the box, turned with the picture by `turn`. A bevelled picture's line lies wholly
 * outside (outlineOutside): stroked twice as wide under the picture, which hides its inner half.
 * Undefined when the picture is see-through (opacity below 1) or cropped to nothing: the caller draws
 * it as a rectangle.
 */
export function shapedPicture(img: ImageInline, image: number, x: number, y: number, turn?: Matrix): LayoutItem[] | undefined {
  const paths = img.shapePaths;
  if (!paths?.length || (img.opacity !== undefined && img.opacity < 1)) return undefined;
  const c = img.crop ?? { left: 0, top: 0, right: 0, bottom: 0 };
  const keptW = 1 - c.left - c.right;
  const keptH = 1 - c.top - c.bottom;
  if (!(keptW > 0.001) || !(keptH > 0.001)) return undefined;
  const w = img.widthPt / keptW;
  const h = img.heightPt / keptH;
  const picture = { image, x: x - c.left * w, y: y - c.top * h, w, h };
  const moved = paths.map((p) => movePath(p, x, y));
  const line = img.outline?.color && img.outline.widthPt > 0 ? img.outline : undefined;
  const stroke = (commands: readonly PathCommand[], widthPt: number): PathItem => ({
    kind: 'path', commands, stroke: line!.color!, lineWidth: widthPt, ...(line!.dash ? { dash: line!.dash } : {}),
  });
  const items: LayoutItem[] = [];
  if (line && img.outlineOutside) for (const p of moved) items.push(stroke(p, 2 * line.widthPt));
  for (const p of moved) items.push({ kind: 'path', commands: p, picture });
  if (line && !img.outlineOutside) for (const p of moved) items.push(stroke(p, line.widthPt));
  return turn ? [{ kind: 'group', transform: turn, items }] : items;
}
