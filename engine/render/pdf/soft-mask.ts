/**
 * Soft masks (ISO 32000-1 §11.6.5): a LayoutDoc group's SoftMask rasterised by engine/image
 * (rasterizeSoftMask) into an 8-bit DeviceGray image, drawn by a transparency group form XObject
 * over the mask's box, and named by a graphics state whose /SMask takes that form's luminosity
 * (§11.6.5.2): where the image is white the group shows, where black (and outside the box, the
 * backdrop's black) nothing does. The mask is rasterised when its page is drafted, so a draft holds
 * its deflated samples only.
 */
import type { PDFContext, PDFRef } from 'pdf-lib';
import { formatPdfNumber as fmt } from '../../core';
import { renderMaskSamples } from '../../image';
import type { SoftMask } from '../../model';
import { deflateZlib } from '../../zip';
import { bytesStream } from './bytes-stream';
import { flateStream } from './streams';

/** A mask rasterised for a page draft: its samples deflated, and its box in PDF page space (y up). */
export interface DraftMask {
  readonly cols: number;
  readonly rows: number;
  readonly zlib: Uint8Array;
  readonly box: readonly [number, number, number, number];
}

/** The draft of a soft mask on a page `pageHeight` high; undefined when its grid is not one to draw. */
export function draftSoftMask(mask: SoftMask, pageHeight: number): DraftMask | undefined {
  const samples = renderMaskSamples(mask);
  if (!samples) return undefined;
  const { x, y, w, h, cols, rows } = mask.grid;
  return { cols, rows, zlib: deflateZlib(samples), box: [x, pageHeight - y - h, w, h] };
}

/** Writes a drafted mask: its image, the form drawing it and the graphics state naming it as /SMask. */
export function registerSoftMask(ctx: PDFContext, m: DraftMask): PDFRef {
  const image = ctx.register(
    bytesStream(ctx, m.zlib, { Type: 'XObject', Subtype: 'Image', Width: m.cols, Height: m.rows, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Interpolate: true, Filter: 'FlateDecode' }),
  );
  const [x, y, w, h] = m.box;
  const form = ctx.register(
    flateStream(ctx, `q ${fmt(w)} 0 0 ${fmt(h)} ${fmt(x)} ${fmt(y)} cm /M Do Q`, {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [x, y, x + w, y + h],
      Group: { S: 'Transparency', CS: 'DeviceGray' },
      Resources: { XObject: { M: image } },
    }),
  );
  return ctx.register(ctx.obj({ Type: 'ExtGState', SMask: { Type: 'Mask', S: 'Luminosity', G: form } }));
}
