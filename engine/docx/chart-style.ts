/**
 * Chart part details shared by the chart reader: text properties (c:txPr), lines (a:ln), manual
 * layouts (c:manualLayout), data label options (c:dLbls), axes (c:catAx, c:valAx, c:dateAx) and the
 * automatic series colours (the theme accents with Office's variations past six series).
 */
import type { ChartAxis, ChartDataLabels, ChartLine, ChartManualLayout, ChartTextStyle, Color, GradientFill } from '../model';
import type { XmlElement } from '../xml';
import { attr, child, children, textContent } from '../xml';
import { applyDrawingTransforms } from './color';
import type { DocxContext } from './context';
import { readGradFill } from './gradient';
import { drawingColor, themeColor } from './theme';
import { intValue } from './values';

/** The c:val attribute of a child element. */
export const chartVal = (el: XmlElement | undefined, name: string): string | undefined => attr(child(el, name), 'val');

/** A boolean c:xxx val (CT_Boolean defaults to true when val is absent, §21.2.2). */
export function chartFlag(el: XmlElement | undefined, name: string): boolean | undefined {
  const c = child(el, name);
  if (!c) return undefined;
  const v = attr(c, 'val');
  return v === undefined || v === '1' || v === 'true';
}

/**
 * Office's automatic series colours (chart style colors1, cs:variation list): accent1..6, then the
 * same accents darkened or lightened in this order for series 7–12, 13–18 and so on.
 */
const VARIATIONS: ReadonlyArray<ReadonlyArray<{ name: string; value: number }>> = [
  [],
  [{ name: 'lumMod', value: 0.6 }],
  [{ name: 'lumMod', value: 0.8 }, { name: 'lumOff', value: 0.2 }],
  [{ name: 'lumMod', value: 0.8 }],
  [{ name: 'lumMod', value: 0.6 }, { name: 'lumOff', value: 0.4 }],
  [{ name: 'lumMod', value: 0.5 }],
  [{ name: 'lumMod', value: 0.7 }, { name: 'lumOff', value: 0.3 }],
  [{ name: 'lumMod', value: 0.7 }],
  [{ name: 'lumMod', value: 0.5 }, { name: 'lumOff', value: 0.5 }],
];

/** The automatic colour of series (or point) `index`: accent (index mod 6) + 1 with its variation. */
export function autoSeriesColor(ctx: DocxContext, index: number): Color | undefined {
  const i = Math.max(0, Math.floor(index));
  const base = themeColor(ctx.env.theme, ctx.env.mapping, `accent${(i % 6) + 1}`);
  if (!base) return undefined;
  const variation = VARIATIONS[Math.floor(i / 6) % VARIATIONS.length]!;
  return variation.length ? applyDrawingTransforms(base, variation) : base;
}

/** A colour inside a fill parent (a:solidFill), resolved against the theme. */
export function chartColor(ctx: DocxContext, fillParent: XmlElement | undefined): Color | undefined {
  return drawingColor(ctx.env.theme, ctx.env.mapping, child(fillParent, 'a:solidFill'));
}

/** The fill of a c:spPr: a:solidFill's colour, or a:gradFill's gradient with its middle stop as the colour. */
export function chartFill(ctx: DocxContext, spPr: XmlElement | undefined): { readonly color?: Color; readonly gradient?: GradientFill } {
  const grad = child(spPr, 'a:gradFill');
  const read = grad ? readGradFill(ctx.env, grad) : undefined;
  if (read) return read;
  const color = chartColor(ctx, spPr);
  return color ? { color } : {};
}

/** Line properties of a c:spPr (a:ln, §20.1.2.2.24): colour, width (EMU → pt) or none. */
export function chartLine(ctx: DocxContext, spPr: XmlElement | undefined): ChartLine | undefined {
  const ln = child(spPr, 'a:ln');
  if (!ln) return undefined;
  if (child(ln, 'a:noFill')) return { none: true };
  const out: { -readonly [K in keyof ChartLine]: ChartLine[K] } = {};
  const color = chartColor(ctx, ln);
  if (color) out.color = color;
  const w = intValue(attr(ln, 'w'));
  if (w !== undefined && w >= 0) out.widthPt = Math.min(w, 254000) / 12700;
  return out;
}

/**
 * Text properties from c:txPr or c:rich: the paragraph's a:defRPr, with the first run's a:rPr over
 * it (§21.1.2.3.2: defRPr holds the defaults of the paragraph's runs). A rich title often has an
 * empty defRPr and its colour or size on the run (oxsdk-chart3's red "fruit" title, drawn black).
 */
export function chartTextStyle(ctx: DocxContext, body: XmlElement | undefined): ChartTextStyle | undefined {
  if (!body) return undefined;
  const p = child(body, 'a:p');
  const layers = [child(child(p, 'a:pPr'), 'a:defRPr'), child(child(p, 'a:r'), 'a:rPr')];
  if (!layers.some((rPr) => rPr !== undefined)) return undefined;
  const out: { -readonly [K in keyof ChartTextStyle]: ChartTextStyle[K] } = {};
  for (const rPr of layers) if (rPr) readRunStyle(ctx, rPr, out);
  return Object.keys(out).length ? out : undefined;
}

/** Reads size, bold, italic and colour of one a:defRPr or a:rPr into `out`, over what it holds. */
function readRunStyle(ctx: DocxContext, rPr: XmlElement, out: { -readonly [K in keyof ChartTextStyle]: ChartTextStyle[K] }): void {
  const sz = intValue(attr(rPr, 'sz'));
  if (sz !== undefined && sz >= 100 && sz <= 400000) out.sizePt = sz / 100;
  const b = attr(rPr, 'b');
  if (b !== undefined) out.bold = b === '1' || b === 'true';
  const i = attr(rPr, 'i');
  if (i !== undefined) out.italic = i === '1' || i === 'true';
  const color = chartColor(ctx, rPr);
  if (color) out.color = color;
}

/** A fraction from c:manualLayout, clamped to a sane range. */
function fraction(el: XmlElement | undefined, name: string): number | undefined {
  const v = Number(chartVal(el, name));
  return chartVal(el, name) !== undefined && Number.isFinite(v) ? Math.max(-1, Math.min(2, v)) : undefined;
}

/** c:layout/c:manualLayout (§21.2.2.95) with edge-mode x/y; factor modes are ignored (automatic). */
export function manualLayout(layout: XmlElement | undefined): ChartManualLayout | undefined {
  const m = child(layout, 'c:manualLayout');
  if (!m) return undefined;
  if ((chartVal(m, 'c:xMode') ?? 'factor') !== 'edge' || (chartVal(m, 'c:yMode') ?? 'factor') !== 'edge') return undefined;
  const x = fraction(m, 'c:x');
  const y = fraction(m, 'c:y');
  if (x === undefined || y === undefined) return undefined;
  const out: { -readonly [K in keyof ChartManualLayout]: ChartManualLayout[K] } = { x: Math.max(0, x), y: Math.max(0, y) };
  const w = fraction(m, 'c:w');
  const h = fraction(m, 'c:h');
  if (w !== undefined && w > 0) out.w = Math.min(1, w);
  if (h !== undefined && h > 0) out.h = Math.min(1, h);
  if (chartVal(m, 'c:layoutTarget') === 'inner') out.inner = true;
  return out;
}

/** c:dLbls (§21.2.2.49): undefined when nothing is shown. */
export function dataLabels(ctx: DocxContext, el: XmlElement | undefined): ChartDataLabels | undefined {
  if (!el || chartFlag(el, 'c:delete')) return undefined;
  const out: { -readonly [K in keyof ChartDataLabels]: ChartDataLabels[K] } = {
    showValue: chartFlag(el, 'c:showVal') === true,
    showPercent: chartFlag(el, 'c:showPercent') === true,
    showCategory: chartFlag(el, 'c:showCatName') === true,
    showSeries: chartFlag(el, 'c:showSerName') === true,
  };
  if (!out.showValue && !out.showPercent && !out.showCategory && !out.showSeries) return undefined;
  const pos = chartVal(el, 'c:dLblPos');
  if (pos) out.position = pos;
  const fmt = attr(child(el, 'c:numFmt'), 'formatCode');
  if (fmt && fmt !== 'General') out.formatCode = fmt;
  const style = chartTextStyle(ctx, child(el, 'c:txPr'));
  if (style) out.style = style;
  return out;
}

/** Rich or referenced text of a title or series name. */
export function chartTextOf(tx: XmlElement | undefined): string | undefined {
  if (!tx) return undefined;
  const rich = child(tx, 'c:rich');
  if (rich) return children(rich, 'a:p').map((p) => children(p, 'a:r').map((r) => textContent(child(r, 'a:t') ?? r)).join('')).join('\n');
  const ref = child(tx, 'c:strRef');
  const cache = child(ref, 'c:strCache');
  if (cache) return children(cache, 'c:pt').map((p) => textContent(child(p, 'c:v') ?? p)).join(' ');
  const v = child(tx, 'c:v');
  return v ? textContent(v) : undefined;
}

const AX_KIND: Record<string, ChartAxis['kind']> = { 'c:catAx': 'category', 'c:valAx': 'value', 'c:dateAx': 'date', 'c:serAx': 'category' };
const AX_POS: Record<string, ChartAxis['position']> = { l: 'left', r: 'right', t: 'top', b: 'bottom' };
const TICK_LABELS: Record<string, NonNullable<ChartAxis['tickLabels']>> = { nextTo: 'nextTo', low: 'low', high: 'high', none: 'none' };

/** A chart element's numeric c:…/@val, or undefined when it is absent, blank or not a finite number. */
export function chartNumber(el: XmlElement | undefined, name: string): number | undefined {
  const raw = chartVal(el, name);
  const v = Number(raw);
  return raw !== undefined && raw.trim() !== '' && Number.isFinite(v) ? v : undefined;
}

/** The axes of a plot area (c:catAx, c:valAx, c:dateAx, c:serAx; §21.2.2.25, .226, .39, .175). */
export function readChartAxes(ctx: DocxContext, plotArea: XmlElement | undefined): ChartAxis[] {
  const out: ChartAxis[] = [];
  for (const c of plotArea?.children ?? []) {
    if (c.kind === 'element' && AX_KIND[c.name]) out.push(readAxis(ctx, c, AX_KIND[c.name]!));
  }
  return out;
}

function readAxis(ctx: DocxContext, c: XmlElement, kind: ChartAxis['kind']): ChartAxis {
  const scaling = child(c, 'c:scaling');
  const grid = child(c, 'c:majorGridlines');
  const ax: { -readonly [K in keyof ChartAxis]: ChartAxis[K] } = {
    kind,
    position: AX_POS[chartVal(c, 'c:axPos') ?? 'b'] ?? 'bottom',
    majorGridlines: grid !== undefined,
    deleted: chartFlag(c, 'c:delete') === true,
  };
  const id = chartVal(c, 'c:axId');
  if (id) ax.id = id;
  const cross = chartVal(c, 'c:crossAx');
  if (cross) ax.crossAxisId = cross;
  const title = child(c, 'c:title');
  const titleText = chartTextOf(child(title, 'c:tx'));
  if (titleText) ax.title = titleText;
  else if (title) ax.title = 'Axis Title';
  const titleStyle = chartTextStyle(ctx, child(child(title, 'c:tx'), 'c:rich')) ?? chartTextStyle(ctx, child(title, 'c:txPr'));
  if (titleStyle) ax.titleStyle = titleStyle;
  const bodyPr = child(child(child(title, 'c:tx'), 'c:rich'), 'a:bodyPr') ?? child(child(title, 'c:txPr'), 'a:bodyPr');
  if (attr(bodyPr, 'rot') === '0' && (attr(bodyPr, 'vert') ?? 'horz') === 'horz') ax.titleHorizontal = true;
  const min = chartNumber(scaling, 'c:min');
  const max = chartNumber(scaling, 'c:max');
  const unit = chartNumber(c, 'c:majorUnit');
  if (min !== undefined) ax.min = min;
  if (max !== undefined) ax.max = max;
  if (unit !== undefined && unit > 0) ax.majorUnit = unit;
  if (chartVal(scaling, 'c:orientation') === 'maxMin') ax.reversed = true;
  // ST_LogBase: 2 to 1000; a base outside it is read as a linear axis.
  const logBase = chartNumber(scaling, 'c:logBase');
  if (kind === 'value' && logBase !== undefined && logBase >= 2 && logBase <= 1000) ax.logBase = logBase;
  const crosses = chartVal(c, 'c:crosses');
  const crossesAt = chartNumber(c, 'c:crossesAt');
  if (crossesAt !== undefined) ax.crosses = crossesAt;
  else if (crosses === 'min' || crosses === 'max' || crosses === 'autoZero') ax.crosses = crosses;
  const tick = TICK_LABELS[chartVal(c, 'c:tickLblPos') ?? ''];
  if (tick) ax.tickLabels = tick;
  const mark = chartVal(c, 'c:majorTickMark');
  // CT_TickMark defaults to cross when the element is absent (§21.2.2.107).
  ax.majorTickMark = mark === 'out' || mark === 'in' || mark === 'none' ? mark : 'cross';
  const between = chartVal(c, 'c:crossBetween');
  if (between === 'between' || between === 'midCat') ax.crossBetween = between;
  const numFmt = child(c, 'c:numFmt');
  const fmt = attr(numFmt, 'formatCode');
  if (fmt && fmt !== 'General') ax.formatCode = fmt;
  const line = chartLine(ctx, child(c, 'c:spPr'));
  if (line) ax.line = line;
  const gridline = chartLine(ctx, child(grid, 'c:spPr'));
  if (gridline) ax.gridline = gridline;
  const text = chartTextStyle(ctx, child(c, 'c:txPr'));
  if (text) ax.textStyle = text;
  readDisplayUnits(child(c, 'c:dispUnits'), ax);
  return ax;
}

/** ST_BuiltInUnit (§21.2.3.6) with the label Excel shows for it. */
const BUILT_IN_UNITS: Record<string, readonly [number, string]> = {
  hundreds: [1e2, 'Hundreds'], thousands: [1e3, 'Thousands'], tenThousands: [1e4, 'x 10000'], hundredThousands: [1e5, 'x 100000'],
  millions: [1e6, 'Millions'], tenMillions: [1e7, 'x 10000000'], hundredMillions: [1e8, 'x 100000000'], billions: [1e9, 'Billions'], trillions: [1e12, 'Trillions'],
};

/** c:dispUnits (§21.2.2.52): a built-in unit (c:builtInUnit) or a custom one (c:custUnit), and its label when c:dispUnitsLbl is there. */
function readDisplayUnits(el: XmlElement | undefined, ax: { displayUnit?: number; displayUnitLabel?: string }): void {
  if (!el) return;
  const builtIn = BUILT_IN_UNITS[chartVal(el, 'c:builtInUnit') ?? ''];
  const custom = chartNumber(el, 'c:custUnit');
  const unit = builtIn?.[0] ?? (custom !== undefined && custom > 0 ? custom : undefined);
  if (unit === undefined) return;
  ax.displayUnit = unit;
  const label = child(el, 'c:dispUnitsLbl');
  if (!label) return;
  const own = chartTextOf(child(label, 'c:tx'));
  const text = own ?? builtIn?.[1] ?? String(unit);
  if (text) ax.displayUnitLabel = text;
}
