/**
 * The slice of the Canvas 2D API the canvas renderer draws with, so it runs on a page canvas, an
 * OffscreenCanvas in a worker, or a recording fake in tests (no DOM types needed at run time).
 */
import type { LayoutImage, PictureAdjust } from '../../model';

/** An opaque path object the context can fill (a `Path2D`). */
export type PathHandle = object;

/** A decoded image the context can draw (an `ImageBitmap`, an `HTMLImageElement`…). */
export type ImageHandle = object;

/** A gradient the context made (a `CanvasGradient`), usable as a fill style. */
export interface GradientHandle {
  addColorStop(offset: number, color: string): void;
}

/** The drawing calls renderCanvas makes (a subset of CanvasRenderingContext2D). */
export interface Canvas2D {
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  scale(x: number, y: number): void;
  transform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  bezierCurveTo(x1: number, y1: number, x2: number, y2: number, x: number, y: number): void;
  quadraticCurveTo(x1: number, y1: number, x: number, y: number): void;
  closePath(): void;
  rect(x: number, y: number, w: number, h: number): void;
  fill(path?: never): void;
  stroke(path?: never): void;
  clip(fillRule?: 'nonzero' | 'evenodd'): void;
  /** Clips to a path object (shaded glyphs: the glyph's outline). */
  clip(path: never, fillRule?: 'nonzero' | 'evenodd'): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  drawImage(image: never, dx: number, dy: number, dw: number, dh: number): void;
  setLineDash(segments: number[]): void;
  /** Gradients for shaded paths; a context without them fills those with their flat colour. */
  createLinearGradient?(x0: number, y0: number, x1: number, y1: number): GradientHandle;
  createRadialGradient?(x0: number, y0: number, r0: number, x1: number, y1: number, r1: number): GradientHandle;
  fillStyle: unknown;
  strokeStyle: unknown;
  lineWidth: number;
  globalAlpha: number;
  /**
   * How pictures are resampled: the renderer asks for `high` (a browser's `low` default resamples a
   * downscaled picture bilinearly from its full size, so text in a screenshot breaks up where PDF
   * viewers average it); a context without it keeps its own.
   */
  imageSmoothingQuality?: 'low' | 'medium' | 'high';
  /** Joins and caps of strokes (a glow's rings are round); a context without them mitres them. */
  lineJoin?: 'round' | 'bevel' | 'miter';
  lineCap?: 'butt' | 'round' | 'square';
  /** How drawing combines with what is there: a soft mask cuts its layer with `destination-in`. */
  globalCompositeOperation?: string;
}

/** A layer a masked group is drawn into (an OffscreenCanvas): its context, and itself to draw on the page. */
export interface CanvasLayer {
  readonly ctx: Canvas2D;
  readonly image: ImageHandle;
}

/** Options of renderCanvas. */
export interface RenderCanvasOptions {
  /** Device pixels per point (default 1). The caller sizes the canvas to `widthPt × scale`. */
  readonly scale?: number;
  /** Page background painted first (default `#FFFFFF`; `null` leaves the canvas as it is). */
  readonly background?: string | null;
  /** Builds a path object from SVG path data (default: `new Path2D(d)` where Path2D exists). */
  readonly createPath?: (svgPathData: string) => PathHandle;
  /**
   * Decodes an image (default: `createImageBitmap` on a Blob where both exist; on an ImageData of
   * engine/image's pixels for GIF, BMP and TIFF, and for a recoloured PNG, GIF, BMP or TIFF, whose
   * `adjust` is applied to those pixels as the PDF renderer does; a recoloured JPEG is decoded by
   * engine/image's JPEG decoder and changed alike).
   */
  readonly decodeImage?: (data: Uint8Array, contentType: string, adjust?: PictureAdjust) => Promise<ImageHandle | undefined>;
  /**
   * Makes an image of RGBA pixels (not premultiplied), for soft masks (a blurred shadow, a glow, a
   * soft edge; default: ImageData and createImageBitmap where both exist).
   */
  readonly createMaskImage?: (rgba: Uint8ClampedArray, width: number, height: number) => Promise<ImageHandle | undefined>;
  /**
   * Makes a layer of so many pixels for a soft-edged group (default: an OffscreenCanvas where it
   * exists); without one such a group is drawn unmasked, with a warning.
   */
  readonly createLayer?: (width: number, height: number) => CanvasLayer | undefined;
  /** Caches glyph paths and decoded images across pages of the same LayoutDoc (see createCanvasCache). */
  readonly cache?: CanvasCache;
}

/** What renderCanvas drew, for tests and the playground's status line. */
export interface CanvasRenderStats {
  readonly glyphs: number;
  readonly shapes: number;
  readonly images: number;
}

/** Caches reused across pages (and re-renders at another zoom) of one LayoutDoc. */
export interface CanvasCache {
  /** Glyph paths per font program (keyed by its bytes). */
  readonly glyphs: WeakMap<Uint8Array, GlyphPathCache>;
  /** Decoded images per image bytes. */
  readonly images: WeakMap<Uint8Array, Promise<ImageHandle | undefined>>;
  /** Decoded recoloured images per image-table entry (the same bytes recoloured otherwise are another entry). */
  readonly adjusted?: WeakMap<LayoutImage, Promise<ImageHandle | undefined>>;
}

/** The glyph paths of one font: glyph id → path (undefined for empty or unreadable glyphs). */
export interface GlyphPathCache {
  readonly unitsPerEm: number;
  path(glyphId: number): PathHandle | undefined;
  /** The glyph's outline as SVG path data in font units (undefined for empty or unreadable glyphs). */
  outline?(glyphId: number): string | undefined;
  /** Glyphs whose outline could not be read (counted once each). */
  readonly failures: Set<number>;
}

/** Creates an empty cache; keep one per LayoutDoc to reuse glyph paths and decoded images. */
export function createCanvasCache(): CanvasCache {
  return { glyphs: new WeakMap(), images: new WeakMap(), adjusted: new WeakMap() };
}
