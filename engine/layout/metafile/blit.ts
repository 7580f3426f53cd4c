/**
 * Bitmap transfers shared by WMF and EMF playback: raster operations ([MS-WMF] 2.1.1.31 TernaryRasterOperation)
 * decide whether a bitmap is drawn, the destination is filled with the brush, or the record is
 * counted as not drawn; decoded bitmaps are placed through the canvas.
 */
import type { MetafileCanvas } from './canvas';
import { dibToImage, type Dib, type SourceRect } from './dib';

/** Raster operations by their high word (the operation index). */
const SRCCOPY = 0xcc;
const SRCPAINT = 0xee;
const SRCAND = 0x88;
const SRCINVERT = 0x66;
const MERGECOPY = 0xc0;
const PATCOPY = 0xf0;
const BLACKNESS = 0x00;
const WHITENESS = 0xff;
const DSTCOPY = 0xaa;

/** A one-bit AND mask waiting for the colour half of its icon. */
export interface PendingMask {
  readonly dib: Dib;
  readonly dest: Dest;
  readonly src?: SourceRect;
}

/** A destination rectangle in logical units (negative sizes mirror). */
export interface Dest {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** PatBlt and bitmap-less blits: the destination filled by the brush, black or white. */
export function patternFill(cv: MetafileCanvas, rop: number, d: Dest): void {
  const op = (rop >>> 16) & 0xff;
  const color = op === PATCOPY ? cv.fillOf() : op === BLACKNESS ? '000000' : op === WHITENESS ? 'FFFFFF' : undefined;
  if (op === DSTCOPY) return;
  if (color === undefined) {
    if (op !== PATCOPY) cv.note(`raster operation 0x${op.toString(16)}`);
    return;
  }
  cv.fillRect(Math.min(d.x, d.x + d.w), Math.min(d.y, d.y + d.h), Math.max(d.x, d.x + d.w), Math.max(d.y, d.y + d.h), color);
}

/**
 * Draws a DIB (header + colours in `info`, pixels in `bits`) on the destination, cut to `src`.
 * A masked icon is two transfers to one place: the one-bit AND mask (SRCAND) is kept and becomes
 * the transparency of the colour half that follows (SRCINVERT or SRCPAINT); other SRCPAINT,
 * SRCAND and SRCINVERT pictures are drawn as plain copies (counted).
 */
export function drawBitmap(cv: MetafileCanvas, rop: number, info: Uint8Array, bits: Uint8Array, usage: number, d: Dest, src?: SourceRect, alpha = false): void {
  const op = (rop >>> 16) & 0xff;
  if (op !== SRCCOPY && op !== SRCPAINT && op !== SRCAND && op !== MERGECOPY && op !== SRCINVERT) {
    if (op === PATCOPY || op === BLACKNESS || op === WHITENESS || op === DSTCOPY) patternFill(cv, rop, d);
    else cv.note(`raster operation 0x${op.toString(16)}`);
    return;
  }
  const pending = cv.mask;
  cv.mask = undefined;
  if (op === SRCAND && info.length >= 16 && info[14] === 1) {
    cv.mask = { dib: { info, bits, usage }, dest: d, ...(src ? { src } : {}) };
    return;
  }
  const mask = pending && (op === SRCINVERT || op === SRCPAINT) && sameDest(pending.dest, d) ? pending.dib : undefined;
  if (pending && !mask) cv.note('bitmap mask');
  if (!mask && op !== SRCCOPY && op !== MERGECOPY) cv.note(`raster operation 0x${op.toString(16)} (drawn as a copy)`);
  cv.budget(4);
  const img = dibToImage(info, bits, usage, src, alpha, mask);
  if (typeof img === 'string') {
    cv.note(`bitmap not decoded (${img})`);
    return;
  }
  cv.image(img, d.x, d.y, d.w, d.h);
}

function sameDest(a: Dest, b: Dest): boolean {
  return a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;
}

/**
 * StretchDIBits and SetDIBitsToDevice name their source rectangle from the bottom-left corner of
 * a bottom-up DIB; drawBitmap cuts top-down rows, so the rectangle is turned over.
 */
export function bottomUpSource(info: Uint8Array, src: SourceRect): SourceRect {
  if (info.length < 12) return src;
  const v = new DataView(info.buffer, info.byteOffset, info.byteLength);
  const height = v.getUint32(0, true) === 12 ? v.getUint16(6, true) : v.getInt32(8, true);
  return height > 0 ? { ...src, y: height - src.y - Math.abs(src.h) } : src;
}
