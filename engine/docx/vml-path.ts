/**
 * VML path strings (ECMA-376 Part 4 §19.1.2.19 v:shape/@path, §14.1.2.19 v:path/@v) drawn in points:
 * m l c x e t r v, the arcs ae al at ar wa wr, the quadrants qx qy, qb (quadratic B-spline), nf / ns
 * (the subpath until `e` is not filled / not stroked). Coordinates are in the shape's coordsize
 * space from its coordorigin; arguments may be numbers, `#n` adjust values or `@n` formula results.
 */
import type { PathCommand, PathPaint } from '../model';
import { detAtan2, detCos, detSin } from '../core/det-math';
import { C, ellipseArc, L, M, quadTo, Z, type Point } from './path-build';
import { vmlValue, type VmlSpace } from './vml-formulas';

/** A VML path as outlines with their paint, or the command it could not draw. */
export type VmlGeometry =
  | { readonly ok: true; readonly paths: PathCommand[][]; readonly paints: Array<PathPaint | undefined> }
  | { readonly ok: false; readonly unknown: string };

/** Arguments per repetition of each command. */
const ARITY: Record<string, number> = {
  m: 2, l: 2, c: 6, t: 2, r: 2, v: 6, x: 0, e: 0, nf: 0, ns: 0, ae: 6, al: 6, at: 8, ar: 8, wa: 8, wr: 8, qx: 2, qy: 2, qb: 2,
};
const TWO_LETTER = new Set(['nf', 'ns', 'ae', 'al', 'at', 'ar', 'wa', 'wr', 'qx', 'qy', 'qb', 'ha', 'hb', 'hc', 'hd', 'he', 'hf', 'hg', 'hh', 'hi']);
const MAX_COMMANDS = 20_000;
const K = 0.5522847498307936;

interface Command {
  readonly op: string;
  readonly args: readonly string[];
}

/** Splits a path into commands and their argument tokens (an empty argument between commas is 0). */
function tokenize(path: string): Command[] {
  const out: Command[] = [];
  let i = 0;
  while (i < path.length && out.length < MAX_COMMANDS) {
    const ch = path[i]!;
    if (!/[a-z]/i.test(ch)) { i++; continue; }
    const two = path.slice(i, i + 2).toLowerCase();
    const op = TWO_LETTER.has(two) ? two : ch.toLowerCase();
    i += op.length;
    let j = i;
    while (j < path.length && !/[a-z]/i.test(path[j]!)) j++;
    const args: string[] = [];
    for (const piece of path.slice(i, j).split(',')) {
      const found = piece.match(/[@#]\d+|[-+]?\d*\.?\d+/g);
      if (found) args.push(...found);
      else args.push('0');
    }
    if (args.length === 1 && path.slice(i, j).trim() === '') args.length = 0;
    out.push({ op, args });
    i = j;
  }
  return out;
}

/** The drawing state: outlines finished so far, the current one, its paint and the current point. */
interface PathState {
  readonly paths: PathCommand[][];
  readonly paints: Array<PathPaint | undefined>;
  cmds: PathCommand[];
  paint: PathPaint | undefined;
  cur: Point;
  started: boolean;
  readonly map: (x: number, y: number) => Point;
  readonly scale: Point;
}

function endGroup(s: PathState): void {
  if (s.cmds.length > 0) {
    s.paths.push(s.cmds);
    s.paints.push(s.paint);
  }
  s.cmds = [];
  s.paint = undefined;
  s.started = false;
}

function moveTo(s: PathState, p: Point): void {
  s.cmds.push(M(...p));
  s.cur = p;
  s.started = true;
}

function lineTo(s: PathState, p: Point): void {
  if (!s.started) moveTo(s, s.cur);
  s.cmds.push(L(...p));
  s.cur = p;
}

/** ae/al: an arc of the ellipse centred at (cx, cy) with radii (rx, ry), angles in degrees × 65536, counterclockwise. */
function angleArc(s: PathState, v: readonly number[], move: boolean): void {
  const [cx, cy] = s.map(v[0]!, v[1]!);
  const [rx, ry] = [Math.abs(v[2]! * s.scale[0]), Math.abs(v[3]! * s.scale[1])];
  const start = (-v[4]! / 65536) * (Math.PI / 180);
  const sweep = Math.max(-4 * Math.PI, Math.min(4 * Math.PI, (-v[5]! / 65536) * (Math.PI / 180)));
  const from: Point = [cx + rx * detCos(start), cy + ry * detSin(start)];
  if (move || !s.started) moveTo(s, from);
  else lineTo(s, from);
  if (sweep !== 0) s.cur = ellipseArc(s.cmds, cx, cy, rx, ry, start, sweep);
}

/** at/ar/wa/wr: the arc of the ellipse in a box between the rays to two points; `cw` clockwise. */
function boxArc(s: PathState, v: readonly number[], move: boolean, cw: boolean): void {
  const [l, t] = s.map(v[0]!, v[1]!);
  const [r, b] = s.map(v[2]!, v[3]!);
  const [cx, cy, rx, ry] = [(l + r) / 2, (t + b) / 2, Math.abs(r - l) / 2, Math.abs(b - t) / 2];
  const angle = (x: number, y: number) => {
    const [px, py] = s.map(x, y);
    return detAtan2(ry > 0 ? (py - cy) / ry : 0, rx > 0 ? (px - cx) / rx : 0);
  };
  const a0 = angle(v[4]!, v[5]!);
  let sweep = angle(v[6]!, v[7]!) - a0;
  if (cw) sweep = sweep <= 0 ? sweep + 2 * Math.PI : sweep;
  else sweep = sweep >= 0 ? sweep - 2 * Math.PI : sweep;
  const from: Point = [cx + rx * detCos(a0), cy + ry * detSin(a0)];
  if (move || !s.started) moveTo(s, from);
  else lineTo(s, from);
  if (rx > 0 && ry > 0) s.cur = ellipseArc(s.cmds, cx, cy, rx, ry, a0, sweep);
}

/** qx/qy: quarter ellipses to each point, starting along x (qx) or y (qy) and alternating. */
function quadrants(s: PathState, v: readonly number[], alongX: boolean): void {
  if (!s.started) moveTo(s, s.cur);
  let x = alongX;
  for (let i = 0; i + 1 < v.length; i += 2, x = !x) {
    const [x0, y0] = s.cur;
    const [x1, y1] = s.map(v[i]!, v[i + 1]!);
    s.cmds.push(x ? C(x0 + K * (x1 - x0), y0, x1, y1 - K * (y1 - y0), x1, y1) : C(x0, y0 + K * (y1 - y0), x1 - K * (x1 - x0), y1, x1, y1));
    s.cur = [x1, y1];
  }
}

/** qb: a quadratic B-spline through its control points to the last point (on-curve points between controls). */
function bSpline(s: PathState, v: readonly number[]): void {
  const pts: Point[] = [];
  for (let i = 0; i + 1 < v.length; i += 2) pts.push(s.map(v[i]!, v[i + 1]!));
  if (pts.length === 0) return;
  if (!s.started) moveTo(s, s.cur);
  if (pts.length === 1) return lineTo(s, pts[0]!);
  for (let i = 0; i < pts.length - 1; i++) {
    const c = pts[i]!;
    const next = pts[i + 1]!;
    const end: Point = i === pts.length - 2 ? next : [(c[0] + next[0]) / 2, (c[1] + next[1]) / 2];
    s.cmds.push(quadTo(s.cur, c, end));
    s.cur = end;
  }
}

/** Lines and curves, absolute (l, c) or relative to the current point (r, v), repeated over their arguments. */
function segments(s: PathState, op: string, v: readonly number[]): void {
  const n = ARITY[op]!;
  for (let i = 0; i + n <= v.length; i += n) {
    const rel = op === 'r' || op === 'v';
    const pt = (k: number): Point => {
      const p = rel ? [s.cur[0] + v[i + k]! * s.scale[0], s.cur[1] + v[i + k + 1]! * s.scale[1]] as Point : s.map(v[i + k]!, v[i + k + 1]!);
      return p;
    };
    if (n === 2) lineTo(s, pt(0));
    else {
      if (!s.started) moveTo(s, s.cur);
      const [a, b, c] = [pt(0), pt(2), pt(4)];
      s.cmds.push(C(a[0], a[1], b[0], b[1], c[0], c[1]));
      s.cur = c;
    }
  }
}

function step(s: PathState, op: string, v: readonly number[]): boolean {
  switch (op) {
    case 'm': moveTo(s, s.map(v[0] ?? 0, v[1] ?? 0)); return true;
    case 't': moveTo(s, [s.cur[0] + (v[0] ?? 0) * s.scale[0], s.cur[1] + (v[1] ?? 0) * s.scale[1]]); return true;
    case 'l': case 'r': case 'c': case 'v': segments(s, op, v); return true;
    case 'x': if (s.started) s.cmds.push(Z); return true;
    case 'e': endGroup(s); return true;
    case 'nf': s.paint = { ...s.paint, fill: 'none' }; return true;
    case 'ns': s.paint = { ...s.paint, stroke: false }; return true;
    case 'ae': case 'al': for (let i = 0; i + 6 <= v.length; i += 6) angleArc(s, v.slice(i, i + 6), op === 'al' && i === 0); return true;
    case 'at': case 'ar': case 'wa': case 'wr':
      for (let i = 0; i + 8 <= v.length; i += 8) boxArc(s, v.slice(i, i + 8), (op === 'ar' || op === 'wr') && i === 0, op[0] === 'w');
      return true;
    case 'qx': case 'qy': quadrants(s, v, op === 'qx'); return true;
    case 'qb': bSpline(s, v); return true;
    default: return op.length === 2 && op[0] === 'h';
  }
}

/**
 * Draws a VML path for a shape of `w`×`h` points whose path space is `space` (coordsize,
 * coordorigin, adjust values), with formula results `formulas` for `@n`.
 */
export function vmlPathGeometry(path: string, w: number, h: number, space: VmlSpace, formulas: readonly number[]): VmlGeometry {
  const sx = space.cw > 0 ? w / space.cw : 0;
  const sy = space.ch > 0 ? h / space.ch : 0;
  const s: PathState = {
    paths: [], paints: [], cmds: [], paint: undefined, cur: [0, 0], started: false,
    map: (x, y) => [(x - space.ox) * sx, (y - space.oy) * sy], scale: [sx, sy],
  };
  for (const { op, args } of tokenize(path)) {
    const v = args.map((a) => vmlValue(a, space, formulas));
    if (!step(s, op, v)) return { ok: false, unknown: op };
  }
  endGroup(s);
  return { ok: true, paths: s.paths, paints: s.paints };
}

/**
 * The text box rectangle of a VML path (v:path/@textboxrect "l,t,r,b") in points, read in the same
 * space as the path. The attribute may list several rectangles separated by `;` (MS-ODRAW's
 * pGeoTextRect array); only the first places the text, as in LibreOffice's
 * EnhancedCustomShape2d::GetTextRect (older releases took the second for vertical text flow).
 */
export function vmlTextRect(
  text: string, w: number, h: number, space: VmlSpace, formulas: readonly number[],
): { left: number; top: number; right: number; bottom: number } | undefined {
  const tokens = (text.split(';')[0] ?? '').split(',').map((t) => t.trim());
  if (tokens.length !== 4) return undefined;
  const [l = 0, t = 0, r = 0, b = 0] = tokens.map((tok) => vmlValue(tok || '0', space, formulas));
  const sx = space.cw > 0 ? w / space.cw : 0;
  const sy = space.ch > 0 ? h / space.ch : 0;
  return { left: (l - space.ox) * sx, top: (t - space.oy) * sy, right: (r - space.ox) * sx, bottom: (b - space.oy) * sy };
}
