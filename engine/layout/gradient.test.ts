import { describe, expect, it } from 'vitest';
import type { GradientFill } from '../model';
import { commandsBox, filledBox, gradientShading } from './gradient';

const stops = [{ pos: 0, color: 'FFFFFF' }, { pos: 1, color: '000000' }];
const linear = (angleDeg: number, scaled = false): GradientFill => ({ kind: 'linear', angleDeg, scaled, rotWithShape: true, stops });

describe('gradientShading', () => {
  it('runs a 90° gradient from the top edge to the bottom edge through the centre', () => {
    expect(gradientShading(linear(90), { x: 10, y: 20, w: 100, h: 40 }, 0)?.coords).toEqual([60, 20, 60, 60]);
  });

  it('runs a 180° gradient from the right edge to the left', () => {
    expect(gradientShading(linear(180), { x: 0, y: 0, w: 100, h: 40 }, 0)?.coords).toEqual([100, 20, 0, 20]);
  });

  it('darkens each stop as the path paint asks', () => {
    expect(gradientShading(linear(0), { x: 0, y: 0, w: 10, h: 10 }, 0, (c) => (c === 'FFFFFF' ? 'EEEEEE' : c))?.stops.map((s) => s.color)).toEqual(['EEEEEE', '000000']);
  });

  it('gives nothing for an empty or unbounded box, so the flat fill stays', () => {
    expect(gradientShading(linear(0), { x: 0, y: 0, w: 0, h: 10 }, 0)).toBeUndefined();
    expect(gradientShading(linear(45), { x: 0, y: 0, w: Infinity, h: 10 }, 0)).toBeUndefined();
  });

  it('draws a box as a rect without a gradient and as a shaded path with one', () => {
    expect(filledBox({ x: 0, y: 0, w: 10, h: 5 }, 'FF0000', undefined)).toEqual({ kind: 'rect', x: 0, y: 0, w: 10, h: 5, fill: 'FF0000' });
    const shaded = filledBox({ x: 0, y: 0, w: 10, h: 5 }, 'FF0000', linear(0), { color: '000000', widthPt: 1 });
    expect(shaded.kind === 'path' && shaded.shading?.coords).toEqual([0, 2.5, 10, 2.5]);
    expect(shaded.kind === 'path' && commandsBox(shaded.commands)).toEqual({ x: 0, y: 0, w: 10, h: 5 });
  });
});
