import { describe, expect, it } from 'vitest';
import { decodeTiff } from './tiff';
import { toRgba } from './rgba';
import { encodeLzw, makeTiff, packBits, tiffBasics, zlib, type TiffEntry } from './test-util';
import type { DecodedImage } from './types';

function decoded(bytes: Uint8Array): DecodedImage {
  const r = decodeTiff(bytes);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

function rgba(img: DecodedImage): number[][] {
  const d = toRgba(img);
  const out: number[][] = [];
  for (let i = 0; i < d.length; i += 4) out.push([...d.subarray(i, i + 4)]);
  return out;
}

const bytes = (...v: number[]): Uint8Array => Uint8Array.from(v);
const tiffLzw = (d: Uint8Array): Uint8Array => encodeLzw(d, { rootBits: 8, lsbFirst: false, earlyChange: 1 });

/** Horizontal differencing (predictor 2) of 8-bit rows, as an encoder applies it. */
function difference(d: Uint8Array, rowBytes: number, spp: number): Uint8Array {
  const out = Uint8Array.from(d);
  for (let r = 0; r < d.length; r += rowBytes) for (let i = rowBytes - 1; i >= spp; i--) out[r + i] = (d[r + i]! - d[r + i - spp]!) & 255;
  return out;
}

/** A 7×5 RGB test card whose every byte differs from its neighbours. */
function card(w: number, h: number, spp: number): Uint8Array {
  const d = new Uint8Array(w * h * spp);
  for (let i = 0; i < d.length; i++) d[i] = (i * 37 + ((i / spp) | 0) * 11) & 255;
  return d;
}

describe('decodeTiff', () => {
  it('reads 8-bit BlackIsZero grey, little- and big-endian', () => {
    for (const littleEndian of [true, false]) {
      const img = decoded(makeTiff({ littleEndian, entries: tiffBasics(3, 2, { photometric: 1 }), strips: [bytes(0, 100, 255, 1, 2, 3)] }));
      expect(img).toMatchObject({ width: 3, height: 2, color: 'gray' });
      expect([...img.samples]).toEqual([0, 100, 255, 1, 2, 3]);
      expect(img.alpha).toBeUndefined();
    }
  });

  it('reads 1-bit WhiteIsZero rows padded to whole bytes', () => {
    // 10×2: row 0 = 1100000001, row 1 = 0000000000 (1 is black with WhiteIsZero).
    const img = decoded(makeTiff({ entries: tiffBasics(10, 2, { bps: 1, photometric: 0 }), strips: [bytes(0b11000000, 0b01000000, 0, 0)] }));
    expect([...img.samples]).toEqual([0, 0, 255, 255, 255, 255, 255, 255, 255, 0, ...new Array(10).fill(255)]);
  });

  it('reads RGB split over one-row strips', () => {
    const img = decoded(makeTiff({ entries: tiffBasics(2, 2, { spp: 3, photometric: 2, rowsPerStrip: 1 }), strips: [bytes(255, 0, 0, 0, 255, 0), bytes(0, 0, 255, 9, 8, 7)] }));
    expect(rgba(img)).toEqual([[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [9, 8, 7, 255]]);
  });

  it('reads unassociated alpha as is and divides associated (premultiplied) alpha out', () => {
    const basics = tiffBasics(2, 1, { spp: 4, photometric: 2 });
    const straight = decoded(makeTiff({ entries: [...basics, [338, 3, [2]]], strips: [bytes(200, 100, 50, 128, 1, 2, 3, 0)] }));
    expect(rgba(straight)).toEqual([[200, 100, 50, 128], [1, 2, 3, 0]]);
    const premultiplied = decoded(makeTiff({ entries: [...basics, [338, 3, [1]]], strips: [bytes(100, 50, 25, 128, 255, 255, 255, 255)] }));
    expect(rgba(premultiplied)).toEqual([[199, 100, 50, 128], [255, 255, 255, 255]]);
  });

  it('reads greyscale with alpha', () => {
    const img = decoded(makeTiff({ entries: [...tiffBasics(2, 1, { spp: 2, photometric: 1 }), [338, 3, [2]]], strips: [bytes(10, 255, 20, 0)] }));
    expect(img.color).toBe('gray');
    expect([...img.samples]).toEqual([10, 20]);
    expect([...img.alpha!]).toEqual([255, 0]);
  });

  it('reads 4- and 8-bit palette images through the ColorMap', () => {
    // ColorMap: 16-bit values, all reds, then greens, then blues; index 1 is pure green, 2 is blue.
    const map = (n: number): number[] => {
      const reds = new Array(n).fill(0);
      const greens = new Array(n).fill(0);
      const blues = new Array(n).fill(0);
      reds[0] = 0xffff;
      greens[1] = 0xffff;
      blues[2] = 0xff00;
      return [...reds, ...greens, ...blues];
    };
    const four = decoded(makeTiff({ entries: [...tiffBasics(3, 1, { bps: 4, photometric: 3 }), [320, 3, map(16)]], strips: [bytes(0x12, 0x00)] }));
    expect(four.color).toBe('indexed');
    expect(rgba(four)).toEqual([[0, 255, 0, 255], [0, 0, 255, 255], [255, 0, 0, 255]]);
    const eight = decoded(makeTiff({ entries: [...tiffBasics(2, 1, { photometric: 3 }), [320, 3, map(256)]], strips: [bytes(2, 0)] }));
    expect(rgba(eight)).toEqual([[0, 0, 255, 255], [255, 0, 0, 255]]);
  });

  it('decompresses PackBits, LZW and Deflate strips to the same pixels', () => {
    const raw = card(7, 5, 3);
    const entries = (compression: number): TiffEntry[] => tiffBasics(7, 5, { spp: 3, photometric: 2, compression });
    const want = [...raw];
    expect([...decoded(makeTiff({ entries: entries(1), strips: [raw] })).samples]).toEqual(want);
    expect([...decoded(makeTiff({ entries: entries(32773), strips: [packBits(raw)] })).samples]).toEqual(want);
    expect([...decoded(makeTiff({ entries: entries(5), strips: [tiffLzw(raw)] })).samples]).toEqual(want);
    expect([...decoded(makeTiff({ entries: entries(8), strips: [zlib(raw)] })).samples]).toEqual(want);
    expect([...decoded(makeTiff({ entries: entries(32946), strips: [zlib(raw)] })).samples]).toEqual(want);
  });

  it('reads PackBits repeat runs', () => {
    const raw = bytes(5, 5, 5, 5, 5, 9, 1, 1, 1, 1);
    expect([...packBits(raw)]).toEqual([0xfc, 5, 0, 9, 0xfd, 1]);
    expect([...decoded(makeTiff({ entries: tiffBasics(10, 1, { photometric: 1, compression: 32773 }), strips: [packBits(raw)] })).samples]).toEqual([...raw]);
  });

  it('undoes the horizontal predictor after LZW and Deflate, per sample', () => {
    const raw = card(6, 4, 3);
    const diffed = difference(raw, 18, 3);
    for (const [compression, strip] of [[5, tiffLzw(diffed)], [8, zlib(diffed)]] as const) {
      const img = decoded(makeTiff({ entries: [...tiffBasics(6, 4, { spp: 3, photometric: 2, compression }), [317, 3, [2]]], strips: [strip] }));
      expect([...img.samples]).toEqual([...raw]);
    }
  });

  it('reads 16-bit samples (high byte) with the predictor in the file byte order', () => {
    // Two grey pixels 0x1234 and 0xfe00, differenced: 0x1234, 0xebcc; big-endian bytes.
    const img = decoded(makeTiff({ littleEndian: false, entries: [...tiffBasics(2, 1, { bps: 16, photometric: 1, compression: 8 }), [317, 3, [2]]], strips: [zlib(bytes(0x12, 0x34, 0xeb, 0xcc))] }));
    expect([...img.samples]).toEqual([0x12, 0xfe]);
  });

  it('reads tiles, clipping those past the picture', () => {
    // 20×18 grey in 16×16 tiles (2×2 of them): pixel (x, y) = x + 10y.
    const tile = (tx: number, ty: number): Uint8Array => {
      const t = new Uint8Array(256);
      for (let y = 0; y < 16; y++) for (let x = 0; x < 16; x++) t[y * 16 + x] = (tx * 16 + x + 10 * (ty * 16 + y)) & 255;
      return t;
    };
    const entries: TiffEntry[] = [...tiffBasics(20, 18, { photometric: 1 }).filter((e) => e[0] !== 278), [322, 3, [16]], [323, 3, [16]]];
    const img = decoded(makeTiff({ tiled: true, entries, strips: [tile(0, 0), tile(1, 0), tile(0, 1), tile(1, 1)] }));
    for (const [x, y] of [[0, 0], [19, 0], [15, 15], [16, 16], [19, 17]] as const) expect(img.samples[y * 20 + x]).toBe((x + 10 * y) & 255);
  });

  it('reads old-style (LSB-first) LZW strips', () => {
    const raw = card(5, 3, 1);
    const old = encodeLzw(raw, { rootBits: 8, lsbFirst: true, earlyChange: 0 });
    expect([...decoded(makeTiff({ entries: tiffBasics(5, 3, { photometric: 1, compression: 5 }), strips: [old] })).samples]).toEqual([...raw]);
  });

  it('applies the Orientation tag (mirrors, turns, transposes) and warns about unknown values', () => {
    // Stored 3×2:  1 2 3 / 4 5 6.
    const stored = bytes(1, 2, 3, 4, 5, 6);
    const shown = (o: number) => {
      const img = decoded(makeTiff({ entries: [...tiffBasics(3, 2, { photometric: 1 }), [274, 3, [o]]], strips: [stored] }));
      return [img.width, img.height, ...img.samples];
    };
    expect(shown(1)).toEqual([3, 2, 1, 2, 3, 4, 5, 6]);
    expect(shown(2)).toEqual([3, 2, 3, 2, 1, 6, 5, 4]);
    expect(shown(3)).toEqual([3, 2, 6, 5, 4, 3, 2, 1]);
    expect(shown(4)).toEqual([3, 2, 4, 5, 6, 1, 2, 3]);
    expect(shown(5)).toEqual([2, 3, 1, 4, 2, 5, 3, 6]);
    expect(shown(6)).toEqual([2, 3, 4, 1, 5, 2, 6, 3]);
    expect(shown(7)).toEqual([2, 3, 6, 3, 5, 2, 4, 1]);
    expect(shown(8)).toEqual([2, 3, 3, 6, 2, 5, 1, 4]);
    const rgba = decoded(makeTiff({ entries: [...tiffBasics(2, 1, { spp: 4, photometric: 2 }), [338, 3, [2]], [274, 3, [6]]], strips: [bytes(1, 2, 3, 0, 4, 5, 6, 255)] }));
    expect([rgba.width, rgba.height, ...rgba.samples, ...rgba.alpha!]).toEqual([1, 2, 1, 2, 3, 4, 5, 6, 0, 255]);
    const r = decodeTiff(makeTiff({ entries: [...tiffBasics(1, 1, { photometric: 1 }), [274, 3, [9]]], strips: [bytes(7)] }));
    expect(r.ok).toBe(true);
    expect(r.warnings.map((w) => w.code)).toEqual(['render/image-orientation']);
  });

  describe('unsupported compressions and layouts name themselves', () => {
    const cases: Array<[string, TiffEntry[], RegExp]> = [
      ['JPEG', tiffBasics(1, 1, { spp: 3, photometric: 2, compression: 7 }), /JPEG/],
      ['old-style JPEG', tiffBasics(1, 1, { spp: 3, photometric: 2, compression: 6 }), /old-style JPEG/],
      ['CCITT Group 4', tiffBasics(1, 1, { bps: 1, photometric: 0, compression: 4 }), /CCITT Group 4/],
      ['CCITT Group 3', tiffBasics(1, 1, { bps: 1, photometric: 0, compression: 3 }), /CCITT Group 3/],
      ['planar', [...tiffBasics(1, 1, { spp: 3, photometric: 2 }), [284, 3, [2]]], /planar/],
      ['YCbCr', tiffBasics(1, 1, { spp: 3, photometric: 6 }), /photometric interpretation 6/],
      ['floating-point predictor', [...tiffBasics(1, 1, { photometric: 1, compression: 8 }), [317, 3, [3]]], /predictor 3/],
      ['12-bit samples', tiffBasics(1, 1, { bps: 12, photometric: 1 }), /12 bits per sample/],
    ];
    for (const [name, entries, message] of cases) {
      it(name, () => {
        const r = decodeTiff(makeTiff({ entries, strips: [bytes(0, 0, 0, 0)] }));
        expect(r.ok).toBe(false);
        expect(!r.ok && r.errors[0]!.code).toBe('render/unsupported-image');
        expect(!r.ok && r.errors[0]!.message).toMatch(message);
      });
    }
  });

  describe('hostile input: a diagnostic, never a throw', () => {
    it('rejects a huge declared size before allocating', () => {
      const r = decodeTiff(makeTiff({ entries: tiffBasics(50_000, 50_000, { photometric: 1 }), strips: [bytes(0)] }));
      expect(!r.ok && r.errors[0]!.code).toBe('render/image-too-large');
    });

    it('refuses a large picture whose strips could fill under 1/64 of it', () => {
      const r = decodeTiff(makeTiff({ entries: tiffBasics(5000, 5000, { photometric: 1, compression: 5 }), strips: [bytes(0x80, 0, 0, 0)] }));
      expect(!r.ok && r.errors[0]!.code).toBe('render/image-too-large');
      const packed = decodeTiff(makeTiff({ entries: tiffBasics(2000, 1000, { photometric: 1, compression: 32773 }), strips: [packBits(new Uint8Array(2_000_000).fill(1))] }));
      expect(packed.ok && packed.value.samples.every((v) => v === 1)).toBe(true);
    });

    it('rejects an absurd tile size', () => {
      const entries: TiffEntry[] = [...tiffBasics(4, 4, { photometric: 1 }), [322, 4, [60_000]], [323, 4, [60_000]]];
      const r = decodeTiff(makeTiff({ tiled: true, entries, strips: [bytes(0)] }));
      expect(r.ok).toBe(false);
    });

    it('reads only the first directory, so an IFD chain that loops back cannot hang', () => {
      const r = decodeTiff(makeTiff({ entries: tiffBasics(2, 1, { photometric: 1 }), strips: [bytes(1, 2)], nextIfd: 'self' }));
      expect(r.ok && [...r.value.samples]).toEqual([1, 2]);
    });

    it('bounds an LZW code bomb by the strip size', () => {
      const r = decodeTiff(makeTiff({ entries: tiffBasics(2, 2, { photometric: 1, compression: 5 }), strips: [tiffLzw(new Uint8Array(300_000).fill(9))] }));
      expect(r.ok && [...r.value.samples]).toEqual([9, 9, 9, 9]);
    });

    it('bounds a Deflate bomb by the strip size', () => {
      const r = decodeTiff(makeTiff({ entries: tiffBasics(4, 1, { photometric: 1, compression: 8 }), strips: [zlib(new Uint8Array(5_000_000).fill(3))] }));
      expect(r.ok && [...r.value.samples]).toEqual([3, 3, 3, 3]);
    });

    it('keeps the rows of a truncated strip, transparent below, and warns', () => {
      const strip = tiffLzw(card(8, 8, 1));
      const r = decodeTiff(makeTiff({ entries: tiffBasics(8, 8, { photometric: 1, compression: 5 }), strips: [strip.subarray(0, strip.length >> 1)] }));
      expect(r.ok).toBe(true);
      expect(r.warnings.map((w) => w.code)).toEqual(['render/bad-image']);
      if (r.ok) {
        expect(r.value.alpha![0]).toBe(255);
        expect(r.value.alpha![63]).toBe(0);
      }
    });

    it('warns about missing strips and clips byte counts past the file', () => {
      const missing = decodeTiff(makeTiff({ entries: tiffBasics(2, 2, { photometric: 1, rowsPerStrip: 1 }), strips: [bytes(1, 2)] }));
      expect(missing.ok && [...missing.value.alpha!]).toEqual([255, 255, 0, 0]);
      expect(missing.warnings.map((w) => w.code)).toEqual(['render/bad-image']);
      const file = makeTiff({ entries: tiffBasics(2, 1, { photometric: 1 }), strips: [bytes(1, 2)] });
      // Point StripByteCounts (the value sits in the entry) at 2^31.
      const ifd = file[4]! | (file[5]! << 8);
      const n = file[ifd]!;
      for (let i = 0; i < n; i++) {
        const e = ifd + 2 + i * 12;
        if ((file[e]! | (file[e + 1]! << 8)) === 279) file.set([0, 0, 0, 0x80], e + 8);
      }
      const clipped = decodeTiff(file);
      expect(clipped.ok && [...clipped.value.samples]).toEqual([1, 2]);
    });

    it('fails cleanly on damaged headers and directories', () => {
      const good = makeTiff({ entries: tiffBasics(1, 1, { photometric: 1 }), strips: [bytes(1)] });
      const pastEnd = Uint8Array.from(good);
      pastEnd.set([0xf0, 0xff, 0xff, 0x7f], 4);
      const noOffsets = makeTiff({ entries: tiffBasics(1, 1, { photometric: 1 }), strips: [] });
      const noColorMap = makeTiff({ entries: tiffBasics(1, 1, { photometric: 3 }), strips: [bytes(0)] });
      const zeroWidth = makeTiff({ entries: tiffBasics(0, 1, { photometric: 1 }), strips: [bytes(0)] });
      const bigTiff = Uint8Array.from([0x49, 0x49, 43, 0, 8, 0, 0, 0]);
      for (const b of [pastEnd, noOffsets, noColorMap, zeroWidth, bigTiff, good.subarray(0, 6), new Uint8Array(0)]) {
        const r = decodeTiff(b);
        expect(r.ok).toBe(false);
        expect(!r.ok && r.errors[0]!.code).toBe('render/bad-image');
      }
    });
  });
});
