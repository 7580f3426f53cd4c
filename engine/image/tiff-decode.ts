/**
 * TIFF strip and tile decompression (TIFF 6.0 §9 PackBits, §13 LZW, Adobe Deflate tech note 2) and
 * the horizontal-differencing predictor (§14). Every decoder fills a buffer of the size the strip
 * should have and stops there, so a hostile strip (LZW code explosion, Deflate bomb) cannot
 * allocate or work past it.
 */
import { Inflate } from 'fflate';
import { abort } from '../core';
import { decodeLzw } from './lzw';

/** A decompressed strip or tile: `expected` bytes, of which `written` were produced. */
export interface Chunk {
  readonly bytes: Uint8Array;
  readonly written: number;
}

const COMPRESSION_NAMES: Record<number, string> = {
  2: 'CCITT modified Huffman (RLE)',
  3: 'CCITT Group 3 fax',
  4: 'CCITT Group 4 fax',
  6: 'old-style JPEG',
  7: 'JPEG',
  34712: 'JPEG 2000',
  34892: 'lossy JPEG',
  50000: 'Zstandard',
  50001: 'WebP',
};

/** Throws `render/unsupported-image` naming the compression unless it is one this file decodes. */
export function checkCompression(compression: number): void {
  if (compression === 1 || compression === 5 || compression === 8 || compression === 32946 || compression === 32773) return;
  const name = COMPRESSION_NAMES[compression] ?? `scheme ${compression}`;
  abort('render/unsupported-image', `A TIFF picture compressed with ${name} is not drawn yet.`, { hint: 'Save the picture as PNG or as an LZW/Deflate TIFF.' });
}

/** Decompresses one strip or tile into `expected` bytes. */
export function decompressChunk(compression: number, data: Uint8Array, expected: number): Chunk {
  const out = new Uint8Array(expected);
  if (compression === 1) {
    const n = Math.min(expected, data.length);
    out.set(data.subarray(0, n));
    return { bytes: out, written: n };
  }
  if (compression === 32773) return { bytes: out, written: unpackBits(data, out) };
  if (compression === 5) {
    // Old-style (pre-6.0 libtiff) LZW streams are LSB-first and start with a clear code read that way.
    const old = data.length > 1 && data[0] === 0 && (data[1]! & 1) === 1;
    return { bytes: out, written: decodeLzw(data, out, { rootBits: 8, lsbFirst: old, earlyChange: old ? 0 : 1 }).written };
  }
  return { bytes: out, written: inflateBounded(data, out) };
}

/** PackBits (§9): a header byte n copies n+1 literal bytes (n < 128) or repeats the next byte 257−n times. */
function unpackBits(d: Uint8Array, out: Uint8Array): number {
  let p = 0;
  let o = 0;
  while (p < d.length && o < out.length) {
    const n = d[p++]!;
    if (n < 128) {
      const end = Math.min(p + n + 1, d.length);
      const take = Math.min(end - p, out.length - o);
      out.set(d.subarray(p, p + take), o);
      o += take;
      p = end;
    } else if (n > 128) {
      if (p >= d.length) break;
      const take = Math.min(257 - n, out.length - o);
      out.fill(d[p++]!, o, o + take);
      o += take;
    }
  }
  return o;
}

const PUSH = 16 * 1024;

/** Inflates zlib data into `out`, pushing input in small pieces and stopping once `out` is full. */
function inflateBounded(d: Uint8Array, out: Uint8Array): number {
  // The 2-byte zlib header (RFC 1950) is skipped; the Adler-32 trailer is not checked.
  const start = d.length >= 2 && (d[0]! & 0x0f) === 8 && ((d[0]! << 8) | d[1]!) % 31 === 0 ? 2 : 0;
  let o = 0;
  const inflater = new Inflate((chunk) => {
    const take = Math.min(chunk.length, out.length - o);
    out.set(chunk.subarray(0, take), o);
    o += take;
  });
  try {
    for (let p = start; p < d.length && o < out.length; p += PUSH) inflater.push(d.subarray(p, Math.min(d.length, p + PUSH)), p + PUSH >= d.length);
  } catch {
    // Damaged data: what was inflated before the damage is kept (the caller reports the shortfall).
  }
  return o;
}

/** Reverses horizontal differencing (predictor 2, §14) in place for 8- and 16-bit samples. */
export function undoPredictor(buf: Uint8Array, rowBytes: number, rows: number, samplesPerPixel: number, bitsPerSample: number, littleEndian: boolean): boolean {
  if (bitsPerSample === 8) {
    for (let r = 0; r < rows; r++) {
      const base = r * rowBytes;
      for (let i = samplesPerPixel; i < rowBytes; i++) buf[base + i] = (buf[base + i]! + buf[base + i - samplesPerPixel]!) & 255;
    }
    return true;
  }
  if (bitsPerSample !== 16) return false;
  const step = samplesPerPixel * 2;
  for (let r = 0; r < rows; r++) {
    const base = r * rowBytes;
    for (let i = step; i + 1 < rowBytes; i += 2) {
      const hiAt = littleEndian ? 1 : 0;
      const cur = (buf[base + i + hiAt]! << 8) | buf[base + i + 1 - hiAt]!;
      const left = (buf[base + i - step + hiAt]! << 8) | buf[base + i - step + 1 - hiAt]!;
      const v = (cur + left) & 0xffff;
      buf[base + i + hiAt] = v >> 8;
      buf[base + i + 1 - hiAt] = v & 255;
    }
  }
  return true;
}

/** Reverses the bits of every byte (FillOrder 2, §8). */
export function reverseBits(d: Uint8Array): Uint8Array {
  const out = new Uint8Array(d.length);
  for (let i = 0; i < d.length; i++) {
    let v = d[i]!;
    v = ((v & 0xf0) >> 4) | ((v & 0x0f) << 4);
    v = ((v & 0xcc) >> 2) | ((v & 0x33) << 2);
    out[i] = ((v & 0xaa) >> 1) | ((v & 0x55) << 1);
  }
  return out;
}
