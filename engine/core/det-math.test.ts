import { describe, expect, it } from 'vitest';
import { detExp, detLog, detPow } from './det-math';

describe('deterministic exp, log and pow', () => {
  it('agree with Math to 1e-14 relative over the ranges colour fades use, and at the edges', () => {
    let worst = 0;
    for (let i = 1; i <= 255; i++) {
      for (const y of [2.3, 1 / 2.3, 0.5, 3]) {
        const want = Math.pow(i / 255, y);
        worst = Math.max(worst, Math.abs(detPow(i / 255, y) - want) / want);
      }
    }
    expect(worst).toBeLessThan(1e-14);
    expect(detLog(1)).toBe(0);
    expect(detLog(8)).toBeCloseTo(3 * Math.LN2, 15);
    expect(detLog(1e-300)).toBeCloseTo(-690.7755278982137, 10);
    expect(detExp(0)).toBe(1);
    expect(detExp(-1)).toBeCloseTo(0.36787944117144233, 15);
    expect(detExp(1000)).toBe(Infinity);
    expect(detExp(-1000)).toBe(0);
    expect([detPow(0, 2.3), detPow(0, 0), detPow(1, 7.5), detPow(0.25, 0.5)]).toEqual([0, 1, 1, 0.5]);
    expect([detLog(-1), detLog(0), detExp(NaN)]).toEqual([NaN, -Infinity, NaN]);
  });

  it('give NaN for a NaN exponent and x itself for an exponent of 1 (before: 0^NaN was Infinity, MAX_VALUE^1 Infinity)', () => {
    expect([detPow(0, NaN), detPow(2, NaN), detPow(NaN, 2), detPow(NaN, 0)]).toEqual([NaN, NaN, NaN, 1]);
    expect([detPow(Number.MAX_VALUE, 1), detPow(5e-324, 1), detPow(0, 1)]).toEqual([Number.MAX_VALUE, 5e-324, 0]);
    expect([detPow(Infinity, 2), detPow(Infinity, -2), detPow(2, Infinity), detPow(0.5, Infinity)]).toEqual([Infinity, 0, Infinity, 0]);
    expect(detLog(5e-324)).toBeCloseTo(Math.log(5e-324), 12);
    expect([detLog(-0), detLog(Infinity), detExp(Infinity), detExp(-Infinity)]).toEqual([-Infinity, Infinity, Infinity, 0]);
  });
});
