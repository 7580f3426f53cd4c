import { describe, expect, it } from 'vitest';
import { decodeGif } from './gif';
import { toRgba } from './rgba';
import { makeGif } from './test-util';
import type { DecodedImage } from './types';

const RED_GREEN_BLUE_WHITE = [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255];

function decoded(bytes: Uint8Array): DecodedImage {
  const r = decodeGif(bytes);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

/** RGBA of pixel (x, y). */
function px(img: DecodedImage, x: number, y: number): number[] {
  const rgba = toRgba(img);
  const at = (y * img.width + x) * 4;
  return [...rgba.subarray(at, at + 4)];
}

describe('decodeGif', () => {
  it('decodes an opaque 3×2 frame with its global palette, exactly', () => {
    const img = decoded(makeGif({ width: 3, height: 2, palette: RED_GREEN_BLUE_WHITE, indices: [0, 1, 2, 3, 2, 1] }));
    expect(img).toMatchObject({ width: 3, height: 2, color: 'indexed' });
    expect([...img.samples]).toEqual([0, 1, 2, 3, 2, 1]);
    expect(img.alpha).toBeUndefined();
    expect([...img.palette!.subarray(0, 12)]).toEqual(RED_GREEN_BLUE_WHITE);
    expect(img.palette!.length).toBe(768);
    expect(px(img, 1, 0)).toEqual([0, 255, 0, 255]);
    expect(px(img, 0, 1)).toEqual([255, 255, 255, 255]);
  });

  it('turns the Graphic Control Extension transparent index into alpha', () => {
    const img = decoded(makeGif({ width: 2, height: 2, palette: RED_GREEN_BLUE_WHITE, indices: [0, 3, 3, 1], transparent: 3 }));
    expect([...img.alpha!]).toEqual([255, 0, 0, 255]);
    expect(px(img, 0, 0)).toEqual([255, 0, 0, 255]);
    expect(px(img, 1, 0)[3]).toBe(0);
  });

  it('reorders interlaced rows (passes 0/8, 4/8, 2/4, 1/2)', () => {
    // 10 rows, row y filled with index y % 4: after de-interlacing row y must read y % 4 again.
    const w = 3;
    const h = 10;
    const indices = Array.from({ length: w * h }, (_, i) => Math.floor(i / w) % 4);
    const img = decoded(makeGif({ width: w, height: h, palette: RED_GREEN_BLUE_WHITE, indices, interlaced: true }));
    expect([...img.samples]).toEqual(indices);
  });

  it('prefers the local colour table and reads a many-colour frame through wide LZW codes', () => {
    const w = 64;
    const h = 40;
    const palette = Array.from({ length: 768 }, (_, i) => (i * 7) & 255);
    const indices = Array.from({ length: w * h }, (_, i) => (i * 31 + (i >> 6)) & 255);
    const img = decoded(makeGif({ width: w, height: h, palette: RED_GREEN_BLUE_WHITE, localPalette: palette, indices }));
    expect([...img.samples]).toEqual(indices);
    expect([...img.palette!]).toEqual(palette);
  });

  it('decodes the first frame only', () => {
    const img = decoded(makeGif({ width: 2, height: 1, palette: RED_GREEN_BLUE_WHITE, indices: [0, 1], moreFrames: [[2, 2]] }));
    expect([...img.samples]).toEqual([0, 1]);
  });

  it('places a frame on the logical screen, leaving the rest transparent', () => {
    const img = decoded(makeGif({ width: 4, height: 3, palette: RED_GREEN_BLUE_WHITE, indices: [1, 2], frame: { left: 2, top: 1, width: 2, height: 1 } }));
    expect(img.width).toBe(4);
    expect(img.height).toBe(3);
    expect([...img.alpha!]).toEqual([0, 0, 0, 0, 0, 0, 255, 255, 0, 0, 0, 0]);
    expect([img.samples[6], img.samples[7]]).toEqual([1, 2]);
  });

  it('grows a logical screen smaller than the first frame (or zero) instead of cutting it', () => {
    const img = decoded(makeGif({ width: 0, height: 0, palette: RED_GREEN_BLUE_WHITE, indices: [0, 1, 2, 3], frame: { left: 0, top: 0, width: 2, height: 2 } }));
    expect([img.width, img.height]).toEqual([2, 2]);
    expect([...img.samples]).toEqual([0, 1, 2, 3]);
  });

  it('stands in a grey ramp when there is no colour table', () => {
    const img = decoded(makeGif({ width: 2, height: 1, indices: [0, 200], minCodeSize: 8 }));
    expect(px(img, 1, 0)).toEqual([200, 200, 200, 255]);
  });

  describe('hostile input: a diagnostic, never a throw', () => {
    it('rejects a picture larger than the pixel limit before allocating it', () => {
      const bytes = makeGif({ width: 60000, height: 60000, palette: RED_GREEN_BLUE_WHITE, indices: [0], frame: { left: 0, top: 0, width: 60000, height: 60000 }, lzw: Uint8Array.from([4, 0]) });
      const r = decodeGif(bytes);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.errors[0]!.code).toBe('render/image-too-large');
    });

    it('refuses, quickly and before allocating, a large canvas its few bytes of data could never fill', () => {
      // 35 bytes declaring 10 000 × 10 000 pixels: within the pixel limit, but the LZW data yields at most 15.
      const bytes = makeGif({ width: 10_000, height: 10_000, palette: RED_GREEN_BLUE_WHITE, indices: [0], frame: { left: 0, top: 0, width: 10_000, height: 10_000 }, lzw: Uint8Array.from([4, 0]) });
      const r = decodeGif(bytes);
      expect(!r.ok && r.errors[0]!.code).toBe('render/image-too-large');
      expect(!r.ok && r.errors[0]!.message).toMatch(/at most 15 of its pixels/);
    });

    it('still decodes a large picture that its data does fill (one colour, 1.2 megapixels in a few kilobytes)', () => {
      const bytes = makeGif({ width: 1200, height: 1000, palette: RED_GREEN_BLUE_WHITE, indices: new Uint8Array(1_200_000).fill(2) });
      expect(bytes.length).toBeLessThan(5000);
      const r = decodeGif(bytes);
      expect(r.ok && r.value.samples.every((v) => v === 2)).toBe(true);
    });

    it('honours a smaller caller limit', () => {
      const r = decodeGif(makeGif({ width: 10, height: 10, palette: RED_GREEN_BLUE_WHITE, indices: new Array(100).fill(0) }), { maxPixels: 50 });
      expect(!r.ok && r.errors[0]!.code).toBe('render/image-too-large');
    });

    it('keeps the decoded rows of a truncated file and warns', () => {
      const full = makeGif({ width: 8, height: 8, palette: RED_GREEN_BLUE_WHITE, indices: Array.from({ length: 64 }, (_, i) => (i * 5 + (i >> 3)) & 3) });
      // Cut inside the image data (the trailer and the end of the LZW stream are lost).
      const r = decodeGif(full.subarray(0, full.length - 8));
      expect(r.ok).toBe(true);
      expect(r.warnings.map((w) => w.code)).toEqual(['render/bad-image']);
      if (r.ok) {
        expect(r.value.alpha![0]).toBe(255);
        expect(r.value.alpha![63]).toBe(0);
      }
    });

    it('keeps the transparent index of the decoded rows of a truncated file, the rest transparent', () => {
      const indices = Array.from({ length: 64 }, (_, i) => (i * 5 + (i >> 3)) & 3);
      const r = decodeGif(makeGif({ width: 8, height: 8, palette: RED_GREEN_BLUE_WHITE, indices, transparent: 2 }).subarray(0, -8));
      if (!r.ok) throw new Error('not decoded');
      const alpha = r.value.alpha!;
      const decodedUpTo = Array.from(alpha).lastIndexOf(255) + 1;
      expect(decodedUpTo).toBeGreaterThan(8);
      expect(decodedUpTo).toBeLessThan(64);
      for (let i = 0; i < 64; i++) expect([i, alpha[i]]).toEqual([i, i < decodedUpTo && indices[i] !== 2 ? 255 : 0]);
    });

    it('fails on a header alone, a bad code size, an unknown block, and garbage', () => {
      const cases = [
        Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0]),
        makeGif({ width: 1, height: 1, indices: [0], minCodeSize: 12, lzw: Uint8Array.from([0]) }),
        Uint8Array.from([...makeGif({ width: 1, height: 1, indices: [0] }).subarray(0, 13), 0x99, 0, 0]),
        Uint8Array.from([0x47, 0x49, 0x46, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
        new Uint8Array(0),
      ];
      for (const bytes of cases) {
        const r = decodeGif(bytes);
        expect(r.ok).toBe(false);
        expect(!r.ok && r.errors[0]!.code).toMatch(/^render\/(bad-image|image-too-large)$/);
      }
    });

    it('bounds an LZW code bomb by the frame size', () => {
      // A 2×2 frame whose data would expand to 100 000 pixels: only 4 are taken.
      const bomb = makeGif({ width: 2, height: 2, palette: RED_GREEN_BLUE_WHITE, indices: new Array(100_000).fill(1) });
      const r = decodeGif(bomb);
      expect(r.ok).toBe(true);
      if (r.ok) expect([...r.value.samples]).toEqual([1, 1, 1, 1]);
    });

    it('reports a corrupt code stream as a warning with the pixels it got', () => {
      // clear (4), literal 1, then code 7 past the table: one pixel, then corrupt.
      const r = decodeGif(makeGif({ width: 2, height: 1, palette: RED_GREEN_BLUE_WHITE, indices: [0, 0], minCodeSize: 2, lzw: Uint8Array.from([0b11_001_100, 0b1]) }));
      expect(r.ok).toBe(true);
      expect(r.warnings[0]!.message).toMatch(/damaged/);
      if (r.ok) expect([...r.value.alpha!]).toEqual([255, 0]);
    });
  });
});
