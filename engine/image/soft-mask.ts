/**
 * Soft masks: a silhouette (filled outlines and stroked lines) rasterised into 8-bit coverage,
 * grown or shrunk, and blurred, for the blurred shadows, glows and soft edges of DrawingML effects
 * (ECMA-376 Part 1 §20.1.8.49 outerShdw blurRad, §20.1.8.32 glow, §20.1.8.53 softEdge). PDF has no
 * blur, so both renderers draw such an effect through the same mask: an /SMask in the PDF, an
 * alpha channel in the canvas preview.
 *
 * Deterministic by construction: coverage is sampled on a fixed grid (4 sub-rows a pixel, exact
 * spans across), curves are cut into a fixed number of lines, and the blur works on integers, so
 * the same silhouette gives the same bytes in every engine. Cost is linear in the pixels: the grid
 * is sized by the caller (softMaskGrid bounds it), and each blur pass is a running sum.
 */

/** A path command in points (the model's PathCommand, which this module does not import). */
export type MaskCommand =
  | { readonly op: 'M' | 'L'; readonly x: number; readonly y: number }
  | { readonly op: 'C'; readonly x1: number; readonly y1: number; readonly x2: number; readonly y2: number; readonly x: number; readonly y: number }
  | { readonly op: 'Z' };

/** One part of a silhouette: an outline filled (nonzero), or stroked `lineWidth` wide (round joins), or both. */
export interface MaskShape {
  readonly commands: readonly MaskCommand[];
  readonly fill?: boolean;
  readonly lineWidth?: number;
}

/** The raster a mask is drawn in: a box in points and its size in pixels. */
export interface MaskGrid {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly cols: number;
  readonly rows: number;
}

/** Sub-rows sampled per pixel row. */
const SUB = 4;

/** Lines a curve is cut into. */
const CURVE_STEPS = 12;

/** Most pixels a mask is grown or shrunk by. */
const MAX_GROW_PX = 32;

/** Sides of the polygon a round join is drawn as. */
const JOIN_SIDES = 8;

/** The cosines and sines of a join's corners (fixed constants: no transcendental Math at run time). */
const JOIN = [
  [1, 0], [0.7071067811865476, 0.7071067811865476], [0, 1], [-0.7071067811865476, 0.7071067811865476],
  [-1, 0], [-0.7071067811865476, -0.7071067811865476], [0, -1], [0.7071067811865476, -0.7071067811865476],
] as const;

/**
 * A grid for a silhouette spanning `box` (points) whose mask reaches `reachPt` beyond it: about
 * `pxPerSigma` pixels a blur sigma (`sigmaPt`), at most `maxPxPerPt` a point, and never more than
 * `maxPixels` in all (the scale is lowered to fit). Pixel counts are whole.
 */
export function softMaskGrid(box: { x: number; y: number; w: number; h: number }, reachPt: number, sigmaPt: number, maxPixels = 1_000_000, pxPerSigma = 3, maxPxPerPt = 4): MaskGrid {
  const x = box.x - reachPt;
  const y = box.y - reachPt;
  const w = Math.max(1e-3, box.w + 2 * reachPt);
  const h = Math.max(1e-3, box.h + 2 * reachPt);
  let scale = sigmaPt > 0 ? Math.min(maxPxPerPt, pxPerSigma / sigmaPt) : maxPxPerPt;
  const fit = Math.sqrt(maxPixels / (w * h));
  if (scale > fit) scale = fit;
  const cols = Math.max(1, Math.min(Math.ceil(w * scale), maxPixels));
  const rows = Math.max(1, Math.min(Math.ceil(h * scale), Math.floor(maxPixels / cols)));
  return { x, y, w, h, cols, rows };
}

/** Polygons (flat [x0, y0, x1, y1, …] in pixels) of a silhouette part, each a closed ring. */
function rings(shape: MaskShape, grid: MaskGrid): number[][] {
  const sx = grid.cols / grid.w;
  const sy = grid.rows / grid.h;
  const out: number[][] = [];
  let ring: number[] = [];
  let cx = 0;
  let cy = 0;
  const close = () => {
    if (ring.length >= 4) out.push(ring);
    ring = [];
  };
  for (const c of shape.commands) {
    if (c.op === 'Z') {
      if (ring.length >= 2) ring.push(ring[0]!, ring[1]!);
      close();
      continue;
    }
    const px = (c.x - grid.x) * sx;
    const py = (c.y - grid.y) * sy;
    if (c.op === 'M') {
      close();
      ring.push(px, py);
    } else if (c.op === 'L') ring.push(px, py);
    else if (c.op === 'C') {
      const x1 = (c.x1 - grid.x) * sx, y1 = (c.y1 - grid.y) * sy, x2 = (c.x2 - grid.x) * sx, y2 = (c.y2 - grid.y) * sy;
      if (ring.length === 0) ring.push(cx, cy);
      for (let i = 1; i <= CURVE_STEPS; i++) {
        const t = i / CURVE_STEPS;
        const u = 1 - t;
        ring.push(u * u * u * cx + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * px, u * u * u * cy + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * py);
      }
    }
    cx = px;
    cy = py;
  }
  close();
  return out;
}

/** Quads and joins that cover a ring stroked `half` pixels either side, each wound the same way. */
function strokePolygons(ring: readonly number[], half: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i + 3 < ring.length; i += 2) {
    const x0 = ring[i]!, y0 = ring[i + 1]!, x1 = ring[i + 2]!, y1 = ring[i + 3]!;
    const len = Math.sqrt((x1 - x0) ** 2 + (y1 - y0) ** 2);
    if (len > 0) {
      // Left of the direction is (-dy, dx): the quad runs forward on the left and back on the right.
      const nx = (-(y1 - y0) / len) * half;
      const ny = ((x1 - x0) / len) * half;
      out.push([x0 + nx, y0 + ny, x1 + nx, y1 + ny, x1 - nx, y1 - ny, x0 - nx, y0 - ny, x0 + nx, y0 + ny]);
    }
  }
  for (let i = 0; i + 1 < ring.length; i += 2) {
    const p: number[] = [];
    for (const [c, s] of JOIN) p.push(ring[i]! + c * half, ring[i + 1]! + s * half);
    p.push(p[0]!, p[1]!);
    out.push(p);
  }
  // Each piece is convex: wound the same way, their union is what nonzero fills.
  return out.map((p) => (signedArea(p) >= 0 ? p : reversed(p)));
}

function signedArea(p: readonly number[]): number {
  let a = 0;
  for (let i = 0; i + 3 < p.length; i += 2) a += p[i]! * p[i + 3]! - p[i + 2]! * p[i + 1]!;
  return a;
}

function reversed(p: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = p.length - 2; i >= 0; i -= 2) out.push(p[i]!, p[i + 1]!);
  return out;
}

/**
 * Adds the nonzero coverage (0–1 a pixel) of `polys` into `cover`, keeping each pixel's highest
 * value against what is there (parts of a silhouette are unioned, not summed).
 */
function fillPolygons(polys: readonly (readonly number[])[], cols: number, rows: number, cover: Float64Array): void {
  // The edges, top end first, sorted by their top: each sub-row visits only the edges it crosses
  // (an active list), so a long outline costs its crossings, not its edges times the rows.
  let n = 0;
  for (const p of polys) n += Math.max(0, p.length / 2 - 1);
  const top = new Float64Array(n), bottom = new Float64Array(n), x0 = new Float64Array(n), slope = new Float64Array(n);
  const dir = new Int8Array(n);
  let e = 0;
  for (const p of polys) {
    for (let i = 0; i + 3 < p.length; i += 2) {
      const ya = p[i + 1]!, yb = p[i + 3]!;
      if (!(ya !== yb) || !Number.isFinite(ya) || !Number.isFinite(yb) || !Number.isFinite(p[i]!) || !Number.isFinite(p[i + 2]!)) continue;
      const down = yb > ya;
      const [xt, yt, xb, yl] = down ? [p[i]!, ya, p[i + 2]!, yb] : [p[i + 2]!, yb, p[i]!, ya];
      top[e] = yt;
      bottom[e] = yl;
      x0[e] = xt;
      slope[e] = (xb - xt) / (yl - yt);
      dir[e] = down ? 1 : -1;
      e++;
    }
  }
  if (e === 0) return;
  const order = Array.from({ length: e }, (_, k) => k).sort((a, b) => top[a]! - top[b]! || a - b);
  const r0 = Math.max(0, Math.floor(top[order[0]!]!));
  let maxY = -Infinity;
  for (let k = 0; k < e; k++) maxY = Math.max(maxY, bottom[k]!);
  const r1 = Math.min(rows - 1, Math.floor(maxY));
  const row = new Float64Array(cols);
  const active: number[] = [];
  let next = 0;
  const xs: number[] = [];
  const ws: number[] = [];
  const idx: number[] = [];
  for (let r = r0; r <= r1; r++) {
    row.fill(0);
    for (let s = 0; s < SUB; s++) {
      const sy = r + (s + 0.5) / SUB;
      while (next < e && top[order[next]!]! <= sy) active.push(order[next++]!);
      // Drop the edges that ended above this sub-row, in place (order kept).
      let kept = 0;
      for (const k of active) if (bottom[k]! > sy) active[kept++] = k;
      active.length = kept;
      xs.length = ws.length = idx.length = 0;
      for (const k of active) {
        if (top[k]! > sy) continue;
        idx.push(xs.length);
        xs.push(x0[k]! + (sy - top[k]!) * slope[k]!);
        ws.push(dir[k]!);
      }
      idx.sort((a, b) => xs[a]! - xs[b]! || a - b);
      let wind = 0;
      let from = 0;
      for (const k of idx) {
        const was = wind;
        wind += ws[k]!;
        if (was === 0 && wind !== 0) from = xs[k]!;
        else if (was !== 0 && wind === 0) addSpan(row, from, xs[k]!, cols);
      }
    }
    const base = r * cols;
    for (let c = 0; c < cols; c++) {
      const v = row[c]! / SUB;
      if (v > cover[base + c]!) cover[base + c] = v > 1 ? 1 : v;
    }
  }
}

/** Adds the span [a, b) (pixels) to a row, partial pixels by the fraction covered. */
function addSpan(row: Float64Array, a: number, b: number, cols: number): void {
  const lo = Math.max(0, a);
  const hi = Math.min(cols, b);
  if (!(hi > lo)) return;
  const c0 = Math.floor(lo);
  const c1 = Math.floor(hi);
  if (c0 === c1) {
    row[c0] = row[c0]! + (hi - lo);
    return;
  }
  row[c0] = row[c0]! + (c0 + 1 - lo);
  for (let c = c0 + 1; c < c1 && c < cols; c++) row[c] = row[c]! + 1;
  if (c1 < cols) row[c1] = row[c1]! + (hi - c1);
}

/**
 * Box radii of three passes whose sum approximates a Gaussian of `sigma` pixels (three box blurs
 * of widths w_i have the variance Σ (w_i² − 1) / 12).
 */
export function boxRadii(sigma: number): [number, number, number] {
  if (!(sigma > 0)) return [0, 0, 0];
  const ideal = Math.sqrt((12 * sigma * sigma) / 3 + 1);
  let wl = Math.floor(ideal);
  if (wl % 2 === 0) wl--;
  const wu = wl + 2;
  const m = Math.round((12 * sigma * sigma - 3 * wl * wl - 12 * wl - 9) / (-4 * wl - 4));
  const r = (i: number) => ((i < m ? wl : wu) - 1) / 2;
  return [Math.max(0, r(0)), Math.max(0, r(1)), Math.max(0, r(2))];
}

/** One box pass of radius r along rows (step 1) or columns (step cols), zero outside, integers throughout. */
function boxPass(src: Uint8Array, dst: Uint8Array, cols: number, rows: number, r: number, horizontal: boolean): void {
  const n = horizontal ? cols : rows;
  const lines = horizontal ? rows : cols;
  const step = horizontal ? 1 : cols;
  const width = 2 * r + 1;
  for (let l = 0; l < lines; l++) {
    const start = horizontal ? l * cols : l;
    let sum = 0;
    for (let i = 0; i < r && i < n; i++) sum += src[start + i * step]!;
    for (let i = 0; i < n; i++) {
      if (i + r < n) sum += src[start + (i + r) * step]!;
      if (i - r - 1 >= 0) sum -= src[start + (i - r - 1) * step]!;
      dst[start + i * step] = Math.floor((2 * sum + width) / (2 * width));
    }
  }
}

/**
 * Grows (g > 0, a running maximum) or shrinks (g < 0, a running minimum) coverage by |g| pixels along
 * both axes, samples outside the grid 0. Each line is filtered by van Herk / Gil-Werman: three
 * comparisons a sample whatever |g|, where comparing each sample's whole window took 2|g| + 1: on a
 * 4-megapixel mask 0.94 -> 0.44 s grown by 6 px (the layout's most), 5.4 -> 0.77 s by MAX_GROW_PX
 * (a LayoutDoc the renderer did not lay out); fuzz seed 80 docx-75, 151 glows of grouped shapes,
 * 6.0-6.1 -> 5.8-6.0 s of CPU.
 */
export function morph(src: Uint8Array, cols: number, rows: number, g: number): Uint8Array {
  const r = Math.abs(g);
  if (r === 0) return src;
  const grow = g > 0;
  const tmp = new Uint8Array(src.length);
  const out = new Uint8Array(src.length);
  const len = Math.max(cols, rows) + 2 * r;
  const line = { pad: new Uint8Array(len), pre: new Uint8Array(len), suf: new Uint8Array(len) };
  for (let l = 0; l < rows; l++) lineExtreme(src, tmp, l * cols, 1, cols, r, grow, line);
  for (let l = 0; l < cols; l++) lineExtreme(tmp, out, l, cols, rows, r, grow, line);
  return out;
}

/**
 * Sets b[i] to the maximum (grow) or minimum of a's samples i-r..i+r of one line (`n` samples from
 * `start`, `step` apart), samples past its ends 0. Over the line padded by r zeros each side, cut into
 * blocks of the window's width, a window is the suffix of one block and the prefix of the next.
 * Exported for its test only (morph is the module's door).
 */
export function lineExtreme(a: Uint8Array, b: Uint8Array, start: number, step: number, n: number, r: number, grow: boolean, buf: { pad: Uint8Array; pre: Uint8Array; suf: Uint8Array }): void {
  const { pad, pre, suf } = buf;
  const w = 2 * r + 1;
  const len = n + 2 * r;
  pad.fill(0, 0, len);
  for (let k = 0; k < n; k++) pad[k + r] = a[start + k * step]!;
  // The previous (next) sample is read only where a block goes on: reading pre[-1] or suf[len] made
  // TurboFan's code bail out ("out of bounds") and run this loop unoptimised for much of a first
  // conversion (lineExtreme deoptimised 30 times in the dev corpus's first round).
  for (let j = 0, at = 0; j < len; j++, at = at + 1 === w ? 0 : at + 1) {
    const v = pad[j]!;
    if (at === 0) {
      pre[j] = v;
      continue;
    }
    const p = pre[j - 1]!;
    pre[j] = grow ? (v > p ? v : p) : v < p ? v : p;
  }
  for (let j = len - 1; j >= 0; j--) {
    const v = pad[j]!;
    if (j === len - 1 || (j + 1) % w === 0) {
      suf[j] = v;
      continue;
    }
    const q = suf[j + 1]!;
    suf[j] = grow ? (v > q ? v : q) : v < q ? v : q;
  }
  for (let i = 0; i < n; i++) {
    const x = suf[i]!;
    const y = pre[i + w - 1]!;
    b[start + i * step] = grow ? (x > y ? x : y) : x < y ? x : y;
  }
}

/** Most pixels a renderer rasterises one mask with, whatever a LayoutDoc says (the layout keeps far fewer: softMaskGrid). */
export const MAX_RENDER_MASK_PIXELS = 4_000_000;

/** A mask as a LayoutDoc holds it (the model's SoftMask, which this module does not import). */
export interface MaskSpec {
  readonly shapes: readonly MaskShape[];
  readonly grid: MaskGrid;
  readonly growPt: number;
  readonly sigmaPt: number;
}

/**
 * The samples both renderers draw a LayoutDoc's mask with (rasterizeSoftMask), or undefined when its
 * grid is not one to draw: a box not finite or empty, pixel counts not whole and positive, or more
 * than MAX_RENDER_MASK_PIXELS (a hostile LayoutDoc's grid is checked here, not trusted).
 */
export function renderMaskSamples(m: MaskSpec): Uint8Array | undefined {
  const { x, y, w, h, cols, rows } = m.grid;
  if (![x, y, w, h, m.growPt, m.sigmaPt].every(Number.isFinite) || !(w > 0) || !(h > 0)) return undefined;
  if (!Number.isInteger(cols) || !Number.isInteger(rows) || cols < 1 || rows < 1 || cols * rows > MAX_RENDER_MASK_PIXELS) return undefined;
  return rasterizeSoftMask(m.shapes, m.grid, m.growPt, m.sigmaPt);
}

/**
 * The mask of a silhouette on `grid`: coverage 0–255 a pixel, rows top to bottom, grown (growPt > 0)
 * or shrunk (growPt < 0) by that much, then blurred with a Gaussian of `sigmaPt` (three box passes
 * each way).
 */
export function rasterizeSoftMask(shapes: readonly MaskShape[], grid: MaskGrid, growPt: number, sigmaPt: number): Uint8Array {
  const { cols, rows } = grid;
  const scale = cols / grid.w;
  const cover = new Float64Array(cols * rows);
  for (const shape of shapes) {
    const rs = rings(shape, grid);
    if (shape.fill) fillPolygons(rs, cols, rows, cover);
    const half = ((shape.lineWidth ?? 0) * scale) / 2;
    if (half > 0) fillPolygons(rs.flatMap((ring) => strokePolygons(ring, half)), cols, rows, cover);
  }
  let mask: Uint8Array = new Uint8Array(cols * rows);
  for (let i = 0; i < mask.length; i++) mask[i] = Math.round(cover[i]! * 255);
  // The layout grows by two sigmas at three pixels a sigma (6 px); a hostile LayoutDoc's growth is
  // bounded so the running max/min (|g| steps a pixel) stays linear in the pixels.
  const g = Math.round(growPt * scale);
  mask = morph(mask, cols, rows, Number.isFinite(g) ? Math.max(-MAX_GROW_PX, Math.min(MAX_GROW_PX, g)) : 0);
  const radii = boxRadii(sigmaPt * scale);
  const tmp = new Uint8Array(mask.length);
  for (const r of radii) {
    if (r <= 0) continue;
    boxPass(mask, tmp, cols, rows, r, true);
    boxPass(tmp, mask, cols, rows, r, false);
  }
  return mask;
}
