/**
 * Hostile chart data made drawable: values beyond ±1e100 clamped (sums must stay finite), non-finite
 * values made gaps, and the total number of drawn points capped so a chart cannot make the layout
 * unbounded (each of these is counted as a warning); empty cells become 0 when the chart says so.
 */
import type { ChartModel, ChartPlot, ChartSeries } from '../../model';

/** Most points drawn over all series of a chart. */
export const MAX_CHART_POINTS = 200_000;
const LIMIT = 1e100;

/** A copy of the chart safe to draw (the same object when nothing needed changing). */
export function sanitizeChart(chart: ChartModel, warn: (code: string, message: string) => void): ChartModel {
  let budget = MAX_CHART_POINTS;
  let clamped = false;
  let truncated = false;
  let changed = false;
  const plots: ChartPlot[] = chart.plots.map((p) => {
    const series: ChartSeries[] = p.series.map((s) => {
      const room = Math.max(0, budget);
      let values = s.values;
      if (values.length > room) {
        values = values.slice(0, room);
        truncated = true;
      }
      budget -= values.length;
      let bad = false;
      for (const v of values) if (v !== null && (!Number.isFinite(v) || Math.abs(v) > LIMIT)) bad = true;
      const xBad = s.xValues?.some((v) => v !== null && (!Number.isFinite(v) || Math.abs(v) > LIMIT)) ?? false;
      if (!bad && !xBad && values === s.values) return s;
      changed = true;
      if (bad || xBad) clamped = true;
      const fix = (list: ReadonlyArray<number | null>) => list.slice(0, values.length).map((v) => (v === null || !Number.isFinite(v) ? null : Math.max(-LIMIT, Math.min(LIMIT, v))));
      return { ...s, values: fix(values), ...(s.xValues ? { xValues: fix(s.xValues) } : {}) };
    });
    return series.every((s, i) => s === p.series[i]) ? p : { ...p, series };
  });
  if (chart.blanksAs === 'zero') {
    // c:dispBlanksAs zero: empty cells plot as 0 (bars, lines and areas; pies skip them anyway).
    for (let k = 0; k < plots.length; k++) {
      const p = plots[k]!;
      if (p.type === 'scatter' || !p.series.some((s) => s.values.includes(null))) continue;
      plots[k] = { ...p, series: p.series.map((s) => ({ ...s, values: s.values.map((v) => v ?? 0) })) };
      changed = true;
    }
  }
  if (truncated) warn('layout/chart-clamped', `A chart has more than ${MAX_CHART_POINTS} points; the points past that are not drawn.`);
  if (clamped) warn('layout/chart-clamped', `A chart has values beyond ±${LIMIT} or not numbers; they are clamped or left out.`);
  return changed ? { ...chart, plots } : chart;
}
