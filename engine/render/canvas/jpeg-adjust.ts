/**
 * A recoloured JPEG's pixels as the PDF draws them. The PDF renderer embeds JPEGs undecoded
 * (engine/render/pdf/images.ts, jpegAdjust): brightness and contrast become the image's /Decode
 * line (ISO 32000-1 §8.9.5.2), a colour made transparent a colour-key /Mask of that colour ± a
 * tolerance, compared with the stored samples before /Decode (§8.9.6.4); grey, two-tone, black and
 * white, opaque colour changes and any change of a CMYK JPEG are not drawn there. The preview
 * decodes the JPEG in the browser and changes its pixels the same way, no more.
 */
import { levelsMap } from '../../image';
import type { PictureAdjust } from '../../model';

/** The PDF's colour-key tolerance for JPEGs (render/pdf/images.ts JPEG_KEY_TOLERANCE): compression moves flat colours by a few steps. */
const JPEG_KEY_TOLERANCE = 8;

/**
 * Changes decoded JPEG pixels (RGBA, in place) as the PDF's /Decode and /Mask do; `components` is the
 * JPEG's own count (1 grey, 3 RGB, 4 CMYK: left as stored). Returns the same array.
 */
export function adjustJpegPixels(px: Uint8ClampedArray, adjust: PictureAdjust, components: number): Uint8ClampedArray {
  if (components === 4) return px;
  const change = adjust.colorChange;
  if (change && change.toOpacity === 0) {
    const n = /^[0-9A-Fa-f]{6}$/.test(change.from) ? parseInt(change.from, 16) : 0;
    let key = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
    // A grey JPEG's one sample is keyed by the colour's luminance (the browser gives it as r = g = b).
    if (components === 1) key = Array(3).fill(Math.round((77 * key[0]! + 150 * key[1]! + 29 * key[2]!) / 256)) as number[];
    for (let i = 0; i < px.length; i += 4) {
      if (Math.abs(px[i]! - key[0]!) <= JPEG_KEY_TOLERANCE && Math.abs(px[i + 1]! - key[1]!) <= JPEG_KEY_TOLERANCE && Math.abs(px[i + 2]! - key[2]!) <= JPEG_KEY_TOLERANCE) px[i + 3] = 0;
    }
  }
  if (adjust.brightness || adjust.contrast) {
    const map = levelsMap(adjust.brightness ?? 0, adjust.contrast ?? 0);
    for (let i = 0; i < px.length; i += 4) {
      px[i] = map[px[i]!]!;
      px[i + 1] = map[px[i + 1]!]!;
      px[i + 2] = map[px[i + 2]!]!;
    }
  }
  return px;
}
