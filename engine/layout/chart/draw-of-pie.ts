/**
 * Pie-of-pie and bar-of-pie charts (c:ofPieChart, §21.2.2.126): the points chosen by c:splitType
 * and c:splitPos (or c:custSplit) leave the first pie for a second pie or a stacked bar of
 * c:secondPieSize percent, standing c:gapWidth to its right; the first pie shows them as one "Other"
 * slice centred at 3 o'clock, joined to the second plot's top and bottom by the c:serLines. Slices of
 * both pies move out by their own c:dPt/c:explosion (else the series' c:explosion), as in plain pies.
 */
import type { ChartOfPie, ChartPlot, ChartSeries, Color } from '../../model';
import { DEFAULT_RULE, ruleLine, type ChartDraw, type Rect } from './context';
import { drawLabel, labelsOf, labelText } from './data-labels';
import { drawSlice, explosionOf, type Slice } from './draw-pie';
import { polar } from './math';

const MAX_POINTS = 10_000;
/** A second bar's width as a fraction of its height. */
const BAR_ASPECT = 0.4;

/** The indices of the points that go to the second plot. */
export function secondPlotPoints(values: ReadonlyArray<number | null>, o: ChartOfPie): Set<number> {
  const present: number[] = [];
  let total = 0;
  for (let i = 0; i < Math.min(values.length, MAX_POINTS); i++) {
    const v = values[i];
    if (v === null || v === undefined || !Number.isFinite(v) || v === 0) continue;
    present.push(i);
    total += Math.abs(v);
  }
  const pos = o.splitPos;
  switch (o.splitType) {
    case 'cust': {
      const chosen = new Set(o.custSplit ?? []);
      return new Set(present.filter((i) => chosen.has(i)));
    }
    case 'val':
      return new Set(pos === undefined ? [] : present.filter((i) => Math.abs(values[i]!) < pos));
    case 'percent':
      return new Set(pos === undefined ? [] : present.filter((i) => (Math.abs(values[i]!) / total) * 100 < pos));
    default: {
      // By position: the last splitPos points; automatically the last third of them.
      const auto = Math.max(1, Math.round(present.length / 3));
      const count = o.splitType === 'pos' && pos !== undefined ? Math.max(0, Math.min(present.length, Math.round(pos))) : auto;
      return new Set(present.slice(present.length - count));
    }
  }
}

/** Draws a pie-of-pie or bar-of-pie plot into the plot rectangle. */
export function drawOfPie(draw: ChartDraw, plot: ChartPlot, rect: Rect): void {
  const s = plot.series[0];
  const o = plot.ofPie;
  if (!s || !o) return;
  const second = secondPlotPoints(s.values, o);
  let total = 0;
  let otherSum = 0;
  for (let i = 0; i < Math.min(s.values.length, MAX_POINTS); i++) {
    const v = Math.abs(s.values[i] ?? 0);
    if (!Number.isFinite(v)) continue;
    total += v;
    if (second.has(i)) otherSum += v;
  }
  if (!(total > 0) || !Number.isFinite(total)) return;
  // The first pie shrinks so its most exploded slice (c:dPt/c:explosion over the series') stays in the plot area.
  const explode = mostExploded(s, (i) => !second.has(i));
  const size = o.secondSizePct / 100;
  const gap = (plot.gapWidthPct ?? 100) / 100;
  const secondPerRadius = o.kind === 'bar' ? 2 * size * BAR_ASPECT : 2 * size;
  // The first pie (with its explosion), the gap (gapWidth × the second plot's half height) and the second plot side by side.
  const perRadius = 2 * (1 + explode) + gap * size + secondPerRadius;
  const radius = Math.max(0, Math.min(rect.h / (2 * (1 + explode)), rect.w / perRadius));
  const left = rect.x + (rect.w - radius * perRadius) / 2;
  const cx = left + radius * (1 + explode);
  const cy = rect.y + rect.h / 2;
  const otherFrac = otherSum / total;
  const { series, slices } = firstPie(s, second, total, otherFrac, plot.ofPie?.otherColor);
  const n = Math.min(s.values.length, MAX_POINTS);
  // "Other" (index n) has no c:dPt of its own here: it moves by the series' explosion.
  for (const sl of slices) drawSlice(draw, plot, series, sl, cx, cy, 0, radius, (sl.index < n ? explosionOf(s, sl.index) : (s.explosionPct ?? 0) / 100) * radius);
  const x2 = cx + radius * (1 + explode) + gap * size * radius;
  const ends = o.kind === 'bar'
    ? drawSecondBar(draw, plot, s, second, otherSum, total, { x: x2, y: cy - size * radius, w: secondPerRadius * radius, h: 2 * size * radius })
    : drawSecondPie(draw, plot, s, second, total, x2 + size * radius, cy, size * radius);
  if (!o.serLines || second.size === 0) return;
  const shift = polar(0, 0, ((s.explosionPct ?? 0) / 100) * radius, 90);
  const top = polar(cx + shift.x, cy + shift.y, radius, 90 - otherFrac * 180);
  const bottom = polar(cx + shift.x, cy + shift.y, radius, 90 + otherFrac * 180);
  for (const [a, b] of [[top, ends.top], [bottom, ends.bottom]] as const) {
    const line = ruleLine(a.x, a.y, b.x, b.y, o.serLines, DEFAULT_RULE);
    if (line) draw.items.push(line);
  }
}

/** The largest explosion (fraction of the radius) of the series' points that `keep` picks, the series' own at least. */
function mostExploded(s: ChartSeries, keep: (index: number) => boolean): number {
  let most = s.explosionPct ?? 0;
  for (const [k, pct] of Object.entries(s.pointExplosionPct ?? {})) if (Number(k) < s.values.length && keep(Number(k))) most = Math.max(most, pct);
  return most / 100;
}

/** The first pie: the points that stay, then "Other" (index = point count) centred at 3 o'clock. */
function firstPie(s: ChartSeries, second: ReadonlySet<number>, total: number, otherFrac: number, otherColor: Color | undefined): { series: ChartSeries; slices: Slice[] } {
  const n = Math.min(s.values.length, MAX_POINTS);
  const slices: Slice[] = [];
  let at = 90 + otherFrac * 180;
  for (let i = 0; i < n; i++) {
    const v = s.values[i];
    if (v === null || v === undefined || !Number.isFinite(v) || v === 0 || second.has(i)) continue;
    const fraction = Math.abs(v) / total;
    slices.push({ index: i, fromDeg: at, toDeg: at + fraction * 360, value: v, fraction });
    at += fraction * 360;
  }
  if (otherFrac > 0) slices.push({ index: n, fromDeg: at, toDeg: at + otherFrac * 360, value: otherFrac * total, fraction: otherFrac });
  const colors = Array.from({ length: n }, (_c, i) => s.pointColors?.[i] ?? s.color);
  const series: ChartSeries = {
    ...s,
    values: [...s.values.slice(0, n), otherFrac * total],
    categories: [...Array.from({ length: n }, (_c, i) => s.categories[i] ?? String(i + 1)), 'Other'],
    pointColors: [...colors, otherColor ?? s.color],
  };
  return { series, slices };
}

type Ends = { top: { x: number; y: number }; bottom: { x: number; y: number } };

/** The second pie, its slices clockwise from 12 o'clock; returns where the connector lines end. */
function drawSecondPie(draw: ChartDraw, plot: ChartPlot, s: ChartSeries, second: ReadonlySet<number>, total: number, cx: number, cy: number, room: number): Ends {
  let secondSum = 0;
  for (const i of second) secondSum += Math.abs(s.values[i]!);
  // Its slices explode by their own c:dPt (or the series') within the room it has.
  const r = room / (1 + mostExploded(s, (i) => second.has(i)));
  let at = 0;
  for (const i of [...second].sort((a, b) => a - b)) {
    const v = s.values[i]!;
    const sweep = (Math.abs(v) / secondSum) * 360;
    drawSlice(draw, plot, s, { index: i, fromDeg: at, toDeg: at + sweep, value: v, fraction: Math.abs(v) / total }, cx, cy, 0, r, explosionOf(s, i) * r);
    at += sweep;
  }
  return { top: { x: cx, y: cy - r }, bottom: { x: cx, y: cy + r } };
}

/** The second plot as one stacked bar, its first point at the bottom; returns where the connector lines end. */
function drawSecondBar(draw: ChartDraw, plot: ChartPlot, s: ChartSeries, second: ReadonlySet<number>, secondSum: number, total: number, box: Rect): Ends {
  let bottom = box.y + box.h;
  for (const i of [...second].sort((a, b) => a - b)) {
    const v = s.values[i]!;
    const h = secondSum > 0 ? (Math.abs(v) / secondSum) * box.h : 0;
    const fill = s.noFill ? undefined : s.pointColors?.[i] ?? s.color;
    draw.items.push({ kind: 'rect', x: box.x, y: bottom - h, w: box.w, h, ...(fill ? { fill } : {}), stroke: s.lineColor ?? 'FFFFFF', lineWidth: s.lineWidthPt ?? 0.75 });
    const labels = labelsOf(plot, s);
    if (labels) drawLabel(draw, labels, labelText(labels, s, i, v, Math.abs(v) / total), box.x + box.w / 2, bottom - h / 2, 'center');
    bottom -= h;
  }
  return { top: { x: box.x, y: box.y }, bottom: { x: box.x, y: box.y + box.h } };
}
