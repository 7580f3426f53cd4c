import { unzlibSync, zlibSync } from 'fflate';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DiagnosticError } from '../../core';
import { readJpegInfo } from './jpeg';
import { pngToPdfImage } from '../../image';
import { assemblePng, decodePng, pngChunk } from '../../image';

/** Encodes a non-interlaced 8-bit PNG, cycling through all five row filters (from `firstFilter` on the first row). */
function encodePng(width: number, height: number, colorType: number, samples: Uint8Array, extra: Array<[string, Uint8Array]> = [], firstFilter = 0): Uint8Array {
  const colors = colorType === 2 ? 3 : colorType === 6 ? 4 : colorType === 4 ? 2 : 1;
  const stride = width * colors;
  const raw = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const filter = (y + firstFilter) % 5;
    raw[y * (stride + 1)] = filter;
    for (let x = 0; x < stride; x++) {
      const v = samples[y * stride + x]!;
      const a = x >= colors ? samples[y * stride + x - colors]! : 0;
      const b = y > 0 ? samples[(y - 1) * stride + x]! : 0;
      const c = x >= colors && y > 0 ? samples[(y - 1) * stride + x - colors]! : 0;
      const p = a + b - c;
      const pred = [0, a, b, (a + b) >> 1, Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c][filter]!;
      raw[y * (stride + 1) + 1 + x] = (v - pred) & 255;
    }
  }
  const ihdr = new Uint8Array(13);
  const hv = new DataView(ihdr.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  ihdr[8] = 8;
  ihdr[9] = colorType;
  return assemblePng([pngChunk('IHDR', ihdr), ...extra.map(([t, d]) => pngChunk(t, d)), pngChunk('IDAT', zlibSync(raw)), pngChunk('IEND', new Uint8Array(0))]);
}

function random(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let s = seed;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    out[i] = s >>> 24;
  }
  return out;
}

const native = (d: Uint8Array, size: number) => {
  const b = inflateRawSync(d, { maxOutputLength: size });
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
};

describe('pngToPdfImage', () => {
  it('passes opaque RGB data through with PNG predictors', () => {
    const png = encodePng(7, 5, 2, random(7 * 5 * 3, 1));
    const img = pngToPdfImage(png);
    expect(img).toMatchObject({ width: 7, height: 5, colorSpace: 'DeviceRGB', bitsPerComponent: 8, decodeParms: { Predictor: 15, Colors: 3, Columns: 7 } });
    expect(img.smask).toBeUndefined();
  });

  it('splits RGBA into colour and an SMask, undoing every row filter (JS and native inflate)', () => {
    const w = 9;
    const h = 10;
    const rgba = random(w * h * 4, 7);
    for (const inflate of [undefined, native]) {
      const img = pngToPdfImage(encodePng(w, h, 6, rgba), inflate);
      const color = unzlibSync(img.data);
      const alpha = unzlibSync(img.smask!.data);
      for (let i = 0; i < w * h; i++) {
        expect([color[i * 3], color[i * 3 + 1], color[i * 3 + 2], alpha[i]]).toEqual([rgba[i * 4], rgba[i * 4 + 1], rgba[i * 4 + 2], rgba[i * 4 + 3]]);
      }
    }
  });

  it('undoes every row filter on the first row and in the first pixel, for 1 to 4 bytes a pixel', () => {
    // The first row and the first pixel of a row have their own loops (no neighbours there).
    for (const [colorType, colors] of [[6, 4], [4, 2]] as const) {
      for (const w of [1, 2, 5]) {
        for (let first = 0; first < 5; first++) {
          const h = 6;
          const samples = random(w * h * colors, 11 + first + w);
          const img = pngToPdfImage(encodePng(w, h, colorType, samples, [], first));
          const color = unzlibSync(img.data);
          const alpha = unzlibSync(img.smask!.data);
          const expected = { color: [] as number[], alpha: [] as number[] };
          for (let i = 0; i < w * h; i++) {
            for (let k = 0; k < colors - 1; k++) expected.color.push(samples[i * colors + k]!);
            expected.alpha.push(samples[i * colors + colors - 1]!);
          }
          expect({ color: Array.from(color), alpha: Array.from(alpha) }).toEqual(expected);
        }
      }
    }
  });

  it('de-interlaces Adam7 RGBA, every pass in place, and keeps the high byte of 16-bit samples', () => {
    const passes = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]] as const;
    for (const bitDepth of [8, 16]) {
      const w = 11;
      const h = 9;
      const bytes = (4 * bitDepth) / 8;
      const samples = random(w * h * bytes, 21 + bitDepth);
      const raw: number[] = [];
      for (const [x0, y0, dx, dy] of passes) {
        for (let y = y0; y < h; y += dy) {
          if (x0 >= w) continue;
          raw.push(0);
          for (let x = x0; x < w; x += dx) raw.push(...samples.subarray((y * w + x) * bytes, (y * w + x + 1) * bytes));
        }
      }
      const ihdr = new Uint8Array(13);
      new DataView(ihdr.buffer).setUint32(0, w);
      new DataView(ihdr.buffer).setUint32(4, h);
      ihdr[8] = bitDepth;
      ihdr[9] = 6;
      ihdr[12] = 1;
      const img = pngToPdfImage(assemblePng([pngChunk('IHDR', ihdr), pngChunk('IDAT', zlibSync(Uint8Array.from(raw))), pngChunk('IEND', new Uint8Array(0))]));
      const step = bitDepth / 8;
      const color = Array.from({ length: w * h * 3 }, (_, i) => samples[(Math.floor(i / 3) * 4 + (i % 3)) * step]!);
      const alpha = Array.from({ length: w * h }, (_, i) => samples[(i * 4 + 3) * step]!);
      expect({ color: Array.from(unzlibSync(img.data)), alpha: Array.from(unzlibSync(img.smask!.data)) }).toEqual({ color, alpha });
    }
  });

  it('drops the SMask of an RGBA image that is fully opaque, and handles grey + alpha', () => {
    const rgba = random(4 * 4 * 4, 3).map((v, i) => (i % 4 === 3 ? 255 : v));
    expect(pngToPdfImage(encodePng(4, 4, 6, rgba)).smask).toBeUndefined();
    const ga = random(3 * 3 * 2, 5);
    const img = pngToPdfImage(encodePng(3, 3, 4, ga));
    expect(img.colorSpace).toBe('DeviceGray');
    expect(Array.from(unzlibSync(img.smask!.data))).toEqual(Array.from({ length: 9 }, (_, i) => ga[i * 2 + 1]));
  });

  it('turns palette transparency (tRNS) into indices plus an SMask', () => {
    const palette = new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 255]);
    const img = pngToPdfImage(encodePng(3, 2, 3, new Uint8Array([0, 1, 2, 2, 1, 0]), [['PLTE', palette], ['tRNS', new Uint8Array([0, 128])]]));
    expect(img.colorSpace).toEqual({ palette, base: 'DeviceRGB' });
    expect(Array.from(unzlibSync(img.smask!.data))).toEqual([0, 128, 255, 255, 128, 0]);
  });

  it('unpacks 1-, 2- and 4-bit palette indices with tRNS, rows padded to a byte', () => {
    for (const bitDepth of [1, 2, 4]) {
      const w = 5;
      const h = 3;
      const indices = Array.from({ length: w * h }, (_, i) => (i * 7 + 3) % (1 << bitDepth));
      const stride = Math.ceil((w * bitDepth) / 8);
      const raw = new Uint8Array((stride + 1) * h);
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) raw[y * (stride + 1) + 1 + ((x * bitDepth) >> 3)]! |= indices[y * w + x]! << (8 - bitDepth - ((x * bitDepth) & 7));
      }
      const ihdr = new Uint8Array(13);
      new DataView(ihdr.buffer).setUint32(0, w);
      new DataView(ihdr.buffer).setUint32(4, h);
      ihdr[8] = bitDepth;
      ihdr[9] = 3;
      const trns = new Uint8Array([10, 20]); // the first two entries; the others are opaque
      const png = assemblePng([pngChunk('IHDR', ihdr), pngChunk('PLTE', new Uint8Array(3 << bitDepth)), pngChunk('tRNS', trns), pngChunk('IDAT', zlibSync(raw)), pngChunk('IEND', new Uint8Array(0))]);
      const img = pngToPdfImage(png);
      expect(Array.from(unzlibSync(img.data))).toEqual(indices);
      expect(Array.from(unzlibSync(img.smask!.data))).toEqual(indices.map((i) => trns[i] ?? 255));
    }
  });

  it('turns the tRNS key colour of a greyscale or RGB image into a colour-key mask', () => {
    const rgb = pngToPdfImage(encodePng(2, 1, 2, new Uint8Array([1, 2, 3, 4, 5, 6]), [['tRNS', new Uint8Array([0, 1, 0, 2, 0, 3])]]));
    expect(rgb.colorKey).toEqual([1, 1, 2, 2, 3, 3]);
    expect(rgb.decodeParms).toBeDefined();
    expect(pngToPdfImage(encodePng(2, 1, 0, new Uint8Array([7, 9]), [['tRNS', new Uint8Array([0, 9])]])).colorKey).toEqual([9, 9]);
    expect(pngToPdfImage(encodePng(2, 1, 2, new Uint8Array([1, 2, 3, 4, 5, 6]))).colorKey).toBeUndefined();
  });

  it('rejects damaged PNGs with a diagnostic', () => {
    const good = encodePng(2, 2, 2, random(12, 9));
    for (const bad of [good.subarray(0, 20), new Uint8Array([1, 2, 3]), good.slice().fill(0, 16, 24)]) {
      expect(() => pngToPdfImage(bad)).toThrow(DiagnosticError);
    }
  });
});

/** A PNG of this header whose IDAT is `stream` as given (a zlib stream, or damaged bytes). */
function pngWithIdat(width: number, height: number, bitDepth: number, colorType: number, stream: Uint8Array, interlace = 0): Uint8Array {
  const ihdr = new Uint8Array(13);
  const hv = new DataView(ihdr.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  ihdr[8] = bitDepth;
  ihdr[9] = colorType;
  ihdr[12] = interlace;
  return assemblePng([pngChunk('IHDR', ihdr), pngChunk('IDAT', stream), pngChunk('IEND', new Uint8Array(0))]);
}

const codeOf = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    return e instanceof DiagnosticError ? e.diagnostic.code : `threw ${String(e)}`;
  }
  return 'ok';
};

describe('pngToPdfImage on hostile files (fuzz: structured PNGs)', () => {
  it('refuses colour type and bit depth pairs PNG does not allow, and unknown interlace methods', () => {
    // RGBA of 4-bit samples: its rows hold half the bytes the alpha split reads (a RangeError before).
    const rows = zlibSync(new Uint8Array((1 + 6) * 3));
    expect(codeOf(() => pngToPdfImage(pngWithIdat(3, 3, 4, 6, rows)))).toBe('render/bad-image');
    for (const [depth, type] of [[1, 2], [16, 3], [2, 4], [1, 6]] as const) {
      expect(codeOf(() => pngToPdfImage(pngWithIdat(3, 3, depth, type, rows)))).toBe('render/bad-image');
    }
    expect(codeOf(() => pngToPdfImage(pngWithIdat(3, 3, 8, 6, zlibSync(new Uint8Array(13 * 3)), 2)))).toBe('render/bad-image');
  });

  it('drops image data past the rows alike with the native inflater and with fflate', () => {
    const raw = new Uint8Array(3 * (1 + 12) + 500).map((_, i) => (i * 13) % 7);
    for (let y = 0; y < 3; y++) raw[y * 13] = 0;
    const png = pngWithIdat(3, 3, 8, 6, zlibSync(raw));
    const js = pngToPdfImage(png);
    // The native inflater, bounded to the rows' size, threw there (RangeError: the image was not drawn).
    expect(pngToPdfImage(png, native)).toEqual(js);
    const alpha = Array.from({ length: 9 }, (_, i) => raw[Math.floor(i / 3) * 13 + 1 + (i % 3) * 4 + 3]);
    expect([...unzlibSync(js.smask!.data)]).toEqual(alpha);
  });

  it('reports a truncated, damaged or headerless IDAT as render/bad-image from either inflater', () => {
    const z = zlibSync(new Uint8Array(4 * (1 + 16)).map((_, i) => (i * 31) % 251 % 5));
    for (const stream of [z.subarray(0, z.length >> 1), Uint8Array.of(0x78, 0x9c, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff), z.subarray(2), new Uint8Array(0)]) {
      for (const inflate of [undefined, native]) expect(codeOf(() => pngToPdfImage(pngWithIdat(4, 4, 8, 6, stream), inflate))).toBe('render/bad-image');
    }
  });

  it('refuses a large picture its few bytes of image data cannot fill, before allocating it', () => {
    // 157 bytes declaring 10,000 × 10,000 RGBA at 16 bits: 1.3 GB of buffers and 7 s before.
    const png = pngWithIdat(10_000, 10_000, 16, 6, zlibSync(new Uint8Array(80_001), { level: 9 }), 1);
    const t = performance.now();
    expect(codeOf(() => pngToPdfImage(png, native))).toBe('render/image-too-large');
    expect(performance.now() - t).toBeLessThan(200);
  });
});

describe('readJpegInfo', () => {
  it('reads the frame header and flags Adobe CMYK', () => {
    const sof = [0xff, 0xc0, 0, 17, 8, 0, 20, 0, 30, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
    expect(readJpegInfo(new Uint8Array([0xff, 0xd8, ...sof]))).toEqual({ width: 30, height: 20, components: 3, bitsPerComponent: 8, invertedCmyk: false, frame: 0xc0 });
    const adobe = [0xff, 0xee, 0, 14, 0x41, 0x64, 0x6f, 0x62, 0x65, 0, 100, 0, 0, 0, 0, 0];
    const cmyk = [0xff, 0xc2, 0, 20, 8, 0, 4, 0, 5, 4, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0, 4, 0x11, 0];
    expect(readJpegInfo(new Uint8Array([0xff, 0xd8, ...adobe, ...cmyk]))).toMatchObject({ components: 4, invertedCmyk: true, width: 5, height: 4 });
    expect(() => readJpegInfo(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toThrow(DiagnosticError);
  });
});

/**
 * A grey or palette PNG of 1, 2 or 4-bit samples (`levels`, one a pixel), Adam7-interlaced or not,
 * each packed row filtered in turn by None, Sub, Up, Average and Paeth (one byte a pixel for them).
 */
function packedPng(width: number, height: number, bitDepth: number, colorType: 0 | 3, levels: Uint8Array, interlace: 0 | 1, extra: Array<[string, Uint8Array]> = []): Uint8Array {
  const passes = interlace ? [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]] : [[0, 0, 1, 1]];
  const raw: number[] = [];
  let filter = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const w = Math.ceil((width - x0!) / dx!);
    if (w <= 0) continue;
    const stride = Math.ceil((w * bitDepth) / 8);
    let prev = new Uint8Array(stride);
    for (let y = y0!; y < height; y += dy!) {
      const row = new Uint8Array(stride);
      for (let i = 0, x = x0!; x < width; x += dx!, i++) row[(i * bitDepth) >> 3] = row[(i * bitDepth) >> 3]! | (levels[y * width + x]! << (8 - bitDepth - ((i * bitDepth) & 7)));
      const f = filter++ % 5;
      raw.push(f);
      for (let k = 0; k < stride; k++) {
        const a = k > 0 ? row[k - 1]! : 0;
        const b = prev[k]!;
        const c = k > 0 ? prev[k - 1]! : 0;
        const p = a + b - c;
        const pred = [0, a, b, (a + b) >> 1, Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c][f]!;
        raw.push((row[k]! - pred) & 255);
      }
      prev = row;
    }
  }
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, width);
  new DataView(ihdr.buffer).setUint32(4, height);
  ihdr[8] = bitDepth;
  ihdr[9] = colorType;
  ihdr[12] = interlace;
  return assemblePng([pngChunk('IHDR', ihdr), ...extra.map(([t, d]) => pngChunk(t, d)), pngChunk('IDAT', zlibSync(Uint8Array.from(raw))), pngChunk('IEND', new Uint8Array(0))]);
}

describe('Adam7 PNGs of 1, 2 and 4-bit samples', () => {
  it('decode to the same pixels as the same picture not interlaced, grey and palette, for the PDF and for recolouring', () => {
    for (const bitDepth of [1, 2, 4]) {
      for (const [w, h] of [[1, 1], [3, 2], [11, 9], [17, 13]] as const) {
        const levels = random(w * h, 7 * bitDepth + w).map((v) => v & ((1 << bitDepth) - 1));
        const palette = random(3 * (1 << bitDepth), 3);
        const trns = Uint8Array.from([0, 128]);
        for (const colorType of [0, 3] as const) {
          const extra: Array<[string, Uint8Array]> = colorType === 3 ? [['PLTE', palette], ['tRNS', trns]] : [];
          const plain = packedPng(w, h, bitDepth, colorType, levels, 0, extra);
          const laced = packedPng(w, h, bitDepth, colorType, levels, 1, extra);
          expect(decodePng(laced)).toEqual(decodePng(plain));
          const pdf = pngToPdfImage(laced);
          if (colorType === 3) {
            // Palette: one index a byte, and the alpha of each index (tRNS) as the soft mask.
            expect(Array.from(unzlibSync(pdf.data))).toEqual(Array.from(levels));
            expect(Array.from(unzlibSync(pdf.smask!.data))).toEqual(Array.from(levels, (v) => (v < 2 ? trns[v]! : 255)));
          } else {
            // Grey: packed rows as PNG's own, padded to a byte, at the picture's depth.
            expect(pdf.bitsPerComponent).toBe(bitDepth);
            const stride = Math.ceil((w * bitDepth) / 8);
            const rows = unzlibSync(pdf.data);
            const got = Array.from({ length: w * h }, (_, i) => {
              const bit = Math.floor(i / w) * stride * 8 + (i % w) * bitDepth;
              return (rows[bit >> 3]! >> (8 - bitDepth - (bit & 7))) & ((1 << bitDepth) - 1);
            });
            expect(got).toEqual(Array.from(levels));
          }
        }
      }
    }
  });
});
