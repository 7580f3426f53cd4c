/**
 * 3-D pie charts (c:pie3DChart, §21.2.2.140): the pie tilted back by c:view3D/c:rotX (its circle
 * squashed to an ellipse of sin rotX) and given a thickness, whose outer wall shows in a darker
 * shade where the slices face the viewer (3 o'clock round through 6 to 9); c:rotY turns the pie.
 */
import type { ChartPlot, LayoutItem, PathCommand } from '../../model';
import { detCos, detSin } from '../../core/det-math';
import type { ChartDraw, Rect } from './context';
import { shade } from './draw-3d';
import { drawSlice, explosionOf, maxExplosion, slicesOf, type Slice } from './draw-pie';
import { arcCommands, polar } from './math';

/** The pie's thickness as a fraction of its radius at 100 % depth and no tilt. */
const THICKNESS = 0.25;
const MIN_SQUASH = 0.1;

/** Draws a 3-D pie (its first series) into the plot rectangle. */
export function drawPie3D(draw: ChartDraw, plot: ChartPlot, rect: Rect): void {
  const s = plot.series[0];
  const view = plot.view3D;
  if (!s || !view) return;
  const rad = (view.rotXDeg * Math.PI) / 180;
  const k = Math.max(MIN_SQUASH, Math.abs(detSin(rad)));
  const thick = THICKNESS * Math.abs(detCos(rad)) * Math.min(2, view.depthPct / 100);
  const explode = maxExplosion(s);
  // Width 2r(1 + e); height 2rk(1 + e) for the top plus the wall's thickness.
  const r = Math.max(0, Math.min(rect.w / (2 * (1 + explode)), rect.h / (2 * k * (1 + explode) + thick)));
  const h = thick * r;
  const cx = rect.x + rect.w / 2;
  const cy = rect.y + (rect.h - h) / 2;
  // A 3-D pie has no c:firstSliceAng: c:view3D/c:rotY turns it instead.
  const { slices } = slicesOf(s.values, (plot.firstSliceDeg ?? 0) + view.rotYDeg);
  const squash = (y: number) => cy + (y - cy) * k;
  for (const sl of slices) {
    const out = explosionOf(s, sl.index) * r;
    const off = out > 0 ? polar(0, 0, out, (sl.fromDeg + sl.toDeg) / 2) : { x: 0, y: 0 };
    const color = s.noFill ? undefined : s.pointColors?.[sl.index] ?? s.color;
    for (const [a, b] of frontArcs(sl)) draw.items.push(wall(cx + off.x, cy + off.y * k, r, k, h, a, b, color ? shade(color, 0.7) : undefined));
  }
  const tops: LayoutItem[] = [];
  for (const sl of slices) drawSlice({ ...draw, items: tops }, plot, s, sl, cx, cy, 0, r, explosionOf(s, sl.index) * r);
  for (const item of tops) draw.items.push(squashItem(item, squash));
}

/** The parts of a slice's arc on the near half of the pie (90° to 270° clockwise from 12 o'clock). */
function frontArcs(sl: Slice): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const base of [-360, 0, 360]) {
    const a = Math.max(sl.fromDeg, 90 + base);
    const b = Math.min(sl.toDeg, 270 + base);
    if (b > a) out.push([a, b]);
  }
  return out;
}

/** The outer wall under an arc of the squashed circle: the arc, down by the thickness, and back. */
function wall(cx: number, cy: number, r: number, k: number, h: number, from: number, to: number, fill: string | undefined): LayoutItem {
  const squashed = (cmds: PathCommand[], dy: number): PathCommand[] => cmds.map((c) => squashCommand(c, (y) => cy + (y - cy) * k + dy));
  const start = polar(cx, cy, r, from);
  const end = polar(cx, cy, r, to);
  const commands: PathCommand[] = [
    { op: 'M', x: start.x, y: cy + (start.y - cy) * k },
    ...squashed(arcCommands(cx, cy, r, from, to), 0),
    { op: 'L', x: end.x, y: cy + (end.y - cy) * k + h },
    ...squashed(arcCommands(cx, cy, r, to, from), h),
    { op: 'Z' },
  ];
  return { kind: 'path', commands, ...(fill ? { fill } : {}), stroke: 'FFFFFF', lineWidth: 0.5 };
}

function squashCommand(c: PathCommand, f: (y: number) => number): PathCommand {
  if (c.op === 'Z') return c;
  if (c.op === 'C') return { ...c, y1: f(c.y1), y2: f(c.y2), y: f(c.y) };
  return { ...c, y: f(c.y) };
}

/** A slice or its label moved onto the tilted pie (labels keep their shape, only their place moves). */
function squashItem(item: LayoutItem, f: (y: number) => number): LayoutItem {
  if (item.kind === 'path') return { ...item, commands: item.commands.map((c) => squashCommand(c, f)) };
  if (item.kind === 'glyphs') return { ...item, y: f(item.y) };
  return item;
}
