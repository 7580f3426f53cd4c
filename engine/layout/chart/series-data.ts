/**
 * Series values as drawn: per point a base and a top, after stacking (c:grouping stacked), or
 * normalising to fractions of the category total (percentStacked), and the value range they span.
 * Gaps (null) stay gaps; non-finite values never reach here (the reader drops them).
 */
import type { ChartPlot, ChartSeries } from '../../model';

/** A drawn point: from `base` to `top` on the value axis; undefined for a gap. */
export interface Span {
  readonly base: number;
  readonly top: number;
  readonly value: number;
}

/** A plot's series as spans, with the value range they cover. */
export interface PlotSpans {
  readonly spans: ReadonlyArray<ReadonlyArray<Span | undefined>>;
  readonly min: number;
  readonly max: number;
  readonly categories: number;
}

/** Whether a plot stacks its series. */
export function isStacked(plot: ChartPlot): boolean {
  return plot.grouping === 'stacked' || plot.grouping === 'percentStacked';
}

/** The spans of every series of a plot (bars, lines and areas; scatter uses its own x values). */
export function plotSpans(plot: ChartPlot): PlotSpans {
  const n = categoryCount(plot.series);
  const stacked = isStacked(plot);
  const percent = plot.grouping === 'percentStacked';
  const totals = new Array<number>(n).fill(0);
  if (percent) for (const s of plot.series) for (let i = 0; i < n; i++) totals[i]! += Math.abs(s.values[i] ?? 0);
  const pos = new Array<number>(n).fill(0);
  const neg = new Array<number>(n).fill(0);
  let min = Infinity;
  let max = -Infinity;
  const spans = plot.series.map((s) => {
    const out: Array<Span | undefined> = [];
    for (let i = 0; i < n; i++) {
      const raw = s.values[i];
      if (raw === null || raw === undefined || !Number.isFinite(raw)) {
        out.push(undefined);
        continue;
      }
      let v = raw;
      if (percent) v = totals[i]! > 0 ? raw / totals[i]! : 0;
      let base = 0;
      if (stacked) {
        // Lines and areas stack on the running total; bars stack positives and negatives apart.
        const split = plot.type === 'bar' || plot.type === 'column';
        const acc = split && v < 0 ? neg : pos;
        base = acc[i]!;
        acc[i] = base + v;
      }
      const top = base + v;
      out.push({ base, top, value: raw });
      min = Math.min(min, top, stacked ? base : top);
      max = Math.max(max, top, stacked ? base : top);
    }
    return out;
  });
  return { spans, min, max, categories: n };
}

/** The number of categories: the longest series (capped by the reader). */
export function categoryCount(series: readonly ChartSeries[]): number {
  let n = 0;
  for (const s of series) n = Math.max(n, s.values.length);
  return n;
}

/** Category labels: the first series that has any. */
export function categoryLabels(series: readonly ChartSeries[], n: number): string[] {
  const source = series.find((s) => s.categories.length > 0);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(source?.categories[i] ?? String(i + 1));
  return out;
}
