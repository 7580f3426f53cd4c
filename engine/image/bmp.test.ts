import { describe, expect, it } from 'vitest';
import { decodeBmp, decodeDib, decodeDibParts } from './bmp';
import { toRgba } from './rgba';
import { makeBmp } from './test-util';
import type { DecodedImage } from './types';

function decoded(bytes: Uint8Array): DecodedImage {
  const r = decodeBmp(bytes);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

/** All pixels as RGBA quadruples, rows top to bottom. */
function pixels(img: DecodedImage): number[][] {
  const rgba = toRgba(img);
  const out: number[][] = [];
  // Fully transparent pixels read as CLEAR whatever colour they hold.
  for (let i = 0; i < rgba.length; i += 4) out.push(rgba[i + 3] === 0 ? [0, 0, 0, 0] : [...rgba.subarray(i, i + 4)]);
  return out;
}

const RED = [255, 0, 0, 255];
const GREEN = [0, 255, 0, 255];
const BLUE = [0, 0, 255, 255];
const WHITE = [255, 255, 255, 255];
const BLACK = [0, 0, 0, 255];
const CLEAR = [0, 0, 0, 0];

describe('decodeBmp', () => {
  it('reads 24-bit BGR rows bottom-up, with row padding', () => {
    // 2×2: bottom row blue, green; top row red, white. Each 6-byte row padded to 8.
    const bits = [255, 0, 0, 0, 255, 0, 0, 0, 0, 0, 255, 255, 255, 255, 0, 0];
    const img = decoded(makeBmp({ width: 2, height: 2, bpp: 24, bits }));
    expect(img.color).toBe('rgb');
    expect(pixels(img)).toEqual([RED, WHITE, BLUE, GREEN]);
  });

  it('reads top-down rows when the height is negative', () => {
    const bits = [0, 0, 255, 255, 255, 255, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0];
    expect(pixels(decoded(makeBmp({ width: 2, height: -2, bpp: 24, bits })))).toEqual([RED, WHITE, BLUE, GREEN]);
  });

  it('reads 1-, 4- and 8-bit palette indices', () => {
    const pal = [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255];
    // 1 bit, 10 pixels wide: 1010101010 → red/green alternating (palette entries 0 and 1).
    const one = decoded(makeBmp({ width: 10, height: 1, bpp: 1, palette: pal.slice(0, 6), bits: [0b01010101, 0b01000000, 0, 0] }));
    expect(one.color).toBe('indexed');
    expect([...one.samples]).toEqual([0, 1, 0, 1, 0, 1, 0, 1, 0, 1]);
    const four = decoded(makeBmp({ width: 3, height: 1, bpp: 4, palette: pal, bits: [0x32, 0x10, 0, 0] }));
    expect(pixels(four)).toEqual([WHITE, BLUE, GREEN]);
    const eight = decoded(makeBmp({ width: 3, height: 1, bpp: 8, palette: pal, clrUsed: 4, bits: [2, 0, 3, 0] }));
    expect(pixels(eight)).toEqual([BLUE, RED, WHITE]);
  });

  it('reads the 12-byte core header with 3-byte palette entries', () => {
    const img = decoded(makeBmp({ width: 2, height: 1, bpp: 8, headerSize: 12, palette: [0, 0, 0, 255, 255, 255], bits: [1, 0, 0, 0] }));
    expect(pixels(img)).toEqual([WHITE, BLACK]);
  });

  it('reads 16-bit 5-5-5 by default and 5-6-5 through BI_BITFIELDS', () => {
    // 5-5-5: 0x7c00 red, 0x03e0 green; 5-6-5: 0xf800 red, 0x07e0 green, 0x001f blue.
    const rgb555 = decoded(makeBmp({ width: 2, height: 1, bpp: 16, bits: [0x00, 0x7c, 0xe0, 0x03] }));
    expect(pixels(rgb555)).toEqual([RED, GREEN]);
    const rgb565 = decoded(makeBmp({ width: 2, height: 1, bpp: 16, compression: 3, masks: [0xf800, 0x07e0, 0x001f], bits: [0x1f, 0x00, 0x10, 0x84] }));
    // 0x8410: r 16/31, g 32/63, b 16/31 → 132, 130, 132 (rounded scaling).
    expect(pixels(rgb565)).toEqual([BLUE, [132, 130, 132, 255]]);
  });

  it('reads 32-bit BI_RGB as opaque when the fourth bytes are zero, and as alpha when some is not', () => {
    const opaque = decoded(makeBmp({ width: 2, height: 1, bpp: 32, bits: [0, 0, 255, 0, 255, 0, 0, 0] }));
    expect(opaque.alpha).toBeUndefined();
    expect(pixels(opaque)).toEqual([RED, BLUE]);
    const translucent = decoded(makeBmp({ width: 2, height: 1, bpp: 32, bits: [0, 0, 255, 128, 255, 0, 0, 255] }));
    expect(pixels(translucent)).toEqual([[255, 0, 0, 128], BLUE]);
  });

  it('reads V5 headers with an alpha mask, and BI_ALPHABITFIELDS masks after an info header', () => {
    const masks = [0x00ff0000, 0x0000ff00, 0x000000ff, 0xff000000];
    const v5 = decoded(makeBmp({ width: 1, height: 1, bpp: 32, headerSize: 124, compression: 3, masks, bits: [0x10, 0x20, 0x30, 0x40] }));
    expect(pixels(v5)).toEqual([[0x30, 0x20, 0x10, 0x40]]);
    const alphaBitfields = decoded(makeBmp({ width: 1, height: 1, bpp: 32, compression: 6, masks, bits: [0x10, 0x20, 0x30, 0x80] }));
    expect(pixels(alphaBitfields)).toEqual([[0x30, 0x20, 0x10, 0x80]]);
    // An alpha mask with every alpha 0 (a writer that fills none) reads as opaque, as browsers show it.
    const unfilled = decoded(makeBmp({ width: 2, height: 1, bpp: 32, headerSize: 124, compression: 3, masks, bits: [0x10, 0x20, 0x30, 0, 0, 0, 0xff, 0] }));
    expect(unfilled.alpha).toBeUndefined();
    expect(pixels(unfilled)).toEqual([[0x30, 0x20, 0x10, 255], RED]);
    // A 16-bit A1R5G5B5 pixel whose alpha bit is clear is transparent.
    const a1 = decoded(makeBmp({ width: 2, height: 1, bpp: 16, headerSize: 108, compression: 3, masks: [0x7c00, 0x03e0, 0x001f, 0x8000], bits: [0x00, 0xfc, 0x00, 0x7c] }));
    expect(pixels(a1)).toEqual([RED, CLEAR]);
  });

  it('decodes RLE8: runs, absolute runs, end of line, delta, end of bitmap; undrawn pixels transparent', () => {
    const pal = [255, 0, 0, 0, 255, 0, 0, 0, 255];
    // 4×3 bottom-up. Row 0 (bottom): run of 4 × index 1. Row 1: absolute 0,2,1 (padded), then EOL.
    // Then EOL, delta (+1, +0) to x=1 of row 2, run of 2 × index 2, end of bitmap.
    const bits = [4, 1, 0, 0, 0, 3, 0, 2, 1, 0, 0, 0, 0, 2, 1, 0, 2, 2, 0, 1];
    const img = decoded(makeBmp({ width: 4, height: 3, bpp: 8, compression: 1, palette: pal, bits }));
    expect(pixels(img)).toEqual([
      CLEAR, BLUE, BLUE, CLEAR,
      RED, BLUE, GREEN, CLEAR,
      GREEN, GREEN, GREEN, GREEN,
    ]);
  });

  it('decodes RLE4 nibble runs and absolute runs', () => {
    const pal = [255, 0, 0, 0, 255, 0, 0, 0, 255];
    // 7×1: run of 3 alternating 1,2 (0x12), absolute 3 pixels 0,2,1 (2 bytes, already even), then a
    // 1-pixel run of index 0, then end of bitmap.
    const bits = [3, 0x12, 0, 3, 0x02, 0x10, 1, 0x00, 0, 1];
    expect(pixels(decoded(makeBmp({ width: 7, height: 1, bpp: 4, compression: 2, palette: pal, bits })))).toEqual([GREEN, BLUE, GREEN, RED, BLUE, GREEN, RED]);
    // An odd byte count is padded to 16 bits: absolute 5 pixels (3 bytes + 1 pad), then a run of 1 × index 2.
    const padded = [0, 5, 0x01, 0x20, 0x10, 0xff, 1, 0x20, 0, 1];
    expect(pixels(decoded(makeBmp({ width: 6, height: 1, bpp: 4, compression: 2, palette: pal, bits: padded })))).toEqual([RED, GREEN, BLUE, RED, GREEN, BLUE]);
  });

  it('trusts bfOffBits that skips a gap after the palette', () => {
    const bytes = makeBmp({ width: 1, height: 1, bpp: 24, bits: [0, 0, 0, 0, 0, 0, 255, 0] });
    const shifted = makeBmp({ width: 1, height: 1, bpp: 24, bits: [0, 0, 0, 0, 0, 0, 255, 0], offBits: 54 + 4 });
    expect(pixels(decoded(bytes))).toEqual([BLACK]);
    expect(pixels(decoded(shifted))).toEqual([RED]);
  });

  it('decodes a packed DIB (no file header)', () => {
    const bmp = makeBmp({ width: 2, height: 1, bpp: 8, palette: [0, 0, 0, 255, 255, 255], clrUsed: 2, bits: [1, 0, 0, 0] });
    const r = decodeDib(bmp.subarray(14));
    expect(r.ok && pixels(r.value)).toEqual([WHITE, BLACK]);
  });

  describe('hostile input: a diagnostic, never a throw', () => {
    it('rejects a huge declared size before allocating', () => {
      const r = decodeBmp(makeBmp({ width: 100_000, height: 100_000, bpp: 24, bits: [0, 0, 0, 0] }));
      expect(!r.ok && r.errors[0]!.code).toBe('render/image-too-large');
    });

    it('refuses a large bitmap holding under 1/64 of its rows, or RLE data too short to draw it', () => {
      const r = decodeBmp(makeBmp({ width: 2000, height: 1000, bpp: 8, palette: [0, 0, 0], bits: new Uint8Array(2000 * 10) }));
      expect(!r.ok && r.errors[0]!.code).toBe('render/image-too-large');
      const rle = decodeBmp(makeBmp({ width: 5000, height: 5000, bpp: 8, compression: 1, palette: [0, 0, 0], bits: [255, 0, 0, 1] }));
      expect(!rle.ok && rle.errors[0]!.code).toBe('render/image-too-large');
    });

    it('keeps the rows present in a truncated file (bottom-up: the top is missing) and warns', () => {
      const full = makeBmp({ width: 1, height: 4, bpp: 24, bits: [0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0] });
      const r = decodeBmp(full.subarray(0, full.length - 8));
      expect(r.ok && pixels(r.value)).toEqual([CLEAR, CLEAR, RED, RED]);
      expect(r.warnings.map((w) => w.code)).toEqual(['render/bad-image']);
    });

    it('keeps a last row whose pixels are there without its padding', () => {
      const full = makeBmp({ width: 1, height: 2, bpp: 24, bits: [0, 0, 255, 0, 0, 255, 0, 0] });
      const r = decodeBmp(full.subarray(0, full.length - 1));
      expect(r.ok && pixels(r.value)).toEqual([GREEN, RED]);
      expect(r.warnings).toEqual([]);
    });

    it('clips RLE runs past the row end and warns about short RLE data', () => {
      const r = decodeBmp(makeBmp({ width: 2, height: 2, bpp: 8, compression: 1, palette: [255, 0, 0], bits: [200, 0] }));
      expect(r.ok && pixels(r.value)).toEqual([CLEAR, CLEAR, RED, RED]);
      expect(r.warnings.map((w) => w.code)).toEqual(['render/bad-image']);
    });

    it('fails cleanly on bad headers, depths and compressions', () => {
      const cases: Array<[Uint8Array, string]> = [
        [Uint8Array.from([0x42, 0x4d, 1, 2, 3]), 'render/bad-image'],
        [makeBmp({ width: 1, height: 1, bpp: 24, headerSize: 2000, bits: [] }), 'render/bad-image'],
        [makeBmp({ width: 1, height: 1, bpp: 7, bits: [0, 0, 0, 0] }), 'render/bad-image'],
        [makeBmp({ width: 0, height: 1, bpp: 24, bits: [0, 0, 0, 0] }), 'render/bad-image'],
        [makeBmp({ width: -3, height: 1, bpp: 24, bits: [0, 0, 0, 0] }), 'render/bad-image'],
        [makeBmp({ width: 1, height: 1, bpp: 24, compression: 4, bits: [0xff, 0xd8] }), 'render/unsupported-image'],
        [makeBmp({ width: 1, height: 1, bpp: 24, compression: 9, bits: [0, 0, 0, 0] }), 'render/unsupported-image'],
        [makeBmp({ width: 1, height: 1, bpp: 24, bits: [] }), 'render/bad-image'],
        [makeBmp({ width: 2, height: -2, bpp: 8, compression: 1, bits: [0, 1] }), 'render/bad-image'],
      ];
      for (const [bytes, code] of cases) {
        const r = decodeBmp(bytes);
        expect(r.ok).toBe(false);
        expect(!r.ok && r.errors[0]!.code).toBe(code);
      }
    });
  });
});

describe('decodeDibParts', () => {
  it('reads the header and colour table from one buffer and the bits from another', () => {
    const info = Uint8Array.from([40, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 1, 0, 8, 0, ...new Array(16).fill(0), 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 0, 255, 0, 0, 0]);
    const r = decodeDibParts(info, Uint8Array.of(1, 0, 0, 0));
    expect(r.ok && pixels(r.value)).toEqual([BLUE, RED]);
  });

  it('shows DIB_PAL_COLORS indices as grey, and a missing table as a grey ramp', () => {
    const head = [40, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0, 0, 1, 0, 8, 0, ...new Array(16).fill(0), 3, 0, 0, 0, 0, 0, 0, 0];
    const indices = decodeDibParts(Uint8Array.from([...head, 9, 0, 50, 0, 255, 0]), Uint8Array.of(0, 1, 2, 0), { paletteIndices: true });
    expect(indices.ok && pixels(indices.value)).toEqual([[9, 9, 9, 255], [50, 50, 50, 255], WHITE]);
    const missing = decodeDibParts(Uint8Array.from(head), Uint8Array.of(0, 1, 2, 0));
    expect(missing.ok && pixels(missing.value)).toEqual([BLACK, [128, 128, 128, 255], WHITE]);
  });

  it('ignores stored alpha when copying, and reads a 32-bit fourth byte as alpha when blending', () => {
    // BI_BITFIELDS with three masks: no alpha mask.
    const info = Uint8Array.from([40, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 32, 0, 3, 0, 0, 0, ...new Array(20).fill(0), 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 0]);
    const bits = Uint8Array.of(0, 0, 255, 0);
    const stored = decodeDibParts(info, bits);
    expect(stored.ok && pixels(stored.value)).toEqual([RED]);
    const blend = decodeDibParts(info, Uint8Array.of(0, 0, 255, 128), { alpha: 'blend' });
    expect(blend.ok && blend.value.alpha).toEqual(Uint8Array.of(128));
    const copied = decodeDibParts(Uint8Array.from([...info.subarray(0, 14), 32, 0, 0, 0, 0, 0, ...info.subarray(20, 40)]), Uint8Array.of(0, 0, 255, 128), { alpha: 'none' });
    expect(copied.ok && pixels(copied.value)).toEqual([RED]);
  });
});
