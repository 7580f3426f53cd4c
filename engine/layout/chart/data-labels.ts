/**
 * Data labels (c:dLbls, §21.2.2.49): the series name, category, value and percentage a label shows,
 * joined the way Office joins them (", "), drawn as text centred at an anchor point.
 */
import type { ChartDataLabels, ChartPlot, ChartSeries } from '../../model';
import { textStyle, type ChartDraw } from './context';
import { formatChartNumber } from './format-number';

/** The labels a series shows: its own c:dLbls, else the plot's. */
export function labelsOf(plot: ChartPlot, series: ChartSeries): ChartDataLabels | undefined {
  return series.labels ?? plot.labels;
}

/** The text of one data label. `fraction` is the point's share of the total (pie charts). */
export function labelText(labels: ChartDataLabels, series: ChartSeries, index: number, value: number, fraction?: number): string {
  const parts: string[] = [];
  if (labels.showSeries) parts.push(series.name);
  if (labels.showCategory) parts.push(series.categories[index] ?? String(index + 1));
  if (labels.showValue) parts.push(formatChartNumber(value, labels.formatCode ?? series.formatCode));
  if (labels.showPercent && fraction !== undefined) parts.push(formatChartNumber(fraction, '0%'));
  return parts.join(', ');
}

/** Where a label sits relative to its anchor point. */
export type LabelAnchor = 'center' | 'above' | 'below' | 'left' | 'right';

/** Draws a label at an anchor point (its box centred there, or beside it). */
export function drawLabel(draw: ChartDraw, labels: ChartDataLabels, text: string, x: number, y: number, anchor: LabelAnchor): void {
  if (!text) return;
  const t = draw.text.shape(text, textStyle(draw.base, labels.style));
  const gap = 3;
  let left = x - t.width / 2;
  let mid = y;
  if (anchor === 'above') mid = y - gap - t.lineHeight / 2;
  else if (anchor === 'below') mid = y + gap + t.lineHeight / 2;
  else if (anchor === 'left') left = x - gap - t.width;
  else if (anchor === 'right') left = x + gap;
  draw.items.push(...t.place(left, mid + (t.ascent - t.descent) / 2));
}
