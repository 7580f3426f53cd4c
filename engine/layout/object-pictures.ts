/**
 * Pictures (inline, floating or in a group): the image item with its crop, turn and effects
 * (shadow, glow, reflection, soft edge, outline, preset geometry), or an EMF/WMF drawn as vectors.
 */
import type { ImageInline, ImageItem, LayoutItem, MediaItem, PathItem } from '../model';
import type { ItemSink } from './emit/sink';
import { drawMetafile, metafileKind } from './metafile';
import { reflectionItems, softEdgeLayers } from './effects';
import { mayBeTransparent, pictureGlow, pictureOutline, pictureShadow, shapedPicture } from './picture-frame';
import { boxParts, softEdgeGroup, type MaskBudget } from './soft-mask';
import type { ObjectContext } from './objects';

export function drawImage(img: ImageInline, x: number, y: number, sink: ItemSink, ctx: ObjectContext): void {
  const media = ctx.media[img.media];
  if (!media) {
    ctx.warn('layout/missing-image', `The picture ${img.media} is not in the package; an empty frame is drawn.`);
    sink.items.push({ kind: 'rect', x, y, w: img.widthPt, h: img.heightPt, stroke: 'C0C0C0', lineWidth: 0.5 });
    return;
  }
  // Shadow under the picture, outline over it (pic:spPr effects and a:ln), turned with it.
  const rot = img.rotationDeg ?? 0;
  const turn = rot || img.flipH || img.flipV ? turnAbout(x + img.widthPt / 2, y + img.heightPt / 2, rot, img.flipH === true, img.flipV === true) : undefined;
  const metafile = metafileKind(media) !== undefined;
  const seeThrough = metafile || mayBeTransparent(media.data);
  if (img.reflection) {
    // A turned picture's reflection would turn about another point, and a metafile's holds text.
    if (turn || metafile) ctx.warn('layout/picture-effect', `The reflection of the picture ${img.media} is not drawn: it is turned or a metafile.`);
    else sink.items.push(...reflectionItems([pictureItem(img, sink.resources.image(img.media, media, img.adjust), x, y), ...pictureOutline(img, x, y).filter(isPath)], { x, y, w: img.widthPt, h: img.heightPt }, img.reflection));
  }
  if (img.shadow && seeThrough) {
    ctx.warn('layout/picture-shadow', `The shadow of the picture ${img.media} is not drawn: it would follow the picture's see-through pixels.`);
  } else {
    sink.items.push(...pictureShadow(img, x, y, turn, ctx.maskBudget));
  }
  if (img.glow && seeThrough) {
    ctx.warn('layout/picture-effect', `The glow of the picture ${img.media} is not drawn: it would follow the picture's see-through pixels.`);
  } else if (img.glow) {
    sink.items.push(...pictureGlow(img, x, y, turn, ctx.maskBudget));
  }
  if (img.softEdgePt && !metafile) drawSoftPicture(img, img.softEdgePt, sink.resources.image(img.media, media, img.adjust), x, y, sink, turn, ctx.maskBudget);
  else {
    if (img.softEdgePt) ctx.warn('layout/picture-effect', `The soft edge of the picture ${img.media} is not drawn: it is a metafile.`);
    const shaped = img.shapePaths && !metafile ? shapedPicture(img, sink.resources.image(img.media, media, img.adjust), x, y, turn) : undefined;
    if (shaped) sink.items.push(...shaped);
    else {
      drawPicture(img, media, x, y, sink, ctx);
      sink.items.push(...pictureOutline(img, x, y, turn));
    }
  }
}

/**
 * A picture with a soft edge (a:softEdge): its layers, upright and turned with it as one group,
 * with its outline among them (drawn at the edge's outer opacity).
 */
function drawSoftPicture(img: ImageInline, radPt: number, index: number, x: number, y: number, sink: ItemSink, turn?: ReturnType<typeof turnAbout>, budget?: MaskBudget): void {
  const { rotationDeg: _r, flipH: _h, flipV: _v, ...upright } = pictureItem(img, index, x, y);
  const drawn = [upright, ...pictureOutline(img, x, y).filter(isPath)];
  const box = { x, y, w: img.widthPt, h: img.heightPt };
  // The picture (and its line) through a mask of its box faded inward; layers past the mask budget.
  const masked = softEdgeGroup(drawn, boxParts(box), radPt, budget);
  const layers = masked ? [masked] : softEdgeLayers(drawn, box, radPt);
  sink.items.push(...(turn ? [{ kind: 'group' as const, transform: turn, items: layers }] : layers));
}

export const isPath = (i: LayoutItem): i is PathItem => i.kind === 'path';

function drawPicture(img: ImageInline, media: MediaItem, x: number, y: number, sink: ItemSink, ctx: ObjectContext): void {
  if (metafileKind(media) && drawVectorPicture(img, media, x, y, sink, ctx)) {
    if (img.adjust) ctx.warn('layout/picture-effect', `The recolouring of the picture ${img.media} is not drawn: it is a metafile.`);
    return;
  }
  sink.items.push(pictureItem(img, sink.resources.image(img.media, media, img.adjust), x, y));
}

/** The image item of a picture at (x, y): its crop, rotation and flips. */
function pictureItem(img: ImageInline, index: number, x: number, y: number): ImageItem {
  return {
    kind: 'image',
    x,
    y,
    w: img.widthPt,
    h: img.heightPt,
    image: index,
    ...(img.crop ? { crop: img.crop } : {}),
    ...(img.rotationDeg ? { rotationDeg: img.rotationDeg } : {}),
    ...(img.flipH ? { flipH: true } : {}),
    ...(img.flipV ? { flipV: true } : {}),
    ...(img.opacity !== undefined && img.opacity < 1 ? { opacity: img.opacity } : {}),
  };
}

/**
 * Draws an EMF or WMF picture as vectors, clipped to its box: the cropped-away margins (a:srcRect)
 * widen the frame the metafile fills, and rotation and flips turn the whole group as for shapes.
 * False (with a layout/bad-metafile warning) when the picture cannot be read, so the caller keeps
 * the image item and the renderer's own report.
 */
export function drawVectorPicture(img: ImageInline, media: MediaItem, x: number, y: number, sink: ItemSink, ctx: ObjectContext, target = sink.items): boolean {
  const c = img.crop ?? { left: 0, top: 0, right: 0, bottom: 0 };
  const keepW = 1 - c.left - c.right;
  const keepH = 1 - c.top - c.bottom;
  const fullW = keepW > 0.001 ? img.widthPt / keepW : img.widthPt;
  const fullH = keepH > 0.001 ? img.heightPt / keepH : img.heightPt;
  const frame = { x: x - c.left * fullW, y: y - c.top * fullH, w: fullW, h: fullH };
  const drawn = drawMetafile(media, img.media, frame, { sink, ...(ctx.faces ? { faces: ctx.faces } : {}) });
  if (!drawn.ok) {
    ctx.warn('layout/bad-metafile', `The picture ${img.media} could not be drawn as vectors: ${drawn.reason}.`);
    return false;
  }
  if (drawn.stopped) ctx.warn('layout/bad-metafile', `The picture ${img.media} is drawn only in part: ${drawn.stopped}.`);
  if (drawn.notes.size > 0) {
    const list = [...drawn.notes].map(([what, n]) => (n > 1 ? `${what} ×${n}` : what)).join(', ');
    ctx.warn('layout/metafile-approximate', `The picture ${img.media} has records drawn approximately or skipped: ${list}.`);
  }
  const rot = img.rotationDeg ?? 0;
  const clipped: LayoutItem = { kind: 'group', clip: { x, y, w: img.widthPt, h: img.heightPt }, items: drawn.items };
  if (!rot && !img.flipH && !img.flipV) target.push(clipped);
  else target.push({ kind: 'group', transform: turnAbout(x + img.widthPt / 2, y + img.heightPt / 2, rot, img.flipH === true, img.flipV === true), items: [clipped] });
  return true;
}

/** The y-down page matrix that flips, then turns clockwise by `deg`, about (cx, cy). */
export function turnAbout(cx: number, cy: number, deg: number, flipH: boolean, flipV: boolean): [number, number, number, number, number, number] {
  const t = (deg * Math.PI) / 180;
  const cos = Math.cos(t);
  const sin = Math.sin(t);
  const fx = flipH ? -1 : 1;
  const fy = flipV ? -1 : 1;
  // x' = cx + cos·fx·(x − cx) − sin·fy·(y − cy); y' = cy + sin·fx·(x − cx) + cos·fy·(y − cy)
  const a = cos * fx;
  const b = sin * fx;
  const c = -sin * fy;
  const d = cos * fy;
  return [a, b, c, d, cx - a * cx - c * cy, cy - b * cx - d * cy];
}
