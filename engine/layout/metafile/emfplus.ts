/**
 * EMF+ playback for pictures that hold only EMF+ records ([MS-EMFPLUS] 2.3; dual-mode files are
 * drawn from their EMF fallback instead). The subset Office writes for charts and shapes: page and
 * world transforms, Save/Restore, solid and gradient brushes (gradients as their mean colour), pens,
 * paths, rectangles, polygons, lines, ellipses, Béziers, clip rectangles and DrawString. EMF+ world
 * coordinates are played through the GDI canvas by making them its logical units.
 */
import type { LayoutImage, PathCommand } from '../../model';
import type { MetafileCanvas } from './canvas';
import { pageRect } from './canvas';
import { colorRef, type Brush, type Font, type Pen } from './dc-state';
import { compose, ellipsePath, IDENTITY, rectPath, type Matrix } from './geometry';
import { MetafileError, RecordView } from './reader';
import { drawText, MAX_TEXT } from './text';
import { ObjectPieces, plusImage } from './emfplus-image';

/** Most EMF+ Save states kept at once. */
const MAX_SAVED = 1024;

type Obj = { kind: 'image'; image: LayoutImage } | { kind: 'format'; align: number; lineAlign: number } | { kind: 'brush'; brush: Brush } | { kind: 'pen'; pen: Pen; brush: Brush } | { kind: 'path'; cmds: PathCommand[] } | { kind: 'font'; font: Font; sizeUnit: number; emSize: number };

/** EMF+ playback state: objects, world and page transforms, the Save stack. */
export class EmfPlusPlayer {
  private readonly objects = new Map<number, Obj>();
  private world: Matrix = IDENTITY;
  private pageUnit = 2;
  private pageScale = 1;
  private readonly pieces = new ObjectPieces();
  private readonly saved = new Map<number, { world: Matrix; clip: MetafileCanvas['state']['clip']; clipOut: MetafileCanvas['state']['clipOut'] }>();

  /** `dpi` is the EMF+ header's logical resolution; `video` whether the reference device is a screen. */
  constructor(
    private readonly cv: MetafileCanvas,
    private readonly dpi: { x: number; y: number },
    private readonly video: boolean,
  ) {
    this.install();
  }

  /** Device pixels per page unit ([MS-EMFPLUS] 2.1.1.32 UnitType). */
  private unitPx(unit: number, axis: 'x' | 'y'): number {
    const d = this.dpi[axis];
    switch (unit) {
      case 1: return this.video ? 1 : d / 100;
      case 3: return d / 72;
      case 4: return d;
      case 5: return d / 300;
      case 6: return d / 25.4;
      default: return 1;
    }
  }

  /** Device pixels per world unit along an axis under the page transform (unit and scale). */
  private pagePx(axis: 'x' | 'y'): number {
    return this.unitPx(this.pageUnit, axis) * this.pageScale;
  }

  /** EMF+ world → device pixels, installed as the canvas's world transform (GDI mapping is MM_TEXT). */
  private install(): void {
    const page: Matrix = [this.pagePx('x'), 0, 0, this.pagePx('y'), 0, 0];
    this.cv.state.world = compose(this.world, page);
  }

  /** Plays the EMF+ records inside one EMR_COMMENT (`r` is the comment record, data from 16). */
  playComment(r: RecordView): void {
    let at = 16;
    while (r.has(at, 12)) {
      const type = r.u16(at);
      const flags = r.u16(at + 2);
      const size = r.u32(at + 4);
      const dataSize = r.u32(at + 8);
      if (size < 12 || size % 4 !== 0 || dataSize > size - 12 || !r.has(at, size)) throw new MetafileError(`EMF+ record 0x${type.toString(16)} claims ${size} bytes`);
      this.record(type, flags, r.sub(at + 12, dataSize));
      at += size;
    }
  }

  private record(type: number, flags: number, d: RecordView): void {
    const cv = this.cv;
    switch (type) {
      case 0x4001: case 0x4002: case 0x4003: case 0x4004: case 0x401e: case 0x401f: case 0x4020: case 0x4021: case 0x4022: case 0x4023: case 0x4024:
        return; // header, EOF, comment, GetDC, rendering hints (nothing a vector rendering shows)
      case 0x4008: return this.object(flags, d);
      case 0x400a: return this.rects(flags, d, true);
      case 0x400b: return this.rects(flags, d, false);
      case 0x400c: return this.fill(this.brushOf(flags, d.u32(0)), polygon(points(d, 8, d.u32(4), flags), true));
      case 0x400d: return this.stroke(flags & 0xff, polygon(points(d, 4, d.u32(0), flags), (flags & 0x2000) !== 0));
      case 0x400e: return this.fill(this.brushOf(flags, d.u32(0)), ellipse(d, 4, flags));
      case 0x400f: return this.stroke(flags & 0xff, ellipse(d, 0, flags));
      case 0x4014: {
        const p = this.objects.get(flags & 0xff);
        if (p?.kind === 'path') this.fill(this.brushOf(flags, d.u32(0)), p.cmds);
        return;
      }
      case 0x4015: {
        const p = this.objects.get(flags & 0xff);
        if (p?.kind === 'path') this.stroke(d.u32(0) & 0xff, p.cmds);
        return;
      }
      case 0x4019: return this.stroke(flags & 0xff, beziers(points(d, 4, d.u32(0), flags)));
      case 0x401a: return this.image(flags, d, false);
      case 0x401b: return this.image(flags, d, true);
      case 0x401c: return this.string(flags, d);
      case 0x4025:
        if (this.saved.size < MAX_SAVED) this.saved.set(d.u32(0), { world: this.world, clip: cv.state.clip, clipOut: cv.state.clipOut });
        else cv.note('EMF+ Save nesting');
        return;
      case 0x4026: {
        const s = this.saved.get(d.u32(0));
        if (s) (this.world = s.world), (cv.state.clip = s.clip), (cv.state.clipOut = s.clipOut);
        return this.install();
      }
      case 0x402a: this.world = matrix(d, 0); return this.install();
      case 0x402b: this.world = IDENTITY; return this.install();
      case 0x402c: return this.multiply(matrix(d, 0), flags);
      case 0x402d: return this.multiply([1, 0, 0, 1, d.f32(0), d.f32(4)], flags);
      case 0x402e: return this.multiply([d.f32(0), 0, 0, d.f32(4), 0, 0], flags);
      case 0x402f: {
        const a = (d.f32(0) * Math.PI) / 180;
        return this.multiply([Math.cos(a), Math.sin(a), -Math.sin(a), Math.cos(a), 0, 0], flags);
      }
      case 0x4030: this.pageUnit = flags & 0xff; this.pageScale = d.f32(0) || 1; return this.install();
      case 0x4031: cv.resetClip(); return;
      case 0x4032: return this.clip(rectPath(d.f32(0), d.f32(4), d.f32(0) + d.f32(8), d.f32(4) + d.f32(12)), flags);
      case 0x4033: {
        const p = this.objects.get(flags & 0xff);
        if (p?.kind === 'path') this.clip(p.cmds, flags);
        return;
      }
      default:
        cv.note(`EMF+ record 0x${type.toString(16)}`);
    }
  }

  private multiply(m: Matrix, flags: number): void {
    // Flag A (0x2000): post-multiply (applied after the current transform); otherwise before it.
    this.world = flags & 0x2000 ? compose(this.world, m) : compose(m, this.world);
    this.install();
  }

  /** SetClipRect / SetClipPath: the bounding box, combined by mode (0 replace, 1 intersect, 2 union, 4 exclude). */
  private clip(cmds: PathCommand[], flags: number): void {
    const mode = (flags >>> 8) & 0xf;
    const pts = cmds.flatMap((c) => (c.op === 'Z' ? [] : [c]));
    if (pts.length === 0) return;
    let [l, t, r, b] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const p of pts) (l = Math.min(l, p.x)), (t = Math.min(t, p.y)), (r = Math.max(r, p.x)), (b = Math.max(b, p.y));
    // EMF+ CombineMode (replace, intersect, union, xor, exclude) as GDI's RGN_ modes; complement is not followed.
    const gdi = ([5, 1, 2, 3, 4] as const)[mode];
    if (gdi === undefined) return this.cv.note(`EMF+ clip combine mode ${mode}`);
    this.cv.clipTo(pageRect(this.cv.matrix(), l, t, r, b), gdi);
  }

  /** A brush by object id, or the colour in the id field when flag S (0x8000) is set. */
  private brushOf(flags: number, id: number): Brush | undefined {
    if (flags & 0x8000) return argbBrush(id);
    const o = this.objects.get(id & 0xff);
    return o?.kind === 'brush' ? o.brush : undefined;
  }

  private fill(brush: Brush | undefined, cmds: PathCommand[]): void {
    if (!brush || brush.style === 'null' || cmds.length === 0) return;
    const s = this.cv.state;
    const [pen, old] = [s.pen, s.brush];
    s.pen = { kind: 'pen', style: 5, width: 0, color: '000000' };
    s.brush = brush;
    this.cv.shape(cmds, true);
    s.pen = pen;
    s.brush = old;
  }

  private stroke(penId: number, cmds: PathCommand[]): void {
    const o = this.objects.get(penId);
    if (o?.kind !== 'pen' || o.brush.style === 'null' || cmds.length === 0) return;
    const s = this.cv.state;
    const [pen, brush] = [s.pen, s.brush];
    s.pen = { ...o.pen, color: o.brush.color };
    s.brush = { kind: 'brush', style: 'null', color: '000000' };
    this.cv.shape(cmds, false);
    s.pen = pen;
    s.brush = brush;
  }

  private rects(flags: number, d: RecordView, filled: boolean): void {
    const at = filled ? 4 : 0;
    const n = d.u32(at);
    const small = (flags & 0x4000) !== 0;
    const size = small ? 8 : 16;
    if (!d.has(at + 4, n * size)) throw new MetafileError(`an EMF+ record claims ${n} rectangles`);
    this.cv.budget(n * 4);
    const cmds: PathCommand[] = [];
    for (let i = 0; i < n; i++) {
      const o = at + 4 + i * size;
      const [x, y, w, h] = small ? [d.i16(o), d.i16(o + 2), d.i16(o + 4), d.i16(o + 6)] : [d.f32(o), d.f32(o + 4), d.f32(o + 8), d.f32(o + 12)];
      cmds.push(...rectPath(x, y, x + w, y + h));
    }
    if (filled) this.fill(this.brushOf(flags, d.u32(0)), cmds);
    else this.stroke(flags & 0xff, cmds);
  }

  /** DrawString: the text at the layout rectangle's top-left corner in the font's size. */
  private string(flags: number, d: RecordView): void {
    const o = this.objects.get(flags & 0xff);
    const brush = this.brushOf(flags, d.u32(0));
    const n = Math.min(d.u32(8), MAX_TEXT);
    if (o?.kind !== 'font' || !brush || !d.has(28, n * 2)) return;
    let text = '';
    for (let i = 0; i < n; i++) text += String.fromCharCode(d.u16(28 + 2 * i));
    const s = this.cv.state;
    // The em size in world units: font units → device pixels, then back through the page transform
    // only. GDI+ draws text in world space like any shape, so a world scale (a chart generator's
    // ScaleWorldTransform fitting its drawing to the frame) scales the text with the lines around it;
    // dividing it out as well kept the letters at full size among shrunken geometry.
    const em = o.sizeUnit === 0 ? o.emSize : (o.emSize * this.unitPx(o.sizeUnit, 'y')) / (this.pagePx('y') || 1);
    // StringFormat alignment (0 near, 1 centre, 2 far) within the layout rectangle; lines are about 1.2 em.
    const f = this.objects.get(d.u32(4) & 0xff);
    const [x, y, w, h] = [d.f32(12), d.f32(16), d.f32(20), d.f32(24)];
    const align = f?.kind === 'format' && w > 0 ? f.align : 0;
    const lineAlign = f?.kind === 'format' && h > 0 ? f.lineAlign : 0;
    const saved = { font: s.font, textColor: s.textColor, bkMode: s.bkMode, textAlign: s.textAlign };
    Object.assign(s, { font: { ...o.font, height: -em }, textColor: brush.color, bkMode: 1, textAlign: align === 1 ? 6 : align === 2 ? 2 : 0 });
    const ty = lineAlign === 1 ? y + (h - em * 1.2) / 2 : lineAlign === 2 ? y + h - em * 1.2 : y;
    drawText(this.cv, { x: align === 1 ? x + w / 2 : align === 2 ? x + w : x, y: ty, text });
    Object.assign(s, saved);
  }

  private setImage(id: number, bytes: Uint8Array): void {
    const img = plusImage(bytes);
    if (typeof img === 'string') {
      this.cv.note(img);
      this.objects.delete(id);
    } else this.objects.set(id, { kind: 'image', image: img });
  }

  /** DrawImage (destination rectangle) and DrawImagePoints (parallelogram: upper-left, upper-right, lower-left). */
  private image(flags: number, d: RecordView, withPoints: boolean): void {
    const o = this.objects.get(flags & 0xff);
    if (o?.kind !== 'image') return;
    const small = (flags & 0x4000) !== 0;
    const at = 24;
    const p = withPoints ? points(d, at + 4, Math.min(d.u32(at), 3), flags) : undefined;
    const [x, y, w, h] = withPoints ? [0, 0, 1, 1] : small ? [d.i16(at), d.i16(at + 2), d.i16(at + 4), d.i16(at + 6)] : [d.f32(at), d.f32(at + 4), d.f32(at + 8), d.f32(at + 12)];
    const s = this.cv.state;
    const world = s.world;
    if (p) {
      if (p.length < 3) return;
      const [a, b, c] = p as [{ x: number; y: number }, { x: number; y: number }, { x: number; y: number }];
      s.world = compose([b.x - a.x, b.y - a.y, c.x - a.x, c.y - a.y, a.x, a.y], world);
    }
    this.cv.image(o.image, x, y, w, h);
    s.world = world;
  }

  private object(flags: number, record: RecordView): void {
    const id = flags & 0xff;
    const type = (flags >>> 8) & 0x7f;
    let bytes: Uint8Array;
    if (flags & 0x8000) {
      // A piece of an object too big for one record (TotalObjectSize first); it is read once whole.
      const whole = this.pieces.add(id, record.u32(0), record.slice(4, record.length - 4));
      if (typeof whole === 'string') return this.cv.note(whole);
      if (!whole) return;
      bytes = whole;
    } else bytes = this.pieces.last(id, record.slice(0, record.length)) ?? record.slice(0, record.length);
    if (type === 5) return this.setImage(id, bytes);
    const d = new RecordView(bytes, 0, bytes.length);
    const obj =
      type === 1 ? brushObject(d, 0) : type === 2 ? penObject(d) : type === 3 ? pathObject(d) : type === 6 ? fontObject(d) : type === 7 ? ({ kind: 'format', align: d.u32(12), lineAlign: d.u32(16) } as const) : undefined;
    if (obj) this.objects.set(id, obj);
    else this.objects.delete(id);
  }
}

/** EmfPlusARGB: blue, green, red, alpha bytes; fully transparent is a null brush. */
function argbBrush(v: number): Brush {
  const alpha = v >>> 24;
  return { kind: 'brush', style: alpha === 0 ? 'null' : 'solid', color: colorRef(((v >>> 16) & 0xff) | (v & 0xff00) | ((v & 0xff) << 16)) };
}

/** EmfPlusBrush ([MS-EMFPLUS] 2.2.1.1): solid colours; a linear gradient as the mean of its end colours. */
function brushObject(d: RecordView, at: number): Obj | undefined {
  const type = d.u32(at + 4);
  if (type === 0) return { kind: 'brush', brush: argbBrush(d.u32(at + 8)) };
  if (type === 4) {
    const a = d.u32(at + 32);
    const b = d.u32(at + 36);
    const mix = (sh: number) => Math.round((((a >>> sh) & 0xff) + ((b >>> sh) & 0xff)) / 2) << sh;
    return { kind: 'brush', brush: argbBrush((mix(24) | mix(16) | mix(8) | mix(0)) >>> 0) };
  }
  if (type === 1) return { kind: 'brush', brush: { ...argbBrush(d.u32(at + 12)), style: 'hatch' } };
  return { kind: 'brush', brush: { kind: 'brush', style: 'pattern', color: 'C0C0C0' } };
}

/** EmfPlusPen ([MS-EMFPLUS] 2.2.1.7): width, then the optional data the flags name, then its brush. */
function penObject(d: RecordView): Obj | undefined {
  const flags = d.u32(8);
  const width = d.f32(16);
  let at = 20;
  const fixed: Array<[number, number]> = [[0x1, 24], [0x2, 4], [0x4, 4], [0x8, 4], [0x10, 4], [0x20, 4], [0x40, 4], [0x80, 4]];
  for (const [bit, n] of fixed) if (flags & bit) at += n;
  if (flags & 0x100) at += 4 + d.u32(at) * 4;
  if (flags & 0x200) at += 4;
  if (flags & 0x400) at += 4 + d.u32(at) * 4;
  if (flags & 0x800) at += 4 + d.u32(at);
  if (flags & 0x1000) at += 4 + d.u32(at);
  const b = brushObject(d, at);
  if (b?.kind !== 'brush') return undefined;
  const style = flags & 0x20 ? [0, 1, 2, 3, 4][d.u32(20 + (flags & 1 ? 24 : 0) + (flags & 2 ? 4 : 0) + (flags & 4 ? 4 : 0) + (flags & 8 ? 4 : 0) + (flags & 0x10 ? 4 : 0))] ?? 0 : 0;
  return { kind: 'pen', pen: { kind: 'pen', style, width, color: b.brush.color }, brush: b.brush };
}

/** EmfPlusPath ([MS-EMFPLUS] 2.2.1.6): points, then one type byte each (0 start, 1 line, 3 Bézier; 0x80 closes). */
function pathObject(d: RecordView): Obj {
  const n = d.u32(4);
  const flags = d.u32(8);
  if (flags & 0x1000) throw new MetafileError('relative EMF+ path points are not read');
  const pts = points(d, 12, n, flags);
  const typesAt = 12 + n * (flags & 0x4000 ? 4 : 8);
  if (!d.has(typesAt, n)) throw new MetafileError(`an EMF+ path claims ${n} points`);
  const cmds: PathCommand[] = [];
  for (let i = 0; i < n; i++) {
    const t = d.u8(typesAt + i);
    const p = pts[i]!;
    const kind = t & 7;
    if (kind === 3 && i + 2 < n) {
      const [q, r] = [pts[i + 1]!, pts[i + 2]!];
      cmds.push({ op: 'C', x1: p.x, y1: p.y, x2: q.x, y2: q.y, x: r.x, y: r.y });
      i += 2;
      if (d.u8(typesAt + i) & 0x80) cmds.push({ op: 'Z' });
      continue;
    }
    cmds.push({ op: kind === 0 || cmds.length === 0 ? 'M' : 'L', x: p.x, y: p.y });
    if (t & 0x80) cmds.push({ op: 'Z' });
  }
  return { kind: 'path', cmds };
}

/** EmfPlusFont ([MS-EMFPLUS] 2.2.1.5). */
function fontObject(d: RecordView): Obj {
  const emSize = d.f32(4);
  const sizeUnit = d.u32(8);
  const style = d.i32(12);
  const len = Math.min(d.u32(20), 32);
  let face = '';
  for (let i = 0; i < len && d.has(24 + 2 * i, 2); i++) face += String.fromCharCode(d.u16(24 + 2 * i));
  const font: Font = { kind: 'font', height: -emSize, width: 0, escapement: 0, weight: style & 1 ? 700 : 400, italic: (style & 2) !== 0, underline: (style & 4) !== 0, strikeOut: (style & 8) !== 0, charSet: 1, face: face.replace(/\0.*$/, '') };
  return { kind: 'font', font, sizeUnit, emSize };
}

function matrix(d: RecordView, at: number): Matrix {
  return [d.f32(at), d.f32(at + 4), d.f32(at + 8), d.f32(at + 12), d.f32(at + 16), d.f32(at + 20)];
}

/** Points as PointF (f32 pairs) or, with flag C (0x4000), PointS (i16 pairs). */
function points(d: RecordView, at: number, n: number, flags: number): Array<{ x: number; y: number }> {
  const small = (flags & 0x4000) !== 0;
  const size = small ? 4 : 8;
  if (!d.has(at, n * size)) throw new MetafileError(`an EMF+ record claims ${n} points`);
  const out: Array<{ x: number; y: number }> = [];
  for (let i = 0; i < n; i++) {
    const o = at + i * size;
    out.push(small ? { x: d.i16(o), y: d.i16(o + 2) } : { x: d.f32(o), y: d.f32(o + 4) });
  }
  return out;
}

function polygon(pts: Array<{ x: number; y: number }>, closed: boolean): PathCommand[] {
  if (pts.length < 2) return [];
  const cmds: PathCommand[] = pts.map((p, i) => ({ op: i === 0 ? 'M' : 'L', x: p.x, y: p.y }));
  if (closed) cmds.push({ op: 'Z' });
  return cmds;
}

function beziers(pts: Array<{ x: number; y: number }>): PathCommand[] {
  if (pts.length < 4) return [];
  const cmds: PathCommand[] = [{ op: 'M', x: pts[0]!.x, y: pts[0]!.y }];
  for (let i = 1; i + 2 < pts.length; i += 3) cmds.push({ op: 'C', x1: pts[i]!.x, y1: pts[i]!.y, x2: pts[i + 1]!.x, y2: pts[i + 1]!.y, x: pts[i + 2]!.x, y: pts[i + 2]!.y });
  return cmds;
}

function ellipse(d: RecordView, at: number, flags: number): PathCommand[] {
  const [x, y, w, h] = flags & 0x4000 ? [d.i16(at), d.i16(at + 2), d.i16(at + 4), d.i16(at + 6)] : [d.f32(at), d.f32(at + 4), d.f32(at + 8), d.f32(at + 12)];
  return w === 0 || h === 0 ? [] : ellipsePath(x, y, x + w, y + h);
}
