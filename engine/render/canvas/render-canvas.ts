/**
 * renderCanvas: draws one page of a LayoutDoc on a Canvas 2D context — the same items, in the same
 * order and at the same positions as the PDF renderer (engine/render/pdf/content.ts), so the preview
 * shows what the PDF will. Glyphs are filled from their outlines (no system fonts involved).
 */
import { DiagnosticBag, fail, ok, type Result } from '../../core';
import type { GlyphRun, GroupItem, ImageItem, LayoutDoc, LayoutItem, LayoutPage, PathCommand, PathItem, PathPicture, PathShading } from '../../model';
import { adjustPixels, decodeJpeg, decodePng, decodeRaster, JPEG_KEY_TOLERANCE, jpegHeader, sniffImage, sniffRaster, toRgba, type DecodedImage } from '../../image';
import { createGlyphPaths } from './glyph-paths';
import { loadFontkit } from '../../text';
import { createCanvasCache, type Canvas2D, type CanvasCache, type CanvasLayer, type CanvasRenderStats, type GlyphPathCache, type GradientHandle, type ImageHandle, type PathHandle, type RenderCanvasOptions } from './types';
import { defaultMaskImage, paintOf, prepareMasks, silhouettePaths, type PreparedMask } from './soft-mask';

/** Synthetic italic shear, as the PDF renderer's text matrix (tan 12° ≈ 0.2126). */
const ITALIC_SHEAR = 0.2126;
/** Synthetic bold stroke width as a fraction of the font size, as the PDF renderer's `2 Tr`. */
const BOLD_STROKE = 0.03;
/** Most distinct warnings per page (repeats are folded with a count). */
const MAX_WARNINGS = 50;

interface DrawState {
  readonly doc: LayoutDoc;
  readonly ctx: Canvas2D;
  readonly cache: CanvasCache;
  readonly createPath: (d: string) => PathHandle;
  readonly decoded: ReadonlyMap<number, ImageHandle | undefined>;
  readonly warnings: DiagnosticBag;
  readonly at: string;
  /** One pixel in points: the width the PDF's zero-width line (§8.4.3.2, the thinnest line) is drawn at. */
  readonly hairline: number;
  /** Device pixels per point. */
  readonly scale: number;
  /** The page's masked groups' images (soft-mask.ts). */
  readonly masks: ReadonlyMap<GroupItem, PreparedMask>;
  readonly createLayer: ((width: number, height: number) => CanvasLayer | undefined) | undefined;
  glyphs: number;
  shapes: number;
  images: number;
}

/**
 * Draws page `pageIndex` of `doc` on `ctx` at `options.scale` pixels per point; resolves with what was
 * drawn. Links are not drawn. Never throws: a bad page index fails with `render/no-page`; missing
 * glyph outlines and undecodable images are counted warnings.
 */
export async function renderCanvas(doc: LayoutDoc, pageIndex: number, ctx: Canvas2D, options: RenderCanvasOptions = {}): Promise<Result<CanvasRenderStats>> {
  const page = doc.pages[pageIndex];
  if (!page || !Number.isInteger(pageIndex)) {
    return fail({ severity: 'error', code: 'render/no-page', message: `The document has ${doc.pages.length} pages; page index ${pageIndex} does not exist.` });
  }
  const createPath = options.createPath ?? defaultCreatePath();
  if (!createPath) {
    return fail({ severity: 'error', code: 'render/no-path2d', message: 'This environment has no Path2D; give options.createPath.' });
  }
  const cache = options.cache ?? createCanvasCache();
  await loadFontkit(); // glyph outlines (glyph-paths.ts)
  const decoded = await decodePageImages(doc, page, cache, options.decodeImage ?? defaultDecodeImage());
  const scale = options.scale ?? 1;
  const hairline = Number.isFinite(scale) && scale > 0 ? 1 / scale : 1;
  const masks = await prepareMasks(page, options.createMaskImage ?? defaultMaskImage());
  const state: DrawState = {
    doc, ctx, cache, createPath, decoded, warnings: new DiagnosticBag(MAX_WARNINGS), at: `page ${pageIndex + 1}`, hairline,
    scale: 1 / hairline, masks, createLayer: options.createLayer ?? defaultCreateLayer(), glyphs: 0, shapes: 0, images: 0,
  };
  ctx.save();
  try {
    ctx.scale(scale, scale);
    const background = options.background === undefined ? '#FFFFFF' : options.background;
    if (background !== null) {
      ctx.fillStyle = background;
      ctx.fillRect(0, 0, page.widthPt, page.heightPt);
    }
    for (const item of page.items) drawItem(state, item);
  } finally {
    ctx.restore();
  }
  return ok({ glyphs: state.glyphs, shapes: state.shapes, images: state.images }, state.warnings.list());
}

function drawItem(s: DrawState, item: LayoutItem): void {
  switch (item.kind) {
    case 'glyphs':
      drawGlyphs(s, item);
      return;
    case 'rect':
      if (!item.fill && !item.stroke) return;
      s.ctx.beginPath();
      s.ctx.rect(item.x, item.y, item.w, item.h);
      paint(s, item.fill, item.stroke, item.lineWidth, undefined, undefined);
      return;
    case 'line':
      s.ctx.beginPath();
      s.ctx.moveTo(item.x1, item.y1);
      s.ctx.lineTo(item.x2, item.y2);
      paint(s, undefined, item.color, item.width, item.dash, undefined);
      return;
    case 'path':
      if (item.picture && s.decoded.get(item.picture.image)) {
        drawPicturePath(s, item, item.picture);
        return;
      }
      if (!item.fill && !item.stroke) return;
      if (item.fill && item.shading?.clip) {
        drawShadedFace(s, item, item.shading.clip);
        return;
      }
      s.ctx.beginPath();
      tracePath(s.ctx, item.commands);
      paint(s, item.fill && item.shading ? gradientStyle(s.ctx, item.shading) ?? item.fill : item.fill, item.stroke, item.lineWidth, item.dash, item.fillOpacity, item);
      return;
    case 'image':
      drawImage(s, item);
      return;
    case 'group':
      s.ctx.save();
      if (item.clip) {
        s.ctx.beginPath();
        s.ctx.rect(item.clip.x, item.clip.y, item.clip.w, item.clip.h);
        s.ctx.clip();
      }
      for (const r of item.clipOut ?? []) {
        s.ctx.beginPath();
        s.ctx.rect(-100000, -100000, 200000, 200000);
        s.ctx.rect(r.x, r.y, r.w, r.h);
        s.ctx.clip('evenodd');
      }
      if (item.transform) s.ctx.transform(...item.transform);
      if (item.softMask) drawMasked(s, item);
      else for (const child of item.items) drawItem(s, child);
      s.ctx.restore();
      return;
    case 'link':
      return;
  }
}

/**
 * A group seen through its soft mask, as the PDF's /SMask: a flat colour as the image of that colour
 * with the mask as its alpha, over the mask's box; anything else drawn into a layer of the box at
 * the page's resolution, cut by the mask (`destination-in`), then drawn on the page. Without its
 * image (no ImageData here) a flat colour is drawn over the sharp silhouette; without a layer the
 * group is drawn unmasked, and both say so.
 */
function drawMasked(s: DrawState, group: GroupItem): void {
  const mask = group.softMask!;
  const { x, y, w, h } = mask.grid;
  const prepared = s.masks.get(group);
  const paint = paintOf(group);
  const { ctx } = s;
  if (prepared?.paint && paint) {
    if (paint.opacity < 1) ctx.globalAlpha = Math.max(0, paint.opacity);
    ctx.drawImage(prepared.image as never, x, y, w, h);
    ctx.globalAlpha = 1;
    s.shapes++;
    return;
  }
  if (paint) {
    s.warnings.warn('render/soft-mask', 'A blurred shadow or glow is drawn sharp in the preview: this environment cannot make its mask image.', { at: s.at });
    for (const p of silhouettePaths(mask, paint.fill, paint.opacity)) drawItem(s, p);
    return;
  }
  // The layer's pixels: the box at the page's scale, at most 4 megapixels.
  const fit = Math.min(s.scale, Math.sqrt(4_000_000 / (w * h)));
  const cols = Math.max(1, Math.ceil(w * fit));
  const rows = Math.max(1, Math.ceil(h * fit));
  const layer = prepared && !prepared.paint && Number.isFinite(fit) ? s.createLayer?.(cols, rows) : undefined;
  if (!layer || layer.ctx.globalCompositeOperation === undefined) {
    s.warnings.warn('render/soft-mask', 'A soft edge is drawn unfaded in the preview: this environment has no layer to mask.', { at: s.at });
    for (const child of group.items) drawItem(s, child);
    return;
  }
  const lc = layer.ctx;
  lc.save();
  lc.scale(cols / w, rows / h);
  lc.translate(-x, -y);
  const inner: DrawState = { ...s, ctx: lc };
  for (const child of group.items) drawItem(inner, child);
  lc.globalCompositeOperation = 'destination-in';
  lc.drawImage(prepared!.image as never, x, y, w, h);
  lc.globalCompositeOperation = 'source-over';
  lc.restore();
  s.glyphs += inner.glyphs;
  s.shapes += inner.shapes;
  s.images += inner.images;
  ctx.drawImage(layer.image as never, x, y, w, h);
}

/**
 * A shading as a canvas gradient (createLinearGradient / createRadialGradient, which hold their end
 * colours beyond the ends as the PDF's Extend does); undefined when the context has none.
 */
function gradientStyle(ctx: Canvas2D, shading: PathShading): GradientHandle | undefined {
  const c = shading.coords;
  const g = shading.kind === 'axial'
    ? ctx.createLinearGradient?.(c[0]!, c[1]!, c[2]!, c[3]!)
    : ctx.createRadialGradient?.(c[0]!, c[1]!, c[2]!, c[3]!, c[4]!, c[5]!);
  for (const stop of shading.stops) g?.addColorStop(Math.max(0, Math.min(1, stop.pos)), cssColor(stop.color));
  return g;
}

/** A path filled with one face of a shading (clipped to the path and the face), then stroked. */
function drawShadedFace(s: DrawState, item: PathItem, clip: readonly PathCommand[]): void {
  const { ctx } = s;
  ctx.save();
  ctx.beginPath();
  tracePath(ctx, item.commands);
  ctx.clip();
  ctx.beginPath();
  tracePath(ctx, clip);
  paint(s, gradientStyle(ctx, item.shading!) ?? item.fill, undefined, undefined, undefined, item.fillOpacity);
  ctx.restore();
  if (!item.stroke) return;
  ctx.beginPath();
  tracePath(ctx, item.commands);
  paint(s, undefined, item.stroke, item.lineWidth, item.dash, undefined);
}

/**
 * Fills and/or strokes the current path (fill first, as PDF `B`); `style` gives a stroke's opacity
 * and round joins (a glow's rings, as the PDF's CA and `1 j 1 J`).
 */
function paint(
  s: DrawState,
  fill: string | GradientHandle | undefined,
  stroke: string | undefined,
  lineWidth: number | undefined,
  dash: readonly number[] | undefined,
  fillOpacity: number | undefined,
  style?: Pick<PathItem, 'strokeOpacity' | 'roundJoins'>,
): void {
  const { ctx } = s;
  if (fill) {
    ctx.fillStyle = typeof fill === 'string' ? cssColor(fill) : fill;
    const alpha = fillOpacity !== undefined && fillOpacity >= 0 && fillOpacity < 1 ? fillOpacity : 1;
    ctx.globalAlpha = alpha;
    ctx.fill();
    ctx.globalAlpha = 1;
  }
  if (stroke) {
    ctx.strokeStyle = cssColor(stroke);
    // A canvas ignores a width of 0 (keeping the last one set), where the PDF draws its thinnest line.
    ctx.lineWidth = lineWidth === undefined ? 1 : lineWidth > 0 ? lineWidth : s.hairline;
    ctx.setLineDash(dash && dash.every((d) => Number.isFinite(d) && d >= 0) ? [...dash] : []);
    const so = style?.strokeOpacity;
    const translucent = so !== undefined && so >= 0 && so < 1;
    if (translucent) ctx.globalAlpha = so;
    if (style?.roundJoins) ctx.lineJoin = 'round', ctx.lineCap = 'round';
    ctx.stroke();
    if (translucent) ctx.globalAlpha = 1;
    if (style?.roundJoins) ctx.lineJoin = 'miter', ctx.lineCap = 'butt';
    ctx.setLineDash([]);
  }
  s.shapes++;
}

function tracePath(ctx: Canvas2D, commands: readonly PathCommand[]): void {
  for (const c of commands) {
    if (c.op === 'M') ctx.moveTo(c.x, c.y);
    else if (c.op === 'L') ctx.lineTo(c.x, c.y);
    else if (c.op === 'C') ctx.bezierCurveTo(c.x1, c.y1, c.x2, c.y2, c.x, c.y);
    else ctx.closePath();
  }
}

/** Places each glyph at its layout advance, like the PDF's TJ array (glyphs in visual order). */
function drawGlyphs(s: DrawState, run: GlyphRun): void {
  const font = s.doc.fonts[run.font];
  if (run.invisible) return; // PDF render mode 3: text to find and select, not to see
  if (!font || run.glyphs.length === 0) {
    if (!font) s.warnings.warn('render/missing-font', `A glyph run refers to font ${run.font}, which the document does not have.`, { at: s.at });
    return;
  }
  const paths = glyphPaths(s, font.data, font.unitsPerEm);
  const th = (run.scalePct ?? 100) / 100;
  const k = run.sizePt / paths.unitsPerEm;
  const { ctx } = s;
  const color = cssColor(run.color);
  ctx.fillStyle = color;
  // Outlined text (WordArt's stroke) and synthetic bold are stroked after the fill, as PDF's Tr 2.
  const stroked = font.syntheticBold || run.outline !== undefined;
  const shear = font.syntheticItalic ? ITALIC_SHEAR : 0;
  // The PDF strokes glyphs with the line width and dash in user space (ISO 32000-1 §9.3.6), not
  // text space: where the glyph space is not a uniform scale (condensed or expanded text, synthetic
  // italic), the outline is stroked as a page-space path, else its strokes would be squeezed with it.
  // Synthetic bold alone on synthetic italic keeps the glyph-space stroke: the slant changes its 3 %
  // hairline by under 2 %, not worth a path per glyph.
  const pageStroke = stroked && (th !== 1 || (shear !== 0 && run.outline !== undefined)) && paths.outline !== undefined;
  const unit = pageStroke ? 1 : k;
  if (stroked) {
    ctx.strokeStyle = run.outline ? cssColor(run.outline.color) : color;
    ctx.lineWidth = ((run.outline?.widthPt ?? 0) + (font.syntheticBold ? BOLD_STROKE * run.sizePt : 0)) / unit;
    ctx.setLineDash((run.outline?.dash ?? []).map((d) => d / unit));
  }
  // The opacity is the fill's only (PDF's ca): an outline stays opaque, as over an unfilled WordArt.
  const translucent = run.fillOpacity !== undefined && run.fillOpacity >= 0 && run.fillOpacity < 1;
  // A gradient fill (w14:textFill gradFill) is laid out in page space, as the PDF's shading painted
  // through the glyphs as a clip: each glyph clips, then the page-space blend fills the clip.
  const gradient = run.shading && !run.unfilled ? gradientStyle(ctx, run.shading) : undefined;
  let pen = run.x;
  const strokeGlyph = (glyph: number, path: object): void => {
    if (!pageStroke) return ctx.stroke(path as never);
    const d = paths.outline!(glyph);
    if (!d) return;
    // Back from the glyph's space to the page's (as fillThrough), then the outline placed there.
    ctx.save();
    ctx.scale(1 / (k * th), -1 / k);
    if (shear) ctx.transform(1, 0, shear, 1, 0, 0);
    ctx.translate(-pen, -run.y);
    ctx.stroke(s.createPath(transformPathData(d, [k * th, 0, k * shear, -k, pen, run.y])) as never);
    ctx.restore();
  };
  for (let i = 0; i < run.glyphs.length; i++) {
    const before = paths.failures.size;
    const path = paths.path(run.glyphs[i]!);
    if (paths.failures.size > before) {
      s.warnings.warn('render/glyph-outline', `Glyphs of ${font.postscriptName || font.key} have no readable outline; they are not drawn.`, { at: s.at });
    }
    if (path) {
      ctx.save();
      ctx.translate(pen, run.y);
      // The PDF's text matrix shears after the horizontal scaling (Tz): the slant is 0.2126 of the
      // glyph's height whatever its width, so the shear goes before the scale here (y is down).
      if (shear) ctx.transform(1, 0, -shear, 1, 0, 0);
      ctx.scale(k * th, -k);
      // A blend-filled glyph with an outline is stroked first (PDF's Tr 5, stroke and clip), so the
      // blend painted in the clip covers the outline's inner half, as in the PDF.
      if (gradient && stroked) strokeGlyph(run.glyphs[i]!, path);
      if (translucent) ctx.globalAlpha = run.fillOpacity!;
      if (gradient) fillThrough(ctx, path, gradient, pen, run.y, k * th, -k, shear, run.sizePt);
      // Hollow letters (PDF's Tr 1): only the outline is stroked.
      else if (!run.unfilled || !stroked) ctx.fill(path as never);
      if (translucent) ctx.globalAlpha = 1;
      if (stroked && !gradient) strokeGlyph(run.glyphs[i]!, path);
      ctx.restore();
      s.glyphs++;
    }
    pen += run.advances[i] ?? 0;
  }
}

/**
 * SVG path data (absolute M, L, Q, C and Z, as fontkit writes glyph outlines) mapped through the
 * matrix [a b c d e f]: each point (x, y) to (a·x + c·y + e, b·x + d·y + f).
 */
export function transformPathData(d: string, m: readonly [number, number, number, number, number, number]): string {
  let out = '';
  for (const [, op, args] of d.matchAll(/([MLQCZmlqcz])([^MLQCZmlqcz]*)/g)) {
    const n = args!.trim() === '' ? [] : args!.trim().split(/[\s,]+/).map(Number);
    const pts: string[] = [];
    for (let i = 0; i + 1 < n.length; i += 2) {
      const x = n[i]!;
      const y = n[i + 1]!;
      pts.push(`${m[0] * x + m[2] * y + m[4]} ${m[1] * x + m[3] * y + m[5]}`);
    }
    out += op!.toUpperCase() + pts.join(' ');
  }
  return out;
}

/**
 * Fills a glyph's outline with a page-space gradient. The context is in the glyph's space (translated
 * to (x, y), sheared by `shear`, scaled by (sx, sy)): it clips to the outline there, undoes that
 * transform, and paints the gradient over the glyph's em box, so the blend runs across the whole run
 * as the PDF's clipped shading does rather than restarting in every glyph.
 */
function fillThrough(ctx: Canvas2D, path: object, gradient: GradientHandle, x: number, y: number, sx: number, sy: number, shear: number, sizePt: number): void {
  ctx.save();
  ctx.clip(path as never);
  ctx.scale(1 / sx, 1 / sy);
  if (shear) ctx.transform(1, 0, shear, 1, 0, 0);
  ctx.translate(-x, -y);
  ctx.fillStyle = gradient;
  ctx.fillRect(x - 4 * sizePt, y - 4 * sizePt, 16 * sizePt, 8 * sizePt);
  ctx.restore();
}

function glyphPaths(s: DrawState, data: Uint8Array, unitsPerEm: number): GlyphPathCache {
  let paths = s.cache.glyphs.get(data);
  if (!paths) {
    paths = createGlyphPaths(data, unitsPerEm, s.createPath);
    s.cache.glyphs.set(data, paths);
  }
  return paths;
}

/**
 * A path painted with a picture, as the PDF draws it: clipped to the path, the image drawn in each
 * cell (once stretched, across × down times tiled), then the path stroked.
 */
function drawPicturePath(s: DrawState, item: PathItem, p: PathPicture): void {
  const { ctx } = s;
  const bitmap = s.decoded.get(p.image);
  ctx.save();
  ctx.beginPath();
  tracePath(ctx, item.commands);
  ctx.clip();
  const across = Math.max(1, Math.floor(p.across ?? 1));
  const down = Math.max(1, Math.floor(p.down ?? 1));
  for (let j = 0; j < down; j++) {
    for (let i = 0; i < across; i++) ctx.drawImage(bitmap as never, p.x + i * p.w, p.y + j * p.h, p.w, p.h);
  }
  ctx.restore();
  s.images++;
  if (!item.stroke) return;
  ctx.beginPath();
  tracePath(ctx, item.commands);
  paint(s, undefined, item.stroke, item.lineWidth, item.dash, undefined);
}

/** Draws an image with its crop, rotation and flips, as the PDF renderer places it. */
function drawImage(s: DrawState, item: ImageItem): void {
  if (item.w <= 0 || item.h <= 0) return;
  const bitmap = s.decoded.get(item.image);
  if (!bitmap) {
    const type = s.doc.images[item.image]?.contentType ?? 'unknown';
    s.warnings.warn('render/image-undecodable', `An image (${type}) could not be decoded for the preview; it is not drawn.`, { at: s.at });
    return;
  }
  const source = s.doc.images[item.image];
  if (source?.adjust && !isDecodable(source.data)) {
    s.warnings.warn('render/picture-adjust', 'A recoloured picture the preview cannot decode itself is drawn as stored.', { at: s.at });
  }
  const { ctx } = s;
  const c = item.crop;
  const kw = c ? 1 - c.left - c.right : 1;
  const kh = c ? 1 - c.top - c.bottom : 1;
  const fullW = kw > 0.001 ? item.w / kw : item.w;
  const fullH = kh > 0.001 ? item.h / kh : item.h;
  ctx.save();
  if (item.rotationDeg || item.flipH || item.flipV) {
    const cx = item.x + item.w / 2;
    const cy = item.y + item.h / 2;
    const rad = ((item.rotationDeg ?? 0) * Math.PI) / 180;
    const cos = Math.cos(rad);
    const sin = Math.sin(rad);
    const sx = item.flipH ? -1 : 1;
    const sy = item.flipV ? -1 : 1;
    // Rotate clockwise on the y-down page (DrawingML rot), flips applied in the image's own frame.
    ctx.translate(cx, cy);
    ctx.transform(cos * sx, sin * sx, -sin * sy, cos * sy, 0, 0);
    ctx.translate(-cx, -cy);
  }
  if (c) {
    ctx.beginPath();
    ctx.rect(item.x, item.y, item.w, item.h);
    ctx.clip();
  }
  // A translucent picture (a reflection's band): its opacity, as the PDF's ca.
  const translucent = item.opacity !== undefined && item.opacity >= 0 && item.opacity < 1;
  if (translucent) ctx.globalAlpha = item.opacity!;
  // Averaged, not bilinear from the full size: a page-wide screenshot of a table drawn at preview size
  // kept only scattered pixels of its text (Chromium's default 'low').
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(bitmap as never, item.x - (c ? c.left * fullW : 0), item.y - (c ? c.top * fullH : 0), fullW, fullH);
  if (translucent) ctx.globalAlpha = 1;
  ctx.restore();
  s.images++;
}

/** Decodes (once per image bytes, through the cache) the images this page uses. */
async function decodePageImages(
  doc: LayoutDoc, page: LayoutPage, cache: CanvasCache, decode: RenderCanvasOptions['decodeImage'],
): Promise<Map<number, ImageHandle | undefined>> {
  const wanted = new Set<number>();
  const visit = (items: readonly LayoutItem[]): void => {
    for (const it of items) {
      if (it.kind === 'image') wanted.add(it.image);
      else if (it.kind === 'path' && it.picture) wanted.add(it.picture.image);
      else if (it.kind === 'group') visit(it.items);
    }
  };
  visit(page.items);
  const out = new Map<number, ImageHandle | undefined>();
  for (const index of wanted) {
    const img = doc.images[index];
    if (!img || !decode) {
      out.set(index, undefined);
      continue;
    }
    let pending = img.adjust ? cache.adjusted?.get(img) : cache.images.get(img.data);
    if (!pending) {
      pending = (img.adjust ? decode(img.data, img.contentType, img.adjust) : decode(img.data, img.contentType)).catch(() => undefined);
      if (img.adjust) cache.adjusted?.set(img, pending);
      else cache.images.set(img.data, pending);
    }
    out.set(index, await pending);
  }
  return out;
}

function defaultCreateLayer(): ((width: number, height: number) => CanvasLayer | undefined) | undefined {
  const O = (globalThis as { OffscreenCanvas?: new (w: number, h: number) => { getContext(kind: '2d'): unknown } }).OffscreenCanvas;
  if (!O) return undefined;
  return (width, height) => {
    const canvas = new O(width, height);
    const ctx = canvas.getContext('2d') as Canvas2D | null;
    return ctx ? { ctx, image: canvas } : undefined;
  };
}

function defaultCreatePath(): ((d: string) => PathHandle) | undefined {
  const P = (globalThis as { Path2D?: new (d: string) => PathHandle }).Path2D;
  return P ? (d) => new P(d) : undefined;
}

function defaultDecodeImage(): RenderCanvasOptions['decodeImage'] {
  const g = globalThis as {
    createImageBitmap?: (b: unknown, options?: { colorSpaceConversion: 'none' }) => Promise<ImageHandle>;
    Blob?: new (parts: unknown[], o: { type: string }) => unknown;
    ImageData?: new (data: Uint8ClampedArray, width: number, height: number) => unknown;
  };
  const createBitmap = g.createImageBitmap;
  // The samples as stored: the PDF embeds pictures as DeviceRGB (or grey) and ignores their colour
  // profiles and gamma (iCCP, gAMA, a JPEG's ICC_PROFILE), which the browser would otherwise apply.
  const create = createBitmap && ((source: unknown) => createBitmap(source, { colorSpaceConversion: 'none' }));
  const BlobCtor = g.Blob;
  if (!create || !BlobCtor) return undefined;
  const ImageDataCtor = g.ImageData;
  return async (data, type, adjust) => {
    // GIF, BMP and TIFF go through the PDF renderer's decoders (browsers differ: most cannot read
    // TIFF, and their BMP/GIF edge cases vary), so the preview shows the pixels the PDF holds; so
    // does a recoloured PNG or JPEG, whose pixels change as the PDF's do (the PDF draws a JPEG's
    // brightness and contrast through /Decode, the same line as levelsMap's, clipped alike).
    const recoloured = adjust && ImageDataCtor ? decodeForAdjust(data) : undefined;
    if (recoloured && ImageDataCtor) {
      const tolerance = sniffImage(data) === 'jpeg' ? JPEG_KEY_TOLERANCE : 0;
      return create(new ImageDataCtor(adjustPixels(recoloured, adjust!, tolerance), recoloured.width, recoloured.height));
    }
    const raster = ImageDataCtor ? sniffRaster(data) : undefined;
    if (!raster || !ImageDataCtor) return create(new BlobCtor([data], { type }));
    const decoded = decodeRaster(raster, data);
    if (!decoded.ok) return undefined;
    return create(new ImageDataCtor(toRgba(decoded.value), decoded.value.width, decoded.value.height));
  };
}

/** Whether engine/image decodes these bytes (PNG, JPEG, GIF, BMP, TIFF), so their recolouring can be previewed. */
function isDecodable(data: Uint8Array): boolean {
  const kind = sniffImage(data);
  if (kind === 'jpeg') {
    // The decoder's frames: 8-bit Huffman baseline, extended and progressive (it refuses the rest).
    const h = jpegHeader(data);
    return h !== undefined && h.bitsPerComponent === 8 && h.frame >= 0xc0 && h.frame <= 0xc2;
  }
  return kind === 'png' || sniffRaster(data) !== undefined;
}

/** PNG, JPEG, GIF, BMP or TIFF pixels through engine/image's decoders; undefined for other formats or bad data. */
function decodeForAdjust(data: Uint8Array): DecodedImage | undefined {
  const kind = sniffImage(data);
  if (kind === 'jpeg') {
    const decoded = decodeJpeg(data);
    return decoded.ok ? decoded.value : undefined;
  }
  try {
    if (kind === 'png') return decodePng(data);
  } catch {
    return undefined;
  }
  const raster = sniffRaster(data);
  const decoded = raster ? decodeRaster(raster, data) : undefined;
  return decoded?.ok ? decoded.value : undefined;
}

/** `RRGGBB` → `#RRGGBB`; anything else black, as the PDF renderer does. */
function cssColor(color: string): string {
  return /^[0-9A-Fa-f]{6}$/.test(color) ? `#${color}` : '#000000';
}
