/**
 * Images given as `data:image/png|jpeg;base64,...` URLs: decoded, checked against their magic bytes,
 * and measured (PNG IHDR, ISO/IEC 15948 §11.2.2; JPEG SOFn frame header, ITU-T T.81 §B.2.2).
 */
import { abort } from '../core';

/** A decoded image with its pixel size. */
export interface DecodedImage {
  readonly data: Uint8Array;
  readonly ext: 'png' | 'jpeg';
  readonly widthPx: number;
  readonly heightPx: number;
}

/** Largest image accepted from a request (decoded bytes). */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
const MAX_SIDE_PX = 20_000;

/** True when the string looks like an image data URL (it may still be malformed). */
export function isImageDataUrl(value: string): boolean {
  return /^data:image\//i.test(value.slice(0, 16));
}

/** Decodes and checks an image data URL; aborts with `template/bad-image` when it is unusable. */
export function decodeImageDataUrl(value: string, field: string): DecodedImage {
  const comma = value.indexOf(',');
  const header = comma === -1 ? '' : value.slice(0, comma).toLowerCase();
  const m = /^data:image\/(png|jpeg|jpg);base64$/.exec(header);
  if (!m) {
    abort('template/bad-image', `The image for '${field}' is not a base64 PNG or JPEG data URL (got '${value.slice(0, 40)}${value.length > 40 ? '...' : ''}').`, {
      hint: "Give 'data:image/png;base64,...' or 'data:image/jpeg;base64,...'.",
    });
  }
  const b64 = value.slice(comma + 1).replace(/\s+/g, '');
  if (b64.length > (MAX_IMAGE_BYTES * 4) / 3 + 4) {
    abort('template/bad-image', `The image for '${field}' is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`, { hint: 'Resize or compress the image.' });
  }
  const data = decodeBase64(b64, field);
  const declared = m[1] === 'png' ? 'png' : 'jpeg';
  const actual = sniff(data);
  if (!actual) abort('template/bad-image', `The data for '${field}' is neither a PNG nor a JPEG image.`, { hint: 'Check that the base64 data is a real image file.' });
  if (actual !== declared) abort('template/bad-image', `The image for '${field}' is declared as ${declared.toUpperCase()} but is ${actual.toUpperCase()}.`, { hint: 'Fix the data URL media type.' });
  const size = actual === 'png' ? pngSize(data) : jpegSize(data);
  if (!size) abort('template/bad-image', `The ${actual.toUpperCase()} image for '${field}' is damaged (no readable size).`, { hint: 'Re-export the image.' });
  if (size.w < 1 || size.h < 1 || size.w > MAX_SIDE_PX || size.h > MAX_SIDE_PX) {
    abort('template/bad-image', `The image for '${field}' has an unusable size ${size.w}×${size.h} px.`, { hint: `Sides must be 1 to ${MAX_SIDE_PX} px.` });
  }
  return { data, ext: actual, widthPx: size.w, heightPx: size.h };
}

const B64 = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) B64['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.charCodeAt(i)] = i;
B64['-'.charCodeAt(0)] = 62;
B64['_'.charCodeAt(0)] = 63;

function decodeBase64(s: string, field: string): Uint8Array {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 61 /* = */) end--;
  if (s.length - end > 2 || end % 4 === 1) abort('template/bad-image', `The base64 data of '${field}' has a bad length.`, { hint: 'The data URL was probably cut off.' });
  const out = new Uint8Array(Math.floor((end * 3) / 4));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < end; i++) {
    const c = s.charCodeAt(i);
    const v = c < 128 ? B64[c]! : -1;
    if (v < 0) abort('template/bad-image', `The base64 data of '${field}' has an invalid character at ${i}.`, { hint: 'The data URL must be plain base64.' });
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return out.subarray(0, o);
}

function sniff(d: Uint8Array): 'png' | 'jpeg' | undefined {
  if (d.length >= 8 && d[0] === 0x89 && d[1] === 0x50 && d[2] === 0x4e && d[3] === 0x47 && d[4] === 0x0d && d[5] === 0x0a && d[6] === 0x1a && d[7] === 0x0a) return 'png';
  if (d.length >= 3 && d[0] === 0xff && d[1] === 0xd8 && d[2] === 0xff) return 'jpeg';
  return undefined;
}

function u32(d: Uint8Array, p: number): number {
  return ((d[p]! << 24) | (d[p + 1]! << 16) | (d[p + 2]! << 8) | d[p + 3]!) >>> 0;
}

function pngSize(d: Uint8Array): { w: number; h: number } | undefined {
  // The first chunk must be IHDR (length 13).
  if (d.length < 33 || u32(d, 8) !== 13 || String.fromCharCode(d[12]!, d[13]!, d[14]!, d[15]!) !== 'IHDR') return undefined;
  return { w: u32(d, 16), h: u32(d, 20) };
}

function jpegSize(d: Uint8Array): { w: number; h: number } | undefined {
  let p = 2;
  while (p + 9 < d.length) {
    if (d[p] !== 0xff) return undefined;
    const marker = d[p + 1]!;
    if (marker === 0xff) {
      p++;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      p += 2;
      continue;
    }
    const len = (d[p + 2]! << 8) | d[p + 3]!;
    if (len < 2) return undefined;
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) return { h: (d[p + 5]! << 8) | d[p + 6]!, w: (d[p + 7]! << 8) | d[p + 8]! };
    if (marker === 0xd9 || marker === 0xda) return undefined;
    p += 2 + len;
  }
  return undefined;
}
