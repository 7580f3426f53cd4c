/**
 * Options of the chart kinds that are more than bars, lines and pies: radar styles (c:radarStyle,
 * §21.2.2.154), bubble scaling (c:bubbleChart, §21.2.2.20), pie-of-pie and bar-of-pie splits
 * (c:ofPieChart, §21.2.2.126), stock chart high-low lines and up/down bars (c:stockChart, §21.2.2.198),
 * the same and drop lines of 2-D line and area charts,
 * and the 3-D view of 3-D plots (c:view3D, §21.2.2.228, with the
 * defaults Office uses when the part leaves them out).
 */
import type { ChartBarLook, ChartBubbles, ChartLine, ChartLineDecor, ChartOfPie, ChartPlot, ChartView3D } from '../model';
import type { XmlElement } from '../xml';
import { attr, child, children } from '../xml';
import { chartColor, chartFlag, chartLine, chartVal } from './chart-style';
import { paletteColor } from './chart-palette';
import type { DocxContext } from './context';
import { intValue } from './values';

type KindOptions = Pick<ChartPlot, 'radarStyle' | 'bubbles' | 'ofPie' | 'view3D' | 'gapDepthPct' | 'stock' | 'lineDecor'>;

const MAX_CUSTOM_SPLIT = 10_000;

/**
 * The kind-specific options of a plot element (`chart` is c:chart, which holds c:view3D; `points`
 * the first series' point count, whose next automatic colour, under the chart style `style`, is a
 * pie-of-pie's "Other" slice).
 */
export function readKindOptions(ctx: DocxContext, el: XmlElement, chart: XmlElement, points: number, style?: number): KindOptions {
  const out: { -readonly [K in keyof KindOptions]: KindOptions[K] } = {};
  if (el.name === 'c:radarChart') {
    const style = chartVal(el, 'c:radarStyle');
    out.radarStyle = style === 'filled' || style === 'marker' ? style : 'standard';
  } else if (el.name === 'c:bubbleChart') out.bubbles = readBubbles(el);
  else if (el.name === 'c:ofPieChart') out.ofPie = readOfPie(ctx, el, points, style);
  else if (el.name === 'c:stockChart' || el.name === 'c:lineChart' || el.name === 'c:areaChart') {
    if (el.name === 'c:stockChart') out.stock = true;
    // Drop lines of a stock plot are not drawn (readChart warns of them).
    const decor = { ...(el.name !== 'c:areaChart' ? readStock(ctx, el) : {}), ...(el.name !== 'c:stockChart' ? readDropLines(ctx, el) : {}) };
    if (Object.keys(decor).length) out.lineDecor = decor;
  }
  else if (/^c:(bar|area|line|pie)3DChart$/.test(el.name)) {
    out.view3D = readView3D(child(chart, 'c:view3D'), el.name === 'c:pie3DChart');
    const gapDepth = intValue(chartVal(el, 'c:gapDepth'));
    if (gapDepth !== undefined) out.gapDepthPct = Math.max(0, Math.min(500, gapDepth));
  }
  return out;
}

function readBubbles(el: XmlElement): ChartBubbles {
  const scale = intValue(chartVal(el, 'c:bubbleScale'));
  return {
    scalePct: Math.max(0, Math.min(300, scale ?? 100)),
    sizeRepresents: chartVal(el, 'c:sizeRepresents') === 'w' ? 'w' : 'area',
    showNegative: chartFlag(el, 'c:showNegBubbles') === true,
  };
}

/**
 * c:hiLowLines and c:upDownBars of a stock chart (§21.2.2.198). Up bars default to white and down bars
 * to black, both outlined in black, as Office draws them when c:upBars/c:downBars carry no c:spPr.
 */
function readStock(ctx: DocxContext, el: XmlElement): ChartLineDecor {
  const out: { -readonly [K in keyof ChartLineDecor]: ChartLineDecor[K] } = {};
  const hiLow = child(el, 'c:hiLowLines');
  if (hiLow) out.hiLowLines = chartLine(ctx, child(hiLow, 'c:spPr')) ?? {};
  const bars = child(el, 'c:upDownBars');
  if (bars) {
    out.upDownBars = {
      gapWidthPct: Math.max(0, Math.min(500, intValue(chartVal(bars, 'c:gapWidth')) ?? 150)),
      up: barLook(ctx, child(bars, 'c:upBars'), 'FFFFFF'),
      down: barLook(ctx, child(bars, 'c:downBars'), '000000'),
    };
  }
  return out;
}

/** c:dropLines (§21.2.2.53): black unless its c:spPr says otherwise, as Office draws them. */
function readDropLines(ctx: DocxContext, el: XmlElement): ChartLineDecor {
  const drop = child(el, 'c:dropLines');
  return drop ? { dropLines: chartLine(ctx, child(drop, 'c:spPr')) ?? {} } : {};
}

function barLook(ctx: DocxContext, el: XmlElement | undefined, fallback: string): ChartBarLook {
  const spPr = child(el, 'c:spPr');
  const line = chartLine(ctx, spPr);
  if (child(spPr, 'a:noFill')) return { noFill: true, ...(line ? { line } : {}) };
  return { fill: chartColor(ctx, spPr) ?? fallback, ...(line ? { line } : {}) };
}

const SPLIT_TYPES: ReadonlyArray<ChartOfPie['splitType']> = ['auto', 'cust', 'percent', 'pos', 'val'];

function readOfPie(ctx: DocxContext, el: XmlElement, points: number, style: number | undefined): ChartOfPie {
  const type = chartVal(el, 'c:splitType');
  const out: { -readonly [K in keyof ChartOfPie]: ChartOfPie[K] } = {
    kind: chartVal(el, 'c:ofPieType') === 'bar' ? 'bar' : 'pie',
    splitType: SPLIT_TYPES.find((t) => t === type) ?? 'auto',
    secondSizePct: Math.max(5, Math.min(200, intValue(chartVal(el, 'c:secondPieSize')) ?? 75)),
  };
  const pos = Number(chartVal(el, 'c:splitPos'));
  if (chartVal(el, 'c:splitPos') !== undefined && Number.isFinite(pos)) out.splitPos = pos;
  const custom = children(child(el, 'c:custSplit'), 'c:secondPiePt').slice(0, MAX_CUSTOM_SPLIT);
  const indices = custom.map((p) => intValue(attr(p, 'val'))).filter((i): i is number => i !== undefined && i >= 0);
  if (indices.length) out.custSplit = indices;
  const other = paletteColor(ctx, style !== undefined ? { style, count: points + 1 } : undefined, points);
  if (other) out.otherColor = other;
  const lines = child(el, 'c:serLines');
  if (lines) out.serLines = chartLine(ctx, child(lines, 'c:spPr')) ?? {};
  return out;
}

/** c:view3D over Office's defaults (15° tilt, 20° turn, depth 100 %, right-angled axes; pies 30° and 0°). */
function readView3D(view: XmlElement | undefined, pie: boolean): ChartView3D {
  const rotX = intValue(chartVal(view, 'c:rotX'));
  const rotY = intValue(chartVal(view, 'c:rotY'));
  const depth = intValue(chartVal(view, 'c:depthPercent'));
  return {
    rotXDeg: Math.max(-90, Math.min(90, rotX ?? (pie ? 30 : 15))),
    rotYDeg: (((rotY ?? (pie ? 0 : 20)) % 360) + 360) % 360,
    depthPct: Math.max(20, Math.min(2000, depth ?? 100)),
    rightAngleAxes: chartFlag(view, 'c:rAngAx') ?? !pie,
  };
}
