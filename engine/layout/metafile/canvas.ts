/**
 * The playback surface both interpreters draw on: it keeps the device context, maps logical
 * coordinates to page points, and turns GDI drawing calls into LayoutDoc items (paths with the
 * selected pen and brush, images, clip groups). Paths inside a BeginPath bracket are collected in
 * page points, as GDI keeps them in device space ([MS-EMF] 3.1.1.2.1).
 */
import type { Color, LayoutImage, LayoutItem, PathCommand } from '../../model';
import type { ItemSink } from '../emit/sink';
import type { FaceResolver } from '../faces';
import { DcStack, ObjectTable, type DcState, type PageRect } from './dc-state';
import { apply, det, isAxisAligned, mapPath, meanScale, orientForEvenOdd, type Matrix } from './geometry';
import { commandsBox } from '../gradient';
import { MetafileError } from './reader';
import type { PendingMask } from './blit';

/** Most points (path vertices, control points, glyphs) one picture may draw. */
export const MAX_POINTS = 1_000_000;
/** Most images one picture may decode. */
export const MAX_IMAGES = 256;

/** What a canvas needs from its caller. */
export interface CanvasEnv {
  /** Where fonts and images are registered. */
  readonly sink: ItemSink;
  /** Faces for text; text is skipped (and counted) without them. */
  readonly faces?: FaceResolver;
  /** Key of the picture in the package, the prefix of its bitmaps' image keys. */
  readonly mediaKey: string;
  /** One pixel of the reference device in page points (the width of a cosmetic pen). */
  readonly pixelPt: number;
  /** The logical → page matrix for a state (window, viewport, map mode, world transform). */
  toPage(state: DcState): Matrix;
}

/** Fill opacity standing in for a hatched brush's lines. */
const HATCH_OPACITY = 0.35;

/** A pen turned into stroke properties. */
interface Stroke {
  readonly stroke: Color;
  readonly lineWidth: number;
  readonly dash?: readonly number[];
}

/** GDI's dash patterns in units of the pen width (cosmetic pens: pixels) by PenStyle. */
const DASHES: Record<number, readonly number[]> = { 1: [6, 2], 2: [1, 1], 3: [3, 2, 1, 2], 4: [3, 1, 1, 1, 1, 1] };

/** The playback surface of one picture. */
export class MetafileCanvas {
  readonly dc = new DcStack();
  readonly objects = new ObjectTable();
  readonly items: LayoutItem[] = [];
  /** Records skipped or drawn approximately, by name, for the picture's one warning. */
  readonly counts = new Map<string, number>();
  private bracket?: PathCommand[];
  private closedPath?: PathCommand[];
  private figureOpen = false;
  private points = 0;
  private images = 0;
  private group?: { readonly clip?: PageRect; readonly clipOut?: readonly PageRect[]; readonly items: LayoutItem[] };
  /** The AND mask of a masked icon, until its colour half arrives (see drawBitmap). */
  mask?: PendingMask;

  constructor(readonly env: CanvasEnv) {}

  get state(): DcState {
    return this.dc.state;
  }

  /** The current logical → page matrix. */
  matrix(): Matrix {
    return this.env.toPage(this.dc.state);
  }

  /** Counts something skipped or approximated. */
  note(what: string, n = 1): void {
    this.counts.set(what, (this.counts.get(what) ?? 0) + n);
  }

  /** Charges `n` points against the picture's budget; stops the picture when it is spent. */
  budget(n: number): void {
    this.points += n;
    if (this.points > MAX_POINTS) throw new MetafileError(`the picture draws more than ${MAX_POINTS} points`);
  }

  /** Adds an item, inside a group with the current clip (rectangle and cut-outs) when one is set. */
  emit(item: LayoutItem): void {
    if (!inRange(item)) {
      this.note('coordinates out of range');
      return;
    }
    const { clip, clipOut } = this.state;
    if (!clip && !clipOut) {
      this.items.push(item);
      this.group = undefined;
      return;
    }
    if (!this.group || this.group.clip !== clip || this.group.clipOut !== clipOut) {
      this.group = { ...(clip ? { clip } : {}), ...(clipOut ? { clipOut } : {}), items: [] };
      this.items.push({ kind: 'group', ...(clip ? { clip } : {}), ...(clipOut ? { clipOut } : {}), items: this.group.items });
    }
    this.group.items.push(item);
  }

  /** The selected pen as stroke properties, or undefined for PS_NULL. */
  strokeOf(m: Matrix): Stroke | undefined {
    const pen = this.state.pen;
    const style = pen.style & 0xf;
    if (style === 5) return undefined;
    const px = this.env.pixelPt;
    const lineWidth = pen.width > 0 ? Math.max(px, pen.width * meanScale(m)) : px;
    const pattern = DASHES[style];
    if (!pattern) return { stroke: pen.color, lineWidth };
    const unit = pen.width > 0 ? lineWidth : px * 3;
    return { stroke: pen.color, lineWidth, dash: pattern.map((d) => d * unit) };
  }

  /** The selected brush's colour, or undefined for a hollow brush. */
  fillOf(): Color | undefined {
    const b = this.state.brush;
    return b.style === 'null' ? undefined : b.color;
  }

  /** Draws (or, in a path bracket, records) a figure given in logical units. */
  shape(cmds: readonly PathCommand[], closed: boolean): void {
    if (cmds.length === 0) return;
    this.budget(cmds.length);
    const m = this.matrix();
    const mapped = mapPath(cmds, m);
    if (this.bracket) {
      this.bracket.push(...mapped);
      this.figureOpen = mapped[mapped.length - 1]!.op !== 'Z';
      return;
    }
    this.paint(mapped, closed ? this.fillOf() : undefined, this.strokeOf(m));
  }

  /** Emits a path item in page points with the given fill and stroke. */
  paint(commands: readonly PathCommand[], fill: Color | undefined, stroke: Stroke | undefined): void {
    if (!fill && !stroke) return;
    // A hatch covers about a third of its area with lines of its colour; a tint shows that better than solid ink.
    const hatch = fill && this.state.brush.style === 'hatch' ? { fillOpacity: HATCH_OPACITY } : {};
    this.emit({ kind: 'path', commands, ...(fill ? { fill } : {}), ...hatch, ...(stroke ? { stroke: stroke.stroke, lineWidth: stroke.lineWidth } : {}), ...(stroke?.dash ? { dash: stroke.dash } : {}) });
  }

  /** MoveTo: sets the current position (and starts a figure in a path bracket). */
  moveTo(x: number, y: number): void {
    this.state.cur = { x, y };
    if (this.bracket) {
      const p = apply(this.matrix(), x, y);
      this.bracket.push({ op: 'M', x: p.x, y: p.y });
      this.figureOpen = true;
    }
  }

  /** Lines (and Béziers) from the current position, as LineTo, PolylineTo and PolyBezierTo draw. */
  lineFromCurrent(cmds: readonly PathCommand[]): void {
    if (cmds.length === 0) return;
    const cur = this.state.cur;
    const last = cmds[cmds.length - 1]!;
    if (last.op !== 'Z') this.state.cur = { x: last.x, y: last.y };
    if (this.bracket && this.figureOpen) {
      this.budget(cmds.length);
      this.bracket.push(...mapPath(cmds, this.matrix()));
      return;
    }
    this.shape([{ op: 'M', x: cur.x, y: cur.y }, ...cmds], false);
  }

  /** PolyPolygon: rings filled together under the current fill mode, then outlined. */
  polyPolygon(rings: Array<Array<{ x: number; y: number }>>): void {
    const oriented = this.state.polyFillMode === 1 ? orientForEvenOdd(rings) : rings;
    const cmds: PathCommand[] = [];
    for (const ring of oriented) {
      if (ring.length === 0) continue;
      cmds.push({ op: 'M', x: ring[0]!.x, y: ring[0]!.y });
      for (let i = 1; i < ring.length; i++) cmds.push({ op: 'L', x: ring[i]!.x, y: ring[i]!.y });
      cmds.push({ op: 'Z' });
    }
    this.shape(cmds, true);
  }

  /** Fills a logical rectangle with a colour (PatBlt, ExtTextOut's opaque box). */
  fillRect(l: number, t: number, r: number, b: number, color: Color): void {
    const m = this.matrix();
    const rect = pageRect(m, l, t, r, b);
    if (rect.w <= 0 || rect.h <= 0) return;
    this.budget(4);
    this.emit({ kind: 'rect', ...rect, fill: color });
  }

  /** Whether logical → page mirrors (flips handedness). */
  mirrored(): boolean {
    return det(this.matrix()) < 0;
  }

  beginPath(): void {
    this.bracket = [];
    this.closedPath = undefined;
    this.figureOpen = false;
  }

  endPath(): void {
    this.closedPath = this.bracket;
    this.bracket = undefined;
  }

  abortPath(): void {
    this.bracket = undefined;
    this.closedPath = undefined;
  }

  closeFigure(): void {
    if (this.bracket && this.figureOpen) {
      this.bracket.push({ op: 'Z' });
      this.figureOpen = false;
    }
  }

  /** FillPath, StrokePath, StrokeAndFillPath: draws the closed path and discards it. */
  drawPath(fill: boolean, stroke: boolean): void {
    const path = this.closedPath ?? this.bracket;
    this.abortPath();
    if (!path || path.length === 0) return;
    this.paint(path, fill ? this.fillOf() : undefined, stroke ? this.strokeOf(this.matrix()) : undefined);
  }

  /** SelectClipPath: the path's bounding box becomes (or narrows) the clip ([MS-EMF] 2.1.29 RegionMode). */
  selectClipPath(mode: number): void {
    const path = this.closedPath ?? this.bracket;
    this.abortPath();
    if (!path || path.length === 0) return;
    if (!isRectPath(path)) this.note('clip path (bounding box used)');
    this.clipTo(commandsBox(path), mode);
  }

  /**
   * Narrows (RGN_AND), replaces (RGN_COPY), widens (RGN_OR) or cuts (RGN_DIFF) the clip with a
   * rectangle in page points. A new clip drops the cut-outs; a wider one drops those it covers again.
   */
  clipTo(rect: PageRect, mode: number): void {
    const s = this.state;
    if (mode === 4) return this.cutOut(rect);
    if (mode === 5) s.clipOut = undefined;
    else if (mode === 2 && s.clipOut) s.clipOut = keepOrNone(s.clipOut.filter((q) => !overlaps(q, rect)));
    if (mode === 5 || !s.clip) s.clip = mode === 5 || mode === 1 ? rect : s.clip;
    else if (mode === 1) s.clip = intersect(s.clip, rect);
    else if (mode === 2) s.clip = union(s.clip, rect);
    else this.note(`clip mode ${mode}`);
  }

  /** Removes every clip: the rectangle and the cut-outs (RGN_COPY with no region, EMF+ ResetClip). */
  resetClip(): void {
    this.state.clip = undefined;
    this.state.clipOut = undefined;
  }

  /** IntersectClipRect with a logical rectangle. */
  intersectClip(l: number, t: number, r: number, b: number): void {
    const m = this.matrix();
    if (!isAxisAligned(m)) this.note('rotated clip (bounding box used)');
    this.clipTo(pageRect(m, l, t, r, b), 1);
  }

  /** ExcludeClipRect with a logical rectangle ([MS-WMF] 2.3.5.3, [MS-EMF] 2.3.2.1). */
  excludeClip(l: number, t: number, r: number, b: number): void {
    const m = this.matrix();
    if (!isAxisAligned(m)) this.note('rotated clip (bounding box used)');
    this.cutOut(pageRect(m, l, t, r, b));
  }

  private cutOut(rect: PageRect): void {
    const s = this.state;
    if (rect.w <= 0 || rect.h <= 0) return;
    if ((s.clipOut?.length ?? 0) >= MAX_CUT_OUTS) return this.note('excluded clip rectangles over the limit');
    s.clipOut = [...(s.clipOut ?? []), rect];
  }

  /** Places a decoded bitmap on the logical rectangle (x, y, w, h); a negative size mirrors it. */
  image(img: LayoutImage, x: number, y: number, w: number, h: number): void {
    if (this.images >= MAX_IMAGES) {
      this.note('bitmap over the limit');
      return;
    }
    const index = this.env.sink.resources.image(`${this.env.mediaKey}#${this.images++}`, img);
    const m = this.matrix();
    const p0 = apply(m, x, y);
    const p1 = apply(m, x + w, y + h);
    if (isAxisAligned(m)) {
      const flipH = p1.x < p0.x;
      const flipV = p1.y < p0.y;
      this.emit({
        kind: 'image', x: Math.min(p0.x, p1.x), y: Math.min(p0.y, p1.y), w: Math.abs(p1.x - p0.x), h: Math.abs(p1.y - p0.y), image: index,
        ...(flipH ? { flipH } : {}), ...(flipV ? { flipV } : {}),
      });
      return;
    }
    const t: [number, number, number, number, number, number] = [m[0] * w, m[1] * w, m[2] * h, m[3] * h, p0.x, p0.y];
    this.emit({ kind: 'group', transform: t, items: [{ kind: 'image', x: 0, y: 0, w: 1, h: 1, image: index }] });
  }
}

/** Farthest a metafile item may reach from the page origin, in points (beyond is a broken transform). */
const MAX_COORD = 1e6;

const ok = (...v: number[]): boolean => v.every((n) => Number.isFinite(n) && Math.abs(n) <= MAX_COORD);

/** Whether an item's coordinates are finite and within MAX_COORD (groups are checked by their transform). */
function inRange(it: LayoutItem): boolean {
  switch (it.kind) {
    case 'path':
      return it.commands.every((c) => c.op === 'Z' || (ok(c.x, c.y) && (c.op !== 'C' || ok(c.x1, c.y1, c.x2, c.y2))));
    case 'rect':
    case 'image':
      return ok(it.x, it.y, it.w, it.h);
    case 'glyphs':
      return ok(it.x, it.y, it.sizePt);
    case 'line':
      return ok(it.x1, it.y1, it.x2, it.y2);
    case 'group':
      return !it.transform || ok(...it.transform);
    default:
      return true;
  }
}

/** The page rectangle covering a logical rectangle's mapped corners. */
export function pageRect(m: Matrix, l: number, t: number, r: number, b: number): PageRect {
  const a = apply(m, l, t);
  const c = apply(m, r, b);
  const d = apply(m, l, b);
  const e = apply(m, r, t);
  const x0 = Math.min(a.x, c.x, d.x, e.x);
  const y0 = Math.min(a.y, c.y, d.y, e.y);
  return { x: x0, y: y0, w: Math.max(a.x, c.x, d.x, e.x) - x0, h: Math.max(a.y, c.y, d.y, e.y) - y0 };
}

function isRectPath(path: readonly PathCommand[]): boolean {
  const pts = path.filter((c) => c.op !== 'Z');
  if (pts.length < 4 || pts.length > 5 || pts.some((c) => c.op === 'C') || pts.slice(1).some((c) => c.op === 'M')) return false;
  for (let i = 0; i < 4; i++) {
    const a = pts[i] as { x: number; y: number };
    const b = pts[(i + 1) % 4] as { x: number; y: number };
    if (Math.abs(a.x - b.x) > 1e-6 && Math.abs(a.y - b.y) > 1e-6) return false;
  }
  return true;
}

function intersect(a: PageRect, b: PageRect): PageRect {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  return { x, y, w: Math.max(0, Math.min(a.x + a.w, b.x + b.w) - x), h: Math.max(0, Math.min(a.y + a.h, b.y + b.h) - y) };
}

function union(a: PageRect, b: PageRect): PageRect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
}

/** Most rectangles one clip may cut out (each costs a clip path per group in the PDF). */
const MAX_CUT_OUTS = 32;

function overlaps(a: PageRect, b: PageRect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function keepOrNone(list: readonly PageRect[]): readonly PageRect[] | undefined {
  return list.length > 0 ? list : undefined;
}
