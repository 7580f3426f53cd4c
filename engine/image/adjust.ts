/**
 * A picture's recolouring applied to decoded pixels (ECMA-376 Part 1 §20.1.8 blip effects, their
 * VML forms): in, a DecodedImage and the adjustments; out, straight RGBA of the same size. Integer
 * arithmetic only, so every host gives the same bytes.
 */
import type { DecodedImage } from './types';
import { toRgba } from './rgba';

/** The adjustments, as plain data (the model's PictureAdjust has this shape). */
export interface PixelAdjust {
  readonly colorChange?: { readonly from: string; readonly to: string; readonly toOpacity: number };
  readonly grayscale?: boolean;
  readonly duotone?: readonly [string, string];
  readonly biLevelThreshold?: number;
  readonly brightness?: number;
  readonly contrast?: number;
}

const rgbOf = (hex: string): [number, number, number] => {
  const n = /^[0-9A-Fa-f]{6}$/.test(hex) ? parseInt(hex, 16) : 0;
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

/** How far (in 8-bit sample values, per sample) a JPEG's pixels may stray from a transparent colour and still be keyed out: its compression moves flat colours by a few steps. */
export const JPEG_KEY_TOLERANCE = 8;

/** Rec. 601 luma in 0–255 with integer weights (77 + 150 + 29 = 256). */
const luma = (r: number, g: number, b: number): number => (77 * r + 150 * g + 29 * b) >> 8;

/**
 * The 256-entry map of brightness and contrast (both −1…1). The spec gives no formula (§20.1.8.42
 * says only "percent to change"); this follows LibreOffice's Microsoft-compatible adjustment: the
 * contrast is a slope about mid-grey (128 / (128 − 127c) for c ≥ 0, (128 + 127c) / 128 below), with
 * half the brightness offset (255 b) added before the slope and half after, so Word's Washout
 * (bright 70 %, contrast −70 %) lifts black to a light grey and keeps white white.
 */
export function levelsMap(brightness: number, contrast: number): Uint8Array {
  const c = Math.max(-1, Math.min(1, contrast));
  const slope = c >= 0 ? 128 / Math.max(1, 128 - 127 * c) : (128 + 127 * c) / 128;
  const half = (Math.max(-1, Math.min(1, brightness)) * 255) / 2;
  const out = new Uint8Array(256);
  for (let v = 0; v < 256; v++) out[v] = Math.max(0, Math.min(255, Math.round((v + half - 128) * slope + 128 + half)));
  return out;
}

/**
 * Applies the adjustments to a decoded picture: the colour change first (exact match of the
 * colour, as Word's Set Transparent Color on lossless pictures; a decoded JPEG passes
 * JPEG_KEY_TOLERANCE, as its compression moves flat colours by a few steps), then grey, two-tone or
 * black and white from the luminance, then brightness and contrast.
 */
export function adjustPixels(img: DecodedImage, adjust: PixelAdjust, keyTolerance = 0): Uint8ClampedArray {
  const rgba = toRgba(img);
  // Every value stored is a byte already: a plain view skips the clamped stores' conversions.
  const px = new Uint8Array(rgba.buffer);
  recolour(px, 4, img.width * img.height, adjust, keyTolerance, (p, ta) => {
    px[p * 4 + 3] = Math.round((px[p * 4 + 3]! * ta) / 255);
  });
  return rgba;
}

/**
 * The adjusted picture as it is embedded: adjustPixels' pixels as RGB samples, with alpha only when
 * some pixel is not opaque, narrowed to one grey channel when every pixel is grey (what
 * adjustPixels then test-util.ts's rgbaToDecoded and narrowToGray give). It works in the picture's own arrays, which
 * it takes over (an RGB picture's samples and its alpha are changed): a 100-megapixel picture held
 * its samples, an RGBA copy, the copy's samples and alpha and its grey channel at once, some 1.2 GB;
 * here an RGB picture needs nothing more, others one RGB expansion.
 */
export function adjustSamples(img: DecodedImage, adjust: PixelAdjust, keyTolerance = 0): DecodedImage {
  const { width, height } = img;
  const n = width * height;
  const rgb = img.color === 'rgb' ? img.samples.subarray(0, n * 3) : toRgb(img);
  let alpha = img.alpha;
  recolour(rgb, 3, n, adjust, keyTolerance, (p, ta) => {
    if (!alpha) {
      if (ta === 255) return;
      alpha = new Uint8Array(n).fill(255);
    }
    alpha[p] = Math.round((alpha[p]! * ta) / 255);
  });
  let all = 255;
  if (alpha) for (let i = 0; i < n; i++) all &= alpha[i]!;
  const keep = all === 255 ? {} : { alpha: alpha! };
  for (let i = 0; i < n * 3; i += 3) if (rgb[i] !== rgb[i + 1] || rgb[i] !== rgb[i + 2]) return { width, height, color: 'rgb', samples: rgb, ...keep };
  // Every pixel grey: its one channel moved to the front of the same bytes (pixel i from 3i, read before it is written over).
  for (let i = 0; i < n; i++) rgb[i] = rgb[i * 3]!;
  return { width, height, color: 'gray', samples: rgb.subarray(0, n), ...keep };
}

/** A grey or indexed picture's samples as RGB triples. */
function toRgb(img: DecodedImage): Uint8Array {
  const n = img.width * img.height;
  const out = new Uint8Array(n * 3);
  const s = img.samples;
  const pal = img.palette;
  if (img.color === 'indexed' && pal) {
    for (let i = 0, o = 0; i < n; i++, o += 3) {
      const k = s[i]! * 3;
      out[o] = pal[k]!;
      out[o + 1] = pal[k + 1]!;
      out[o + 2] = pal[k + 2]!;
    }
  } else for (let i = 0, o = 0; i < n; i++, o += 3) out[o] = out[o + 1] = out[o + 2] = s[i]!;
  return out;
}

/**
 * The adjustments on `n` pixels of interleaved bytes, `stride` a pixel with R, G and B first; the
 * colour change calls `fade(p, ta)` for each pixel p it changes, whose opacity it scales by ta/255.
 */
function recolour(px: Uint8Array, stride: number, n: number, adjust: PixelAdjust, keyTolerance: number, fade: (p: number, ta: number) => void): void {
  const end = n * stride;
  const change = adjust.colorChange;
  if (change) {
    const [fr, fg, fb] = rgbOf(change.from);
    const [tr, tg, tb] = rgbOf(change.to);
    const ta = Math.round(Math.max(0, Math.min(1, change.toOpacity)) * 255);
    const t = keyTolerance;
    for (let i = 0, p = 0; i < end; i += stride, p++) {
      if (Math.abs(px[i]! - fr) > t || Math.abs(px[i + 1]! - fg) > t || Math.abs(px[i + 2]! - fb) > t) continue;
      px[i] = tr;
      px[i + 1] = tg;
      px[i + 2] = tb;
      fade(p, ta);
    }
  }
  const tone = toneMap(adjust);
  if (tone) for (let i = 0; i < end; i += stride) {
    const l = luma(px[i]!, px[i + 1]!, px[i + 2]!);
    px[i] = tone[l * 3]!;
    px[i + 1] = tone[l * 3 + 1]!;
    px[i + 2] = tone[l * 3 + 2]!;
  }
  if (adjust.brightness || adjust.contrast) {
    const map = levelsMap(adjust.brightness ?? 0, adjust.contrast ?? 0);
    for (let i = 0; i < end; i += stride) {
      px[i] = map[px[i]!]!;
      px[i + 1] = map[px[i + 1]!]!;
      px[i + 2] = map[px[i + 2]!]!;
    }
  }
}

/** Luminance → RGB (256 × 3) for grey, duotone or bi-level; undefined when none is asked for. */
function toneMap(adjust: PixelAdjust): Uint8Array | undefined {
  if (!adjust.grayscale && !adjust.duotone && adjust.biLevelThreshold === undefined) return undefined;
  const out = new Uint8Array(768);
  const dark = adjust.duotone ? rgbOf(adjust.duotone[0]) : [0, 0, 0];
  const light = adjust.duotone ? rgbOf(adjust.duotone[1]) : [255, 255, 255];
  const cut = adjust.biLevelThreshold === undefined ? -1 : Math.round(adjust.biLevelThreshold * 255);
  for (let l = 0; l < 256; l++) {
    const t = cut >= 0 ? (l >= cut ? 255 : 0) : l;
    for (let k = 0; k < 3; k++) out[l * 3 + k] = Math.round(dark[k]! + ((light[k]! - dark[k]!) * t) / 255);
  }
  return out;
}
