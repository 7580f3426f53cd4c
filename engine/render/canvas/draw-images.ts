/**
 * Canvas pictures: images (cropped, turned, flipped, translucent) and picture-filled paths drawn as
 * the PDF renderer places them, and the decoding of a page's images before it is drawn.
 *
 * Decoding is the only asynchronous step and happens once per image bytes (or per recoloured image)
 * through the caller's cache; drawing then only reads the decoded handles. GIF, BMP, TIFF and
 * recoloured pictures go through engine/image, so the preview shows the pixels the PDF holds.
 */
import type { ImageItem, LayoutDoc, LayoutItem, LayoutPage, PathItem, PathPicture } from '../../model';
import { adjustPixels, decodeJpeg, decodePng, decodeRaster, JPEG_KEY_TOLERANCE, jpegHeader, sniffImage, sniffRaster, toRgba, type DecodedImage } from '../../image';
import { paint, tracePath } from './paint';
import type { DrawState } from './render-canvas';
import type { CanvasCache, ImageHandle, RenderCanvasOptions } from './types';

/**
 * A path painted with a picture, as the PDF draws it: clipped to the path, the image drawn in each
 * cell (once stretched, across × down times tiled), then the path stroked.
 */
export function drawPicturePath(s: DrawState, item: PathItem, p: PathPicture): void {
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
export function drawImage(s: DrawState, item: ImageItem): void {
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
export async function decodePageImages(
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

export function defaultDecodeImage(): RenderCanvasOptions['decodeImage'] {
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
