/**
 * TIFF Orientation (TIFF 6.0 §8, tag 274; the same values as Exif) applied to decoded pixels: where
 * the stored row 0 and column 0 lie on the displayed picture.
 */
import type { DecodedImage } from './types';

/** Where stored pixel (c, r) of a w × h picture lands, for orientations 2–8 (1 is as stored). */
const PLACE: Record<number, (c: number, r: number, w: number, h: number) => [number, number]> = {
  2: (c, r, w) => [w - 1 - c, r], // row 0 top, column 0 right: mirrored
  3: (c, r, w, h) => [w - 1 - c, h - 1 - r], // row 0 bottom, column 0 right: turned 180°
  4: (c, r, _w, h) => [c, h - 1 - r], // row 0 bottom, column 0 left: flipped
  5: (c, r) => [r, c], // row 0 left, column 0 top: transposed
  6: (c, r, _w, h) => [h - 1 - r, c], // row 0 right, column 0 top: turned 90° clockwise
  7: (c, r, w, h) => [h - 1 - r, w - 1 - c], // row 0 right, column 0 bottom: transversed
  8: (c, r, w) => [r, w - 1 - c], // row 0 left, column 0 bottom: turned 90° counter-clockwise
};

/** Whether orientImage knows this Orientation value. */
export function isKnownOrientation(o: number): boolean {
  return o === 1 || PLACE[o] !== undefined;
}

/** Returns the picture as displayed for an Orientation value (unchanged for 1 or unknown values). */
export function orientImage(img: DecodedImage, orientation: number): DecodedImage {
  const place = PLACE[orientation];
  if (!place) return img;
  const { width: w, height: h } = img;
  const swap = orientation >= 5;
  const outW = swap ? h : w;
  const n = img.color === 'rgb' ? 3 : 1;
  const samples = new Uint8Array(img.samples.length);
  const alpha = img.alpha ? new Uint8Array(img.alpha.length) : undefined;
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      const [x, y] = place(c, r, w, h);
      const from = r * w + c;
      const to = y * outW + x;
      for (let k = 0; k < n; k++) samples[to * n + k] = img.samples[from * n + k]!;
      if (alpha) alpha[to] = img.alpha![from]!;
    }
  }
  return { ...img, width: outW, height: swap ? w : h, samples, ...(alpha ? { alpha } : {}) };
}
