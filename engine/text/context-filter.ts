/**
 * Narrows which glyphs (or glyph pairs) can start a GSUB/GPOS lookup on fast-path text.
 *
 * Fast-path text only ever holds "reachable" glyphs: the cmap glyphs of the characters the fast path
 * accepts (nothing is substituted, otherwise the text would not be on the fast path). A context rule
 * needing, at some position, a glyph outside that set can never match — typically the 'ccmp' rules
 * that swap i/j for dotless forms before combining marks. A ligature can only form where its first
 * two components stand side by side, so ligature lookups block glyph pairs instead of glyphs.
 * OpenType "Sequence Context" and "Chained Sequence Context" formats 1-3, GSUB LookupType 4.
 */
import type { ByteReader } from './sfnt-reader';
import { coverageIndexes, markCoverage, readClassDef } from './otl-tables';

/** Where a lookup may start on fast-path text. */
export interface EntryBlock {
  /** Glyphs at which the lookup may apply. */
  readonly glyphs: number[];
  /** Glyph pairs (first << 16 | second) at whose first glyph the lookup may apply. */
  readonly pairs: number[];
}

function anyReachable(cov: ByteReader, reachable: Uint8Array): boolean {
  const marked = new Uint8Array(reachable.length);
  markCoverage(cov, marked);
  for (let g = 0; g < marked.length; g++) if (marked[g] && reachable[g]) return true;
  return false;
}

function coveredReachable(cov: ByteReader, reachable: Uint8Array): number[] {
  const marked = new Uint8Array(reachable.length);
  markCoverage(cov, marked);
  const out: number[] = [];
  for (let g = 0; g < marked.length; g++) if (marked[g] && reachable[g]) out.push(g);
  return out;
}

/** A ClassDef's class of every glyph, and whether some reachable glyph belongs to a class. */
interface ReachableClasses {
  readonly classes: Uint16Array;
  has(c: number): boolean;
}

/**
 * The last reachableClasses answer per ClassDef, by the font's bytes and the ClassDef's place in them:
 * the class-based context subtables of a font share a few ClassDefs (663 reads of 89 in the dev
 * corpus's fonts), and each read walks every glyph of the font.
 */
const classDefAnswers = new WeakMap<Uint8Array, Map<number, { readonly reachable: Uint8Array; readonly answer: ReachableClasses }>>();

/** For each class of a ClassDef, whether some reachable glyph belongs to it. */
function reachableClasses(cd: ByteReader, reachable: Uint8Array): ReachableClasses {
  let answers = classDefAnswers.get(cd.bytes);
  if (!answers) classDefAnswers.set(cd.bytes, (answers = new Map()));
  const known = answers.get(cd.start);
  if (known?.reachable === reachable) return known.answer;
  const classes = readClassDef(cd, reachable.length);
  const seen = new Set<number>();
  for (let g = 0; g < reachable.length; g++) if (reachable[g]) seen.add(classes[g]!);
  const answer: ReachableClasses = { classes, has: (c) => seen.has(c) };
  answers.set(cd.start, { reachable, answer });
  return answer;
}

/** Entry glyphs of a ligature subtable (GSUB type 4) as glyphs (one-component) and pairs. */
export function ligatureEntries(st: ByteReader, reachable: Uint8Array): EntryBlock {
  const cov = coverageIndexes(st.sub(st.u16(2)), reachable.length);
  const setCount = st.u16(4);
  const glyphs: number[] = [];
  const pairs: number[] = [];
  for (let g = 0; g < cov.length; g++) {
    const ci = cov[g]!;
    if (ci < 0 || ci >= setCount || !reachable[g]) continue;
    const set = st.sub(st.u16(6 + ci * 2));
    const n = set.u16(0);
    for (let j = 0; j < n; j++) {
      const lig = set.sub(set.u16(2 + j * 2));
      const components = lig.u16(2);
      if (components <= 1) glyphs.push(g);
      else if (reachable[lig.u16(4)] ?? 0) pairs.push(g * 0x10000 + lig.u16(4));
    }
  }
  return { glyphs, pairs };
}

/** Entry glyphs of a context (GSUB 5 / GPOS 7) or chained context (GSUB 6 / GPOS 8) subtable. */
export function contextEntries(st: ByteReader, chained: boolean, reachable: Uint8Array): number[] {
  const format = st.u16(0);
  if (format === 3) return chained ? chainedFormat3(st, reachable) : contextFormat3(st, reachable);
  const cov = st.sub(st.u16(2));
  if (format === 1) return glyphRules(st, cov, chained, reachable);
  if (format === 2) return classRules(st, cov, chained, reachable);
  return coveredReachable(cov, reachable);
}

function contextFormat3(st: ByteReader, reachable: Uint8Array): number[] {
  const count = st.u16(2);
  if (count === 0) return [];
  for (let i = 1; i < count; i++) if (!anyReachable(st.sub(st.u16(6 + i * 2)), reachable)) return [];
  return coveredReachable(st.sub(st.u16(6)), reachable);
}

function chainedFormat3(st: ByteReader, reachable: Uint8Array): number[] {
  const offsets: number[] = [];
  let at = 2;
  const back = st.u16(at);
  for (let i = 0; i < back; i++) offsets.push(st.u16(at + 2 + i * 2));
  at += 2 + back * 2;
  const input = st.u16(at);
  if (input === 0) return [];
  const first = st.u16(at + 2);
  for (let i = 1; i < input; i++) offsets.push(st.u16(at + 2 + i * 2));
  at += 2 + input * 2;
  const ahead = st.u16(at);
  for (let i = 0; i < ahead; i++) offsets.push(st.u16(at + 2 + i * 2));
  for (const o of offsets) if (!anyReachable(st.sub(o), reachable)) return [];
  return coveredReachable(st.sub(first), reachable);
}

/**
 * A (chained) rule's glyph or class values, excluding the first input element, each with its
 * sequence: 0 backtrack, 1 input, 2 lookahead.
 */
function ruleSequences(rule: ByteReader, chained: boolean): [number, number][] {
  const out: [number, number][] = [];
  if (!chained) {
    const glyphCount = rule.u16(0);
    for (let i = 1; i < glyphCount; i++) out.push([rule.u16(4 + (i - 1) * 2), 1]);
    return out;
  }
  let at = 0;
  const back = rule.u16(at);
  for (let i = 0; i < back; i++) out.push([rule.u16(at + 2 + i * 2), 0]);
  at += 2 + back * 2;
  const input = rule.u16(at);
  for (let i = 1; i < input; i++) out.push([rule.u16(at + 2 + (i - 1) * 2), 1]);
  at += 2 + Math.max(input - 1, 0) * 2;
  const ahead = rule.u16(at);
  for (let i = 0; i < ahead; i++) out.push([rule.u16(at + 2 + i * 2), 2]);
  return out;
}

function ruleSetCanMatch(set: ByteReader, chained: boolean, ok: (value: number, sequence: number) => boolean): boolean {
  const n = set.u16(0);
  for (let j = 0; j < n; j++) {
    const seq = ruleSequences(set.sub(set.u16(2 + j * 2)), chained);
    if (seq.every(([v, k]) => ok(v, k))) return true;
  }
  return false;
}

function glyphRules(st: ByteReader, covTable: ByteReader, chained: boolean, reachable: Uint8Array): number[] {
  const cov = coverageIndexes(covTable, reachable.length);
  const setCount = st.u16(4);
  const out: number[] = [];
  for (let g = 0; g < cov.length; g++) {
    const ci = cov[g]!;
    if (ci < 0 || !reachable[g]) continue;
    if (ci >= setCount) continue;
    const off = st.u16(6 + ci * 2);
    if (off && ruleSetCanMatch(st.sub(off), chained, (glyph) => (reachable[glyph] ?? 0) === 1)) out.push(g);
  }
  return out;
}

function classRules(st: ByteReader, covTable: ByteReader, chained: boolean, reachable: Uint8Array): number[] {
  // Format 2: class definitions for (backtrack,) input (, lookahead); rule sets indexed by input class.
  const defs = chained ? [st.u16(4), st.u16(6), st.u16(8)] : [st.u16(4)];
  const setBase = chained ? 10 : 6;
  const setCount = st.u16(setBase);
  const cds = defs.map((o) => (o ? reachableClasses(st.sub(o), reachable) : { classes: new Uint16Array(reachable.length), has: (c: number) => c === 0 }));
  const inputCd = chained ? cds[1]! : cds[0]!;
  const covered = coveredReachable(covTable, reachable);
  const out: number[] = [];
  const memo = new Map<number, boolean>();
  for (const g of covered) {
    const c = inputCd.classes[g]!;
    let can = memo.get(c);
    if (can === undefined) {
      const off = c < setCount ? st.u16(setBase + 2 + c * 2) : 0;
      can = off !== 0 && ruleSetCanMatch(st.sub(off), chained, (cls, k) => (chained ? cds[k]! : cds[0]!).has(cls));
      memo.set(c, can);
    }
    if (can) out.push(g);
  }
  return out;
}
