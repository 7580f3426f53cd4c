/**
 * WMF playback ([MS-WMF] 2.3): an optional placeable header (the picture's bounding box), the
 * META_HEADER, then records of 16-bit words dispatched through a table of small handlers. WMF
 * parameters are stored in reverse order (y before x, bottom before top).
 */
import { bottomUpSource, drawBitmap, patternFill } from './blit';
import type { MetafileCanvas } from './canvas';
import { colorRef, selectInto, type Brush, type Font, type GdiObject, type Pen } from './dc-state';
import { dibHeaderLength } from './dib';
import { MetafileError, RecordView } from './reader';
import { arc, box, polyline, type Pt } from './shapes';
import { decodeAnsi, drawText, MAX_TEXT } from './text';
import { MAX_RECORDS } from './emf';

/** What the headers say about the picture. */
export interface WmfHeader {
  /** Placeable header bounding box in logical units (l, t, r, b), when there is one. */
  readonly bbox?: readonly [number, number, number, number];
  /** Logical units per inch of the placeable header. */
  readonly unitsPerInch?: number;
  /** Byte offset of the first record. */
  readonly recordsAt: number;
  /** The first SetWindowOrg / SetWindowExt, which frame the picture when there is no placeable header. */
  readonly windowOrg?: Pt;
  readonly windowExt?: Pt;
}

/** Reads the placeable header and META_HEADER, and finds the picture's first window. */
export function readWmfHeader(bytes: Uint8Array): WmfHeader {
  const all = new RecordView(bytes, 0, bytes.length);
  let at = 0;
  let bbox: WmfHeader['bbox'];
  let unitsPerInch: number | undefined;
  if (bytes.length >= 22 && all.u32(0) === 0x9ac6cdd7) {
    bbox = [all.i16(6), all.i16(8), all.i16(10), all.i16(12)];
    unitsPerInch = all.u16(14);
    at = 22;
  }
  if (!all.has(at, 18)) throw new MetafileError('the WMF header is truncated');
  const type = all.u16(at);
  const words = all.u16(at + 2);
  if ((type !== 1 && type !== 2) || words !== 9) throw new MetafileError('the WMF header record is malformed');
  const recordsAt = at + 18;
  let windowOrg: Pt | undefined;
  let windowExt: Pt | undefined;
  forEachRecord(bytes, recordsAt, (fn, r) => {
    if (fn === 0x020b && !windowOrg) windowOrg = { x: r.i16(8), y: r.i16(6) };
    if (fn === 0x020c && !windowExt) windowExt = { x: r.i16(8), y: r.i16(6) };
    return !(windowOrg && windowExt);
  });
  return { ...(bbox ? { bbox, unitsPerInch: unitsPerInch! } : {}), recordsAt, ...(windowOrg ? { windowOrg } : {}), ...(windowExt ? { windowExt } : {}) };
}

/** Walks the records; `visit` returns false to stop. Framing errors throw. */
function forEachRecord(bytes: Uint8Array, from: number, visit: (fn: number, r: RecordView) => boolean): void {
  let at = from;
  for (let n = 0; at + 6 <= bytes.length; n++) {
    if (n >= MAX_RECORDS) throw new MetafileError(`the WMF has more than ${MAX_RECORDS} records`);
    const head = new RecordView(bytes, at, at + 6);
    const words = head.u32(0);
    const fn = head.u16(4);
    if (fn === 0) return;
    if (words < 3 || at + words * 2 > bytes.length) throw new MetafileError(`WMF record ${n} (function 0x${fn.toString(16)}) claims ${words} words at offset ${at}`);
    if (!visit(fn, new RecordView(bytes, at, at + words * 2))) return;
    at += words * 2;
  }
}

/** Plays every record; the canvas maps logical units to the page. */
export function playWmf(cv: MetafileCanvas, bytes: Uint8Array, header: WmfHeader): void {
  forEachRecord(bytes, header.recordsAt, (fn, r) => {
    const handler = HANDLERS[fn];
    if (handler) handler(cv, r);
    else if (!IGNORED.has(fn)) cv.note(`WMF record 0x${fn.toString(16)}`);
    return true;
  });
}

/** Records that change nothing a vector rendering shows (ROP2, relabs, stretch mode, mapper flags, palettes, escapes). */
const IGNORED = new Set([0x0104, 0x0105, 0x0107, 0x0108, 0x020a, 0x0231, 0x0234, 0x0035, 0x0436, 0x0037, 0x0139, 0x0626, 0x0149]);

type Handler = (cv: MetafileCanvas, r: RecordView) => void;

/** The i-th 16-bit parameter (signed). */
const w = (r: RecordView, i: number): number => r.i16(6 + 2 * i);
const u = (r: RecordView, i: number): number => r.u16(6 + 2 * i);
const u32 = (r: RecordView, i: number): number => r.u32(6 + 2 * i);
/** A (y, x) parameter pair as a point. */
const yx = (r: RecordView, i: number): Pt => ({ x: w(r, i + 1), y: w(r, i) });
/** A (bottom, right, top, left) parameter quad as l, t, r, b. */
const brtl = (r: RecordView, i: number): [number, number, number, number] => [w(r, i + 3), w(r, i + 2), w(r, i + 1), w(r, i)];

function pointList(r: RecordView, at: number, n: number, cv: MetafileCanvas): Pt[] {
  if (!r.has(at, n * 4)) throw new MetafileError(`a record of ${r.length} bytes claims ${n} points`);
  cv.budget(n);
  const out: Pt[] = [];
  for (let i = 0; i < n; i++) out.push({ x: r.i16(at + 4 * i), y: r.i16(at + 4 * i + 2) });
  return out;
}

function add(cv: MetafileCanvas, obj: GdiObject): void {
  if (!cv.objects.add(obj)) cv.note('object table full');
}

const HANDLERS: Record<number, Handler> = {
  0x0201: (cv, r) => void (cv.state.bkColor = colorRef(u32(r, 0))),
  0x0209: (cv, r) => void (cv.state.textColor = colorRef(u32(r, 0))),
  0x0102: (cv, r) => void (cv.state.bkMode = u(r, 0)),
  0x0103: (cv, r) => void (cv.state.mapMode = u(r, 0)),
  0x0106: (cv, r) => void (cv.state.polyFillMode = u(r, 0)),
  0x012e: (cv, r) => void (cv.state.textAlign = u(r, 0)),
  0x020b: (cv, r) => void (cv.state.winOrg = yx(r, 0)),
  0x020c: (cv, r) => void (cv.state.winExt = yx(r, 0)),
  0x020d: (cv, r) => void (cv.state.vpOrg = yx(r, 0)),
  0x020e: (cv, r) => void (cv.state.vpExt = yx(r, 0)),
  0x020f: (cv, r) => {
    const d = yx(r, 0);
    cv.state.winOrg = { x: cv.state.winOrg.x + d.x, y: cv.state.winOrg.y + d.y };
  },
  0x0410: (cv, r) => {
    const s = cv.state;
    if (w(r, 0) !== 0 && w(r, 2) !== 0) s.winExt = { x: (s.winExt.x * w(r, 3)) / w(r, 2), y: (s.winExt.y * w(r, 1)) / w(r, 0) };
  },
  0x0213: (cv, r) => {
    const p = yx(r, 0);
    cv.lineFromCurrent([{ op: 'L', x: p.x, y: p.y }]);
  },
  0x0214: (cv, r) => {
    const p = yx(r, 0);
    cv.moveTo(p.x, p.y);
  },
  0x0416: (cv, r) => cv.intersectClip(...brtl(r, 0)),
  0x0415: (cv, r) => cv.excludeClip(...brtl(r, 0)),
  0x012c: (cv) => cv.note('clip region'),
  0x041b: (cv, r) => box(cv, 'rect', ...brtl(r, 0)),
  0x0418: (cv, r) => box(cv, 'ellipse', ...brtl(r, 0)),
  0x061c: (cv, r) => box(cv, 'round', ...brtl(r, 2), w(r, 1), w(r, 0)),
  0x0817: (cv, r) => arc(cv, 'arc', arcArgs(r)),
  0x0830: (cv, r) => arc(cv, 'chord', arcArgs(r)),
  0x081a: (cv, r) => arc(cv, 'pie', arcArgs(r)),
  0x0324: (cv, r) => cv.polyPolygon([pointList(r, 8, u(r, 0), cv)]),
  0x0325: (cv, r) => polyline(cv, pointList(r, 8, u(r, 0), cv)),
  0x0538: (cv, r) => polyPolygon(cv, r),
  0x001e: (cv) => void (cv.dc.save() || cv.note('SaveDC nesting')),
  0x0127: (cv, r) => void (cv.dc.restore(w(r, 0)) || cv.note('RestoreDC without SaveDC')),
  0x012d: (cv, r) => {
    const obj = cv.objects.get(u(r, 0));
    if (obj) selectInto(cv.state, obj);
    else cv.note('selected object missing');
  },
  0x01f0: (cv, r) => cv.objects.delete(u(r, 0)),
  0x02fa: (cv, r) => add(cv, { kind: 'pen', style: u(r, 0) & 0xff, width: Math.abs(w(r, 1)), color: colorRef(u32(r, 3)) } satisfies Pen),
  0x02fc: (cv, r) => add(cv, brush(cv, u(r, 0), colorRef(u32(r, 1)))),
  0x02fb: (cv, r) => add(cv, font(r)),
  0x0142: (cv) => {
    cv.note('pattern brush (drawn grey)');
    add(cv, { kind: 'brush', style: 'pattern', color: 'C0C0C0' });
  },
  0x01f9: (cv) => add(cv, { kind: 'brush', style: 'pattern', color: 'C0C0C0' }),
  0x00f7: (cv) => add(cv, { kind: 'other' }),
  0x06ff: (cv) => add(cv, { kind: 'other' }),
  0x061d: (cv, r) => patternFill(cv, u32(r, 0), { x: w(r, 5), y: w(r, 4), w: w(r, 3), h: w(r, 2) }),
  0x0521: (cv, r) => textOut(cv, r),
  0x0a32: (cv, r) => extTextOut(cv, r),
  0x0f43: (cv, r) => stretchDib(cv, r),
  0x0b41: (cv, r) => dibBlt(cv, r, true),
  0x0940: (cv, r) => dibBlt(cv, r, false),
};

function arcArgs(r: RecordView): number[] {
  const [l, t, rr, b] = brtl(r, 4);
  return [l, t, rr, b, w(r, 3), w(r, 2), w(r, 1), w(r, 0)];
}

function polyPolygon(cv: MetafileCanvas, r: RecordView): void {
  const n = u(r, 0);
  if (!r.has(8, n * 2)) throw new MetafileError(`a record of ${r.length} bytes claims ${n} polygons`);
  let at = 8 + n * 2;
  const rings: Pt[][] = [];
  for (let i = 0; i < n; i++) {
    const c = r.u16(8 + 2 * i);
    rings.push(pointList(r, at, c, cv));
    at += c * 4;
  }
  cv.polyPolygon(rings);
}

/** META_CREATEBRUSHINDIRECT: LogBrush ([MS-WMF] 2.2.2.10). */
function brush(cv: MetafileCanvas, style: number, color: string): Brush {
  if (style === 0) return { kind: 'brush', style: 'solid', color };
  if (style === 1) return { kind: 'brush', style: 'null', color };
  cv.note('hatched brush (drawn as a tint)');
  return { kind: 'brush', style: 'hatch', color };
}

/** META_CREATEFONTINDIRECT: Font ([MS-WMF] 2.2.1.2), face name in 8-bit characters at 24. */
function font(r: RecordView): Font {
  let face = '';
  for (let i = 0; i < 32 && r.has(24 + i, 1); i++) {
    const c = r.u8(24 + i);
    if (c === 0) break;
    face += String.fromCharCode(c);
  }
  return {
    kind: 'font', height: w(r, 0), width: w(r, 1), escapement: w(r, 2), weight: w(r, 4), italic: r.u8(16) !== 0, underline: r.u8(17) !== 0,
    strikeOut: r.u8(18) !== 0, charSet: r.u8(19), face: face.trim(),
  };
}

/** META_TEXTOUT: length, string (padded to a word), y, x. */
function textOut(cv: MetafileCanvas, r: RecordView): void {
  const n = Math.min(u(r, 0), MAX_TEXT);
  const padded = n + (n & 1);
  const text = decodeAnsi(r.slice(8, n), cv.state.font.charSet);
  drawText(cv, { x: r.i16(8 + padded + 2), y: r.i16(8 + padded), text });
}

/** META_EXTTEXTOUT: y, x, length, options, [rectangle], string, [Dx]. */
function extTextOut(cv: MetafileCanvas, r: RecordView): void {
  const y = w(r, 0);
  const x = w(r, 1);
  const n = Math.min(u(r, 2), MAX_TEXT);
  const options = u(r, 3);
  const hasRect = (options & 0x6) !== 0;
  const at = hasRect ? 22 : 14;
  const rect: [number, number, number, number] | undefined = hasRect ? [r.i16(14), r.i16(16), r.i16(18), r.i16(20)] : undefined;
  const text = decodeAnsi(r.slice(at, n), cv.state.font.charSet);
  const dxAt = at + n + (n & 1);
  const dx: number[] = [];
  if (r.has(dxAt, n * 2)) for (let i = 0; i < n; i++) dx.push(r.i16(dxAt + 2 * i));
  const opaque = rect && options & 0x2 ? rect : undefined;
  drawText(cv, { x, y, text, ...(dx.length === n && n > 0 && cv.state.font.charSet !== 128 ? { dx } : {}), ...(opaque ? { opaque } : {}) });
}

/** The packed DIB of a record from `at` to its end: header + colours, then the bits. */
function packedDib(r: RecordView, at: number, usage: number): { info: Uint8Array; bits: Uint8Array } | undefined {
  if (!r.has(at, 12)) return undefined;
  const all = r.slice(at, r.length - at);
  const split = dibHeaderLength(all, usage);
  return { info: all.subarray(0, split), bits: all.subarray(split) };
}

/** META_STRETCHDIB ([MS-WMF] 2.3.1.6): rop, usage, source and destination rectangles, DIB. */
function stretchDib(cv: MetafileCanvas, r: RecordView): void {
  const rop = u32(r, 0);
  const usage = u(r, 2);
  const src = { x: w(r, 6), y: w(r, 5), w: w(r, 4), h: w(r, 3) };
  const d = { x: w(r, 10), y: w(r, 9), w: w(r, 8), h: w(r, 7) };
  const dib = packedDib(r, 28, usage);
  if (!dib) return patternFill(cv, rop, d);
  drawBitmap(cv, rop, dib.info, dib.bits, usage, d, bottomUpSource(dib.info, src));
}

/** META_DIBSTRETCHBLT and META_DIBBITBLT ([MS-WMF] 2.3.1.3, 2.3.1.2); the variant without a bitmap has a reserved word. */
function dibBlt(cv: MetafileCanvas, r: RecordView, stretch: boolean): void {
  const rop = u32(r, 0);
  const noBitmap = r.length / 2 === (r.u16(4) >>> 8) + 3;
  let i = 2;
  const srcH = stretch ? w(r, i++) : 0;
  const srcW = stretch ? w(r, i++) : 0;
  const src = { y: w(r, i), x: w(r, i + 1) };
  i += noBitmap ? 3 : 2;
  const d = { h: w(r, i), w: w(r, i + 1), y: w(r, i + 2), x: w(r, i + 3) };
  if (noBitmap) return patternFill(cv, rop, d);
  const dib = packedDib(r, 6 + 2 * (i + 4), 0);
  if (!dib) return cv.note('bitmap outside its record');
  const s = { x: src.x, y: src.y, w: stretch ? srcW : d.w, h: stretch ? srcH : d.h };
  drawBitmap(cv, rop, dib.info, dib.bits, 0, d, s);
}
