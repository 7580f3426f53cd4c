import { describe, expect, it } from 'vitest';
import type { ChartAxis, ChartModel, PathItem } from '../../model';
import { linearEnds, movingAverage } from './draw-trendline';
import { drawTestChart } from './test-util';

const AXES: ChartAxis[] = [
  { kind: 'category', position: 'bottom', majorGridlines: false, deleted: false, id: '1', crossAxisId: '2' },
  { kind: 'value', position: 'left', majorGridlines: true, deleted: false, id: '2', crossAxisId: '1' },
];

describe('trendlines (c:trendline)', () => {
  it('fits the least-squares line, runs it c:forward past the last x and forces it through c:intercept', () => {
    const pts = [{ x: 1, y: 2 }, { x: 2, y: 4.5 }, { x: 3, y: 5.5 }];
    // Slope (3·27.5 − 6·12) / (3·14 − 36) = 1.75, intercept (12 − 1.75·6) / 3 = 0.5.
    expect(linearEnds(pts, {})).toEqual([{ x: 1, y: 2.25 }, { x: 3, y: 5.75 }]);
    expect(linearEnds(pts, { forward: 1, backward: 0.5 })).toEqual([{ x: 0.5, y: 1.375 }, { x: 4, y: 7.5 }]);
    // Through (0, 1): slope Σx(y − 1) / Σx² = (27.5 − 6) / 14.
    const forced = linearEnds(pts, { intercept: 1 });
    expect(forced[0]!.y).toBeCloseTo(1 + 21.5 / 14, 12);
    expect(linearEnds([{ x: 1, y: 1 }], {})).toEqual([]);
  });

  it('averages c:period points, each average at the last point it covers', () => {
    expect(movingAverage([{ x: 1, y: 1 }, { x: 2, y: 3 }, { x: 3, y: 5 }, { x: 4, y: 1 }], 2)).toEqual([{ x: 2, y: 2 }, { x: 3, y: 4 }, { x: 4, y: 3 }]);
  });

  it('draws a column series\' linear trendline from the first category\'s centre to the last, dotted in the series colour by default', () => {
    const chart: ChartModel = {
      axes: AXES,
      plots: [{ type: 'column', grouping: 'clustered', axisIds: ['1', '2'], series: [{ name: 'S', categories: ['A', 'B', 'C', 'D'], values: [1, 2, 3, 4], color: 'FF0000', trendlines: [{ kind: 'linear' }] }] }],
    };
    const { items } = drawTestChart(chart);
    const lines = items.filter((i): i is PathItem => i.kind === 'path' && i.stroke === 'FF0000');
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line.dash).toEqual([1.5, 1.5]);
    const bars = items.filter((i) => i.kind === 'rect' && i.fill === 'FF0000');
    const centre = (k: number) => { const r = bars[k]!; return r.kind === 'rect' ? r.x + r.w / 2 : 0; };
    const [m0, m1] = [line.commands[0]!, line.commands[line.commands.length - 1]!];
    if (m0.op !== 'M' || m1.op !== 'L') throw new Error('not a polyline');
    expect(m0.x).toBeCloseTo(centre(0), 6);
    expect(m1.x).toBeCloseTo(centre(3), 6);
    // The values lie on the line: its ends are the first and last bars' tops.
    const top = (k: number) => { const r = bars[k]!; return r.kind === 'rect' ? r.y : 0; };
    expect(m0.y).toBeCloseTo(top(0), 6);
    expect(m1.y).toBeCloseTo(top(3), 6);
  });
});
