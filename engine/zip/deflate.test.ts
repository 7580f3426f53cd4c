import { inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { unzlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { adler32, deflateZlib } from './index';
import { structured } from './test-arbitraries';

describe('deflateZlib', () => {
  it('round-trips through zlib and fflate for any bytes', () => {
    fc.assert(
      fc.property(fc.oneof(structured, fc.uint8Array({ maxLength: 5000 })), (data) => {
        const z = deflateZlib(data);
        expect(new Uint8Array(inflateSync(z))).toEqual(data);
        expect(unzlibSync(z)).toEqual(data);
      }),
      { numRuns: 300 },
    );
  });

  it('round-trips large inputs spanning many blocks, windows and stored fallbacks', () => {
    const text = new TextEncoder().encode('BT /F1 12 Tf 72 700 Td (Hello, world) Tj ET\n'.repeat(20000));
    let seed = 1;
    const noise = new Uint8Array(300_000).map(() => ((seed = Math.imul(seed, 1103515245) + 12345) >>> 16) & 255);
    const runs = new Uint8Array(2_000_000).fill(255);
    for (const data of [text, noise, runs, Buffer.concat([text.subarray(0, 100_000), noise.subarray(0, 100_000)])]) {
      const z = deflateZlib(data);
      expect(Buffer.compare(inflateSync(z), data)).toBe(0);
      expect(z.length).toBeLessThan(data.length + 64 + data.length / 1000);
    }
    expect(deflateZlib(text).length).toBeLessThan(text.length / 50);
    expect(deflateZlib(runs).length).toBeLessThan(runs.length / 200);
  });

  it('writes the same bytes for the same input, whatever was compressed before', () => {
    const a = new TextEncoder().encode('abcabcabd'.repeat(500));
    const first = deflateZlib(a);
    deflateZlib(new TextEncoder().encode('abcabcabc'.repeat(9000)));
    expect(deflateZlib(a)).toEqual(first);
  });

  it('handles empty and tiny inputs', () => {
    for (const data of [new Uint8Array(0), Uint8Array.of(7), Uint8Array.of(1, 2, 3), Uint8Array.of(9, 9, 9, 9, 9)]) {
      expect(new Uint8Array(inflateSync(deflateZlib(data)))).toEqual(data);
    }
  });

  it('computes Adler-32 as RFC 1950 defines it', () => {
    expect(adler32(new TextEncoder().encode('Wikipedia'))).toBe(0x11e60398);
    expect(adler32(new Uint8Array(100_000).fill(255))).toBe(inflateAdler(new Uint8Array(100_000).fill(255)));
  });
});

function inflateAdler(data: Uint8Array): number {
  const z = deflateZlib(data);
  return ((z[z.length - 4]! << 24) | (z[z.length - 3]! << 16) | (z[z.length - 2]! << 8) | z[z.length - 1]!) >>> 0;
}
