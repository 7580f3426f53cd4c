/**
 * A parsed font program: the bytes plus everything read from them once (directory, metrics, names,
 * advances, cmap). Parsing is cached per bytes object, so a process converting many documents parses
 * each shipped font once (the Node host returns the same Uint8Array for a file every time).
 */
import { crc32 } from '../core';
import { readCmap, type CmapLookup } from './cmap';
import { readFontMetrics, readFontNames, readHorizontalMetrics, type FontMetrics, type FontNames, type HorizontalMetrics } from './font-tables';
import { FontFormatError, readSfntDirectory, requireTable, tableReader, type ByteReader, type SfntDirectory } from './sfnt-reader';

const UNKNOWN = 0xffff;

/** An immutable parsed font; shared by every document that uses the same bytes. */
export class FontProgram {
  readonly bytes: Uint8Array;
  readonly dir: SfntDirectory;
  readonly metrics: FontMetrics;
  readonly names: FontNames;
  readonly hmtx: HorizontalMetrics;
  readonly cmap: CmapLookup;
  /** True for CFF outlines ('OTTO'), false for TrueType glyf outlines. */
  readonly isCff: boolean;
  /** Cap height and x-height: OS/2 values, else measured from 'H' and 'x', else ratios of the em. */
  readonly capHeight: number;
  readonly xHeight: number;
  private bmpGlyphs: Uint16Array | undefined;
  private readonly astralGlyphs = new Map<number, number>();
  /** Lazily attached per-program services (shaper), kept here so they share the program's lifetime. */
  readonly attachments = new Map<string, unknown>();

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
    this.dir = readSfntDirectory(bytes);
    this.metrics = readFontMetrics(bytes, this.dir);
    this.names = readFontNames(bytes, this.dir);
    this.hmtx = readHorizontalMetrics(bytes, this.dir, this.metrics);
    this.cmap = readCmap(bytes, this.dir);
    this.isCff = this.dir.tables.has('CFF ') || this.dir.tables.has('CFF2');
    if (!this.isCff) {
      requireTable(bytes, this.dir, 'glyf');
      requireTable(bytes, this.dir, 'loca');
    }
    const upm = this.metrics.unitsPerEm;
    this.capHeight = this.metrics.capHeight || this.glyphTop(0x48) || Math.round(upm * 0.7);
    this.xHeight = this.metrics.xHeight || this.glyphTop(0x78) || Math.round(upm * 0.5);
  }

  private key: string | undefined;

  /**
   * Short content hash (CRC-32 and length), stable across runs. Computed on first use: only faces
   * from the document or the host are named by it, and hashing every shipped face as it loads (some
   * are megabytes) was most of the time spent parsing a font program.
   */
  get contentKey(): string {
    this.key ??= `${crc32(this.bytes).toString(16).padStart(8, '0')}${this.bytes.length.toString(16)}`;
    return this.key;
  }

  /** The glyph for a code point (0 when missing); memoised per code point. */
  glyphId(cp: number): number {
    if (cp <= 0xffff) {
      let t = this.bmpGlyphs;
      if (!t) {
        t = new Uint16Array(0x10000).fill(UNKNOWN);
        this.bmpGlyphs = t;
      }
      const hit = t[cp]!;
      if (hit !== UNKNOWN) return hit;
      const g = this.checkedLookup(cp);
      t[cp] = g;
      return g;
    }
    const hit = this.astralGlyphs.get(cp);
    if (hit !== undefined) return hit;
    const g = this.checkedLookup(cp);
    if (this.astralGlyphs.size < 65536) this.astralGlyphs.set(cp, g);
    return g;
  }

  private checkedLookup(cp: number): number {
    const g = this.cmap.lookup(cp);
    return g < this.metrics.numGlyphs && g !== UNKNOWN ? g : 0;
  }

  /** Advance width of a glyph in font units (0 for ids outside the font). */
  advanceWidth(glyphId: number): number {
    return this.hmtx.advances[glyphId] ?? 0;
  }

  /** Top (yMax) of a TrueType glyph's outline, or 0 when unavailable. */
  private glyphTop(cp: number): number {
    if (this.isCff) return 0;
    const g = this.glyphId(cp);
    if (g === 0) return 0;
    const range = this.glyphRange(g);
    if (!range || range[1] - range[0] < 10) return 0;
    const glyf = tableReader(this.bytes, this.dir, 'glyf');
    return glyf && glyf.has(range[0] + 8, 2) ? glyf.i16(range[0] + 8) : 0;
  }

  /**
   * Right edge (xMax) of a glyph's outline in font units: from the glyf header for TrueType outlines;
   * the advance for CFF outlines, empty glyphs and ids outside the font (no ink known beyond it).
   */
  glyphInkRight(glyphId: number): number {
    const hit = this.inkRights.get(glyphId);
    if (hit !== undefined) return hit;
    const advance = this.advanceWidth(glyphId);
    let right = advance;
    if (!this.isCff) {
      const range = this.glyphRange(glyphId);
      if (range && range[1] - range[0] >= 10) {
        const glyf = tableReader(this.bytes, this.dir, 'glyf');
        if (glyf && glyf.has(range[0] + 6, 2)) right = glyf.i16(range[0] + 6);
      }
    }
    if (glyphId >= 0 && glyphId < this.metrics.numGlyphs) this.inkRights.set(glyphId, right);
    return right;
  }

  /**
   * A TrueType glyph's outline box [xMin, yMin, xMax, yMax] in font units, from its glyf header;
   * undefined for CFF outlines, empty glyphs and ids outside the font.
   */
  glyphInkBox(glyphId: number): readonly [number, number, number, number] | undefined {
    if (this.isCff) return undefined;
    const range = this.glyphRange(glyphId);
    if (!range || range[1] - range[0] < 10) return undefined;
    const glyf = tableReader(this.bytes, this.dir, 'glyf');
    if (!glyf || !glyf.has(range[0] + 2, 8)) return undefined;
    return [glyf.i16(range[0] + 2), glyf.i16(range[0] + 4), glyf.i16(range[0] + 6), glyf.i16(range[0] + 8)];
  }

  /** glyphInkRight's answers (the line filler asks for the same few glyphs over and over). */
  private readonly inkRights = new Map<number, number>();

  /** The loca table's reader, made on first use (subsetting asks for every used glyph's range). */
  private loca: ByteReader | undefined;

  /** Byte range [start, end) of a glyph in the glyf table (TrueType outlines only). */
  glyphRange(glyphId: number): [number, number] | undefined {
    const loca = (this.loca ??= tableReader(this.bytes, this.dir, 'loca'));
    if (!loca || glyphId < 0 || glyphId >= this.metrics.numGlyphs) return undefined;
    const long = this.metrics.indexToLocFormat === 1;
    const size = long ? 4 : 2;
    if (!loca.has((glyphId + 1) * size, size)) return undefined;
    const a = long ? loca.u32(glyphId * 4) : loca.u16(glyphId * 2) * 2;
    const b = long ? loca.u32(glyphId * 4 + 4) : loca.u16(glyphId * 2 + 2) * 2;
    return b >= a ? [a, b] : undefined;
  }
}

const programs = new WeakMap<Uint8Array, FontProgram | FontFormatError>();

/**
 * Parses font bytes, or returns the cached result for this very bytes object. Returns a
 * `FontFormatError` (never throws) when the bytes are not a usable font.
 */
export function loadFontProgram(bytes: Uint8Array): FontProgram | FontFormatError {
  const hit = programs.get(bytes);
  if (hit) return hit;
  let result: FontProgram | FontFormatError;
  try {
    result = new FontProgram(bytes);
  } catch (e) {
    if (e instanceof FontFormatError) result = e;
    else if (e instanceof RangeError || e instanceof TypeError) result = new FontFormatError(e.message);
    else throw e;
  }
  programs.set(bytes, result);
  return result;
}
