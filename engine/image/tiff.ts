/**
 * Baseline TIFF (TIFF 6.0, Adobe 1992) → DecodedImage: the first IFD, strips or tiles, chunky
 * samples of 1, 2, 4, 8 or 16 bits; bilevel and greyscale (WhiteIsZero/BlackIsZero), RGB, palette
 * and CMYK (converted naively to RGB); an extra alpha sample (associated or not); uncompressed,
 * PackBits, LZW and Deflate with the horizontal predictor; the Orientation tag applied (orient.ts).
 * CCITT and JPEG compressions are reported as `render/unsupported-image` naming the scheme.
 */
import type { Diagnostic, Result } from '../core';
import { abort, warning } from '../core';
import { maxLzwOutput } from './lzw';
import { isKnownOrientation, orientImage } from './orient';
import { checkCompression, decompressChunk, reverseBits, undoPredictor } from './tiff-decode';
import { alphaIfUsed, badImage, checkDimensions, checkFillable, DEFAULT_IMAGE_LIMITS, fullPalette, runDecoder, u16, u32, type DecodedImage, type ImageLimits } from './types';

type Tags = Map<number, number[]>;

/** Bytes per value of each TIFF field type (§2): BYTE, ASCII, SHORT, LONG, RATIONAL, SBYTE, UNDEFINED, SSHORT, SLONG. */
const TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 16: 8 };

/** Decodes the first image of a TIFF; damaged files give a failed Result, never a throw. */
export function decodeTiff(bytes: Uint8Array, limits: ImageLimits = DEFAULT_IMAGE_LIMITS): Result<DecodedImage> {
  return runDecoder('TIFF', (warnings) => decodeBody(bytes, limits, warnings));
}

/** Reads the first IFD (§2): entries of tag, type, count and a value or an offset to the values. */
function readIfd(b: Uint8Array, le: boolean): Tags {
  const at = u32(b, 4, le);
  const n = u16(b, at, le);
  if (at < 8 || at + 2 + n * 12 > b.length) badImage('The TIFF picture is truncated in its directory.');
  const tags: Tags = new Map();
  for (let i = 0; i < n; i++) {
    const e = at + 2 + i * 12;
    const type = u16(b, e + 2, le);
    const size = TYPE_SIZE[type];
    const count = u32(b, e + 4, le);
    if (!size || type === 2 || type === 5) continue; // text and fractions (resolution) are not needed
    const bytes = count * size;
    const where = bytes <= 4 ? e + 8 : u32(b, e + 8, le);
    if (where + bytes > b.length) continue; // values outside the file: as if absent
    const values: number[] = [];
    for (let k = 0; k < count; k++) {
      const p = where + k * size;
      values.push(size === 1 ? b[p]! : size === 2 ? u16(b, p, le) : u32(b, p, le));
    }
    tags.set(u16(b, e, le), values);
  }
  return tags;
}

interface Layout {
  width: number;
  height: number;
  bps: number;
  spp: number;
  photometric: number;
  alphaSample: number;
  premultiplied: boolean;
  le: boolean;
}

function decodeBody(b: Uint8Array, limits: ImageLimits, warnings: Diagnostic[]): DecodedImage {
  const le = b[0] === 0x49;
  if (b.length < 8 || (le ? b[1] !== 0x49 : b[0] !== 0x4d || b[1] !== 0x4d) || u16(b, 2, le) !== 42) badImage('The picture is not a TIFF file (BigTIFF is not supported).');
  const tags = readIfd(b, le);
  const one = (tag: number, fallback: number) => tags.get(tag)?.[0] ?? fallback;
  const width = one(256, 0);
  const height = one(257, 0);
  checkDimensions('TIFF', width, height, limits);
  const compression = one(259, 1);
  checkCompression(compression);
  const spp = one(277, 1);
  const bps = one(258, 1);
  if (![1, 2, 4, 8, 16].includes(bps) || (tags.get(258) ?? []).some((v) => v !== bps)) abort('render/unsupported-image', `A TIFF picture with ${tags.get(258)?.join('/')} bits per sample is not supported.`);
  if (spp < 1 || spp > 8) badImage(`The TIFF picture has ${spp} samples per pixel.`);
  if (spp > 1 && one(284, 1) === 2) abort('render/unsupported-image', 'A TIFF picture with planar (separate) sample planes is not supported yet.');
  const photometric = one(262, tags.has(320) ? 3 : spp >= 3 ? 2 : 1);
  const colors = photometric === 2 ? 3 : photometric === 5 ? 4 : 1;
  if (![0, 1, 2, 3, 5].includes(photometric)) abort('render/unsupported-image', `A TIFF picture with photometric interpretation ${photometric} is not supported.`);
  if (spp < colors) badImage(`The TIFF picture has ${spp} samples per pixel for ${colors} colours.`);
  const extra = tags.get(338)?.[0] ?? 0;
  const layout: Layout = { width, height, bps, spp, photometric, alphaSample: spp > colors && (extra === 1 || extra === 2) ? colors : -1, premultiplied: extra === 1, le };
  if (photometric === 3 && bps > 8) abort('render/unsupported-image', `A palette TIFF picture with ${bps}-bit indices is not supported.`);
  const palette = photometric === 3 ? readColorMap(tags.get(320), bps) : undefined;
  const chunks = chunkGrid(tags, width, height, limits);
  // One strip or tile is decompressed into a buffer of its full size: bound it like the picture itself.
  if (Math.ceil((chunks.w * spp * bps) / 8) * chunks.h > 4 * limits.maxPixels) abort('render/image-too-large', `A TIFF ${chunks.tiled ? 'tile' : 'strip'} of ${chunks.w}×${chunks.h} pixels is larger than the limit.`);
  checkFillable('TIFF', width, height, (fillableBytes(chunks, compression, b.length, Math.ceil((chunks.w * spp * bps) / 8) * chunks.h) * 8) / (spp * bps));
  const samples = new Uint8Array(width * height * (colors === 1 ? 1 : 3));
  const alpha = new Uint8Array(width * height);
  const predictor = one(317, 1);
  // Predictor (§14): 2 (horizontal differencing) is undone for 8- and 16-bit samples; 3 is floating point.
  if (predictor !== 1 && (predictor !== 2 || (bps !== 8 && bps !== 16))) abort('render/unsupported-image', `The TIFF predictor ${predictor} is not supported for ${bps}-bit samples.`);
  const lsbFill = one(266, 1) === 2;
  let short = chunks.missing;
  for (let i = 0; i < chunks.offsets.length; i++) {
    const [cx, cy] = chunks.origin(i);
    const rows = Math.min(chunks.h, height - cy);
    if (rows <= 0 || cx >= width) continue;
    const rowBytes = Math.ceil((chunks.w * spp * bps) / 8);
    const start = chunks.offsets[i]!;
    const end = Math.min(b.length, start + (chunks.counts[i] ?? b.length));
    let data = start < b.length ? b.subarray(start, Math.max(start, end)) : new Uint8Array(0);
    if (lsbFill) data = reverseBits(data);
    const chunk = decompressChunk(compression, data, rowBytes * (chunks.tiled ? chunks.h : rows));
    if (chunk.written < chunk.bytes.length) short++;
    if (predictor === 2) undoPredictor(chunk.bytes, rowBytes, rows, spp, bps, le);
    const doneRows = Math.min(rows, Math.floor(chunk.written / rowBytes));
    storeChunk(chunk.bytes, layout, cx, cy, chunks.w, doneRows, rowBytes, samples, alpha);
  }
  // Orientation (§8, tag 274) other than 1 (rows top to bottom, left to right) is rare in documents.
  const orientation = one(274, 1);
  if (!isKnownOrientation(orientation)) warnings.push(warning('render/image-orientation', `The TIFF picture's orientation ${orientation} is unknown; it is drawn as stored (rows top to bottom).`));
  if (short > 0) warnings.push(warning('render/bad-image', `The TIFF picture is damaged or truncated (${short} strips or tiles short or missing); missing pixels are left transparent.`));
  const stored: DecodedImage = photometric === 3 ? { width, height, color: 'indexed', palette, samples, ...alphaIfUsed(alpha) } : { width, height, color: colors === 1 ? 'gray' : 'rgb', samples, ...alphaIfUsed(alpha) };
  return orientImage(stored, orientation);
}

/** Strips (§3: RowsPerStrip, StripOffsets, StripByteCounts) or tiles (§15) as one grid of chunks. */
function chunkGrid(tags: Tags, width: number, height: number, limits: ImageLimits) {
  const tiled = tags.has(322) && tags.has(324);
  const w = tiled ? tags.get(322)![0]! : width;
  const h = tiled ? (tags.get(323)?.[0] ?? 0) : Math.min(height, tags.get(278)?.[0] || height);
  // A tile may exceed the picture (tiles are multiples of 16) but not absurdly: it is allocated whole.
  if (!w || !h || w * h > limits.maxPixels || (tiled && w * h > Math.max(4 * width * height, 1 << 20))) badImage(`The TIFF picture has an invalid ${tiled ? 'tile' : 'strip'} size (${w}×${h}).`);
  const offsets = tags.get(tiled ? 324 : 273);
  if (!offsets || offsets.length === 0) badImage('The TIFF picture has no strip or tile offsets.');
  const counts = tags.get(tiled ? 325 : 279) ?? [];
  const across = Math.ceil(width / w);
  const needed = Math.ceil(height / h) * (tiled ? across : 1);
  const origin = (i: number): [number, number] => (tiled ? [(i % across) * w, Math.floor(i / across) * h] : [0, i * h]);
  return { tiled, w, h, offsets, counts, origin, missing: Math.max(0, needed - offsets.length) };
}

/** The most bytes the chunks' data can decompress to (each chunk also capped at its own size). */
function fillableBytes(chunks: ReturnType<typeof chunkGrid>, compression: number, fileLength: number, chunkBytes: number): number {
  let total = 0;
  for (let i = 0; i < chunks.offsets.length; i++) {
    const start = chunks.offsets[i]!;
    const n = Math.max(0, Math.min(chunks.counts[i] ?? fileLength, fileLength - start));
    // PackBits: 2 bytes repeat one 128 times; LZW: see maxLzwOutput; Deflate: at most 258 bytes per 2 bits.
    const most = compression === 1 ? n : compression === 32773 ? 64 * n : compression === 5 ? maxLzwOutput(n, 8) : 1032 * n + 258;
    total += Math.min(most, chunkBytes);
  }
  return total;
}

/** ColorMap (§5): 3 × 2^bps 16-bit values, all reds, then greens, then blues. */
function readColorMap(map: number[] | undefined, bps: number): Uint8Array {
  const n = 1 << bps;
  if (!map || map.length < 3 * n) badImage('The palette TIFF picture has no colour map.');
  const rgb = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) rgb[i * 3 + c] = map[c * n + i]! >> 8;
  return fullPalette(rgb);
}

/** Unpacks one chunk's rows into the image: samples scaled to 8 bits, photometric applied. */
function storeChunk(d: Uint8Array, L: Layout, cx: number, cy: number, cw: number, rows: number, rowBytes: number, samples: Uint8Array, alpha: Uint8Array): void {
  const px = new Uint8Array(L.spp);
  const max = (1 << L.bps) - 1;
  for (let r = 0; r < rows; r++) {
    const y = cy + r;
    if (y >= L.height) break;
    for (let x = 0; x < cw && cx + x < L.width; x++) {
      for (let s = 0; s < L.spp; s++) {
        const bit = (x * L.spp + s) * L.bps;
        const p = r * rowBytes + (bit >> 3);
        let v: number;
        if (L.bps === 16) v = L.le ? d[p + 1]! : d[p]!;
        else if (L.bps === 8) v = d[p]!;
        else {
          const raw = (d[p]! >> (8 - L.bps - (bit & 7))) & max;
          v = L.photometric === 3 ? raw : Math.floor((raw * 255) / max);
        }
        px[s] = v;
      }
      storePixel(px, L, (y * L.width + cx + x), samples, alpha);
    }
  }
}

function storePixel(px: Uint8Array, L: Layout, at: number, samples: Uint8Array, alpha: Uint8Array): void {
  const a = L.alphaSample >= 0 ? px[L.alphaSample]! : 255;
  alpha[at] = a;
  // Associated alpha (ExtraSamples 1) is premultiplied: divide it out.
  const un = (v: number) => (L.premultiplied && a > 0 && a < 255 ? Math.min(255, Math.floor((v * 255 + (a >> 1)) / a)) : v);
  switch (L.photometric) {
    case 0:
      samples[at] = 255 - px[0]!;
      break;
    case 1:
      samples[at] = un(px[0]!);
      break;
    case 3:
      samples[at] = px[0]!;
      break;
    case 2:
      samples[at * 3] = un(px[0]!);
      samples[at * 3 + 1] = un(px[1]!);
      samples[at * 3 + 2] = un(px[2]!);
      break;
    default: {
      // CMYK (§16, InkSet 1) without a colour profile: the naive complement.
      const k = 255 - px[3]!;
      samples[at * 3] = Math.floor(((255 - px[0]!) * k) / 255);
      samples[at * 3 + 1] = Math.floor(((255 - px[1]!) * k) / 255);
      samples[at * 3 + 2] = Math.floor(((255 - px[2]!) * k) / 255);
    }
  }
}
