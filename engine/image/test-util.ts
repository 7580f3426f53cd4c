/**
 * Tiny encoders for the decoders' tests: GIF, BMP and TIFF files built byte by byte, with a real LZW
 * encoder (both dialects), so every test states its pixels and checks them exactly. Test code only.
 */
import { zlibSync } from 'fflate';
import type { DecodedImage } from './types';

/** How encodeLzw packs its codes (see LzwOptions). */
export interface LzwEncodeOptions {
  readonly rootBits: number;
  readonly lsbFirst: boolean;
  readonly earlyChange: 0 | 1;
  /** Emit a clear code before every literal-only table growth (a degenerate but valid stream). */
  readonly clearEvery?: number;
}

/** Encodes bytes (each < 2^rootBits) as an LZW code stream: clear, codes, end of information. */
export function encodeLzw(data: Uint8Array, o: LzwEncodeOptions): Uint8Array {
  const clear = 1 << o.rootBits;
  const out: number[] = [];
  let acc = 0;
  let nbits = 0;
  let width = o.rootBits + 1;
  const emit = (code: number): void => {
    if (o.lsbFirst) {
      acc |= code << nbits;
      nbits += width;
      while (nbits >= 8) {
        out.push(acc & 255);
        acc >>>= 8;
        nbits -= 8;
      }
    } else {
      acc = (acc << width) | code;
      nbits += width;
      while (nbits >= 8) {
        out.push((acc >>> (nbits - 8)) & 255);
        nbits -= 8;
      }
      acc &= (1 << nbits) - 1;
    }
  };
  // The table holds 4096 codes; a TIFF encoder clears one code early so the width never passes 12.
  const limit = o.earlyChange ? 4094 : 4096;
  const dict = new Map<number, number>();
  let next = clear + 2;
  const reset = (): void => {
    dict.clear();
    next = clear + 2;
    width = o.rootBits + 1;
  };
  emit(clear);
  if (data.length > 0) {
    let cur = data[0]!;
    for (let i = 1; i < data.length; i++) {
      const c = data[i]!;
      const key = cur * 256 + c;
      const found = dict.get(key);
      if (found !== undefined) {
        cur = found;
        continue;
      }
      emit(cur);
      if (next < limit) {
        dict.set(key, next++);
        // The decoder adds its entry one code later, so it widens when our `next - 1` reaches the boundary.
        if (next - 1 + o.earlyChange >= 1 << width && width < 12) width++;
      } else {
        emit(clear);
        reset();
      }
      cur = c;
    }
    emit(cur);
  }
  emit(clear + 1);
  if (nbits > 0) out.push(o.lsbFirst ? acc & 255 : (acc << (8 - nbits)) & 255);
  return Uint8Array.from(out);
}

/** What a test GIF holds. */
export interface GifSpec {
  readonly width: number;
  readonly height: number;
  /** RGB triples; its length sets the table size (padded to a power of two). */
  readonly palette?: readonly number[];
  readonly localPalette?: readonly number[];
  /** One index per pixel of the frame, rows top to bottom. */
  readonly indices: readonly number[] | Uint8Array;
  readonly transparent?: number;
  readonly interlaced?: boolean;
  readonly frame?: { readonly left: number; readonly top: number; readonly width: number; readonly height: number };
  /** Replaces the encoded image data (for damaged streams). */
  readonly lzw?: Uint8Array;
  readonly minCodeSize?: number;
  /** Extra frames after the first (indices of the same size). */
  readonly moreFrames?: readonly (readonly number[] | Uint8Array)[];
}

function colorTable(rgb: readonly number[]): { bits: number; bytes: number[] } {
  let bits = 1;
  while (3 << bits < rgb.length) bits++;
  const bytes = [...rgb];
  while (bytes.length < 3 << bits) bytes.push(0);
  return { bits, bytes };
}

function subBlocks(d: Uint8Array): number[] {
  const out: number[] = [];
  for (let p = 0; p < d.length; p += 255) {
    const n = Math.min(255, d.length - p);
    out.push(n, ...d.subarray(p, p + n));
  }
  out.push(0);
  return out;
}

const le16 = (v: number): number[] => [v & 255, (v >> 8) & 255];
const le32 = (v: number): number[] => [v & 255, (v >>> 8) & 255, (v >>> 16) & 255, (v >>> 24) & 255];

/** Interlace pass order of `height` rows (GIF89a appendix E). */
export function interlaceOrder(height: number): number[] {
  const rows: number[] = [];
  for (const [start, step] of [[0, 8], [4, 8], [2, 4], [1, 2]] as const) for (let y = start; y < height; y += step) rows.push(y);
  return rows;
}

/** Builds a GIF89a file. */
export function makeGif(s: GifSpec): Uint8Array {
  const f = s.frame ?? { left: 0, top: 0, width: s.width, height: s.height };
  const global = s.palette ? colorTable(s.palette) : undefined;
  const bytes: number[] = [...'GIF89a'].map((c) => c.charCodeAt(0));
  bytes.push(...le16(s.width), ...le16(s.height), global ? 0x80 | 0x70 | (global.bits - 1) : 0, 0, 0);
  if (global) bytes.push(...global.bytes);
  if (s.transparent !== undefined) bytes.push(0x21, 0xf9, 4, 1, 0, 0, s.transparent, 0);
  const frameBytes = (indices: readonly number[] | Uint8Array): void => {
    const local = s.localPalette ? colorTable(s.localPalette) : undefined;
    bytes.push(0x2c, ...le16(f.left), ...le16(f.top), ...le16(f.width), ...le16(f.height), (local ? 0x80 | (local.bits - 1) : 0) | (s.interlaced ? 0x40 : 0));
    if (local) bytes.push(...local.bytes);
    const min = s.minCodeSize ?? Math.max(2, (local ?? global)?.bits ?? 8);
    let stream = Uint8Array.from(indices);
    if (s.interlaced) {
      const order = interlaceOrder(f.height);
      stream = new Uint8Array(indices.length);
      order.forEach((y, i) => stream.set(indices.slice(y * f.width, (y + 1) * f.width), i * f.width));
    }
    bytes.push(min, ...subBlocks(s.lzw ?? encodeLzw(stream, { rootBits: min, lsbFirst: true, earlyChange: 0 })));
  };
  frameBytes(s.indices);
  for (const more of s.moreFrames ?? []) frameBytes(more);
  bytes.push(0x3b);
  return Uint8Array.from(bytes);
}

/** What a test BMP holds: the header fields and the raw pixel bytes (rows already padded). */
export interface BmpSpec {
  readonly width: number;
  /** Negative for top-down rows. */
  readonly height: number;
  readonly bpp: number;
  readonly compression?: number;
  /** 12 (core), 40 (info), 108 (V4) or 124 (V5). */
  readonly headerSize?: number;
  /** RGB triples, written as BGR0 (or BGR for the core header). */
  readonly palette?: readonly number[];
  readonly masks?: readonly number[];
  readonly bits: readonly number[] | Uint8Array;
  readonly clrUsed?: number;
  /** Overrides bfOffBits. */
  readonly offBits?: number;
}

/** Builds a BMP file (BITMAPFILEHEADER + DIB header + masks + palette + bits). */
export function makeBmp(s: BmpSpec): Uint8Array {
  const size = s.headerSize ?? 40;
  const compression = s.compression ?? 0;
  const h: number[] = [];
  if (size === 12) h.push(...le32(12), ...le16(s.width), ...le16(s.height), ...le16(1), ...le16(s.bpp));
  else {
    h.push(...le32(size), ...le32(s.width), ...le32(s.height), ...le16(1), ...le16(s.bpp), ...le32(compression), ...le32(s.bits.length), ...le32(2835), ...le32(2835), ...le32(s.clrUsed ?? 0), ...le32(0));
    if (size >= 52) {
      const m = s.masks ?? [0, 0, 0, 0];
      h.push(...le32(m[0] ?? 0), ...le32(m[1] ?? 0), ...le32(m[2] ?? 0));
      if (size >= 56) h.push(...le32(m[3] ?? 0));
    }
    while (h.length < size) h.push(0);
  }
  if (size === 40 && (compression === 3 || compression === 6)) for (const m of (s.masks ?? []).slice(0, compression === 6 ? 4 : 3)) h.push(...le32(m));
  const pal: number[] = [];
  const p = s.palette ?? [];
  for (let i = 0; i + 2 < p.length; i += 3) pal.push(p[i + 2]!, p[i + 1]!, p[i]!, ...(size === 12 ? [] : [0]));
  const off = 14 + h.length + pal.length;
  const total = off + s.bits.length;
  return Uint8Array.from([0x42, 0x4d, ...le32(total), 0, 0, 0, 0, ...le32(s.offBits ?? off), ...h, ...pal, ...s.bits]);
}

/** One TIFF directory entry: tag, field type (3 SHORT, 4 LONG, 1 BYTE), values. */
export type TiffEntry = readonly [tag: number, type: 1 | 3 | 4, values: readonly number[]];

/** What a test TIFF holds: its entries (StripOffsets/StripByteCounts are filled in from `strips`). */
export interface TiffSpec {
  readonly littleEndian?: boolean;
  readonly entries: readonly TiffEntry[];
  readonly strips: readonly Uint8Array[];
  /** Offset of the next IFD (0: none); a test can point it back at the first one. */
  readonly nextIfd?: number | 'self';
  /** Tiles instead of strips: the offset and byte-count tags are 324/325. */
  readonly tiled?: boolean;
}

/** Builds a one-directory TIFF: header, strip data, then the IFD and its out-of-line values. */
export function makeTiff(s: TiffSpec): Uint8Array {
  const le = s.littleEndian ?? true;
  const w16 = (v: number): number[] => (le ? le16(v) : [(v >> 8) & 255, v & 255]);
  const w32 = (v: number): number[] => (le ? le32(v) : [(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255]);
  const bytes: number[] = [...(le ? [0x49, 0x49] : [0x4d, 0x4d]), ...w16(42), 0, 0, 0, 0];
  const offsets: number[] = [];
  for (const strip of s.strips) {
    offsets.push(bytes.length);
    bytes.push(...strip);
    if (bytes.length & 1) bytes.push(0);
  }
  const [offTag, countTag] = s.tiled ? [324, 325] : [273, 279];
  const entries: TiffEntry[] = [...s.entries.filter((e) => e[0] !== offTag && e[0] !== countTag), [offTag, 4, offsets], [countTag, 4, s.strips.map((x) => x.length)]];
  entries.sort((a, b) => a[0] - b[0]);
  const ifd = bytes.length;
  bytes.splice(4, 4, ...w32(ifd));
  let extra = ifd + 2 + entries.length * 12 + 4;
  const tail: number[] = [];
  bytes.push(...w16(entries.length));
  for (const [tag, type, values] of entries) {
    const size = type === 1 ? 1 : type === 3 ? 2 : 4;
    const data = values.flatMap((v) => (size === 1 ? [v & 255] : size === 2 ? w16(v) : w32(v)));
    bytes.push(...w16(tag), ...w16(type), ...w32(values.length));
    if (data.length <= 4) bytes.push(...data, ...new Array<number>(4 - data.length).fill(0));
    else {
      bytes.push(...w32(extra));
      tail.push(...data);
      extra += data.length;
    }
  }
  bytes.push(...w32(s.nextIfd === 'self' ? ifd : (s.nextIfd ?? 0)), ...tail);
  return Uint8Array.from(bytes);
}

/** The usual baseline entries of a width × height image. */
export function tiffBasics(width: number, height: number, o: { bps?: number | number[]; spp?: number; photometric: number; compression?: number; rowsPerStrip?: number }): TiffEntry[] {
  const spp = o.spp ?? 1;
  const bps = Array.isArray(o.bps) ? o.bps : new Array<number>(spp).fill(o.bps ?? 8);
  return [
    [256, 3, [width]],
    [257, 3, [height]],
    [258, 3, bps],
    [259, 3, [o.compression ?? 1]],
    [262, 3, [o.photometric]],
    [277, 3, [spp]],
    [278, 3, [o.rowsPerStrip ?? height]],
  ];
}

/** PackBits (TIFF 6.0 §9) with literal runs only, and one repeat run where bytes repeat 3+ times. */
export function packBits(d: Uint8Array): Uint8Array {
  const out: number[] = [];
  let i = 0;
  while (i < d.length) {
    let run = 1;
    while (i + run < d.length && d[i + run] === d[i] && run < 128) run++;
    if (run >= 3) {
      out.push(257 - run, d[i]!);
      i += run;
      continue;
    }
    let lit = 1;
    while (i + lit < d.length && lit < 128 && !(d[i + lit] === d[i + lit + 1] && d[i + lit] === d[i + lit + 2])) lit++;
    out.push(lit - 1, ...d.subarray(i, i + lit));
    i += lit;
  }
  return Uint8Array.from(out);
}

/** zlib-wrapped Deflate (Adobe Deflate, compression 8). */
export function zlib(d: Uint8Array): Uint8Array {
  return zlibSync(d);
}

// The RGBA path a recoloured picture took to the PDF before adjustSamples, kept as its oracle.

/** RGBA pixels → a DecodedImage (RGB samples, alpha only when some pixel is not opaque). */
export function rgbaToDecoded(width: number, height: number, px: Uint8ClampedArray): DecodedImage {
  const n = width * height;
  const samples = new Uint8Array(n * 3);
  const alpha = new Uint8Array(n);
  const b = new Uint8Array(px.buffer, px.byteOffset, px.length);
  let all = 255;
  for (let i = 0, o = 0, k = 0; i < n; i++, o += 4, k += 3) {
    samples[k] = b[o]!;
    samples[k + 1] = b[o + 1]!;
    samples[k + 2] = b[o + 2]!;
    const a = b[o + 3]!;
    alpha[i] = a;
    all &= a;
  }
  return { width, height, color: 'rgb', samples, ...(all === 255 ? {} : { alpha }) };
}

/** A picture whose every pixel is grey (R = G = B) as one grey channel, so a picture recoloured to grey embeds a third of the samples; others unchanged. */
export function narrowToGray(d: DecodedImage): DecodedImage {
  if (d.color !== 'rgb') return d;
  const s = d.samples;
  const n = d.width * d.height;
  for (let i = 0; i < n * 3; i += 3) if (s[i] !== s[i + 1] || s[i] !== s[i + 2]) return d;
  const gray = new Uint8Array(n);
  for (let i = 0; i < n; i++) gray[i] = s[i * 3]!;
  return { ...d, color: 'gray', samples: gray };
}
