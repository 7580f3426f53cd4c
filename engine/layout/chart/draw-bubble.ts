/**
 * Bubble charts (c:bubbleChart, §21.2.2.20): scatter points drawn as discs whose size follows
 * c:bubbleSize. The largest size over the plot gets Office's default diameter (a quarter of the
 * plot's shorter side) times c:bubbleScale; others scale by area (radius ∝ √size) or by width
 * (radius ∝ size) per c:sizeRepresents. Negative sizes show as outlines only with c:showNegBubbles.
 */
import type { ChartBubbles, ChartSeries } from '../../model';
import type { ChartDraw, Rect } from './context';
import { drawLabel, labelsOf, labelText } from './data-labels';
import { scatterPoints } from './draw-line';
import { arcCommands } from './math';
import type { PlotBinding } from './plane';

/** Office's largest bubble: this fraction of the plot's shorter side, as a diameter, at 100 % scale. */
export const MAX_DIAMETER = 0.25;

/** The radius of a bubble of `size` when the plot's largest size is `maxSize` and its largest radius `maxRadius`. */
export function bubbleRadius(size: number, maxSize: number, maxRadius: number, represents: ChartBubbles['sizeRepresents']): number {
  if (!(maxSize > 0) || !Number.isFinite(size)) return 0;
  const f = Math.min(1, Math.abs(size) / maxSize);
  return maxRadius * (represents === 'w' ? f : Math.sqrt(f));
}

/** Draws the bubbles of a bubble plot. */
export function drawBubbles(draw: ChartDraw, b: PlotBinding, rect: Rect): void {
  const options = b.plot.bubbles!;
  let maxSize = 0;
  for (const s of b.plot.series) for (const v of s.bubbleSizes ?? []) if (v !== null && Number.isFinite(v)) maxSize = Math.max(maxSize, Math.abs(v));
  const maxRadius = (Math.min(rect.w, rect.h) * MAX_DIAMETER * options.scalePct) / 100 / 2;
  for (const s of b.plot.series) {
    const pts = scatterPoints(s, b.h, b.v, rect);
    pts.forEach((p, i) => {
      const size = s.bubbleSizes?.[i] ?? null;
      if (!p || size === null || size === 0 || (size < 0 && !options.showNegative)) return;
      const r = bubbleRadius(size, maxSize, maxRadius, options.sizeRepresents);
      if (r <= 0) return;
      const commands = [{ op: 'M' as const, x: p.x, y: p.y - r }, ...arcCommands(p.x, p.y, r, 0, 360), { op: 'Z' as const }];
      const fill = size < 0 || s.noFill ? undefined : bubbleColor(s, i);
      const stroke = size < 0 ? bubbleColor(s, i) : s.noLine ? undefined : s.lineColor;
      draw.items.push({ kind: 'path', commands, ...(fill ? { fill } : {}), ...(stroke ? { stroke, lineWidth: s.lineWidthPt ?? 0.75 } : {}) });
    });
    const labels = labelsOf(b.plot, s);
    if (labels) for (const p of pts) if (p) drawLabel(draw, labels, labelText(labels, s, p.i, p.value), p.x, p.y, 'center');
  }
}

function bubbleColor(s: ChartSeries, i: number): string {
  return s.pointColors?.[i] ?? s.color ?? '4472C4';
}
