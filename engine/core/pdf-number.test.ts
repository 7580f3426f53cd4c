import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPdfNumber, writePdfNumber } from './pdf-number';

/** The original string-based formatter, kept as the oracle for the faster versions. */
function reference(value: number, decimals = 3): string {
  if (!Number.isFinite(value)) return '0';
  const f = 10 ** decimals;
  const abs = Math.abs(value);
  let intPart = Math.trunc(abs);
  let frac = Math.round((abs - intPart) * f);
  if (frac >= f) {
    intPart += 1;
    frac = 0;
  }
  if (intPart === 0 && frac === 0) return '0';
  const fracStr = frac > 0 ? String(frac).padStart(decimals, '0').replace(/0+$/, '') : '';
  return (value < 0 ? '-' : '') + (intPart >= 1e21 ? '999999999999999999999' : String(intPart)) + (fracStr ? '.' + fracStr : '');
}

function written(value: number, decimals?: number): string {
  const buf = new Uint8Array(64);
  const end = writePdfNumber(buf, 3, value, decimals);
  return String.fromCharCode(...buf.subarray(3, end));
}

describe('formatPdfNumber', () => {
  it('never prints an exponent, a negative zero or trailing zeros', () => {
    expect(formatPdfNumber(1e-7)).toBe('0');
    expect(formatPdfNumber(-0.0001)).toBe('0');
    expect(formatPdfNumber(12.5)).toBe('12.5');
    expect(formatPdfNumber(12.3456)).toBe('12.346');
    expect(formatPdfNumber(-3.1)).toBe('-3.1');
    expect(formatPdfNumber(1e20)).toBe('100000000000000000000');
    expect(formatPdfNumber(0.05, 1)).toBe('0.1');
    expect(formatPdfNumber(Number.NaN)).toBe('0');
    expect(formatPdfNumber(0.005)).toBe('0.005');
    expect(formatPdfNumber(-0.0996, 2)).toBe('-0.1');
    expect(formatPdfNumber(0.9999)).toBe('1');
    expect(formatPdfNumber(1e300)).toBe('999999999999999999999');
  });

  it('agrees with the reference formatter, and writePdfNumber with both', () => {
    const special = [0, -0, 0.5, -0.5, 0.0005, 0.0015, 1.0005, 2 ** 31, 2 ** 31 - 0.5, -(2 ** 31) - 1.25, 2 ** 53, 1e20, 1e21, 1e25, Infinity, -Infinity, Number.NaN, 595.276, 841.89];
    for (const v of special) {
      for (const d of [0, 1, 2, 3, 6]) {
        expect(formatPdfNumber(v, d)).toBe(reference(v, d));
        expect(written(v, d)).toBe(reference(v, d));
      }
    }
    fc.assert(
      fc.property(fc.oneof(fc.double({ noNaN: false }), fc.double({ min: -5000, max: 5000 }), fc.integer().map((i) => i / 1000)), fc.integer({ min: 0, max: 6 }), (v, d) => {
        expect(formatPdfNumber(v, d)).toBe(reference(v, d));
        expect(written(v, d)).toBe(reference(v, d));
      }),
      { numRuns: 5000 },
    );
  });
});
