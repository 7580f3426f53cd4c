/**
 * A minimal deterministic PNG encoder (ISO/IEC 15948): 8-bit RGBA, one IDAT, filter type 0 on every
 * row, zlib stream from fflate at a fixed level, chunk CRC-32 per §5.3.
 */
import { zlibSync } from 'fflate';
import { crc32, encodeUtf8 } from '../core';

const SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Encodes RGBA pixels (row-major, 4 bytes per pixel) as PNG bytes. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Uint8Array {
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, width);
  v.setUint32(4, height);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type: truecolour with alpha
  const stride = width * 4;
  const raw = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) raw.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  const idat = zlibSync(raw, { level: 6 });
  const chunks = [chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', new Uint8Array(0))];
  let n = SIGNATURE.length;
  for (const c of chunks) n += c.length;
  const out = new Uint8Array(n);
  out.set(SIGNATURE, 0);
  let o = SIGNATURE.length;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, data.length);
  out.set(encodeUtf8(type), 4);
  out.set(data, 8);
  v.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}
