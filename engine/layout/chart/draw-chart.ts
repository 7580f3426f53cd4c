/**
 * Draws a chart (ChartModel from the part's cached values) into its box as vector items and real
 * text: chart area, title, legend, then either the plot plane (bars, lines, areas, scatter with
 * their axes and gridlines) or a pie/doughnut. Layout follows Office's automatic layout (title on
 * top, legend at its side, plot area in the rest with room for tick labels) unless the part gives
 * manual layouts. Radar, stock, pie-of-pie and 3-D charts have their own drawings.
 */
import type { ChartModel, ChartPlot, LayoutItem } from '../../model';
import { coordOf, crossingValue, drawAxisLine, drawGridlines, drawTickLabels, drawTickMarks, type AxisFrame } from './axes';
import { clamp, titleStyle, type ChartDraw, type Rect } from './context';
import { depthOf, drawAreas3D, drawBars3D, drawLines3D, drawWalls, frontBox, isDeep } from './draw-3d';
import { drawBars } from './draw-bar';
import { drawBubbles } from './draw-bubble';
import { drawAreas, drawLines } from './draw-line';
import { drawOfPie } from './draw-of-pie';
import { drawPie } from './draw-pie';
import { drawPie3D } from './draw-pie3d';
import { drawRadar } from './draw-radar';
import { axesUnderTable, drawDataTable, measureDataTable } from './draw-data-table';
import { drawErrorBars } from './draw-error-bars';
import { drawTrendlines } from './draw-trendline';
import { drawLineDecor, drawStock } from './draw-stock';
import { legendEntries, measureLegend, placeLegend } from './legend';
import { buildPlane, type Plane } from './plane';
import { sanitizeChart } from './sanitize';
import { filledBox } from '../gradient';
import type { ChartText, ShapedText } from './text';

const PAD = 7;

/** Draws a chart into `box`, appending its items to `items`. */
export function drawChartInto(chart: ChartModel, box: Rect, text: ChartText, items: LayoutItem[], warn: ChartDraw['warn']): void {
  const safe = sanitizeChart(chart, warn);
  const draw: ChartDraw = {
    chart: safe,
    text,
    items,
    bounds: box,
    base: { sizePt: safe.textStyle?.sizePt ?? 10, bold: safe.textStyle?.bold ?? false, italic: safe.textStyle?.italic ?? false, color: safe.textStyle?.color ?? '000000' },
    warn,
  };
  const border = safe.border?.none ? undefined : safe.border?.color ?? 'D9D9D9';
  const fill = safe.noBackground ? undefined : safe.background ?? 'FFFFFF';
  if (fill || border) items.push(filledBox(box, fill, safe.noBackground ? undefined : safe.backgroundGradient, border ? { color: border, widthPt: safe.border?.widthPt ?? 0.75 } : undefined));
  let inner: Rect = { x: box.x + PAD, y: box.y + PAD, w: Math.max(1, box.w - 2 * PAD), h: Math.max(1, box.h - 2 * PAD) };
  inner = drawTitle(draw, box, inner);
  const legend = measureLegend(draw, legendEntries(safe), inner);
  if (legend) {
    const at = placeLegend(draw, legend, inner, box);
    legend.draw(at.x, at.y);
    inner = at.rest;
  }
  const m = safe.plotLayout;
  const plotBox: Rect = m ? { x: box.x + m.x * box.w, y: box.y + m.y * box.h, w: (m.w ?? 1 - m.x) * box.w, h: (m.h ?? 1 - m.y) * box.h } : inner;
  drawPlots(draw, plotBox, m?.inner === true);
}

/** The chart title, centred on top (or at its manual position); returns the box left below it. */
function drawTitle(draw: ChartDraw, box: Rect, inner: Rect): Rect {
  const chart = draw.chart;
  if (!chart.title) return inner;
  const style = titleStyle(draw, chart.titleStyle);
  const lines = chart.title.split('\n').slice(0, 20).map((l) => draw.text.shape(l, style));
  const height = lines.reduce((a, l) => a + l.lineHeight, 0);
  const m = chart.titleLayout;
  let y = m ? box.y + m.y * box.h : inner.y;
  const width = Math.max(...lines.map((l) => l.width));
  for (const l of lines) {
    const x = m ? box.x + m.x * box.w + (width - l.width) / 2 : inner.x + (inner.w - l.width) / 2;
    draw.items.push(...l.place(x, y + l.ascent));
    y += l.lineHeight;
  }
  if (chart.titleOverlay === true || (m && !(chart.titleOverlay === false && y < box.y + box.h / 2))) return inner;
  // A title that does not overlay keeps the automatic plot area below it: at its automatic place, or
  // where its manual position puts it in the chart's top half (oodt-fr-FR-sample's title, placed near
  // the top with c:overlay 0, clears the plot in LibreOffice's render; one lower down overlays it).
  const used = Math.max(0, (m ? y : inner.y + height) + 4 - inner.y);
  return { ...inner, y: inner.y + used, h: Math.max(1, inner.h - used) };
}

/** The plots as drawn; surfaces are dropped (warned). */
function drawablePlots(draw: ChartDraw): ChartPlot[] {
  const out: ChartPlot[] = [];
  for (const p of draw.chart.plots) {
    const source = p.source ?? p.type;
    if (p.type === 'unsupported') {
      draw.warn('layout/chart-unsupported', `The chart kind ${source} has no 2-D drawing; only its frame, title and legend are drawn.`);
      continue;
    }
    const view = p.view3D;
    if (view && p.type !== 'pie' && (view.rotXDeg < 0 || view.rotYDeg > 180)) {
      draw.warn('layout/chart-unsupported', `The 3-D view of ${source} (rotX ${view.rotXDeg}°, rotY ${view.rotYDeg}°) is drawn as seen from above and to the right.`);
    }
    out.push(p);
  }
  return out;
}

const POLAR: ReadonlySet<ChartPlot['type']> = new Set(['pie', 'doughnut', 'radar']);

function drawPlots(draw: ChartDraw, box: Rect, innerGiven: boolean): void {
  if (box.w < 2 || box.h < 2) return;
  const plots = drawablePlots(draw);
  const axisPlots = plots.filter((p) => !POLAR.has(p.type));
  if (axisPlots.length === 0) {
    const first = plots[0];
    if (first?.type === 'radar') drawRadar(draw, first, box);
    else if (first?.ofPie) drawOfPie(draw, first, box);
    else if (first?.view3D && first.type === 'pie') drawPie3D(draw, first, box);
    else if (first) drawPie(draw, first, box);
    return;
  }
  const polarPlot = plots.find((p) => POLAR.has(p.type));
  if (polarPlot) draw.warn('layout/chart-unsupported', `A ${polarPlot.type} plot combined with axis plots is not drawn.`);
  const depth = depthOf(axisPlots, box);
  const table = measureDataTable(draw, axisPlots);
  // Under a data table the category labels along the bottom are the table's header row.
  const planeDraw: ChartDraw = table ? { ...draw, chart: { ...draw.chart, axes: axesUnderTable(draw.chart.axes) } } : draw;
  // A manual inner plot stays where the part puts it, the table under it (cut at the chart's edge).
  const reserve = table ? { below: innerGiven ? 0 : table.height, left: table.namesW } : undefined;
  const plane = buildPlane(planeDraw, axisPlots, depth ? frontBox(box, depth) : box, innerGiven, reserve);
  const rect = plane.rect;
  if (draw.chart.plotBackground) draw.items.push(filledBox(rect, draw.chart.plotBackground, draw.chart.plotGradient));
  if (depth) drawWalls(draw, plane, depth);
  else for (const f of plane.frames) drawGridlines(draw, f.frame, rect);
  const order = (p: ChartPlot) => (p.type === 'area' ? 0 : p.type === 'bar' || p.type === 'column' ? 1 : 2);
  for (const b of [...plane.bindings].sort((a, c) => order(a.plot) - order(c.plot))) {
    if (!isDeep(b, depth) && b.plot.lineDecor) drawLineDecor(draw, b, rect);
    if (isDeep(b, depth)) {
      if (b.plot.type === 'area') drawAreas3D(draw, b, rect, depth);
      else if (b.plot.type === 'line') drawLines3D(draw, b, rect, depth);
      else drawBars3D(draw, b, rect, depth);
    } else if (b.plot.type === 'area') drawAreas(draw, b, rect);
    else if (b.plot.type === 'bar' || b.plot.type === 'column') drawBars(draw, b, rect);
    else if (b.plot.bubbles) drawBubbles(draw, b, rect);
    else if (b.plot.stock && b.h.kind === 'category') drawStock(draw, b, rect);
    else drawLines(draw, b, rect);
    if (!isDeep(b, depth) && b.plot.type !== 'area' && !b.plot.bubbles) drawTrendlines(draw, b, rect);
    if (!isDeep(b, depth)) drawErrorBars(draw, b, rect);
  }
  drawAxes(draw, plane, table?.height ?? 0);
  if (table) drawDataTable(draw, plane, table);
}

/** Axis lines where each axis crosses the other, tick labels and axis titles (a bottom category axis's below a data table `tableH` high). */
function drawAxes(draw: ChartDraw, plane: Plane, tableH: number): void {
  const rect = plane.rect;
  const otherOf = (frame: AxisFrame): AxisFrame | undefined => {
    for (const b of plane.bindings) {
      if (b.h === frame) return b.v;
      if (b.v === frame) return b.h;
    }
    return undefined;
  };
  for (const { frame, ticks, title, unitLabel } of plane.frames) {
    const other = otherOf(frame);
    const crosses = frame.axis?.crosses;
    const far = frame.kind === 'value' ? frame.far : frame.vertical ? frame.axis?.position === 'right' : frame.axis?.position === 'top';
    const edge = frame.vertical ? (far ? rect.x + rect.w : rect.x) : far ? rect.y : rect.y + rect.h;
    let at = edge;
    if (other?.kind === 'value') at = coordOf(other, rect, crossingValue(other, crosses));
    else if (other && crosses === 'max') at = frame.vertical ? rect.x + rect.w : rect.y;
    drawAxisLine(draw, frame, rect, at);
    drawTickMarks(draw, frame, rect, at, far);
    const labelAt = frame.kind === 'category' && frame.axis?.tickLabels !== 'low' && frame.axis?.tickLabels !== 'high' ? at : edge;
    drawTickLabels(draw, frame, rect, ticks, labelAt, far);
    let depth = ticks.depth + (frame.kind === 'category' && !frame.vertical && !far ? tableH : 0);
    if (unitLabel) {
      drawAxisTitle(draw, frame, unitLabel, rect, depth, far, true);
      depth += unitLabel.lineHeight + 4;
    }
    if (title) drawAxisTitle(draw, frame, title, rect, depth, far);
  }
}

/**
 * An axis title beside its tick labels (or a display unit label, `atEnd`: at the axis's top or right
 * end, as Excel puts "Thousands"), kept inside the chart space: a plot placed by a manual
 * inner layout can leave less room than the labels and title take, and Office never draws a chart
 * element outside the chart (oxsdk-chart3's 3-D column chart put its value axis title in the page
 * margin, 40 pt left of the chart).
 */
function drawAxisTitle(draw: ChartDraw, frame: AxisFrame, title: ShapedText, rect: Rect, depth: number, far: boolean | undefined, atEnd = false): void {
  const b = draw.bounds;
  const inX = (x: number, before: number, after: number) => clamp(x, b.x + before, Math.max(b.x + before, b.x + b.w - after));
  const inY = (y: number, before: number, after: number) => clamp(y, b.y + before, Math.max(b.y + before, b.y + b.h - after));
  if (frame.vertical && !atEnd && frame.axis?.titleHorizontal) {
    const x = inX(far ? rect.x + rect.w + depth + 4 : rect.x - depth - 4 - title.width, 0, title.width);
    draw.items.push(...title.place(x, rect.y + rect.h / 2 + (title.ascent - title.descent) / 2));
  } else if (frame.vertical) {
    // Turned a quarter left about (px, py): the line's ascent lies left of px, its descent right.
    const px = inX(far ? rect.x + rect.w + depth + 4 + title.ascent : rect.x - depth - 4 - title.descent, title.ascent, title.descent);
    // A display unit label (atEnd) reads up to the top of the axis, a title is centred on it.
    const py = atEnd ? rect.y + Math.min(rect.h, title.width) : rect.y + rect.h / 2 + title.width / 2;
    draw.items.push({ kind: 'group', transform: [0, -1, 1, 0, px - py, px + py], items: title.place(px, py) });
  } else {
    const y = inY(far ? rect.y - depth - 4 - title.descent : rect.y + rect.h + depth + 2 + title.ascent, title.ascent, title.descent);
    draw.items.push(...title.place(atEnd ? rect.x + rect.w - title.width : rect.x + (rect.w - title.width) / 2, y));
  }
}
