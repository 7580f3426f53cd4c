/**
 * Soft masks (ISO 32000-1 §11.6.5): a LayoutDoc group's SoftMask rasterised by engine/image
 * (rasterizeSoftMask) into an 8-bit DeviceGray image, drawn by a transparency group form XObject
 * over the mask's box, and named by a graphics state whose /SMask takes that form's luminosity
 * (§11.6.5.2): where the image is white the group shows, where black (and outside the box, the
 * backdrop's black) nothing does. The mask is rasterised when its page is drafted, so a draft holds
 * its deflated samples only.
 *
 * Masks of the same silhouette on the same grid size share one image (MaskImages): a run of text
 * with a blurred shadow has a mask of its own glyphs, and a document may repeat such runs
 * (poi-stress015: 32 masks of a few words each, two of them repeats). The samples depend only on the silhouette's
 * place in its grid (image/soft-mask rings), so a silhouette met again is drawn with the first one's
 * samples, placed at its own box.
 */
import type { PDFContext, PDFRef } from 'pdf-lib';
import { formatPdfNumber as fmt } from '../../core';
import { renderMaskSamples } from '../../image';
import type { SoftMask } from '../../model';
import { deflateZlib } from '../../zip';
import { bytesStream } from './bytes-stream';
import { flateStream } from './streams';

/** A mask rasterised for a page draft: its samples as Up-filtered rows (upFiltered), deflated, and its box in PDF page space (y up). */
export interface DraftMask {
  readonly cols: number;
  readonly rows: number;
  readonly zlib: Uint8Array;
  readonly box: readonly [number, number, number, number];
}

/** The draft of a soft mask on a page `pageHeight` high; undefined when its grid is not one to draw. */
export function draftSoftMask(mask: SoftMask, pageHeight: number, images?: MaskImages): DraftMask | undefined {
  const { x, y, w, h, cols, rows } = mask.grid;
  const box: DraftMask['box'] = [x, pageHeight - y - h, w, h];
  const key = images ? maskKey(mask) : undefined;
  const known = key === undefined ? undefined : images!.get(key);
  if (known) return { cols, rows, zlib: known, box };
  const samples = renderMaskSamples(mask);
  if (!samples) return undefined;
  const zlib = deflateZlib(upFiltered(samples, cols, rows));
  if (key !== undefined) images!.set(key, zlib);
  return { cols, rows, zlib, box };
}

/**
 * The samples as PNG rows of filter type Up (ISO/IEC 15948 §9.2: each byte less the one above it),
 * which a mask's /DecodeParms (Predictor 12) undoes. A blurred mask changes little from row to row,
 * so the differences deflate to about 60 % of the samples' size (the corpus's 44 masks: 301 -> 184 KB).
 */
export function upFiltered(samples: Uint8Array, cols: number, rows: number): Uint8Array {
  const out = new Uint8Array(rows * (cols + 1));
  for (let r = 0, from = 0, to = 0; r < rows; r++) {
    out[to++] = 2;
    if (r === 0) out.set(samples.subarray(0, cols), to);
    else for (let c = 0; c < cols; c++) out[to + c] = (samples[from + c]! - samples[from + c - cols]!) & 0xff;
    from += cols;
    to += cols;
  }
  return out;
}

/** A document's mask images so far, by maskKey: their deflated samples, shared by their drafts. */
export type MaskImages = Map<string, Uint8Array>;

/**
 * Where two masks rasterise alike, a key that only they share: the grid's size in points and pixels,
 * growth, blur and each part's outline relative to the silhouette's first point, to a millionth of a
 * point (the same glyphs moved along a line differ in the last bits of their coordinates), with the
 * grid's corner relative to that point, to a hundredth. The layout rounds grid corners to a
 * thousandth of a point (layout/soft-mask.ts), so a mask drawn with another's samples is out of place
 * by at most that: a 250th of a pixel of its grid (4 pixels a point at most). Undefined for a mask
 * without a point.
 */
export function maskKey(mask: SoftMask): string | undefined {
  const first = mask.shapes.find((s) => s.commands.some((c) => c.op !== 'Z'))?.commands.find((c) => c.op !== 'Z');
  if (!first) return undefined;
  const { grid } = mask;
  const ax = first.x;
  const ay = first.y;
  const q = (v: number) => Math.round(v * 1e6);
  const parts = [grid.w, grid.h, grid.cols, grid.rows, mask.growPt, mask.sigmaPt, Math.round((grid.x - ax) * 100), Math.round((grid.y - ay) * 100)].join(' ');
  const out = [parts];
  for (const shape of mask.shapes) {
    out.push(`|${shape.fill ? 1 : 0} ${shape.lineWidth ?? 0}`);
    for (const c of shape.commands) {
      if (c.op === 'Z') out.push('Z');
      else if (c.op === 'C') out.push(`C${q(c.x1 - ax)} ${q(c.y1 - ay)} ${q(c.x2 - ax)} ${q(c.y2 - ay)} ${q(c.x - ax)} ${q(c.y - ay)}`);
      else out.push(`${c.op}${q(c.x - ax)} ${q(c.y - ay)}`);
    }
  }
  return out.join('');
}

/**
 * Writes a drafted mask: its image (once for the drafts sharing its samples: `written`), the form
 * drawing it at the mask's box and the graphics state naming it as /SMask.
 */
export function registerSoftMask(ctx: PDFContext, m: DraftMask, written?: Map<Uint8Array, PDFRef>): PDFRef {
  let image = written?.get(m.zlib);
  if (!image) {
    image = ctx.register(
      bytesStream(ctx, m.zlib, {
        Type: 'XObject', Subtype: 'Image', Width: m.cols, Height: m.rows, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Interpolate: true,
        Filter: 'FlateDecode', DecodeParms: { Predictor: 12, Colors: 1, BitsPerComponent: 8, Columns: m.cols },
      }),
    );
    written?.set(m.zlib, image);
  }
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
