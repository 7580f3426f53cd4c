import { describe, expect, it } from 'vitest';
import type { ChartAxis, ChartModel, ChartPlot, ChartSeries, LayoutItem, PathItem, RectItem } from '../../model';
import { barSlots } from './draw-bar';
import { slicesOf } from './draw-pie';
import { BOX, drawTestChart, texts } from './test-util';

const CATS = ['A', 'B', 'C', 'D'];

function series(name: string, values: Array<number | null>, color: string, extra: Partial<ChartSeries> = {}): ChartSeries {
  return { name, categories: CATS, values, color, ...extra };
}

const AXES: ChartAxis[] = [
  { kind: 'category', position: 'bottom', majorGridlines: false, deleted: false, id: '1', crossAxisId: '2' },
  { kind: 'value', position: 'left', majorGridlines: true, deleted: false, id: '2', crossAxisId: '1' },
];

function chart(plot: Partial<ChartPlot> & Pick<ChartPlot, 'type' | 'series'>, more: Partial<ChartModel> = {}): ChartModel {
  // No legend by default: its swatches would mix with the plot's rectangles.
  return { plots: [{ grouping: 'clustered', axisIds: ['1', '2'], ...plot }], axes: AXES, title: 'Sales', ...more };
}

const draw = drawTestChart;

const rectsOf = (items: LayoutItem[], fill: string) => items.filter((i): i is RectItem => i.kind === 'rect' && i.fill === fill);

describe('drawChartInto: bars and columns', () => {
  it('draws clustered columns with heights proportional to their values, side by side in each band', () => {
    const { items } = draw(chart({ type: 'column', series: [series('S1', [4.3, 2.5, 3.5, 4.5], 'FF0000'), series('S2', [2.4, 4.4, 1.8, 2.8], '00FF00')] }));
    const withLegend = draw(chart({ type: 'column', series: [series('S1', [4.3, 2.5, 3.5, 4.5], 'FF0000'), series('S2', [2.4, 4.4, 1.8, 2.8], '00FF00')] }, { legend: { position: 'bottom' } }));
    expect(texts(withLegend.items)).toEqual(expect.arrayContaining(['S1', 'S2']));
    expect(rectsOf(withLegend.items, 'FF0000')).toHaveLength(5);
    const red = rectsOf(items, 'FF0000');
    const green = rectsOf(items, '00FF00');
    expect(red).toHaveLength(4);
    expect(green).toHaveLength(4);
    const perUnit = red[0]!.h / 4.3;
    expect(red[1]!.h / 2.5).toBeCloseTo(perUnit, 6);
    expect(green[1]!.h / 4.4).toBeCloseTo(perUnit, 6);
    // Bars stand on the same baseline, the second series right of the first.
    expect(red[0]!.y + red[0]!.h).toBeCloseTo(green[0]!.y + green[0]!.h, 6);
    expect(green[0]!.x).toBeCloseTo(red[0]!.x + red[0]!.w, 6);
    // Categories left to right.
    expect(red[1]!.x).toBeGreaterThan(red[0]!.x);
    expect(texts(items)).toEqual(expect.arrayContaining(['Sales', 'A', 'D', '0', '5']));
  });

  it('labels a value axis in its display unit (c:dispUnits) and shows the unit\'s label turned up at the top of the axis', () => {
    const axes: ChartAxis[] = [AXES[0]!, { ...AXES[1]!, displayUnit: 1000, displayUnitLabel: 'Thousands' }];
    const { items } = draw(chart({ type: 'column', series: [series('S1', [12000, 25000, 8000, 19000], 'FF0000')] }, { axes }));
    const numbers = texts(items).filter((t) => /^\d+$/.test(t));
    expect(numbers).toEqual(['0', '5', '10', '15', '20', '25', '30']);
    const turned = items.find((i) => i.kind === 'group' && texts(i.items).includes('Thousands'));
    expect(turned?.kind).toBe('group');
  });

  it('keeps tick labels and the axis title inside the chart when a manual inner plot leaves them too little room', () => {
    const axes: ChartAxis[] = [AXES[0]!, { ...AXES[1]!, title: 'Axis Title' }];
    const s = [series('S1', [4, 2e10, 3, 5.6e10], 'FF0000')];
    // The inner plot starts 8.64 pt from the chart's left edge; "60000000000" alone is 55 pt wide.
    const { items } = draw(chart({ type: 'column', series: s }, { axes, plotLayout: { x: 0.02, y: 0.1, w: 0.9, h: 0.7, inner: true } }));
    const runs = items.filter((i) => i.kind === 'glyphs');
    expect(runs.map((r) => r.text)).toContain('60000000000');
    for (const r of runs) expect(r.x).toBeGreaterThanOrEqual(BOX.x);
    const turned = items.find((i) => i.kind === 'group' && texts(i.items).includes('Axis Title'));
    expect(turned?.kind).toBe('group');
    if (turned?.kind !== 'group') return;
    const [, , , , e, f] = turned.transform!;
    // The title turns about (px, py), e = px − py and f = px + py; its ascent (8 pt) lies left of px.
    expect((e + f) / 2 - 8).toBeGreaterThanOrEqual(BOX.x);
    // The bars moved right with the plot, clear of the labels.
    expect(Math.min(...rectsOf(items, 'FF0000').map((r) => r.x))).toBeGreaterThan(BOX.x + 55);
  });

  it('keeps the plot below a manually placed title near the top unless it overlays (c:overlay)', () => {
    const s = [series('S1', [4, 2, 3, 4], 'FF0000')];
    const topOfBars = (more: Partial<ChartModel>) => {
      const { items } = draw(chart({ type: 'column', series: s }, { titleLayout: { x: 0.4, y: 0.03 }, ...more }));
      const title = items.find((i) => i.kind === 'glyphs' && i.text === 'Sales')!;
      return { bars: Math.min(...rectsOf(items, 'FF0000').map((r) => r.y)), titleBase: title.kind === 'glyphs' ? title.y : 0 };
    };
    const kept = topOfBars({ titleOverlay: false });
    const over = topOfBars({ titleOverlay: true });
    const unsaid = topOfBars({});
    // The plot starts below the title's line when the title takes room, and higher up when it overlays.
    expect(kept.bars).toBeGreaterThan(kept.titleBase);
    expect(over.bars).toBeLessThan(kept.bars - 10);
    expect(unsaid.bars).toBeCloseTo(over.bars, 6);
    // Placed in the lower half, a non-overlaying title takes no room from the top.
    const low = draw(chart({ type: 'column', series: s }, { titleLayout: { x: 0.4, y: 0.6 }, titleOverlay: false }));
    expect(Math.min(...rectsOf(low.items, 'FF0000').map((r) => r.y))).toBeCloseTo(over.bars, 6);
  });

  it('uses gap width and overlap for the bar width (150 % gap: two bars fill 2/3.5 of a band)', () => {
    const { width, offsets } = barSlots(2, 100, 150, 0, false);
    expect(width).toBeCloseTo(100 / 3.5, 9);
    expect(offsets[1]! - offsets[0]!).toBeCloseTo(width, 9);
    const overlapped = barSlots(2, 100, 100, 50, false);
    expect(overlapped.offsets[1]! - overlapped.offsets[0]!).toBeCloseTo(overlapped.width / 2, 9);
    expect(barSlots(3, 90, 50, 0, true).offsets).toEqual([-30, -30, -30]);
  });

  it('stacks horizontal bars end to end, their total proportional to the category sum', () => {
    const s = [series('S1', [1, 2, 3, 4], 'FF0000'), series('S2', [4, 3, 2, 1], '00FF00')];
    const { items } = draw(chart({ type: 'bar', grouping: 'stacked', series: s }, { axes: [{ ...AXES[0]!, position: 'left' }, { ...AXES[1]!, position: 'bottom' }] }));
    const red = rectsOf(items, 'FF0000');
    const green = rectsOf(items, '00FF00');
    for (let i = 0; i < 4; i++) {
      expect(green[i]!.x).toBeCloseTo(red[i]!.x + red[i]!.w, 6);
      expect(green[i]!.y).toBeCloseTo(red[i]!.y, 6);
      expect((red[i]!.w + green[i]!.w) / 5).toBeCloseTo((red[0]!.w + green[0]!.w) / 5, 6);
    }
    // The first category is at the bottom (Office's bar charts run bottom-up).
    expect(red[0]!.y).toBeGreaterThan(red[3]!.y);
  });

  it('makes percent-stacked columns reach 100 % of the axis', () => {
    const s = [series('S1', [1, 20, 3, 0.5], 'FF0000'), series('S2', [3, 5, 30, 0.5], '00FF00')];
    const { items } = draw(chart({ type: 'column', grouping: 'percentStacked', series: s }));
    const red = rectsOf(items, 'FF0000');
    const green = rectsOf(items, '00FF00');
    const tops = green.map((g) => g.y);
    for (const t of tops) expect(t).toBeCloseTo(tops[0]!, 6);
    for (let i = 0; i < 4; i++) expect(red[i]!.h + green[i]!.h).toBeCloseTo(red[0]!.h + green[0]!.h, 6);
    expect(texts(items)).toContain('100%');
  });

  it("ends a percent-stacked axis at the axis's own c:max, or else at 100 %", () => {
    const s = [series('S1', [1, 2, 3, 4], 'FF0000'), series('S2', [3, 2, 1, 0], '00FF00')];
    const capped = draw(chart({ type: 'column', grouping: 'percentStacked', series: s }, { axes: [AXES[0]!, { ...AXES[1]!, max: 0.5 }] })).items;
    expect(texts(capped)).toContain('50%');
    expect(texts(capped)).not.toContain('100%');
  });

  it('draws data labels with the value when asked', () => {
    const labels = { showValue: true, showPercent: false, showCategory: false, showSeries: false };
    const { items } = draw(chart({ type: 'column', series: [series('S1', [1.25, 2, 3, 4], 'FF0000', { labels, dataLabels: true })] }));
    expect(texts(items)).toEqual(expect.arrayContaining(['1.25', '2', '3', '4']));
  });
});

describe('drawChartInto: lines, areas and scatter', () => {
  it('draws one path per line series through every point, with markers', () => {
    const s = [series('S1', [1, 3, 2, 4], 'FF0000', { marker: true, markerSymbol: 'circle' })];
    const { items } = draw(chart({ type: 'line', grouping: 'standard', series: s }));
    const line = items.find((i) => i.kind === 'path' && i.stroke === 'FF0000' && !i.fill) as PathItem;
    expect(line.commands.map((c) => c.op)).toEqual(['M', 'L', 'L', 'L']);
    const ys = line.commands.map((c) => (c.op === 'Z' ? 0 : c.y));
    expect(ys[1]).toBeLessThan(ys[0]!);
    expect(items.filter((i) => i.kind === 'path' && i.fill === 'FF0000')).toHaveLength(4);
  });

  it('leaves gaps open in lines, or plots them as zero or spans them (c:dispBlanksAs)', () => {
    const s = [series('S1', [1, 2, null, 4, 5], 'FF0000')];
    const lines = (c: ChartModel) => draw(c).items.filter((i): i is PathItem => i.kind === 'path' && i.stroke === 'FF0000');
    expect(lines(chart({ type: 'line', grouping: 'standard', series: s }))).toHaveLength(2);
    const zero = lines(chart({ type: 'line', grouping: 'standard', series: s }, { blanksAs: 'zero' }));
    expect(zero.map((l) => l.commands.length)).toEqual([5]);
    const span = lines(chart({ type: 'line', grouping: 'standard', series: s }, { blanksAs: 'span' }));
    expect(span.map((l) => l.commands.length)).toEqual([4]);
  });

  it('fills areas down to the axis, stacked areas on the series below', () => {
    const s = [series('S1', [1, 2, 3, 4], 'FF0000'), series('S2', [1, 1, 1, 1], '00FF00')];
    const { items } = draw(chart({ type: 'area', grouping: 'stacked', series: s }));
    const areas = items.filter((i) => i.kind === 'path' && (i.fill === 'FF0000' || i.fill === '00FF00'));
    expect(areas).toHaveLength(2);
  });

  it('places scatter points by their x values', () => {
    const axes: ChartAxis[] = [
      { kind: 'value', position: 'bottom', majorGridlines: false, deleted: false, id: '1' },
      { kind: 'value', position: 'left', majorGridlines: true, deleted: false, id: '2' },
    ];
    const s = series('Y', [1, 2, 3], 'FF0000', { xValues: [1, 2, 4], noLine: true, marker: true, markerSymbol: 'square' });
    const { items } = draw(chart({ type: 'scatter', grouping: 'standard', series: [s] }, { axes }));
    const marks = rectsOf(items, 'FF0000');
    expect(marks).toHaveLength(3);
    const dx1 = marks[1]!.x - marks[0]!.x;
    const dx2 = marks[2]!.x - marks[1]!.x;
    expect(dx2 / dx1).toBeCloseTo(2, 6);
  });

  it('fits seven value intervals of 10 pt labels on a 135 pt axis: 0..12 by 2 for values up to 9.7, not 0..15 by 5', () => {
    const s = [series('S1', [9.1, 2.4, 3.1, 4.3], 'FF0000'), series('S2', [3.2, 8.8, 1.5, 9], '00FF00'), series('S3', [4.5, 9.7, 3.7, 6.2], '0000FF')];
    const { items } = draw(chart({ type: 'column', series: s }, { title: undefined, plotLayout: { x: 0.1, y: 0.1, w: 0.8, h: 135 / 252, inner: true } }));
    const labels = texts(items).filter((t) => /^\d+$/.test(t));
    expect(labels).toEqual(['0', '2', '4', '6', '8', '10', '12']);
  });

  it('spaces a short horizontal value axis by its labels\' width: "0".."3" on 60 pt, not 0, 2, 4', () => {
    const axes: ChartAxis[] = [
      { kind: 'value', position: 'bottom', majorGridlines: false, deleted: false, id: '1' },
      { kind: 'value', position: 'left', majorGridlines: true, deleted: false, id: '2', min: 100 },
    ];
    const s = series('Y', [100, 300, 500], 'FF0000', { xValues: [0.5, 1.8, 2.6], noLine: true, marker: true, markerSymbol: 'square' });
    // An inner plot 60 pt wide (0.14 of the 432 pt box): the single-character labels each need 5 pt and a 4 pt gap
    // (half units, 0 0.5 1 …, would need 19 pt a label, more than the 10 pt they would get).
    const { items } = draw(chart({ type: 'scatter', grouping: 'standard', series: [s] }, { axes, title: undefined, plotLayout: { x: 0.3, y: 0.1, w: 60 / 432, h: 0.7, inner: true } }));
    const xLabels = texts(items).filter((t) => t.length === 1);
    expect(xLabels).toEqual(['0', '1', '2', '3']);
  });
});

describe('drawChartInto: pie and doughnut', () => {
  it('splits 360° by value share, starting at 12 o\'clock plus the first slice angle', () => {
    const { slices } = slicesOf([1, 2, null, 1], 90);
    expect(slices.map((s) => s.toDeg - s.fromDeg)).toEqual([90, 180, 90]);
    expect(slices[0]!.fromDeg).toBe(90);
    expect(slices[slices.length - 1]!.toDeg).toBeCloseTo(450, 9);
    expect(slices.reduce((a, s) => a + s.fraction, 0)).toBeCloseTo(1, 12);
  });

  it('draws one slice per point with legend entries per category', () => {
    const s = series('S1', [4.3, 2.5, 3.5, 4.5], '4472C4', { pointColors: ['111111', '222222', '333333', '444444'] });
    const { items } = draw({ plots: [{ type: 'pie', grouping: 'standard', varyColors: true, series: [s] }], axes: [], legend: { position: 'right' } });
    for (const c of ['111111', '222222', '333333', '444444']) expect(items.some((i) => i.kind === 'path' && i.fill === c)).toBe(true);
    expect(texts(items)).toEqual(expect.arrayContaining(CATS));
  });

  it('draws negative pie values by their size with a warning', () => {
    const { warnings, items } = draw({ plots: [{ type: 'pie', grouping: 'standard', series: [series('S1', [-1, 1], 'FF0000')] }], axes: [] });
    expect(warnings.some((w) => w.startsWith('layout/chart-negative-pie'))).toBe(true);
    expect(items.filter((i) => i.kind === 'path' && i.fill === 'FF0000')).toHaveLength(2);
  });

  it('draws doughnut rings around a hole', () => {
    const a = series('S1', [1, 1], 'FF0000');
    const b = series('S2', [1, 3], '00FF00');
    const { items } = draw({ plots: [{ type: 'doughnut', grouping: 'standard', holeSizePct: 50, series: [a, b] }], axes: [] });
    const rings = items.filter((i) => i.kind === 'path' && (i.fill === 'FF0000' || i.fill === '00FF00'));
    expect(rings).toHaveLength(4);
    for (const r of rings) expect((r as PathItem).commands.filter((c) => c.op === 'C').length).toBeGreaterThan(1);
  });
});

describe('drawChartInto: hostile and unsupported charts', () => {
  it('survives empty series, all gaps, NaN and huge values', () => {
    for (const values of [[], [null, null], [Number.NaN, 1, Number.POSITIVE_INFINITY], [1e308, 1e308, -1e308]]) {
      for (const type of ['column', 'line', 'area', 'pie', 'scatter'] as const) {
        const { items } = draw(chart({ type, series: [series('S', values as number[], 'FF0000')] }));
        for (const i of items) if (i.kind === 'rect') for (const v of [i.x, i.y, i.w, i.h]) expect(Number.isFinite(v)).toBe(true);
      }
    }
  });

  it('caps a million points with a warning, quickly', () => {
    const values = Array.from({ length: 1_000_000 }, (_v, i) => i % 97);
    const started = performance.now();
    const { warnings, items } = draw(chart({ type: 'line', grouping: 'standard', series: [series('S', values, 'FF0000'), series('T', values, '00FF00')] }));
    expect(performance.now() - started).toBeLessThan(5000);
    expect(warnings.some((w) => w.startsWith('layout/chart-clamped'))).toBe(true);
    expect(items.length).toBeLessThan(10_000);
  });

  it('warns when an axis has min > max and still draws', () => {
    const axes: ChartAxis[] = [AXES[0]!, { ...AXES[1]!, min: 10, max: 2 }];
    const { warnings, items } = draw(chart({ type: 'column', series: [series('S', [1, 2, 3, 4], 'FF0000')] }, { axes }));
    expect(warnings.some((w) => w.startsWith('layout/chart-axis-range'))).toBe(true);
    expect(items.length).toBeGreaterThan(3);
  });

  it('names unsupported kinds in its warning', () => {
    const surface = draw(chart({ type: 'unsupported', grouping: 'standard', source: 'c:surfaceChart', series: [series('S', [1, 2], 'FF0000')] }));
    expect(surface.warnings.some((w) => w.includes('c:surfaceChart'))).toBe(true);
    expect(surface.items.some((i) => i.kind === 'rect' && i.stroke)).toBe(true);
  });
});

describe('drawChartInto: axes', () => {
  it('turns category labels 45° when they are wider than their band', () => {
    const long = ['A very long category name', 'Another very long category', 'A third long one', 'And a fourth long label'];
    const s = series('S', [1, 2, 3, 4], 'FF0000', { categories: [...long, ...long, ...long] });
    const wide = draw(chart({ type: 'column', series: [{ ...s, values: new Array(12).fill(1) }] }));
    const turned = wide.items.filter((i) => i.kind === 'group' && i.transform);
    expect(turned.length).toBeGreaterThan(0);
    expect(texts(turned)).toEqual(expect.arrayContaining([long[0]]));
    const narrow = draw(chart({ type: 'column', series: [series('S', [1, 2, 3, 4], 'FF0000')] }));
    expect(narrow.items.some((i) => i.kind === 'group')).toBe(false);
  });

  it('draws outside tick marks away from the plot and none when asked', () => {
    const axes: ChartAxis[] = [{ ...AXES[0]!, majorTickMark: 'none' }, { ...AXES[1]!, majorTickMark: 'out', majorGridlines: false }];
    const { items } = draw(chart({ type: 'column', series: [series('S', [1, 2, 3, 4], 'FF0000')] }, { axes }));
    const lines = items.filter((i) => i.kind === 'line');
    const axis = lines.find((l) => l.x1 === l.x2 && l.y2 - l.y1 > 50)!;
    const ticks = lines.filter((l) => l.y1 === l.y2 && Math.max(l.x1, l.x2) <= axis.x1 + 1e-9);
    expect(ticks.length).toBeGreaterThan(2);
    for (const t of ticks) expect(Math.min(t.x1, t.x2)).toBeCloseTo(axis.x1 - 4, 6);
    // No vertical tick marks on the category axis.
    expect(lines.filter((l) => l.x1 === l.x2 && l.y2 - l.y1 < 10)).toHaveLength(0);
  });

  it('lists stacked series bottom-up in a side legend, as they are stacked', () => {
    const s = [series('First', [1, 2, 3, 4], 'FF0000'), series('Second', [1, 2, 3, 4], '00FF00')];
    const { items } = draw(chart({ type: 'column', grouping: 'stacked', series: s }, { legend: { position: 'right' } }));
    const names = texts(items).filter((t) => t === 'First' || t === 'Second');
    expect(names).toEqual(['Second', 'First']);
  });
});

describe('drawChartInto: legend', () => {
  it('wraps long side-legend entries within half the chart width', () => {
    const name = 'A remarkably long series name that cannot fit beside the plot on one line';
    const { items } = draw(chart({ type: 'column', series: [series(name, [1, 2, 3, 4], 'FF0000')] }, { legend: { position: 'right' } }));
    const lines = items.filter((i) => i.kind === 'glyphs' && name.includes(i.text) && i.text.length > 3);
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) if (l.kind === 'glyphs') expect(l.x + l.text.length * 5).toBeLessThanOrEqual(BOX.x + BOX.w + 1e-6);
  });
});

describe('drawChartInto: combination charts', () => {
  it('draws a line on a secondary value axis with its labels on the right', () => {
    const axes: ChartAxis[] = [
      ...AXES,
      { kind: 'category', position: 'bottom', majorGridlines: false, deleted: true, id: '3', crossAxisId: '4' },
      { kind: 'value', position: 'right', majorGridlines: false, deleted: false, id: '4', crossAxisId: '3', crosses: 'max' },
    ];
    const c: ChartModel = {
      plots: [
        { type: 'column', grouping: 'clustered', axisIds: ['1', '2'], series: [series('Units', [1, 2, 3, 4], 'FF0000')] },
        { type: 'line', grouping: 'standard', axisIds: ['3', '4'], series: [series('Revenue', [1000, 3000, 2000, 4600], '0000FF')] },
      ],
      axes,
    };
    const { items } = draw(c);
    const bars = rectsOf(items, 'FF0000');
    const right = Math.max(...bars.map((b) => b.x + b.w));
    const labels = items.filter((i) => i.kind === 'glyphs' && /^\d+$/.test(i.text) && Number(i.text) >= 1000);
    expect(labels.length).toBeGreaterThan(1);
    for (const l of labels) if (l.kind === 'glyphs') expect(l.x).toBeGreaterThan(right);
    const line = items.find((i) => i.kind === 'path' && i.stroke === '0000FF') as PathItem;
    const ys = line.commands.map((cmd) => (cmd.op === 'Z' ? 0 : cmd.y));
    // Each plot has its own scale: the line's 4600 of 5000 stands above the bars' 4 of 5.
    expect(Math.min(...ys)).toBeLessThan(Math.min(...bars.map((b) => b.y)));
  });
});

