import { describe, expect, it } from 'vitest';
import { decodeLzw } from './lzw';
import { encodeLzw } from './test-util';

/** A deterministic byte sequence with repeats (so the table grows) and variety (so it fills). */
function pattern(n: number, alphabet: number): Uint8Array {
  const out = new Uint8Array(n);
  let s = 12345;
  for (let i = 0; i < n; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    out[i] = (s >>> 16) % 7 === 0 ? out[Math.max(0, i - 1)]! : ((s >>> 8) & 255) % alphabet;
  }
  return out;
}

describe('decodeLzw', () => {
  const dialects = [
    { name: 'GIF (LSB first, no early change)', o: { rootBits: 8, lsbFirst: true, earlyChange: 0 as const } },
    { name: 'TIFF (MSB first, early change)', o: { rootBits: 8, lsbFirst: false, earlyChange: 1 as const } },
    { name: 'GIF with 2-bit roots', o: { rootBits: 2, lsbFirst: true, earlyChange: 0 as const } },
  ];
  for (const { name, o } of dialects) {
    it(`round-trips ${name} through code widths 9 to 12 and table resets`, () => {
      // 60 000 bytes fill the 4096-entry table several times over.
      const data = pattern(60_000, 1 << o.rootBits);
      const out = new Uint8Array(data.length);
      const r = decodeLzw(encodeLzw(data, o), out, o);
      expect(r.end === 'end' || r.end === 'full').toBe(true);
      expect(r.written).toBe(data.length);
      expect(out).toEqual(data);
    });
  }

  it('decodes the KwKwK case (a code defined by the code being read)', () => {
    // "aaaa…": the second code is the entry being built, which the decoder must form from its own first byte.
    const data = new Uint8Array(50).fill(3);
    const o = { rootBits: 2, lsbFirst: true, earlyChange: 0 as const };
    const out = new Uint8Array(50);
    expect(decodeLzw(encodeLzw(data, o), out, o)).toEqual({ written: 50, end: 'full' });
    expect(out).toEqual(data);
  });

  it('stops at the output size however far the stream would expand (code bomb)', () => {
    // 200 000 equal bytes compress to a few hundred codes; a 1000-byte buffer takes only its size.
    const o = { rootBits: 8, lsbFirst: false, earlyChange: 1 as const };
    const stream = encodeLzw(new Uint8Array(200_000).fill(7), o);
    expect(stream.length).toBeLessThan(2000);
    const out = new Uint8Array(1000);
    const r = decodeLzw(stream, out, o);
    expect(r).toEqual({ written: 1000, end: 'full' });
    expect(out.every((v) => v === 7)).toBe(true);
  });

  it('reports a truncated stream and keeps what it decoded', () => {
    const o = { rootBits: 8, lsbFirst: true, earlyChange: 0 as const };
    const data = pattern(500, 256);
    const stream = encodeLzw(data, o);
    const out = new Uint8Array(500);
    const r = decodeLzw(stream.subarray(0, stream.length >> 1), out, o);
    expect(r.end).toBe('truncated');
    expect(r.written).toBeGreaterThan(0);
    expect(r.written).toBeLessThan(500);
    expect(out.subarray(0, r.written)).toEqual(data.subarray(0, r.written));
  });

  it('reports a code past the table as corrupt, and a first code that is not a literal', () => {
    const o = { rootBits: 2, lsbFirst: true, earlyChange: 0 as const };
    // 3-bit codes, LSB first: clear (4), literal 1, then 7 (the table only reaches 6).
    const bad = Uint8Array.from([0b11_001_100, 0b1]);
    expect(decodeLzw(bad, new Uint8Array(10), o)).toEqual({ written: 1, end: 'corrupt' });
    // clear, then 6 (not a literal) as the first code.
    expect(decodeLzw(Uint8Array.from([0b00_110_100]), new Uint8Array(10), o)).toEqual({ written: 0, end: 'corrupt' });
  });

  it('takes constant work on a stream of clear codes only', () => {
    const o = { rootBits: 8, lsbFirst: false, earlyChange: 1 as const };
    // 9-bit clear codes (256) back to back: 0x80 0x40 0x20 … repeated; no output, ends truncated.
    const clears = new Uint8Array(9 * 1000);
    for (let i = 0; i < clears.length; i += 9) clears.set([0x80, 0x40, 0x20, 0x10, 0x08, 0x04, 0x02, 0x01, 0x00], i);
    expect(decodeLzw(clears, new Uint8Array(10), o)).toEqual({ written: 0, end: 'truncated' });
  });
});
