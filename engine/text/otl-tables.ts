/**
 * Minimal readers for the OpenType layout tables (GSUB, GPOS, GDEF) used by the fast shaping path:
 * script / language-system selection, feature → lookup lists, first-glyph coverage of every lookup,
 * class definitions. OpenType "Layout Common Table Formats" (ScriptList, FeatureList, LookupList,
 * Coverage formats 1-2, ClassDef formats 1-2), GSUB/GPOS lookup types, extension lookups.
 */
import { ByteReader, FontFormatError } from './sfnt-reader';

/** One lookup: its type (extension lookups already resolved), flags and subtable readers. */
export interface LookupInfo {
  readonly type: number;
  readonly flags: number;
  readonly subtables: readonly ByteReader[];
}

/** A GSUB or GPOS table: script list, feature list and lookups. */
export interface LayoutTable {
  readonly isGpos: boolean;
  /** Script tag → (language tag or '' for the default language system → feature indexes). */
  readonly scripts: ReadonlyMap<string, ReadonlyMap<string, readonly number[]>>;
  readonly features: readonly { readonly tag: string; readonly lookups: readonly number[] }[];
  readonly lookupCount: number;
  lookup(index: number): LookupInfo | undefined;
}

const EXTENSION_TYPE = { gsub: 7, gpos: 9 } as const;

/** Reads the header, script list and feature list of a GSUB or GPOS table; lookups load lazily. */
export function readLayoutTable(t: ByteReader, isGpos: boolean): LayoutTable {
  const scriptListOff = t.u16(4);
  const featureListOff = t.u16(6);
  const lookupListOff = t.u16(8);
  const scripts = scriptListOff ? readScripts(t.sub(scriptListOff)) : new Map<string, Map<string, number[]>>();
  const features = featureListOff ? readFeatures(t.sub(featureListOff)) : [];
  const lookups = lookupListOff ? t.sub(lookupListOff) : undefined;
  const lookupCount = lookups ? lookups.u16(0) : 0;
  const cache = new Map<number, LookupInfo | undefined>();
  return {
    isGpos,
    scripts,
    features,
    lookupCount,
    lookup(index: number): LookupInfo | undefined {
      if (!lookups || index >= lookupCount) return undefined;
      if (!cache.has(index)) cache.set(index, readLookup(lookups.sub(lookups.u16(2 + index * 2)), isGpos));
      return cache.get(index);
    },
  };
}

function tag(r: ByteReader, o: number): string {
  return String.fromCharCode(r.u8(o), r.u8(o + 1), r.u8(o + 2), r.u8(o + 3));
}

function readLangSys(r: ByteReader): number[] {
  const count = r.u16(4);
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(r.u16(6 + i * 2));
  return out;
}

function readScripts(list: ByteReader): Map<string, Map<string, number[]>> {
  const scripts = new Map<string, Map<string, number[]>>();
  const count = list.u16(0);
  for (let i = 0; i < count; i++) {
    const stag = tag(list, 2 + i * 6);
    const script = list.sub(list.u16(6 + i * 6));
    const langs = new Map<string, number[]>();
    const defOff = script.u16(0);
    if (defOff) langs.set('', readLangSys(script.sub(defOff)));
    const n = script.u16(2);
    for (let j = 0; j < n; j++) langs.set(tag(script, 4 + j * 6), readLangSys(script.sub(script.u16(8 + j * 6))));
    if (!scripts.has(stag)) scripts.set(stag, langs);
  }
  return scripts;
}

function readFeatures(list: ByteReader): { tag: string; lookups: number[] }[] {
  const out: { tag: string; lookups: number[] }[] = [];
  const count = list.u16(0);
  for (let i = 0; i < count; i++) {
    const ftag = tag(list, 2 + i * 6);
    const f = list.sub(list.u16(6 + i * 6));
    const n = f.u16(2);
    const lookups: number[] = [];
    for (let j = 0; j < n; j++) lookups.push(f.u16(4 + j * 2));
    out.push({ tag: ftag, lookups });
  }
  return out;
}

function readLookup(l: ByteReader, isGpos: boolean): LookupInfo {
  const declared = l.u16(0);
  const flags = l.u16(2);
  const n = l.u16(4);
  const subtables: ByteReader[] = [];
  const isExtension = declared === (isGpos ? EXTENSION_TYPE.gpos : EXTENSION_TYPE.gsub);
  let type = declared;
  for (let i = 0; i < n; i++) {
    let st = l.sub(l.u16(6 + i * 2));
    if (isExtension) {
      // Extension subtable: format 1, the real lookup type, a 32-bit offset from this subtable.
      type = st.u16(2);
      st = st.sub(st.u32(4));
    }
    subtables.push(st);
  }
  return { type, flags, subtables };
}

/**
 * Calls `visit` with every glyph of a Coverage table (formats 1 and 2) below `numGlyphs`, in table
 * order (ascending in a well-formed table). Glyph ids beyond the font cannot come from its cmap.
 */
export function forEachCovered(c: ByteReader, numGlyphs: number, visit: (glyph: number) => void): void {
  const format = c.u16(0);
  const n = c.u16(2);
  if (format === 1) {
    for (let i = 0; i < n; i++) {
      const g = c.u16(4 + i * 2);
      if (g < numGlyphs) visit(g);
    }
  } else if (format === 2) {
    for (let i = 0; i < n; i++) {
      const start = c.u16(4 + i * 6);
      const end = Math.min(c.u16(6 + i * 6), numGlyphs - 1);
      for (let g = start; g <= end; g++) visit(g);
    }
  } else {
    throw new FontFormatError(`unknown coverage format ${format}`);
  }
}

/** Marks in `out` every glyph of a Coverage table (formats 1 and 2) that `out` has room for. */
export function markCoverage(c: ByteReader, out: Uint8Array): void {
  forEachCovered(c, out.length, (g) => {
    out[g] = 1;
  });
}

/** Coverage index per glyph (-1 when not covered), for pair positioning. */
export function coverageIndexes(c: ByteReader, numGlyphs: number): Int32Array {
  const out = new Int32Array(numGlyphs).fill(-1);
  const format = c.u16(0);
  const n = c.u16(2);
  if (format === 1) {
    for (let i = 0; i < n; i++) {
      const g = c.u16(4 + i * 2);
      if (g < numGlyphs) out[g] = i;
    }
  } else if (format === 2) {
    for (let i = 0; i < n; i++) {
      const start = c.u16(4 + i * 6);
      const end = Math.min(c.u16(6 + i * 6), numGlyphs - 1);
      const startIndex = c.u16(8 + i * 6);
      for (let g = start; g <= end; g++) out[g] = startIndex + (g - start);
    }
  } else {
    throw new FontFormatError(`unknown coverage format ${format}`);
  }
  return out;
}

/** Class per glyph from a ClassDef table (formats 1 and 2); unlisted glyphs are class 0. */
export function readClassDef(c: ByteReader, numGlyphs: number): Uint16Array {
  const out = new Uint16Array(numGlyphs);
  const format = c.u16(0);
  if (format === 1) {
    const start = c.u16(2);
    const n = c.u16(4);
    for (let i = 0; i < n; i++) if (start + i < numGlyphs) out[start + i] = c.u16(6 + i * 2);
  } else if (format === 2) {
    const n = c.u16(2);
    for (let i = 0; i < n; i++) {
      const start = c.u16(4 + i * 6);
      const end = Math.min(c.u16(6 + i * 6), numGlyphs - 1);
      const cls = c.u16(8 + i * 6);
      for (let g = start; g <= end; g++) out[g] = cls;
    }
  } else {
    throw new FontFormatError(`unknown class definition format ${format}`);
  }
  return out;
}

/**
 * The coverage a lookup subtable is entered through: the glyph at the current position must be in
 * it for the subtable to do anything. Context (GSUB 5/GPOS 7) and chained context (GSUB 6/GPOS 8)
 * format 3 keep their input coverage after the glyph counts.
 */
export function entryCoverage(type: number, isGpos: boolean, st: ByteReader): ByteReader | undefined {
  const format = st.u16(0);
  const context = isGpos ? 7 : 5;
  const chained = isGpos ? 8 : 6;
  if (type === context && format === 3) {
    return st.u16(2) > 0 ? st.sub(st.u16(6)) : undefined;
  }
  if (type === chained && format === 3) {
    const backtrack = st.u16(2);
    const inputAt = 4 + backtrack * 2;
    return st.u16(inputAt) > 0 ? st.sub(st.u16(inputAt + 2)) : undefined;
  }
  return st.sub(st.u16(2));
}
