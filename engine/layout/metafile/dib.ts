/**
 * Device-independent bitmaps in metafiles ([MS-WMF] 2.2.2.9 DeviceIndependentBitmap, 2.2.2.3
 * BitmapInfoHeader, 2.2.2.2 BitmapCoreHeader) decoded to pixels and re-encoded as PNG, the format
 * both renderers already embed. An embedded JPEG or PNG (BI_JPEG, BI_PNG) is passed through.
 */
import { crc32 } from '../../core';
import type { LayoutImage } from '../../model';
import { deflateZlib } from '../../zip';

/** Most pixels one bitmap may have. */
export const MAX_DIB_PIXELS = 16_000_000;

/** A source rectangle in bitmap pixels (top-down rows), to cut out of the bitmap. */
export interface SourceRect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

interface DibHeader {
  readonly headerSize: number;
  readonly width: number;
  readonly height: number;
  readonly topDown: boolean;
  readonly bitCount: number;
  readonly compression: number;
  readonly colorsUsed: number;
  readonly masks?: readonly [number, number, number, number];
}

function readHeader(h: Uint8Array): DibHeader | string {
  if (h.length < 12) return 'bitmap header too short';
  const v = new DataView(h.buffer, h.byteOffset, h.byteLength);
  const size = v.getUint32(0, true);
  if (size === 12) {
    return { headerSize: 12, width: v.getUint16(4, true), height: v.getUint16(6, true), topDown: false, bitCount: v.getUint16(10, true), compression: 0, colorsUsed: 0 };
  }
  if (size < 40 || h.length < 40) return `unsupported bitmap header of ${size} bytes`;
  const height = v.getInt32(8, true);
  const compression = v.getUint32(16, true);
  let masks: DibHeader['masks'];
  if (compression === 3 || compression === 6) {
    // BI_BITFIELDS: masks follow a 40-byte header, or sit inside a V4/V5 header.
    if (h.length < 52) return 'bit-field masks missing';
    masks = [v.getUint32(40, true), v.getUint32(44, true), v.getUint32(48, true), size >= 56 && h.length >= 56 ? v.getUint32(52, true) : 0];
  }
  return {
    headerSize: size,
    width: v.getInt32(4, true),
    height: Math.abs(height),
    topDown: height < 0,
    bitCount: v.getUint16(14, true),
    compression,
    colorsUsed: v.getUint32(32, true),
    ...(masks ? { masks } : {}),
  };
}

/** Bytes of the header plus its colour table (where the pixel bits of a packed DIB start). */
export function dibHeaderLength(h: Uint8Array, usage = 0): number {
  const hd = readHeader(h);
  if (typeof hd === 'string') return h.length;
  const entries = paletteSize(hd);
  const entry = hd.headerSize === 12 ? 3 : usage === 1 ? 2 : 4;
  const masks = hd.headerSize === 40 && (hd.compression === 3 || hd.compression === 6) ? 12 : 0;
  return Math.min(h.length, hd.headerSize + masks + entries * entry);
}

function paletteSize(h: DibHeader): number {
  if (h.bitCount > 8) return h.colorsUsed > 0 && h.colorsUsed <= 256 ? h.colorsUsed : 0;
  const full = 1 << h.bitCount;
  return h.colorsUsed > 0 && h.colorsUsed < full ? h.colorsUsed : full;
}

/** A DIB's pixels: header + colour table in `info`, pixel bits in `bits`, `usage` as in the record. */
export interface Dib {
  readonly info: Uint8Array;
  readonly bits: Uint8Array;
  readonly usage: number;
}

/**
 * Decodes a DIB into a PNG or passes an embedded JPEG/PNG (BI_JPEG, BI_PNG) through. `usage` 1
 * (DIB_PAL_COLORS) has palette indices instead of colours; they are shown as grey levels. A `mask`
 * (the one-bit AND half of a masked icon) makes its white pixels transparent. Returns a reason
 * string when the bitmap cannot be drawn.
 */
export function dibToImage(info: Uint8Array, bits: Uint8Array, usage: number, src?: SourceRect, withAlpha = false, mask?: Dib): LayoutImage | string {
  const h = readHeader(info);
  if (typeof h === 'string') return h;
  if (h.compression === 4) return { contentType: 'image/jpeg', data: bits };
  if (h.compression === 5) return { contentType: 'image/png', data: bits };
  const px = decodePixels(h, info, bits, usage, src);
  if (typeof px === 'string') return px;
  // A 32-bit bitmap whose alpha bytes are all zero is opaque (the bytes are unused, not transparent).
  let alpha = withAlpha && h.bitCount === 32 && px.anyAlpha;
  if (!alpha) for (let i = 3; i < px.rgba.length; i += 4) px.rgba[i] = 255;
  const m = mask ? readHeader(mask.info) : undefined;
  if (mask && m && typeof m !== 'string' && m.compression === 0) {
    const mp = decodePixels(m, mask.info, mask.bits, mask.usage, src);
    if (typeof mp !== 'string' && mp.w === px.w && mp.h === px.h) {
      for (let i = 0; i < px.w * px.h; i++) if (mp.rgba[i * 4]! > 127) px.rgba[i * 4 + 3] = 0;
      alpha = true;
    }
  }
  return { contentType: 'image/png', data: encodePng(px.w, px.h, px.rgba, alpha) };
}

/** Decodes the pixels of the source rectangle to RGBA (alpha as stored for 32-bit bitmaps). */
function decodePixels(h: DibHeader, info: Uint8Array, bits: Uint8Array, usage: number, src?: SourceRect): { w: number; h: number; rgba: Uint8Array; anyAlpha: boolean } | string {
  if (h.width <= 0 || h.height <= 0) return `bitmap of ${h.width} × ${h.height} pixels`;
  if (h.width * h.height > MAX_DIB_PIXELS) return `bitmap of ${h.width} × ${h.height} pixels is over the limit`;
  if (![1, 4, 8, 16, 24, 32].includes(h.bitCount)) return `bitmap of ${h.bitCount} bits per pixel`;
  const palette = readPalette(info, h, usage);
  let indices: Uint8Array | undefined;
  if (h.compression === 1 || h.compression === 2) indices = decodeRle(bits, h.width, h.height, h.compression === 2);
  else if (h.compression !== 0 && h.compression !== 3 && h.compression !== 6) return `bitmap compression ${h.compression}`;
  const stride = (((h.width * h.bitCount + 31) >>> 5) << 2);
  if (!indices && bits.length < stride * (h.height - 1) + Math.ceil((h.width * h.bitCount) / 8)) return 'bitmap bits are truncated';
  const r = clampRect(src, h.width, h.height);
  const rgba = new Uint8Array(r.w * r.h * 4);
  let anyAlpha = false;
  for (let y = 0; y < r.h; y++) {
    const sy = r.y + y;
    const row = h.topDown ? sy : h.height - 1 - sy;
    for (let x = 0; x < r.w; x++) {
      const sx = r.x + x;
      const o = (y * r.w + x) * 4;
      const px = indices ? palette[indices[row * h.width + sx]!] ?? 0 : pixel(bits, row * stride, sx, h, palette);
      rgba[o] = (px >>> 16) & 0xff;
      rgba[o + 1] = (px >>> 8) & 0xff;
      rgba[o + 2] = px & 0xff;
      const a = h.bitCount === 32 ? px >>> 24 : 255;
      rgba[o + 3] = a;
      if (a !== 0) anyAlpha = true;
    }
  }
  return { w: r.w, h: r.h, rgba, anyAlpha };
}

function clampRect(src: SourceRect | undefined, w: number, h: number): SourceRect {
  if (!src) return { x: 0, y: 0, w, h };
  const x = Math.max(0, Math.min(w - 1, Math.trunc(src.x)));
  const y = Math.max(0, Math.min(h - 1, Math.trunc(src.y)));
  const ww = Math.max(1, Math.min(w - x, Math.trunc(Math.abs(src.w)) || w));
  const hh = Math.max(1, Math.min(h - y, Math.trunc(Math.abs(src.h)) || h));
  return { x, y, w: ww, h: hh };
}

function readPalette(info: Uint8Array, h: DibHeader, usage: number): number[] {
  const n = paletteSize(h);
  const out: number[] = [];
  const core = h.headerSize === 12;
  const start = h.headerSize + (h.headerSize === 40 && (h.compression === 3 || h.compression === 6) ? 12 : 0);
  const entry = core ? 3 : usage === 1 ? 2 : 4;
  for (let i = 0; i < n; i++) {
    const o = start + i * entry;
    if (o + entry > info.length) {
      // A missing colour table: a two-colour bitmap is black and white, others grey ramps.
      const g = n <= 1 ? 0 : Math.round((i * 255) / (n - 1));
      out.push((g << 16) | (g << 8) | g);
      continue;
    }
    if (usage === 1) {
      const g = info[o]! & 0xff;
      out.push((g << 16) | (g << 8) | g);
    } else out.push((info[o + 2]! << 16) | (info[o + 1]! << 8) | info[o]!);
  }
  return out;
}

function pixel(bits: Uint8Array, rowStart: number, x: number, h: DibHeader, palette: readonly number[]): number {
  switch (h.bitCount) {
    case 1:
      return palette[(bits[rowStart + (x >>> 3)]! >>> (7 - (x & 7))) & 1] ?? 0;
    case 4:
      return palette[(bits[rowStart + (x >>> 1)]! >>> (x & 1 ? 0 : 4)) & 15] ?? 0;
    case 8:
      return palette[bits[rowStart + x]!] ?? 0;
    case 16: {
      const v = bits[rowStart + 2 * x]! | (bits[rowStart + 2 * x + 1]! << 8);
      const m = h.masks ?? [0x7c00, 0x03e0, 0x001f, 0];
      return ((field(v, m[0]) << 16) | (field(v, m[1]) << 8) | field(v, m[2])) >>> 0;
    }
    case 24: {
      const o = rowStart + 3 * x;
      return (bits[o + 2]! << 16) | (bits[o + 1]! << 8) | bits[o]!;
    }
    default: {
      const o = rowStart + 4 * x;
      const v = (bits[o]! | (bits[o + 1]! << 8) | (bits[o + 2]! << 16) | (bits[o + 3]! << 24)) >>> 0;
      if (!h.masks) return v;
      return ((field(v, h.masks[3] || 0xff000000) << 24) | (field(v, h.masks[0]) << 16) | (field(v, h.masks[1]) << 8) | field(v, h.masks[2])) >>> 0;
    }
  }
}

/** The value of a bit-field mask scaled to 0..255. */
function field(v: number, mask: number): number {
  if (mask === 0) return 0;
  let shift = 0;
  while (((mask >>> shift) & 1) === 0 && shift < 31) shift++;
  const max = mask >>> shift;
  return max === 0 ? 0 : Math.round((((v & mask) >>> 0) >>> shift) * 255 / max);
}

/** BI_RLE8 / BI_RLE4 ([MS-WMF] 3.1.6 Bitmap Compression) into one palette index per pixel, bottom-up rows. */
function decodeRle(src: Uint8Array, w: number, h: number, four: boolean): Uint8Array {
  const out = new Uint8Array(w * h);
  let x = 0;
  let y = 0;
  let i = 0;
  const put = (v: number) => {
    if (x < w && y < h) out[y * w + x] = v;
    x++;
  };
  while (i + 1 < src.length && y < h) {
    const n = src[i]!;
    const c = src[i + 1]!;
    i += 2;
    if (n > 0) {
      for (let k = 0; k < n; k++) put(four ? (k & 1 ? c & 15 : c >>> 4) : c);
    } else if (c === 0) {
      x = 0;
      y++;
    } else if (c === 1) break;
    else if (c === 2) {
      if (i + 1 >= src.length) break;
      x += src[i]!;
      y += src[i + 1]!;
      i += 2;
    } else {
      const bytes = four ? (c + 1) >> 1 : c;
      for (let k = 0; k < c && i + (four ? k >> 1 : k) < src.length; k++) put(four ? (k & 1 ? src[i + (k >> 1)]! & 15 : src[i + (k >> 1)]! >>> 4) : src[i + k]!);
      i += bytes + (bytes & 1);
    }
  }
  // Row 0 is the bottom row, the stored order of a bottom-up DIB, which is how pixels are read.
  return out;
}

/** Encodes 8-bit RGBA pixels as a PNG (RGB when `alpha` is false), ISO/IEC 15948 §11. */
export function encodePng(w: number, h: number, rgba: Uint8Array, alpha: boolean): Uint8Array {
  const channels = alpha ? 4 : 3;
  const raw = new Uint8Array(h * (w * channels + 1));
  let o = 0;
  for (let y = 0; y < h; y++) {
    raw[o++] = 0;
    for (let x = 0; x < w; x++) {
      const s = (y * w + x) * 4;
      raw[o++] = rgba[s]!;
      raw[o++] = rgba[s + 1]!;
      raw[o++] = rgba[s + 2]!;
      if (alpha) raw[o++] = rgba[s + 3]!;
    }
  }
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, w);
  v.setUint32(4, h);
  ihdr[8] = 8;
  ihdr[9] = alpha ? 6 : 2;
  const parts = [Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), chunk('IHDR', ihdr), chunk('IDAT', deflateZlib(raw)), chunk('IEND', new Uint8Array(0))];
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  n = 0;
  for (const p of parts) {
    out.set(p, n);
    n += p.length;
  }
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  v.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}
