/**
 * The shape every raster decoder returns, the limits they check before allocating, and the small
 * helpers they share (bounded reads, diagnostics).
 */
import { abort, DiagnosticError, fail, ok, warning, type Diagnostic, type Result } from '../core';

/** Decoded pixels: 8 bits per sample, rows top to bottom without padding. */
export interface DecodedImage {
  readonly width: number;
  readonly height: number;
  /** `indexed` samples are palette indices (one per pixel) into `palette`. */
  readonly color: 'gray' | 'rgb' | 'indexed';
  /** RGB triples, 256 entries (padded with black) when `color` is `indexed`. */
  readonly palette?: Uint8Array;
  /** width × height × (1 for gray and indexed, 3 for rgb) samples. */
  readonly samples: Uint8Array;
  /** width × height opacities (0 transparent … 255 opaque), present only when some pixel is not opaque. */
  readonly alpha?: Uint8Array;
}

/** Bounds on what a decoder may allocate for one picture. */
export interface ImageLimits {
  /** Largest width × height accepted (checked before any pixel buffer is allocated). */
  readonly maxPixels: number;
}

/** 100 megapixels, the bound png.ts applies too. */
export const DEFAULT_IMAGE_LIMITS: ImageLimits = { maxPixels: 100_000_000 };

/** Throws `render/bad-image` (caught by runDecoder). */
export function badImage(message: string): never {
  return abort('render/bad-image', message);
}

/** Checks declared dimensions against the input and the limits before anything is allocated. */
export function checkDimensions(format: string, width: number, height: number, limits: ImageLimits): void {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) badImage(`The ${format} picture declares an empty or invalid size (${width}×${height}).`);
  if (width * height > limits.maxPixels) {
    abort('render/image-too-large', `A ${width}×${height} ${format} picture is larger than the ${limits.maxPixels}-pixel limit.`);
  }
}

/** Pictures up to this many pixels are decoded however little of them their data can fill. */
const SMALL_PICTURE = 1 << 20;

/**
 * Refuses, before allocating, a large picture whose data could fill under 1/64 of it (a few bytes
 * declaring a huge canvas would otherwise cost hundreds of megabytes of transparent pixels).
 */
export function checkFillable(format: string, width: number, height: number, fillablePixels: number): void {
  if (width * height > SMALL_PICTURE && fillablePixels * 64 < width * height) {
    abort('render/image-too-large', `A ${width}×${height} ${format} picture holds data for at most ${Math.floor(fillablePixels)} of its pixels; it is not drawn.`);
  }
}

/** Runs a decoder body: DiagnosticErrors and any other failure become a failed Result, never a throw. */
export function runDecoder(format: string, body: (warnings: Diagnostic[]) => DecodedImage): Result<DecodedImage> {
  const warnings: Diagnostic[] = [];
  try {
    return ok(body(warnings), warnings);
  } catch (e) {
    if (e instanceof DiagnosticError) return fail({ ...e.diagnostic, severity: 'error' }, warnings);
    const detail = e instanceof Error ? e.message : String(e);
    return fail({ ...warning('render/bad-image', `The ${format} picture could not be decoded (${detail}).`), severity: 'error' }, warnings);
  }
}

/** Pads or trims an RGB palette to 256 entries, so every 8-bit index is defined (PDF Indexed hival 255). */
export function fullPalette(rgb: Uint8Array): Uint8Array {
  const out = new Uint8Array(768);
  out.set(rgb.subarray(0, 768));
  return out;
}

/** Drops an alpha channel whose every value is opaque. */
export function alphaIfUsed(alpha: Uint8Array | undefined): { alpha?: Uint8Array } {
  if (!alpha) return {};
  for (let i = 0; i < alpha.length; i++) if (alpha[i] !== 255) return { alpha };
  return {};
}

/** Little- or big-endian reads that return 0 past the end instead of throwing. */
export function u16(b: Uint8Array, p: number, le: boolean): number {
  if (p < 0 || p + 2 > b.length) return 0;
  return le ? b[p]! | (b[p + 1]! << 8) : (b[p]! << 8) | b[p + 1]!;
}

/** See u16. */
export function u32(b: Uint8Array, p: number, le: boolean): number {
  if (p < 0 || p + 4 > b.length) return 0;
  return le ? (b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16) | (b[p + 3]! << 24)) >>> 0 : ((b[p]! << 24) | (b[p + 1]! << 16) | (b[p + 2]! << 8) | b[p + 3]!) >>> 0;
}
