import { describe, expect, it } from 'vitest';
import type { ChartAxis, ChartLineDecor, ChartModel, ChartOfPie, ChartPlot, ChartSeries, GlyphRun, LayoutItem, LineItem, PathCommand, PathItem, RectItem } from '../../model';
import { shade } from './draw-3d';
import { secondPlotPoints } from './draw-of-pie';
import { drawTestChart, texts } from './test-util';

const CATS = ['A', 'B', 'C', 'D'];
const AXES: ChartAxis[] = [
  { kind: 'category', position: 'bottom', majorGridlines: true, deleted: false, id: '1', crossAxisId: '2' },
  { kind: 'value', position: 'left', majorGridlines: true, deleted: false, id: '2', crossAxisId: '1' },
];

function series(name: string, values: Array<number | null>, color: string, extra: Partial<ChartSeries> = {}): ChartSeries {
  return { name, categories: CATS, values, color, ...extra };
}

function chart(plot: Partial<ChartPlot> & Pick<ChartPlot, 'type' | 'series'>, axes: ChartAxis[] = AXES): ChartModel {
  return { plots: [{ grouping: 'standard', axisIds: ['1', '2'], ...plot }], axes };
}

const paths = (items: LayoutItem[], pick: (p: PathItem) => boolean) => items.filter((i): i is PathItem => i.kind === 'path' && pick(i));
type XY = { x: number; y: number };
const points = (commands: readonly PathCommand[]): XY[] => commands.flatMap((c) => (c.op === 'Z' ? [] : [{ x: c.x, y: c.y }]));
const unsupported = (warnings: string[]) => warnings.filter((w) => w.startsWith('layout/chart-unsupported'));

describe('radar charts', () => {
  const values = [1, 2, 3, 4];

  it('draws each series as a closed polygon with its vertices on the spokes at their values', () => {
    const { items, warnings } = drawTestChart(chart({ type: 'radar', radarStyle: 'marker', source: 'c:radarChart', series: [series('S', values, 'FF0000', { marker: true })] }));
    expect(unsupported(warnings)).toEqual([]);
    const [outline] = paths(items, (p) => p.stroke === 'FF0000');
    expect(outline!.commands.map((c) => c.op)).toEqual(['M', 'L', 'L', 'L', 'Z']);
    const [a, b, c, d] = points(outline!.commands) as [XY, XY, XY, XY];
    // Four spokes: 12, 3, 6 and 9 o'clock; the centre is where they cross.
    const cx = a.x;
    const cy = b.y;
    expect(c.x).toBeCloseTo(cx, 6);
    expect(d.y).toBeCloseTo(cy, 6);
    const dist = [cy - a.y, b.x - cx, c.y - cy, cx - d.x];
    for (let i = 1; i < 4; i++) expect(dist[i]! / dist[0]!).toBeCloseTo(values[i]! / values[0]!, 6);
    // Value rings (0–6 by 2: three rings) as closed polygons through the spokes, and the axis labels.
    const rings = paths(items, (p) => p.stroke === '868686' && p.commands.at(-1)?.op === 'Z');
    expect(rings).toHaveLength(3);
    const outer = points(rings[2]!.commands);
    expect(outer[0]!.x).toBeCloseTo(cx, 6);
    expect((cy - outer[0]!.y) / dist[0]!).toBeCloseTo(6 / 1, 6);
    expect(texts(items)).toEqual(expect.arrayContaining(['0', '2', '4', '6', 'A', 'B', 'C', 'D']));
    // Markers (radarStyle marker, automatic symbol) at the four vertices.
    expect(paths(items, (p) => p.fill === 'FF0000')).toHaveLength(4);
  });

  it('fills the polygons of a filled radar and draws no markers', () => {
    const { items } = drawTestChart(chart({ type: 'radar', radarStyle: 'filled', series: [series('S', values, 'FF0000', { marker: true })] }));
    const filled = paths(items, (p) => p.fill === 'FF0000');
    expect(filled).toHaveLength(1);
    expect(filled[0]!.commands.at(-1)!.op).toBe('Z');
    expect(points(filled[0]!.commands)).toHaveLength(4);
  });
});

describe('bubble charts', () => {
  const axes: ChartAxis[] = [
    { kind: 'value', position: 'bottom', majorGridlines: false, deleted: false, id: '1' },
    { kind: 'value', position: 'left', majorGridlines: false, deleted: false, id: '2' },
  ];
  const radii = (c: ChartModel) =>
    paths(drawTestChart(c).items, (p) => p.fill === 'FF0000').map((p) => {
      const ys = points(p.commands).map((q) => q.y);
      return (Math.max(...ys) - Math.min(...ys)) / 2;
    });
  const bubbles = (sizeRepresents: 'area' | 'w', scalePct = 100) =>
    chart({ type: 'scatter', source: 'c:bubbleChart', bubbles: { scalePct, sizeRepresents, showNegative: false }, series: [series('B', [1, 2, 3], 'FF0000', { xValues: [1, 2, 3], bubbleSizes: [1, 4, 9] })] }, axes);

  it('sizes bubbles by area (radius ∝ √size) or by width (radius ∝ size), scaled by c:bubbleScale', () => {
    const area = radii(bubbles('area'));
    expect(area).toHaveLength(3);
    expect(area[1]! / area[0]!).toBeCloseTo(2, 6);
    expect(area[2]! / area[0]!).toBeCloseTo(3, 6);
    const width = radii(bubbles('w'));
    expect(width[1]! / width[0]!).toBeCloseTo(4, 6);
    expect(width[2]! / width[0]!).toBeCloseTo(9, 6);
    const half = radii(bubbles('area', 50));
    expect(half[2]! / area[2]!).toBeCloseTo(0.5, 6);
    expect(unsupported(drawTestChart(bubbles('area')).warnings)).toEqual([]);
  });

  it('widens both axes so the largest bubbles stay inside the plot', () => {
    const xs = [2, 4, 6, 8, 10];
    const c = chart({ type: 'scatter', source: 'c:bubbleChart', bubbles: { scalePct: 200, sizeRepresents: 'area', showNegative: false }, series: [series('B', xs, 'FF0000', { xValues: xs, bubbleSizes: [9, 1, 1, 1, 9] })] }, axes);
    const { items } = drawTestChart(c);
    const lines = items.filter((i): i is LineItem => i.kind === 'line');
    const across = lines.filter((l) => l.y1 === l.y2);
    const upright = lines.filter((l) => l.x1 === l.x2);
    const plot = { left: Math.min(...across.map((l) => Math.min(l.x1, l.x2))), right: Math.max(...across.map((l) => Math.max(l.x1, l.x2))), top: Math.min(...upright.map((l) => Math.min(l.y1, l.y2))), bottom: Math.max(...upright.map((l) => Math.max(l.y1, l.y2))) };
    const discs = paths(items, (p) => p.fill === 'FF0000').map((p) => points(p.commands));
    expect(discs).toHaveLength(5);
    for (const pts of discs) {
      expect(Math.min(...pts.map((q) => q.x))).toBeGreaterThanOrEqual(plot.left - 1e-6);
      expect(Math.max(...pts.map((q) => q.x))).toBeLessThanOrEqual(plot.right + 1e-6);
      expect(Math.min(...pts.map((q) => q.y))).toBeGreaterThanOrEqual(plot.top - 1e-6);
      expect(Math.max(...pts.map((q) => q.y))).toBeLessThanOrEqual(plot.bottom + 1e-6);
    }
  });
});

describe('radar category labels', () => {
  it('stays bounded for 10,000 categories: 1,000 spokes drawn, each with its label, and a warning', () => {
    const n = 10_000;
    const cats = Array.from({ length: n }, (_v, i) => `Cat${i}`);
    const s: ChartSeries = { name: 'S', categories: cats, values: cats.map((_c, i) => i % 7), color: 'FF0000' };
    const started = performance.now();
    const { items, warnings } = drawTestChart(chart({ type: 'radar', radarStyle: 'standard', series: [s] }));
    expect(performance.now() - started).toBeLessThan(5000);
    expect(warnings).toContain('layout/chart-clamped: A radar chart has 10000 categories; the first 1000 are drawn.');
    const labels = items.filter((i): i is GlyphRun => i.kind === 'glyphs' && i.text.startsWith('Cat'));
    expect(labels.map((l) => l.text)).toEqual(cats.slice(0, 1000));
  });

  it('keeps every label when they fit', () => {
    const s: ChartSeries = { name: 'S', categories: ['A', 'B', 'C', 'D', 'E', 'F'], values: [1, 2, 3, 4, 5, 6], color: 'FF0000' };
    const { items } = drawTestChart(chart({ type: 'radar', radarStyle: 'standard', series: [s] }));
    expect(texts(items).filter((t) => /^[A-F]$/.test(t))).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
  });
});

describe('pie-of-pie and bar-of-pie charts', () => {
  const values = [30, 20, 15, 5, 4, 3];
  const split = (o: Partial<ChartOfPie>) => [...secondPlotPoints(values, { kind: 'bar', splitType: 'auto', secondSizePct: 75, ...o })].sort();

  it('splits points by position (automatically the last third), value, percentage or a custom list', () => {
    expect(split({})).toEqual([4, 5]);
    expect(split({ splitType: 'pos', splitPos: 3 })).toEqual([3, 4, 5]);
    expect(split({ splitType: 'val', splitPos: 5 })).toEqual([4, 5]);
    expect(split({ splitType: 'percent', splitPos: 10 })).toEqual([3, 4, 5]);
    expect(split({ splitType: 'cust', custSplit: [0, 2, 99] })).toEqual([0, 2]);
  });

  it('draws the "Other" slice facing the stacked bar, the bar split by value, and the connector lines', () => {
    const colors = ['111111', '222222', '333333', '444444', '555555', '666666'];
    const s: ChartSeries = { name: 'P', categories: ['a', 'b', 'c', 'd', 'e', 'f'], values, color: '4472C4', pointColors: colors };
    const ofPie: ChartOfPie = { kind: 'bar', splitType: 'pos', splitPos: 2, secondSizePct: 75, serLines: {}, otherColor: '999999' };
    const { items, warnings } = drawTestChart({ plots: [{ type: 'pie', grouping: 'standard', varyColors: true, source: 'c:ofPieChart', ofPie, series: [s] }], axes: [] });
    expect(unsupported(warnings)).toEqual([]);
    const other = paths(items, (p) => p.fill === '999999')[0]!;
    const pts = points(other.commands);
    const start = pts[0]!;
    const end = pts[pts.length - 2]!;
    const centre = pts[pts.length - 1]!;
    // Symmetric about the horizontal through the centre: its middle is at 3 o'clock.
    expect(start.x).toBeCloseTo(end.x, 6);
    expect((start.y + end.y) / 2).toBeCloseTo(centre.y, 6);
    expect(start.x).toBeGreaterThan(centre.x);
    const bars = items.filter((i): i is RectItem => i.kind === 'rect' && (i.fill === '555555' || i.fill === '666666'));
    expect(bars).toHaveLength(2);
    const [e, f] = bars as [RectItem, RectItem];
    expect(e.h / f.h).toBeCloseTo(4 / 3, 6);
    expect(e.y).toBeCloseTo(f.y + f.h, 6);
    // Only the points left in the pie are slices there.
    expect(paths(items, (p) => p.fill === '555555')).toHaveLength(0);
    const lines = items.filter((i): i is LineItem => i.kind === 'line');
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => [l.x2, l.y2])).toEqual([[f.x, f.y], [e.x, e.y + e.h]]);
    expect(Math.min(lines[0]!.x1, lines[1]!.x1)).toBeGreaterThan(centre.x);
  });
  it('explodes each slice of both pies by its own c:dPt/c:explosion, and shrinks each pie to keep it inside', () => {
    const colors = ['111111', '222222', '333333', '444444', '555555', '666666'];
    const s: ChartSeries = { name: 'P', categories: ['a', 'b', 'c', 'd', 'e', 'f'], values, color: '4472C4', pointColors: colors, pointExplosionPct: { 1: 50, 5: 40 } };
    const ofPie: ChartOfPie = { kind: 'pie', splitType: 'pos', splitPos: 2, secondSizePct: 75 };
    const { items } = drawTestChart({ plots: [{ type: 'pie', grouping: 'standard', varyColors: true, source: 'c:ofPieChart', ofPie, series: [s] }], axes: [] });
    // A slice's path ends at its (moved) centre; its start lies on its circle.
    const slice = (fill: string) => {
      const pts = points(paths(items, (p) => p.fill === fill)[0]!.commands);
      const centre = pts[pts.length - 1]!;
      return { centre, r: Math.hypot(pts[0]!.x - centre.x, pts[0]!.y - centre.y) };
    };
    const [a, b, e, f] = [slice('111111'), slice('222222'), slice('555555'), slice('666666')];
    expect(Math.hypot(b.centre.x - a.centre.x, b.centre.y - a.centre.y) / a.r).toBeCloseTo(0.5, 6);
    expect(Math.hypot(f.centre.x - e.centre.x, f.centre.y - e.centre.y) / e.r).toBeCloseTo(0.4, 6);
    // The second pie gets 75 % of the first's radius as room, its slices' 40 % out within it.
    expect(e.r / a.r).toBeCloseTo(0.75 / 1.4, 6);
  });
});

describe('3-D bar and area charts', () => {
  const view3D = { rotXDeg: 15, rotYDeg: 20, depthPct: 100, rightAngleAxes: true };

  it('gives each column a darker side face and a lighter top face receding up and right per c:view3D', () => {
    const values = [1, 2, 3, 4];
    const { items, warnings } = drawTestChart(chart({ type: 'column', grouping: 'clustered', view3D, source: 'c:bar3DChart', series: [series('S', values, 'FF0000')] }));
    expect(unsupported(warnings)).toEqual([]);
    const fronts = items.filter((i): i is RectItem => i.kind === 'rect' && i.fill === 'FF0000');
    expect(fronts).toHaveLength(4);
    for (let i = 1; i < 4; i++) expect(fronts[i]!.h / fronts[0]!.h).toBeCloseTo(values[i]!, 6);
    const sides = paths(items, (p) => p.fill === shade('FF0000', 0.7));
    const tops = paths(items, (p) => p.fill === shade('FF0000', 1.25));
    expect(sides).toHaveLength(4);
    expect(tops).toHaveLength(4);
    const [p0, p1, p2, p3] = points(sides[0]!.commands) as [XY, XY, XY, XY];
    const front = fronts[0]!;
    expect(p0).toEqual({ x: front.x + front.w, y: front.y });
    expect(p1.y - p0.y).toBeCloseTo(front.h, 6);
    const dx = p3.x - p0.x;
    const dy = p3.y - p0.y;
    expect(dx).toBeGreaterThan(0);
    expect(p2.x - p1.x).toBeCloseTo(dx, 6);
    // Up by sin rotX for right by sin rotY.
    expect(-dy / dx).toBeCloseTo(0.25881904510252074 / 0.3420201433256687, 6);
    const fromLeft = drawTestChart(chart({ type: 'column', grouping: 'clustered', view3D: { ...view3D, rotYDeg: 300 }, source: 'c:bar3DChart', series: [series('S', values, 'FF0000')] }));
    expect(unsupported(fromLeft.warnings)).toEqual([expect.stringContaining('rotY 300°) is drawn as seen from above and to the right')]);
    // The back wall stands up and to the right of the plot.
    expect(items.some((i) => i.kind === 'rect' && i.stroke === 'D9D9D9' && !i.fill)).toBe(true);
  });

  it('draws 3-D areas as slabs: lighter tops along each segment, a darker end face, the front on top', () => {
    const s = [series('S1', [1, 2, 3, 4], 'FF0000'), series('S2', [1, 1, 1, 1], '00FF00')];
    const { items } = drawTestChart(chart({ type: 'area', grouping: 'stacked', view3D, source: 'c:area3DChart', series: s }));
    expect(paths(items, (p) => p.fill === shade('FF0000', 1.25))).toHaveLength(3);
    expect(paths(items, (p) => p.fill === shade('FF0000', 0.7))).toHaveLength(1);
    const order = items.flatMap((i, k) => (i.kind === 'path' && (i.fill === 'FF0000' || i.fill === '00FF00') ? [[i.fill, k] as const] : []));
    expect(order.map(([f]) => f)).toEqual(['FF0000', '00FF00']);
  });

  it('puts each series of a standard-grouped 3-D column plot in its own row, the back row first', () => {
    const s = [series('S1', [1, 2, 3, 4], 'FF0000'), series('S2', [4, 3, 2, 1], '00FF00')];
    const { items } = drawTestChart(chart({ type: 'column', grouping: 'standard', view3D, source: 'c:bar3DChart', series: s }));
    const red = items.filter((i): i is RectItem => i.kind === 'rect' && i.fill === 'FF0000');
    const green = items.filter((i): i is RectItem => i.kind === 'rect' && i.fill === '00FF00');
    expect(red).toHaveLength(4);
    expect(green).toHaveLength(4);
    expect(items.indexOf(green[0]!)).toBeLessThan(items.indexOf(red[0]!));
    // Same width and band, the back row further right and up by one row's depth.
    expect(green[0]!.w).toBeCloseTo(red[0]!.w, 6);
    const dx = green[0]!.x - red[0]!.x;
    const dy = green[0]!.y + green[0]!.h - (red[0]!.y + red[0]!.h);
    expect(dx).toBeGreaterThan(0);
    expect(-dy / dx).toBeCloseTo(0.25881904510252074 / 0.3420201433256687, 6);
    expect(dx).toBeLessThan(red[0]!.w * 2);
  });

  it('draws 3-D lines as ribbons, one row per series, the back row first and further up and right', () => {
    const s = [series('S1', [1, 2, 3, 4], 'FF0000'), series('S2', [4, 3, 2, 1], '00FF00')];
    const { items, warnings } = drawTestChart(chart({ type: 'line', view3D, source: 'c:line3DChart', series: s }));
    expect(unsupported(warnings)).toEqual([]);
    const red = paths(items, (p) => p.fill === 'FF0000');
    const green = paths(items, (p) => p.fill === '00FF00');
    expect(red).toHaveLength(3);
    expect(green).toHaveLength(3);
    expect(items.indexOf(green[0]!)).toBeLessThan(items.indexOf(red[0]!));
    const [r0, r1, r2, r3] = points(red[0]!.commands) as [XY, XY, XY, XY];
    // A ribbon segment: front edge from point 1 to point 2, its back edge offset up and right.
    expect(r3.x - r0.x).toBeCloseTo(r2.x - r1.x, 6);
    expect(r3.x - r0.x).toBeGreaterThan(0);
    expect(r3.y - r0.y).toBeLessThan(0);
    // The second series' row starts where the first one's ends, deeper in.
    const g0 = points(green[0]!.commands)[0]!;
    expect(g0.x - r0.x).toBeGreaterThan(r3.x - r0.x);
  });

  it('tilts a 3-D pie to an ellipse of sin rotX and shows the outer wall on the near half only', () => {
    const colors = ['111111', '222222', '333333', '444444'];
    const s: ChartSeries = { name: 'P', categories: CATS, values: [1, 1, 1, 1], color: '4472C4', pointColors: colors };
    const pie3D = { rotXDeg: 30, rotYDeg: 0, depthPct: 100, rightAngleAxes: false };
    const { items, warnings } = drawTestChart({ plots: [{ type: 'pie', grouping: 'standard', varyColors: true, source: 'c:pie3DChart', view3D: pie3D, series: [s] }], axes: [] });
    expect(unsupported(warnings)).toEqual([]);
    const tops = paths(items, (p) => colors.includes(p.fill ?? ''));
    expect(tops).toHaveLength(4);
    const all = tops.flatMap((p) => points(p.commands));
    const w = Math.max(...all.map((p) => p.x)) - Math.min(...all.map((p) => p.x));
    const h = Math.max(...all.map((p) => p.y)) - Math.min(...all.map((p) => p.y));
    expect(h / w).toBeCloseTo(0.5, 6);
    // Slices 2 and 3 (3 to 6 and 6 to 9 o'clock) face the viewer: only they have a wall.
    const walls = colors.map((c) => paths(items, (p) => p.fill === shade(c, 0.7)).length);
    expect(walls).toEqual([0, 1, 1, 0]);
    // c:rotY turns the pie: by 90° the first slice faces the viewer (3 to 6 o'clock) and the last one no longer does.
    const turned = drawTestChart({ plots: [{ type: 'pie', grouping: 'standard', varyColors: true, view3D: { ...pie3D, rotYDeg: 90 }, series: [s] }], axes: [] });
    expect(colors.map((c) => paths(turned.items, (p) => p.fill === shade(c, 0.7)).length)).toEqual([1, 1, 0, 0]);
  });

  it('shades colours towards black or white', () => {
    expect(shade('FF8000', 0.5)).toBe('804000');
    expect(shade('000000', 1.5)).toBe('808080');
    expect(shade('bogus', 1)).toBe('808080');
  });
});

describe('stock charts', () => {
  const noLine = { noLine: true, marker: false };
  const ohlc = (lineDecor: ChartLineDecor, marks: Partial<ChartSeries> = noLine) =>
    chart({
      type: 'line', source: 'c:stockChart', stock: true, lineDecor,
      series: [series('Open', [4, 6, 5, 5], 'AA0000', marks), series('High', [8, 9, 7, 6], 'BB0000', noLine), series('Low', [2, 3, 1, 1], 'CC0000', noLine), series('Close', [6, 4, 6, 3], 'DD0000', marks)],
    });
  const bars = { gapWidthPct: 100, up: { fill: '00FF00' }, down: { fill: '0000FF' } };

  it('draws high-low lines and up/down bars, no connecting lines, and no warning', () => {
    const { items, warnings } = drawTestChart(ohlc({ hiLowLines: { color: '123456' }, upDownBars: bars }));
    expect(unsupported(warnings)).toEqual([]);
    expect(paths(items, (p) => p.stroke !== undefined && /^[A-D]{2}0000$/.test(p.stroke))).toEqual([]);
    const hiLow = items.filter((i): i is LineItem => i.kind === 'line' && i.color === '123456');
    expect(hiLow).toHaveLength(4);
    const rects = items.filter((i): i is RectItem => i.kind === 'rect' && (i.fill === '00FF00' || i.fill === '0000FF'));
    // Close above open in categories A and C (up bars), below in B and D (down bars).
    expect(rects.map((r) => r.fill)).toEqual(['00FF00', '0000FF', '00FF00', '0000FF']);
    const [a, b] = hiLow as [LineItem, LineItem];
    const band = b.x1 - a.x1;
    // Each bar is centred on its category, band / (1 + gap) wide, and spans open to close.
    const unit = (a.y2 - a.y1) / (8 - 2);
    rects.forEach((r, i) => {
      expect(r.x + r.w / 2).toBeCloseTo(hiLow[i]!.x1, 6);
      expect(r.w).toBeCloseTo(band / 2, 6);
      expect(r.stroke).toBe('000000');
    });
    expect(rects[0]!.h).toBeCloseTo(2 * unit, 6);
    expect(rects[0]!.y).toBeCloseTo(a.y1 + (8 - 6) * unit, 6);
  });

  it('draws only explicit markers: none for automatic or absent ones, a short bar for Excel\'s close "dot"', () => {
    const automatic = drawTestChart(ohlc({ hiLowLines: {} }, { noLine: true, marker: true }));
    const hiLow = automatic.items.filter((i): i is LineItem => i.kind === 'line' && i.color === '000000');
    expect(hiLow).toHaveLength(4);
    const inks = (i: LayoutItem) => (i.kind === 'line' ? i.color : i.kind === 'rect' || i.kind === 'path' ? i.fill : undefined);
    expect(automatic.items.filter((i) => inks(i) === 'AA0000' || inks(i) === 'DD0000')).toEqual([]);
    const dots = drawTestChart(ohlc({ hiLowLines: {} }, { noLine: true, marker: true, markerSymbol: 'dot', markerSizePt: 6 }));
    const bars = dots.items.filter((i): i is RectItem => i.kind === 'rect' && i.fill === 'DD0000');
    expect(bars).toHaveLength(4);
    const line = dots.items.filter((i): i is LineItem => i.kind === 'line' && i.color === '000000')[0]!;
    // Centred on the close, across the high-low line: 6 pt wide, 2 pt tall.
    expect([bars[0]!.w, bars[0]!.h]).toEqual([6, 2]);
    expect(bars[0]!.x + 3).toBeCloseTo(line.x1, 6);
  });
});

describe('stock chart legends', () => {
  it('leaves the key of a series with neither line nor marker blank (it showed a filled square)', () => {
    const marks = { noLine: true, marker: false };
    const stock = chart({
      type: 'line', source: 'c:stockChart', stock: true, lineDecor: { hiLowLines: {} },
      series: [series('High', [8, 9, 7, 6], 'BB0000', marks), series('Low', [2, 3, 1, 1], 'CC0000', marks), series('Close', [6, 4, 6, 3], 'DD0000', { noLine: true, marker: true, markerSymbol: 'square' })],
    });
    const { items } = drawTestChart({ ...stock, legend: { position: 'right' } });
    expect(texts(items)).toEqual(expect.arrayContaining(['High', 'Low', 'Close']));
    const inks = (color: string) => items.filter((i) => (i.kind === 'rect' || i.kind === 'path' ? i.fill : i.kind === 'line' ? i.color : undefined) === color);
    expect(inks('BB0000')).toEqual([]);
    expect(inks('CC0000')).toEqual([]);
    // The close series' explicit marker is its key.
    expect(inks('DD0000').length).toBeGreaterThan(0);
  });
});

describe('exploded slices', () => {
  const quarters = (type: 'pie' | 'doughnut', extra: Partial<ChartSeries>, plot: Partial<ChartPlot> = {}) =>
    chart({ type, ...plot, series: [series('P', [1, 1, 1, 1], 'FF0000', { pointColors: ['110000', '220000', '330000', '440000'], ...extra })] });
  const slice = (items: LayoutItem[], color: string) => paths(items, (p) => p.fill === color)[0]!;
  /** A quarter slice's centre (its L back to the centre) and radius (from its first point). */
  const geometry = (p: PathItem) => {
    const pts = points(p.commands);
    const centre = pts[pts.length - 1]!;
    return { centre, r: Math.hypot(pts[0]!.x - centre.x, pts[0]!.y - centre.y) };
  };

  it('moves a c:dPt-exploded pie slice out along its bisector and shrinks the pie to fit', () => {
    const plain = geometry(slice(drawTestChart(quarters('pie', {})).items, '220000'));
    const { items } = drawTestChart(quarters('pie', { explosionPct: 10, pointExplosionPct: { 1: 30, 2: 0 } }));
    const still = geometry(slice(items, '330000'));
    const moved = geometry(slice(items, '220000'));
    const series = geometry(slice(items, '110000'));
    expect(moved.r).toBeCloseTo(plain.r / 1.3, 6);
    expect(still.centre.x).toBeCloseTo(plain.centre.x, 6);
    expect(still.centre.y).toBeCloseTo(plain.centre.y, 6);
    // Slice 2 spans 3 to 6 o'clock: its bisector points down and to the right.
    expect(moved.centre.x - still.centre.x).toBeCloseTo(0.3 * moved.r * Math.SQRT1_2, 6);
    expect(moved.centre.y - still.centre.y).toBeCloseTo(0.3 * moved.r * Math.SQRT1_2, 6);
    // Slice 1 takes the series' 10 %, up and to the right.
    expect(series.centre.x - still.centre.x).toBeCloseTo(0.1 * moved.r * Math.SQRT1_2, 6);
    expect(series.centre.y - still.centre.y).toBeCloseTo(-0.1 * moved.r * Math.SQRT1_2, 6);
  });

  it('explodes doughnut segments and 3-D pie slices by their points too', () => {
    const ring = drawTestChart(quarters('doughnut', { pointExplosionPct: { 1: 50 } }, { holeSizePct: 50 })).items;
    const outerOf = (p: PathItem) => Math.max(...points(p.commands).map((q) => q.x));
    const a = slice(ring, '110000');
    const b = slice(ring, '220000');
    const bottom = Math.max(...points(slice(ring, '330000').commands).map((q) => q.y));
    const plainRing = drawTestChart(quarters('doughnut', {}, { holeSizePct: 50 })).items;
    const plainBottom = Math.max(...points(slice(plainRing, '330000').commands).map((q) => q.y));
    // Shrunk by 1.5; the exploded segment reaches further right than the one above it.
    expect(outerOf(b)).toBeGreaterThan(outerOf(a) + 1);
    expect(bottom).toBeLessThan(plainBottom - 1);
    const pie3d = (e: Partial<ChartSeries>) => drawTestChart(quarters('pie', e, { view3D: { rotXDeg: 30, rotYDeg: 0, depthPct: 100, rightAngleAxes: false } })).items;
    const flat = slice(pie3d({}), '220000');
    const out = slice(pie3d({ pointExplosionPct: { 1: 40 } }), '220000');
    const rightOf = (p: PathItem) => Math.max(...points(p.commands).map((q) => q.x));
    const leftOf = (p: PathItem) => Math.min(...points(p.commands).map((q) => q.x));
    expect(leftOf(out)).toBeGreaterThan(leftOf(flat) - 1e-6);
    expect(rightOf(out) - leftOf(out)).toBeLessThan(rightOf(flat) - leftOf(flat));
    expect(leftOf(slice(pie3d({ pointExplosionPct: { 1: 40 } }), '440000'))).toBeGreaterThan(leftOf(slice(pie3d({}), '440000')));
  });
});

describe('hostile data in the new kinds', () => {
  it('survives empty series, gaps, NaN and huge values and sizes with finite geometry', () => {
    const view3D = { rotXDeg: 90, rotYDeg: 359, depthPct: 2000, rightAngleAxes: true };
    const ofPie: ChartOfPie = { kind: 'pie', splitType: 'cust', custSplit: [0, 1, 2, 3], secondSizePct: 200, serLines: {} };
    const bubbles = { scalePct: 300, sizeRepresents: 'area' as const, showNegative: true };
    for (const values of [[], [null, null], [Number.NaN, 1, Number.POSITIVE_INFINITY], [1e308, 1e308, -1e308]]) {
      const s = series('S', values as number[], 'FF0000', { xValues: values as number[], bubbleSizes: values as number[] });
      const plots: Array<Partial<ChartPlot> & Pick<ChartPlot, 'type' | 'series'>> = [
        { type: 'radar', radarStyle: 'filled', series: [s] },
        { type: 'scatter', bubbles, series: [s] },
        { type: 'pie', ofPie, series: [s] },
        { type: 'column', view3D, series: [s] },
        { type: 'area', view3D, series: [s] },
        { type: 'line', view3D, series: [s, s] },
        { type: 'pie', view3D, series: [s] },
      ];
      for (const plot of plots) {
        for (const i of drawTestChart(chart(plot)).items) {
          const nums = i.kind === 'rect' ? [i.x, i.y, i.w, i.h] : i.kind === 'path' ? points(i.commands).flatMap((p) => [p.x, p.y]) : i.kind === 'line' ? [i.x1, i.y1, i.x2, i.y2] : [];
          for (const v of nums) expect(Number.isFinite(v)).toBe(true);
        }
      }
    }
  });
});

describe('line chart legends', () => {
  it('keys a series with automatic markers by the symbol its points are drawn with, not a circle', () => {
    const marks = { marker: true };
    const { items } = drawTestChart({ ...chart({ type: 'line', series: [series('S1', [1, 2, 3, 4], 'AA0000', marks), series('S2', [2, 3, 4, 5], 'BB0000', marks)] }), legend: { position: 'right' } });
    // Series 1: diamonds (a closed four-point path) at its 4 points and as its key; no curved path.
    const first = paths(items, (p) => p.fill === 'AA0000');
    expect(first).toHaveLength(5);
    for (const p of first) expect(p.commands.map((c) => c.op)).toEqual(['M', 'L', 'L', 'L', 'Z']);
    // Series 2: squares at its 4 points and as its key.
    expect(items.filter((i) => i.kind === 'rect' && i.fill === 'BB0000')).toHaveLength(5);
    expect(paths(items, (p) => p.fill === 'BB0000')).toEqual([]);
  });
});
