import { describe, expect, it } from 'vitest';
import { unfilter } from './png-pdf';

/** Filtered rows of pseudo-random bytes, each row's filter byte cycling through PNG's five filters. */
function filteredRows(stride: number, height: number, seed: number): Uint8Array {
  const raw = new Uint8Array((stride + 1) * height);
  let s = seed;
  for (let i = 0; i < raw.length; i++) raw[i] = (s = (s * 1103515245 + 12345) >>> 0) >>> 24;
  for (let y = 0; y < height; y++) raw[y * (stride + 1)] = (y + seed) % 5;
  return raw;
}

describe('unfilter in place', () => {
  it('gives the rows a separate buffer gets, for every filter and pixel size', () => {
    for (const [colors, bitDepth] of [[1, 8], [3, 8], [4, 8], [2, 16], [4, 16], [1, 1]] as const) {
      for (let seed = 0; seed < 5; seed++) {
        const width = 13;
        const stride = Math.ceil((width * colors * bitDepth) / 8);
        const raw = filteredRows(stride, 9, seed);
        const copied = unfilter(raw.slice(), width, 9, colors, bitDepth);
        const inPlace = unfilter(raw, width, 9, colors, bitDepth, 0, true);
        expect(inPlace.buffer).toBe(raw.buffer);
        expect(Array.from(inPlace)).toEqual(Array.from(copied));
      }
    }
  });

  it('takes a buffer of its own when the rows are cut short', () => {
    const raw = filteredRows(12, 4, 1).subarray(0, 30);
    const out = unfilter(raw, 4, 4, 3, 8, 0, true);
    expect(out.buffer).not.toBe(raw.buffer);
    expect(out).toHaveLength(48);
  });
});
