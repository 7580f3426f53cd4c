/**
 * Property test: the WASM kernel's deflater and the TS twin write identical bytes for any input,
 * and fflate and zlib inflate them back, from empty and single bytes to inputs spanning many blocks
 * and 64 KiB stored pieces; and their Huffman builders agree on skewed frequencies, where code
 * lengths over the limit are folded back (neither the corpus nor random bytes ever need the 15-bit
 * fold, so it is tested on the builder directly).
 */
import { inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { unzlibSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadKernel } from '../kernel';
import { deflateZlibTwin } from './deflate';
import { deflateInKernel, deflateZlib } from './deflate-kernel';
import { codeLengths } from './huffman';
import { structured } from './test-arbitraries';

const kernel = loadKernel();

/** The kernel's bytes for data (failing the test if the kernel could not run). */
function viaKernel(data: Uint8Array): Uint8Array {
  if (!kernel) throw new Error('WASM kernel not loaded');
  const out = deflateInKernel(kernel, data);
  if (!out) throw new Error(`kernel refused ${data.length} bytes`);
  return out;
}

function expectSameAndRoundTrip(data: Uint8Array): void {
  const twin = deflateZlibTwin(data);
  const wasm = viaKernel(data);
  expect(wasm.length).toBe(twin.length);
  expect(Buffer.compare(wasm, twin)).toBe(0);
  expect(Buffer.compare(unzlibSync(wasm), data)).toBe(0);
}


/** Runs of one byte and short literal stretches: long matches at distance 1, and the fixed-code path. */
const runs = fc
  .array(fc.record({ byte: fc.integer({ min: 0, max: 255 }), len: fc.integer({ min: 1, max: 3000 }) }), { maxLength: 30 })
  .map((parts) => {
    const out: number[] = [];
    for (const p of parts) for (let k = 0; k < p.len; k++) out.push(p.byte);
    return Uint8Array.from(out);
  });

/** Deterministic noise (a linear congruential generator), incompressible: stored blocks. */
function noise(n: number, seed: number): Uint8Array {
  let s = seed;
  return new Uint8Array(n).map(() => ((s = Math.imul(s, 1103515245) + 12345) >>> 16) & 255);
}

describe('deflate kernel vs twin', () => {
  it('runs on WebAssembly in this environment', () => {
    expect(kernel).not.toBeNull();
  });

  it('writes identical bytes for empty, one-byte and tiny inputs', () => {
    for (const data of [new Uint8Array(0), Uint8Array.of(0), Uint8Array.of(255), Uint8Array.of(1, 2, 3), Uint8Array.of(9, 9, 9, 9, 9)]) {
      expectSameAndRoundTrip(data);
    }
  });

  it('writes identical bytes for arbitrary, structured and run-length inputs', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 5000 }), structured, runs), (data) => {
        expectSameAndRoundTrip(data);
      }),
      { numRuns: 400 },
    );
  });

  it('writes identical bytes for inputs over 64 KiB and over several blocks', () => {
    const text = new TextEncoder().encode('BT /F1 12 Tf 72 700 Td (Hello, world) Tj ET\n'.repeat(20000));
    const random = noise(300_000, 7);
    const long = new Uint8Array(2_000_000).fill(255);
    const mixed = Buffer.concat([text.subarray(0, 100_000), random.subarray(0, 150_000), long.subarray(0, 70_000), text.subarray(5, 90_000)]);
    // Mostly compressible with noise mixed in: dynamic, fixed and stored blocks in one stream.
    const patchy = new Uint8Array(400_000);
    for (let i = 0; i < patchy.length; i++) patchy[i] = (i >> 12) % 3 === 0 ? random[i % random.length]! : (i * 7) & 15;
    for (const data of [text, random, long, mixed, patchy, random.subarray(0, 65_535), random.subarray(0, 65_536), random.subarray(0, 131_071)]) {
      expectSameAndRoundTrip(data);
      expect(Buffer.compare(inflateSync(viaKernel(data)), data)).toBe(0);
    }
  });

  it('gives the same bytes for the same input, whatever the kernel deflated before', () => {
    const a = new TextEncoder().encode('abcabcabd'.repeat(500));
    const first = viaKernel(a);
    viaKernel(noise(100_000, 3));
    viaKernel(new TextEncoder().encode('abcabcabc'.repeat(9000)));
    expect(Buffer.compare(viaKernel(a), first)).toBe(0);
  });

  it('deflateZlib (kernel first, twin as fallback) matches the twin', () => {
    for (let n = 0; n < 200; n += 7) {
      const data = noise(n, n).map((b) => b & 3);
      expect(Buffer.compare(deflateZlib(data), deflateZlibTwin(data))).toBe(0);
    }
  });
});

/** The kernel's code lengths for freq (limit bits), through its test hooks. */
function kernelLengths(freq: Uint32Array, limit: number): Uint8Array {
  const k = kernel!;
  new Uint32Array(k.memory.buffer, k.huffmanInput(), freq.length).set(freq);
  const at = k.huffmanLengths(freq.length, limit);
  return new Uint8Array(k.memory.buffer, at, freq.length).slice();
}

function twinLengths(freq: Uint32Array, limit: number): Uint8Array {
  const out = new Uint8Array(freq.length);
  codeLengths(freq, freq.length, limit, out);
  return out;
}

/** Fibonacci-like weights: optimal codes deeper than the limit, so lengths must be folded back. */
const skewed = fc
  .record({ count: fc.integer({ min: 2, max: 286 }), used: fc.integer({ min: 2, max: 40 }), seed: fc.nat(1000), ratio: fc.integer({ min: 14, max: 20 }) })
  .map(({ count, used, seed, ratio }) => {
    const freq = new Uint32Array(count);
    let w = 1;
    for (let k = 0; k < Math.min(used, count); k++) {
      freq[(k * 37 + seed) % count] = Math.min(Math.round(w), 16385);
      w = w * (ratio / 10) + 1;
    }
    return freq;
  });

describe('Huffman code lengths, kernel vs twin', () => {
  it('agree for arbitrary frequencies (15-bit literal and distance codes)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint32Array({ minLength: 1, maxLength: 286 }).map((a) => a.map((f) => (f % 5 === 0 ? 0 : f % 16386))), skewed), (freq) => {
        expect(Array.from(kernelLengths(freq, 15))).toEqual(Array.from(twinLengths(freq, 15)));
      }),
      { numRuns: 500 },
    );
  });

  it('agree when the limit folds deep codes back (7-bit code-length code, 15-bit codes)', () => {
    fc.assert(
      fc.property(skewed, (freq) => {
        const twin15 = twinLengths(freq, 15);
        expect(Array.from(kernelLengths(freq, 15))).toEqual(Array.from(twin15));
        const cl = freq.subarray(0, 19);
        expect(Array.from(kernelLengths(cl, 7))).toEqual(Array.from(twinLengths(cl, 7)));
      }),
      { numRuns: 500 },
    );
    // A Fibonacci sequence of 25 weights needs 24-bit codes: folding to 15 must keep the Kraft sum exact.
    const fib = new Uint32Array(30);
    for (let k = 0, a = 1, b = 1; k < 25; k++, [a, b] = [b, a + b]) fib[k] = a;
    const lengths = kernelLengths(fib, 15);
    expect(Array.from(lengths)).toEqual(Array.from(twinLengths(fib, 15)));
    expect(Math.max(...lengths)).toBe(15);
    expect(Array.from(lengths).reduce((sum, l) => sum + (l ? 2 ** (15 - l) : 0), 0)).toBe(2 ** 15);
  });
});

describe('deflate without the kernel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('refuses inputs over its cap, so the twin takes them', () => {
    expect(kernel!.reserveDeflate(32 * 1024 * 1024 + 1)).toBe(0);
  });

  it('falls back to the twin without WebAssembly, with the same bytes', async () => {
    const data = new TextEncoder().encode('0 0 m 10 10 l S\n'.repeat(300));
    const expected = deflateZlib(data);
    vi.resetModules();
    vi.stubGlobal('WebAssembly', undefined);
    const fresh = await import('./deflate-kernel');
    expect(Buffer.compare(fresh.deflateZlib(data), expected)).toBe(0);
    const { kernelLoadState } = await import('../kernel');
    expect(kernelLoadState().kernel).toBeNull();
  });
});

