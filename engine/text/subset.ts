/**
 * Font subsetting for PDF embedding.
 *
 * TrueType fonts: a new sfnt with only the used glyphs (plus .notdef and composite components),
 * renumbered in ascending order of their old ids, carrying the tables ISO 32000-1 §9.9 lists for
 * TrueType font programs used by a CIDFontType2 (head, hhea, loca, maxp, cvt, prep, glyf, hmtx, fpgm)
 * plus OS/2, a format 3 post table and an empty cmap. With Identity-H encoding and /CIDToGIDMap /Identity the
 * CIDs are the new glyph ids, so no cmap is needed. CFF fonts: a CID-keyed CFF (FontFile3 /Subtype
 * /CIDFontType0C), see cff-subset.ts. Output is deterministic; the subset tag (§9.6.4) is derived
 * from the font and the glyph set, never random.
 */
import { crc32, encodeUtf8 } from '../core';
import { subsetCff } from './cff-subset';
import { FontkitNotLoaded } from './fontkit-loader';
import { loadFontProgram, type FontProgram } from './font-program';
import { FontFormatError } from './sfnt-reader';
import type { LoadedFont } from './loaded-font';
import { ByteReader, tableReader } from './sfnt-reader';
import { ByteWriter, writeSfnt, type SfntTable } from './sfnt-writer';

/** FontDescriptor values (ISO 32000-1 §9.8, Table 122) in glyph space (1000 units per em). */
export interface PdfFontDescriptor {
  /** Flags bits: 1 FixedPitch, 2 Serif, 3 Symbolic, 6 Nonsymbolic, 7 Italic. */
  readonly flags: number;
  readonly fontBBox: readonly [number, number, number, number];
  readonly italicAngle: number;
  readonly ascent: number;
  readonly descent: number;
  readonly capHeight: number;
  readonly xHeight: number;
  readonly stemV: number;
}

/** A subset font ready to embed. */
export interface FontSubset {
  readonly data: Uint8Array;
  /**
   * 'truetype': FontFile2 for a CIDFontType2. 'cff': FontFile3 /Subtype /CIDFontType0C for a
   * CIDFontType0. 'opentype': the whole font (subsetting failed), FontFile3 /Subtype /OpenType.
   */
  readonly format: 'truetype' | 'cff' | 'opentype';
  /** Old glyph id → new glyph id (= CID with Identity-H and /CIDToGIDMap /Identity). */
  readonly glyphMap: ReadonlyMap<number, number>;
  readonly glyphCount: number;
  /** Advance of each new glyph id in glyph space (1000 units per em), for the /W array. */
  readonly widths: readonly number[];
  /** Six capital letters derived from the font and glyph set. */
  readonly subsetTag: string;
  /** `TAG+PostScriptName`, for /BaseFont and /FontName. */
  readonly baseFontName: string;
  readonly descriptor: PdfFontDescriptor;
}

/** True for a composite glyph (negative numberOfContours); only those have components to follow or renumber. */
function isComposite(glyf: ByteReader, start: number, end: number): boolean {
  return end - start >= 10 && glyf.i16(start) < 0;
}

/** Glyph ids referenced by a composite glyph (glyf components), bounds-checked. */
function compositeComponents(glyf: ByteReader, start: number, end: number): { ids: number[]; offsets: number[] } {
  const ids: number[] = [];
  const offsets: number[] = [];
  if (end - start < 10 || glyf.i16(start) >= 0) return { ids, offsets };
  let p = start + 10;
  for (let guard = 0; guard < 256 && p + 4 <= end; guard++) {
    const flags = glyf.u16(p);
    offsets.push(p + 2 - start);
    ids.push(glyf.u16(p + 2));
    p += 4 + (flags & 0x0001 ? 4 : 2);
    if (flags & 0x0008) p += 2;
    else if (flags & 0x0040) p += 4;
    else if (flags & 0x0080) p += 8;
    if (!(flags & 0x0020)) break;
  }
  return { ids, offsets };
}

/** The glyph set with .notdef and composite components, sorted ascending. */
function closeGlyphSet(p: FontProgram, glyphIds: Iterable<number>, glyf: ByteReader | undefined): number[] {
  const n = p.metrics.numGlyphs;
  const set = new Set<number>([0]);
  const queue: number[] = [];
  for (const g of glyphIds) if (Number.isInteger(g) && g >= 0 && g < n && !set.has(g)) (set.add(g), queue.push(g));
  while (glyf && queue.length > 0) {
    const g = queue.pop()!;
    const r = p.glyphRange(g);
    if (!r || !isComposite(glyf, r[0], r[1])) continue;
    for (const c of compositeComponents(glyf, r[0], r[1]).ids) if (c < n && !set.has(c)) (set.add(c), queue.push(c));
  }
  return [...set].sort((a, b) => a - b);
}

function copyTable(p: FontProgram, tag: string): Uint8Array | undefined {
  const t = p.dir.tables.get(tag);
  return t ? p.bytes.slice(t.offset, t.offset + t.length) : undefined;
}

function setU16(b: Uint8Array, at: number, v: number): void {
  if (at + 2 <= b.length) {
    b[at] = (v >>> 8) & 0xff;
    b[at + 1] = v & 0xff;
  }
}

/**
 * A (3,1) format 4 cmap that maps nothing (only the required 0xFFFF segment). PDF viewers select
 * glyphs by CID here; the table only keeps stand-alone font parsers that insist on a cmap happy.
 */
const EMPTY_CMAP = new ByteWriter()
  .u16(0).u16(1).u16(3).u16(1).u32(12)
  .u16(4).u16(24).u16(0).u16(2).u16(2).u16(0).u16(0)
  .u16(0xffff).u16(0).u16(0xffff).u16(1).u16(0)
  .toBytes();

/** Glyph byte ranges [start, end) in glyf of the glyphs kept, empty for glyphs without outline data. */
function keptRanges(p: FontProgram, glyf: ByteReader, olds: readonly number[]): { ranges: Int32Array; size: number } {
  const ranges = new Int32Array(olds.length * 2);
  let size = 0;
  for (let i = 0; i < olds.length; i++) {
    const r = p.glyphRange(olds[i]!);
    if (!r || r[1] <= r[0] || !glyf.has(r[0], r[1] - r[0])) continue;
    ranges[2 * i] = r[0];
    ranges[2 * i + 1] = r[1];
    size += (r[1] - r[0] + 3) & ~3;
  }
  return { ranges, size };
}

function subsetTrueType(p: FontProgram, olds: readonly number[], map: ReadonlyMap<number, number>): Uint8Array {
  const glyf = tableReader(p.bytes, p.dir, 'glyf')!;
  // Sized first, so the new glyf, loca and hmtx are written without growing or copying glyphs twice.
  const { ranges, size } = keptRanges(p, glyf, olds);
  const out = new ByteWriter(size);
  const loca = new ByteWriter(4 * (olds.length + 1));
  const hmtx = new ByteWriter(4 * olds.length);
  for (let i = 0; i < olds.length; i++) {
    const old = olds[i]!;
    loca.u32(out.length);
    const start = ranges[2 * i]!;
    const end = ranges[2 * i + 1]!;
    if (end > start) {
      const at = out.length;
      out.bytes(p.bytes.subarray(glyf.start + start, glyf.start + end));
      if (isComposite(glyf, start, end)) {
        for (const o of compositeComponents(glyf, start, end).offsets) {
          if (o + 2 <= end - start) out.patchU16(at + o, map.get(glyf.u16(start + o)) ?? 0);
        }
      }
      out.align(4);
    }
    hmtx.u16(p.advanceWidth(old)).i16(p.hmtx.leftSideBearings[old] ?? 0);
  }
  loca.u32(out.length);
  const head = copyTable(p, 'head')!;
  setU16(head, 50, 1);
  const hhea = copyTable(p, 'hhea')!;
  setU16(hhea, 34, olds.length);
  const maxp = copyTable(p, 'maxp')!;
  setU16(maxp, 4, olds.length);
  const post = new ByteWriter();
  const m = p.metrics;
  post.u32(0x00030000).u32(Math.round(m.italicAngle * 65536) >>> 0).i16(m.underlinePosition).i16(m.underlineThickness);
  post.u32(m.isFixedPitch ? 1 : 0).u32(0).u32(0).u32(0).u32(0);
  const tables: SfntTable[] = [
    { tag: 'cmap', data: EMPTY_CMAP }, { tag: 'head', data: head }, { tag: 'hhea', data: hhea }, { tag: 'maxp', data: maxp },
    { tag: 'loca', data: loca.take() }, { tag: 'glyf', data: out.take() }, { tag: 'hmtx', data: hmtx.take() },
    { tag: 'post', data: post.toBytes() },
  ];
  for (const tag of ['cvt ', 'fpgm', 'prep', 'OS/2']) {
    const t = copyTable(p, tag);
    if (t) tables.push({ tag, data: t });
  }
  return writeSfnt(tables);
}

/** Six letters A–Z derived deterministically from the font identity and the glyph set. */
export function subsetTagFor(fontId: string, glyphIds: readonly number[]): string {
  const key = encodeUtf8(`${fontId}\u0000${glyphIds.join(',')}`);
  let h = crc32(key);
  let h2 = crc32(key, 0x9e3779b9);
  let tag = '';
  for (let i = 0; i < 6; i++) {
    const src = i < 3 ? h : h2;
    tag += String.fromCharCode(65 + (src % 26));
    if (i < 3) h = Math.floor(h / 26);
    else h2 = Math.floor(h2 / 26);
  }
  return tag;
}

/** FontDescriptor values for a program, scaled to 1000 units per em. */
export function pdfFontDescriptor(p: FontProgram, italicHint = false): PdfFontDescriptor {
  const m = p.metrics;
  const k = 1000 / m.unitsPerEm;
  const serifClass = m.familyClass >= 1 && m.familyClass <= 7;
  const italic = m.italicAngle !== 0 || (m.macStyle & 2) !== 0 || italicHint;
  const flags = (m.isFixedPitch ? 1 : 0) | (serifClass ? 2 : 0) | (p.cmap.isSymbol ? 4 : 32) | (italic ? 64 : 0);
  const ascent = m.useTypoMetrics ? m.typoAscender : m.hheaAscender;
  const descent = m.useTypoMetrics ? m.typoDescender : m.hheaDescender;
  return {
    flags,
    fontBBox: [Math.round(m.bbox[0] * k), Math.round(m.bbox[1] * k), Math.round(m.bbox[2] * k), Math.round(m.bbox[3] * k)],
    italicAngle: Math.round(m.italicAngle * 100) / 100,
    ascent: Math.round(ascent * k),
    descent: Math.round(descent * k),
    capHeight: Math.round(p.capHeight * k),
    xHeight: Math.round(p.xHeight * k),
    stemV: Math.round(10 + (220 * Math.max(0, m.weightClass - 50)) / 900),
  };
}

/**
 * Subsets a font to the given glyph ids (ids outside the font are ignored; .notdef is always kept).
 * Never throws: if the font cannot be subset, the whole font is returned with glyph ids unchanged.
 */
export function subsetFont(font: LoadedFont, glyphIds: Iterable<number>): FontSubset {
  // A LoadedFont's bytes always parsed (that is how it was created), so this is a cache hit.
  return subsetFontData({ data: font.data, id: font.id, postscriptName: font.postscriptName, italic: font.italic }, glyphIds);
}

/** What subsetting needs to know of a face (a LayoutDoc font carries exactly this). */
export interface SubsetSource {
  readonly data: Uint8Array;
  /** Stable face key, part of the subset tag. */
  readonly id: string;
  readonly postscriptName: string;
  readonly italic: boolean;
}

/**
 * Subsets font bytes (as carried by a LayoutDoc) to the given glyph ids; see `subsetFont`. Throws a
 * FontFormatError only when the bytes are not a font at all (a LayoutDoc's fonts always are).
 */
export function subsetFontData(font: SubsetSource, glyphIds: Iterable<number>): FontSubset {
  const loaded = loadFontProgram(font.data);
  if (loaded instanceof FontFormatError) throw loaded;
  const p = loaded;
  const olds = closeGlyphSet(p, glyphIds, p.isCff ? undefined : tableReader(p.bytes, p.dir, 'glyf'));
  const map = new Map<number, number>(olds.map((g, i) => [g, i]));
  const tag = subsetTagFor(font.id, olds);
  const base = {
    subsetTag: tag,
    baseFontName: `${tag}+${font.postscriptName}`,
    descriptor: pdfFontDescriptor(p, font.italic),
  };
  const k = 1000 / p.metrics.unitsPerEm;
  try {
    const data = p.isCff ? subsetCff(p.bytes, olds) : subsetTrueType(p, olds, map);
    const widths = olds.map((g) => p.advanceWidth(g) * k);
    return { ...base, data, format: p.isCff ? 'cff' : 'truetype', glyphMap: map, glyphCount: olds.length, widths };
  } catch (e) {
    if (e instanceof FontkitNotLoaded) throw e;
    // Whole font, ids unchanged: still valid with /CIDToGIDMap /Identity.
    const identity = new Map<number, number>(olds.map((g) => [g, g]));
    const widths: number[] = [];
    for (let g = 0; g < p.metrics.numGlyphs; g++) widths.push(p.advanceWidth(g) * k);
    return {
      ...base, data: p.bytes, format: p.isCff ? 'opentype' : 'truetype', glyphMap: identity,
      glyphCount: p.metrics.numGlyphs, widths,
    };
  }
}

/**
 * The /W array of a CIDFont (ISO 32000-1 §9.7.4.3) for widths indexed by CID: runs of equal widths
 * as `cFirst cLast w`, other stretches as `c [w1 w2 …]`. Widths are rounded to 3 decimals.
 */
export function cidWidthArray(widths: readonly number[]): (number | number[])[] {
  const r = widths.map((w) => Math.round(w * 1000) / 1000);
  const out: (number | number[])[] = [];
  let i = 0;
  while (i < r.length) {
    let j = i;
    while (j + 1 < r.length && r[j + 1] === r[i]) j++;
    if (j - i >= 2) {
      out.push(i, j, r[i]!);
      i = j + 1;
      continue;
    }
    const run: number[] = [];
    const start = i;
    while (i < r.length) {
      let k = i;
      while (k + 1 < r.length && r[k + 1] === r[i]) k++;
      if (k - i >= 2) break;
      run.push(r[i]!);
      i++;
    }
    out.push(start, run);
  }
  return out;
}

/** Whether subsetting these font bytes uses fontkit (CFF outlines): renderPdf loads it first. */
export function subsetNeedsFontkit(data: Uint8Array): boolean {
  const p = loadFontProgram(data);
  return !(p instanceof FontFormatError) && p.isCff;
}
