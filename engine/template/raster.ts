/**
 * A small deterministic rasteriser for glyph outlines: curves are flattened with a fixed rule
 * (segment count from the control polygon's Manhattan length), then filled with the non-zero
 * winding rule (as TrueType and CFF outlines expect, OpenType `glyf` / CFF Type 2 charstrings) on a
 * 4×4 supersampled grid. Only + − × ÷ and floor/ceil are used, so every engine gives the same pixels.
 */

/** One outline command in output pixel space (y grows downwards). */
export interface PathCommand {
  readonly command: 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'bezierCurveTo' | 'closePath';
  readonly args: readonly number[];
}

/** Straight edges: flat array of x0, y0, x1, y1 per edge. */
export type EdgeList = number[];

const SUPERSAMPLE = 4;
const MAX_SEGMENTS = 24;

/** Appends the edges of an outline (in font units) placed with `scale` and origin (ox, oy); font y is flipped. */
export function addOutline(edges: EdgeList, commands: readonly PathCommand[], scale: number, ox: number, oy: number): void {
  let sx = 0;
  let sy = 0;
  let cx = 0;
  let cy = 0;
  const X = (x: number) => ox + x * scale;
  const Y = (y: number) => oy - y * scale;
  const line = (x: number, y: number) => {
    if (cy !== y || cx !== x) edges.push(cx, cy, x, y);
    cx = x;
    cy = y;
  };
  for (const c of commands) {
    const a = c.args;
    switch (c.command) {
      case 'moveTo':
        if (cx !== sx || cy !== sy) line(sx, sy);
        sx = cx = X(a[0]!);
        sy = cy = Y(a[1]!);
        break;
      case 'lineTo':
        line(X(a[0]!), Y(a[1]!));
        break;
      case 'quadraticCurveTo': {
        const x1 = X(a[0]!), y1 = Y(a[1]!), x2 = X(a[2]!), y2 = Y(a[3]!);
        const x0 = cx, y0 = cy;
        const n = segments(Math.abs(x1 - x0) + Math.abs(y1 - y0) + Math.abs(x2 - x1) + Math.abs(y2 - y1));
        for (let i = 1; i <= n; i++) {
          const t = i / n, u = 1 - t;
          line(u * u * x0 + 2 * u * t * x1 + t * t * x2, u * u * y0 + 2 * u * t * y1 + t * t * y2);
        }
        break;
      }
      case 'bezierCurveTo': {
        const x1 = X(a[0]!), y1 = Y(a[1]!), x2 = X(a[2]!), y2 = Y(a[3]!), x3 = X(a[4]!), y3 = Y(a[5]!);
        const x0 = cx, y0 = cy;
        const len = Math.abs(x1 - x0) + Math.abs(y1 - y0) + Math.abs(x2 - x1) + Math.abs(y2 - y1) + Math.abs(x3 - x2) + Math.abs(y3 - y2);
        const n = segments(len);
        for (let i = 1; i <= n; i++) {
          const t = i / n, u = 1 - t;
          const b0 = u * u * u, b1 = 3 * u * u * t, b2 = 3 * u * t * t, b3 = t * t * t;
          line(b0 * x0 + b1 * x1 + b2 * x2 + b3 * x3, b0 * y0 + b1 * y1 + b2 * y2 + b3 * y3);
        }
        break;
      }
      case 'closePath':
        line(sx, sy);
        break;
    }
  }
  if (cx !== sx || cy !== sy) line(sx, sy);
}

function segments(length: number): number {
  const n = Math.ceil(length / 3);
  return n < 2 ? 2 : n > MAX_SEGMENTS ? MAX_SEGMENTS : n;
}

/** The bounding box of an edge list, or undefined when empty. */
export function edgeBounds(edges: EdgeList): { minX: number; minY: number; maxX: number; maxY: number } | undefined {
  if (edges.length === 0) return undefined;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < edges.length; i += 2) {
    const x = edges[i]!, y = edges[i + 1]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { minX, minY, maxX, maxY };
}

/** Fills edges (non-zero winding) into an alpha coverage map of width × height pixels (0–255). */
export function fillEdges(edges: EdgeList, width: number, height: number): Uint8Array {
  const ss = SUPERSAMPLE;
  const counts = new Uint16Array(width * height);
  const n = edges.length / 4;
  const top = (i: number) => Math.min(edges[i * 4 + 1]!, edges[i * 4 + 3]!);
  const bottom = (i: number) => Math.max(edges[i * 4 + 1]!, edges[i * 4 + 3]!);
  // Edges sorted by their top; an active list holds those crossing the current sub-scanline.
  const order = Array.from({ length: n }, (_, i) => i).filter((i) => top(i) !== bottom(i)).sort((a, b) => top(a) - top(b) || a - b);
  let active: number[] = [];
  let next = 0;
  const xs: number[] = [];
  const dirs: number[] = [];
  for (let sy = 0; sy < height * ss; sy++) {
    const y = (sy + 0.5) / ss;
    while (next < order.length && top(order[next]!) <= y) active.push(order[next++]!);
    active = active.filter((i) => bottom(i) > y);
    xs.length = 0;
    dirs.length = 0;
    for (const i of active) {
      const e = i * 4;
      const x0 = edges[e]!, y0 = edges[e + 1]!, x1 = edges[e + 2]!, y1 = edges[e + 3]!;
      xs.push(x0 + ((y - y0) * (x1 - x0)) / (y1 - y0));
      dirs.push(y0 < y1 ? 1 : -1);
    }
    fillRow(xs, dirs, counts, width, Math.floor(sy / ss), ss);
  }
  const out = new Uint8Array(width * height);
  const full = ss * ss;
  for (let i = 0; i < counts.length; i++) out[i] = Math.floor((counts[i]! * 255 + (full >> 1)) / full);
  return out;
}

function fillRow(xs: number[], dirs: number[], counts: Uint16Array, width: number, row: number, ss: number): void {
  const idx = xs.map((_, i) => i).sort((a, b) => xs[a]! - xs[b]! || dirs[a]! - dirs[b]!);
  let winding = 0;
  const base = row * width;
  for (let k = 0; k < idx.length - 1; k++) {
    winding += dirs[idx[k]!]!;
    if (winding === 0) continue;
    // Sub-samples whose centres lie in [xa, xb).
    const from = Math.max(0, Math.ceil(xs[idx[k]!]! * ss - 0.5));
    const to = Math.min(width * ss, Math.ceil(xs[idx[k + 1]!]! * ss - 0.5));
    for (let s = from; s < to; s++) {
      const j = base + Math.floor(s / ss);
      counts[j] = counts[j]! + 1;
    }
  }
}
