/**
 * PNG → PDF image XObject data without a decode/re-encode round trip where possible; written by
 * the document renderer (pdf-lib) and by signature appearances (the incremental-update writer).
 *
 * A PNG's IDAT stream is zlib data with per-row filters, which PDF's FlateDecode with the PNG
 * predictors reads as it is (ISO 32000-1 §7.4.4.4). Opaque greyscale, RGB and palette images are
 * therefore copied through; a greyscale or RGB tRNS key colour becomes a colour-key /Mask. Images
 * with an alpha channel (or interlacing, or 16-bit samples with alpha) are unfiltered here, split
 * into colour and an /SMask, and compressed again with the fast deflater of zip/.
 */
import { inflateSync } from 'fflate';
import { abort } from '../core';
import { deflateZlib, type InflateRaw } from '../zip';
import { checkFillable } from './types';

/** What is needed to write an image XObject (and its soft mask). */
export interface PdfImageData {
  readonly width: number;
  readonly height: number;
  readonly colorSpace: 'DeviceGray' | 'DeviceRGB' | { readonly palette: Uint8Array; readonly base: 'DeviceRGB' };
  readonly bitsPerComponent: number;
  /** Flate-compressed samples. */
  readonly data: Uint8Array;
  /** PNG predictor parameters when `data` is copied from IDAT. */
  readonly decodeParms?: { readonly Predictor: 15; readonly Colors: number; readonly BitsPerComponent: number; readonly Columns: number };
  /** A colour-key mask (ISO 32000-1 §8.9.6.4), min and max per component: a PNG's tRNS key colour. */
  readonly colorKey?: readonly number[];
  /** Alpha as a separate greyscale image. */
  readonly smask?: { readonly data: Uint8Array; readonly bitsPerComponent: number };
}

const MAX_PIXELS = 100_000_000;
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;


/** Converts PNG bytes to PDF image data. Throws a DiagnosticError for damaged or unsupported files. */
export function pngToPdfImage(png: Uint8Array, inflateRaw?: InflateRaw): PdfImageData {
  const info = readChunks(png);
  const { width, height, bitDepth, colorType, interlace } = info;
  if (width * height > MAX_PIXELS) abort('render/image-too-large', `A ${width}×${height} picture is larger than the ${MAX_PIXELS}-pixel limit.`);
  const colors = colorType === 2 ? 3 : colorType === 6 ? 4 : colorType === 4 ? 2 : 1;
  const hasAlpha = colorType === 4 || colorType === 6;
  const paletteAlpha = colorType === 3 && info.trns !== undefined;
  if (!hasAlpha && !paletteAlpha && interlace === 0) {
    return {
      width,
      height,
      colorSpace: colorType === 3 ? { palette: info.palette ?? new Uint8Array(3), base: 'DeviceRGB' } : colorType === 2 ? 'DeviceRGB' : 'DeviceGray',
      bitsPerComponent: bitDepth,
      data: info.idat,
      decodeParms: { Predictor: 15, Colors: colors, BitsPerComponent: bitDepth, Columns: width },
      ...colorKey(info),
    };
  }
  // Decode: inflate, unfilter (and de-interlace), then split colour and alpha.
  const expected = rawSize(width, height, colors, bitDepth, interlace);
  // Deflate turns a byte into at most 1,032 (258-byte matches of 2 bits), so a few bytes declaring a
  // huge picture are refused before its buffers are allocated, as GIF's codes are (checkFillable).
  checkFillable('PNG', width, height, Math.floor((DEFLATE_MAX_RATIO * info.idat.length * width * height) / expected));
  const raw = inflateIdat(info.idat, expected, inflateRaw);
  const pixels = interlace === 0 ? unfilter(raw, width, height, colors, bitDepth, 0, true) : deinterlace(raw, width, height, colors, bitDepth);
  if (colorType === 3) return paletteImage(pixels, info, width, height, bitDepth);
  if (!hasAlpha) {
    // Interlaced but opaque: the de-interlaced samples, compressed again.
    return { width, height, colorSpace: colors === 3 ? 'DeviceRGB' : 'DeviceGray', bitsPerComponent: bitDepth, data: deflateZlib(pixels), ...colorKey(info) };
  }
  const bpc = bitDepth === 16 ? 8 : bitDepth;
  const { colorOut, alphaOut, opaque } = splitAlpha(pixels, width * height, colors, bitDepth === 16 ? 2 : 1);
  return {
    width,
    height,
    colorSpace: colors === 4 ? 'DeviceRGB' : 'DeviceGray',
    bitsPerComponent: bpc,
    data: deflateZlib(colorOut),
    ...(opaque ? {} : { smask: { data: deflateZlib(alphaOut), bitsPerComponent: 8 } }),
  };
}

/** Most bytes one byte of deflate data can stand for (RFC 1951: a 258-byte match coded in 2 bits). */
export const DEFLATE_MAX_RATIO = 1032;

/**
 * Inflates IDAT (a zlib stream, RFC 1950) into at most `expected` bytes. The header is checked here
 * and both inflaters read the raw deflate data after it (what follows the stream, its Adler-32
 * trailer or anything else, is ignored), so the host's native inflater and fflate agree: data past
 * the image's rows is dropped (the native one, bounded to `expected`, throws there, and fflate,
 * which stops at the end of its buffer, finishes the job), and a damaged or truncated stream is a
 * `render/bad-image` from either.
 */
export function inflateIdat(idat: Uint8Array, expected: number, inflateRaw: InflateRaw | undefined): Uint8Array {
  const cmf = idat[0] ?? 0;
  const flg = idat[1] ?? 0;
  // RFC 1950 §2.2: method 8 (deflate), a window of at most 32 KB, FCHECK, no preset dictionary.
  if (idat.length < 2 || (cmf & 15) !== 8 || cmf >> 4 > 7 || ((cmf << 8) | flg) % 31 !== 0 || (flg & 32) !== 0) {
    abort('render/bad-image', 'The PNG picture\'s image data is not a zlib stream.');
  }
  const data = idat.subarray(2);
  if (inflateRaw) {
    try {
      return inflateRaw(data, expected);
    } catch {
      // Past `expected`, or damaged: fflate tells which.
    }
  }
  try {
    return inflateSync(data, { out: new Uint8Array(expected) });
  } catch (e) {
    return abort('render/bad-image', `The PNG picture's image data is damaged or truncated (${e instanceof Error ? e.message : String(e)}).`);
  }
}

/**
 * Splits interleaved samples (the last of `colors` is alpha; `step` 2 keeps the high byte of 16-bit
 * ones) into colour and alpha planes, noting whether every pixel is opaque on the way: a separate
 * pass over the alpha plane was a callback per pixel. RGBA, the usual case, has its own loop.
 */
function splitAlpha(pixels: Uint8Array, n: number, colors: number, step: number): { colorOut: Uint8Array; alphaOut: Uint8Array; opaque: boolean } {
  const colorOut = new Uint8Array(n * (colors - 1));
  const alphaOut = new Uint8Array(n);
  let all = 255;
  if (colors === 4 && step === 1 && LITTLE_ENDIAN && pixels.byteOffset % 4 === 0) {
    // One 32-bit read a pixel: R in the low byte, alpha in the high one.
    const words = new Uint32Array(pixels.buffer, pixels.byteOffset, n);
    for (let i = 0, c = 0; i < n; i++, c += 3) {
      const v = words[i]!;
      colorOut[c] = v;
      colorOut[c + 1] = v >>> 8;
      colorOut[c + 2] = v >>> 16;
      const a = v >>> 24;
      alphaOut[i] = a;
      all &= a;
    }
  } else if (colors === 4 && step === 1) {
    for (let i = 0, c = 0, p = 0; i < n; i++, p += 4) {
      colorOut[c++] = pixels[p]!;
      colorOut[c++] = pixels[p + 1]!;
      colorOut[c++] = pixels[p + 2]!;
      const a = pixels[p + 3]!;
      alphaOut[i] = a;
      all &= a;
    }
  } else {
    for (let i = 0, c = 0; i < n; i++) {
      const base = i * colors * step;
      for (let k = 0; k < colors - 1; k++) colorOut[c++] = pixels[base + k * step]!;
      const a = pixels[base + (colors - 1) * step]!;
      alphaOut[i] = a;
      all &= a;
    }
  }
  return { colorOut, alphaOut, opaque: all === 255 };
}

export interface PngInfo {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlace: number;
  idat: Uint8Array;
  palette?: Uint8Array;
  trns?: Uint8Array;
}

/**
 * The bit depths each colour type allows (PNG §11.2.2, Table 11.1). Others are refused: an RGBA
 * image of 4-bit samples would be split into planes its rows do not fill.
 */
const DEPTHS: Readonly<Record<number, readonly number[]>> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

export function readChunks(png: Uint8Array): PngInfo {
  const v = new DataView(png.buffer, png.byteOffset, png.byteLength);
  if (png.length < 33 || v.getUint32(0) !== 0x89504e47) abort('render/bad-image', 'The picture is not a PNG file.');
  let p = 8;
  const idat: Uint8Array[] = [];
  let info: Partial<PngInfo> = {};
  while (p + 8 <= png.length) {
    const len = v.getUint32(p);
    const type = String.fromCharCode(png[p + 4]!, png[p + 5]!, png[p + 6]!, png[p + 7]!);
    const start = p + 8;
    if (start + len > png.length) abort('render/bad-image', 'The PNG picture is truncated.');
    const body = png.subarray(start, start + len);
    if (type === 'IHDR') {
      info = { width: v.getUint32(start), height: v.getUint32(start + 4), bitDepth: png[start + 8]!, colorType: png[start + 9]!, interlace: png[start + 12]! };
    } else if (type === 'PLTE') info.palette = body;
    else if (type === 'tRNS') info.trns = body;
    else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    p = start + len + 4;
  }
  const { width, height, bitDepth, colorType } = info;
  if (!width || !height || bitDepth === undefined || colorType === undefined || !DEPTHS[colorType]?.includes(bitDepth) || (info.interlace !== 0 && info.interlace !== 1)) {
    abort('render/bad-image', 'The PNG picture has a damaged or unsupported header.');
  }
  if (idat.length === 0) abort('render/bad-image', 'The PNG picture has no image data.');
  let total = 0;
  for (const c of idat) total += c.length;
  const joined = idat.length === 1 ? idat[0]! : new Uint8Array(total);
  if (idat.length > 1) {
    let o = 0;
    for (const c of idat) {
      joined.set(c, o);
      o += c.length;
    }
  }
  return { width, height, bitDepth, colorType, interlace: info.interlace ?? 0, idat: joined, ...(info.palette ? { palette: info.palette } : {}), ...(info.trns ? { trns: info.trns } : {}) };
}

/**
 * The tRNS chunk of a greyscale or RGB PNG names one colour that is transparent (ISO/IEC 15948
 * §11.3.2.1); PDF says the same with a colour-key mask of that sample value per component.
 */
function colorKey(info: PngInfo): { colorKey: number[] } | Record<string, never> {
  const t = info.trns;
  const n = info.colorType === 2 ? 3 : info.colorType === 0 ? 1 : 0;
  if (!t || n === 0 || t.length < 2 * n) return {};
  const max = 2 ** info.bitDepth - 1;
  const key: number[] = [];
  for (let i = 0; i < n; i++) {
    const v = ((t[2 * i]! << 8) | t[2 * i + 1]!) & max;
    key.push(v, v);
  }
  return { colorKey: key };
}

function rowBytes(width: number, colors: number, bitDepth: number): number {
  return Math.ceil((width * colors * bitDepth) / 8);
}

const PASSES = [
  [0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2],
] as const;

export function rawSize(width: number, height: number, colors: number, bitDepth: number, interlace: number): number {
  if (interlace === 0) return (rowBytes(width, colors, bitDepth) + 1) * height;
  let n = 0;
  for (const [x0, y0, dx, dy] of PASSES) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w > 0 && h > 0) n += (rowBytes(w, colors, bitDepth) + 1) * h;
  }
  return n;
}

/**
 * Reverses the PNG row filters (PNG spec §9) into packed rows without filter bytes. Each filter has
 * its own loop, and the row's first pixel (no left neighbour) and the first row (no row above) are
 * done apart, so the inner loops carry no bounds tests: on the first pixel Sub is a copy, Average
 * adds half of b and Paeth adds b; on the first row Up is a copy, Average adds half of a and Paeth
 * adds a (PNG spec §9.4: the missing neighbours are 0). A store into a Uint8Array wraps modulo 256,
 * which is the filters' arithmetic.
 */
export function unfilter(raw: Uint8Array, width: number, height: number, colors: number, bitDepth: number, offset = 0, inPlace = false): Uint8Array {
  const stride = rowBytes(width, colors, bitDepth);
  const bpp = Math.max(1, (colors * bitDepth) >> 3);
  const lead = Math.min(bpp, stride);
  // In place (a caller done with `raw`, its rows all there): row y is written at y × stride, before
  // its own filtered bytes at y × (stride + 1) + 1 and after the row above, so a filter that reads
  // its row in order reads nothing it has overwritten. A 100-megapixel RGBA picture held its 400 MB
  // twice while unfiltering.
  const out = inPlace && offset === 0 && raw.length >= (stride + 1) * height ? raw.subarray(0, stride * height) : new Uint8Array(stride * height);
  let scratch: Uint8Array | undefined;
  for (let y = 0; y < height; y++) {
    const src = offset + y * (stride + 1) + 1;
    if (src + stride > raw.length) break;
    const row = y * stride;
    const filter = raw[src - 1]!;
    if (filter === 0 || (filter === 2 && y === 0)) out.set(raw.subarray(src, src + stride), row);
    else if (filter === 1 || (filter === 4 && y === 0)) unfilterSub(raw, out, src, row, stride, bpp, lead);
    else if (filter === 2) for (let x = 0, p = row - stride; x < stride; x++) out[row + x] = raw[src + x]! + out[p + x]!;
    else if (filter === 3) unfilterAverage(raw, out, src, row, stride, bpp, lead, y > 0);
    else if (filter === 4 && out.buffer === raw.buffer) {
      // Paeth walks the row one byte lane after another, so in place it would read bytes an earlier
      // lane has written: the row's filtered bytes are read from a copy.
      (scratch ??= new Uint8Array(stride)).set(raw.subarray(src, src + stride));
      unfilterPaeth(scratch, out, 0, row, stride, bpp, lead);
    } else if (filter === 4) unfilterPaeth(raw, out, src, row, stride, bpp, lead);
    else abort('render/bad-image', `The PNG picture uses an unknown row filter (${filter}).`);
  }
  return out;
}

function unfilterSub(raw: Uint8Array, out: Uint8Array, src: number, row: number, stride: number, bpp: number, lead: number): void {
  out.set(raw.subarray(src, src + lead), row);
  for (let x = lead; x < stride; x++) out[row + x] = raw[src + x]! + out[row + x - bpp]!;
}

function unfilterAverage(raw: Uint8Array, out: Uint8Array, src: number, row: number, stride: number, bpp: number, lead: number, hasPrev: boolean): void {
  if (!hasPrev) {
    out.set(raw.subarray(src, src + lead), row);
    for (let x = lead; x < stride; x++) out[row + x] = raw[src + x]! + (out[row + x - bpp]! >> 1);
    return;
  }
  const prev = row - stride;
  for (let x = 0; x < lead; x++) out[row + x] = raw[src + x]! + (out[prev + x]! >> 1);
  for (let x = lead; x < stride; x++) out[row + x] = raw[src + x]! + ((out[row + x - bpp]! + out[prev + x]!) >> 1);
}

/**
 * Paeth below the first row (the first row is Sub). Each byte lane of a pixel is walked on its own,
 * so a (left) and c (above-left) are the previous step's result and b (above): two reads a byte.
 */
function unfilterPaeth(raw: Uint8Array, out: Uint8Array, src: number, row: number, stride: number, bpp: number, lead: number): void {
  const d = src - row;
  const end = row + stride;
  for (let k = row; k < row + lead; k++) {
    let c = out[k - stride]!;
    let a = (raw[k + d]! + c) & 255;
    out[k] = a;
    for (let i = k + bpp; i < end; i += bpp) {
      const b = out[i - stride]!;
      const pa = b > c ? b - c : c - b; // |p - a| with p = a + b - c
      const pb = a > c ? a - c : c - a;
      const pc = a + b > c + c ? a + b - c - c : c + c - a - b;
      a = (raw[i + d]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 255;
      out[i] = a;
      c = b;
    }
  }
}

/**
 * Adam7 de-interlacing (PNG spec §8.2) into the rows unfilter gives for the same picture not
 * interlaced: pixels of 8 or 16-bit samples, or rows of 1, 2 or 4-bit samples packed high bits first
 * and padded to a byte (grey and palette pictures, the only ones with such samples).
 */
export function deinterlace(raw: Uint8Array, width: number, height: number, colors: number, bitDepth: number): Uint8Array {
  if (bitDepth < 8) return deinterlacePacked(raw, width, height, bitDepth);
  const bytesPerPixel = (colors * bitDepth) >> 3;
  const out = new Uint8Array(width * height * bytesPerPixel);
  let offset = 0;
  for (const [x0, y0, dx, dy] of PASSES) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w <= 0 || h <= 0) continue;
    const pass = unfilter(raw, w, h, colors, bitDepth, offset);
    // Byte by byte: a subarray and a set() per pixel cost more than the copy.
    for (let y = 0, src = 0; y < h; y++) {
      for (let x = 0, dst = ((y0 + y * dy) * width + x0) * bytesPerPixel; x < w; x++, dst += dx * bytesPerPixel) {
        for (let k = 0; k < bytesPerPixel; k++) out[dst + k] = pass[src++]!;
      }
    }
    offset += (rowBytes(w, colors, bitDepth) + 1) * h;
  }
  return out;
}

/** Adam7 for 1, 2 and 4-bit samples (one a pixel): each pass's samples moved bit by bit to their rows. */
function deinterlacePacked(raw: Uint8Array, width: number, height: number, bitDepth: number): Uint8Array {
  const stride = rowBytes(width, 1, bitDepth);
  const out = new Uint8Array(stride * height);
  const mask = (1 << bitDepth) - 1;
  let offset = 0;
  for (const [x0, y0, dx, dy] of PASSES) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w <= 0 || h <= 0) continue;
    const pass = unfilter(raw, w, h, 1, bitDepth, offset);
    const passStride = rowBytes(w, 1, bitDepth);
    for (let y = 0; y < h; y++) {
      const row = (y0 + y * dy) * stride * 8;
      for (let x = 0, bit = y * passStride * 8; x < w; x++, bit += bitDepth) {
        const v = (pass[bit >> 3]! >> (8 - bitDepth - (bit & 7))) & mask;
        const at = row + (x0 + x * dx) * bitDepth;
        out[at >> 3] = out[at >> 3]! | (v << (8 - bitDepth - (at & 7)));
      }
    }
    offset += (passStride + 1) * h;
  }
  return out;
}

function paletteImage(packed: Uint8Array, info: PngInfo, width: number, height: number, bitDepth: number): PdfImageData {
  const palette = info.palette ?? new Uint8Array(3);
  // Alpha by index: tRNS gives the first entries, the others are opaque (PNG spec §11.3.2.1).
  const alphaOf = new Uint8Array(256).fill(255);
  if (info.trns) alphaOf.set(info.trns.subarray(0, 256));
  // Eight-bit rows are the indices as they are; smaller samples (interlaced ones packed the same way) are unpacked.
  const indices = bitDepth === 8 ? packed : unpackIndices(packed, width, height, bitDepth);
  const alpha = new Uint8Array(width * height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = alphaOf[indices[i]!]!;
  return {
    width,
    height,
    colorSpace: { palette, base: 'DeviceRGB' },
    bitsPerComponent: 8,
    data: deflateZlib(indices),
    smask: { data: deflateZlib(alpha), bitsPerComponent: 8 },
  };
}

/** Unpacks 1-, 2- or 4-bit palette indices (rows padded to a byte) to one byte each, high bits first. */
export function unpackIndices(packed: Uint8Array, width: number, height: number, bitDepth: number): Uint8Array {
  const out = new Uint8Array(width * height);
  const stride = rowBytes(width, 1, bitDepth);
  const mask = (1 << bitDepth) - 1;
  for (let y = 0, o = 0; y < height; y++) {
    for (let x = 0, bit = 8 * y * stride; x < width; x++, bit += bitDepth) out[o++] = (packed[bit >> 3]! >> (8 - bitDepth - (bit & 7))) & mask;
  }
  return out;
}
