/**
 * The fast shaping plan of a font: which glyphs make OpenType shaping do anything besides pair
 * kerning, and the pair-kerning values themselves.
 *
 * Every GSUB/GPOS lookup is entered through the coverage of the glyph at the current position; a
 * word none of whose glyphs is in the entry coverage of any active lookup is left untouched by it.
 * So a word whose glyphs are all outside those coverages (and are not marks) shapes to its cmap
 * glyphs and hmtx advances plus pair adjustments — exactly what fontkit computes, without
 * fontkit's per-call cost. The plan mirrors fontkit 1.x's choices (default shaper feature list,
 * script selection falling back to DFLT/dflt/latn, default language system, kern table used only
 * when GPOS has no 'kern' feature). A property test compares both paths on every shipped font.
 */
import { ByteReader, FontFormatError, tableReader, type SfntDirectory } from './sfnt-reader';
import { contextEntries, ligatureEntries, type EntryBlock } from './context-filter';
import { coverageIndexes, entryCoverage, markCoverage, readClassDef, readLayoutTable, type LayoutTable } from './otl-tables';

/** Pair adjustments of one PairPos subtable with only x-advance values. */
export type PairSubtable =
  | { readonly format: 1; readonly coverage: Int32Array; readonly sets: readonly ReadonlyMap<number, number>[] }
  | {
      readonly format: 2;
      readonly coverage: Int32Array;
      readonly class1: Uint16Array;
      readonly class2: Uint16Array;
      readonly class2Count: number;
      /** Packed (first x-advance, second x-advance) per class pair. */
      readonly values: Float64Array;
    };

/** One ligature substitution subtable (GSUB type 4) the fast path applies itself. */
export interface LigatureSubtable {
  /** Coverage index per glyph (-1 = not covered). */
  readonly coverage: Int32Array;
  /** Per coverage index, the ligatures in table order: output glyph and the components after the first. */
  readonly sets: readonly (readonly { readonly glyph: number; readonly components: readonly number[] }[])[];
}

/** What the fast path needs for one (script, kern, liga) combination. */
export interface FastPlan {
  /** Ligature lookups in the order fontkit applies them (lookup index order, duplicates kept). */
  readonly ligatureLookups: readonly (readonly LigatureSubtable[])[];
  /** 1 for glyphs that need real shaping (in an active lookup's entry coverage, or marks). */
  readonly blocked: Uint8Array;
  /** Adjacent glyph pairs (first * 65536 + second) that need real shaping (ligature starts, context rules needing a glyph next). */
  readonly blockedPairs: ReadonlySet<number>;
  /** Pure pair-positioning lookups, each applied at every glyph pair. */
  readonly pairLookups: readonly (readonly PairSubtable[])[];
  /** Legacy 'kern' table pairs (left << 16 | right → value), when used instead of GPOS kerning. */
  readonly kernPairs: ReadonlyMap<number, number> | undefined;
}

/** The features fontkit's default shaper applies to left-to-right text, before user overrides. */
const DEFAULT_FEATURES = ['rvrn', 'ltra', 'ltrm', 'ccmp', 'locl', 'rlig', 'mark', 'mkmk', 'calt', 'clig', 'liga', 'rclt', 'curs', 'kern'];
const DEFAULT_SCRIPTS = ['DFLT', 'dflt', 'latn'];

/** Packs two signed 16-bit adjustments into one number. */
export function packPair(first: number, second: number): number {
  return (first + 0x8000) * 0x10000 + (second + 0x8000);
}

/** Active feature tags for the fast path's user features (right-to-left: 'rtla' and 'rtlm' for 'ltra' and 'ltrm', as fontkit's DefaultShaper plans). */
export function activeFeatures(kern: boolean, liga: boolean, rtl = false): string[] {
  const tags = DEFAULT_FEATURES.filter((f) => (f === 'kern' ? kern : f === 'liga' || f === 'clig' ? liga : true));
  return rtl ? tags.map((f) => (f === 'ltra' ? 'rtla' : f === 'ltrm' ? 'rtlm' : f)) : tags;
}

/**
 * Feature indexes of the language system fontkit selects: the script, else DFLT/dflt/latn, default
 * language. When none exists fontkit keeps its previous selection; our adapter resets that before
 * every call (fontkit-adapter.ts), so it is then "no features".
 */
function selectLangSys(table: LayoutTable, script: string): readonly number[] {
  let langs = table.scripts.get(script);
  for (const s of DEFAULT_SCRIPTS) langs ??= table.scripts.get(s);
  return langs?.get('') ?? [];
}

/** Feature tag → lookup indexes for a language system (a later duplicate tag wins, as in fontkit). */
function featureMap(table: LayoutTable, indexes: readonly number[]): Map<string, readonly number[]> {
  const map = new Map<string, readonly number[]>();
  for (const i of indexes) {
    const f = table.features[i];
    if (f) map.set(f.tag, f.lookups);
  }
  return map;
}

/**
 * Builds the fast plan for a script tag ('latn', 'grek', 'cyrl', 'hebr' or 'zzzz' for common-only
 * text) and direction, or returns undefined when the font cannot use the fast path for it (then
 * fontkit shapes).
 */
export function buildFastPlan(
  bytes: Uint8Array, dir: SfntDirectory, reachable: Uint8Array, script: string, kern: boolean, liga: boolean, rtl = false,
): FastPlan | undefined {
  if (dir.tables.has('morx') || dir.tables.has('mort')) return undefined;
  const numGlyphs = reachable.length;
  try {
    const blocked = new Uint8Array(numGlyphs);
    const blockedPairs = new Set<number>();
    const sink: BlockSink = { blocked, blockedPairs, reachable };
    const tags = activeFeatures(kern, liga, rtl);
    markGdefMarks(bytes, dir, blocked);
    const ligatureLookups: LigatureSubtable[][] = [];
    const gsubReader = tableReader(bytes, dir, 'GSUB');
    if (gsubReader) {
      const gsub = readLayoutTable(gsubReader, false);
      const ls = selectLangSys(gsub, script);
      // fontkit's default shaper puts every feature in one stage: lookups run once each, by index.
      const entries = lookupEntries(featureMap(gsub, ls), tags).sort((a, b) => a - b);
      const others: number[] = [];
      for (const idx of entries) {
        const lig = readLigatureLookup(gsub, idx, numGlyphs);
        if (lig) ligatureLookups.push(lig);
        else others.push(idx);
      }
      // Ligature glyphs may now appear in the text: every later check must consider them.
      sink.reachable = withLigatureGlyphs(reachable, ligatureLookups);
      for (const idx of others) blockLookup(gsub, idx, sink);
    }
    const pairLookups: PairSubtable[][] = [];
    let gposHasKern = false;
    const gposReader = tableReader(bytes, dir, 'GPOS');
    if (gposReader) {
      const gpos = readLayoutTable(gposReader, true);
      const ls = selectLangSys(gpos, script);
      const features = featureMap(gpos, ls);
      gposHasKern = features.has('kern');
      for (const idx of lookupEntries(features, tags)) {
        const pairs = readPurePairLookup(gpos, idx, numGlyphs);
        if (pairs) pairLookups.push(pairs);
        else blockLookup(gpos, idx, sink);
      }
    }
    let kernPairs: Map<number, number> | undefined;
    if (kern && !gposHasKern) {
      const k = readKernTable(bytes, dir);
      if (k === null) return undefined;
      kernPairs = k;
    }
    return { blocked, blockedPairs, ligatureLookups, pairLookups, kernPairs };
  } catch (e) {
    if (e instanceof FontFormatError) return undefined;
    throw e;
  }
}

/**
 * Whether the font's GSUB or GPOS has a directional feature ('ltra', 'ltrm', 'rtla', 'rtlm'):
 * without one, a script's right-to-left plan is its left-to-right plan.
 */
export function hasDirectionalFeatures(bytes: Uint8Array, dir: SfntDirectory): boolean {
  try {
    for (const [tag, isGpos] of [['GSUB', false], ['GPOS', true]] as const) {
      const r = tableReader(bytes, dir, tag);
      if (r && readLayoutTable(r, isGpos).features.some((f) => /^(?:ltr|rtl)[am]$/.test(f.tag))) return true;
    }
    return false;
  } catch (e) {
    if (e instanceof FontFormatError) return true;
    throw e;
  }
}

function lookupEntries(features: ReadonlyMap<string, readonly number[]>, tags: readonly string[]): number[] {
  const out: number[] = [];
  for (const t of tags) for (const i of features.get(t) ?? []) out.push(i);
  return out;
}

function markGdefMarks(bytes: Uint8Array, dir: SfntDirectory, blocked: Uint8Array): void {
  const gdef = tableReader(bytes, dir, 'GDEF');
  if (!gdef || !gdef.has(4, 2) || gdef.u16(4) === 0) return;
  const classes = readClassDef(gdef.sub(gdef.u16(4)), blocked.length);
  for (let g = 0; g < classes.length; g++) if (classes[g] === 3) blocked[g] = 1;
}

interface BlockSink {
  readonly blocked: Uint8Array;
  readonly blockedPairs: Set<number>;
  reachable: Uint8Array;
}

/** Reads a ligature lookup the fast path can apply (format 1, components adjacent), else undefined. */
function readLigatureLookup(gsub: LayoutTable, index: number, numGlyphs: number): LigatureSubtable[] | undefined {
  const l = gsub.lookup(index);
  if (!l || l.type !== 4 || (l.flags & 0x6) !== 0) return undefined;
  const out: LigatureSubtable[] = [];
  for (const st of l.subtables) {
    if (st.u16(0) !== 1) return undefined;
    const setCount = st.u16(4);
    const sets: { glyph: number; components: number[] }[][] = [];
    for (let i = 0; i < setCount; i++) {
      const set = st.sub(st.u16(6 + i * 2));
      const n = set.u16(0);
      const ligs: { glyph: number; components: number[] }[] = [];
      for (let j = 0; j < n; j++) {
        const lig = set.sub(set.u16(2 + j * 2));
        const count = lig.u16(2);
        const components: number[] = [];
        for (let k = 1; k < count; k++) components.push(lig.u16(4 + (k - 1) * 2));
        ligs.push({ glyph: lig.u16(0), components });
      }
      sets.push(ligs);
    }
    out.push({ coverage: coverageIndexes(st.sub(st.u16(2)), numGlyphs), sets });
  }
  return out;
}

/** The reachable set plus every ligature glyph that can form from reachable glyphs (to a fixpoint). */
function withLigatureGlyphs(reachable: Uint8Array, lookups: readonly (readonly LigatureSubtable[])[]): Uint8Array {
  if (lookups.length === 0) return reachable;
  const r = reachable.slice();
  for (let changed = true, guard = 0; changed && guard < 8; guard++) {
    changed = false;
    for (const lookup of lookups) {
      for (const st of lookup) {
        for (let g = 0; g < st.coverage.length; g++) {
          const ci = st.coverage[g]!;
          if (ci < 0 || !r[g]) continue;
          for (const lig of st.sets[ci] ?? []) {
            if (lig.glyph < r.length && !r[lig.glyph] && lig.components.every((c) => r[c] === 1)) {
              r[lig.glyph] = 1;
              changed = true;
            }
          }
        }
      }
    }
  }
  return r;
}

function blockLookup(table: LayoutTable, index: number, sink: BlockSink): void {
  const l = table.lookup(index);
  if (!l) return;
  const isGpos = table.isGpos;
  // Lookup flags 2/4 (skip base glyphs / ligatures) could make components non-adjacent.
  const adjacent = (l.flags & 0x6) === 0;
  for (const st of l.subtables) {
    if (!isGpos && l.type === 4 && adjacent) {
      blockEntries(ligatureEntries(st, sink.reachable), sink);
    } else if (l.type === (isGpos ? 7 : 5) || l.type === (isGpos ? 8 : 6)) {
      blockEntries(contextEntries(st, l.type === (isGpos ? 8 : 6), sink.reachable, adjacent), sink);
    } else {
      const cov = entryCoverage(l.type, isGpos, st);
      if (cov) markCoverage(cov, sink.blocked);
    }
  }
}

/** Blocks a lookup's entry glyphs and glyph pairs. */
function blockEntries(e: EntryBlock, sink: BlockSink): void {
  for (const g of e.glyphs) sink.blocked[g] = 1;
  for (const p of e.pairs) sink.blockedPairs.add(p);
}

const VALUE_FIELDS = 8;

function valueSize(format: number): number {
  let n = 0;
  for (let b = 0; b < VALUE_FIELDS; b++) if (format & (1 << b)) n++;
  return n * 2;
}

/** The x-advance of a ValueRecord, or undefined when it also moves glyphs (placement / y-advance). */
function xAdvanceOnly(r: ByteReader, at: number, format: number): number | undefined {
  let o = at;
  let xAdvance = 0;
  for (let b = 0; b < 4; b++) {
    if (!(format & (1 << b))) continue;
    const v = r.i16(o);
    o += 2;
    if (b === 2) xAdvance = v;
    else if (v !== 0) return undefined;
  }
  return xAdvance;
}

/** Reads a PairPos lookup whose values are x-advances only; undefined for anything else. */
function readPurePairLookup(gpos: LayoutTable, index: number, numGlyphs: number): PairSubtable[] | undefined {
  const l = gpos.lookup(index);
  // Lookup flags 2 (ignore base glyphs) and 4 (ignore ligatures) would skip glyphs; marks are blocked anyway.
  if (!l || l.type !== 2 || (l.flags & 0x6) !== 0) return undefined;
  const out: PairSubtable[] = [];
  for (const st of l.subtables) {
    const sub = st.u16(0) === 1 ? readPairFormat1(st, numGlyphs) : st.u16(0) === 2 ? readPairFormat2(st, numGlyphs) : undefined;
    if (!sub) return undefined;
    out.push(sub);
  }
  return out;
}

function readPairFormat1(st: ByteReader, numGlyphs: number): PairSubtable | undefined {
  const vf1 = st.u16(4);
  const vf2 = st.u16(6);
  const size1 = valueSize(vf1);
  const recSize = 2 + size1 + valueSize(vf2);
  const setCount = st.u16(8);
  const sets: Map<number, number>[] = [];
  for (let i = 0; i < setCount; i++) {
    const set = st.sub(st.u16(10 + i * 2));
    const n = set.u16(0);
    const map = new Map<number, number>();
    for (let j = 0; j < n; j++) {
      const at = 2 + j * recSize;
      const v1 = xAdvanceOnly(set, at + 2, vf1);
      const v2 = xAdvanceOnly(set, at + 2 + size1, vf2);
      if (v1 === undefined || v2 === undefined) return undefined;
      const second = set.u16(at);
      // fontkit scans the pair set in order and takes the first match.
      if (!map.has(second)) map.set(second, packPair(v1, v2));
    }
    sets.push(map);
  }
  return { format: 1, coverage: coverageIndexes(st.sub(st.u16(2)), numGlyphs), sets };
}

function readPairFormat2(st: ByteReader, numGlyphs: number): PairSubtable | undefined {
  const vf1 = st.u16(4);
  const vf2 = st.u16(6);
  const size1 = valueSize(vf1);
  const pairSize = size1 + valueSize(vf2);
  const class1Count = st.u16(12);
  const class2Count = st.u16(14);
  const coverage = coverageIndexes(st.sub(st.u16(2)), numGlyphs);
  const class1 = readClassDef(st.sub(st.u16(8)), numGlyphs);
  const class2 = readClassDef(st.sub(st.u16(10)), numGlyphs);
  for (let g = 0; g < numGlyphs; g++) {
    // fontkit would fail on out-of-range classes; leave such fonts to the slow path.
    if ((coverage[g]! >= 0 && class1[g]! >= class1Count) || class2[g]! >= class2Count) return undefined;
  }
  const values = new Float64Array(class1Count * class2Count);
  for (let c1 = 0; c1 < class1Count; c1++) {
    for (let c2 = 0; c2 < class2Count; c2++) {
      const at = 16 + (c1 * class2Count + c2) * pairSize;
      const v1 = xAdvanceOnly(st, at, vf1);
      const v2 = xAdvanceOnly(st, at + size1, vf2);
      if (v1 === undefined || v2 === undefined) return undefined;
      values[c1 * class2Count + c2] = packPair(v1, v2);
    }
  }
  return { format: 2, coverage, class1, class2, class2Count, values };
}

/**
 * Reads a Microsoft 'kern' table (version 0, format 0 subtables) into summed pair values, applying
 * the override flag as fontkit does. Returns undefined when there is no kern table and null when it
 * has subtables the fast path does not model (Apple versions, formats 2/3).
 */
function readKernTable(bytes: Uint8Array, dir: SfntDirectory): Map<number, number> | undefined | null {
  const k = tableReader(bytes, dir, 'kern');
  if (!k) return undefined;
  if (k.u16(0) !== 0) return null;
  let pairs = new Map<number, number>();
  const n = k.u16(2);
  let at = 4;
  for (let i = 0; i < n; i++) {
    const length = k.u16(at + 2);
    const coverage = k.u16(at + 4);
    const format = coverage >> 8;
    const horizontal = (coverage & 1) !== 0;
    const crossStream = (coverage & 4) !== 0;
    const override = (coverage & 8) !== 0;
    if (!crossStream && horizontal) {
      if (format !== 0) return null;
      const sub = readKernFormat0(k.sub(at + 6));
      if (override) pairs = sub;
      else for (const [key, v] of sub) pairs.set(key, (pairs.get(key) ?? 0) + v);
    }
    if (length < 6) break;
    at += length;
  }
  return pairs;
}

function readKernFormat0(s: ByteReader): Map<number, number> {
  const n = s.u16(0);
  const out = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const at = 8 + i * 6;
    if (!s.has(at, 6)) break;
    const key = s.u16(at) * 0x10000 + s.u16(at + 2);
    if (!out.has(key)) out.set(key, s.i16(at + 4));
  }
  return out;
}
