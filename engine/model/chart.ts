/**
 * Charts (DrawingML charts, c:chartSpace, ECMA-376 Part 1 §21.2) as data from the part's cached values.
 */
import type { Color } from './props';

/** One data series with cached category labels and values (c:ser). */
export interface ChartSeries {
  readonly name: string;
  readonly categories: readonly string[];
  readonly values: ReadonlyArray<number | null>;
  /** X values for scatter charts. */
  readonly xValues?: ReadonlyArray<number | null>;
  readonly color?: Color;
  /** Per-point colours (c:dPt), e.g. pie slices. */
  readonly pointColors?: ReadonlyArray<Color | undefined>;
  readonly lineColor?: Color;
  readonly marker?: boolean;
  readonly dataLabels?: boolean;
  /** Number format code for values (c:numCache/c:formatCode). */
  readonly formatCode?: string;
}

/** An axis (c:catAx, c:valAx, c:dateAx). */
export interface ChartAxis {
  readonly kind: 'category' | 'value' | 'date';
  readonly position: 'left' | 'right' | 'top' | 'bottom';
  readonly title?: string;
  readonly min?: number;
  readonly max?: number;
  readonly majorUnit?: number;
  readonly majorGridlines: boolean;
  readonly formatCode?: string;
  readonly deleted: boolean;
}

/** One plot (c:barChart, c:lineChart, ...) inside the plot area. */
export interface ChartPlot {
  readonly type: 'bar' | 'column' | 'line' | 'pie' | 'doughnut' | 'area' | 'scatter' | 'radar' | 'unsupported';
  readonly grouping: 'clustered' | 'stacked' | 'percentStacked' | 'standard';
  readonly series: readonly ChartSeries[];
  /** Doughnut hole size in percent. */
  readonly holeSizePct?: number;
  readonly gapWidthPct?: number;
  readonly overlapPct?: number;
}

/** A whole chart. */
export interface ChartModel {
  readonly title?: string;
  readonly plots: readonly ChartPlot[];
  readonly axes: readonly ChartAxis[];
  readonly legend?: { readonly position: 'right' | 'left' | 'top' | 'bottom' | 'topRight' };
  readonly background?: Color;
  readonly font?: string;
}
