/**
 * PNG → decoded 8-bit pixels (DecodedImage), for pictures whose pixels must change before they are
 * embedded (a recoloured picture, engine/image/adjust.ts). The chunk reader, inflater and
 * unfiltering are png-pdf.ts's, so a PNG either path refuses is refused by both.
 */
import type { InflateRaw } from '../zip';
import { checkFillable, fullPalette, type DecodedImage } from './types';
import { DEFLATE_MAX_RATIO, deinterlace, inflateIdat, rawSize, readChunks, unfilter, unpackIndices, type PngInfo } from './png-pdf';
import { abort } from '../core';

const MAX_PIXELS = 100_000_000;

/** Decodes PNG bytes to 8-bit samples (16-bit ones keep their high byte) and alpha. Throws a DiagnosticError for damaged files. */
export function decodePng(png: Uint8Array, inflateRaw?: InflateRaw): DecodedImage {
  const info = readChunks(png);
  const { width, height, bitDepth, colorType, interlace } = info;
  if (width * height > MAX_PIXELS) abort('render/image-too-large', `A ${width}×${height} picture is larger than the ${MAX_PIXELS}-pixel limit.`);
  const colors = colorType === 2 ? 3 : colorType === 6 ? 4 : colorType === 4 ? 2 : 1;
  const expected = rawSize(width, height, colors, bitDepth, interlace);
  checkFillable('PNG', width, height, Math.floor((DEFLATE_MAX_RATIO * info.idat.length * width * height) / expected));
  const pixels = unfiltered(inflateIdat(info.idat, expected, inflateRaw), width, height, colors, bitDepth, interlace);
  const n = width * height;
  if (colorType === 3) {
    const indices = bitDepth === 8 ? pixels.subarray(0, n) : unpackIndices(pixels, width, height, bitDepth);
    const alphaOf = new Uint8Array(256).fill(255);
    if (info.trns) alphaOf.set(info.trns.subarray(0, 256));
    return withAlpha({ width, height, color: 'indexed', palette: fullPalette(info.palette ?? new Uint8Array(3)), samples: indices }, (i) => alphaOf[indices[i]!]!);
  }
  if (bitDepth < 8) {
    // Greyscale of 1, 2 or 4 bits: unpacked and scaled to 0–255.
    const levels = unpackIndices(pixels, width, height, bitDepth);
    const max = (1 << bitDepth) - 1;
    const key = trnsKey(info, 0);
    const samples = levels.map((v) => Math.round((v * 255) / max));
    return withAlpha({ width, height, color: 'gray', samples }, (i) => (levels[i] === key ? 0 : 255));
  }
  const step = bitDepth === 16 ? 2 : 1;
  const own = colors === 2 || colors === 4 ? colors - 1 : colors;
  // 8-bit grey or RGB rows are the samples already (a copy of them held a 100-megapixel picture twice).
  const samples = step === 1 && own === colors ? pixels.subarray(0, n * own) : new Uint8Array(n * own);
  if (samples !== pixels) for (let i = 0; i < n; i++) for (let k = 0; k < own; k++) samples[i * own + k] = pixels[(i * colors + k) * step]!;
  const base: DecodedImage = { width, height, color: own === 3 ? 'rgb' : 'gray', samples };
  if (colors === 2 || colors === 4) return withAlpha(base, (i) => pixels[(i * colors + colors - 1) * step]!);
  // A tRNS key colour (§11.3.2.1) compared at the full sample depth.
  const keys = Array.from({ length: own }, (_, k) => trnsKey(info, k));
  if (keys.some((k) => k === undefined)) return base;
  const sample = (i: number, k: number) => (step === 2 ? (pixels[(i * colors + k) * 2]! << 8) | pixels[(i * colors + k) * 2 + 1]! : pixels[i * colors + k]!);
  return withAlpha(base, (i) => (keys.every((key, k) => sample(i, k) === key) ? 0 : 255));
}

/** The rows inflated, unfiltered (in the inflated bytes) and deinterlaced (the inflated bytes let go when this returns). */
function unfiltered(raw: Uint8Array, width: number, height: number, colors: number, bitDepth: number, interlace: number): Uint8Array {
  return interlace === 0 ? unfilter(raw, width, height, colors, bitDepth, 0, true) : deinterlace(raw, width, height, colors, bitDepth);
}

/** The tRNS key value of component k of a greyscale or RGB PNG; undefined without one. */
function trnsKey(info: PngInfo, k: number): number | undefined {
  const t = info.trns;
  if (!t || info.colorType === 3 || t.length < 2 * (k + 1)) return undefined;
  return ((t[2 * k]! << 8) | t[2 * k + 1]!) & (2 ** info.bitDepth - 1);
}

/** Adds the alpha plane when some pixel is not opaque. */
function withAlpha(img: DecodedImage, alphaAt: (i: number) => number): DecodedImage {
  const n = img.width * img.height;
  const alpha = new Uint8Array(n);
  let all = 255;
  for (let i = 0; i < n; i++) all &= alpha[i] = alphaAt(i);
  return all === 255 ? img : { ...img, alpha };
}
