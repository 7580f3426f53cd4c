import { describe, expect, it } from 'vitest';
import { cleanNumber, niceUnit, scaleAxis, scaleLogAxis, ticksOf } from './scale';

const opts = { lengthPt: 170, minSpacingPt: 24 };

describe('scaleAxis (Excel automatic scaling)', () => {
  it('starts at 0 for positive data and adds headroom past the largest value (Word sample chart: 0..5 by 1)', () => {
    expect(scaleAxis(1.8, 4.5, opts)).toEqual({ min: 0, max: 5, unit: 1 });
  });

  it('goes one unit further when the maximum sits on a unit (5 → 6)', () => {
    expect(scaleAxis(2, 5, opts)).toEqual({ min: 0, max: 6, unit: 1 });
  });

  it('picks units of 1, 2 or 5 × 10^n', () => {
    expect(niceUnit(47, 5)).toBe(10);
    expect(niceUnit(0.47, 5)).toBe(0.1);
    expect(niceUnit(1200, 6)).toBe(200);
    expect(niceUnit(1200, 2)).toBe(1000);
    expect(niceUnit(9, 5)).toBe(2);
    const s = scaleAxis(0, 12345, opts);
    expect([1, 2, 5]).toContain(s.unit / 10 ** Math.floor(Math.log10(s.unit)));
  });

  it('keeps a non-zero minimum when all values sit in a narrow band far from zero', () => {
    const s = scaleAxis(95, 100, opts);
    expect(s.min).toBeGreaterThan(0);
    expect(s.min).toBeLessThanOrEqual(95);
    expect(s.max).toBeGreaterThanOrEqual(100);
  });

  it('keeps a narrow band off zero by a twentieth of its range, as Excel does (KB 214075 prints /2; Peltier measured /20)', () => {
    // 95..100: the minimum is the first unit at or below 95 − 5/20, the maximum at or above 100 + 5/20.
    expect(scaleAxis(95, 100, opts)).toEqual({ min: 94, max: 101, unit: 1 });
    expect(scaleAxis(-100, -95, opts)).toEqual({ min: -101, max: -94, unit: 1 });
  });

  it('measures the headroom above the largest value from the smallest value, not from zero', () => {
    // 5..19.1: 19.1 + 14.1/20 = 19.805 stays under 20 (from zero it would be 20.055, and the axis 0..25).
    expect(scaleAxis(5, 19.1, opts)).toEqual({ min: 0, max: 20, unit: 5 });
  });

  it('gives an axis too short for two intervals one, so its labels do not collide', () => {
    expect(scaleAxis(0, 5.6e10, { lengthPt: 22, minSpacingPt: 24 })).toEqual({ min: 0, max: 1e11, unit: 1e11 });
  });

  it('spans negative and positive data and ends on whole units', () => {
    const s = scaleAxis(-3.2, 7.7, opts);
    expect(s.min).toBeLessThanOrEqual(-3.2);
    expect(s.max).toBeGreaterThanOrEqual(7.7);
    expect(Math.abs(s.min / s.unit - Math.round(s.min / s.unit))).toBeLessThan(1e-9);
    expect(Math.abs(s.max / s.unit - Math.round(s.max / s.unit))).toBeLessThan(1e-9);
  });

  it('allows more ticks on a longer axis', () => {
    expect(scaleAxis(0, 4.5, { lengthPt: 400, minSpacingPt: 24 }).unit).toBeLessThan(scaleAxis(0, 4.5, { lengthPt: 80, minSpacingPt: 24 }).unit);
  });

  it('honours fixed min, max and unit', () => {
    expect(scaleAxis(1, 9, { ...opts, fixedMin: 2, fixedMax: 8, fixedUnit: 3 })).toEqual({ min: 2, max: 8, unit: 3 });
  });

  it('survives hostile ranges: no data, equal values, min > max, huge spans, tiny units', () => {
    expect(scaleAxis(Infinity, -Infinity, opts)).toEqual({ min: 0, max: 1, unit: expect.any(Number) });
    expect(scaleAxis(3, 3, opts).max).toBeGreaterThan(3);
    const swapped = scaleAxis(0, 10, { ...opts, fixedMin: 10, fixedMax: 2 });
    expect(swapped.max).toBeGreaterThan(swapped.min);
    const huge = scaleAxis(-1e300, 1e300, opts);
    expect(Number.isFinite(huge.unit)).toBe(true);
    const dense = scaleAxis(0, 1e6, { ...opts, fixedUnit: 1e-6 });
    expect(ticksOf(dense).length).toBeLessThanOrEqual(1001);
  });

  it('makes ticks free of binary noise', () => {
    expect(ticksOf({ min: 0, max: 1, unit: 0.1 })).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
    expect(cleanNumber(0.1 + 0.2)).toBe(0.3);
  });

  it('puts the tick that crosses zero at 0, not at a residue of the sum (found by the fuzz campaign)', () => {
    expect(ticksOf(scaleAxis(-3e-5, 2e-5, opts))).toContain(0);
    expect(ticksOf(scaleAxis(-1.5e100, 1.5e100, opts))).toContain(0);
    expect(ticksOf(scaleAxis(-3e-5, 2e-5, opts)).filter((t) => Math.abs(t) < 1e-6)).toEqual([0]);
  });
});

describe('scaleLogAxis (c:logBase)', () => {
  it('runs from the power of the base at or below the smallest positive value to the one at or above the largest, a tick a power', () => {
    const s = scaleLogAxis(5, 500, 10, {});
    expect(s).toEqual({ min: 1, max: 1000, unit: 1, logBase: 10 });
    expect(ticksOf(s)).toEqual([1, 10, 100, 1000]);
    // A value on a power ends the axis there; fractions reach below 1.
    expect(ticksOf(scaleLogAxis(0.03, 100, 10, {}))).toEqual([0.01, 0.1, 1, 10, 100]);
    expect(ticksOf(scaleLogAxis(3, 40, 2, {}))).toEqual([2, 4, 8, 16, 32, 64]);
  });

  it('keeps fixed limits as values and reads a fixed major unit as the factor between ticks', () => {
    expect(ticksOf(scaleLogAxis(5, 50_000, 10, { fixedMin: 10, fixedUnit: 100 }))).toEqual([10, 1000, 100_000]);
    // One value: a power of the base, and the next.
    expect(scaleLogAxis(10, 10, 10, {})).toMatchObject({ min: 10, max: 100 });
  });
});
