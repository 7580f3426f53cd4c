import { describe, expect, it } from 'vitest';
import { isKnownPreset, presetPaths } from './geometry';

const points = (name: string, w = 200, h = 100) => presetPaths(name, w, h).flat().filter((c) => c.op !== 'Z') as Array<{ x: number; y: number }>;

describe('preset geometry', () => {
  it.each(['star7', 'star8', 'star10', 'star12', 'star16', 'star24', 'star32', 'mathPlus', 'mathMinus', 'heptagon', 'decagon', 'dodecagon', 'flowChartManualOperation'])(
    '%s stays inside its box',
    (name) => {
      expect(isKnownPreset(name)).toBe(true);
      for (const p of points(name)) {
        expect(p.x).toBeGreaterThanOrEqual(-0.001);
        expect(p.x).toBeLessThanOrEqual(200.001);
        expect(p.y).toBeGreaterThanOrEqual(-0.001);
        expect(p.y).toBeLessThanOrEqual(100.001);
      }
    },
  );

  it('draws n-pointed stars with 2n corners and a plus with 12', () => {
    expect(points('star7')).toHaveLength(14);
    expect(points('star12')).toHaveLength(24);
    const plus = points('mathPlus', 100, 100);
    expect(plus).toHaveLength(12);
    // The arms reach 73490/200000 of the box from the centre and are 23.52% of it thick.
    expect(Math.min(...plus.map((p) => p.x))).toBeCloseTo(50 - 36.745, 2);
    expect(Math.max(...plus.map((p) => p.y)) - Math.min(...plus.filter((p) => p.x < 20).map((p) => p.y))).toBeGreaterThan(0);
  });

  it('falls back to the bounding rectangle for unknown presets', () => {
    expect(isKnownPreset('noSuchShape')).toBe(false);
    expect(points('noSuchShape', 10, 5)).toEqual([{ op: 'M', x: 0, y: 0 }, { op: 'L', x: 10, y: 0 }, { op: 'L', x: 10, y: 5 }, { op: 'L', x: 0, y: 5 }]);
  });
});
