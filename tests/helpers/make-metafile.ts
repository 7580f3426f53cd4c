/**
 * Tiny EMF and WMF writers for tests: records given as their type and little-endian fields, framed
 * and headed as [MS-EMF] 2.3.4.2 and [MS-WMF] 2.3.2 describe. Used by the metafile unit and golden tests.
 */

/** Little-endian field writer. */
export class Bytes {
  private readonly out: number[] = [];
  u8(...v: number[]): this {
    for (const x of v) this.out.push(x & 0xff);
    return this;
  }
  u16(...v: number[]): this {
    for (const x of v) this.out.push(x & 0xff, (x >>> 8) & 0xff);
    return this;
  }
  u32(...v: number[]): this {
    for (const x of v) this.out.push(x & 0xff, (x >>> 8) & 0xff, (x >>> 16) & 0xff, (x >>> 24) & 0xff);
    return this;
  }
  f32(...v: number[]): this {
    const b = new Uint8Array(new Float32Array(v).buffer);
    return this.u8(...b);
  }
  bytes(b: Uint8Array | readonly number[]): this {
    return this.u8(...b);
  }
  utf16(s: string): this {
    for (let i = 0; i < s.length; i++) this.u16(s.charCodeAt(i));
    return this;
  }
  /** Pads with zero bytes to a multiple of `n`. */
  pad(n: number): this {
    while (this.out.length % n !== 0) this.out.push(0);
    return this;
  }
  get length(): number {
    return this.out.length;
  }
  done(): Uint8Array {
    return Uint8Array.from(this.out);
  }
}

/** An EMF record: type and the bytes after the 8-byte type/size head. */
export interface EmfRecord {
  readonly type: number;
  readonly body: Uint8Array;
}

/** A record from its type and a body builder. */
export function emr(type: number, body: (b: Bytes) => Bytes = (b) => b): EmfRecord {
  return { type, body: body(new Bytes()).pad(4).done() };
}

/** Header options: frame in 0.01 mm, reference device in pixels and millimetres. */
export interface EmfHeaderOptions {
  readonly frame?: readonly [number, number, number, number];
  readonly bounds?: readonly [number, number, number, number];
  readonly devicePx?: readonly [number, number];
  readonly deviceMm?: readonly [number, number];
}

/**
 * An EMF: header (default frame 100 × 50 mm on a 10 px/mm device, so 1000 × 500 pixels), the
 * records, and EMR_EOF.
 */
export function buildEmf(records: readonly EmfRecord[], o: EmfHeaderOptions = {}): Uint8Array {
  const frame = o.frame ?? [0, 0, 10000, 5000];
  const bounds = o.bounds ?? [0, 0, 999, 499];
  const px = o.devicePx ?? [1000, 1000];
  const mm = o.deviceMm ?? [100, 100];
  const all = [...records, emr(14, (b) => b.u32(0, 16, 20))];
  const body = all.map((r) => new Bytes().u32(r.type, r.body.length + 8).bytes(r.body).done());
  const total = 88 + body.reduce((n, b) => n + b.length, 0);
  const head = new Bytes()
    .u32(1, 88)
    .u32(...bounds)
    .u32(...frame)
    .u32(0x464d4520, 0x10000, total, all.length + 1)
    .u16(1, 0)
    .u32(0, 0, 0)
    .u32(...px)
    .u32(...mm)
    .done();
  const out = new Uint8Array(total);
  out.set(head, 0);
  let at = 88;
  for (const b of body) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}

/** A WMF record: function number and its 16-bit parameter bytes. */
export interface WmfRecord {
  readonly fn: number;
  readonly params: Uint8Array;
}

/** A WMF record from 16-bit words (or a body builder). */
export function wmr(fn: number, words: readonly number[] | ((b: Bytes) => Bytes) = []): WmfRecord {
  const b = typeof words === 'function' ? words(new Bytes()) : new Bytes().u16(...words);
  return { fn, params: b.pad(2).done() };
}

/** A WMF: optional placeable header (bbox l, t, r, b at 1440 units per inch), META_HEADER, records, META_EOF. */
export function buildWmf(records: readonly WmfRecord[], bbox?: readonly [number, number, number, number]): Uint8Array {
  const out = new Bytes();
  if (bbox) out.u32(0x9ac6cdd7).u16(0, ...bbox, 1440).u32(0).u16(0);
  const body = records.map((r) => new Bytes().u32(3 + r.params.length / 2).u16(r.fn).bytes(r.params).done());
  const words = 9 + body.reduce((n, b) => n + b.length / 2, 0) + 3;
  out.u16(1, 9, 0x300).u32(words).u16(8).u32(64).u16(0);
  for (const b of body) out.bytes(b);
  out.u32(3).u16(0);
  return out.done();
}

/** A bottom-up 24-bit DIB header (BITMAPINFOHEADER) and its pixel rows for `rows` of 0xRRGGBB colours (top row first). */
export function dib24(rows: readonly (readonly number[])[]): { info: Uint8Array; bits: Uint8Array } {
  const h = rows.length;
  const w = rows[0]!.length;
  const info = new Bytes().u32(40, w, h).u16(1, 24).u32(0, 0, 2835, 2835, 0, 0).done();
  const bits = new Bytes();
  for (let y = h - 1; y >= 0; y--) {
    for (const c of rows[y]!) bits.u8(c & 0xff, (c >>> 8) & 0xff, (c >>> 16) & 0xff);
    bits.pad(4);
  }
  return { info, bits: bits.done() };
}
