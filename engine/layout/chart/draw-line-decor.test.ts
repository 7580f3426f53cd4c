import { describe, expect, it } from 'vitest';
import type { ChartAxis, ChartModel, LayoutItem } from '../../model';
import { drawTestChart } from './test-util';

const AXES: ChartAxis[] = [
  { kind: 'category', position: 'bottom', majorGridlines: false, deleted: false, id: '1', crossAxisId: '2' },
  { kind: 'value', position: 'left', majorGridlines: false, deleted: false, id: '2', crossAxisId: '1', min: -2, max: 10, majorUnit: 2 },
];
type Line = Extract<LayoutItem, { kind: 'line' }>;
type Rect = Extract<LayoutItem, { kind: 'rect' }>;

describe('drop lines, high-low lines and up/down bars of line plots', () => {
  const chart = (lineDecor: NonNullable<ChartModel['plots'][number]['lineDecor']>): ChartModel => ({
    axes: AXES,
    plots: [{
      type: 'line', grouping: 'standard', axisIds: ['1', '2'], lineDecor, series: [
        { name: 'Open', categories: ['A', 'B', 'C'], values: [2, 6, -1], color: 'FF0000', marker: false },
        { name: 'Close', categories: ['A', 'B', 'C'], values: [4, 3, null], color: '00FF00', marker: false },
      ],
    }],
  });
  const pointsOf = (items: readonly LayoutItem[], color: string) => {
    const p = items.find((i) => i.kind === 'path' && i.stroke === color);
    if (p?.kind !== 'path') throw new Error('no series line');
    return p.commands.map((c) => (c.op === 'M' || c.op === 'L' ? { x: c.x, y: c.y } : { x: NaN, y: NaN }));
  };

  it('drops a line from each category\'s points to the category axis (at 0), one per category', () => {
    const { items } = drawTestChart(chart({ dropLines: { color: 'AA00AA' } }));
    const drops = items.filter((i): i is Line => i.kind === 'line' && i.color === 'AA00AA');
    expect(drops).toHaveLength(3);
    const open = pointsOf(items, 'FF0000');
    const close = pointsOf(items, '00FF00');
    // The category axis crosses at 0: the third category's point (-1) lies below it.
    const zero = open[0]!.y + (open[0]!.y - close[0]!.y); // 2 − (4 − 2) = 0
    expect(drops[0]).toMatchObject({ x1: open[0]!.x, x2: open[0]!.x });
    expect(drops[0]!.y1).toBeCloseTo(close[0]!.y, 9);
    expect(drops[0]!.y2).toBeCloseTo(zero, 9);
    expect(drops[1]!.y1).toBeCloseTo(open[1]!.y, 9);
    expect(drops[2]!.y1).toBeCloseTo(zero, 9);
    expect(drops[2]!.y2).toBeCloseTo(open[2]!.y, 9);
  });

  it('draws high-low lines and up/down bars from the first series to the last, under the series lines', () => {
    const look = { gapWidthPct: 150, up: { fill: 'FFFFFF' }, down: { fill: '000000' } };
    const { items } = drawTestChart(chart({ hiLowLines: { color: '0000AA' }, upDownBars: look }));
    const hiLow = items.filter((i): i is Line => i.kind === 'line' && i.color === '0000AA');
    // The third category has one value: no line.
    expect(hiLow).toHaveLength(2);
    const bars = items.filter((i): i is Rect => i.kind === 'rect' && (i.fill === 'FFFFFF' || i.fill === '000000') && i.stroke === '000000');
    expect(bars.map((r) => r.fill)).toEqual(['FFFFFF', '000000']);
    const open = pointsOf(items, 'FF0000');
    const close = pointsOf(items, '00FF00');
    expect(bars[0]!.y).toBeCloseTo(close[0]!.y, 9);
    expect(bars[0]!.h).toBeCloseTo(open[0]!.y - close[0]!.y, 9);
    expect(bars[0]!.x + bars[0]!.w / 2).toBeCloseTo(open[0]!.x, 9);
    const series = items.findIndex((i) => i.kind === 'path' && i.stroke === 'FF0000');
    expect(items.indexOf(bars[1]!)).toBeLessThan(series);
  });
});
