/**
 * EMF playback ([MS-EMF] 2.3): the header gives the picture's frame and reference device; each
 * record is dispatched through a table of small handlers that draw on a MetafileCanvas. EMF+
 * records ride in EMR_COMMENT: skipped in dual-mode files (they carry the EMF fallback), played by
 * ./emfplus.ts in EMF+-only ones.
 */
import type { MetafileCanvas } from './canvas';
import { colorRef, selectInto, stockObject, type Font } from './dc-state';
import { dibHeaderLength } from './dib';
import { bottomUpSource, drawBitmap, patternFill } from './blit';
import { apply, compose, IDENTITY, type Matrix } from './geometry';
import { MetafileError, RecordView } from './reader';
import { arc, box, polyBezier, polyBezierTo, polyline, polylineTo, type Pt } from './shapes';
import { decodeAnsi, drawText, MAX_TEXT } from './text';
import { emfObjects } from './emf-objects';
import { EmfPlusPlayer } from './emfplus';

/** Most records one picture may have. */
export const MAX_RECORDS = 500_000;

/** What the EMF header says about the picture ([MS-EMF] 2.2.9 Header). */
export interface EmfHeader {
  /** Drawing bounds in device pixels (l, t, r, b, inclusive). */
  readonly bounds: readonly [number, number, number, number];
  /** The picture frame in 0.01 mm (l, t, r, b, inclusive). */
  readonly frame: readonly [number, number, number, number];
  /** Reference device size in pixels and in millimetres. */
  readonly devicePx: Pt;
  readonly deviceMm: Pt;
}

/** Reads and checks the EMR_HEADER record. */
export function readEmfHeader(bytes: Uint8Array): EmfHeader {
  if (bytes.length < 88) throw new MetafileError(`an EMF of ${bytes.length} bytes has no room for its header`);
  const h = new RecordView(bytes, 0, bytes.length);
  const size = h.u32(4);
  if (h.u32(0) !== 1 || h.u32(40) !== 0x464d4520 || size < 88 || size > bytes.length) throw new MetafileError('the EMF header record is malformed');
  const rect = (at: number): [number, number, number, number] => [h.i32(at), h.i32(at + 4), h.i32(at + 8), h.i32(at + 12)];
  return { bounds: rect(8), frame: rect(24), devicePx: { x: h.i32(72), y: h.i32(76) }, deviceMm: { x: h.i32(80), y: h.i32(84) } };
}

/** Playback state beyond the device context: the device → page matrix and what was seen. */
export interface EmfPlayer {
  readonly cv: MetafileCanvas;
  /** Device pixels → page points. */
  readonly device: Matrix;
  emfPlus: boolean;
  /** The EMF+ interpreter of an EMF+-only picture. */
  plus?: EmfPlusPlayer;
}

type Handler = (p: EmfPlayer, r: RecordView) => void;

/** Plays every record after the header; stops at EMR_EOF or the end of the bytes. */
export function playEmf(p: EmfPlayer, bytes: Uint8Array): void {
  let at = 0;
  for (let n = 0; at + 8 <= bytes.length; n++) {
    if (n >= MAX_RECORDS) throw new MetafileError(`the EMF has more than ${MAX_RECORDS} records`);
    const head = new RecordView(bytes, at, at + 8);
    const type = head.u32(0);
    const size = head.u32(4);
    if (size < 8 || size % 4 !== 0 || at + size > bytes.length) throw new MetafileError(`EMF record ${n} (type ${type}) claims ${size} bytes at offset ${at}`);
    if (type === 14) return;
    const r = new RecordView(bytes, at, at + size);
    if (n > 0) {
      const handler = HANDLERS[type];
      if (handler) handler(p, r);
      else if (!IGNORED.has(type)) p.cv.note(`EMF record ${type}`);
    }
    at += size;
  }
}

/** Records that change nothing a vector rendering shows (palettes, colour management, mapper flags, ROP2, stretch mode). */
const IGNORED = new Set([13, 16, 20, 21, 23, 28, 48, 50, 51, 52, 58, 65, 66, 98, 99, 100, 101, 102, 103, 104, 105, 106, 110, 111, 112, 115, 120, 121, 122]);

function points(r: RecordView, at: number, n: number, small: boolean): Pt[] {
  const size = small ? 4 : 8;
  if (!r.has(at, n * size)) throw new MetafileError(`a record of ${r.length} bytes claims ${n} points`);
  const out: Pt[] = [];
  for (let i = 0; i < n; i++) {
    const o = at + i * size;
    out.push(small ? { x: r.i16(o), y: r.i16(o + 2) } : { x: r.i32(o), y: r.i32(o + 4) });
  }
  return out;
}

/** Poly* records: bounds, count at 24, points at 28. */
function poly(draw: (cv: MetafileCanvas, pts: Pt[]) => void, small: boolean): Handler {
  return (p, r) => {
    const n = r.u32(24);
    const pts = points(r, 28, n, small);
    p.cv.budget(n);
    draw(p.cv, pts);
  };
}

/** PolyPolyline and PolyPolygon: bounds, number of polygons, total points, counts, points. */
function polyPoly(closed: boolean, small: boolean): Handler {
  return (p, r) => {
    const polys = r.u32(24);
    const total = r.u32(28);
    p.cv.budget(polys + total);
    if (!r.has(32, polys * 4)) throw new MetafileError(`a record of ${r.length} bytes claims ${polys} polygons`);
    const all = points(r, 32 + polys * 4, total, small);
    const rings: Pt[][] = [];
    let k = 0;
    for (let i = 0; i < polys; i++) {
      const c = r.u32(32 + i * 4);
      if (k + c > all.length) throw new MetafileError('polygon point counts exceed the points given');
      rings.push(all.slice(k, k + c));
      k += c;
    }
    if (closed) p.cv.polyPolygon(rings);
    else for (const ring of rings) polyline(p.cv, ring);
  };
}

const xy = (r: RecordView, at = 8): Pt => ({ x: r.i32(at), y: r.i32(at + 4) });
const ltrb = (r: RecordView, at = 8): [number, number, number, number] => [r.i32(at), r.i32(at + 4), r.i32(at + 8), r.i32(at + 12)];

/** Sets one field of the state from the record's first value. */
function setState(apply: (p: EmfPlayer, v: number, r: RecordView) => void): Handler {
  return (p, r) => apply(p, r.u32(8), r);
}

const HANDLERS: Record<number, Handler> = {
  2: poly((cv, pts) => polyBezier(cv, pts), false),
  3: poly((cv, pts) => cv.polyPolygon([pts]), false),
  4: poly(polyline, false),
  5: poly(polyBezierTo, false),
  6: poly(polylineTo, false),
  7: polyPoly(false, false),
  8: polyPoly(true, false),
  85: poly((cv, pts) => polyBezier(cv, pts), true),
  86: poly((cv, pts) => cv.polyPolygon([pts]), true),
  87: poly(polyline, true),
  88: poly(polyBezierTo, true),
  89: poly(polylineTo, true),
  90: polyPoly(false, true),
  91: polyPoly(true, true),
  9: (p, r) => void (p.cv.state.winExt = xy(r)),
  10: (p, r) => void (p.cv.state.winOrg = xy(r)),
  11: (p, r) => void (p.cv.state.vpExt = xy(r)),
  12: (p, r) => void (p.cv.state.vpOrg = xy(r)),
  17: setState((p, v) => void (p.cv.state.mapMode = v)),
  18: setState((p, v) => void (p.cv.state.bkMode = v)),
  19: setState((p, v) => void (p.cv.state.polyFillMode = v)),
  22: setState((p, v) => void (p.cv.state.textAlign = v)),
  24: setState((p, v) => void (p.cv.state.textColor = colorRef(v))),
  25: setState((p, v) => void (p.cv.state.bkColor = colorRef(v))),
  27: (p, r) => p.cv.moveTo(r.i32(8), r.i32(12)),
  54: (p, r) => p.cv.lineFromCurrent([{ op: 'L', x: r.i32(8), y: r.i32(12) }]),
  30: (p, r) => p.cv.intersectClip(...ltrb(r)),
  29: (p, r) => p.cv.excludeClip(...ltrb(r)),
  31: (p, r) => scaleExt(p.cv.state.vpExt, r),
  32: (p, r) => scaleExt(p.cv.state.winExt, r),
  33: (p) => void (p.cv.dc.save() || p.cv.note('SaveDC nesting')),
  34: (p, r) => void (p.cv.dc.restore(r.i32(8)) || p.cv.note('RestoreDC without SaveDC')),
  35: (p, r) => void (p.cv.state.world = xform(r, 8)),
  36: (p, r) => modifyWorld(p, r),
  37: (p, r) => selectObject(p, r.u32(8)),
  40: (p, r) => p.cv.objects.delete(r.u32(8)),
  42: (p, r) => box(p.cv, 'ellipse', ...ltrb(r)),
  43: (p, r) => box(p.cv, 'rect', ...ltrb(r)),
  44: (p, r) => box(p.cv, 'round', ...ltrb(r), r.i32(24), r.i32(28)),
  45: (p, r) => arc(p.cv, 'arc', arcArgs(r)),
  46: (p, r) => arc(p.cv, 'chord', arcArgs(r)),
  47: (p, r) => arc(p.cv, 'pie', arcArgs(r)),
  55: (p, r) => arc(p.cv, 'arc', arcArgs(r), true),
  57: setState((p, v) => void (p.cv.state.arcClockwise = v === 2)),
  59: (p) => p.cv.beginPath(),
  60: (p) => p.cv.endPath(),
  61: (p) => p.cv.closeFigure(),
  62: (p) => p.cv.drawPath(true, false),
  63: (p) => p.cv.drawPath(true, true),
  64: (p) => p.cv.drawPath(false, true),
  67: setState((p, v) => p.cv.selectClipPath(v)),
  68: (p) => p.cv.abortPath(),
  70: (p, r) => comment(p, r),
  71: (p, r) => fillRegion(p, r, 32, r.u32(24), r.u32(28)),
  74: (p, r) => fillRegion(p, r, 28, r.u32(24)),
  75: (p, r) => selectClipRegion(p, r),
  76: (p, r) => blt(p, r, false),
  77: (p, r) => blt(p, r, true),
  114: (p, r) => blt(p, r, true, true),
  80: (p, r) => dibits(p, r, false),
  81: (p, r) => dibits(p, r, true),
  83: (p, r) => textOut(p, r, false),
  84: (p, r) => textOut(p, r, true),
  ...emfObjects,
};

function scaleExt(ext: { x: number; y: number }, r: RecordView): void {
  const xd = r.i32(12);
  const yd = r.i32(20);
  if (xd !== 0) ext.x = (ext.x * r.i32(8)) / xd;
  if (yd !== 0) ext.y = (ext.y * r.i32(16)) / yd;
}

/** An XFORM ([MS-EMF] 2.2.28): x' = M11·x + M21·y + Dx, y' = M12·x + M22·y + Dy. */
function xform(r: RecordView, at: number): Matrix {
  return [r.f32(at), r.f32(at + 4), r.f32(at + 8), r.f32(at + 12), r.f32(at + 16), r.f32(at + 20)];
}

/** EMR_MODIFYWORLDTRANSFORM ([MS-EMF] 2.1.24 ModifyWorldTransformMode). */
function modifyWorld(p: EmfPlayer, r: RecordView): void {
  const m = xform(r, 8);
  const s = p.cv.state;
  const mode = r.u32(32);
  if (mode === 1) s.world = IDENTITY;
  else if (mode === 2) s.world = compose(m, s.world);
  else if (mode === 3) s.world = compose(s.world, m);
  else if (mode === 4) s.world = m;
}

function selectObject(p: EmfPlayer, index: number): void {
  const obj = index & 0x80000000 ? stockObject(index & 0x7fffffff) : p.cv.objects.get(index);
  if (obj) selectInto(p.cv.state, obj);
  else p.cv.note('selected object missing');
}

function arcArgs(r: RecordView): number[] {
  return [...ltrb(r), r.i32(24), r.i32(28), r.i32(32), r.i32(36)];
}

/**
 * EMR_COMMENT: EMF+ records ("EMF+"). A dual-mode picture (EMF+ header flag D) is drawn from its
 * EMF records and its EMF+ records are skipped; an EMF+-only picture is played by EmfPlusPlayer.
 */
function comment(p: EmfPlayer, r: RecordView): void {
  if (!r.has(12, 4) || r.u32(12) !== 0x2b464d45) return;
  if (!p.emfPlus && r.has(16, 28) && r.u16(16) === 0x4001 && (r.u16(18) & 1) === 0) {
    p.plus = new EmfPlusPlayer(p.cv, { x: r.u32(36) || 96, y: r.u32(40) || 96 }, (r.u32(32) & 1) !== 0);
  }
  p.emfPlus = true;
  p.plus?.playComment(r);
}

/** The rectangles of a RegionData ([MS-EMF] 2.2.24) at `at`, in device pixels. */
function regionRects(r: RecordView, at: number, cb: number): Array<[number, number, number, number]> {
  if (cb < 32 || !r.has(at, cb)) return [];
  const n = r.u32(at + 8);
  if (!r.has(at + 32, n * 16)) throw new MetafileError(`a region claims ${n} rectangles`);
  const out: Array<[number, number, number, number]> = [];
  for (let i = 0; i < n; i++) out.push(ltrb(r, at + 32 + i * 16));
  return out;
}

/** EMR_FILLRGN (with a brush object) and EMR_PAINTRGN (with the selected brush). */
function fillRegion(p: EmfPlayer, r: RecordView, at: number, cb: number, brushIndex?: number): void {
  const brush = brushIndex === undefined ? p.cv.state.brush : brushIndex & 0x80000000 ? stockObject(brushIndex & 0x7fffffff) : p.cv.objects.get(brushIndex);
  const rects = regionRects(r, at, cb);
  p.cv.budget(rects.length * 4);
  if (!brush || brush.kind !== 'brush' || brush.style === 'null') return;
  for (const [l, t, rr, b] of rects) {
    const a = apply(p.device, l, t);
    const c = apply(p.device, rr, b);
    p.cv.emit({ kind: 'rect', x: Math.min(a.x, c.x), y: Math.min(a.y, c.y), w: Math.abs(c.x - a.x), h: Math.abs(c.y - a.y), fill: brush.color });
  }
}

/** EMR_EXTSELECTCLIPRGN: the region's bounding box in device pixels becomes the clip. */
function selectClipRegion(p: EmfPlayer, r: RecordView): void {
  const cb = r.u32(8);
  const mode = r.u32(12);
  if (cb === 0) {
    if (mode === 5) p.cv.resetClip();
    return;
  }
  const rects = regionRects(r, 16, cb);
  if (rects.length === 0) return;
  if (rects.length > 1) p.cv.note('clip region (bounding box used)');
  let [l, t, rr, b] = rects[0]!;
  for (const q of rects) (l = Math.min(l, q[0])), (t = Math.min(t, q[1])), (rr = Math.max(rr, q[2])), (b = Math.max(b, q[3]));
  const a = apply(p.device, l, t);
  const c = apply(p.device, rr, b);
  p.cv.clipTo({ x: Math.min(a.x, c.x), y: Math.min(a.y, c.y), w: Math.abs(c.x - a.x), h: Math.abs(c.y - a.y) }, mode);
}

/** The DIB of a record: header + colours at offBmi, pixels at offBits. */
function dibOf(r: RecordView, offBmi: number, cbBmi: number, offBits: number, cbBits: number): { info: Uint8Array; bits: Uint8Array } | undefined {
  if (cbBmi === 0 || !r.has(offBmi, cbBmi) || !r.has(offBits, cbBits)) return undefined;
  const info = r.slice(offBmi, cbBmi);
  return { info: info.subarray(0, Math.max(dibHeaderLength(info), Math.min(info.length, 40))), bits: r.slice(offBits, cbBits) };
}

/** EMR_BITBLT, EMR_STRETCHBLT, EMR_ALPHABLEND ([MS-EMF] 2.3.1). */
function blt(p: EmfPlayer, r: RecordView, stretch: boolean, alpha = false): void {
  const d = { x: r.i32(24), y: r.i32(28), w: r.i32(32), h: r.i32(36) };
  const rop = alpha ? 0xcc0020 : r.u32(40);
  const dib = dibOf(r, r.u32(84), r.u32(88), r.u32(92), r.u32(96));
  if (!dib) {
    if (r.u32(88) === 0) patternFill(p.cv, rop, d);
    else p.cv.note('bitmap outside its record');
    return;
  }
  const src = { x: r.i32(44), y: r.i32(48), w: stretch ? r.i32(100) : d.w, h: stretch ? r.i32(104) : d.h };
  drawBitmap(p.cv, rop, dib.info, dib.bits, r.u32(80), d, src, alpha);
}

/** EMR_STRETCHDIBITS and EMR_SETDIBITSTODEVICE ([MS-EMF] 2.3.1.7, 2.3.1.5). */
function dibits(p: EmfPlayer, r: RecordView, stretch: boolean): void {
  const src = { x: r.i32(32), y: r.i32(36), w: r.i32(40), h: r.i32(44) };
  const d = { x: r.i32(24), y: r.i32(28), w: stretch ? r.i32(72) : src.w, h: stretch ? r.i32(76) : src.h };
  const rop = stretch ? r.u32(68) : 0xcc0020;
  const dib = dibOf(r, r.u32(48), r.u32(52), r.u32(56), r.u32(60));
  if (!dib) {
    if (r.u32(52) === 0) patternFill(p.cv, rop, d);
    else p.cv.note('bitmap outside its record');
    return;
  }
  drawBitmap(p.cv, rop, dib.info, dib.bits, r.u32(64), d, bottomUpSource(dib.info, src));
}

/** EMR_EXTTEXTOUTW / EMR_EXTTEXTOUTA ([MS-EMF] 2.3.5.8, 2.2.5 EmrText). */
function textOut(p: EmfPlayer, r: RecordView, wide: boolean): void {
  const x = r.i32(36);
  const y = r.i32(40);
  const n = Math.min(r.u32(44), MAX_TEXT);
  const offString = r.u32(48);
  const options = r.u32(52);
  const hasRect = (options & 0x100) === 0;
  const offDx = r.u32(hasRect ? 72 : 56);
  if (options & 0x10) {
    p.cv.note('text given as glyph indices');
    return;
  }
  const font: Font = p.cv.state.font;
  const text = wide ? utf16(r, offString, n) : decodeAnsi(r.slice(offString, n), font.charSet);
  const step = options & 0x2000 ? 8 : 4;
  const dx: number[] = [];
  if (offDx > 0 && r.has(offDx, n * step)) for (let i = 0; i < n; i++) dx.push(r.i32(offDx + i * step));
  const rect = hasRect ? ltrb(r, 56) : undefined;
  const opaque = rect && options & 0x2 && rect[2] > rect[0] && rect[3] > rect[1] ? rect : undefined;
  drawText(p.cv, { x, y, text, ...(dx.length === n && n > 0 ? { dx } : {}), ...(opaque ? { opaque } : {}) });
}

function utf16(r: RecordView, at: number, n: number): string {
  const bytes = r.slice(at, n * 2);
  let s = '';
  for (let i = 0; i < n; i++) s += String.fromCharCode(bytes[2 * i]! | (bytes[2 * i + 1]! << 8));
  return s;
}
