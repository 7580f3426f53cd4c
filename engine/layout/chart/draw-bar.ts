/**
 * Bar and column charts (c:barChart, §21.2.2.16): clustered bars side by side in each category band,
 * stacked and percent-stacked bars on top of each other, with c:gapWidth between clusters and
 * c:overlap between the bars of a cluster (bar width = band / (n − (n−1)·overlap + gap)).
 */
import { bandOf, clampedCoord, coordOf, type CategoryFrame, type ValueFrame } from './axes';
import type { ChartDraw, Rect } from './context';
import { drawLabel, labelsOf, labelText, type LabelAnchor } from './data-labels';
import type { PlotBinding } from './plane';
import { isStacked } from './series-data';
import { filledBox } from '../gradient';

/** Bar geometry along the category axis: each series' offset from the band centre and the bar width. */
export function barSlots(seriesCount: number, band: number, gapPct: number, overlapPct: number, stacked: boolean): { width: number; offsets: number[] } {
  const n = Math.max(1, seriesCount);
  const ov = stacked ? 1 : overlapPct / 100;
  const slots = stacked ? 1 : n - (n - 1) * ov;
  const width = band / Math.max(1e-6, slots + gapPct / 100);
  const cluster = width * slots;
  const offsets: number[] = [];
  for (let k = 0; k < n; k++) offsets.push(stacked ? -width / 2 : -cluster / 2 + k * width * (1 - ov));
  return { width, offsets };
}

/** Draws the bars of a bar or column plot. */
export function drawBars(draw: ChartDraw, b: PlotBinding, rect: Rect): void {
  const horizontal = b.plot.type === 'bar';
  const cat = (horizontal ? b.v : b.h) as CategoryFrame;
  const val = (horizontal ? b.h : b.v) as ValueFrame;
  const spans = b.spans;
  if (!spans || cat.kind !== 'category' || val.kind !== 'value') return;
  const stacked = isStacked(b.plot);
  const band = bandOf(cat, rect);
  const { width, offsets } = barSlots(b.plot.series.length, band, b.plot.gapWidthPct ?? 150, b.plot.overlapPct ?? 0, stacked);
  // Along the category axis, later series go the way the axis runs (up for vertical axes).
  const dir = (cat.vertical ? -1 : 1) * (cat.reversed ? -1 : 1);
  const limit = Math.min(cat.count, 100_000);
  b.plot.series.forEach((s, k) => {
    const row = spans.spans[k]!;
    for (let i = 0; i < limit; i++) {
      const span = row[i];
      if (!span) continue;
      const c = coordOf(cat, rect, i);
      const a0 = c + dir * offsets[k]!;
      const a1 = a0 + dir * width;
      const v0 = clampedCoord(val, rect, span.base);
      const v1 = clampedCoord(val, rect, span.top);
      const fill = s.noFill ? undefined : s.pointColors?.[i] ?? s.color;
      const r = horizontal
        ? { x: Math.min(v0, v1), y: Math.min(a0, a1), w: Math.abs(v1 - v0), h: Math.abs(a1 - a0) }
        : { x: Math.min(a0, a1), y: Math.min(v0, v1), w: Math.abs(a1 - a0), h: Math.abs(v1 - v0) };
      if (fill || s.lineColor) {
        // A gradient spans each bar's own box, as Office shades each data point.
        const gradient = s.pointColors?.[i] ? undefined : s.gradient;
        draw.items.push(filledBox(r, fill, gradient, s.lineColor && !s.noLine ? { color: s.lineColor, widthPt: s.lineWidthPt ?? 0.75 } : undefined));
      }
      const labels = labelsOf(b.plot, s);
      if (labels) {
        const text = labelText(labels, s, i, span.value);
        const mid = (a0 + a1) / 2;
        const inside = stacked || labels.position === 'ctr';
        const up = span.top >= span.base !== (val.reversed === true);
        const anchor: LabelAnchor = inside ? 'center' : horizontal ? (up ? 'right' : 'left') : up ? 'above' : 'below';
        const at = inside ? (v0 + v1) / 2 : v1;
        if (horizontal) drawLabel(draw, labels, text, at, mid, anchor);
        else drawLabel(draw, labels, text, mid, at, anchor);
      }
    }
  });
}
