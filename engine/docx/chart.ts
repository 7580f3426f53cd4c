/**
 * Charts (c:chartSpace, ECMA-376 Part 1 §21.2) read from the chart part's cached values: plot types
 * and grouping, series names, categories, values, colours (explicit, else the chart style's automatic
 * colours, by default the theme's accents in
 * Office's order), axes, legend, title, manual layouts, text properties and data labels. Live data
 * (the embedded workbook) is not read.
 */
import type { ChartLegend, ChartModel, ChartPlot, ChartSeries, Color } from '../model';
import type { XmlElement } from '../xml';
import { attr, child, children, textContent } from '../xml';
import {
  chartColor, chartFill, chartFlag, chartLine, chartTextOf, chartTextStyle, chartVal, dataLabels, manualLayout, readChartAxes,
} from './chart-style';
import { readKindOptions } from './chart-kinds';
import { readDataTable, readErrorBars, readTrendlines } from './chart-analysis';
import { chartStyleOf, paletteColor, type ChartPalette } from './chart-palette';
import type { DocxContext } from './context';
import { dmlLatinFont } from './dml-text';
import { intValue } from './values';

const MAX_POINTS = 100_000;
/** Most cached points (values and labels) read from one chart part, so hostile caches stay bounded. */
const MAX_PART_POINTS = 1_000_000;

/** Points still to be read from the part. */
interface Budget {
  left: number;
  exhausted: boolean;
}
const MAX_SERIES = 1000;

const PLOT_TYPES: Record<string, ChartPlot['type']> = {
  'c:barChart': 'bar', 'c:bar3DChart': 'bar', 'c:lineChart': 'line', 'c:line3DChart': 'line', 'c:pieChart': 'pie', 'c:pie3DChart': 'pie',
  'c:ofPieChart': 'pie', 'c:doughnutChart': 'doughnut', 'c:areaChart': 'area', 'c:area3DChart': 'area', 'c:scatterChart': 'scatter',
  'c:radarChart': 'radar', 'c:bubbleChart': 'scatter', 'c:stockChart': 'line', 'c:surfaceChart': 'unsupported', 'c:surface3DChart': 'unsupported',
};

/** Reads a chart part; undefined (with a warning) when it is missing or malformed. */
export function readChartPart(ctx: DocxContext, part: string): ChartModel | undefined {
  const root = ctx.pkg.xml(part);
  const chart = child(root, 'c:chart');
  if (!root || !chart) {
    ctx.bag.warn('docx/missing-chart', `The chart part ${part} is missing or unreadable.`, { at: part });
    return undefined;
  }
  const plotArea = child(chart, 'c:plotArea');
  const plots: ChartPlot[] = [];
  const budget: Budget = { left: MAX_PART_POINTS, exhausted: false };
  let seriesIndex = 0;
  const style = chartStyleOf(root);
  const count = (plotArea?.children ?? []).reduce((n, c) => n + (c.kind === 'element' && PLOT_TYPES[c.name] ? Math.min(MAX_SERIES, children(c, 'c:ser').length) : 0), 0);
  const palette: ChartPalette | undefined = style !== undefined ? { style, count } : undefined;
  for (const c of plotArea?.children ?? []) {
    if (c.kind !== 'element') continue;
    const type = PLOT_TYPES[c.name];
    if (!type) continue;
    const base = readPlot(ctx, c, type, { first: seriesIndex, palette }, budget);
    const plot = { ...base, ...readKindOptions(ctx, c, chart, base.series[0]?.values.length ?? 0, style) };
    seriesIndex += plot.series.length;
    plots.push(plot);
  }
  warnUnsupportedParts(ctx, part, plotArea);
  if (budget.exhausted) ctx.bag.warn('docx/chart-limit', `The chart part ${part} caches more than ${MAX_PART_POINTS} points; the rest are not read.`, { at: part });
  const model: { -readonly [K in keyof ChartModel]: ChartModel[K] } = { plots, axes: readChartAxes(ctx, plotArea) };
  readTitle(ctx, chart, plots, model);
  const table = readDataTable(ctx, child(plotArea, 'c:dTable'));
  if (table) model.dataTable = table;
  const legend = child(chart, 'c:legend');
  if (legend) model.legend = readLegend(ctx, legend);
  const blanks = chartVal(chart, 'c:dispBlanksAs');
  if (blanks === 'gap' || blanks === 'zero' || blanks === 'span') model.blanksAs = blanks;
  const plotLayout = manualLayout(child(plotArea, 'c:layout'));
  if (plotLayout) model.plotLayout = plotLayout;
  const plotFill = chartFill(ctx, child(plotArea, 'c:spPr'));
  if (plotFill.color) model.plotBackground = plotFill.color;
  if (plotFill.gradient) model.plotGradient = plotFill.gradient;
  const spPr = child(root, 'c:spPr');
  const bg = chartFill(ctx, spPr);
  if (bg.color) model.background = bg.color;
  else if (child(spPr, 'a:noFill')) model.noBackground = true;
  if (bg.gradient) model.backgroundGradient = bg.gradient;
  const border = chartLine(ctx, spPr);
  if (border) model.border = border;
  const txPr = child(root, 'c:txPr');
  const text = chartTextStyle(ctx, txPr);
  if (text) model.textStyle = text;
  // Other theme references (+mn-ea, +mj-cs...) name a script slot, not a Latin face: the minor font.
  const minor = ctx.env.theme.minor.latin || 'Calibri';
  const font = attr(findDeep(txPr, 'a:latin'), 'typeface');
  model.font = font?.startsWith('+') && font !== '+mj-lt' && font !== '+mn-lt' ? minor : dmlLatinFont(ctx, font, minor);
  return model;
}

/** Chart parts Colophon reads past, each named once per chart (house rule 4: nothing dropped silently). */
const UNSUPPORTED_PARTS: ReadonlyArray<readonly [string, (plotArea: XmlElement) => boolean]> = [
  // Drop lines of 2-D line and area plots are drawn; those of 3-D and stock plots are not.
  ['drop lines (c:dropLines) of a 3-D or stock plot', (pa) => plotsOf(pa).some((p) => p.name !== 'c:lineChart' && p.name !== 'c:areaChart' && child(p, 'c:dropLines') !== undefined)],
];

function plotsOf(plotArea: XmlElement): XmlElement[] {
  return plotArea.children.filter((c): c is XmlElement => c.kind === 'element' && PLOT_TYPES[c.name] !== undefined);
}

function warnUnsupportedParts(ctx: DocxContext, part: string, plotArea: XmlElement | undefined): void {
  if (!plotArea) return;
  const found = UNSUPPORTED_PARTS.filter(([, has]) => has(plotArea)).map(([name]) => name);
  if (!found.length) return;
  ctx.bag.warn('docx/chart-unsupported', `The chart ${part} has ${found.join(', ')}, which ${found.length > 1 ? 'are' : 'is'} not drawn as Word draws ${found.length > 1 ? 'them' : 'it'}.`, {
    at: part,
    hint: 'The rest of the chart is drawn from its cached values.',
  });
}

function findDeep(el: XmlElement | undefined, name: string): XmlElement | undefined {
  if (!el) return undefined;
  const stack: XmlElement[] = [el];
  let budget = 10_000;
  while (stack.length && budget-- > 0) {
    const e = stack.pop()!;
    if (e.name === name) return e;
    for (const c of e.children) if (c.kind === 'element') stack.push(c);
  }
  return undefined;
}

/** The chart title (c:title, §21.2.2.210): its text, style, manual layout and overlay flag. */
function readTitle(ctx: DocxContext, chart: XmlElement, plots: readonly ChartPlot[], model: { -readonly [K in keyof ChartModel]: ChartModel[K] }): void {
  if (chartFlag(chart, 'c:autoTitleDeleted') === true && !child(chart, 'c:title')) return;
  const title = child(chart, 'c:title');
  if (!title) return;
  const text = chartTextOf(child(title, 'c:tx'));
  // A title without text is Word's automatic title: the series name of a one-series chart.
  const all = plots.flatMap((p) => p.series);
  model.title = text || (all.length === 1 ? all[0]!.name : 'Chart Title');
  const style = chartTextStyle(ctx, child(child(title, 'c:tx'), 'c:rich')) ?? chartTextStyle(ctx, child(title, 'c:txPr'));
  if (style) model.titleStyle = style;
  const layout = manualLayout(child(title, 'c:layout'));
  if (layout) model.titleLayout = layout;
  const overlay = chartFlag(title, 'c:overlay');
  if (overlay !== undefined) model.titleOverlay = overlay;
}

const LEGEND_POS: Record<string, ChartLegend['position']> = { l: 'left', t: 'top', b: 'bottom', tr: 'topRight', r: 'right' };

/** c:legend (§21.2.2.93): position, manual layout, overlay, text and deleted entries. */
function readLegend(ctx: DocxContext, legend: XmlElement): ChartLegend {
  const out: { -readonly [K in keyof ChartLegend]: ChartLegend[K] } = { position: LEGEND_POS[chartVal(legend, 'c:legendPos') ?? 'r'] ?? 'right' };
  const layout = manualLayout(child(legend, 'c:layout'));
  if (layout) out.layout = layout;
  if (chartFlag(legend, 'c:overlay') === true) out.overlay = true;
  const style = chartTextStyle(ctx, child(legend, 'c:txPr'));
  if (style) out.style = style;
  const hidden: number[] = [];
  for (const e of children(legend, 'c:legendEntry')) {
    const idx = intValue(chartVal(e, 'c:idx'));
    if (idx !== undefined && idx >= 0 && chartFlag(e, 'c:delete') === true) hidden.push(idx);
  }
  if (hidden.length) out.hidden = hidden;
  return out;
}

/** Where a plot's series stand in the chart: the index of its first series and the chart style's palette. */
interface SeriesPlace {
  readonly first: number;
  readonly palette: ChartPalette | undefined;
}

function readPlot(ctx: DocxContext, el: XmlElement, type: ChartPlot['type'], place: SeriesPlace, budget: Budget): ChartPlot {
  const barDir = chartVal(el, 'c:barDir');
  const grouping = chartVal(el, 'c:grouping');
  const plot: { -readonly [K in keyof ChartPlot]: ChartPlot[K] } = {
    type: type === 'bar' && barDir !== 'bar' ? 'column' : type,
    // Bars default to clustered; only 3-D bars draw a standard grouping (one row per series).
    grouping: grouping === 'stacked' ? 'stacked' : grouping === 'percentStacked' ? 'percentStacked' : grouping === 'clustered' ? 'clustered'
      : type === 'bar' && !(grouping === 'standard' && el.name === 'c:bar3DChart') ? 'clustered' : 'standard',
    series: [],
    source: el.name,
  };
  const all = children(el, 'c:ser');
  if (all.length > MAX_SERIES) ctx.bag.warn('docx/chart-limit', `A chart has ${all.length} series; the first ${MAX_SERIES} are kept.`);
  const vary = chartFlag(el, 'c:varyColors') === true && (type === 'pie' || type === 'doughnut' || all.length === 1);
  if (vary) plot.varyColors = true;
  plot.series = all.slice(0, MAX_SERIES).map((s, i) => readSeries(ctx, s, { ...place, first: place.first + i }, vary, type, budget));
  const hole = intValue(chartVal(el, 'c:holeSize'));
  if (type === 'doughnut') plot.holeSizePct = Math.max(10, Math.min(90, hole ?? 50));
  const gap = intValue(chartVal(el, 'c:gapWidth'));
  if (gap !== undefined) plot.gapWidthPct = Math.max(0, Math.min(500, gap));
  const overlap = intValue(chartVal(el, 'c:overlap'));
  if (overlap !== undefined) plot.overlapPct = Math.max(-100, Math.min(100, overlap));
  const first = intValue(chartVal(el, 'c:firstSliceAng'));
  if (first !== undefined) plot.firstSliceDeg = ((first % 360) + 360) % 360;
  const ids = children(el, 'c:axId').map((a) => attr(a, 'val') ?? '').filter(Boolean);
  if (ids.length) plot.axisIds = ids;
  const labels = dataLabels(ctx, child(el, 'c:dLbls'));
  if (labels) plot.labels = labels;
  return plot;
}

/** A series' fill and line look (c:ser/c:spPr), with the automatic colour (of the chart style) when none is given. */
function seriesLook(ctx: DocxContext, ser: XmlElement, place: SeriesPlace, type: ChartPlot['type'] | 'bubble', s: { -readonly [K in keyof ChartSeries]: ChartSeries[K] }): void {
  const spPr = child(ser, 'c:spPr');
  const paint = chartFill(ctx, spPr);
  const fill = paint.color;
  const line = chartLine(ctx, spPr);
  const lineType = type === 'line' || type === 'scatter' || type === 'radar';
  const color: Color | undefined = (lineType ? line?.color ?? fill : fill ?? undefined) ?? paletteColor(ctx, place.palette, place.first);
  if (color) s.color = color;
  if (line?.color) s.lineColor = line.color;
  if (line?.widthPt !== undefined) s.lineWidthPt = line.widthPt;
  if (line?.none) s.noLine = true;
  if (child(spPr, 'a:noFill') && !lineType) s.noFill = true;
  if (paint.gradient && !lineType) s.gradient = paint.gradient;
}

function readSeries(ctx: DocxContext, ser: XmlElement, place: SeriesPlace, vary: boolean, type: ChartPlot['type'], budget: Budget): ChartSeries {
  const index = place.first;
  const isScatter = type === 'scatter';
  const valEl = child(ser, isScatter ? 'c:yVal' : 'c:val');
  const values = numbers(valEl, budget);
  const cats = strings(child(ser, isScatter ? 'c:xVal' : 'c:cat'), budget);
  const s: { -readonly [K in keyof ChartSeries]: ChartSeries[K] } = {
    name: chartTextOf(child(ser, 'c:tx')) ?? `Series${index + 1}`,
    categories: cats,
    values,
  };
  if (isScatter) s.xValues = numbers(child(ser, 'c:xVal'), budget);
  const sizes = child(ser, 'c:bubbleSize');
  if (sizes) s.bubbleSizes = numbers(sizes, budget);
  // Bubbles are filled shapes: their colour is the fill, not the line (c:bubbleSer/c:spPr).
  seriesLook(ctx, ser, place, sizes ? 'bubble' : type, s);
  const trendlines = readTrendlines(ctx, ser);
  if (trendlines.length) s.trendlines = trendlines;
  const errorBars = readErrorBars(ctx, ser, isScatter, (el) => numbers(el, budget));
  if (errorBars.length) s.errorBars = errorBars;
  if (vary) s.pointColors = pointColors(ctx, ser, values.length, place.palette?.style);
  const marker = child(ser, 'c:marker');
  if (type === 'line' || type === 'scatter' || type === 'radar') {
    const symbol = chartVal(marker, 'c:symbol');
    s.marker = symbol !== 'none';
    if (symbol && symbol !== 'none' && symbol !== 'auto') s.markerSymbol = symbol;
    const size = intValue(chartVal(marker, 'c:size'));
    if (size !== undefined) s.markerSizePt = Math.max(2, Math.min(72, size));
    if (chartFlag(ser, 'c:smooth') === true) s.smooth = true;
  }
  const labels = dataLabels(ctx, child(ser, 'c:dLbls'));
  if (labels) {
    s.labels = labels;
    s.dataLabels = true;
  }
  const explosion = intValue(chartVal(ser, 'c:explosion'));
  if (explosion !== undefined && explosion > 0) s.explosionPct = Math.min(400, explosion);
  const points = pointExplosions(ser, values.length);
  if (points) s.pointExplosionPct = points;
  const codeEl = child(child(child(valEl, 'c:numRef'), 'c:numCache'), 'c:formatCode') ?? child(child(valEl, 'c:numLit'), 'c:formatCode');
  const code = codeEl ? textContent(codeEl) : '';
  if (code && code !== 'General') s.formatCode = code;
  const catCode = child(child(child(child(ser, 'c:cat'), 'c:numRef'), 'c:numCache'), 'c:formatCode');
  const catFormat = catCode ? textContent(catCode) : '';
  if (catFormat && catFormat !== 'General') s.categoryFormatCode = catFormat;
  return s;
}

/**
 * Per-point colours of a varyColors series: the automatic colours of the chart style spread over the
 * points (as its series colours spread over the series; the accents without a style), overridden by
 * c:dPt fills.
 */
function pointColors(ctx: DocxContext, ser: XmlElement, count: number, style: number | undefined): Array<Color | undefined> {
  const n = Math.min(count, MAX_POINTS);
  const palette: ChartPalette | undefined = style !== undefined ? { style, count: n } : undefined;
  const points: Array<Color | undefined> = [];
  for (let i = 0; i < n; i++) points.push(paletteColor(ctx, palette, i));
  for (const dPt of children(ser, 'c:dPt')) {
    const idx = intValue(chartVal(dPt, 'c:idx'));
    const c = chartColor(ctx, child(dPt, 'c:spPr'));
    if (idx !== undefined && idx >= 0 && idx < points.length && c) points[idx] = c;
  }
  return points;
}

/** Per-point explosions (c:dPt/c:explosion, 0–400 %) of points that exist; undefined when none. */
function pointExplosions(ser: XmlElement, count: number): Record<number, number> | undefined {
  let out: Record<number, number> | undefined;
  for (const dPt of children(ser, 'c:dPt')) {
    const idx = intValue(chartVal(dPt, 'c:idx'));
    const pct = intValue(chartVal(dPt, 'c:explosion'));
    if (idx === undefined || idx < 0 || idx >= Math.min(count, MAX_POINTS) || pct === undefined) continue;
    (out ??= {})[idx] = Math.max(0, Math.min(400, pct));
  }
  return out;
}

/** Cached numbers (c:numRef/c:numCache or c:numLit) by point index; gaps are null. */
function numbers(el: XmlElement | undefined, budget: Budget): Array<number | null> {
  const cache = child(child(el, 'c:numRef'), 'c:numCache') ?? child(el, 'c:numLit');
  if (!cache) return [];
  const limit = pointLimit(cache, budget);
  const out: Array<number | null> = new Array(Math.min(limit, Math.max(0, intValue(chartVal(cache, 'c:ptCount')) ?? 0))).fill(null);
  for (const pt of children(cache, 'c:pt')) {
    const idx = intValue(attr(pt, 'idx'));
    if (idx === undefined || idx < 0 || idx >= limit) continue;
    const v = Number(textContent(child(pt, 'c:v') ?? pt));
    if (!Number.isFinite(v)) continue;
    while (out.length <= idx) out.push(null);
    out[idx] = v;
  }
  budget.left -= out.length;
  return out;
}

/** How many points of a cache may be read: the per-series cap within what the part has left. */
function pointLimit(cache: XmlElement, budget: Budget): number {
  const wanted = Math.max(intValue(chartVal(cache, 'c:ptCount')) ?? 0, 0);
  const limit = Math.max(0, Math.min(MAX_POINTS, budget.left));
  if (wanted > limit && limit < MAX_POINTS) budget.exhausted = true;
  return limit;
}

/** Cached category labels (string, number or multi-level caches; the innermost level of multi-level ones). */
function strings(el: XmlElement | undefined, budget: Budget): string[] {
  if (!el) return [];
  const numCache = child(child(el, 'c:numRef'), 'c:numCache') ?? child(el, 'c:numLit');
  const cache = child(child(el, 'c:strRef'), 'c:strCache') ?? child(el, 'c:strLit') ?? numCache
    ?? child(child(child(el, 'c:multiLvlStrRef'), 'c:multiLvlStrCache'), 'c:lvl');
  if (!cache) return [];
  const limit = pointLimit(cache, budget);
  const out: string[] = new Array(Math.min(limit, Math.max(0, intValue(chartVal(cache, 'c:ptCount')) ?? 0))).fill('');
  for (const pt of children(cache, 'c:pt')) {
    const idx = intValue(attr(pt, 'idx'));
    if (idx === undefined || idx < 0 || idx >= limit) continue;
    while (out.length <= idx) out.push('');
    out[idx] = textContent(child(pt, 'c:v') ?? pt);
  }
  budget.left -= out.length;
  return out;
}
