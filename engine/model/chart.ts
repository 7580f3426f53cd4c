/**
 * Charts (DrawingML charts, c:chartSpace, ECMA-376 Part 1 §21.2) as data from the part's cached values.
 */
import type { GradientFill } from './drawing';
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

/**
 * A trendline (c:trendline, §21.2.2.209): a least-squares fit (linear, exponential, logarithmic,
 * polynomial, power) or a moving average over a series.
 */
export interface ChartTrendline {
  /** c:trendlineType (ST_TrendlineType, §21.2.3.51). */
  readonly kind: 'linear' | 'exp' | 'log' | 'poly' | 'power' | 'movingAvg';
  /** c:period: the points a moving average spans (2 or more). */
  readonly period?: number;
  /** c:order: the degree of a polynomial trendline (2–6). */
  readonly order?: number;
  /** c:forward / c:backward: how far a fitted trendline runs past the last and before the first x. */
  readonly forward?: number;
  readonly backward?: number;
  /** c:intercept: the value a linear, exponential or polynomial trendline is forced through at x = 0. */
  readonly intercept?: number;
  /** c:dispEq / c:dispRSqr: a label with the fit's equation and its R². */
  readonly showEquation?: boolean;
  readonly showRSquared?: boolean;
  /** c:trendlineLbl/c:numFmt: the label's number format. */
  readonly labelFormat?: string;
  readonly line?: ChartLine;
  /** The line's a:prstDash (sysDot, dash…); Office's default trendline is dotted. */
  readonly dashPreset?: string;
}

/** Error bars (c:errBars, §21.2.2.55) of a series in one direction. */
export interface ChartErrorBars {
  /** c:errDir: along the value (y) axis, or the x axis of a scatter series. */
  readonly direction: 'x' | 'y';
  /** c:errBarType: bars on both sides of the value, above it only or below it only. */
  readonly barType: 'both' | 'plus' | 'minus';
  /** c:errValType: how long each bar is. */
  readonly valueType: 'cust' | 'fixedVal' | 'percentage' | 'stdDev' | 'stdErr';
  /** c:val: the fixed amount, the percentage or the number of standard deviations. */
  readonly value: number;
  /** c:plus / c:minus: custom amounts by point index (cust); a single value stands for every point. */
  readonly plus?: ReadonlyArray<number | null>;
  readonly minus?: ReadonlyArray<number | null>;
  /** c:noEndCap: no cross line at the bars' ends. */
  readonly noEndCap?: boolean;
  readonly line?: ChartLine;
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
  /** Gradient fill of bars and areas (c:spPr/a:gradFill); `color` is then its middle stop. */
  readonly gradient?: GradientFill;
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
  /** Per-point explosion in percent of the radius (c:dPt/c:explosion), by point index; over explosionPct. */
  readonly pointExplosionPct?: Readonly<Record<number, number>>;
  /** Bubble sizes by point (c:bubbleSize), for bubble charts; gaps are null. */
  readonly bubbleSizes?: ReadonlyArray<number | null>;
  /** c:trendline: fitted lines and moving averages over the series. */
  readonly trendlines?: readonly ChartTrendline[];
  /** c:errBars: at most one per direction. */
  readonly errorBars?: readonly ChartErrorBars[];
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
  /** c:scaling/c:logBase (§21.2.2.90, 2–1000): a logarithmic value axis of this base. */
  readonly logBase?: number;
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
  /** c:dispUnits (§21.2.2.52): tick labels show values divided by this (1000 for thousands). */
  readonly displayUnit?: number;
  /** c:dispUnitsLbl: the unit's label beside the axis ("Thousands", or the part's own text). */
  readonly displayUnitLabel?: string;
}

/** Bubble chart options (c:bubbleChart, §21.2.2.20). */
export interface ChartBubbles {
  /** c:bubbleScale: the largest bubble in percent of its default size (0–300). */
  readonly scalePct: number;
  /** c:sizeRepresents: the size value is the bubble's area or its width (diameter). */
  readonly sizeRepresents: 'area' | 'w';
  /** c:showNegBubbles: negative sizes are drawn (as outlines, by their magnitude). */
  readonly showNegative: boolean;
}

/** Pie-of-pie and bar-of-pie options (c:ofPieChart, §21.2.2.126). */
export interface ChartOfPie {
  /** c:ofPieType: the second plot is a pie or a stacked bar. */
  readonly kind: 'pie' | 'bar';
  /** c:splitType: which points go to the second plot. */
  readonly splitType: 'auto' | 'cust' | 'percent' | 'pos' | 'val';
  /** c:splitPos: a count (pos), a value (val) or a percentage (percent). */
  readonly splitPos?: number;
  /** c:custSplit/c:secondPiePt: point indices in the second plot (cust). */
  readonly custSplit?: readonly number[];
  /** c:secondPieSize: the second plot's size in percent of the first (5–200). */
  readonly secondSizePct: number;
  /** c:serLines: the connector lines (present when drawn). */
  readonly serLines?: ChartLine;
  /** The colour of the first plot's "Other" slice: the automatic colour after the last point's. */
  readonly otherColor?: Color;
}

/** The 3-D view of a chart (c:view3D, §21.2.2.228), with Office's defaults filled in. */
export interface ChartView3D {
  /** c:rotX: tilt towards the viewer in degrees (−90–90). */
  readonly rotXDeg: number;
  /** c:rotY: turn about the vertical axis in degrees (0–360). */
  readonly rotYDeg: number;
  /** c:depthPercent: depth in percent of a category's width (20–2000). */
  readonly depthPct: number;
  /** c:rAngAx: right-angled axes (an oblique projection, front faces kept flat). */
  readonly rightAngleAxes: boolean;
}

/** The look of an up or down bar (c:upBars, c:downBars): fill and outline. */
export interface ChartBarLook {
  readonly fill?: Color;
  readonly noFill?: boolean;
  readonly line?: ChartLine;
}

/**
 * What a 2-D line, area or stock plot draws under its series, each present when drawn: high-low
 * lines and up/down bars of a stock or line plot (c:stockChart §21.2.2.198, c:lineChart §21.2.2.97),
 * drop lines of a line or area plot (c:dropLines, §21.2.2.53).
 */
export interface ChartLineDecor {
  /** c:hiLowLines: a line from each category's highest to its lowest value. */
  readonly hiLowLines?: ChartLine;
  /** c:upDownBars: bars from the first series (open) to the last (close). */
  readonly upDownBars?: {
    readonly gapWidthPct: number;
    readonly up: ChartBarLook;
    readonly down: ChartBarLook;
  };
  /** c:dropLines: a line from each category's farthest value to the category axis. */
  readonly dropLines?: ChartLine;
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
  /** c:radarStyle (radar plots): lines only, lines with markers, or filled polygons. */
  readonly radarStyle?: 'standard' | 'marker' | 'filled';
  /** Bubble options (bubble plots, which are scatter plots with sizes). */
  readonly bubbles?: ChartBubbles;
  /** Pie-of-pie or bar-of-pie options (c:ofPieChart). */
  readonly ofPie?: ChartOfPie;
  /** The 3-D view of a 3-D plot (c:bar3DChart, c:area3DChart, c:line3DChart, c:pie3DChart). */
  readonly view3D?: ChartView3D;
  /** c:gapDepth: room between rows of a 3-D plot in percent of a row's depth. */
  readonly gapDepthPct?: number;
  /** A stock plot (c:stockChart): a line plot whose series show only their explicit markers, over its `lineDecor`. */
  readonly stock?: boolean;
  /** The high-low lines, up/down bars and drop lines of a 2-D line, area or stock plot. */
  readonly lineDecor?: ChartLineDecor;
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

/** A data table under the plot (c:dTable, §21.2.2.54): the series' values in a grid below the categories. */
export interface ChartDataTable {
  /** c:showHorzBorder, c:showVertBorder, c:showOutline: lines between rows, between columns, around the table. */
  readonly horzBorder: boolean;
  readonly vertBorder: boolean;
  readonly outline: boolean;
  /** c:showKeys: each series' legend key before its name. */
  readonly keys: boolean;
  readonly style?: ChartTextStyle;
  /** The table's lines (c:spPr/a:ln). */
  readonly line?: ChartLine;
}

/** A whole chart. */
export interface ChartModel {
  readonly title?: string;
  readonly plots: readonly ChartPlot[];
  readonly axes: readonly ChartAxis[];
  readonly legend?: ChartLegend;
  readonly background?: Color;
  /** Gradient fill of the chart space (c:chartSpace/c:spPr/a:gradFill); `background` is then its middle stop. */
  readonly backgroundGradient?: GradientFill;
  /** The chart space has no fill (c:chartSpace/c:spPr/a:noFill). */
  readonly noBackground?: boolean;
  /** Chart space outline; `none` when a:ln/a:noFill. */
  readonly border?: ChartLine;
  readonly plotBackground?: Color;
  /** Gradient fill of the plot area (c:plotArea/c:spPr/a:gradFill); `plotBackground` is then its middle stop. */
  readonly plotGradient?: GradientFill;
  readonly font?: string;
  /** Chart-wide text properties (c:chartSpace/c:txPr). */
  readonly textStyle?: ChartTextStyle;
  readonly titleStyle?: ChartTextStyle;
  readonly titleLayout?: ChartManualLayout;
  /**
   * c:overlay as written: true, the title overlays the plot area; false, it takes room from it, also
   * where it has a manual position; absent, room only at its automatic place on top.
   */
  readonly titleOverlay?: boolean;
  readonly plotLayout?: ChartManualLayout;
  /** The data table under the plot (c:plotArea/c:dTable). */
  readonly dataTable?: ChartDataTable;
  /** How empty cells show (c:dispBlanksAs): as gaps, as zero, or spanned by the line. */
  readonly blanksAs?: 'gap' | 'zero' | 'span';
}
