/**
 * Charts drawn from their cached data (the drawing lives in ./chart/): a missing chart part keeps
 * its place as an empty frame with a counted warning.
 */
import type { DiagnosticBag } from '../core';
import type { ChartModel } from '../model';
import { drawChartInto } from './chart/draw-chart';
import { createChartText } from './chart/text';
import type { ItemSink } from './emit/sink';
import type { FaceResolver } from './faces';

/** What chart drawing needs from the document: faces for its text and the diagnostics bag. */
export interface ChartEnv {
  readonly faces: FaceResolver;
  readonly bag: DiagnosticBag;
}

/** Draws a chart into a box (x, y, w, h in page points) on a sink. */
export function drawChart(chart: ChartModel | undefined, x: number, y: number, w: number, h: number, sink: ItemSink, env: ChartEnv): void {
  const bad = ![x, y, w, h].every(Number.isFinite) || w <= 0 || h <= 0;
  if (!chart || bad) {
    if (!bad) sink.items.push({ kind: 'rect', x, y, w, h, stroke: 'BFBFBF', lineWidth: 0.75 });
    if (!chart) env.bag.warn('layout/chart-missing', 'A chart part referenced by the document is missing or unreadable; its frame is drawn empty.');
    else env.bag.warn('layout/chart-clamped', `A chart has no drawable size (${w} × ${h} pt); it is not drawn.`);
    return;
  }
  const text = createChartText(env.faces, chart.font ?? 'Calibri', sink);
  drawChartInto(chart, { x, y, w, h }, text, sink.items, (code, message) => env.bag.warn(code, message));
}
