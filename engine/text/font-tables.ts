/**
 * Parses the small fixed tables of a font into plain metrics: head, hhea, maxp, OS/2, post, hmtx, name.
 *
 * Field offsets follow the OpenType spec (head, hhea, maxp, OS/2 versions 0-5, post, hmtx, name
 * chapters). All values stay in font units; nothing is scaled here.
 */
import { ByteReader, FontFormatError, requireTable, tableReader, type SfntDirectory } from './sfnt-reader';

/** Vertical and decoration metrics of a font, in font units. */
export interface FontMetrics {
  readonly unitsPerEm: number;
  /** head.xMin/yMin/xMax/yMax. */
  readonly bbox: readonly [number, number, number, number];
  /** head.macStyle bit 0 (bold) and bit 1 (italic). */
  readonly macStyle: number;
  readonly indexToLocFormat: number;
  /** hhea ascender (positive), descender (negative) and lineGap. */
  readonly hheaAscender: number;
  readonly hheaDescender: number;
  readonly hheaLineGap: number;
  readonly numberOfHMetrics: number;
  readonly numGlyphs: number;
  /** OS/2 usWinAscent / usWinDescent (both positive); 0 when the font has no OS/2 table. */
  readonly winAscent: number;
  readonly winDescent: number;
  /** OS/2 sTypoAscender (positive), sTypoDescender (negative), sTypoLineGap. */
  readonly typoAscender: number;
  readonly typoDescender: number;
  readonly typoLineGap: number;
  /** OS/2 fsSelection bit 7: the font asks for typo metrics for line spacing. */
  readonly useTypoMetrics: boolean;
  /** OS/2 fsSelection bits 0 (italic), 5 (bold), 9 (oblique). */
  readonly fsSelection: number;
  readonly weightClass: number;
  /** OS/2 sCapHeight / sxHeight (version ≥ 2), else undefined. */
  readonly capHeight: number | undefined;
  readonly xHeight: number | undefined;
  /** OS/2 strikeout and sub/superscript recommendations. */
  readonly strikeoutSize: number;
  readonly strikeoutPosition: number;
  readonly subscriptSizeY: number;
  readonly subscriptOffsetY: number;
  readonly superscriptSizeY: number;
  readonly superscriptOffsetY: number;
  /** OS/2 sFamilyClass high byte (1-5 serif, 8 sans, 10 script, 12 symbolic). */
  readonly familyClass: number;
  /** OS/2 panose bytes (10), zeros when absent. */
  readonly panose: readonly number[];
  /** post.italicAngle in degrees (negative leans right). */
  readonly italicAngle: number;
  /** post.underlinePosition (negative = below the baseline) and thickness. */
  readonly underlinePosition: number;
  readonly underlineThickness: number;
  readonly isFixedPitch: boolean;
  /** OS/2 fsType (embedding licensing rights). */
  readonly fsType: number;
}

/** Names of a font from its name table. */
export interface FontNames {
  readonly family: string;
  readonly subfamily: string;
  readonly postscriptName: string;
}

/** Reads head, hhea, maxp, OS/2 and post into `FontMetrics`. */
export function readFontMetrics(bytes: Uint8Array, dir: SfntDirectory): FontMetrics {
  const head = requireTable(bytes, dir, 'head');
  const hhea = requireTable(bytes, dir, 'hhea');
  const maxp = requireTable(bytes, dir, 'maxp');
  const unitsPerEm = head.u16(18);
  if (unitsPerEm < 16 || unitsPerEm > 16384) throw new FontFormatError(`implausible unitsPerEm ${unitsPerEm}`);
  const os2 = tableReader(bytes, dir, 'OS/2');
  const post = tableReader(bytes, dir, 'post');
  const numGlyphs = maxp.u16(4);
  if (numGlyphs < 1) throw new FontFormatError('font has no glyphs');
  return {
    unitsPerEm,
    bbox: [head.i16(36), head.i16(38), head.i16(40), head.i16(42)],
    macStyle: head.u16(44),
    indexToLocFormat: head.i16(50),
    hheaAscender: hhea.i16(4),
    hheaDescender: hhea.i16(6),
    hheaLineGap: hhea.i16(8),
    numberOfHMetrics: hhea.u16(34),
    numGlyphs,
    ...readOs2(os2, unitsPerEm),
    italicAngle: post && post.has(4, 4) ? post.i16(4) + post.u16(6) / 65536 : 0,
    underlinePosition: post && post.has(8, 2) ? post.i16(8) : -Math.round(unitsPerEm * 0.1),
    underlineThickness: post && post.has(10, 2) ? post.i16(10) : Math.round(unitsPerEm * 0.05),
    isFixedPitch: post && post.has(12, 4) ? post.u32(12) !== 0 : false,
  };
}

type Os2Fields = Omit<
  FontMetrics,
  | 'unitsPerEm' | 'bbox' | 'macStyle' | 'indexToLocFormat' | 'hheaAscender' | 'hheaDescender' | 'hheaLineGap'
  | 'numberOfHMetrics' | 'numGlyphs' | 'italicAngle' | 'underlinePosition' | 'underlineThickness' | 'isFixedPitch'
>;

function readOs2(os2: ByteReader | undefined, upm: number): Os2Fields {
  if (!os2 || !os2.has(0, 78)) {
    // No (or truncated) OS/2: typical values relative to the em, as FreeType assumes.
    return {
      winAscent: 0, winDescent: 0, typoAscender: 0, typoDescender: 0, typoLineGap: 0, useTypoMetrics: false,
      fsSelection: 0, weightClass: 400, capHeight: undefined, xHeight: undefined,
      strikeoutSize: Math.round(upm * 0.05), strikeoutPosition: Math.round(upm * 0.26),
      subscriptSizeY: Math.round(upm * 0.65), subscriptOffsetY: Math.round(upm * 0.14),
      superscriptSizeY: Math.round(upm * 0.65), superscriptOffsetY: Math.round(upm * 0.48),
      familyClass: 0, panose: new Array<number>(10).fill(0), fsType: 0,
    };
  }
  const version = os2.u16(0);
  const fsSelection = os2.u16(62);
  const hasV2 = version >= 2 && os2.has(86, 4);
  const panose: number[] = [];
  for (let i = 0; i < 10; i++) panose.push(os2.u8(32 + i));
  return {
    winAscent: os2.u16(74),
    winDescent: os2.u16(76),
    typoAscender: os2.i16(68),
    typoDescender: os2.i16(70),
    typoLineGap: os2.i16(72),
    useTypoMetrics: (fsSelection & 0x80) !== 0,
    fsSelection,
    weightClass: os2.u16(4),
    capHeight: hasV2 ? os2.i16(88) : undefined,
    xHeight: hasV2 ? os2.i16(86) : undefined,
    strikeoutSize: os2.i16(26),
    strikeoutPosition: os2.i16(28),
    subscriptSizeY: os2.i16(12),
    subscriptOffsetY: os2.i16(16),
    superscriptSizeY: os2.i16(20),
    superscriptOffsetY: os2.i16(24),
    familyClass: os2.u8(30),
    panose,
    fsType: os2.u16(8),
  };
}

/** Advance widths and left side bearings per glyph (hmtx, with the last advance repeated). */
export interface HorizontalMetrics {
  readonly advances: Uint16Array;
  readonly leftSideBearings: Int16Array;
}

/** Reads hmtx for every glyph; glyphs past numberOfHMetrics reuse the last advance (OpenType hmtx). */
export function readHorizontalMetrics(bytes: Uint8Array, dir: SfntDirectory, m: FontMetrics): HorizontalMetrics {
  const hmtx = requireTable(bytes, dir, 'hmtx');
  const n = m.numGlyphs;
  const nh = Math.min(Math.max(m.numberOfHMetrics, 1), n);
  const advances = new Uint16Array(n);
  const lsb = new Int16Array(n);
  let last = 0;
  for (let g = 0; g < n; g++) {
    if (g < nh) {
      if (!hmtx.has(g * 4, 4)) break;
      last = hmtx.u16(g * 4);
      advances[g] = last;
      lsb[g] = hmtx.i16(g * 4 + 2);
    } else {
      advances[g] = last;
      const off = nh * 4 + (g - nh) * 2;
      if (hmtx.has(off, 2)) lsb[g] = hmtx.i16(off);
    }
  }
  return { advances, leftSideBearings: lsb };
}

function decodeUtf16Be(r: ByteReader, offset: number, length: number): string {
  let s = '';
  for (let i = 0; i + 1 < length; i += 2) s += String.fromCharCode(r.u16(offset + i));
  return s;
}

function decodeLatin1(r: ByteReader, offset: number, length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += String.fromCharCode(r.u8(offset + i));
  return s;
}

/** Reads family, subfamily and PostScript names (Windows Unicode records preferred over Mac Roman). */
export function readFontNames(bytes: Uint8Array, dir: SfntDirectory): FontNames {
  const name = tableReader(bytes, dir, 'name');
  const found = new Map<number, { rank: number; value: string }>();
  if (name && name.has(0, 6)) {
    const count = Math.min(name.u16(2), 4096);
    const storage = name.u16(4);
    for (let i = 0; i < count && name.has(6 + i * 12, 12); i++) {
      const rec = 6 + i * 12;
      const platform = name.u16(rec);
      const encoding = name.u16(rec + 2);
      const language = name.u16(rec + 4);
      const id = name.u16(rec + 6);
      if (id !== 1 && id !== 2 && id !== 6 && id !== 16 && id !== 17) continue;
      const length = name.u16(rec + 8);
      const offset = storage + name.u16(rec + 10);
      if (!name.has(offset, length)) continue;
      const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10 || encoding === 0));
      const rank = platform === 3 && language === 0x409 ? 3 : unicode ? 2 : platform === 1 && encoding === 0 ? 1 : 0;
      if (rank === 0) continue;
      const value = unicode ? decodeUtf16Be(name, offset, length) : decodeLatin1(name, offset, length);
      const prev = found.get(id);
      if (!prev || rank > prev.rank) found.set(id, { rank, value: value.replace(/\0/g, '').trim() });
    }
  }
  // Name ID 1 (legacy family) is what Word lists and what DOCX font tables name; 16 only as a fallback.
  const family = found.get(1)?.value || found.get(16)?.value || '';
  const subfamily = found.get(2)?.value || found.get(17)?.value || '';
  const postscriptName = (found.get(6)?.value ?? '').replace(/[^\x21-\x7e]|[[\](){}<>/%]/g, '');
  return { family, subfamily, postscriptName };
}
