/**
 * EMF+ images ([MS-EMFPLUS] 2.2.1.4 EmfPlusImage, 2.2.2.2 EmfPlusBitmap): compressed bitmaps are
 * the embedded PNG, JPEG, GIF, BMP or TIFF file itself; pixel bitmaps (24/32-bit) are re-encoded as
 * PNG. Objects too big for one record arrive in pieces (flag C) and are assembled here.
 */
import type { LayoutImage } from '../../model';
import { encodePng, imageContentType, sniffImage, type ImageKind } from '../../image';
import { MAX_DIB_PIXELS } from './dib';

const RASTERS: ReadonlySet<ImageKind> = new Set(['png', 'jpeg', 'gif', 'bmp', 'tiff']);

/** Largest EMF+ object assembled from pieces. */
export const MAX_PLUS_OBJECT = 32 * 1024 * 1024;

/** A continued object being assembled ([MS-EMFPLUS] 2.3.5.1, TotalObjectSize). */
export class ObjectPieces {
  private id = -1;
  private total = 0;
  private parts: Uint8Array[] = [];
  private length = 0;

  /** Adds a piece; returns the whole object once all its bytes are in, or a reason to give up. */
  add(id: number, total: number, piece: Uint8Array): Uint8Array | string | undefined {
    if (id !== this.id || this.parts.length === 0) {
      if (total > MAX_PLUS_OBJECT) return `an EMF+ object of ${total} bytes is over the limit`;
      this.id = id;
      this.total = total;
      this.parts = [];
      this.length = 0;
    }
    this.parts.push(piece);
    this.length += piece.length;
    if (this.length < this.total) return undefined;
    return this.finish().subarray(0, this.total);
  }

  /** The last piece of an object (sent without flag C by some writers). */
  last(id: number, piece: Uint8Array): Uint8Array | undefined {
    if (id !== this.id || this.parts.length === 0) return undefined;
    this.parts.push(piece);
    this.length += piece.length;
    return this.finish();
  }

  private finish(): Uint8Array {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const p of this.parts) {
      out.set(p, at);
      at += p.length;
    }
    this.parts = [];
    this.length = 0;
    this.id = -1;
    return out;
  }
}

/** Decodes an EmfPlusImage object's bytes, or gives the reason it cannot be drawn. */
export function plusImage(b: Uint8Array): LayoutImage | string {
  if (b.length < 28) return 'EMF+ image too short';
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (v.getUint32(4, true) !== 1) return 'EMF+ metafile image';
  const width = v.getInt32(8, true);
  const height = v.getInt32(12, true);
  const stride = v.getInt32(16, true);
  const format = v.getUint32(20, true);
  const data = b.subarray(28);
  if (v.getUint32(24, true) === 1) {
    // A compressed bitmap: a PNG, JPEG, GIF, BMP or TIFF file as it is.
    const kind = sniffImage(data);
    return kind && RASTERS.has(kind) ? { contentType: imageContentType(kind), data } : 'EMF+ bitmap of unknown compression';
  }
  const bpp = (format >>> 8) & 0xff;
  if ((bpp !== 24 && bpp !== 32) || width <= 0 || height <= 0 || width * height > MAX_DIB_PIXELS) return `EMF+ bitmap of ${width} × ${height} at ${bpp} bits`;
  if (stride < (width * bpp) / 8 || data.length < stride * (height - 1) + (width * bpp) / 8) return 'EMF+ bitmap bits are truncated';
  // PixelFormat32bppARGB (0x26200A) and PARGB (0x0E200B) carry alpha; bytes are blue, green, red(, alpha).
  const alpha = bpp === 32 && (format & 0x40000) !== 0;
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const s = y * stride + (x * bpp) / 8;
      const o = (y * width + x) * 4;
      rgba[o] = data[s + 2]!;
      rgba[o + 1] = data[s + 1]!;
      rgba[o + 2] = data[s]!;
      rgba[o + 3] = alpha ? data[s + 3]! : 255;
    }
  }
  return { contentType: 'image/png', data: encodePng(width, height, rgba, alpha) };
}
