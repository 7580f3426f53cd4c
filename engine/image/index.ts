/**
 * image: pixels in, pixels out, with no knowledge of documents, layout or renderers. Raster decoders
 * for the picture formats PDF cannot embed as they are (GIF, BMP/DIB, TIFF) and for the DIBs inside
 * metafiles, a JPEG decoder (for recoloured photos), and the one PNG encoder. Used by render/pdf
 * (Flate image XObjects), render/canvas (ImageData), layout/metafile (embedded bitmaps re-encoded as
 * PNG) and template (typed signatures).
 * In: image bytes and limits, or RGBA pixels. Out: Result<DecodedImage> (8-bit samples, palette,
 * optional alpha), RGBA, or PNG bytes.
 * Must not: throw on bad input, allocate before checking declared sizes against the limits, read past
 * the input, or import layout, render or template.
 */
import type { Result } from '../core';
import { fail, error } from '../core';
import { decodeBmp } from './bmp';
import { decodeGif } from './gif';
import { decodeTiff } from './tiff';
import { sniffImage } from './sniff';
import type { DecodedImage, ImageLimits } from './types';
import { DEFAULT_IMAGE_LIMITS } from './types';

export { decodeBmp, decodeDib, decodeDibParts, readDibHeader, type DibHeader, type DibPartsOptions } from './bmp';
export { decodeGif } from './gif';
export { decodeTiff } from './tiff';
export { decodeLzw, type LzwOptions, type LzwResult, type LzwEnd } from './lzw';
export { toRgba } from './rgba';
export { adjustPixels, adjustSamples, levelsMap, JPEG_KEY_TOLERANCE, type PixelAdjust } from './adjust';
export { decodeJpeg } from './jpeg-decode';
export { decodePng } from './png-decode';
export { boxRadii, MAX_RENDER_MASK_PIXELS, rasterizeSoftMask, renderMaskSamples, softMaskGrid, type MaskCommand, type MaskGrid, type MaskShape, type MaskSpec } from './soft-mask';
export { encodePng, pngChunk, assemblePng } from './png';
export { DEFAULT_IMAGE_LIMITS, type DecodedImage, type ImageLimits } from './types';
export { pngToPdfImage, type PdfImageData } from './png-pdf';
export { imageContentType, jpegHeader, pictureSizePt, pngSize, sniffImage, type ImageKind, type JpegInfo } from './sniff';

/** The raster formats decodeRaster reads. */
export type RasterFormat = 'gif' | 'bmp' | 'tiff';

/** Decodes GIF, BMP or TIFF bytes by format; other formats give a failed Result (`render/unsupported-image`). */
export function decodeRaster(format: string, bytes: Uint8Array, limits: ImageLimits = DEFAULT_IMAGE_LIMITS): Result<DecodedImage> {
  if (format === 'gif') return decodeGif(bytes, limits);
  if (format === 'bmp') return decodeBmp(bytes, limits);
  if (format === 'tiff') return decodeTiff(bytes, limits);
  return fail(error('render/unsupported-image', `A ${format.toUpperCase()} picture cannot be decoded here.`));
}

/** The raster format of image bytes from their signature, when decodeRaster reads it. */
export function sniffRaster(b: Uint8Array): RasterFormat | undefined {
  const kind = sniffImage(b);
  return kind !== undefined && isRasterFormat(kind) ? kind : undefined;
}

/** Whether decodeRaster reads this format. */
export function isRasterFormat(format: string): format is RasterFormat {
  return format === 'gif' || format === 'bmp' || format === 'tiff';
}
