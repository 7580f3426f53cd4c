/**
 * What every chart drawing step shares: the text helper, the item list being filled, the warning
 * sink and the resolved default styles (Office's defaults where the part gives none).
 */
import type { ChartLine, ChartModel, ChartTextStyle, Color, LayoutItem } from '../../model';
import type { ChartText, TextStyle } from './text';

/** A rectangle in page points. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** The state of drawing one chart. */
export interface ChartDraw {
  readonly chart: ChartModel;
  readonly text: ChartText;
  readonly items: LayoutItem[];
  /** The chart-wide text style (c:chartSpace/c:txPr over Office's 10 pt black). */
  readonly base: TextStyle;
  /** The chart space's box: what Office keeps every chart element inside. */
  readonly bounds: Rect;
  warn(code: string, message: string): void;
}

/** Office's default colour of axis lines and gridlines when the part gives none. */
export const DEFAULT_RULE: Color = '868686';

/** A text style from a chart text style over a base (undefined fields inherit). */
export function textStyle(base: TextStyle, own: ChartTextStyle | undefined, scale = 1): TextStyle {
  return {
    sizePt: own?.sizePt ?? base.sizePt * scale,
    bold: own?.bold ?? base.bold,
    italic: own?.italic ?? base.italic,
    color: own?.color ?? base.color,
  };
}

/** The style of the chart title: 1.8 × the base size and bold unless the part says otherwise. */
export function titleStyle(draw: ChartDraw, own: ChartTextStyle | undefined): TextStyle {
  return textStyle({ ...draw.base, bold: draw.base.bold || own?.bold === undefined }, own, 1.8);
}

/** A line item, or nothing when the line is switched off. */
export function ruleLine(x1: number, y1: number, x2: number, y2: number, line: ChartLine | undefined, fallback: Color | undefined): LayoutItem | undefined {
  if (line?.none) return undefined;
  const color = line?.color ?? fallback;
  if (!color) return undefined;
  return { kind: 'line', x1, y1, x2, y2, width: line?.widthPt ?? 0.75, color };
}

/** Clamps a number into [lo, hi] (NaN → lo). */
export function clamp(v: number, lo: number, hi: number): number {
  return v >= lo ? (v <= hi ? v : hi) : lo;
}
