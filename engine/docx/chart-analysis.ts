/**
 * What a chart draws over and beside its series (ECMA-376 Part 1 §21.2): trendlines (c:trendline),
 * error bars (c:errBars) and the data table under the plot (c:dTable), read from the chart part.
 */
import type { ChartDataTable, ChartErrorBars, ChartTrendline } from '../model';
import type { XmlElement } from '../xml';
import { attr, child, children } from '../xml';
import { chartFlag, chartLine, chartNumber, chartTextStyle, chartVal } from './chart-style';
import type { DocxContext } from './context';
import { intValue } from './values';

const TRENDLINE_KINDS: ReadonlyArray<ChartTrendline['kind']> = ['linear', 'exp', 'log', 'poly', 'power', 'movingAvg'];
const MAX_TRENDLINES = 8;

/** c:trendline (§21.2.2.209): its kind (ST_TrendlineType; linear when absent, as the schema's default), options and line. */
export function readTrendlines(ctx: DocxContext, ser: XmlElement): ChartTrendline[] {
  const out: ChartTrendline[] = [];
  for (const t of children(ser, 'c:trendline').slice(0, MAX_TRENDLINES)) {
    const type = chartVal(t, 'c:trendlineType') ?? 'linear';
    const kind = TRENDLINE_KINDS.find((k) => k === type);
    if (!kind) continue;
    const tl: { -readonly [K in keyof ChartTrendline]: ChartTrendline[K] } = { kind };
    const period = intValue(chartVal(t, 'c:period'));
    if (kind === 'movingAvg') tl.period = Math.max(2, Math.min(255, period ?? 2));
    // c:order (ST_Order, 2–6; the schema's default 2).
    if (kind === 'poly') tl.order = Math.max(2, Math.min(6, intValue(chartVal(t, 'c:order')) ?? 2));
    const forward = chartNumber(t, 'c:forward');
    const backward = chartNumber(t, 'c:backward');
    const intercept = chartNumber(t, 'c:intercept');
    if (forward !== undefined && forward > 0) tl.forward = forward;
    if (backward !== undefined && backward > 0) tl.backward = backward;
    if (intercept !== undefined) tl.intercept = intercept;
    // A moving average has no equation (Excel offers the label for fits only).
    if (kind !== 'movingAvg' && chartFlag(t, 'c:dispEq') === true) tl.showEquation = true;
    if (kind !== 'movingAvg' && chartFlag(t, 'c:dispRSqr') === true) tl.showRSquared = true;
    const format = attr(child(child(t, 'c:trendlineLbl'), 'c:numFmt'), 'formatCode');
    if (format && format !== 'General') tl.labelFormat = format;
    const spPr = child(t, 'c:spPr');
    const line = chartLine(ctx, spPr);
    if (line) tl.line = line;
    const dash = attr(child(child(spPr, 'a:ln'), 'a:prstDash'), 'val');
    if (dash) tl.dashPreset = dash;
    out.push(tl);
  }
  return out;
}

const ERR_VALUE_TYPES: ReadonlyArray<ChartErrorBars['valueType']> = ['cust', 'fixedVal', 'percentage', 'stdDev', 'stdErr'];
/** c:val when a part leaves it out: Excel's own defaults (a fixed 1, 5 %, one standard deviation). */
const ERR_DEFAULT_VALUE: Record<ChartErrorBars['valueType'], number> = { cust: 0, fixedVal: 1, percentage: 5, stdDev: 1, stdErr: 1 };

/**
 * c:errBars (CT_ErrBars, §21.2.2.55) of a series: one per direction (c:errDir, y when absent; x only
 * for scatter series), with its type, amount, custom c:plus/c:minus caches, end caps and line.
 */
export function readErrorBars(ctx: DocxContext, ser: XmlElement, scatter: boolean, readNumbers: (el: XmlElement) => Array<number | null>): ChartErrorBars[] {
  const out: ChartErrorBars[] = [];
  for (const e of children(ser, 'c:errBars').slice(0, 2)) {
    const direction = scatter && chartVal(e, 'c:errDir') === 'x' ? 'x' : 'y';
    if (out.some((o) => o.direction === direction)) continue;
    const type = chartVal(e, 'c:errBarType');
    const valueType = ERR_VALUE_TYPES.find((t) => t === chartVal(e, 'c:errValType')) ?? 'fixedVal';
    const value = chartNumber(e, 'c:val');
    const bars: { -readonly [K in keyof ChartErrorBars]: ChartErrorBars[K] } = {
      direction,
      barType: type === 'plus' || type === 'minus' ? type : 'both',
      valueType,
      value: value !== undefined && value >= 0 ? value : ERR_DEFAULT_VALUE[valueType],
    };
    if (valueType === 'cust') {
      const plus = child(e, 'c:plus');
      const minus = child(e, 'c:minus');
      if (plus) bars.plus = readNumbers(plus);
      if (minus) bars.minus = readNumbers(minus);
    }
    if (chartFlag(e, 'c:noEndCap') === true) bars.noEndCap = true;
    const line = chartLine(ctx, child(e, 'c:spPr'));
    if (line) bars.line = line;
    out.push(bars);
  }
  return out;
}

/** c:dTable (CT_DTable, §21.2.2.54): which lines and keys it shows (each off when absent), its text and line. */
export function readDataTable(ctx: DocxContext, el: XmlElement | undefined): ChartDataTable | undefined {
  if (!el) return undefined;
  const out: { -readonly [K in keyof ChartDataTable]: ChartDataTable[K] } = {
    horzBorder: chartFlag(el, 'c:showHorzBorder') === true,
    vertBorder: chartFlag(el, 'c:showVertBorder') === true,
    outline: chartFlag(el, 'c:showOutline') === true,
    keys: chartFlag(el, 'c:showKeys') === true,
  };
  const style = chartTextStyle(ctx, child(el, 'c:txPr'));
  if (style) out.style = style;
  const line = chartLine(ctx, child(el, 'c:spPr'));
  if (line) out.line = line;
  return out;
}
