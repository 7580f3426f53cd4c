/**
 * Axis frames: a category axis (c:catAx, c:dateAx) or a value axis (c:valAx) mapped onto one side of
 * the plot rectangle — positions along it, tick labels (formatted with the axis number format), their
 * room, gridlines and the axis line. Vertical axes run bottom-up and horizontal ones left to right
 * unless c:orientation is maxMin.
 */
import { detLog } from '../../core/det-math';
import type { ChartAxis } from '../../model';
import { DEFAULT_RULE, ruleLine, textStyle, type ChartDraw, type Rect } from './context';
import { formatChartNumber } from './format-number';
import { cleanNumber, ticksOf, type AxisScale } from './scale';
import type { ShapedText } from './text';

/** A category axis: `count` bands (or points on ticks when not `between`). */
export interface CategoryFrame {
  readonly kind: 'category';
  readonly count: number;
  readonly labels: readonly string[];
  readonly between: boolean;
  readonly vertical: boolean;
  readonly reversed: boolean;
  readonly axis?: ChartAxis;
}

/** A value axis with its scale. */
export interface ValueFrame {
  readonly kind: 'value';
  readonly scale: AxisScale;
  readonly format?: string;
  readonly vertical: boolean;
  readonly reversed: boolean;
  /** The side its labels go on (right or top for secondary axes). */
  readonly far: boolean;
  readonly axis?: ChartAxis;
}

/** Either kind of axis frame. */
export type AxisFrame = CategoryFrame | ValueFrame;

/** The room kept between two tick labels side by side, and between the labels and their axis, in points. */
export const LABEL_GAP = 4;

/** A value tick's label: the value in the axis's display unit (c:dispUnits: 25000 reads 25 in thousands), in the axis format. */
export function valueLabel(v: number, format: string | undefined, axis: ChartAxis | undefined): string {
  const unit = axis?.displayUnit;
  return formatChartNumber(unit ? cleanNumber(v / unit) : v, format);
}

/** The fraction (0 at the axis start, 1 at its end) of a value or category index. */
export function fractionOf(frame: AxisFrame, t: number): number {
  let f: number;
  if (frame.kind === 'value' && frame.scale.logBase) {
    // A logarithmic axis places ln t between ln min and ln max; values at or below 0 sit at its start.
    const { min, max } = frame.scale;
    const lmin = detLog(min);
    const span = detLog(max) - lmin;
    f = t > 0 && span > 0 ? (detLog(t) - lmin) / span : 0;
  } else if (frame.kind === 'value') {
    const span = frame.scale.max - frame.scale.min;
    f = span > 0 ? (t - frame.scale.min) / span : 0;
  } else if (frame.between || frame.count < 2) f = (t + 0.5) / Math.max(1, frame.count);
  else f = t / (frame.count - 1);
  return frame.reversed ? 1 - f : f;
}

/** The page coordinate (x for horizontal axes, y for vertical ones) of a value or category index. */
export function coordOf(frame: AxisFrame, rect: Rect, t: number): number {
  const f = fractionOf(frame, t);
  return frame.vertical ? rect.y + rect.h - f * rect.h : rect.x + f * rect.w;
}

/** The coordinate of a value clamped to the axis range (bars stop at the plot edge). */
export function clampedCoord(frame: ValueFrame, rect: Rect, v: number): number {
  const lo = Math.min(frame.scale.min, frame.scale.max);
  const hi = Math.max(frame.scale.min, frame.scale.max);
  return coordOf(frame, rect, v < lo ? lo : v > hi ? hi : v);
}

/** The width of one category band along its axis. */
export function bandOf(frame: CategoryFrame, rect: Rect): number {
  const len = frame.vertical ? rect.h : rect.w;
  return len / Math.max(1, frame.between ? frame.count : Math.max(1, frame.count - 1));
}

/** Where a value axis is crossed by the other axis (c:crosses): 0 when in range, else the nearer end. */
export function crossingValue(frame: ValueFrame, crosses: ChartAxis['crosses']): number {
  const { min, max } = frame.scale;
  if (crosses === 'min') return min;
  if (crosses === 'max') return max;
  const v = typeof crosses === 'number' ? crosses : 0;
  return v < min ? min : v > max ? max : v;
}

/** Tick labels of an axis, shaped, with the value or index they belong to. */
export interface TickLabels {
  readonly labels: ReadonlyArray<{ readonly at: number; readonly text: ShapedText }>;
  /** Room the labels take across the axis (width for vertical axes, height for horizontal ones). */
  readonly depth: number;
  /** Draw every `step`-th category label (labels that would collide are skipped). */
  readonly step: number;
  /** Category labels turned 45° (Office's answer to labels wider than their band). */
  readonly rotated?: boolean;
}

const DIAGONAL = 0.7071067811865476;
const MAX_ROTATED = 200;

/** Shapes an axis's tick labels (none when the axis is deleted or its labels are off). */
export function tickLabels(draw: ChartDraw, frame: AxisFrame, rect: Rect): TickLabels {
  const axis = frame.axis;
  if (!axis || axis.deleted || axis.tickLabels === 'none') return { labels: [], depth: 0, step: 1 };
  const style = textStyle(draw.base, axis.textStyle);
  const labels: Array<{ at: number; text: ShapedText }> = [];
  if (frame.kind === 'value') {
    for (const v of ticksOf(frame.scale)) labels.push({ at: v, text: draw.text.shape(valueLabel(v, frame.format, axis), style) });
  } else {
    const limit = Math.min(frame.count, 2000);
    for (let i = 0; i < limit; i++) labels.push({ at: i, text: draw.text.shape(frame.labels[i] ?? '', style) });
  }
  let depth = 0;
  let along = 0;
  for (const l of labels) {
    depth = Math.max(depth, frame.vertical ? l.text.width : l.text.lineHeight);
    along = Math.max(along, frame.vertical ? l.text.lineHeight : l.text.width + LABEL_GAP);
  }
  let step = 1;
  if (frame.kind === 'category' && labels.length > 1) {
    const band = bandOf(frame, rect);
    step = band > 0 ? Math.max(1, Math.ceil(along / band - 1e-9)) : labels.length;
    if (step > 1 && !frame.vertical && labels.length <= MAX_ROTATED && band > 0) {
      const line = labels[0]!.text.lineHeight;
      let widest = 0;
      for (const l of labels) widest = Math.max(widest, l.text.width);
      const rotatedStep = Math.max(1, Math.ceil((line / DIAGONAL) / band - 1e-9));
      return { labels, depth: (widest + line) * DIAGONAL + LABEL_GAP, step: rotatedStep, rotated: true };
    }
  }
  return { labels, depth: labels.length ? depth + LABEL_GAP : 0, step };
}

/** Draws tick labels along an axis whose line sits at `at` (x for vertical axes, y for horizontal ones). */
export function drawTickLabels(draw: ChartDraw, frame: AxisFrame, rect: Rect, ticks: TickLabels, at: number, far: boolean): void {
  ticks.labels.forEach((l, k) => {
    if (k % ticks.step !== 0) return;
    const c = coordOf(frame, rect, l.at);
    const t = l.text;
    if (ticks.rotated) {
      // Turned 45° about the label's end, which sits just below the tick (Office's diagonal labels).
      const px = c;
      const py = at + LABEL_GAP;
      const items = t.place(px - t.width, py + (t.ascent - t.descent) / 2);
      const a = DIAGONAL;
      draw.items.push({ kind: 'group', transform: [a, -a, a, a, px - a * px - a * py, py + a * px - a * py], items });
    } else if (frame.vertical) {
      const x = far ? at + LABEL_GAP : at - LABEL_GAP - t.width;
      draw.items.push(...t.place(x, c + (t.ascent - t.descent) / 2));
    } else {
      const y = far ? at - LABEL_GAP - t.descent : at + LABEL_GAP + t.ascent;
      draw.items.push(...t.place(c - t.width / 2, y));
    }
  });
}

/** Major gridlines across the plot: at value ticks, or between category bands. */
export function drawGridlines(draw: ChartDraw, frame: AxisFrame, rect: Rect): void {
  const axis = frame.axis;
  if (!axis || !axis.majorGridlines) return;
  const at: number[] = [];
  if (frame.kind === 'value') for (const v of ticksOf(frame.scale)) at.push(coordOf(frame, rect, v));
  else {
    const n = Math.min(frame.count, 2000);
    const len = frame.vertical ? rect.h : rect.w;
    const parts = frame.between ? n : Math.max(1, n - 1);
    for (let i = 0; i <= parts; i++) at.push(frame.vertical ? rect.y + rect.h - (i * len) / parts : rect.x + (i * len) / parts);
  }
  for (const c of at) {
    const item = frame.vertical
      ? ruleLine(rect.x, c, rect.x + rect.w, c, axis.gridline, DEFAULT_RULE)
      : ruleLine(c, rect.y, c, rect.y + rect.h, axis.gridline, DEFAULT_RULE);
    if (item) draw.items.push(item);
  }
}

/** Major tick marks (c:majorTickMark) on an axis line at `at`, pointing away from the plot when `out`. */
export function drawTickMarks(draw: ChartDraw, frame: AxisFrame, rect: Rect, at: number, far: boolean): void {
  const axis = frame.axis;
  const mark = axis?.majorTickMark ?? 'none';
  if (!axis || axis.deleted || mark === 'none' || axis.line?.none) return;
  const len = 4;
  const away = frame.vertical ? (far ? 1 : -1) : far ? -1 : 1;
  const outer = mark === 'in' ? 0 : len * away;
  const inner = mark === 'out' ? 0 : -len * away;
  const at0 = at + inner;
  const at1 = at + outer;
  const positions: number[] = [];
  if (frame.kind === 'value') for (const v of ticksOf(frame.scale)) positions.push(coordOf(frame, rect, v));
  else {
    const n = Math.min(frame.count, 2000);
    const parts = frame.between ? n : Math.max(1, n - 1);
    const len2 = frame.vertical ? rect.h : rect.w;
    for (let i = 0; i <= parts; i++) positions.push(frame.vertical ? rect.y + rect.h - (i * len2) / parts : rect.x + (i * len2) / parts);
  }
  for (const c of positions) {
    const item = frame.vertical ? ruleLine(at0, c, at1, c, axis.line, DEFAULT_RULE) : ruleLine(c, at0, c, at1, axis.line, DEFAULT_RULE);
    if (item) draw.items.push(item);
  }
}

/** Draws an axis line at `at` across the other direction (x for vertical axes, y for horizontal ones). */
export function drawAxisLine(draw: ChartDraw, frame: AxisFrame, rect: Rect, at: number): void {
  const axis = frame.axis;
  if (!axis || axis.deleted) return;
  const item = frame.vertical ? ruleLine(at, rect.y, at, rect.y + rect.h, axis.line, DEFAULT_RULE) : ruleLine(rect.x, at, rect.x + rect.w, at, axis.line, DEFAULT_RULE);
  if (item) draw.items.push(item);
}
