/**
 * Charts (DrawingML charts, c:chartSpace, ECMA-376 Part 1 §21.2) as data from the part's cached values.
 */
import type { Color } from './props';

/** Text properties of a chart element (c:txPr/a:p/a:pPr/a:defRPr, or the first run of rich text). */
export interface ChartTextStyle {
  readonly sizePt?: number;
  readonly bold?: boolean;
  readonly italic?: boolean;
  readonly color?: Color;
}

/** A manual position (c:layout/c:manualLayout, §21.2.2.95) as fractions of the chart space. */
export interface ChartManualLayout {
  readonly x: number;
  readonly y: number;
  /** Width and height; absent when only the position is fixed. */
  readonly w?: number;
  readonly h?: number;
  /** `inner` boxes the plot area without its tick labels (c:layoutTarget). */
  readonly inner?: boolean;
}

/** Which parts of a data label are shown (c:dLbls, §21.2.2.49). */
export interface ChartDataLabels {
  readonly showValue: boolean;
  readonly showPercent: boolean;
  readonly showCategory: boolean;
  readonly showSeries: boolean;
  /** c:dLblPos: ctr, inEnd, inBase, outEnd, bestFit, t, b, l, r. */
  readonly position?: string;
  readonly formatCode?: string;
  readonly style?: ChartTextStyle;
}

/** A line's look (a:ln in c:spPr): colour, width, or none. */
export interface ChartLine {
  readonly color?: Color;
  readonly widthPt?: number;
  readonly none?: boolean;
}

/** One data series with cached category labels and values (c:ser). */
export interface ChartSeries {
  readonly name: string;
  /** Category labels; empty when the series has none (points are then numbered 1, 2, ...). */
  readonly categories: readonly string[];
  readonly values: ReadonlyArray<number | null>;
  /** X values for scatter charts. */
  readonly xValues?: ReadonlyArray<number | null>;
  readonly color?: Color;
  /** Per-point colours (c:dPt), e.g. pie slices. */
  readonly pointColors?: ReadonlyArray<Color | undefined>;
  readonly lineColor?: Color;
  readonly lineWidthPt?: number;
  /** The series has no line (a:ln/a:noFill), e.g. marker-only scatter. */
  readonly noLine?: boolean;
  /** The series has no fill (spPr/a:noFill). */
  readonly noFill?: boolean;
  readonly marker?: boolean;
  /** c:marker/c:symbol (circle, square, diamond, triangle, x, star, dash, dot, plus). */
  readonly markerSymbol?: string;
  readonly markerSizePt?: number;
  readonly smooth?: boolean;
  readonly dataLabels?: boolean;
  readonly labels?: ChartDataLabels;
  /** Number format code for values (c:numCache/c:formatCode). */
  readonly formatCode?: string;
  /** Number format of numeric categories (c:cat/c:numRef/c:numCache/c:formatCode), e.g. dates. */
  readonly categoryFormatCode?: string;
  /** Pie slice explosion in percent of the radius (c:explosion). */
  readonly explosionPct?: number;
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
  /** c:axId, to bind plots to their axes. */
  readonly id?: string;
  readonly crossAxisId?: string;
  /** c:crosses (autoZero, min, max) or c:crossesAt as a number. */
  readonly crosses?: 'autoZero' | 'min' | 'max' | number;
  /** c:scaling/c:orientation maxMin reverses the axis. */
  readonly reversed?: boolean;
  /** c:tickLblPos: where tick labels go (none hides them). */
  readonly tickLabels?: 'nextTo' | 'low' | 'high' | 'none';
  readonly line?: ChartLine;
  readonly gridline?: ChartLine;
  readonly textStyle?: ChartTextStyle;
  readonly titleStyle?: ChartTextStyle;
  /** The axis title is not turned (a:bodyPr rot="0"); vertical axes turn it 90° by default. */
  readonly titleHorizontal?: boolean;
  /** c:majorTickMark: tick marks outside, inside, across the axis line, or none. */
  readonly majorTickMark?: 'out' | 'in' | 'cross' | 'none';
  /** c:crossBetween: between puts categories between ticks (bars), midCat on them (lines). */
  readonly crossBetween?: 'between' | 'midCat';
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
  /** The element name the plot came from (c:radarChart, c:bar3DChart...), for diagnostics. */
  readonly source?: string;
  /** c:varyColors: one colour per point. */
  readonly varyColors?: boolean;
  /** c:firstSliceAng in degrees (pie, doughnut). */
  readonly firstSliceDeg?: number;
  /** c:axId values binding the plot to its axes. */
  readonly axisIds?: readonly string[];
  /** Plot-level data labels (c:dLbls directly under the plot). */
  readonly labels?: ChartDataLabels;
}

/** A chart legend (c:legend, §21.2.2.93). */
export interface ChartLegend {
  readonly position: 'right' | 'left' | 'top' | 'bottom' | 'topRight';
  readonly layout?: ChartManualLayout;
  readonly overlay?: boolean;
  readonly style?: ChartTextStyle;
  /** Indices of legend entries deleted with c:legendEntry/c:delete. */
  readonly hidden?: readonly number[];
}

/** A whole chart. */
export interface ChartModel {
  readonly title?: string;
  readonly plots: readonly ChartPlot[];
  readonly axes: readonly ChartAxis[];
  readonly legend?: ChartLegend;
  readonly background?: Color;
  /** The chart space has no fill (c:chartSpace/c:spPr/a:noFill). */
  readonly noBackground?: boolean;
  /** Chart space outline; `none` when a:ln/a:noFill. */
  readonly border?: ChartLine;
  readonly plotBackground?: Color;
  readonly font?: string;
  /** Chart-wide text properties (c:chartSpace/c:txPr). */
  readonly textStyle?: ChartTextStyle;
  readonly titleStyle?: ChartTextStyle;
  readonly titleLayout?: ChartManualLayout;
  /** The title overlays the plot area instead of taking room above it (c:overlay). */
  readonly titleOverlay?: boolean;
  readonly plotLayout?: ChartManualLayout;
  /** How empty cells show (c:dispBlanksAs): as gaps, as zero, or spanned by the line. */
  readonly blanksAs?: 'gap' | 'zero' | 'span';
}
