/**
 * The plot plane of bar, column, line, area and scatter charts: binds each plot to its axes
 * (c:axId), scales the value axes over the data they carry, and sizes the inner plot rectangle so
 * tick labels and axis titles fit inside the plot area's box (Office's automatic layout), or takes
 * the inner rectangle from a manual layout.
 */
import type { ChartAxis, ChartPlot } from '../../model';
import { LABEL_GAP, tickLabels, valueLabel, type AxisFrame, type CategoryFrame, type TickLabels, type ValueFrame } from './axes';
import { textStyle, type ChartDraw, type Rect } from './context';
import { formatChartNumber } from './format-number';
import { bubbleRadius, MAX_DIAMETER } from './draw-bubble';
import { scaleAxis, scaleLogAxis, ticksOf, type AxisScale } from './scale';
import { categoryCount, categoryLabels, isStacked, plotSpans, type PlotSpans } from './series-data';
import type { ShapedText, TextStyle } from './text';

/** A plot with its horizontal and vertical axis frames. */
export interface PlotBinding {
  readonly plot: ChartPlot;
  readonly h: AxisFrame;
  readonly v: AxisFrame;
  /** Stacked or plain spans (not for scatter). */
  readonly spans?: PlotSpans;
}

/** The laid-out plane. */
export interface Plane {
  readonly rect: Rect;
  readonly bindings: readonly PlotBinding[];
  /** Every distinct frame with its tick labels. */
  readonly frames: ReadonlyArray<{ readonly frame: AxisFrame; readonly ticks: TickLabels; readonly title?: ShapedText; readonly unitLabel?: ShapedText }>;
}

interface Slot {
  readonly axis: ChartAxis | undefined;
  readonly vertical: boolean;
  kind: 'category' | 'value';
  min: number;
  max: number;
  /** The smallest value above 0, which starts a logarithmic axis. */
  minPositive: number;
  count: number;
  labels: string[];
  percent: boolean;
  format?: string;
  between?: boolean;
  /** Bubbles on this axis: their values and radii as fractions of the plot's shorter side. */
  bubbles?: Array<{ at: number; rel: number }>;
}

/** Finds a plot's axes: by c:axId, else the chart's first axes of the needed kinds. */
export function axesOf(axes: readonly ChartAxis[], plot: ChartPlot): { cat?: ChartAxis; val?: ChartAxis; x?: ChartAxis; y?: ChartAxis } {
  const own = plot.axisIds?.length ? axes.filter((a) => a.id !== undefined && plot.axisIds!.includes(a.id)) : [];
  const pool = own.length ? own : axes;
  const values = pool.filter((a) => a.kind === 'value');
  if (plot.type === 'scatter') {
    const x = values.find((a) => a.position === 'bottom' || a.position === 'top') ?? values[0];
    const y = values.find((a) => a !== x) ?? pool.find((a) => a !== x);
    return { ...(x ? { x } : {}), ...(y ? { y } : {}) };
  }
  const cat = pool.find((a) => a.kind !== 'value');
  const val = values[0];
  return { ...(cat ? { cat } : {}), ...(val ? { val } : {}) };
}

/**
 * Builds the plane for the axis plots of a chart inside the plot area box `outer`; `below` and
 * `left` are room kept under and left of the plot besides its labels' (a data table's).
 */
export function buildPlane(draw: ChartDraw, plots: readonly ChartPlot[], outer: Rect, innerGiven: boolean, reserve?: { readonly below: number; readonly left: number }): Plane {
  const slots = new Map<ChartAxis | string, Slot>();
  const slot = (axis: ChartAxis | undefined, key: string, vertical: boolean, kind: Slot['kind']): Slot => {
    const k = axis ?? key;
    let s = slots.get(k);
    if (!s) {
      s = { axis, vertical, kind, min: Infinity, max: -Infinity, minPositive: Infinity, count: 0, labels: [], percent: false };
      slots.set(k, s);
    }
    return s;
  };
  const pending: Array<{ plot: ChartPlot; h: Slot; v: Slot; spans?: PlotSpans }> = [];
  for (const plot of plots) {
    const ax = axesOf(draw.chart.axes, plot);
    if (plot.type === 'scatter') {
      const h = slot(ax.x, 'x', false, 'value');
      const v = slot(ax.y, 'y', true, 'value');
      addScatterRange(plot, h, v);
      if (plot.bubbles) addBubbleRoom(plot, h, v);
      pending.push({ plot, h, v });
      continue;
    }
    const horizontalBars = plot.type === 'bar';
    const cat = slot(ax.cat, 'cat', horizontalBars, 'category');
    const val = slot(ax.val, 'val', !horizontalBars, 'value');
    const spans = plotSpans(plot);
    const n = categoryCount(plot.series);
    if (n > cat.count) {
      cat.count = n;
      cat.labels = categoryLabels(plot.series, n).map((l) => categoryText(l, plot, ax.cat));
    }
    cat.between ??= ax.val?.crossBetween ? ax.val.crossBetween === 'between' : plot.type !== 'area';
    val.min = Math.min(val.min, spans.min, isStacked(plot) || plot.type !== 'line' ? 0 : spans.min);
    val.max = Math.max(val.max, spans.max);
    for (const row of spans.spans) for (const span of row) if (span && span.top > 0) val.minPositive = Math.min(val.minPositive, span.top);
    if (plot.grouping === 'percentStacked') val.percent = true;
    val.format ??= ax.val?.formatCode ?? (plot.grouping === 'percentStacked' ? '0%' : plot.series.find((s) => s.formatCode)?.formatCode);
    pending.push(horizontalBars ? { plot, h: val, v: cat, spans } : { plot, h: cat, v: val, spans });
  }
  const build = (rect: Rect) => {
    const frames = new Map<Slot, AxisFrame>();
    for (const s of slots.values()) frames.set(s, frameOf(draw, s, rect));
    return frames;
  };
  let rect = innerGiven ? outer : shrink(outer, 32, 8, 8, 18);
  let frames = build(rect);
  const pad = labelRoom(draw, outer, frames);
  if (reserve) {
    pad.bottom += reserve.below;
    pad.left = Math.max(pad.left, reserve.left);
  }
  rect = innerGiven ? keepInside(rect, pad, draw.bounds) : shrink(outer, pad.left, pad.right, pad.top, pad.bottom);
  if (rect !== outer) frames = build(rect);
  const list = [...frames.values()].map((frame) => axisLabels(draw, frame, rect));
  const bindings = pending.map((p) => ({ plot: p.plot, h: frames.get(p.h)!, v: frames.get(p.v)!, ...(p.spans ? { spans: p.spans } : {}) }));
  return { rect, bindings, frames: list };
}

/** Widens a scatter plot's x and y slots to its points (a point without both coordinates is left out). */
function addScatterRange(plot: ChartPlot, h: Slot, v: Slot): void {
  for (const s of plot.series) {
    s.values.forEach((y, i) => {
      const x = s.xValues?.[i] ?? (s.xValues?.length ? null : i + 1);
      if (y === null || x === null || x === undefined) return;
      v.min = Math.min(v.min, y);
      v.max = Math.max(v.max, y);
      h.min = Math.min(h.min, x);
      h.max = Math.max(h.max, x);
      if (y > 0) v.minPositive = Math.min(v.minPositive, y);
      if (x > 0) h.minPositive = Math.min(h.minPositive, x);
    });
  }
}

/** An axis frame with its shaped tick labels, title and display-unit label. */
function axisLabels(draw: ChartDraw, frame: AxisFrame, rect: Rect) {
  const title = frame.axis?.title && !frame.axis.deleted ? draw.text.shape(frame.axis.title, textStyle({ ...draw.base, bold: true }, frame.axis.titleStyle)) : undefined;
  const unitText = frame.axis?.displayUnitLabel && !frame.axis.deleted ? frame.axis.displayUnitLabel : undefined;
  const unitLabel = unitText ? draw.text.shape(unitText, textStyle(draw.base, frame.axis?.textStyle)) : undefined;
  return { frame, ticks: tickLabels(draw, frame, rect), ...(title ? { title } : {}), ...(unitLabel ? { unitLabel } : {}) };
}

/** A category label, formatted when the categories are numbers with a format (dates). */
function categoryText(label: string, plot: ChartPlot, axis: ChartAxis | undefined): string {
  const code = axis?.formatCode ?? plot.series.find((s) => s.categoryFormatCode)?.categoryFormatCode;
  const n = Number(label);
  if (!code || label.trim() === '' || !Number.isFinite(n)) return label;
  return formatChartNumber(n, code);
}

function frameOf(draw: ChartDraw, s: Slot, rect: Rect): AxisFrame {
  const axis = s.axis;
  const reversed = axis?.reversed === true;
  if (s.kind === 'category') {
    const f: CategoryFrame = { kind: 'category', count: Math.max(1, s.count), labels: s.labels, between: s.between ?? true, vertical: s.vertical, reversed, ...(axis ? { axis } : {}) };
    return f;
  }
  const lengthPt = s.vertical ? rect.h : rect.w;
  const far = s.vertical ? axis?.position === 'right' : axis?.position === 'top';
  const fixed = {
    ...(axis?.min !== undefined ? { fixedMin: axis.min } : {}),
    ...(axis?.max !== undefined ? { fixedMax: axis.max } : {}),
    ...(axis?.majorUnit !== undefined ? { fixedUnit: axis.majorUnit } : {}),
  };
  if (axis?.logBase) {
    const scale = scaleLogAxis(s.minPositive, s.max, axis.logBase, fixed);
    return { kind: 'value', scale, vertical: s.vertical, reversed, far, ...(s.format ? { format: s.format } : {}), axis };
  }
  const style = textStyle(draw.base, axis?.textStyle);
  const percentTop = s.percent && s.max <= 1 + 1e-9;
  const range = s.bubbles?.length ? padForBubbles(s.min, s.max, s.bubbles, lengthPt, Math.min(rect.w, rect.h)) : { min: s.min, max: s.max };
  // A percent-stacked axis whose stacks stay within 100% ends at 100% unless the axis sets its own maximum.
  const linearFixed = percentTop && axis?.max === undefined ? { ...fixed, fixedMax: 1 } : fixed;
  const scaleWith = (minSpacingPt: number) => scaleAxis(range.min, percentTop ? 1 : range.max, { lengthPt, minSpacingPt, ...linearFixed });
  // Stacked labels need about a line and a half each (1.8 em: a 135 pt axis of 10 pt labels takes
  // 7 intervals, 0..12 by 2 for values up to 9.7, as LibreOffice's render of docxjs-extended-props
  // shows; Excel's own rule for the major unit is undocumented, and the Office-default charts of the
  // corpus keep their scales under it).
  const spacing = s.vertical ? style.sizePt * 1.8 : style.sizePt * 5;
  let scale = scaleWith(spacing);
  if (!s.vertical && axis?.majorUnit === undefined) {
    // Labels side by side need their own width and the gap category labels keep, no more: short
    // labels ("0", "1", "2") fit a short horizontal axis that five ems a label would leave bare. A
    // denser scale can bring wider labels ("0.5"), so it is taken only once its own labels fit.
    let need = widestLabel(draw, scale, s.format, axis, style) + LABEL_GAP;
    for (let round = 0; round < 3 && need < spacing; round++) {
      const next = scaleWith(need);
      const nextNeed = widestLabel(draw, next, s.format, axis, style) + LABEL_GAP;
      if (nextNeed <= (lengthPt * next.unit) / (next.max - next.min) + 1e-9) {
        scale = next;
        break;
      }
      need = Math.max(need, nextNeed);
    }
  }
  if (axis?.min !== undefined && axis.max !== undefined && axis.min >= axis.max) {
    draw.warn('layout/chart-axis-range', `A chart axis has min ${axis.min} ≥ max ${axis.max}; an automatic range is used above the minimum.`);
  }
  const f: ValueFrame = { kind: 'value', scale, vertical: s.vertical, reversed, far, ...(s.format ? { format: s.format } : {}), ...(axis ? { axis } : {}) };
  return f;
}

/** The widest tick label of a value scale in its number format. */
function widestLabel(draw: ChartDraw, scale: AxisScale, format: string | undefined, axis: ChartAxis | undefined, style: TextStyle): number {
  let widest = 0;
  for (const v of ticksOf(scale)) widest = Math.max(widest, draw.text.shape(valueLabel(v, format, axis), style).width);
  return widest;
}

/** Records each bubble's value on both axes with its radius (a fraction of the plot's shorter side). */
function addBubbleRoom(plot: ChartPlot, h: Slot, v: Slot): void {
  const options = plot.bubbles!;
  let maxSize = 0;
  for (const s of plot.series) for (const z of s.bubbleSizes ?? []) if (z !== null && Number.isFinite(z)) maxSize = Math.max(maxSize, Math.abs(z));
  const largest = (MAX_DIAMETER * options.scalePct) / 100 / 2;
  for (const s of plot.series) {
    s.values.forEach((y, i) => {
      const x = s.xValues?.length ? s.xValues[i] : i + 1;
      const size = s.bubbleSizes?.[i] ?? null;
      if (y === null || x === null || x === undefined || size === null || size === 0 || (size < 0 && !options.showNegative)) return;
      const rel = bubbleRadius(size, maxSize, largest, options.sizeRepresents);
      if (!(rel > 0) || (h.bubbles?.length ?? 0) > MAX_BUBBLES) return;
      (h.bubbles ??= []).push({ at: x, rel });
      (v.bubbles ??= []).push({ at: y, rel });
    });
  }
}

const MAX_BUBBLES = 100_000;

/**
 * The data range widened so every bubble fits inside the axis (Office pads by the bubbles' radii): a
 * radius of r points spans r × range / length in data units, and the range is what it widens, so the
 * widening is found in a few rounds.
 */
function padForBubbles(min: number, max: number, bubbles: ReadonlyArray<{ at: number; rel: number }>, lengthPt: number, sidePt: number): { min: number; max: number } {
  if (!(lengthPt > 0) || !Number.isFinite(min) || !Number.isFinite(max)) return { min, max };
  let lo = min;
  let hi = max;
  for (let round = 0; round < 4; round++) {
    const perPt = (hi - lo || Math.abs(hi) || 1) / lengthPt;
    let nlo = min;
    let nhi = max;
    for (const b of bubbles) {
      const r = b.rel * sidePt * perPt;
      nlo = Math.min(nlo, b.at - r);
      nhi = Math.max(nhi, b.at + r);
    }
    lo = nlo;
    hi = nhi;
  }
  return { min: lo, max: hi };
}

function shrink(r: Rect, left: number, right: number, top: number, bottom: number): Rect {
  const w = Math.max(1, r.w - left - right);
  const h = Math.max(1, r.h - top - bottom);
  return { x: r.x + Math.min(left, r.w - 1), y: r.y + Math.min(top, r.h - 1), w, h };
}

interface Pads {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * A manual inner plot rectangle narrowed where its tick labels and axis titles would leave the chart
 * space: Office keeps them inside the chart (oxsdk-chart3's column chart, whose inner plot starts
 * 29 pt from the chart's edge, has value labels 60 pt wide; LibreOffice moves the plot right to fit them).
 */
function keepInside(rect: Rect, pad: Pads, bounds: Rect): Rect {
  const x0 = Math.max(rect.x, bounds.x + pad.left);
  const x1 = Math.min(rect.x + rect.w, bounds.x + bounds.w - pad.right);
  const y0 = Math.max(rect.y, bounds.y + pad.top);
  const y1 = Math.min(rect.y + rect.h, bounds.y + bounds.h - pad.bottom);
  if (x0 === rect.x && y0 === rect.y && x1 === rect.x + rect.w && y1 === rect.y + rect.h) return rect;
  // Never thinner than a point, nor moved off the rectangle the part gave.
  const w = Math.max(1, x1 - x0);
  const h = Math.max(1, y1 - y0);
  return { x: Math.min(x0, rect.x + rect.w - 1), y: Math.min(y0, rect.y + rect.h - 1), w, h };
}

/** The room each side of the plot needs for its tick labels and axis title. */
function labelRoom(draw: ChartDraw, outer: Rect, frames: Map<Slot, AxisFrame>): Pads {
  const pad = { left: 0, right: 0, top: 0, bottom: 0 };
  const probe = shrink(outer, 32, 8, 8, 18);
  for (const frame of frames.values()) {
    const ticks = tickLabels(draw, frame, probe);
    const first = ticks.labels[0]?.text;
    const titleRoom = axisTitleRoom(draw, frame);
    const far = frame.kind === 'value' ? frame.far : frame.vertical ? frame.axis?.position === 'right' : frame.axis?.position === 'top';
    const depth = ticks.depth + titleRoom;
    if (frame.vertical) {
      if (far) pad.right = Math.max(pad.right, depth);
      else pad.left = Math.max(pad.left, depth);
      // The end labels of a vertical value axis are centred on the extreme ticks.
      if (frame.kind === 'value' && first) {
        pad.top = Math.max(pad.top, first.lineHeight / 2);
        pad.bottom = Math.max(pad.bottom, first.lineHeight / 2);
      }
    } else {
      if (far) pad.top = Math.max(pad.top, depth);
      else pad.bottom = Math.max(pad.bottom, depth);
      // End labels centred on the plot edges (value axes, categories on tick marks) overhang them.
      if ((frame.kind === 'value' || !frame.between) && ticks.labels.length) {
        const last = ticks.labels[ticks.labels.length - 1]!.text;
        pad.right = Math.max(pad.right, last.width / 2);
        pad.left = Math.max(pad.left, first!.width / 2);
      }
    }
  }
  return pad;
}

/** Room an axis title takes across its axis: a line, or its width when it stands upright beside a vertical axis. */
function axisTitleRoom(draw: ChartDraw, frame: AxisFrame): number {
  const axis = frame.axis;
  const unitRoom = axis?.displayUnitLabel && !axis.deleted ? textStyle(draw.base, axis.textStyle).sizePt * 1.3 + 4 : 0;
  return unitRoom + ownTitleRoom(draw, frame);
}

function ownTitleRoom(draw: ChartDraw, frame: AxisFrame): number {
  const axis = frame.axis;
  if (!axis?.title || axis.deleted) return 0;
  const style = textStyle({ ...draw.base, bold: true }, axis.titleStyle);
  if (frame.vertical && axis.titleHorizontal) {
    let widest = 0;
    for (const line of axis.title.split('\n').slice(0, 20)) widest = Math.max(widest, draw.text.shape(line, style).width);
    return widest + 6;
  }
  return style.sizePt * 1.3 + 4;
}
