/** DecodedImage → straight (non-premultiplied) RGBA, the layout of a Canvas ImageData. */
import type { DecodedImage } from './types';

/** Expands a decoded image to width × height × 4 RGBA bytes. */
export function toRgba(img: DecodedImage): Uint8ClampedArray {
  const n = img.width * img.height;
  const out = new Uint8ClampedArray(n * 4);
  const s = img.samples;
  const pal = img.palette;
  for (let i = 0; i < n; i++) {
    const o = i * 4;
    if (img.color === 'rgb') {
      out[o] = s[i * 3]!;
      out[o + 1] = s[i * 3 + 1]!;
      out[o + 2] = s[i * 3 + 2]!;
    } else if (img.color === 'indexed' && pal) {
      const k = s[i]! * 3;
      out[o] = pal[k]!;
      out[o + 1] = pal[k + 1]!;
      out[o + 2] = pal[k + 2]!;
    } else {
      out[o] = out[o + 1] = out[o + 2] = s[i]!;
    }
    out[o + 3] = img.alpha ? img.alpha[i]! : 255;
  }
  return out;
}
