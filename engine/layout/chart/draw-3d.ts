/**
 * 3-D bar, column, area and line plots (c:bar3DChart §21.2.2.15, c:area3DChart §21.2.2.4,
 * c:line3DChart §21.2.2.96; lines as ribbons, one row per series) in an oblique
 * projection per c:view3D: the front faces stay where the 2-D chart has them and depth recedes up
 * and to the right by (sin rotY, sin rotX) per point of depth, as Office draws right-angled axes.
 * The floor and walls are outlined, gridlines run along the back and side walls, and each bar or
 * area gets its top and side faces in lighter and darker shades of its colour. Depth: a category's
 * width × c:depthPercent, the bars a 1 / (1 + c:gapDepth) share of it in the middle.
 */
import type { ChartPlot, ChartView3D, Color, LayoutItem, PathCommand, RectItem } from '../../model';
import { mapChannels } from '../../core';
import { detSin } from '../../core/det-math';
import { coordOf } from './axes';
import { DEFAULT_RULE, ruleLine, type ChartDraw, type Rect } from './context';
import { drawBars } from './draw-bar';
import { areaOutlines, labelPoints, linePoints, polyline, type Pt } from './draw-line';
import type { Plane, PlotBinding } from './plane';
import { ticksOf } from './scale';
import { categoryCount } from './series-data';

/** The projected depth of the plot: the offset from front to back, and where the bars' front faces sit. */
export interface Depth {
  /** Offset of the back wall from the front plane (x right, y down: negative goes up). */
  readonly dx: number;
  readonly dy: number;
  /** Fraction of the depth in front of the bars' (or areas') front faces. */
  readonly front: number;
  /** Fraction of a row's depth the bars take. */
  readonly share: number;
  /** Rows along the depth (one per series for 3-D lines, else one). */
  readonly rows: number;
}

const MAX_SHARE_OF_BOX = 0.35;
const MAX_ROWS = 1000;
const DEEP: ReadonlySet<ChartPlot['type']> = new Set(['bar', 'column', 'area', 'line']);
const WALL = 'D9D9D9';

/** The depth of the 3-D plots among `plots` inside `box`, or undefined when none is 3-D. */
export function depthOf(plots: readonly ChartPlot[], box: Rect): Depth | undefined {
  const plot = plots.find((p) => p.view3D && DEEP.has(p.type));
  if (!plot) return undefined;
  const view: ChartView3D = plot.view3D!;
  const n = Math.max(1, categoryCount(plot.series));
  const band = (plot.type === 'bar' ? box.h : box.w) / n;
  const gapDepth = (plot.gapDepthPct ?? 150) / 100;
  // 3-D lines and standard (unclustered, unstacked) bars and areas put each series in a row of its own.
  const rows = plot.type === 'line' || plot.grouping === 'standard' ? Math.max(1, Math.min(plot.series.length, MAX_ROWS)) : 1;
  // A row with its gap: a category's width at 100 % depth and 150 % gap depth.
  const depth = (rows * band * (view.depthPct / 100) * (1 + gapDepth)) / 2.5;
  const rad = (d: number) => (d * Math.PI) / 180;
  // Depth recedes right and up (views from below or the left are drawn as from above right).
  const ux = Math.abs(detSin(rad(view.rotYDeg)));
  const uy = Math.max(0, detSin(rad(view.rotXDeg)));
  const dx = Math.min(depth * ux, box.w * MAX_SHARE_OF_BOX);
  const dy = Math.min(box.h * MAX_SHARE_OF_BOX, depth * uy);
  const share = 1 / (1 + gapDepth);
  return { dx, dy: -dy, front: (1 - share) / 2, share, rows };
}

/** The box of the front plane: the plot box less the room the depth takes at the top and right. */
export function frontBox(box: Rect, d: Depth): Rect {
  const up = Math.max(0, -d.dy);
  return { x: box.x, y: box.y + up, w: Math.max(1, box.w - d.dx), h: Math.max(1, box.h - up) };
}

/** The floor, the back and side walls, and the gridlines along the walls. */
export function drawWalls(draw: ChartDraw, plane: Plane, d: Depth): void {
  const r = plane.rect;
  const back: Rect = { x: r.x + d.dx, y: r.y + d.dy, w: r.w, h: r.h };
  const quad = (a: P, b: P, c: P, e: P): LayoutItem => ({ kind: 'path', commands: [...polyline([a, b, c, e] as Pt[]), { op: 'Z' }], stroke: WALL, lineWidth: 0.75 });
  const bl = { x: r.x, y: r.y + r.h };
  draw.items.push(
    quad(bl, { x: r.x + r.w, y: bl.y }, { x: back.x + r.w, y: back.y + r.h }, { x: back.x, y: back.y + r.h }),
    quad({ x: r.x, y: r.y }, bl, { x: back.x, y: back.y + r.h }, { x: back.x, y: back.y }),
    { kind: 'rect', ...back, stroke: WALL, lineWidth: 0.75 },
  );
  for (const { frame } of plane.frames) {
    if (!frame.axis?.majorGridlines || frame.kind !== 'value') continue;
    for (const v of ticksOf(frame.scale)) {
      const c = coordOf(frame, r, v);
      // Along the side wall (or the floor for horizontal value axes), then across the back wall.
      const side = frame.vertical ? ruleLine(r.x, c, r.x + d.dx, c + d.dy, frame.axis.gridline, DEFAULT_RULE) : ruleLine(c, r.y + r.h, c + d.dx, r.y + r.h + d.dy, frame.axis.gridline, DEFAULT_RULE);
      const across = frame.vertical
        ? ruleLine(back.x, c + d.dy, back.x + back.w, c + d.dy, frame.axis.gridline, DEFAULT_RULE)
        : ruleLine(c + d.dx, back.y, c + d.dx, back.y + back.h, frame.axis.gridline, DEFAULT_RULE);
      for (const item of [side, across]) if (item) draw.items.push(item);
    }
  }
}

type P = { x: number; y: number };

/** A colour scaled towards black (factor < 1) or white (factor > 1). */
export function shade(color: Color, factor: number): Color {
  return mapChannels(/^[0-9a-fA-F]{6}$/.test(color) ? color : '808080', (c) => (factor <= 1 ? c * factor : c + (255 - c) * (factor - 1)));
}

const TOP = 1.25;
const SIDE = 0.7;

function face(points: readonly P[], fill: Color | undefined, stroke: Color | undefined): LayoutItem {
  const commands: PathCommand[] = [...polyline(points as Pt[]), { op: 'Z' }];
  return { kind: 'path', commands, ...(fill ? { fill } : {}), ...(stroke ? { stroke, lineWidth: 0.5 } : {}) };
}

/** Where a row sits along the depth, as fractions of the whole depth: its front face and its depth. */
interface Row {
  readonly front: number;
  readonly depth: number;
}

/** Row `k` (series k when each series has a row of its own, else the one shared row). */
function rowOf(d: Depth, k: number): Row {
  return d.rows > 1 ? { front: (k + d.front) / d.rows, depth: d.share / d.rows } : { front: d.front, depth: d.share };
}

/** Series indices in drawing order: the back row first when each series has a row, else in order. */
function drawingOrder(d: Depth, n: number): number[] {
  const order = Array.from({ length: Math.min(n, MAX_ROWS) }, (_x, k) => k);
  return d.rows > 1 ? order.reverse() : order;
}

/** Draws a 3-D bar or column plot: side by side in one row, or one row per series (c:grouping standard). */
export function drawBars3D(draw: ChartDraw, b: PlotBinding, rect: Rect, d: Depth): void {
  const spans = b.spans;
  if (d.rows === 1 || !spans) {
    drawBoxes(draw, b, rect, d, rowOf(d, 0));
    return;
  }
  for (const k of drawingOrder(d, b.plot.series.length)) {
    const one: PlotBinding = { ...b, plot: { ...b.plot, series: [b.plot.series[k]!] }, spans: { ...spans, spans: [spans.spans[k]!] } };
    drawBoxes(draw, one, rect, d, rowOf(d, k));
  }
}

/** The 2-D bars of a binding as boxes in one row, drawn left to right (horizontal bars bottom-up). */
function drawBoxes(draw: ChartDraw, b: PlotBinding, rect: Rect, d: Depth, row: Row): void {
  const flat: LayoutItem[] = [];
  drawBars({ ...draw, items: flat }, b, rect);
  const bars = flat.filter((i): i is RectItem => i.kind === 'rect');
  const horizontal = b.plot.type === 'bar';
  bars.sort((p, q) => (horizontal ? q.y - p.y || p.x - q.x : p.x - q.x || q.y - p.y));
  const fx = d.dx * row.front;
  const fy = d.dy * row.front;
  const ex = d.dx * row.depth;
  const ey = d.dy * row.depth;
  for (const r of bars) {
    const x = r.x + fx;
    const y = r.y + fy;
    const base = r.fill ?? r.stroke ?? '808080';
    const fill = (f: number) => (r.fill ? shade(base, f) : undefined);
    draw.items.push(
      face([{ x: x + r.w, y }, { x: x + r.w, y: y + r.h }, { x: x + r.w + ex, y: y + r.h + ey }, { x: x + r.w + ex, y: y + ey }], fill(SIDE), r.stroke),
      face([{ x, y }, { x: x + r.w, y }, { x: x + r.w + ex, y: y + ey }, { x: x + ex, y: y + ey }], fill(TOP), r.stroke),
      { ...r, x, y },
    );
  }
  draw.items.push(...flat.filter((i) => i.kind !== 'rect'));
}

/** Draws a 3-D area plot: each series a slab with its top and right end faces (stacked: the first series first). */
export function drawAreas3D(draw: ChartDraw, b: PlotBinding, rect: Rect, d: Depth): void {
  const outlines = areaOutlines(b, rect);
  for (const k of drawingOrder(d, outlines.length)) {
    const { tops, bases } = outlines[k]!;
    const s = b.plot.series[k]!;
    if (tops.length === 0 || s.noFill) continue;
    const row = rowOf(d, k);
    const color = s.color ?? '4472C4';
    const shift = (p: P): P => ({ x: p.x + d.dx * row.front, y: p.y + d.dy * row.front });
    const back = (p: P): P => ({ x: p.x + d.dx * row.depth, y: p.y + d.dy * row.depth });
    const t = tops.map(shift);
    const base = bases.map(shift);
    for (let i = 0; i + 1 < t.length; i++) draw.items.push(face([t[i]!, t[i + 1]!, back(t[i + 1]!), back(t[i]!)], shade(color, TOP), undefined));
    const last = t.length - 1;
    draw.items.push(face([t[last]!, base[last]!, back(base[last]!), back(t[last]!)], shade(color, SIDE), undefined));
    draw.items.push(face([...t, ...[...base].reverse()], color, s.lineColor && !s.noLine ? s.lineColor : undefined));
    labelPoints(draw, b, s, tops.map((p, i) => ({ ...p, ...t[i]! })));
  }
}

/** Draws a 3-D line plot: each series a ribbon in its own row, the back row first. */
export function drawLines3D(draw: ChartDraw, b: PlotBinding, rect: Rect, d: Depth): void {
  for (const k of drawingOrder(d, b.plot.series.length)) {
    const s = b.plot.series[k]!;
    const color = s.lineColor ?? s.color ?? '4472C4';
    const row = rowOf(d, k);
    const at = (p: P, f: number): P => ({ x: p.x + d.dx * f, y: p.y + d.dy * f });
    const pts = linePoints(b, k, rect);
    for (let i = 0; i + 1 < pts.length; i++) {
      const p = pts[i];
      const q = pts[i + 1];
      if (!p || !q) continue;
      const back = row.front + row.depth;
      draw.items.push(face([at(p, row.front), at(q, row.front), at(q, back), at(p, back)], color, shade(color, SIDE)));
    }
    labelPoints(draw, b, s, pts.map((p) => p && { ...p, ...at(p, row.front) }));
  }
}

/** Whether a binding is drawn in 3-D (a 3-D bar, column, area or line plot). */
export function isDeep(b: PlotBinding, d: Depth | undefined): d is Depth {
  return d !== undefined && b.plot.view3D !== undefined && DEEP.has(b.plot.type);
}
