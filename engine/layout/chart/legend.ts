/**
 * The legend (c:legend, §21.2.2.93): one entry per series, or per category for charts whose points
 * vary in colour (pie, doughnut), each a swatch (a filled square, or a short line with a marker for
 * line and scatter series) and the entry's text. Placed at its side of the chart (r, l, t, b, tr) or
 * at its manual layout, and sized to its entries.
 */
import type { ChartModel, Color } from '../../model';
import { clamp, textStyle, type ChartDraw, type Rect } from './context';
import { radarMarker } from './draw-radar';
import { autoMarkerSymbol, drawMarker } from './markers';
import { stockMarker } from './draw-stock';
import type { ShapedText, TextStyle } from './text';

/** One legend entry. */
export interface LegendEntry {
  readonly label: string;
  readonly color: Color;
  /** Line swatch (line and scatter series) instead of a filled square. */
  readonly line: boolean;
  readonly marker?: string;
  /**
   * No key before the label: a line-type series drawn with neither line nor marker (a stock
   * chart's open, high, low and close series under their high-low lines), whose key in Word and
   * LibreOffice is as blank as its plot, not a filled square.
   */
  readonly blank?: boolean;
}

const MAX_ENTRIES = 200;
const SWATCH = 7;
const LINE_SWATCH = 18;
const GAP = 4;
const ENTRY_GAP = 9;

/** The legend entries of a chart, in Office's order. */
export function legendEntries(chart: ChartModel): LegendEntry[] {
  const out: LegendEntry[] = [];
  const only = chart.plots.length === 1 ? chart.plots[0] : undefined;
  if (only && (only.type === 'pie' || only.type === 'doughnut' || only.varyColors) && only.series[0]?.pointColors) {
    const s = only.series[0];
    s.pointColors!.forEach((c, i) => out.push({ label: s.categories[i] ?? String(i + 1), color: c ?? s.color ?? '4472C4', line: false }));
  } else {
    for (const p of chart.plots) {
      const radar = p.type === 'radar';
      const line = (p.type === 'line' || p.type === 'scatter' || (radar && p.radarStyle !== 'filled')) && p.source !== 'c:bubbleChart';
      p.series.forEach((s, k) => {
        const entry: LegendEntry = { label: s.name, color: (line ? s.lineColor ?? s.color : s.color) ?? '4472C4', line: line && !s.noLine };
        // A line or scatter series' key shows the marker its points are drawn with (an automatic one by
        // its place in the plot, as drawLines picks it), not a circle.
        const marker = radar ? radarMarker(p, s) : p.source === 'c:stockChart' ? stockMarker(s)
          : p.source === 'c:bubbleChart' ? s.markerSymbol ?? 'circle' : line && s.marker ? s.markerSymbol ?? autoMarkerSymbol(k) : undefined;
        out.push(marker ? { ...entry, marker } : line && !entry.line ? { ...entry, blank: true } : entry);
      });
    }
  }
  const hidden = new Set(chart.legend?.hidden ?? []);
  const shown = out.filter((_e, i) => !hidden.has(i)).slice(0, MAX_ENTRIES);
  // A side legend of stacked series lists them top-down the way they are stacked (last series first).
  const side = chart.legend?.position !== 'top' && chart.legend?.position !== 'bottom';
  const stacked = chart.plots.length > 0 && chart.plots.every((p) => (p.grouping === 'stacked' || p.grouping === 'percentStacked') && p.type !== 'bar');
  return side && stacked && !only?.varyColors ? shown.reverse() : shown;
}

/** A measured legend, ready to place. */
export interface LegendBox {
  readonly w: number;
  readonly h: number;
  draw(x: number, y: number): void;
}

/** Measures the legend for the room it may take (`room`: the chart's inner box). */
export function measureLegend(draw: ChartDraw, entries: readonly LegendEntry[], room: Rect): LegendBox | undefined {
  const legend = draw.chart.legend;
  if (!legend || entries.length === 0) return undefined;
  const style = textStyle(draw.base, legend.style);
  const swatchW = entries.some((e) => e.line) ? LINE_SWATCH : SWATCH;
  const horizontal = legend.position === 'top' || legend.position === 'bottom';
  const maxW = horizontal ? room.w : room.w * 0.5;
  // Side legends wrap long entries at spaces and hyphens, as Office does, to stay within half the chart.
  const textRoom = Math.max(10, maxW - swatchW - 3 * GAP);
  const shaped = entries.map((e) => (horizontal ? [draw.text.shape(e.label, style)] : wrapLabel(draw, e.label, style, textRoom)));
  const lineH = Math.max(shaped[0]![0]!.lineHeight, SWATCH + 2);
  const entryW = (lines: readonly ShapedText[]) => swatchW + GAP + Math.max(...lines.map((t) => t.width));
  const rows: number[][] = [];
  if (horizontal) {
    let row: number[] = [];
    let used = 0;
    shaped.forEach((t, i) => {
      const w = entryW(t) + (row.length ? ENTRY_GAP : 0);
      if (row.length && used + w > room.w) {
        rows.push(row);
        row = [];
        used = 0;
      }
      row.push(i);
      used += row.length === 1 ? entryW(t) : w;
    });
    if (row.length) rows.push(row);
  } else {
    let used = 0;
    for (let i = 0; i < shaped.length; i++) {
      const h = shaped[i]!.length * lineH;
      if (rows.length > 0 && used + h > room.h) break;
      rows.push([i]);
      used += h;
    }
  }
  const rowWidth = (r: number[]) => r.reduce((a, i, k) => a + entryW(shaped[i]!) + (k ? ENTRY_GAP : 0), 0);
  const rowHeight = (r: number[]) => Math.max(...r.map((i) => shaped[i]!.length)) * lineH;
  const w = clamp(Math.max(...rows.map(rowWidth)) + 2 * GAP, 0, Math.max(maxW, swatchW + 2 * GAP));
  const h = rows.reduce((a, r) => a + rowHeight(r), 0) + GAP;
  return {
    w,
    h,
    draw(x: number, y: number): void {
      let top = y + GAP / 2;
      for (const r of rows) {
        let pen = x + (horizontal ? (w - rowWidth(r)) / 2 : GAP);
        for (const i of r) {
          const lines = shaped[i]!;
          const mid = top + lineH / 2;
          drawSwatch(draw, entries[i]!, pen, mid, swatchW);
          lines.forEach((t, k) => draw.items.push(...t.place(pen + swatchW + GAP, mid + k * lineH + (t.ascent - t.descent) / 2)));
          pen += entryW(lines) + ENTRY_GAP;
        }
        top += rowHeight(r);
      }
    },
  };
}

const MAX_LABEL_LINES = 4;

/** Breaks a legend label into lines no wider than `width` (at spaces, or after hyphens). */
function wrapLabel(draw: ChartDraw, label: string, style: TextStyle, width: number): ShapedText[] {
  const whole = draw.text.shape(label, style);
  if (whole.width <= width) return [whole];
  const words = label.split(/(?<=[ -])/);
  const lines: string[] = [];
  let cur = '';
  for (const word of words) {
    if (cur && draw.text.shape((cur + word).trimEnd(), style).width > width && lines.length < MAX_LABEL_LINES - 1) {
      lines.push(cur.trimEnd());
      cur = word;
    } else cur += word;
  }
  if (cur) lines.push(cur.trimEnd());
  return lines.map((l) => draw.text.shape(l, style));
}

/** Draws a legend entry's key centred at `mid`, in a box `width` wide from `x`: its line (and marker), marker or colour square. */
export function drawSwatch(draw: ChartDraw, e: LegendEntry, x: number, mid: number, width: number): void {
  if (e.blank) return;
  if (e.line) {
    draw.items.push({ kind: 'line', x1: x, y1: mid, x2: x + width, y2: mid, width: 2, color: e.color });
    if (e.marker) drawMarker(draw.items, e.marker, x + width / 2, mid, 5, e.color);
  } else if (e.marker) drawMarker(draw.items, e.marker, x + width / 2, mid, 5, e.color);
  else draw.items.push({ kind: 'rect', x: x + (width - SWATCH) / 2, y: mid - SWATCH / 2, w: SWATCH, h: SWATCH, fill: e.color });
}

/** Where the legend goes in the chart's inner box, and the box left for the plot. */
export function placeLegend(draw: ChartDraw, box: LegendBox, inner: Rect, full: Rect): { x: number; y: number; rest: Rect } {
  const legend = draw.chart.legend!;
  const m = legend.layout;
  if (m) return { x: full.x + m.x * full.w, y: full.y + m.y * full.h, rest: inner };
  const gap = 6;
  const overlay = legend.overlay === true;
  switch (legend.position) {
    case 'left':
      return { x: inner.x, y: inner.y + (inner.h - box.h) / 2, rest: overlay ? inner : { ...inner, x: inner.x + box.w + gap, w: inner.w - box.w - gap } };
    case 'top':
      return { x: inner.x + (inner.w - box.w) / 2, y: inner.y, rest: overlay ? inner : { ...inner, y: inner.y + box.h + gap, h: inner.h - box.h - gap } };
    case 'bottom':
      return { x: inner.x + (inner.w - box.w) / 2, y: inner.y + inner.h - box.h, rest: overlay ? inner : { ...inner, h: inner.h - box.h - gap } };
    case 'topRight':
      return { x: inner.x + inner.w - box.w, y: inner.y, rest: overlay ? inner : { ...inner, w: inner.w - box.w - gap } };
    default:
      return { x: inner.x + inner.w - box.w, y: inner.y + (inner.h - box.h) / 2, rest: overlay ? inner : { ...inner, w: inner.w - box.w - gap } };
  }
}
