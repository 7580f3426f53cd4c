import { describe, expect, it } from 'vitest';
import type { ChartAxis, ChartModel, LayoutItem } from '../../model';
import { drawChartInto } from './draw-chart';
import { BOX, drawTestChart, fakeText, texts } from './test-util';
import type { ChartText } from './text';

const AXES: ChartAxis[] = [
  { kind: 'category', position: 'bottom', majorGridlines: false, deleted: false, id: '1', crossAxisId: '2' },
  { kind: 'value', position: 'left', majorGridlines: false, deleted: false, id: '2', crossAxisId: '1', min: 0, max: 10, majorUnit: 5 },
];
type Rect = Extract<LayoutItem, { kind: 'rect' }>;
type Line = Extract<LayoutItem, { kind: 'line' }>;
type Group = Extract<LayoutItem, { kind: 'group' }>;

const chart = (dataTable?: ChartModel['dataTable']): ChartModel => ({
  axes: AXES,
  ...(dataTable ? { dataTable } : {}),
  plots: [{
    type: 'column', grouping: 'clustered', axisIds: ['1', '2'], series: [
      { name: 'North', categories: ['Q1', 'Q2', 'Q3'], values: [1, 2.5, 3], color: 'FF0000' },
      { name: 'South', categories: ['Q1', 'Q2', 'Q3'], values: [4, null, 6], color: '00FF00' },
    ],
  }],
});

describe('data tables (c:dTable)', () => {
  it('draws the categories as a header row, a row per series with its key, name and values, and shrinks the plot to make room', () => {
    const plain = drawTestChart(chart()).items;
    const { items } = drawTestChart(chart({ horzBorder: true, vertBorder: true, outline: true, keys: true, line: { color: 'AA00AA' } }));
    const table = items.find((i): i is Group => i.kind === 'group' && i.clip !== undefined)!;
    expect(table.clip).toEqual(BOX);
    const cells = texts(table.items);
    expect(cells).toEqual(['Q1', 'Q2', 'Q3', 'North', '1', '2.5', '3', 'South', '4', '6']);
    // The categories are no longer tick labels under the axis.
    expect(texts(items.filter((i) => i !== table)).filter((t) => t.startsWith('Q'))).toEqual([]);
    // Keys in the series colours.
    expect(table.items.filter((i): i is Rect => i.kind === 'rect').map((r) => r.fill)).toEqual(['FF0000', '00FF00']);
    // Horizontal lines between the three rows, vertical ones between and before the three columns, and the outline.
    const lines = table.items.filter((i): i is Line => i.kind === 'line');
    expect(lines.filter((l) => l.y1 === l.y2)).toHaveLength(2);
    expect(lines.filter((l) => l.x1 === l.x2)).toHaveLength(3);
    expect(table.items.filter((i) => i.kind === 'path' && i.stroke === 'AA00AA')).toHaveLength(1);
    // The plot gives up the table's height: its bars are shorter, and the table's columns are its bands.
    const bar = (list: readonly LayoutItem[]) => list.find((i): i is Rect => i.kind === 'rect' && i.fill === '00FF00')!;
    expect(bar(items).h).toBeLessThan(bar(plain).h);
    const column = lines.filter((l) => l.x1 === l.x2).map((l) => l.x1).sort((a, b) => a - b);
    const band = column[1]! - column[0]!;
    const q1 = items.filter((i): i is Rect => i.kind === 'rect' && (i.fill === 'FF0000' || i.fill === '00FF00') && i.w < band);
    // Q1's two bars sit inside the first column.
    expect(q1[0]!.x).toBeGreaterThan(column[0]!);
    expect(q1[0]!.x + q1[0]!.w).toBeLessThan(column[1]!);
  });

  it('puts the category axis title under the table', () => {
    const titled: ChartModel = { ...chart({ horzBorder: true, vertBorder: false, outline: false, keys: false }), axes: [{ ...AXES[0]!, title: 'Quarter' }, AXES[1]!] };
    const { items } = drawTestChart(titled);
    const table = items.find((i): i is Group => i.kind === 'group' && i.clip !== undefined)!;
    const lowest = Math.max(...table.items.map((i) => (i.kind === 'glyphs' || i.kind === 'line' ? (i.kind === 'glyphs' ? i.y : i.y1) : 0)));
    const title = items.find((i) => i.kind === 'glyphs' && i.text === 'Quarter');
    if (title?.kind !== 'glyphs') throw new Error('no axis title');
    expect(title.y).toBeGreaterThan(lowest);
    expect(title.y).toBeLessThanOrEqual(BOX.y + BOX.h);
  });

  it('draws no lines it is not asked for', () => {
    const { items } = drawTestChart(chart({ horzBorder: false, vertBorder: false, outline: false, keys: false }));
    const table = items.find((i): i is Group => i.kind === 'group' && i.clip !== undefined)!;
    expect(table.items.filter((i) => i.kind !== 'glyphs')).toEqual([]);
  });

  it('shapes each series name once: the names column is measured and drawn from the same shaping', () => {
    const shaped: string[] = [];
    const counting: ChartText = { shape: (text, style) => (shaped.push(text), fakeText.shape(text, style)) };
    const items: LayoutItem[] = [];
    drawChartInto(chart({ horzBorder: false, vertBorder: false, outline: false, keys: true }), BOX, counting, items, () => {});
    expect(texts(items)).toContain('North');
    expect(shaped.filter((t) => t === 'North' || t === 'South')).toEqual(['North', 'South']);
  });
});
