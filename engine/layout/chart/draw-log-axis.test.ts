import { describe, expect, it } from 'vitest';
import type { ChartAxis, ChartModel, LayoutItem } from '../../model';
import { drawTestChart, texts } from './test-util';

type Rect = Extract<LayoutItem, { kind: 'rect' }>;

describe('logarithmic value axes (c:logBase)', () => {
  it('places columns by the logarithm of their values, with a tick label at each power of the base', () => {
    const axes: ChartAxis[] = [
      { kind: 'category', position: 'bottom', majorGridlines: false, deleted: false, id: '1', crossAxisId: '2' },
      { kind: 'value', position: 'left', majorGridlines: true, deleted: false, id: '2', crossAxisId: '1', logBase: 10 },
    ];
    const chart: ChartModel = {
      axes,
      plots: [{ type: 'column', grouping: 'clustered', axisIds: ['1', '2'], series: [{ name: 'S', categories: ['A', 'B', 'C'], values: [3, 30, 300], color: 'FF0000' }] }],
    };
    const { items } = drawTestChart(chart);
    const labels = texts(items);
    for (const t of ['1', '10', '100', '1000']) expect(labels).toContain(t);
    expect(labels).not.toContain('200');
    const bars = items.filter((i): i is Rect => i.kind === 'rect' && i.fill === 'FF0000');
    expect(bars).toHaveLength(3);
    // Equal ratios are equal heights apart, and all bars stand on the axis's start (1).
    const bottom = bars[0]!.y + bars[0]!.h;
    for (const b of bars) expect(b.y + b.h).toBeCloseTo(bottom, 9);
    expect(bars[1]!.h - bars[0]!.h).toBeCloseTo(bars[2]!.h - bars[1]!.h, 9);
    // 3 sits at log10(3) ≈ 0.477 of the first of three decades.
    expect(bars[0]!.h / (bars[2]!.h - bars[1]!.h)).toBeCloseTo(Math.log10(3), 9);
  });
});
