/**
 * Builds small TrueType fonts from box-shaped glyphs: the built-in last-resort font (used when the
 * host supplies no fonts at all) and test fixtures (symbol-encoded fonts, single-style families,
 * composite glyphs, kern tables). Tables per the OpenType spec: head, hhea, maxp 1.0, OS/2 v4, hmtx,
 * cmap (format 4 in a 3,1 or a 3,0 symbol subtable), loca (long), glyf, name, post 3.0, optional kern
 * and an optional empty GSUB.
 */
import { ByteWriter, writeSfnt, type SfntTable } from './sfnt-writer';

/** One glyph of a built font (glyph 0, .notdef, is added automatically). */
export interface BuiltGlyph {
  /** Character mapped to the glyph, if any. */
  readonly codePoint?: number;
  readonly advance: number;
  /** A box outline of this height (0 = empty glyph); ignored for composites. */
  readonly height?: number;
  /** Build a composite glyph from these glyph ids (offset horizontally by their advances). */
  readonly components?: readonly number[];
}

/** What to build. */
export interface FontSpec {
  readonly family: string;
  readonly subfamily?: string;
  readonly unitsPerEm?: number;
  readonly glyphs: readonly BuiltGlyph[];
  /** Put the cmap in a Windows Symbol (3,0) subtable at U+F000 + code. */
  readonly symbol?: boolean;
  readonly bold?: boolean;
  readonly italic?: boolean;
  /** Adds a GSUB with no scripts, features or lookups (fontkit then runs its OpenType engine). */
  readonly emptyGsub?: boolean;
  /** Legacy kern table pairs: [left glyph, right glyph, value]. */
  readonly kernPairs?: readonly (readonly [number, number, number])[];
  readonly ascender?: number;
  readonly descender?: number;
  readonly lineGap?: number;
}

function boxGlyph(w: ByteWriter, advance: number, height: number): void {
  const x0 = Math.round(advance * 0.1);
  const x1 = Math.max(x0 + 1, Math.round(advance * 0.9));
  w.i16(1).i16(x0).i16(0).i16(x1).i16(height); // one contour, bbox
  w.u16(3).u16(0); // endPtsOfContours, no instructions
  for (let i = 0; i < 4; i++) w.u8(0x01); // on-curve, 16-bit deltas
  for (const dx of [x0, x1 - x0, 0, x0 - x1]) w.i16(dx);
  for (const dy of [0, 0, height, 0]) w.i16(dy);
}

function compositeGlyph(w: ByteWriter, comps: readonly number[], glyphs: readonly BuiltGlyph[], advance: number): void {
  w.i16(-1).i16(0).i16(0).i16(advance).i16(700);
  let x = 0;
  comps.forEach((gid, i) => {
    const more = i < comps.length - 1 ? 0x20 : 0;
    w.u16(0x0001 | 0x0002 | more).u16(gid).i16(x).i16(0); // ARG_1_AND_2_ARE_WORDS | ARGS_ARE_XY_VALUES
    x += gid === 0 ? 500 : glyphs[gid - 1]?.advance ?? 0;
  });
}

function nameTable(spec: FontSpec): Uint8Array {
  const sub = spec.subfamily ?? (spec.bold ? (spec.italic ? 'Bold Italic' : 'Bold') : spec.italic ? 'Italic' : 'Regular');
  const ps = `${spec.family.replace(/[^A-Za-z0-9]/g, '')}-${sub.replace(/ /g, '')}`;
  const records: [number, string][] = [[1, spec.family], [2, sub], [4, `${spec.family} ${sub}`], [6, ps]];
  const w = new ByteWriter();
  w.u16(0).u16(records.length).u16(6 + records.length * 12);
  let offset = 0;
  for (const [id, s] of records) {
    w.u16(3).u16(1).u16(0x409).u16(id).u16(s.length * 2).u16(offset);
    offset += s.length * 2;
  }
  for (const [, s] of records) for (let i = 0; i < s.length; i++) w.u16(s.charCodeAt(i));
  return w.toBytes();
}

function cmapTable(spec: FontSpec): Uint8Array {
  const pairs = spec.glyphs
    .map((g, i) => [spec.symbol ? 0xf000 + (g.codePoint ?? -1) : (g.codePoint ?? -1), i + 1] as const)
    .filter(([cp]) => cp >= 0 && cp <= 0xfffe)
    .sort((a, b) => a[0] - b[0]);
  // One segment per character plus the 0xFFFF terminator; idDelta maps the character to its glyph.
  const segs = [...pairs.map(([cp, g]) => [cp, cp, (g - cp) & 0xffff] as const), [0xffff, 0xffff, 1] as const];
  const n = segs.length;
  const w = new ByteWriter();
  w.u16(0).u16(1).u16(3).u16(spec.symbol ? 0 : 1).u32(12);
  const length = 16 + n * 8;
  w.u16(4).u16(length).u16(0).u16(n * 2);
  let es = 0;
  while (1 << (es + 1) <= n) es++;
  w.u16((1 << es) * 2).u16(es).u16(n * 2 - (1 << es) * 2);
  for (const s of segs) w.u16(s[1]);
  w.u16(0);
  for (const s of segs) w.u16(s[0]);
  for (const s of segs) w.u16(s[2]);
  for (let i = 0; i < n; i++) w.u16(0);
  return w.toBytes();
}

function os2Table(spec: FontSpec, upm: number, asc: number, desc: number, gap: number): Uint8Array {
  const w = new ByteWriter();
  const fsSelection = (spec.italic ? 1 : 0) | (spec.bold ? 0x20 : 0) | (!spec.bold && !spec.italic ? 0x40 : 0);
  w.u16(4).i16(Math.round(upm / 2)).u16(spec.bold ? 700 : 400).u16(5).u16(0);
  for (const v of [650, 600, 0, 75, 650, 600, 0, 350, 50, 260]) w.i16(Math.round((v * upm) / 1000));
  w.i16(spec.symbol ? 0x0c00 : 0x0800);
  for (let i = 0; i < 10; i++) w.u8(0);
  for (let i = 0; i < 4; i++) w.u32(i === 0 ? 1 : 0);
  w.u8(0x43).u8(0x4f).u8(0x4c).u8(0x50); // 'COLP'
  w.u16(fsSelection).u16(0x20).u16(0xffff).i16(asc).i16(desc).i16(gap).u16(asc).u16(-desc);
  w.u32(spec.symbol ? 0x80000000 : 1).u32(0).i16(Math.round(upm / 2)).i16(Math.round(upm * 0.7));
  w.u16(0).u16(0x20).u16(0);
  return w.toBytes();
}

function kernTable(pairs: readonly (readonly [number, number, number])[]): Uint8Array {
  const sorted = [...pairs].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const w = new ByteWriter();
  w.u16(0).u16(1).u16(0).u16(14 + sorted.length * 6).u16(0x0001);
  w.u16(sorted.length).u16(0).u16(0).u16(0);
  for (const [l, r, v] of sorted) w.u16(l).u16(r).i16(v);
  return w.toBytes();
}

/** Builds a TrueType font file from the spec. */
export function buildTrueTypeFont(spec: FontSpec): Uint8Array {
  const upm = spec.unitsPerEm ?? 1000;
  const asc = spec.ascender ?? Math.round(upm * 0.8);
  const desc = spec.descender ?? -Math.round(upm * 0.2);
  const gap = spec.lineGap ?? 0;
  const all: BuiltGlyph[] = [{ advance: Math.round(upm / 2), height: Math.round(upm * 0.7) }, ...spec.glyphs];
  const glyf = new ByteWriter();
  const loca = new ByteWriter();
  const hmtx = new ByteWriter();
  for (const g of all) {
    loca.u32(glyf.length);
    if (g.components && g.components.length > 0) compositeGlyph(glyf, g.components, spec.glyphs, g.advance);
    else if ((g.height ?? 0) > 0) boxGlyph(glyf, g.advance, g.height!);
    glyf.align(4);
    hmtx.u16(g.advance).i16(Math.round(g.advance * 0.1));
  }
  loca.u32(glyf.length);
  const maxAdvance = Math.max(...all.map((g) => g.advance));
  const head = new ByteWriter();
  head.u32(0x00010000).u32(0x00010000).u32(0).u32(0x5f0f3cf5).u16(0x000b).u16(upm);
  head.u32(0).u32(0).u32(0).u32(0); // created, modified: fixed, deterministic
  head.i16(0).i16(desc).i16(maxAdvance).i16(asc).u16((spec.bold ? 1 : 0) | (spec.italic ? 2 : 0)).u16(8).i16(2).i16(1).i16(0);
  const hhea = new ByteWriter();
  hhea.u32(0x00010000).i16(asc).i16(desc).i16(gap).u16(maxAdvance).i16(0).i16(0).i16(maxAdvance).i16(1).i16(0).i16(0);
  hhea.i16(0).i16(0).i16(0).i16(0).i16(0).u16(all.length);
  const maxp = new ByteWriter();
  maxp.u32(0x00010000).u16(all.length).u16(4).u16(1).u16(8).u16(2).u16(2).u16(0).u16(0).u16(0).u16(0).u16(0).u16(0).u16(2).u16(1);
  const post = new ByteWriter();
  post.u32(0x00030000).u32(spec.italic ? 0xfff40000 : 0).i16(-Math.round(upm * 0.1)).i16(Math.round(upm * 0.05)).u32(0).u32(0).u32(0).u32(0).u32(0);
  const tables: SfntTable[] = [
    { tag: 'head', data: head.toBytes() }, { tag: 'hhea', data: hhea.toBytes() }, { tag: 'maxp', data: maxp.toBytes() },
    { tag: 'OS/2', data: os2Table(spec, upm, asc, desc, gap) }, { tag: 'hmtx', data: hmtx.toBytes() },
    { tag: 'cmap', data: cmapTable(spec) }, { tag: 'loca', data: loca.toBytes() }, { tag: 'glyf', data: glyf.toBytes() },
    { tag: 'name', data: nameTable(spec) }, { tag: 'post', data: post.toBytes() },
  ];
  if (spec.kernPairs && spec.kernPairs.length > 0) tables.push({ tag: 'kern', data: kernTable(spec.kernPairs) });
  // GSUB 1.0: ScriptList, FeatureList and LookupList offsets, then each list's count of 0.
  if (spec.emptyGsub) tables.push({ tag: 'GSUB', data: new ByteWriter().u32(0x00010000).u16(10).u16(12).u16(14).u16(0).u16(0).u16(0).toBytes() });
  return writeSfnt(tables);
}
