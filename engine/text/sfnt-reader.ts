/**
 * Bounds-checked reading of an sfnt (TrueType / OpenType) font: the table directory and a cursor.
 *
 * OpenType spec "The OpenType font file" (table directory, TTC header). Every offset and length read
 * from the file is checked against the file before use; a bad font throws `FontFormatError`, which
 * the loader turns into a diagnostic and a fallback face.
 */

/** Raised when font bytes are not a usable sfnt; carries a short reason. */
export class FontFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FontFormatError';
  }
}

/** Where one table lives in the file. */
export interface TableRecord {
  readonly tag: string;
  readonly offset: number;
  readonly length: number;
}

/** The table directory of one font (the first font of a collection). */
export interface SfntDirectory {
  /** sfntVersion: 0x00010000 or 'true' for TrueType outlines, 'OTTO' for CFF outlines. */
  readonly flavor: number;
  readonly tables: ReadonlyMap<string, TableRecord>;
}

const TAG_OTTO = 0x4f54544f;
const TAG_TTCF = 0x74746366;
const TAG_TRUE = 0x74727565;

/** Reads big-endian numbers from a byte range, throwing `FontFormatError` when out of bounds. */
export class ByteReader {
  readonly bytes: Uint8Array;
  readonly start: number;
  readonly end: number;

  constructor(bytes: Uint8Array, start = 0, end = bytes.length) {
    if (start < 0 || end > bytes.length || start > end) throw new FontFormatError('table outside the file');
    this.bytes = bytes;
    this.start = start;
    this.end = end;
  }

  /** Length of the range in bytes. */
  get length(): number {
    return this.end - this.start;
  }

  private at(offset: number, size: number): number {
    const p = this.start + offset;
    if (offset < 0 || p + size > this.end) throw new FontFormatError(`read past the end of a table (offset ${offset})`);
    return p;
  }

  u8(offset: number): number {
    return this.bytes[this.at(offset, 1)]!;
  }

  u16(offset: number): number {
    const p = this.at(offset, 2);
    return (this.bytes[p]! << 8) | this.bytes[p + 1]!;
  }

  i16(offset: number): number {
    const v = this.u16(offset);
    return v & 0x8000 ? v - 0x10000 : v;
  }

  u32(offset: number): number {
    const p = this.at(offset, 4);
    return ((this.bytes[p]! << 24) >>> 0) + ((this.bytes[p + 1]! << 16) | (this.bytes[p + 2]! << 8) | this.bytes[p + 3]!);
  }

  /** A reader over a sub-range, relative to this one. */
  sub(offset: number, length?: number): ByteReader {
    const s = this.start + offset;
    const e = length === undefined ? this.end : s + length;
    if (offset < 0 || e > this.end || s > e) throw new FontFormatError(`sub-table outside its parent (offset ${offset})`);
    return new ByteReader(this.bytes, s, e);
  }

  /** Whether `size` bytes at `offset` are inside the range. */
  has(offset: number, size: number): boolean {
    return offset >= 0 && this.start + offset + size <= this.end;
  }
}

function tagAt(r: ByteReader, offset: number): string {
  return String.fromCharCode(r.u8(offset), r.u8(offset + 1), r.u8(offset + 2), r.u8(offset + 3));
}

/**
 * Reads the table directory of a TrueType/OpenType font or of the first font of a TrueType
 * collection (TTC). Table ranges are checked against the file.
 */
export function readSfntDirectory(bytes: Uint8Array): SfntDirectory {
  const file = new ByteReader(bytes);
  if (file.length < 12) throw new FontFormatError('file too short for a font');
  let base = 0;
  if (file.u32(0) === TAG_TTCF) {
    const numFonts = file.u32(8);
    if (numFonts < 1) throw new FontFormatError('empty font collection');
    base = file.u32(12);
  }
  const flavor = file.u32(base);
  if (flavor !== 0x00010000 && flavor !== TAG_OTTO && flavor !== TAG_TRUE) {
    throw new FontFormatError('not a TrueType or OpenType font (unknown sfnt version)');
  }
  const numTables = file.u16(base + 4);
  if (numTables > 512) throw new FontFormatError('implausible table count');
  const tables = new Map<string, TableRecord>();
  for (let i = 0; i < numTables; i++) {
    const rec = base + 12 + i * 16;
    const tag = tagAt(file, rec);
    const offset = file.u32(rec + 8);
    const length = file.u32(rec + 12);
    if (offset + length > bytes.length) throw new FontFormatError(`table '${tag}' lies outside the file`);
    if (!tables.has(tag)) tables.set(tag, { tag, offset, length });
  }
  return { flavor, tables };
}

/** A reader over one table, or undefined when the font has no such table. */
export function tableReader(bytes: Uint8Array, dir: SfntDirectory, tag: string): ByteReader | undefined {
  const t = dir.tables.get(tag);
  return t ? new ByteReader(bytes, t.offset, t.offset + t.length) : undefined;
}

/** A reader over a table the font must have; throws `FontFormatError` naming it otherwise. */
export function requireTable(bytes: Uint8Array, dir: SfntDirectory, tag: string): ByteReader {
  const r = tableReader(bytes, dir, tag);
  if (!r) throw new FontFormatError(`missing required '${tag.trim()}' table`);
  return r;
}
