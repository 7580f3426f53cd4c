/**
 * Objects: inline and floating pictures, shapes (with their text boxes) and charts.
 *
 * Floating objects (wp:anchor) are positioned from their anchor (§20.4.2.10 positionH, §20.4.2.11
 * positionV) relative to the page, margin, column or paragraph. Text does not yet flow around them
 * (a counted warning says so); their own content — pictures, text box text — is always drawn.
 */
import type { FloatAnchor, ImageInline, ImageItem, LayoutItem, MediaItem, OuterShadow, PathItem, PathPaint, PictureFill, ShapeInline } from '../model';
import { mapChannels } from '../core';
import { CollectingSink, drawTransformed, layerSink, type ItemSink, type SinkPage } from './emit/sink';
import type { FaceResolver } from './faces';
import { gradientShadings, shadedPath } from './gradient';
import { drawMetafile, metafileKind } from './metafile';
import { glowRings, reflectionItems, softEdgeLayers } from './effects';
import { mayBeTransparent, pictureGlow, pictureOutline, pictureShadow, shapedPicture } from './picture-frame';
import type { ObjectInline } from './inline/itemize';
import type { Story } from './blocks';
import { drawWordArt } from './word-art';
import { pathPicture } from './picture-fill';
import { blurredPaint, boxParts, glowMask, pathParts, shadowSigma, softEdgeGroup, type MaskBudget } from './soft-mask';

/** Page geometry floats are positioned against (the sink's, which places them). */
export type PageGeometry = SinkPage;

/** A page's geometry for placing floats: its size and the margins of its body area. */
export function pageGeometry(frame: { widthPt: number; heightPt: number; bodyTop: number; bodyBottom: number }, area: { left: number; right: number }): PageGeometry {
  return {
    widthPt: frame.widthPt,
    heightPt: frame.heightPt,
    marginLeft: area.left,
    marginRight: frame.widthPt - area.right,
    marginTop: frame.bodyTop,
    marginBottom: frame.heightPt - frame.bodyBottom,
  };
}

/** What object drawing needs from the document. */
export interface ObjectContext {
  readonly media: Readonly<Record<string, MediaItem>>;
  /** Lays out text box content. */
  layoutBox(blocks: NonNullable<ShapeInline['text']>['blocks'], widthPt: number): Story;
  /** Draws a chart into a box. */
  drawChart(chartKey: string, x: number, y: number, w: number, h: number, sink: ItemSink): void;
  /** Counts something the engine does not fully support yet. */
  warn(code: string, message: string): void;
  /** Faces for the text of metafile pictures (drawn without text when absent). */
  readonly faces?: FaceResolver;
  /** Whether a soft mask of so many pixels may be drawn (the document's mask budget); absent, any may. */
  readonly maskBudget?: MaskBudget;
}

/** Draws an object with its top-left corner at (x, y). */
export function drawObject(inline: ObjectInline, x: number, y: number, sink: ItemSink, ctx: ObjectContext): void {
  if (inline.kind === 'image') drawImage(inline, x, y, sink, ctx);
  else if (inline.kind === 'shape') drawShape(inline, x, y, sink, ctx);
  else if (inline.kind === 'chart') ctx.drawChart(inline.chart, x, y, inline.widthPt, inline.heightPt, sink);
}

function drawImage(img: ImageInline, x: number, y: number, sink: ItemSink, ctx: ObjectContext): void {
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

const isPath = (i: LayoutItem): i is PathItem => i.kind === 'path';

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
function drawVectorPicture(img: ImageInline, media: MediaItem, x: number, y: number, sink: ItemSink, ctx: ObjectContext, target = sink.items): boolean {
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

/**
 * Draws a shape; a rotated or flipped one (a:xfrm rot/flipH/flipV, VML rotation/flip) is drawn upright
 * and wrapped in a group turned about the shape's centre. Its text turns with the rotation but is
 * never mirrored, as in Word: a horizontal flip leaves it as it is and a vertical flip turns it
 * half round (DrawingML); upright text (a:bodyPr upright, VML text boxes) does not turn at all.
 */
function drawShape(shape: ShapeInline, x: number, y: number, sink: ItemSink, ctx: ObjectContext): void {
  const rot = shape.rotationDeg ?? 0;
  if (!rot && !shape.flipH && !shape.flipV) drawUpright(shape, x, y, sink, ctx);
  else drawTurned(sink, turnAbout(x + shape.widthPt / 2, y + shape.heightPt / 2, rot, shape.flipH === true, shape.flipV === true), (sub) => drawUpright(shape, x, y, sub, ctx));
  if (!shape.text && !shape.wordArt) return;
  const { turn, cx, cy } = textTurn(shape, x, y);
  if (turn === 0) drawText(shape, x, y, sink, ctx);
  else drawTurned(sink, turnAbout(cx, cy, turn, false, false), (sub) => drawText(shape, x, y, sub, ctx));
}

/**
 * How a shape's text turns, and about which point: its own rotation about its area's centre when
 * it has one; else none when upright; else the shape's rotation (half round more when flipped
 * vertically) about the shape's centre.
 */
function textTurn(shape: ShapeInline, x: number, y: number): { turn: number; cx: number; cy: number } {
  const t = shape.text;
  if (t?.rotationDeg !== undefined) {
    const i = t.insetsPt;
    return { turn: t.rotationDeg % 360, cx: x + (i.left + shape.widthPt - i.right) / 2, cy: y + (i.top + shape.heightPt - i.bottom) / 2 };
  }
  const turn = t?.upright ? 0 : ((shape.rotationDeg ?? 0) + (shape.flipV ? 180 : 0)) % 360;
  return { turn, cx: x + shape.widthPt / 2, cy: y + shape.heightPt / 2 };
}

/** Draws into a group per layer (behind, with, in front of the text) under one transform. */
function drawTurned(sink: ItemSink, transform: [number, number, number, number, number, number], draw: (sub: ItemSink) => void): void {
  const sub = new CollectingSink(sink.resources, sink.page);
  draw(sub);
  drawTransformed(sub, sink, transform);
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

/**
 * A stretched metafile picture fill (a:blipFill) drawn as vectors clipped to the shape's box (its
 * bounding box, not its geometry). Raster picture fills are the paths' `picture` (drawOutlines).
 */
function drawMetafileFill(shape: ShapeInline, x: number, y: number, sink: ItemSink, ctx: ObjectContext, target: LayoutItem[]): boolean {
  const fi = shape.fillImage;
  const media = fi && !fi.tile ? ctx.media[fi.media] : undefined;
  if (!fi || !media || !metafileKind(media)) return false;
  const picture: ImageInline = { kind: 'image', media: fi.media, widthPt: shape.widthPt, heightPt: shape.heightPt, props: shape.props };
  return drawVectorPicture(picture, media, x, y, sink, ctx, target);
}

/** A shape's raster picture fill and its picture; undefined without one (or for a metafile, drawn as vectors or not at all). */
function rasterFill(shape: ShapeInline, ctx: ObjectContext): { fill: PictureFill; media: MediaItem } | undefined {
  const fill = shape.fillImage;
  const media = fill ? ctx.media[fill.media] : undefined;
  if (!fill || !media) return undefined;
  if (!metafileKind(media)) return { fill, media };
  if (fill.tile) ctx.warn('layout/picture-fill', `The metafile ${fill.media} tiling a shape is not drawn; its flat colour is.`);
  return undefined;
}

/** Shade factors of a:path/@fill darken… (§20.1.10.37 ST_PathFillMode): towards black, or towards white. */
const SHADES: Record<string, (v: number) => number> = {
  darken: (v) => v * 0.6, darkenLess: (v) => v * 0.8, lighten: (v) => v + (255 - v) * 0.4, lightenLess: (v) => v + (255 - v) * 0.2,
};

/** The fill of one path of a shape: none, the shape's fill, or that fill darkened or lightened. */
function paintedFill(fill: string, paint: PathPaint | undefined): string | undefined {
  const mode = paint?.fill;
  if (mode === 'none') return undefined;
  const shade = mode ? SHADES[mode] : undefined;
  return shade && /^[0-9A-Fa-f]{6}$/.test(fill) ? mapChannels(fill, shade) : fill;
}

/**
 * The order a shape's paths are painted in: the spec's order (§20.1.9.15 a:pathLst), except that
 * outline-only paths (fill="none") come after every filled one, keeping their order among
 * themselves. chartPlus, chartStar and chartX list their marker lines before their filled box,
 * which would otherwise cover them; Word and LibreOffice show the lines on top.
 */
function paintOrder(shape: ShapeInline): number[] {
  const order = shape.paths.map((_, i) => i);
  const outlineOnly = (i: number) => shape.pathPaints?.[i]?.fill === 'none';
  return [...order.filter((i) => !outlineOnly(i)), ...order.filter(outlineOnly)];
}

function drawUpright(shape: ShapeInline, x: number, y: number, sink: ItemSink, ctx: ObjectContext): void {
  const target = shape.anchor?.behindText ? sink.background : sink.items;
  const box = { x, y, w: shape.widthPt, h: shape.heightPt };
  // Glow and reflection go under the shape, and a soft edge redraws it: its outline paths are drawn
  // into a list of their own first.
  const own: LayoutItem[] = shape.glow || shape.reflection || shape.softEdgePt || shape.shapeShadow ? [] : target;
  drawOutlines(shape, box, sink, ctx, own);
  if (own === target) return drawChildren(shape, x, y, sink, ctx);
  const paths = own.filter(isPath);
  if (shape.shapeShadow) target.push(...shapeShadowItems(paths, shape.shapeShadow, ctx.maskBudget));
  if (shape.reflection) target.push(...reflectionItems(paths, box, shape.reflection));
  if (shape.glow) {
    // The glow is a soft mask of the shape's silhouette (its lines included), rings past the mask budget.
    const { growPt, sigmaPt } = glowMask(shape.glow.radPt);
    const blurred = blurredPaint(pathParts(paths), shape.glow.color, shape.glow.opacity, growPt, sigmaPt, ctx.maskBudget);
    if (blurred) target.push(blurred);
    else target.push(...glowRings(paths.flatMap((p) => p.commands), shape.glow, shape.line?.color ? shape.line.widthPt / 2 : 0));
  }
  if (shape.softEdgePt) {
    const masked = softEdgeGroup(paths, pathParts(paths), shape.softEdgePt, ctx.maskBudget);
    target.push(...own.filter((i) => !isPath(i)), ...(masked ? [masked] : softEdgeLayers(paths, box, shape.softEdgePt)));
  } else target.push(...own);
  drawChildren(shape, x, y, sink, ctx);
}

/**
 * A shape's outer shadow: its paths moved by the shadow's offset, filled where they are filled
 * (flat, shaded or with a picture) and stroked where they are stroked, in the shadow's colour and
 * opacity. Its blur is not drawn (the reader warns).
 */
function shapeShadowItems(paths: readonly PathItem[], shadow: OuterShadow, budget?: MaskBudget): LayoutItem[] {
  const { dxPt: dx, dyPt: dy } = shadow;
  // A blurred shadow is the silhouette moved and blurred through a soft mask (sharp past the mask budget).
  const blurred = shadow.blurPt > 0 ? blurredPaint(pathParts(paths, dx, dy), shadow.color, shadow.opacity, 0, shadowSigma(shadow.blurPt), budget) : undefined;
  if (blurred) return [blurred];
  const out: PathItem[] = [];
  for (const p of paths) {
    const filled = p.fill !== undefined || p.picture !== undefined;
    if (!filled && !p.stroke) continue;
    const commands = p.commands.map((c) =>
      c.op === 'Z' ? c : c.op === 'C' ? { ...c, x1: c.x1 + dx, y1: c.y1 + dy, x2: c.x2 + dx, y2: c.y2 + dy, x: c.x + dx, y: c.y + dy } : { ...c, x: c.x + dx, y: c.y + dy },
    );
    const opacity = Math.round(shadow.opacity * 1000) / 1000;
    out.push({
      kind: 'path', commands,
      ...(filled ? { fill: shadow.color, ...(opacity < 1 ? { fillOpacity: opacity } : {}) } : {}),
      ...(p.stroke ? { stroke: shadow.color, lineWidth: p.lineWidth ?? 1, ...(opacity < 1 ? { strokeOpacity: opacity } : {}) } : {}),
    });
  }
  return out;
}

/** A group's children, each with its own effects. */
function drawChildren(shape: ShapeInline, x: number, y: number, sink: ItemSink, ctx: ObjectContext): void {
  for (const child of shape.children ?? []) {
    if (child.item.kind === 'image') drawImage(child.item, x + child.xPt, y + child.yPt, sink, ctx);
    else drawShape(child.item, x + child.xPt, y + child.yPt, sink, ctx);
  }
}

/** A shape's outline paths (and a metafile picture fill) in paint order, into `target`. */
function drawOutlines(shape: ShapeInline, box: { x: number; y: number; w: number; h: number }, sink: ItemSink, ctx: ObjectContext, target: LayoutItem[]): void {
  const { x, y } = box;
  const pictured = drawMetafileFill(shape, x, y, sink, ctx, target);
  const raster = pictured ? undefined : rasterFill(shape, ctx);
  for (const i of paintOrder(shape)) {
    const path = shape.paths[i]!;
    if (path.length === 0) continue;
    const commands = path.map((c) =>
      c.op === 'Z' ? c : c.op === 'C' ? { ...c, x1: c.x1 + x, y1: c.y1 + y, x2: c.x2 + x, y2: c.y2 + y, x: c.x + x, y: c.y + y } : { ...c, x: c.x + x, y: c.y + y },
    );
    const paint = shape.pathPaints?.[i];
    const fill = shape.fill && !pictured ? paintedFill(shape.fill, paint) : undefined;
    const stroked = paint?.stroke !== false && shape.line?.color;
    const outline = {
      ...(stroked ? { stroke: shape.line!.color!, lineWidth: shape.line!.widthPt } : {}),
      ...(stroked && shape.line?.dash ? { dash: shape.line.dash } : {}),
    };
    const picture = raster && paint?.fill !== 'none' ? pathPicture(raster.fill, raster.media, box, commands, sink.resources) : undefined;
    if (typeof picture === 'string') ctx.warn('layout/picture-fill', `The picture ${raster!.fill.media} filling a shape is not drawn (${picture}); its flat colour is.`);
    else if (picture) {
      target.push({ kind: 'path', commands, picture, ...(fill ? { fill } : {}), ...outline });
      continue;
    }
    const shadings = fill && shape.fillGradient ? gradientShadings(shape.fillGradient, box, shape.rotationDeg ?? 0, (c) => paintedFill(c, paint)) : [];
    const see = fill && shape.fillOpacity !== undefined && shape.fillOpacity < 1 ? { fillOpacity: shape.fillOpacity } : {};
    if (fill && shadings.length > 0) target.push(...shadedPath(commands, fill, shadings, outline));
    else if (fill || stroked) target.push({ kind: 'path', commands, ...(fill ? { fill } : {}), ...see, ...outline });
  }
}

/** Lays out and draws a shape's text box content, or its WordArt, in its (unturned) box. */
function drawText(shape: ShapeInline, x: number, y: number, sink: ItemSink, ctx: ObjectContext): void {
  if (shape.wordArt && ctx.faces) {
    const target = shape.anchor?.behindText ? sink.background : sink.items;
    const ins = shape.wordArt.insetsPt ?? { left: 0, top: 0, right: 0, bottom: 0 };
    const box = { x: x + ins.left, y: y + ins.top, w: shape.widthPt - ins.left - ins.right, h: shape.heightPt - ins.top - ins.bottom };
    drawWordArt(shape.wordArt, box, sink, ctx.faces, target);
  }
  if (shape.text) {
    const t = shape.text;
    const width = Math.max(1, shape.widthPt - t.insetsPt.left - t.insetsPt.right);
    const story = ctx.layoutBox(t.blocks, width);
    const room = shape.heightPt - t.insetsPt.top - t.insetsPt.bottom;
    const free = Math.max(0, room - story.heightPt);
    const dy = t.verticalAlign === 'center' ? free / 2 : t.verticalAlign === 'bottom' ? free : 0;
    const clipped = clipsOverflow(shape, story.heightPt, room);
    const into = clipped ? layerSink(sink) : sink;
    for (const { y: uy, unit } of story.units) {
      const top = y + t.insetsPt.top + dy + uy;
      // Lines wholly below a cut box are not drawn at all: nothing of them shows, so their text is
      // not in the page's text either (oxsdk-Comment035's hidden lines were extra words).
      if (clipped && top >= y + shape.heightPt) break;
      unit.emit(into, x + t.insetsPt.left, top);
    }
    if (clipped) drawClipped(into, sink, { x, y, w: shape.widthPt, h: shape.heightPt });
  }
}

/**
 * Whether a shape's text is cut at its box: a text box that does not grow to fit its text
 * (no a:spAutoFit, no mso-fit-shape-to-text) hides what runs past its bottom, as Word does, lines
 * cut through where the edge falls (LibreOffice draws it so too; oxsdk-Comment035's 101.25 pt VML
 * box). Word writes bodyPr vertOverflow="overflow" on its own text boxes and still hides the
 * overflow, so that attribute is not read. A box drawn from no geometry (SmartArt text or the text
 * boxes of an unknown graphic shown as text) is our fallback, not Word's drawing: its text is
 * never hidden.
 */
function clipsOverflow(shape: ShapeInline, textHeightPt: number, roomPt: number): boolean {
  return shape.text !== undefined && !shape.text.autoFit && shape.paths.length > 0 && textHeightPt > roomPt + 0.01;
}

/** What `from` holds, into `to` clipped to `box`: one group per layer; floats pass through as they are. */
function drawClipped(from: ItemSink, to: ItemSink, box: { x: number; y: number; w: number; h: number }): void {
  if (from.background.length > 0) to.background.push({ kind: 'group', clip: box, items: from.background });
  if (from.items.length > 0) to.items.push({ kind: 'group', clip: box, items: from.items });
  if (from.foreground.length > 0) to.foreground.push({ kind: 'group', clip: box, items: from.foreground });
}

/** Where a floating object's top-left corner goes, from its anchor and the anchoring paragraph. */
export function floatPosition(
  anchor: FloatAnchor,
  w: number,
  h: number,
  page: PageGeometry,
  column: { x: number; width: number },
  paragraphTop: number,
): { x: number; y: number } {
  const hz = anchor.horizontal;
  let left: number;
  let width: number;
  switch (hz.relativeTo) {
    case 'page':
      left = 0;
      width = page.widthPt;
      break;
    case 'leftMargin':
    case 'insideMargin':
      left = 0;
      width = page.marginLeft;
      break;
    case 'rightMargin':
    case 'outsideMargin':
      left = page.widthPt - page.marginRight;
      width = page.marginRight;
      break;
    case 'column':
    case 'character':
      left = column.x;
      width = column.width;
      break;
    default:
      left = page.marginLeft;
      width = page.widthPt - page.marginLeft - page.marginRight;
  }
  let x = left + (hz.offsetPct !== undefined ? hz.offsetPct * width : (hz.offsetPt ?? 0));
  if (hz.align === 'center') x = left + (width - w) / 2;
  else if (hz.align === 'right' || hz.align === 'outside') x = left + width - w;
  else if (hz.align === 'left' || hz.align === 'inside') x = left;
  const vt = anchor.vertical;
  let top: number;
  let height: number;
  switch (vt.relativeTo) {
    case 'page':
      top = 0;
      height = page.heightPt;
      break;
    case 'topMargin':
      top = 0;
      height = page.marginTop;
      break;
    case 'bottomMargin':
      top = page.heightPt - page.marginBottom;
      height = page.marginBottom;
      break;
    case 'paragraph':
    case 'line':
      top = paragraphTop;
      height = 0;
      break;
    default:
      top = page.marginTop;
      height = page.heightPt - page.marginTop - page.marginBottom;
  }
  let y = top + (vt.offsetPct !== undefined ? vt.offsetPct * (height || page.heightPt) : (vt.offsetPt ?? 0));
  if (vt.align === 'center') y = top + (height - h) / 2;
  else if (vt.align === 'bottom' || vt.align === 'outside') y = top + height - h;
  else if (vt.align === 'top' || vt.align === 'inside') y = top;
  // Word keeps a float that text wraps around on its page: one that would hang off the bottom edge
  // moves up until it ends there, one placed above the top edge (a large negative offset from its
  // paragraph) moves down to start there, and the top wins for one taller than the page. A float
  // without wrapping stays where its position puts it (measured in Word by a peer project,
  // openooxml/betteroffice #628).
  if (anchor.wrap !== 'none') y = Math.max(0, Math.min(y, page.heightPt - h));
  return { x, y };
}
