/**
 * render/canvas: draws a page of a LayoutDoc on a Canvas 2D context (the playground's preview), from
 * the same LayoutDoc the PDF is rendered from: glyph runs filled from the outlines of the font
 * programs in `LayoutDoc.fonts` (a Path2D cached per glyph), rectangles, lines, paths, images
 * (decoded once per image with createImageBitmap; GIF, BMP and TIFF first through engine/image into
 * an ImageData, as the PDF has them); links are not drawn.
 * In: LayoutDoc, page index, a 2D context, options. Out: drawing on the context and counts.
 * Must not: lay anything out, use system fonts, or touch the DOM beyond the context it is given.
 * How close it comes to the PDF is measured over the corpus by scripts/canvas-parity.ts (Chromium
 * against pdftoppm, page by page); what is left there is mostly rasterisation (glyph hinting, hairlines).
 */
export { renderCanvas } from './render-canvas';
export { createCanvasCache } from './types';
export type { Canvas2D, CanvasCache, CanvasRenderStats, RenderCanvasOptions, PathHandle, ImageHandle, GlyphPathCache, GradientHandle } from './types';
