/**
 * Device-independent bitmaps in metafiles ([MS-WMF] 2.2.2.9 DeviceIndependentBitmap, 2.2.2.3
 * BitmapInfoHeader, 2.2.2.2 BitmapCoreHeader) decoded by engine/image, cut to the record's source
 * rectangle and re-encoded as PNG, the format both renderers already embed. An embedded JPEG or PNG
 * (BI_JPEG, BI_PNG) is passed through.
 */
import { decodeDibParts, encodePng, readDibHeader, toRgba } from '../../image';
import type { LayoutImage } from '../../model';

/** Most pixels one bitmap may have. */
export const MAX_DIB_PIXELS = 16_000_000;

/** A source rectangle in bitmap pixels (top-down rows), to cut out of the bitmap. */
export interface SourceRect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** A DIB's pixels: header + colour table in `info`, pixel bits in `bits`, `usage` as in the record. */
export interface Dib {
  readonly info: Uint8Array;
  readonly bits: Uint8Array;
  readonly usage: number;
}

/** Bytes of the header plus its masks and colour table (where the pixel bits of a packed DIB start). */
export function dibHeaderLength(h: Uint8Array, usage = 0): number {
  const compression = dibCompression(h);
  if (compression === 4 || compression === 5) return Math.min(h.length, u32(h, 0));
  try {
    // Only where the bits start is wanted here; the size limit is checked when the bitmap is decoded.
    return Math.min(h.length, readDibHeader(h, 0, { maxPixels: Number.MAX_SAFE_INTEGER }, usage === 1).bitsOffset);
  } catch {
    return h.length;
  }
}

/**
 * Decodes a DIB into a PNG or passes an embedded JPEG/PNG (BI_JPEG, BI_PNG) through. `usage` 1
 * (DIB_PAL_COLORS) has palette indices instead of colours; they are shown as grey levels. Alpha
 * stored in the pixels is kept only `withAlpha` (AlphaBlend); pixels the bits do not reach are
 * transparent. A `mask` (the one-bit AND half of a masked icon) makes its white pixels transparent.
 * Returns a reason string when the bitmap cannot be drawn.
 */
export function dibToImage(info: Uint8Array, bits: Uint8Array, usage: number, src?: SourceRect, withAlpha = false, mask?: Dib): LayoutImage | string {
  const compression = dibCompression(info);
  if (compression === 4) return { contentType: 'image/jpeg', data: bits };
  if (compression === 5) return { contentType: 'image/png', data: bits };
  const px = decodeRgba({ info, bits, usage }, src, withAlpha ? 'blend' : 'none');
  if (typeof px === 'string') return px;
  let alpha = px.alpha;
  const mp = mask ? decodeRgba(mask, src, 'none') : undefined;
  if (mp && typeof mp !== 'string' && mp.w === px.w && mp.h === px.h) {
    for (let i = 0; i < px.w * px.h; i++) if (mp.rgba[i * 4]! > 127) px.rgba[i * 4 + 3] = 0;
    alpha = true;
  }
  return { contentType: 'image/png', data: encodePng(px.w, px.h, px.rgba, alpha) };
}

/** The source rectangle of a DIB as RGBA, and whether any of its pixels is not opaque. */
function decodeRgba(dib: Dib, src: SourceRect | undefined, alpha: 'none' | 'blend'): { w: number; h: number; rgba: Uint8Array; alpha: boolean } | string {
  const r = decodeDibParts(dib.info, dib.bits, { limits: { maxPixels: MAX_DIB_PIXELS }, paletteIndices: dib.usage === 1, alpha });
  if (!r.ok) return r.errors[0]?.message ?? 'bitmap not decoded';
  const img = r.value;
  const all = new Uint8Array(toRgba(img).buffer);
  const c = clampRect(src, img.width, img.height);
  const rgba = c.w === img.width && c.h === img.height ? all : new Uint8Array(c.w * c.h * 4);
  if (rgba !== all) for (let y = 0; y < c.h; y++) rgba.set(all.subarray(((c.y + y) * img.width + c.x) * 4, ((c.y + y) * img.width + c.x + c.w) * 4), y * c.w * 4);
  let translucent = false;
  if (img.alpha) for (let i = 3; i < rgba.length && !translucent; i += 4) translucent = rgba[i] !== 255;
  return { w: c.w, h: c.h, rgba, alpha: translucent };
}

function clampRect(src: SourceRect | undefined, w: number, h: number): SourceRect {
  if (!src) return { x: 0, y: 0, w, h };
  const x = Math.max(0, Math.min(w - 1, Math.trunc(src.x)));
  const y = Math.max(0, Math.min(h - 1, Math.trunc(src.y)));
  const ww = Math.max(1, Math.min(w - x, Math.trunc(Math.abs(src.w)) || w));
  const hh = Math.max(1, Math.min(h - y, Math.trunc(Math.abs(src.h)) || h));
  return { x, y, w: ww, h: hh };
}

/** biCompression (0 for a BITMAPCOREHEADER or a header too short to hold it). */
function dibCompression(info: Uint8Array): number {
  return info.length >= 20 && u32(info, 0) >= 20 ? u32(info, 16) : 0;
}

function u32(b: Uint8Array, p: number): number {
  return p + 4 <= b.length ? (b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16) | (b[p + 3]! << 24)) >>> 0 : 0;
}
