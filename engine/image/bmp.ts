/**
 * BMP and DIB (Microsoft "Bitmap Storage": BITMAPFILEHEADER, BITMAPCOREHEADER / BITMAPINFOHEADER /
 * V4 / V5, [MS-WMF] §2.2.2.3 for the same structures inside metafiles) → DecodedImage. 1/4/8-bit
 * palettes, 16/24/32-bit BI_RGB, BI_BITFIELDS and BI_ALPHABITFIELDS masks, BI_RLE8 and BI_RLE4,
 * bottom-up and top-down rows; a 32-bit BI_RGB bitmap whose fourth bytes are not all zero keeps them
 * as alpha (as browsers do).
 */
import type { Diagnostic, Result } from '../core';
import { abort, warning } from '../core';
import { decodeRle } from './bmp-rle';
import { alphaIfUsed, badImage, checkDimensions, checkFillable, DEFAULT_IMAGE_LIMITS, fullPalette, runDecoder, u16, u32, type DecodedImage, type ImageLimits } from './types';

/** The parsed header of a DIB, with where its palette and pixels start. */
export interface DibHeader {
  readonly width: number;
  readonly height: number;
  readonly topDown: boolean;
  readonly bpp: number;
  readonly compression: number;
  /** Red, green, blue and alpha masks for 16/32-bit pixels. */
  readonly masks: readonly [number, number, number, number];
  /** RGB triples (256 entries) for 1/4/8-bit pixels. */
  readonly palette: Uint8Array;
  /** Where the palette (or the pixel bits, without one) starts: the earliest bfOffBits can point. */
  readonly paletteOffset: number;
  /** Offset of the pixel bits when the header does not say (right after the palette). */
  readonly bitsOffset: number;
}

/** Decodes a .bmp file (BITMAPFILEHEADER + DIB); damaged files give a failed Result, never a throw. */
export function decodeBmp(bytes: Uint8Array, limits: ImageLimits = DEFAULT_IMAGE_LIMITS): Result<DecodedImage> {
  return runDecoder('BMP', (warnings) => {
    if (bytes.length < 26 || bytes[0] !== 0x42 || bytes[1] !== 0x4d) badImage('The picture is not a BMP file.');
    const header = readDibHeader(bytes, 14, limits);
    const declared = u32(bytes, 10, true);
    // bfOffBits wins when it points inside the file past the header (a palette shorter than biClrUsed
    // implies ends where it says); zero or past the end (seen in real files) falls back to the palette's end.
    const offset = declared >= header.paletteOffset && declared < bytes.length ? declared : header.bitsOffset;
    return decodeDibBits(bytes, offset, header, warnings);
  });
}

/** Decodes a packed DIB (header, masks, palette, bits; no file header), as clipboards and metafiles hold them. */
export function decodeDib(bytes: Uint8Array, limits: ImageLimits = DEFAULT_IMAGE_LIMITS): Result<DecodedImage> {
  return runDecoder('DIB', (warnings) => {
    const header = readDibHeader(bytes, 0, limits);
    return decodeDibBits(bytes, header.bitsOffset, header, warnings);
  });
}

/** How decodeDibParts reads a DIB whose header and bits are held apart. */
export interface DibPartsOptions {
  readonly limits?: ImageLimits;
  /**
   * DIB_PAL_COLORS ([MS-WMF] 2.1.1.3 ColorUsage): the colour table holds 16-bit indices into a
   * logical palette that is not at hand; each index is shown as a grey level.
   */
  readonly paletteIndices?: boolean;
  /**
   * Alpha stored in the pixels: `stored` reads it as a .bmp file does (default); `none` ignores it
   * (the bitmap is copied, not blended); `blend` reads a 32-bit pixel's fourth byte as alpha even
   * when the header's masks name none, as AlphaBlend with AC_SRC_ALPHA does ([MS-EMF] 2.3.1.1).
   */
  readonly alpha?: 'stored' | 'none' | 'blend';
}

/**
 * Decodes a DIB given as its header (with masks and colour table) and its pixel bits apart, as
 * metafile records ([MS-WMF] 2.2.2.9, [MS-EMF] 2.3.1) hold them. Pixels the bits do not reach
 * (short data, RLE skips) are transparent.
 */
export function decodeDibParts(info: Uint8Array, bits: Uint8Array, options: DibPartsOptions = {}): Result<DecodedImage> {
  return runDecoder('DIB', (warnings) => {
    const header = readDibHeader(info, 0, options.limits ?? DEFAULT_IMAGE_LIMITS, options.paletteIndices);
    const [r, g, b, a] = header.masks;
    const blend = options.alpha === 'blend' && header.bpp === 32 && header.compression !== 0 && a === 0;
    return decodeDibBits(bits, 0, blend ? { ...header, masks: [r, g, b, 0xff000000] } : header, warnings, options.alpha === 'none');
  });
}

/**
 * Reads a DIB header at `h` (BITMAPCOREHEADER when 12 bytes, BITMAPINFOHEADER and its extensions
 * otherwise). Colour-table entries past the end of `b` read as a grey ramp (black and white for two).
 */
export function readDibHeader(b: Uint8Array, h: number, limits: ImageLimits, paletteIndices = false): DibHeader {
  const size = u32(b, h, true);
  if (size !== 12 && (size < 16 || size > 1024)) badImage(`The bitmap has an unknown header size (${size}).`);
  if (h + size > b.length) badImage('The bitmap is truncated in its header.');
  const core = size === 12;
  const width = core ? u16(b, h + 4, true) : u32(b, h + 4, true) | 0;
  const rawHeight = core ? u16(b, h + 6, true) : u32(b, h + 8, true) | 0;
  const bpp = u16(b, h + (core ? 10 : 14), true);
  // The 16-byte OS/2 2.x short header ends before biCompression: it is uncompressed.
  const compression = core || size < 20 ? 0 : u32(b, h + 16, true);
  const height = Math.abs(rawHeight);
  checkDimensions('BMP', width, height, limits);
  if (![1, 4, 8, 16, 24, 32].includes(bpp)) badImage(`The bitmap has an unsupported bit depth (${bpp}).`);
  if (size === 64 && (compression === 3 || compression === 4)) abort('render/unsupported-image', 'OS/2 Huffman and RLE24 bitmaps are not supported.');
  if (compression === 4 || compression === 5) abort('render/unsupported-image', `A bitmap wrapping ${compression === 4 ? 'JPEG' : 'PNG'} data is not supported.`);
  const bitfields = compression === 3 || compression === 6;
  // BITMAPINFOHEADER keeps its masks after the header (§2.2.2.3); V2 and later headers hold them inside.
  const maskAt = size >= 52 ? h + 40 : h + size;
  const extraMasks = bitfields && size < 52 ? (compression === 6 ? 16 : 12) : 0;
  const masks = bitfields ? ([u32(b, maskAt, true), u32(b, maskAt + 4, true), u32(b, maskAt + 8, true), compression === 6 || size >= 56 ? u32(b, maskAt + 12, true) : 0] as const) : defaultMasks(bpp);
  const paletteAt = h + size + extraMasks;
  const entry = core ? 3 : paletteIndices ? 2 : 4;
  const clrUsed = core || size < 36 ? 0 : u32(b, h + 32, true);
  const declared = bpp <= 8 ? (clrUsed > 0 && clrUsed < 1 << bpp ? clrUsed : 1 << bpp) : Math.min(clrUsed, 256);
  const count = Math.max(0, Math.min(declared, Math.floor((b.length - paletteAt) / entry)));
  if (rawHeight < 0 && (compression === 1 || compression === 2)) badImage('A run-length encoded bitmap cannot be top-down.');
  const palette = readPalette(b, paletteAt, entry, count, declared, paletteIndices);
  return { width, height, topDown: rawHeight < 0, bpp, compression, masks, palette, paletteOffset: paletteAt, bitsOffset: paletteAt + count * entry };
}

/** The colour table as 256 RGB triples: `count` entries read, grey levels for the rest of `declared`. */
function readPalette(b: Uint8Array, at: number, entry: number, count: number, declared: number, indices: boolean): Uint8Array {
  const palette = new Uint8Array(768);
  for (let i = 0; i < Math.min(declared, 256); i++) {
    const q = at + i * entry;
    const grey = i >= count ? (declared <= 1 ? 0 : Math.round((i * 255) / (declared - 1))) : indices ? b[q]! : -1;
    palette[i * 3] = grey >= 0 ? grey : b[q + 2]!;
    palette[i * 3 + 1] = grey >= 0 ? grey : b[q + 1]!;
    palette[i * 3 + 2] = grey >= 0 ? grey : b[q]!;
  }
  return palette;
}

function defaultMasks(bpp: number): readonly [number, number, number, number] {
  if (bpp === 16) return [0x7c00, 0x03e0, 0x001f, 0];
  return [0xff0000, 0xff00, 0xff, 0];
}

/** Decodes the pixel bits at `offset` described by `hd`; `opaque` ignores alpha stored in the pixels. */
export function decodeDibBits(b: Uint8Array, offset: number, hd: DibHeader, warnings: Diagnostic[], opaque = false): DecodedImage {
  const { width, height, bpp, compression } = hd;
  if (compression === 1 || compression === 2) {
    if (bpp !== (compression === 1 ? 8 : 4)) badImage(`The bitmap's RLE${compression === 1 ? 8 : 4} compression does not match its ${bpp}-bit depth.`);
    const data = b.subarray(Math.min(offset, b.length));
    // Each 2-byte run draws at most 255 pixels.
    checkFillable('BMP', width, height, 128 * data.length);
    const rle = decodeRle(data, width, height, bpp);
    if (rle.damaged) warnings.push(warning('render/bad-image', 'The bitmap\'s run-length data is damaged or short; undrawn pixels are left transparent.'));
    return { width, height, color: 'indexed', palette: fullPalette(hd.palette), samples: rle.indices, ...alphaIfUsed(rle.alpha) };
  }
  if (compression !== 0 && compression !== 3 && compression !== 6) abort('render/unsupported-image', `The bitmap uses an unknown compression (${compression}).`);
  const stride = Math.floor((width * bpp + 31) / 32) * 4;
  const available = Math.max(0, b.length - offset);
  // The last row counts when its pixels are there without its padding.
  const rows = Math.min(height, Math.floor((available + stride - Math.ceil((width * bpp) / 8)) / stride));
  if (rows === 0) badImage('The bitmap has no pixel data.');
  checkFillable('BMP', width, height, rows * width);
  if (rows < height) warnings.push(warning('render/bad-image', `The bitmap is truncated (${rows} of ${height} rows); the rest is left transparent.`));
  const indexed = bpp <= 8;
  const samples = new Uint8Array(width * height * (indexed ? 1 : 3));
  const alpha = new Uint8Array(width * height);
  // An alpha mask (V4/V5 headers, BI_ALPHABITFIELDS) applies to 16- and 32-bit pixels; a 32-bit BI_RGB
  // bitmap uses its fourth bytes only when some is not zero (all zero means an opaque XRGB bitmap).
  const useAlpha = !opaque && ((bpp === 16 || bpp === 32) && compression !== 0 ? hd.masks[3] !== 0 : bpp === 32 && hasAlphaBytes(b, offset, rows * stride));
  const fields = hd.masks.map(maskField);
  for (let r = 0; r < rows; r++) {
    const y = hd.topDown ? r : height - 1 - r;
    const src = offset + r * stride;
    alpha.fill(255, y * width, (y + 1) * width);
    if (indexed) readIndexedRow(b, src, width, bpp, samples, y * width);
    else for (let x = 0; x < width; x++) {
      const at = y * width + x;
      if (bpp === 24) {
        samples[at * 3] = b[src + x * 3 + 2]!;
        samples[at * 3 + 1] = b[src + x * 3 + 1]!;
        samples[at * 3 + 2] = b[src + x * 3]!;
        continue;
      }
      const v = bpp === 16 ? u16(b, src + x * 2, true) : u32(b, src + x * 4, true);
      samples[at * 3] = fields[0]!(v);
      samples[at * 3 + 1] = fields[1]!(v);
      samples[at * 3 + 2] = fields[2]!(v);
      if (useAlpha) alpha[at] = compression === 0 ? b[src + x * 4 + 3]! : fields[3]!(v);
    }
  }
  // An alpha mask whose every pixel reads 0 is a writer that fills no alpha (common with V5 headers):
  // browsers show such a bitmap opaque rather than invisible, and so do we.
  const decodedFrom = hd.topDown ? 0 : (height - rows) * width;
  if (useAlpha && hd.masks[3] !== 0 && !hasVisiblePixel(alpha, decodedFrom, rows * width)) alpha.fill(255, decodedFrom, decodedFrom + rows * width);
  return { width, height, color: indexed ? 'indexed' : 'rgb', ...(indexed ? { palette: fullPalette(hd.palette) } : {}), samples, ...alphaIfUsed(alpha) };
}

function readIndexedRow(b: Uint8Array, src: number, width: number, bpp: number, out: Uint8Array, at: number): void {
  const perByte = 8 / bpp;
  const mask = (1 << bpp) - 1;
  for (let x = 0; x < width; x++) {
    const byte = b[src + Math.floor(x / perByte)]!;
    out[at + x] = (byte >> (8 - bpp * ((x % perByte) + 1))) & mask;
  }
}

function hasVisiblePixel(alpha: Uint8Array, from: number, n: number): boolean {
  for (let i = from; i < from + n; i++) if (alpha[i] !== 0) return true;
  return false;
}

function hasAlphaBytes(b: Uint8Array, offset: number, n: number): boolean {
  for (let i = offset + 3; i < Math.min(b.length, offset + n); i += 4) if (b[i] !== 0) return true;
  return false;
}

/** A reader of one colour mask, scaled to 0–255 (a zero mask reads as 0). */
function maskField(mask: number): (v: number) => number {
  if (mask === 0) return () => 0;
  let shift = 0;
  while (((mask >>> shift) & 1) === 0 && shift < 32) shift++;
  const max = mask >>> shift;
  return (v) => Math.floor((((v & mask) >>> shift) * 255 + (max >>> 1)) / max) & 255;
}
