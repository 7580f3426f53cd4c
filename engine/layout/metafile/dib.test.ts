import { unzlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { Bytes } from '../../../tests/helpers/make-metafile';
import { dibHeaderLength, dibToImage } from './dib';

/** Reads back a PNG written by dibToImage: colour type and RGBA pixels (filter 0 rows). */
function readPng(data: Uint8Array): { w: number; h: number; colorType: number; rgba: number[] } {
  const v = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const w = v.getUint32(16);
  const h = v.getUint32(20);
  const colorType = data[25]!;
  const idatLen = v.getUint32(33);
  const raw = unzlibSync(data.subarray(41, 41 + idatLen));
  const n = colorType === 6 ? 4 : 3;
  const rgba: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = y * (w * n + 1) + 1 + x * n;
      rgba.push(raw[o]!, raw[o + 1]!, raw[o + 2]!, n === 4 ? raw[o + 3]! : 255);
    }
  }
  return { w, h, colorType, rgba };
}

function png(img: ReturnType<typeof dibToImage>): ReturnType<typeof readPng> {
  if (typeof img === 'string') throw new Error(img);
  expect(img.contentType).toBe('image/png');
  return readPng(img.data);
}

/** A BITMAPINFOHEADER: width, height (negative: top-down), bit count, compression, colours used. */
function header(w: number, h: number, bpp: number, compression = 0, clrUsed = 0): Bytes {
  return new Bytes().u32(40, w, h).u16(1, bpp).u32(compression, 0, 0, 0, clrUsed, 0);
}

describe('dibToImage (metafile bitmaps through engine/image)', () => {
  it('shows DIB_PAL_COLORS indices as grey levels', () => {
    const info = header(2, 1, 8, 0, 2).u16(0, 200).done();
    expect(dibHeaderLength(info, 1)).toBe(44);
    expect(png(dibToImage(info, Uint8Array.of(1, 0, 0, 0), 1)).rgba).toEqual([200, 200, 200, 255, 0, 0, 0, 255]);
  });

  it('reads top-down rows and cuts the source rectangle', () => {
    // 2 × 2, top-down: red green / blue white (BGR bytes, rows padded to 4).
    const bits = Uint8Array.of(0, 0, 255, 0, 255, 0, 0, 0, 255, 0, 0, 255, 255, 255, 0, 0);
    const img = png(dibToImage(header(2, -2, 24).done(), bits, 0, { x: 1, y: 1, w: 1, h: 1 }));
    expect([img.w, img.h, img.colorType, ...img.rgba]).toEqual([1, 1, 2, 255, 255, 255, 255]);
  });

  it('blends a 32-bit BI_BITFIELDS AlphaBlend source by its fourth bytes, and copies it opaque otherwise', () => {
    // EMR_ALPHABLEND of a BITMAPINFOHEADER with three masks (no alpha mask), as Office writes icons.
    const info = header(2, 1, 32, 3).u32(0xff0000, 0xff00, 0xff).done();
    const bits = Uint8Array.of(0, 0, 255, 255, 0, 255, 0, 0);
    const blended = png(dibToImage(info, bits, 0, undefined, true));
    expect([blended.colorType, ...blended.rgba]).toEqual([6, 255, 0, 0, 255, 0, 255, 0, 0]);
    const copied = png(dibToImage(info, bits, 0));
    expect([copied.colorType, ...copied.rgba]).toEqual([2, 255, 0, 0, 255, 0, 255, 0, 255]);
  });

  it('makes the white pixels of an AND mask transparent', () => {
    const colour = { info: header(2, 1, 24).done(), bits: Uint8Array.of(0, 0, 255, 0, 255, 0, 0, 0) };
    const mask = { info: header(2, 1, 1).u32(0x000000, 0xffffff).done(), bits: Uint8Array.of(0x40, 0, 0, 0), usage: 0 };
    const img = png(dibToImage(colour.info, colour.bits, 0, undefined, false, mask));
    expect([img.colorType, ...img.rgba]).toEqual([6, 255, 0, 0, 255, 0, 255, 0, 0]);
  });

  it('reads a missing two-colour table as black and white', () => {
    expect(png(dibToImage(header(2, 1, 1).done(), Uint8Array.of(0x40, 0, 0, 0), 0)).rgba).toEqual([0, 0, 0, 255, 255, 255, 255, 255]);
  });

  it('leaves the pixels an RLE8 delta skips transparent', () => {
    // Two colours; one pixel of index 1, a delta of one pixel right, end of bitmap.
    const info = header(3, 1, 8, 1, 2).u32(0x0000ff, 0x00ff00).done();
    const img = png(dibToImage(info, Uint8Array.of(1, 1, 0, 2, 1, 0, 0, 1), 0));
    expect(img.rgba).toEqual([0, 255, 0, 255, 0, 0, 255, 0, 0, 0, 255, 0]);
  });

  it('gives the reason instead of throwing for a damaged header or short bits', () => {
    expect(dibToImage(Uint8Array.of(1, 2, 3), new Uint8Array(0), 0)).toMatch(/header/);
    expect(dibToImage(header(4, 4, 24).done(), new Uint8Array(0), 0)).toMatch(/no pixel data/);
  });
});
