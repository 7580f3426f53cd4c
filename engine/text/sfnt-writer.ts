/**
 * Writes an sfnt (TrueType/OpenType) file from tables: table directory with search fields, tables
 * 4-byte aligned and zero padded, per-table checksums and head.checkSumAdjustment
 * (OpenType "The OpenType font file": table directory, "Calculating checksums"; head table).
 * Deterministic: the same tables give the same bytes.
 */

/** One table to write. */
export interface SfntTable {
  readonly tag: string;
  readonly data: Uint8Array;
}

/** Growable big-endian byte buffer. */
export class ByteWriter {
  private buf: Uint8Array;
  private len = 0;

  /** `capacity`: the bytes expected, when known, so the buffer never grows. */
  constructor(capacity = 256) {
    this.buf = new Uint8Array(Math.max(capacity, 1));
  }

  private ensure(n: number): void {
    if (this.len + n <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < this.len + n) cap *= 2;
    const b = new Uint8Array(cap);
    b.set(this.buf.subarray(0, this.len));
    this.buf = b;
  }

  /** Bytes written so far. */
  get length(): number {
    return this.len;
  }

  u8(v: number): this {
    this.ensure(1);
    this.buf[this.len++] = v & 0xff;
    return this;
  }

  u16(v: number): this {
    this.ensure(2);
    this.buf[this.len++] = (v >>> 8) & 0xff;
    this.buf[this.len++] = v & 0xff;
    return this;
  }

  i16(v: number): this {
    return this.u16(v < 0 ? v + 0x10000 : v);
  }

  u32(v: number): this {
    this.ensure(4);
    this.buf[this.len++] = (v >>> 24) & 0xff;
    this.buf[this.len++] = (v >>> 16) & 0xff;
    this.buf[this.len++] = (v >>> 8) & 0xff;
    this.buf[this.len++] = v & 0xff;
    return this;
  }

  bytes(b: Uint8Array): this {
    this.ensure(b.length);
    this.buf.set(b, this.len);
    this.len += b.length;
    return this;
  }

  /** Overwrites the 16-bit value at `at` (already written); ignored past the end. */
  patchU16(at: number, v: number): void {
    if (at + 2 > this.len) return;
    this.buf[at] = (v >>> 8) & 0xff;
    this.buf[at + 1] = v & 0xff;
  }

  /** Pads with zeros to a multiple of `n`. */
  align(n: number): this {
    while (this.len % n !== 0) this.u8(0);
    return this;
  }

  /**
   * The written bytes, without a copy when they fill the buffer exactly (a writer sized up front);
   * the writer must not be used afterwards.
   */
  take(): Uint8Array {
    return this.len === this.buf.length ? this.buf : this.toBytes();
  }

  /** A copy of the written bytes. */
  toBytes(): Uint8Array {
    return this.buf.slice(0, this.len);
  }
}

/** Sum of big-endian uint32 words (the last word zero padded), modulo 2^32. */
export function tableChecksum(data: Uint8Array): number {
  let sum = 0;
  const n = data.length;
  const whole = n & ~3;
  // Whole words without bounds fallbacks (the sum of a font runs over every byte of it), then the tail.
  for (let i = 0; i < whole; i += 4) {
    const w = ((data[i]! << 24) | (data[i + 1]! << 16) | (data[i + 2]! << 8) | data[i + 3]!) >>> 0;
    sum = (sum + w) >>> 0;
  }
  if (whole < n) {
    const w = ((data[whole]! << 24) | ((data[whole + 1] ?? 0) << 16) | ((data[whole + 2] ?? 0) << 8)) >>> 0;
    sum = (sum + w) >>> 0;
  }
  return sum;
}

/** Writes tables (sorted by tag) into an sfnt with the given version (0x00010000 or 'OTTO'). */
export function writeSfnt(tables: readonly SfntTable[], sfntVersion = 0x00010000): Uint8Array {
  const sorted = [...tables].sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  const n = sorted.length;
  let entrySelector = 0;
  while (1 << (entrySelector + 1) <= n) entrySelector++;
  const searchRange = (1 << entrySelector) * 16;
  let offset = 12 + n * 16;
  const prepared = sorted.map((t) => {
    const data = t.tag === 'head' ? zeroAdjustment(t.data) : t.data;
    const rec = { tag: t.tag, data, offset, checksum: tableChecksum(data) };
    offset += (data.length + 3) & ~3;
    return rec;
  });
  // `offset` is now the file's size: one buffer, never grown.
  const w = new ByteWriter(offset);
  w.u32(sfntVersion).u16(n).u16(searchRange).u16(entrySelector).u16(n * 16 - searchRange);
  for (const r of prepared) {
    for (let i = 0; i < 4; i++) w.u8(r.tag.charCodeAt(i) || 0x20);
    w.u32(r.checksum).u32(r.offset).u32(r.data.length);
  }
  for (const r of prepared) w.bytes(r.data).align(4);
  const out = w.take();
  const head = prepared.find((r) => r.tag === 'head');
  if (head && head.data.length >= 12) {
    // The file's checksum without a pass over it: tables are word aligned and zero padded, so it is
    // the directory's checksum plus the tables' (head's taken with its adjustment zeroed).
    let fileChecksum = tableChecksum(out.subarray(0, 12 + n * 16));
    for (const r of prepared) fileChecksum = (fileChecksum + r.checksum) >>> 0;
    const adjustment = (0xb1b0afba - fileChecksum) >>> 0;
    new DataView(out.buffer, out.byteOffset, out.byteLength).setUint32(head.offset + 8, adjustment);
  }
  return out;
}

function zeroAdjustment(head: Uint8Array): Uint8Array {
  const h = head.slice();
  if (h.length >= 12) h.fill(0, 8, 12);
  return h;
}
