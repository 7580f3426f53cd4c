/**
 * Test fixture builder: a tiny OpenType font with CFF outlines (box glyphs), so CFF parsing and
 * subsetting can be tested without shipping a CFF font. CFF per Adobe TN #5176 (header, Name /
 * Top DICT / String / Global Subr INDEXes, CharStrings INDEX of Type 2 charstrings, Private DICT).
 */
import { ByteWriter, writeSfnt } from '../sfnt-writer';
import { buildTrueTypeFont, type BuiltGlyph } from '../font-builder';
import { readSfntDirectory } from '../sfnt-reader';

function cffIndex(items: readonly Uint8Array[]): Uint8Array {
  const w = new ByteWriter();
  w.u16(items.length);
  if (items.length === 0) return w.toBytes();
  w.u8(4);
  let off = 1;
  w.u32(off);
  for (const it of items) {
    off += it.length;
    w.u32(off);
  }
  for (const it of items) w.bytes(it);
  return w.toBytes();
}

/** Type 2 charstring number encoding. */
function num(w: ByteWriter, v: number): void {
  if (v >= -107 && v <= 107) w.u8(v + 139);
  else if (v >= 108 && v <= 1131) w.u8(((v - 108) >> 8) + 247).u8((v - 108) & 0xff);
  else if (v >= -1131 && v <= -108) w.u8(((-v - 108) >> 8) + 251).u8((-v - 108) & 0xff);
  else w.u8(28).i16(v);
}

/** DICT integer as a fixed 5-byte operand, so offsets can be patched without resizing. */
function dictInt(w: ByteWriter, v: number): void {
  w.u8(29).u32(v);
}

function charstring(advance: number, height: number): Uint8Array {
  const w = new ByteWriter();
  if (height <= 0) {
    num(w, advance);
    w.u8(14); // width endchar
    return w.toBytes();
  }
  const x0 = Math.round(advance * 0.1);
  const dx = Math.max(1, Math.round(advance * 0.8));
  num(w, advance);
  num(w, x0);
  num(w, 0);
  w.u8(21); // width dx dy rmoveto
  for (const [a, b] of [[dx, 0], [0, height], [-dx, 0]] as const) {
    num(w, a);
    num(w, b);
    w.u8(5); // rlineto
  }
  w.u8(14);
  return w.toBytes();
}

function cffTable(name: string, glyphs: readonly BuiltGlyph[]): Uint8Array {
  const all = [{ advance: 500, height: 700 }, ...glyphs];
  const charStrings = cffIndex(all.map((g) => charstring(g.advance, g.height ?? 0)));
  const priv = new Uint8Array([139, 20, 139, 21]); // defaultWidthX 0, nominalWidthX 0
  const header = new Uint8Array([1, 0, 4, 4]);
  const nameIndex = cffIndex([new TextEncoder().encode(name)]);
  const strings = cffIndex([]);
  const gsubrs = cffIndex([]);
  // Top DICT: CharStrings (17), Private (18) — sizes are fixed (5-byte ints), so lay out first.
  const topLen = 5 + 1 + 5 + 5 + 1;
  const topIndexLen = 2 + 1 + 8 + topLen;
  const charStringsAt = header.length + nameIndex.length + topIndexLen + strings.length + gsubrs.length;
  const privateAt = charStringsAt + charStrings.length;
  const top = new ByteWriter();
  dictInt(top, charStringsAt);
  top.u8(17);
  dictInt(top, priv.length);
  dictInt(top, privateAt);
  top.u8(18);
  const w = new ByteWriter();
  w.bytes(header).bytes(nameIndex).bytes(cffIndex([top.toBytes()])).bytes(strings).bytes(gsubrs).bytes(charStrings).bytes(priv);
  return w.toBytes();
}

/** Builds an OpenType/CFF font whose tables (besides CFF and maxp) come from the TrueType builder. */
export function buildCffFont(family: string, glyphs: readonly BuiltGlyph[]): Uint8Array {
  const tt = buildTrueTypeFont({ family, glyphs });
  const dir = readSfntDirectory(tt);
  const tables = [];
  for (const [tag, rec] of dir.tables) {
    if (tag === 'glyf' || tag === 'loca' || tag === 'maxp') continue;
    tables.push({ tag, data: tt.slice(rec.offset, rec.offset + rec.length) });
  }
  const maxp = new ByteWriter().u32(0x00005000).u16(glyphs.length + 1).toBytes();
  tables.push({ tag: 'maxp', data: maxp }, { tag: 'CFF ', data: cffTable(`${family.replace(/\s/g, '')}-Regular`, glyphs) });
  return writeSfnt(tables, 0x4f54544f);
}
