import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32 } from './bytes';

/** The textbook byte-at-a-time CRC-32, the oracle for the slice-by-8 version. */
function reference(bytes: Uint8Array, previous = 0): number {
  let c = (previous ^ 0xffffffff) >>> 0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

describe('crc32', () => {
  it('matches known check values', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
    expect(crc32(new Uint8Array(32).fill(0xff))).toBe(reference(new Uint8Array(32).fill(0xff)));
  });

  it('agrees with the byte-at-a-time CRC for any length, offset and continuation', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.nat(8), fc.integer({ min: 0, max: 0xffffffff }), (data, offset, prev) => {
        const view = data.subarray(Math.min(offset, data.length));
        expect(crc32(view)).toBe(reference(view));
        expect(crc32(view, prev)).toBe(reference(view, prev));
        const cut = view.length >> 1;
        expect(crc32(view.subarray(cut), crc32(view.subarray(0, cut)))).toBe(reference(view));
      }),
      { numRuns: 2000 },
    );
  });
});
