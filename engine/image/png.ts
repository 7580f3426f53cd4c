/**
 * The one PNG encoder (ISO/IEC 15948): 8-bit RGB or RGBA, filter type 0 on every row, one IDAT
 * compressed by the engine's deterministic deflater, chunk CRC-32 per §5.3. Metafile bitmaps and
 * typed signatures are written with it; an opaque RGB PNG's IDAT goes into a PDF as it is.
 */
import { concatBytes, crc32 } from '../core';
import { deflateZlib } from '../zip';

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

/** Encodes RGBA pixels (row-major, 4 bytes a pixel) as a PNG; without `alpha` the fourth bytes are dropped (colour type 2). */
export function encodePng(width: number, height: number, rgba: Uint8Array, alpha = true): Uint8Array {
  const channels = alpha ? 4 : 3;
  const stride = width * channels;
  const raw = new Uint8Array(height * (stride + 1));
  for (let y = 0; y < height; y++) {
    const row = rgba.subarray(y * width * 4, (y + 1) * width * 4);
    if (alpha) raw.set(row, y * (stride + 1) + 1);
    else for (let x = 0, o = y * (stride + 1) + 1; x < width; x++, o += 3) raw.set(row.subarray(x * 4, x * 4 + 3), o);
  }
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, width);
  v.setUint32(4, height);
  ihdr[8] = 8; // bit depth
  ihdr[9] = alpha ? 6 : 2; // truecolour with or without alpha
  return assemblePng([pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateZlib(raw)), pngChunk('IEND', new Uint8Array(0))]);
}

/** One PNG chunk: length, type, data and the CRC-32 of type and data (§5.3). */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  v.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** The PNG signature followed by the chunks, in order. */
export function assemblePng(chunks: readonly Uint8Array[]): Uint8Array {
  return concatBytes([SIGNATURE, ...chunks]);
}
