import { describe, expect, it } from 'vitest';
import type { ChartAxis, ChartModel, ChartTrendline, PathItem } from '../../model';
import { movingAverage, trendCurve } from './draw-trendline';
import { drawTestChart, texts } from './test-util';
import { polyFit, rSquared, trendFit } from './trendline-fit';
import { labelLines, labelNumber } from './trendline-label';

type XY = { x: number; y: number };
type CurveOptions = Pick<ChartTrendline, 'kind' | 'order' | 'intercept' | 'forward' | 'backward'>;
/** The drawn run of a fitted trendline, or none where the fit does not exist. */
const fittedCurve = (pts: XY[], t: CurveOptions): XY[] => {
  const fit = trendFit(pts, t);
  return fit ? trendCurve(fit, pts, t) : [];
};
const linearEnds = (pts: XY[], t: Omit<CurveOptions, 'kind'>): XY[] => fittedCurve(pts, { kind: 'linear', ...t });

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

  it('fits exponential, logarithmic, power and polynomial trendlines by least squares on the transformed data', () => {
    const xs = [1, 2, 3, 4, 5];
    const near = (curve: Array<{ x: number; y: number }>, f: (x: number) => number) => {
      expect(curve).toHaveLength(65);
      for (const p of curve) expect(p.y).toBeCloseTo(f(p.x), 9);
    };
    // Data exactly on each curve give that curve back.
    near(fittedCurve(xs.map((x) => ({ x, y: 2 * Math.exp(0.5 * x) })), { kind: 'exp' }), (x) => 2 * Math.exp(0.5 * x));
    near(fittedCurve(xs.map((x) => ({ x, y: 3 * Math.log(x) + 1 })), { kind: 'log' }), (x) => 3 * Math.log(x) + 1);
    near(fittedCurve(xs.map((x) => ({ x, y: 1.5 * x ** 1.7 })), { kind: 'power' }), (x) => 1.5 * x ** 1.7);
    near(fittedCurve(xs.map((x) => ({ x, y: x * x - 4 * x + 2 })), { kind: 'poly', order: 2 }), (x) => x * x - 4 * x + 2);
    // Ends: first x less c:backward to last x plus c:forward.
    const run = fittedCurve(xs.map((x) => ({ x, y: x * x })), { kind: 'poly', order: 2, forward: 2, backward: 0.5 });
    expect([run[0]!.x, run[run.length - 1]!.x]).toEqual([0.5, 7]);
    // Least squares over scattered points: y = 1 + 2x + 0.5x² fitted to noise-free plus symmetric noise.
    const noisy = [{ x: -2, y: 1 }, { x: -1, y: -0.5 }, { x: 0, y: 1.2 }, { x: 1, y: 3.5 }, { x: 2, y: 7 }];
    const c = polyFit(noisy, 2)!;
    // Normal equations by hand: Σx = 0, Σx² = 10, Σx⁴ = 34, Σy = 12.2, Σxy = 16, Σx²y = 35.
    expect(c[1]).toBeCloseTo(16 / 10, 12);
    expect(c[0]! * 10 + c[2]! * 34).toBeCloseTo(35, 12);
    expect(c[0]! * 5 + c[2]! * 10).toBeCloseTo(12.2, 12);
    // A fixed intercept is the exponential's value at 0 and the polynomial's constant.
    const e = fittedCurve(xs.map((x) => ({ x, y: 2 * Math.exp(0.5 * x) })), { kind: 'exp', intercept: 2, backward: 1 });
    expect(e[0]).toEqual({ x: 0, y: 2 });
    expect(polyFit(xs.map((x) => ({ x, y: x * x + 3 })), 2, 5)![0]).toBe(5);
  });

  it('leaves out fits whose logarithms do not exist (values or x at or below 0), as Excel refuses them', () => {
    expect(fittedCurve([{ x: 1, y: 1 }, { x: 2, y: 0 }], { kind: 'exp' })).toEqual([]);
    expect(fittedCurve([{ x: 0, y: 1 }, { x: 2, y: 3 }], { kind: 'log' })).toEqual([]);
    expect(fittedCurve([{ x: 1, y: -1 }, { x: 2, y: 3 }], { kind: 'power' })).toEqual([]);
    expect(fittedCurve([{ x: 1, y: 1 }, { x: 2, y: 3 }], { kind: 'poly', order: 3 })).toEqual([]);
    // An exponential through an intercept at or below 0 has no fit, for its line and its label alike.
    expect(trendFit([{ x: 1, y: 1 }, { x: 2, y: 3 }], { kind: 'exp', intercept: 0 })).toBeUndefined();
  });

  it('draws an exponential trendline of a line series as a curve through its points, and warns for one that cannot be fitted', () => {
    const values = [1, 2, 4, 8, 16];
    const chart: ChartModel = {
      axes: AXES,
      plots: [{
        type: 'line', grouping: 'standard', axisIds: ['1', '2'], series: [
          { name: 'S', categories: ['A', 'B', 'C', 'D', 'E'], values, color: 'FF0000', marker: false, trendlines: [{ kind: 'exp', line: { color: '00AA00', widthPt: 1 } }] },
          { name: 'T', categories: ['A', 'B', 'C', 'D', 'E'], values: [1, -1, 2, 3, 4], color: '0000FF', marker: false, trendlines: [{ kind: 'log' }, { kind: 'power' }] },
        ],
      }],
    };
    const { items, warnings } = drawTestChart(chart);
    const curve = items.find((i): i is PathItem => i.kind === 'path' && i.stroke === '00AA00')!;
    const series = items.find((i): i is PathItem => i.kind === 'path' && i.stroke === 'FF0000')!;
    expect(curve.commands).toHaveLength(65);
    expect(curve.dash).toBeUndefined();
    // y = 2^(x − 1) exactly: the curve passes through each of the series' points.
    for (const [k, c] of series.commands.entries()) {
      const at = curve.commands[16 * k]!;
      if (at.op === 'Z' || c.op === 'Z' || at.op === 'C' || c.op === 'C') throw new Error('not a polyline');
      expect(at.x).toBeCloseTo(c.x, 6);
      expect(at.y).toBeCloseTo(c.y, 6);
    }
    // The log fit of x = 1..5 exists; the power fit of a negative value does not.
    expect(items.filter((i) => i.kind === 'path' && i.stroke === '0000FF')).toHaveLength(2);
    expect(warnings.filter((w) => w.startsWith('layout/chart-trendline'))).toHaveLength(1);
  });
});

describe('trendline labels (c:dispEq, c:dispRSqr)', () => {
  it('writes the equation as Excel does, with R² of the fit on the data it was fitted to', () => {
    const line = trendFit([{ x: 1, y: 2 }, { x: 2, y: 4.5 }, { x: 3, y: 5.5 }], { kind: 'linear' })!;
    // Residuals −0.25, 0.5, −0.25 over a spread of 6.5 about the mean 4.
    expect(rSquared(line)).toBeCloseTo(1 - 0.375 / 6.5, 12);
    expect(labelLines(line, { kind: 'linear', showEquation: true, showRSquared: true })).toEqual([[{ text: 'y = 1.75x + 0.5' }], [{ text: 'R² = 0.9423' }]]);
    const xs = [1, 2, 3, 4];
    const exp = trendFit(xs.map((x) => ({ x, y: 2 * Math.exp(0.5 * x) })), { kind: 'exp' })!;
    expect(labelLines(exp, { kind: 'exp', showEquation: true, showRSquared: true })).toEqual([[{ text: 'y = 2e' }, { text: '0.5x', sup: true }], [{ text: 'R² = 1' }]]);
    const poly = trendFit(xs.map((x) => ({ x, y: x * x - 4 * x + 2 })), { kind: 'poly', order: 2 })!;
    expect(labelLines(poly, { kind: 'poly', showEquation: true })).toEqual([[{ text: 'y = x² - 4x + 2' }]]);
    const log = trendFit(xs.map((x) => ({ x, y: 3 * Math.log(x) - 1 })), { kind: 'log' })!;
    expect(labelLines(log, { kind: 'log', showEquation: true })).toEqual([[{ text: 'y = 3ln(x) - 1' }]]);
    const power = trendFit(xs.map((x) => ({ x, y: 1.5 * x ** 1.7 })), { kind: 'power' })!;
    expect(labelLines(power, { kind: 'power', showEquation: true, labelFormat: '0.00' })).toEqual([[{ text: 'y = 1.50x' }, { text: '1.70', sup: true }]]);
  });

  it('keeps General numbers within six characters', () => {
    expect([14.285714, 0.992271, 56789.2, 123456.7, -0.0245, 3].map((v) => labelNumber(v, undefined))).toEqual(['14.286', '0.9923', '56789', '123457', '-0.0245', '3']);
  });

  it('draws the label above the trendline\'s end', () => {
    const chart: ChartModel = {
      axes: AXES,
      plots: [{ type: 'column', grouping: 'clustered', axisIds: ['1', '2'], series: [{ name: 'S', categories: ['A', 'B', 'C'], values: [2, 4.5, 5.5], color: 'FF0000', trendlines: [{ kind: 'linear', showEquation: true, showRSquared: true }] }] }],
    };
    const { items } = drawTestChart(chart);
    const all = texts(items);
    expect(all).toContain('y = 1.75x + 0.5');
    expect(all).toContain('R² = 0.9423');
  });
});
