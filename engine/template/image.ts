/**
 * Images given as `data:image/png|jpeg;base64,...` URLs: decoded, checked against their magic bytes,
 * and measured (PNG IHDR, ISO/IEC 15948 §11.2.2; JPEG SOFn frame header, ITU-T T.81 §B.2.2).
 */
import { abort } from '../core';
import { jpegHeader, pngSize, sniffImage } from '../image';

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
  const kind = sniffImage(data);
  const actual = kind === 'png' || kind === 'jpeg' ? kind : undefined;
  if (!actual) abort('template/bad-image', `The data for '${field}' is neither a PNG nor a JPEG image.`, { hint: 'Check that the base64 data is a real image file.' });
  if (actual !== declared) abort('template/bad-image', `The image for '${field}' is declared as ${declared.toUpperCase()} but is ${actual.toUpperCase()}.`, { hint: 'Fix the data URL media type.' });
  const size = actual === 'png' ? pngSize(data) : jpegHeader(data);
  if (!size) abort('template/bad-image', `The ${actual.toUpperCase()} image for '${field}' is damaged (no readable size).`, { hint: 'Re-export the image.' });
  if (size.width < 1 || size.height < 1 || size.width > MAX_SIDE_PX || size.height > MAX_SIDE_PX) {
    abort('template/bad-image', `The image for '${field}' has an unusable size ${size.width}×${size.height} px.`, { hint: `Sides must be 1 to ${MAX_SIDE_PX} px.` });
  }
  return { data, ext: actual, widthPx: size.width, heightPx: size.height };
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

