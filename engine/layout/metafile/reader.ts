/**
 * Bounds-checked little-endian reading of metafile records. Every read is checked against the
 * record it belongs to, so a record that claims fields past its end stops the picture with a
 * diagnostic instead of reading a neighbour's bytes.
 */

/** Thrown inside the interpreters when the input breaks its own framing; caught in drawMetafile. */
export class MetafileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MetafileError';
  }
}

/** A window onto one record (or the header) of a metafile. */
export class RecordView {
  private readonly view: DataView;

  /** `start` and `end` are byte offsets into `bytes`; reads are relative to `start`. */
  constructor(
    readonly bytes: Uint8Array,
    readonly start: number,
    readonly end: number,
  ) {
    if (start < 0 || end > bytes.length || end < start) throw new MetafileError(`record bytes ${start}..${end} fall outside the ${bytes.length}-byte picture`);
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** Length of the record in bytes. */
  get length(): number {
    return this.end - this.start;
  }

  /** Whether `n` bytes at `at` lie inside the record. */
  has(at: number, n: number): boolean {
    return at >= 0 && n >= 0 && this.start + at + n <= this.end;
  }

  private check(at: number, n: number): number {
    if (!this.has(at, n)) throw new MetafileError(`a record of ${this.length} bytes is read at ${at}+${n}`);
    return this.start + at;
  }

  u8(at: number): number {
    return this.view.getUint8(this.check(at, 1));
  }

  u16(at: number): number {
    return this.view.getUint16(this.check(at, 2), true);
  }

  i16(at: number): number {
    return this.view.getInt16(this.check(at, 2), true);
  }

  u32(at: number): number {
    return this.view.getUint32(this.check(at, 4), true);
  }

  i32(at: number): number {
    return this.view.getInt32(this.check(at, 4), true);
  }

  f32(at: number): number {
    const v = this.view.getFloat32(this.check(at, 4), true);
    return Number.isFinite(v) ? v : 0;
  }

  /** A copy-free slice of `n` bytes at `at`. */
  slice(at: number, n: number): Uint8Array {
    const s = this.check(at, n);
    return this.bytes.subarray(s, s + n);
  }

  /** A sub-view of `n` bytes at `at` (for embedded structures such as DIBs). */
  sub(at: number, n: number): RecordView {
    const s = this.check(at, n);
    return new RecordView(this.bytes, s, s + n);
  }
}
