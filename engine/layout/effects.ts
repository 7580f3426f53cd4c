/**
 * Glow and reflection (DrawingML a:glow §20.1.8.32, a:reflection §20.1.8.50, and Word 2010's w14
 * forms on text) drawn with vector items only, since PDF has no blur filter and the LayoutDoc no
 * soft mask: a glow is a stack of translucent round-joined strokes of the outline whose summed
 * opacity falls off with the distance from it; a reflection is the object's paths (and pictures)
 * scaled about its box's alignment point, in nested bands clipped across the fade direction whose
 * stacked opacity follows the fade. Both are paths, so a text's effects never add extractable text.
 */
import type { Glow, GroupItem, ImageItem, LayoutItem, PathCommand, PathItem, PathShading, Reflection } from '../model';

/** A box in page points (y down). */
export interface EffectBox {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** Strokes a glow is drawn with: each reaches a further quarter of the radius beyond the outline. */
const GLOW_RINGS = 4;

/**
 * Widest stretch of a reflection's fade (points) and most stretches: each band draws the copy again,
 * so they bound what a reflection costs (at most 10 copies of the object with the stretches before
 * and after the ramp); finer steps are hardly seen at a fade's low opacities.
 */
const FADE_BAND_PT = 1;
const MAX_FADE_BANDS = 8;

/** Opacity below which a band is not drawn (less than one step of 8-bit colour). */
const MIN_OPACITY = 1 / 255;

const round3 = (v: number) => Math.round(v * 1000) / 1000 + 0;

/**
 * A glow around `commands` (an outline in page points, whose drawing reaches `growPt` beyond it: a
 * shape's line's outer half): rings stroked with round joins, the widest first, whose stacked opacity is the glow's at the outline and falls in equal steps to
 * nothing at `radPt` beyond it (a blurred edge's fall, in GLOW_RINGS steps). The inner half of
 * each stroke lies under the object, which is drawn over them.
 */
export function glowRings(commands: readonly PathCommand[], glow: Glow, growPt = 0): PathItem[] {
  const out: PathItem[] = [];
  if (commands.length === 0 || !(glow.radPt > 0) || !(glow.opacity > 0)) return out;
  const top = Math.min(1, glow.opacity);
  // Beyond ring i only rings i+1.. cover: their stacked opacity (1 - the product of what each lets through).
  let beyond = 0;
  for (let i = GLOW_RINGS; i >= 1; i--) {
    const target = (top * (GLOW_RINGS - i + 1)) / GLOW_RINGS;
    const a = round3(beyond >= 1 ? 0 : 1 - (1 - target) / (1 - beyond));
    beyond = target;
    if (a <= 0) continue;
    out.push({ kind: 'path', commands, stroke: glow.color, lineWidth: round3((2 * glow.radPt * i) / GLOW_RINGS + 2 * growPt), ...(a < 1 ? { strokeOpacity: a } : {}), roundJoins: true });
  }
  return out;
}

/** The point of `box` a reflection is scaled about (its alignment). */
function anchorOf(box: EffectBox, align: Reflection['align']): [number, number] {
  const x = align === 'tl' || align === 'l' || align === 'bl' ? box.x : align === 'tr' || align === 'r' || align === 'br' ? box.x + box.w : box.x + box.w / 2;
  const y = align === 'tl' || align === 't' || align === 'tr' ? box.y : align === 'bl' || align === 'b' || align === 'br' ? box.y + box.h : box.y + box.h / 2;
  return [x, y];
}

type Map2 = (x: number, y: number) => [number, number];

function mapCommands(commands: readonly PathCommand[], m: Map2): PathCommand[] {
  return commands.map((c): PathCommand => {
    if (c.op === 'Z') return c;
    const [x, y] = m(c.x, c.y);
    if (c.op !== 'C') return { op: c.op, x, y };
    const [x1, y1] = m(c.x1, c.y1);
    const [x2, y2] = m(c.x2, c.y2);
    return { op: 'C', x1, y1, x2, y2, x, y };
  });
}

function mapShading(s: PathShading, m: Map2, radiusScale: number): PathShading {
  const c = s.coords;
  let coords: number[];
  if (s.kind === 'axial') coords = [...m(c[0]!, c[1]!), ...m(c[2]!, c[3]!)];
  else {
    const [x0, y0] = m(c[0]!, c[1]!);
    const [x1, y1] = m(c[3]!, c[4]!);
    coords = [x0, y0, c[2]! * radiusScale, x1, y1, c[5]! * radiusScale];
  }
  return { ...s, coords, ...(s.clip ? { clip: mapCommands(s.clip, m) } : {}) };
}

/** An unturned picture mapped by an axis-aligned scale and offset: its box mapped, flipped where the scale is negative. */
function mapImage(img: ImageItem, m: Map2, sx: number, sy: number): ImageItem {
  const [x0, y0] = m(img.x, img.y);
  const [x1, y1] = m(img.x + img.w, img.y + img.h);
  const flipH = (img.flipH === true) !== sx < 0;
  const flipV = (img.flipV === true) !== sy < 0;
  const { flipH: _h, flipV: _v, ...rest } = img;
  return { ...rest, x: Math.min(x0, x1), y: Math.min(y0, y1), w: Math.abs(x1 - x0), h: Math.abs(y1 - y0), ...(flipH ? { flipH } : {}), ...(flipV ? { flipV } : {}) };
}

/** What a reflection copies: paths, and pictures that are not turned. */
export type Reflectable = PathItem | ImageItem;

/** The opacity of a reflection's fade at t (0 at its side nearest the object, 1 at the far side). */
function fadeAt(r: Reflection, t: number): number {
  if (t <= r.startPos) return r.startOpacity;
  if (t >= r.endPos || r.endPos <= r.startPos) return r.endOpacity;
  return r.startOpacity + ((r.endOpacity - r.startOpacity) * (t - r.startPos)) / (r.endPos - r.startPos);
}

/** The stretches of the fade, [t0, t1, opacity], each drawn as one band. */
function fadeBands(r: Reflection, extentPt: number): Array<readonly [number, number, number]> {
  const out: Array<readonly [number, number, number]> = [];
  if (r.startPos > 0) out.push([0, r.startPos, r.startOpacity]);
  const ramp = r.endPos - r.startPos;
  if (ramp > 0) {
    const n = Math.max(1, Math.min(MAX_FADE_BANDS, Math.ceil((ramp * extentPt) / FADE_BAND_PT)));
    for (let i = 0; i < n; i++) {
      const t0 = r.startPos + (ramp * i) / n;
      const t1 = r.startPos + (ramp * (i + 1)) / n;
      out.push([t0, t1, fadeAt(r, (t0 + t1) / 2)]);
    }
  }
  if (r.endPos < 1) out.push([r.endPos, 1, r.endOpacity]);
  return out;
}

/**
 * Stretches of a monotonic fade as nested layers whose stacked opacity is the stretch's: each layer
 * reaches from the stretch to the end where the fade is strongest (the near side, for a reflection
 * fading away from its object), so every boundary but a layer's own edge is covered by the layers
 * that go on across it, and rasterisers leave no light seam between the stretches. A layer's
 * opacity is what its stretch adds to the layers beyond it: 1 - (1 - T) / (1 - T beyond).
 */
function layeredBands(bands: ReadonlyArray<readonly [number, number, number]>): Array<readonly [number, number, number]> {
  if (bands.length === 0) return [];
  const fading = bands[0]![2] >= bands[bands.length - 1]![2];
  const order = fading ? [...bands].reverse() : bands;
  const out: Array<readonly [number, number, number]> = [];
  let beyond = 0;
  for (const [t0, t1, target] of order) {
    const a = beyond >= 1 ? 0 : Math.max(0, 1 - (1 - target) / (1 - beyond));
    beyond = Math.max(beyond, target);
    out.push(fading ? [0, t1, a] : [t0, 1, a]);
  }
  return fading ? out.reverse() : out;
}

/**
 * A reflection of the object drawn by `drawn` over `box`: its paths and pictures scaled by (sx, sy)
 * about the box's alignment point and moved by the reflection's offset, drawn once per band of the fade,
 * each band a group clipped to its layer (`layeredBands`), the layers stacking to the fade's opacity
 * over each stretch (a blur is not drawn).
 */
export function reflectionItems(drawn: readonly Reflectable[], box: EffectBox, r: Reflection): GroupItem[] {
  if (drawn.length === 0 || !(box.w > 0) || !(box.h > 0)) return [];
  const [ax, ay] = anchorOf(box, r.align);
  const m: Map2 = (x, y) => [round3(ax + r.sx * (x - ax) + r.dxPt), round3(ay + r.sy * (y - ay) + r.dyPt)];
  const radiusScale = (Math.abs(r.sx) + Math.abs(r.sy)) / 2;
  const copies = drawn.map((p): Reflectable =>
    p.kind === 'image' ? mapImage(p, m, r.sx, r.sy) : { ...withoutPicture(p), commands: mapCommands(p.commands, m), ...(p.shading ? { shading: mapShading(p.shading, m, radiusScale) } : {}) },
  );
  const [x0, y0] = m(box.x, box.y);
  const [x1, y1] = m(box.x + box.w, box.y + box.h);
  const rx = Math.min(x0, x1);
  const ry = Math.min(y0, y1);
  const rw = Math.abs(x1 - x0);
  const rh = Math.abs(y1 - y0);
  const across = r.fadeQuarter % 2 === 1; // the fade runs down or up: bands are horizontal strips
  const extent = across ? rh : rw;
  // Ink past the box (overhanging glyphs, a stroke's outer half) stays inside the bands across them.
  const margin = Math.max(rw, rh);
  const out: GroupItem[] = [];
  for (const [t0, t1, opacity] of layeredBands(fadeBands(r, extent))) {
    if (!(opacity >= MIN_OPACITY)) continue;
    const a = t0 * extent;
    const b = t1 >= 1 ? t1 * extent + margin : t1 * extent;
    // Distance along the fade from the reflection's near side, in page coordinates.
    const from = r.fadeQuarter === 0 ? rx + a : r.fadeQuarter === 1 ? ry + a : r.fadeQuarter === 2 ? rx + rw - b : ry + rh - b;
    const clip = across
      ? { x: round3(rx - margin), y: round3(from), w: round3(rw + 2 * margin), h: round3(b - a) }
      : { x: round3(from), y: round3(ry - margin), w: round3(b - a), h: round3(rh + 2 * margin) };
    const items = copies.map((p): Reflectable => {
      if (p.kind === 'image') return { ...p, opacity: round3(opacity * (p.opacity ?? 1)) };
      const fillOpacity = round3(opacity * (p.fillOpacity ?? 1));
      const strokeOpacity = round3(opacity * (p.strokeOpacity ?? 1));
      return { ...p, ...(p.fill ? { fillOpacity } : {}), ...(p.stroke ? { strokeOpacity } : {}) };
    });
    out.push({ kind: 'group', clip, items });
  }
  return out;
}

/** Layers a soft edge is drawn with: each reaches a further quarter of its width inside the edge. */
const SOFT_EDGE_LAYERS = 4;

/**
 * The object drawn by `drawn` over `box` with a soft edge (a:softEdge): SOFT_EDGE_LAYERS translucent
 * copies, each inset a further step inside the edge, whose stacked opacity rises in equal steps from
 * the edge to the object's own at `radPt` inside it. A picture's layers are clipped to inset
 * rectangles (exact for its box); a path's are its fill shrunk about the box's centre by the inset
 * (exact for a rectangle, the box's inset for other outlines). A path's line, on the edge, is drawn
 * once at the outer step's opacity.
 */
export function softEdgeLayers(drawn: readonly Reflectable[], box: EffectBox, radPt: number): LayoutItem[] {
  const rad = Math.min(radPt, box.w / 2, box.h / 2);
  if (!(rad > 0)) return [...drawn];
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const out: LayoutItem[] = [];
  const lines: PathItem[] = [];
  for (let j = 1; j <= SOFT_EDGE_LAYERS; j++) {
    const inset = (rad * (j - 1)) / SOFT_EDGE_LAYERS;
    // What layer j adds over the layers outside it, for an object of opacity `own`.
    const adds = (own: number) => {
      const t = (own * j) / SOFT_EDGE_LAYERS;
      const before = (own * (j - 1)) / SOFT_EDGE_LAYERS;
      return round3(before >= 1 ? 0 : 1 - (1 - t) / (1 - before));
    };
    const sx = (box.w - 2 * inset) / box.w;
    const sy = (box.h - 2 * inset) / box.h;
    const m: Map2 = (x, y) => [round3(cx + sx * (x - cx)), round3(cy + sy * (y - cy))];
    for (const p of drawn) {
      if (p.kind === 'image') {
        const a = adds(p.opacity ?? 1);
        if (a <= 0) continue;
        const clip = { x: round3(box.x + inset), y: round3(box.y + inset), w: round3(box.w - 2 * inset), h: round3(box.h - 2 * inset) };
        out.push({ kind: 'group', clip, items: [{ ...p, opacity: a }] });
        continue;
      }
      if (j === 1 && p.stroke) lines.push(p);
      // A picture fill is drawn once, unfaded, under the line (its layers would need a soft mask).
      if (p.picture) {
        if (j === 1) out.push(withoutLine(p));
        continue;
      }
      if (!p.fill) continue;
      const a = adds(p.fillOpacity ?? 1);
      if (a <= 0) continue;
      const { stroke: _s, lineWidth: _w, dash: _d, strokeOpacity: _o, roundJoins: _r, ...fill } = p;
      out.push({ ...fill, commands: j === 1 ? p.commands : mapCommands(p.commands, m), ...(p.shading && j > 1 ? { shading: mapShading(p.shading, m, (sx + sy) / 2) } : {}), fillOpacity: a });
    }
  }
  for (const p of lines) {
    const { fill: _f, shading: _s, fillOpacity: _o, picture: _p, ...line } = p;
    out.push({ ...line, strokeOpacity: round3((p.strokeOpacity ?? 1) / SOFT_EDGE_LAYERS) });
  }
  return out;
}

/** A path without its picture fill (a reflection copies its flat fill only: a mirrored picture is not drawn). */
function withoutPicture(p: PathItem): PathItem {
  const { picture: _p, ...rest } = p;
  return rest;
}

/** A path's fill alone, without its line. */
function withoutLine(p: PathItem): PathItem {
  const { stroke: _s, lineWidth: _w, dash: _d, strokeOpacity: _o, roundJoins: _r, ...fill } = p;
  return fill;
}
