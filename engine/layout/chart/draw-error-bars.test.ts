import { describe, expect, it } from 'vitest';
import type { ChartAxis, ChartErrorBars, ChartModel, LayoutItem } from '../../model';
import { errorAmounts } from './draw-error-bars';
import { drawTestChart } from './test-util';

const AXES: ChartAxis[] = [
  { kind: 'category', position: 'bottom', majorGridlines: false, deleted: false, id: '1', crossAxisId: '2' },
  { kind: 'value', position: 'left', majorGridlines: false, deleted: false, id: '2', crossAxisId: '1', min: 0, max: 10, majorUnit: 2 },
];
type Line = Extract<LayoutItem, { kind: 'line' }>;
const linesOf = (items: readonly LayoutItem[], color: string): Line[] => items.filter((i): i is Line => i.kind === 'line' && i.color === color);
const bars = (b: Partial<ChartErrorBars>): ChartErrorBars => ({ direction: 'y', barType: 'both', valueType: 'fixedVal', value: 1, line: { color: 'AA00AA' }, ...b });

describe('error bars (c:errBars)', () => {
  it('takes Office\'s amounts: fixed, percentage, sample standard deviations, standard error, custom', () => {
    const v = [2, 4, 4, 4, 5, 5, 7, 9];
    expect(errorAmounts(bars({ value: 1.5 }), v, 0, 2)).toEqual({ plus: 1.5, minus: 1.5 });
    expect(errorAmounts(bars({ valueType: 'percentage', value: 10 }), v, 7, -9)).toEqual({ plus: 0.9, minus: 0.9 });
    // Mean 5, squared deviations 32, over n − 1 = 7.
    expect(errorAmounts(bars({ valueType: 'stdDev', value: 2 }), v, 0, 2).plus).toBeCloseTo(2 * Math.sqrt(32 / 7), 12);
    // Σy² = 232 over n(n − 1) = 56.
    expect(errorAmounts(bars({ valueType: 'stdErr' }), v, 0, 2).minus).toBeCloseTo(Math.sqrt(232 / 56), 12);
    expect(errorAmounts(bars({ valueType: 'cust', plus: [1, 2], minus: [3] }), v, 1, 4)).toEqual({ plus: 2, minus: 3 });
    expect(errorAmounts(bars({ valueType: 'cust', plus: [1, null] }), v, 1, 4)).toEqual({ plus: 0, minus: 0 });
  });

  it('draws a column\'s bars from its top along the value axis, centred on the column, with end caps', () => {
    const chart: ChartModel = {
      axes: AXES,
      plots: [{
        type: 'column', grouping: 'clustered', axisIds: ['1', '2'], series: [
          { name: 'S', categories: ['A', 'B'], values: [4, 6], color: 'FF0000', errorBars: [bars({ value: 2 })] },
          { name: 'T', categories: ['A', 'B'], values: [5, 3], color: '00FF00', errorBars: [bars({ barType: 'plus', noEndCap: true, line: { color: '0000AA' } })] },
        ],
      }],
    };
    const { items } = drawTestChart(chart);
    const rects = items.filter((i): i is Extract<LayoutItem, { kind: 'rect' }> => i.kind === 'rect' && i.fill === 'FF0000');
    expect(rects).toHaveLength(2);
    const first = rects[0]!;
    const perUnit = first.h / 4;
    const s = linesOf(items, 'AA00AA');
    // Per point: a bar up, its cap, a bar down, its cap.
    expect(s).toHaveLength(8);
    const [up, upCap, down] = s;
    const mid = first.x + first.w / 2;
    expect(up).toMatchObject({ x1: mid, x2: mid, y1: first.y });
    expect(up!.y2).toBeCloseTo(first.y - 2 * perUnit, 9);
    expect(down!.y2).toBeCloseTo(first.y + 2 * perUnit, 9);
    expect(upCap!.x2 - upCap!.x1).toBeCloseTo(5, 9);
    expect(upCap!.y1).toBeCloseTo(up!.y2, 9);
    // The second series: plus only, no caps.
    expect(linesOf(items, '0000AA')).toHaveLength(2);
  });

  it('centres standard-deviation bars on the series mean and runs a scatter series\' x bars along x', () => {
    const xy: ChartAxis[] = [
      { kind: 'value', position: 'bottom', majorGridlines: false, deleted: false, id: '1', crossAxisId: '2', min: 0, max: 10 },
      { kind: 'value', position: 'left', majorGridlines: false, deleted: false, id: '2', crossAxisId: '1', min: 0, max: 10 },
    ];
    const chart: ChartModel = {
      axes: xy,
      plots: [{
        type: 'scatter', grouping: 'standard', axisIds: ['1', '2'], series: [{
          name: 'S', categories: [], values: [2, 4, 6], xValues: [1, 2, 3], color: 'FF0000', marker: false,
          errorBars: [bars({ valueType: 'stdDev', value: 1, noEndCap: true }), bars({ direction: 'x', value: 0.5, noEndCap: true, line: { color: '0000AA' } })],
        }],
      }],
    };
    const { items } = drawTestChart(chart);
    const y = linesOf(items, 'AA00AA');
    expect(y).toHaveLength(6);
    // Every point's bars start at the mean (4) and reach one standard deviation (2) each way.
    const starts = new Set(y.map((l) => l.y1.toFixed(6)));
    expect(starts.size).toBe(1);
    const x = linesOf(items, '0000AA');
    expect(x).toHaveLength(6);
    for (const l of x) expect(l.y1).toBe(l.y2);
    // The series' line gives the page units: its points lie 1 apart in x and 2 (one deviation) in y.
    const path = items.find((i) => i.kind === 'path' && i.stroke === 'FF0000');
    if (path?.kind !== 'path') throw new Error('no series line');
    const [p0, p1] = path.commands;
    if (p0?.op !== 'M' || p1?.op !== 'L') throw new Error('not a polyline');
    expect(y[0]!.y1).toBeCloseTo(p1.y, 6);
    expect(Math.abs(y[0]!.y2 - y[0]!.y1)).toBeCloseTo(Math.abs(p1.y - p0.y), 6);
    expect(Math.abs(x[0]!.x2 - x[0]!.x1)).toBeCloseTo(Math.abs(p1.x - p0.x) / 2, 6);
  });
});
