/**
 * Charts (c:chartSpace, ECMA-376 Part 1 §21.2) read from the chart part's cached values: plot types
 * and grouping, series names, categories, values, colours (explicit, else the theme's accents in
 * order), axes, legend, title and data labels. Live data (the embedded workbook) is not read.
 */
import type { ChartAxis, ChartModel, ChartPlot, ChartSeries, Color } from '../model';
import type { XmlElement } from '../xml';
import { attr, child, children, textContent } from '../xml';
import type { DocxContext } from './context';
import { drawingColor, themeColor } from './theme';
import { intValue } from './values';

const MAX_POINTS = 100_000;

const PLOT_TYPES: Record<string, ChartPlot['type']> = {
  'c:barChart': 'bar', 'c:bar3DChart': 'bar', 'c:lineChart': 'line', 'c:line3DChart': 'line', 'c:pieChart': 'pie', 'c:pie3DChart': 'pie',
  'c:ofPieChart': 'pie', 'c:doughnutChart': 'doughnut', 'c:areaChart': 'area', 'c:area3DChart': 'area', 'c:scatterChart': 'scatter',
  'c:radarChart': 'radar', 'c:bubbleChart': 'unsupported', 'c:stockChart': 'unsupported', 'c:surfaceChart': 'unsupported', 'c:surface3DChart': 'unsupported',
};

const val = (el: XmlElement | undefined, name: string) => attr(child(el, name), 'val');

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
  let seriesIndex = 0;
  for (const c of plotArea?.children ?? []) {
    if (c.kind !== 'element') continue;
    const type = PLOT_TYPES[c.name];
    if (!type) continue;
    if (type === 'unsupported' || c.name.includes('3D')) {
      ctx.bag.warn('docx/chart-type', `Chart type ${c.name} is drawn as ${type === 'unsupported' ? 'a placeholder' : 'a flat chart'}.`, { at: part });
    }
    const plot = readPlot(ctx, c, type, seriesIndex);
    seriesIndex += plot.series.length;
    plots.push(plot);
  }
  const model: { -readonly [K in keyof ChartModel]: ChartModel[K] } = { plots, axes: readAxes(plotArea) };
  const title = chartTitle(chart, plots);
  if (title) model.title = title;
  const legend = child(chart, 'c:legend');
  if (legend) {
    const pos = val(legend, 'c:legendPos') ?? 'r';
    model.legend = { position: pos === 'l' ? 'left' : pos === 't' ? 'top' : pos === 'b' ? 'bottom' : pos === 'tr' ? 'topRight' : 'right' };
  }
  const bg = drawingColor(ctx.env.theme, ctx.env.mapping, child(child(root, 'c:spPr'), 'a:solidFill'));
  if (bg) model.background = bg;
  const font = attr(findDeep(child(root, 'c:txPr'), 'a:latin'), 'typeface');
  model.font = font && !font.startsWith('+') ? font : ctx.env.theme.minor.latin ?? 'Calibri';
  return model;
}

function findDeep(el: XmlElement | undefined, name: string): XmlElement | undefined {
  if (!el) return undefined;
  const stack: XmlElement[] = [el];
  while (stack.length) {
    const e = stack.pop()!;
    if (e.name === name) return e;
    for (const c of e.children) if (c.kind === 'element') stack.push(c);
  }
  return undefined;
}

/** Rich or referenced text of a title or series name. */
function textOf(tx: XmlElement | undefined): string | undefined {
  if (!tx) return undefined;
  const rich = child(tx, 'c:rich');
  if (rich) return children(rich, 'a:p').map((p) => children(p, 'a:r').map((r) => textContent(child(r, 'a:t') ?? r)).join('')).join('\n');
  const ref = child(tx, 'c:strRef');
  const cache = child(ref, 'c:strCache');
  if (cache) return children(cache, 'c:pt').map((p) => textContent(child(p, 'c:v') ?? p)).join(' ');
  const v = child(tx, 'c:v');
  return v ? textContent(v) : undefined;
}

function chartTitle(chart: XmlElement, plots: readonly ChartPlot[]): string | undefined {
  if (val(chart, 'c:autoTitleDeleted') === '1') return undefined;
  const title = child(chart, 'c:title');
  if (!title) return undefined;
  const text = textOf(child(title, 'c:tx'));
  if (text) return text;
  // A title without text is Word's automatic title: the series name of a one-series chart.
  const all = plots.flatMap((p) => p.series);
  return all.length === 1 ? all[0]!.name : 'Chart Title';
}

function readPlot(ctx: DocxContext, el: XmlElement, type: ChartPlot['type'], firstIndex: number): ChartPlot {
  const barDir = val(el, 'c:barDir');
  const grouping = val(el, 'c:grouping');
  const plot: { -readonly [K in keyof ChartPlot]: ChartPlot[K] } = {
    type: type === 'bar' && barDir !== 'bar' ? 'column' : type,
    grouping: grouping === 'stacked' ? 'stacked' : grouping === 'percentStacked' ? 'percentStacked' : grouping === 'clustered' ? 'clustered' : type === 'bar' ? 'clustered' : 'standard',
    series: [],
  };
  const vary = val(el, 'c:varyColors') === '1' && (type === 'pie' || type === 'doughnut');
  const series = children(el, 'c:ser').slice(0, 1000);
  plot.series = series.map((s, i) => readSeries(ctx, s, firstIndex + i, vary, type));
  const hole = intValue(val(el, 'c:holeSize'));
  if (type === 'doughnut') plot.holeSizePct = hole ?? 50;
  const gap = intValue(val(el, 'c:gapWidth'));
  if (gap !== undefined) plot.gapWidthPct = gap;
  const overlap = intValue(val(el, 'c:overlap'));
  if (overlap !== undefined) plot.overlapPct = overlap;
  return plot;
}

function accent(ctx: DocxContext, index: number): Color | undefined {
  return themeColor(ctx.env.theme, ctx.env.mapping, `accent${(index % 6) + 1}`);
}

function readSeries(ctx: DocxContext, ser: XmlElement, index: number, vary: boolean, type: ChartPlot['type']): ChartSeries {
  const isScatter = type === 'scatter';
  const values = numbers(child(ser, isScatter ? 'c:yVal' : 'c:val'));
  const cats = strings(child(ser, isScatter ? 'c:xVal' : 'c:cat'));
  const spPr = child(ser, 'c:spPr');
  const s: { -readonly [K in keyof ChartSeries]: ChartSeries[K] } = {
    name: textOf(child(ser, 'c:tx')) ?? `Series${index + 1}`,
    categories: cats.length > 0 ? cats : values.map((_v, i) => String(i + 1)),
    values,
  };
  if (isScatter) s.xValues = numbers(child(ser, 'c:xVal'));
  const fill = drawingColor(ctx.env.theme, ctx.env.mapping, child(spPr, 'a:solidFill'));
  const line = drawingColor(ctx.env.theme, ctx.env.mapping, child(child(spPr, 'a:ln'), 'a:solidFill'));
  const color = fill ?? (type === 'line' || type === 'scatter' || type === 'radar' ? line : undefined) ?? accent(ctx, index);
  if (color) s.color = color;
  if (line) s.lineColor = line;
  if (vary) {
    const points: Array<Color | undefined> = values.map((_v, i) => accent(ctx, i));
    for (const dPt of children(ser, 'c:dPt')) {
      const idx = intValue(val(dPt, 'c:idx'));
      const c = drawingColor(ctx.env.theme, ctx.env.mapping, child(child(dPt, 'c:spPr'), 'a:solidFill'));
      if (idx !== undefined && idx >= 0 && idx < points.length && c) points[idx] = c;
    }
    s.pointColors = points;
  }
  const marker = child(ser, 'c:marker');
  if (type === 'line' || type === 'scatter' || type === 'radar') s.marker = val(marker, 'c:symbol') !== 'none';
  const labels = child(ser, 'c:dLbls');
  if (labels && (val(labels, 'c:showVal') === '1' || val(labels, 'c:showPercent') === '1')) s.dataLabels = true;
  const codeEl = child(child(child(child(ser, isScatter ? 'c:yVal' : 'c:val'), 'c:numRef'), 'c:numCache'), 'c:formatCode');
  const code = codeEl ? textContent(codeEl) : '';
  if (code && code !== 'General') s.formatCode = code;
  return s;
}

/** Cached numbers (c:numRef/c:numCache or c:numLit) by point index; gaps are null. */
function numbers(el: XmlElement | undefined): Array<number | null> {
  const cache = child(child(el, 'c:numRef'), 'c:numCache') ?? child(el, 'c:numLit');
  if (!cache) return [];
  const count = Math.min(intValue(val(cache, 'c:ptCount')) ?? 0, MAX_POINTS);
  const out: Array<number | null> = new Array(Math.max(0, count)).fill(null);
  for (const pt of children(cache, 'c:pt')) {
    const idx = intValue(attr(pt, 'idx'));
    const v = Number(textContent(child(pt, 'c:v') ?? pt));
    if (idx === undefined || idx < 0 || idx >= MAX_POINTS || !Number.isFinite(v)) continue;
    while (out.length <= idx) out.push(null);
    out[idx] = v;
  }
  return out;
}

/** Cached category labels (string, number or multi-level caches; the innermost level of multi-level ones). */
function strings(el: XmlElement | undefined): string[] {
  if (!el) return [];
  const cache = child(child(el, 'c:strRef'), 'c:strCache') ?? child(el, 'c:strLit') ?? child(child(el, 'c:numRef'), 'c:numCache') ?? child(el, 'c:numLit')
    ?? child(child(child(el, 'c:multiLvlStrRef'), 'c:multiLvlStrCache'), 'c:lvl');
  if (!cache) return [];
  const count = Math.min(intValue(val(cache, 'c:ptCount')) ?? 0, MAX_POINTS);
  const out: string[] = new Array(Math.max(0, count)).fill('');
  for (const pt of children(cache, 'c:pt')) {
    const idx = intValue(attr(pt, 'idx'));
    if (idx === undefined || idx < 0 || idx >= MAX_POINTS) continue;
    while (out.length <= idx) out.push('');
    out[idx] = textContent(child(pt, 'c:v') ?? pt);
  }
  return out;
}

const AX_KIND: Record<string, ChartAxis['kind']> = { 'c:catAx': 'category', 'c:valAx': 'value', 'c:dateAx': 'date', 'c:serAx': 'category' };
const AX_POS: Record<string, ChartAxis['position']> = { l: 'left', r: 'right', t: 'top', b: 'bottom' };

function readAxes(plotArea: XmlElement | undefined): ChartAxis[] {
  const out: ChartAxis[] = [];
  for (const c of plotArea?.children ?? []) {
    if (c.kind !== 'element' || !AX_KIND[c.name]) continue;
    const scaling = child(c, 'c:scaling');
    const num = (name: string, parent: XmlElement | undefined) => {
      const v = Number(val(parent, name));
      return Number.isFinite(v) && val(parent, name) !== undefined ? v : undefined;
    };
    const ax: { -readonly [K in keyof ChartAxis]: ChartAxis[K] } = {
      kind: AX_KIND[c.name]!,
      position: AX_POS[val(c, 'c:axPos') ?? 'b'] ?? 'bottom',
      majorGridlines: child(c, 'c:majorGridlines') !== undefined,
      deleted: val(c, 'c:delete') === '1',
    };
    const title = textOf(child(child(c, 'c:title'), 'c:tx'));
    if (title) ax.title = title;
    const min = num('c:min', scaling);
    const max = num('c:max', scaling);
    const unit = num('c:majorUnit', c);
    if (min !== undefined) ax.min = min;
    if (max !== undefined) ax.max = max;
    if (unit !== undefined && unit > 0) ax.majorUnit = unit;
    const fmt = attr(child(c, 'c:numFmt'), 'formatCode');
    if (fmt && fmt !== 'General') ax.formatCode = fmt;
    out.push(ax);
  }
  return out;
}
