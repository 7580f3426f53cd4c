/**
 * renderCanvas: draws one page of a LayoutDoc on a Canvas 2D context — the same items, in the same
 * order and at the same positions as the PDF renderer (engine/render/pdf/content.ts), so the preview
 * shows what the PDF will. Glyphs are filled from their outlines (no system fonts involved).
 *
 * This file walks a page's items and its soft-masked groups; a glyph run (draw-glyphs.ts), a picture
 * (draw-images.ts, which also decodes the page's images first) and a path's paint (paint.ts) are
 * drawn in their own files, all on the one DrawState of the page.
 */
import { DiagnosticBag, fail, ok, type Result } from '../../core';
import type { GroupItem, LayoutDoc, LayoutItem } from '../../model';
import { loadFontkit } from '../../text';
import { drawGlyphs } from './draw-glyphs';
import { decodePageImages, defaultDecodeImage, drawImage, drawPicturePath } from './draw-images';
import { drawShadedFace, gradientStyle, paint, tracePath } from './paint';
import { createCanvasCache, type Canvas2D, type CanvasCache, type CanvasLayer, type CanvasRenderStats, type ImageHandle, type PathHandle, type RenderCanvasOptions } from './types';
import { defaultMaskImage, paintOf, prepareMasks, silhouettePaths, type PreparedMask } from './soft-mask';

/** Most distinct warnings per page (repeats are folded with a count). */
const MAX_WARNINGS = 50;

/** What drawing one page needs, and its counts of what was drawn (draw-glyphs.ts, draw-images.ts, paint.ts). */
export interface DrawState {
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
