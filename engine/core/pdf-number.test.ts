import { describe, expect, it } from 'vitest';
import { formatPdfNumber } from './pdf-number';

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
  });
});
