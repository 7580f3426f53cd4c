import { describe, expect, it } from 'vitest';
import { readMathFont } from './math-table';
import { shippedBytes } from './testing/shipped';

describe('readMathFont (OpenType MATH)', () => {
  it('reads the MathConstants, italics, accents and variants of DejaVu Math TeX Gyre', () => {
    const f = readMathFont(shippedBytes('DejaVuMathTeXGyre.ttf')!)!;
    expect(f.hasMathTable).toBe(true);
    expect([f.constants.axisHeight, f.constants.fractionRuleThickness, f.constants.scriptPercentScaleDown, f.constants.radicalDegreeBottomRaisePercent]).toEqual([275, 64, 80, 55]);
    const paren = f.vertical(f.glyphId(0x28))!;
    // Bigger and bigger variants, then an assembly of three parts with an extender.
    const heights = paren.variants.map((v) => f.bounds(v.glyph).yMax - f.bounds(v.glyph).yMin);
    expect(heights).toEqual([...heights].sort((a, b) => a - b));
    expect(paren.parts?.filter((p) => p.extender).length).toBe(1);
    expect(f.horizontal(f.glyphId(0x23df))?.parts?.length).toBeGreaterThan(2);
    expect(f.italicCorrection(f.glyphId(0x222b))).toBeGreaterThan(0);
    expect(f.topAccent(f.glyphId(0x1d44e))).toBeGreaterThan(0);
  });

  it('gives a font without a MATH table TeX Gyre\'s proportions and no variants', () => {
    const f = readMathFont(shippedBytes('Carlito-Regular.ttf')!)!;
    expect(f.hasMathTable).toBe(false);
    expect(f.constants.axisHeight).toBe(Math.round((250 * f.unitsPerEm) / 1000));
    expect(f.vertical(f.glyphId(0x28))).toBeUndefined();
  });

  it('answers undefined for bytes that are not a font', () => {
    expect(readMathFont(new Uint8Array([1, 2, 3]))).toBeUndefined();
  });
});
