/**
 * Error bars (c:errBars, ECMA-376 Part 1 §21.2.2.55) of 2-D bar, column, line, area and scatter
 * series, with the amounts Office documents ("Equations for calculating error amounts"): a fixed
 * value, a percentage of each value, c:val sample standard deviations of the series (the bars then
 * stand on the series' mean, not on each point, as Excel draws them), the standard error
 * √(Σy² / (n(n − 1))), or custom c:plus/c:minus amounts. Bars run from the point's value (a stacked
 * point's top; a bar's centre across its band) along the value axis, or along x for a scatter
 * series' x bars, with a cross cap at each end unless c:noEndCap, cut to the plot.
 */
import type { ChartErrorBars, ChartSeries, LayoutItem } from '../../model';
import { bandOf, clampedCoord, coordOf, type AxisFrame, type ValueFrame } from './axes';
import { ruleLine, type ChartDraw, type Rect } from './context';
import { barSlots } from './draw-bar';
import { scatterPoints } from './draw-line';
import type { PlotBinding } from './plane';
import { isStacked } from './series-data';

const MAX_POINTS = 100_000;
/** Half the length of an end cap, in points. */
const CAP_HALF = 2.5;

/** A point to hang error bars on: its page position, value (or x) and the value it is centred on. */
interface Anchor {
  readonly x: number;
  readonly y: number;
  readonly i: number;
  /** The point's own value on the bars' axis (its y, or its x for x bars). */
  readonly value: number;
  /** Where the bars are centred, in axis units (a stacked top, or the mean for stdDev). */
  readonly center: number;
}

/** Draws the error bars of every series of a plot. */
export function drawErrorBars(draw: ChartDraw, b: PlotBinding, rect: Rect): void {
  b.plot.series.forEach((s, k) => {
    for (const bars of s.errorBars ?? []) {
      const frame = bars.direction === 'x' ? b.h : b.plot.type === 'bar' ? b.h : b.v;
      if (frame.kind !== 'value') continue;
      const anchors = anchorsOf(b, s, k, rect, bars.direction);
      const values = anchors.map((a) => a.value);
      const mean = values.reduce((acc, v) => acc + v, 0) / Math.max(1, values.length);
      // The series' own amount (fixed, standard deviation or error) once, not again for every point.
      const series = seriesAmount(bars, values);
      for (const a of anchors) {
        const center = bars.valueType === 'stdDev' ? a.center - a.value + mean : a.center;
        const { plus, minus } = errorAmounts(bars, values, a.i, a.value, series);
        drawOne(draw.items, bars, frame, rect, a, center, plus, minus);
      }
    }
  });
}

/**
 * The plus and minus amounts of point `i` (value `v`) among the series' `values`: Office's
 * equations, the standard deviation with n − 1 (a sample's), the standard error over the values
 * themselves, as Office's documentation writes it.
 */
export function errorAmounts(bars: ChartErrorBars, values: readonly number[], i: number, v: number, series = seriesAmount(bars, values)): { plus: number; minus: number } {
  if (bars.valueType === 'cust') return { plus: custom(bars.plus, i), minus: custom(bars.minus, i) };
  const amount = bars.valueType === 'percentage' ? (Math.abs(v) * bars.value) / 100 : series;
  return { plus: amount, minus: amount };
}

/** The amount every point of the series shares: fixed, standard deviation or standard error (0 for the others). */
function seriesAmount(bars: ChartErrorBars, values: readonly number[]): number {
  const n = values.length;
  switch (bars.valueType) {
    case 'fixedVal':
      return bars.value;
    case 'stdDev': {
      const mean = values.reduce((a, x) => a + x, 0) / Math.max(1, n);
      const ss = values.reduce((a, x) => a + (x - mean) * (x - mean), 0);
      return n > 1 ? bars.value * Math.sqrt(ss / (n - 1)) : 0;
    }
    case 'stdErr': {
      const sq = values.reduce((a, x) => a + x * x, 0);
      return n > 1 ? Math.sqrt(sq / (n * (n - 1))) : 0;
    }
    default:
      return 0;
  }
}

/** A custom amount of point `i`: its own, or the one value given for all points; absent reads 0. */
function custom(list: ReadonlyArray<number | null> | undefined, i: number): number {
  const v = list?.length === 1 ? list[0] : list?.[i];
  return v !== null && v !== undefined && Number.isFinite(v) ? Math.abs(v) : 0;
}

function drawOne(items: LayoutItem[], bars: ChartErrorBars, frame: ValueFrame, rect: Rect, a: Anchor, center: number, plus: number, minus: number): void {
  const along = frame.vertical;
  const at = (v: number) => clampedCoord(frame, rect, v);
  const lo = Math.min(frame.scale.min, frame.scale.max);
  const hi = Math.max(frame.scale.min, frame.scale.max);
  const c = at(center);
  const ends: Array<{ v: number; coord: number }> = [];
  if (bars.barType !== 'minus') ends.push({ v: center + plus, coord: at(center + plus) });
  if (bars.barType !== 'plus') ends.push({ v: center - minus, coord: at(center - minus) });
  const line = bars.line;
  for (const end of ends) {
    if (end.coord === c) continue;
    const bar = along ? ruleLine(a.x, c, a.x, end.coord, line, '000000') : ruleLine(c, a.y, end.coord, a.y, line, '000000');
    if (bar) items.push(bar);
    // A bar cut by the plot's edge has no cap there.
    if (bars.noEndCap || end.v < lo || end.v > hi) continue;
    const cap = along ? ruleLine(a.x - CAP_HALF, end.coord, a.x + CAP_HALF, end.coord, line, '000000') : ruleLine(end.coord, a.y - CAP_HALF, end.coord, a.y + CAP_HALF, line, '000000');
    if (cap) items.push(cap);
  }
}

/** The points of series `k` with the page position and the value their bars hang from. */
function anchorsOf(b: PlotBinding, s: ChartSeries, k: number, rect: Rect, direction: 'x' | 'y'): Anchor[] {
  const out: Anchor[] = [];
  if (b.plot.type === 'scatter') {
    // Placed as the scatter plot draws them; x bars hang from the point's x (its index + 1 without x values).
    const hasX = (s.xValues?.length ?? 0) > 0;
    for (const p of scatterPoints(s, b.h, b.v, rect)) {
      if (!p) continue;
      const value = direction === 'x' ? (hasX ? s.xValues![p.i]! : p.i + 1) : p.value;
      out.push({ x: p.x, y: p.y, i: p.i, value, center: value });
    }
    return out;
  }
  const horizontal = b.plot.type === 'bar';
  const cat = horizontal ? b.v : b.h;
  const val = (horizontal ? b.h : b.v) as ValueFrame;
  const row = b.spans?.spans[k];
  if (!row || cat.kind !== 'category' || val.kind !== 'value') return out;
  const offset = barCentre(b, cat, rect, k);
  for (let i = 0; i < Math.min(row.length, MAX_POINTS); i++) {
    const span = row[i];
    if (!span) continue;
    const along = coordOf(cat, rect, i) + offset;
    const across = clampedCoord(val, rect, span.top);
    // Percent-stacked points stand at fractions: their amounts are taken on the fraction too.
    const value = span.top - span.base;
    out.push({ x: horizontal ? across : along, y: horizontal ? along : across, i, value, center: span.top });
  }
  return out;
}

/** How far a bar's centre lies from its category's centre (0 for lines and areas). */
function barCentre(b: PlotBinding, cat: AxisFrame, rect: Rect, k: number): number {
  if ((b.plot.type !== 'bar' && b.plot.type !== 'column') || cat.kind !== 'category') return 0;
  const stacked = isStacked(b.plot);
  const { width, offsets } = barSlots(b.plot.series.length, bandOf(cat, rect), b.plot.gapWidthPct ?? 150, b.plot.overlapPct ?? 0, stacked);
  const dir = (cat.vertical ? -1 : 1) * (cat.reversed ? -1 : 1);
  return dir * (offsets[k]! + width / 2);
}
