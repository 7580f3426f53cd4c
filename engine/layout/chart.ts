/**
 * Charts drawn from their cached data. Until the chart renderer lands (issue #4), a chart keeps its
 * place as an empty frame with a counted warning.
 */
import type { DiagnosticBag } from '../core';
import type { ChartModel } from '../model';
import type { ItemSink } from './emit/sink';

/** Draws a chart into a box. */
export function drawChart(chart: ChartModel | undefined, x: number, y: number, w: number, h: number, sink: ItemSink, bag: DiagnosticBag): void {
  sink.items.push({ kind: 'rect', x, y, w, h, stroke: 'BFBFBF', lineWidth: 0.75 });
  if (!chart) bag.warn('layout/chart-missing', 'A chart part referenced by the document is missing or unreadable; its frame is drawn empty.');
  else bag.warn('layout/chart-unsupported', 'Charts are not drawn yet (issue #4): an empty frame keeps the chart\'s place.');
}
