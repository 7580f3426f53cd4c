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
import { coverageIndexes, forEachCovered, readClassDef } from './otl-tables';

/** Where a lookup may start on fast-path text. */
export interface EntryBlock {
  /** Glyphs at which the lookup may apply. */
  readonly glyphs: number[];
  /** Glyph pairs (first << 16 | second) at whose first glyph the lookup may apply. */
  readonly pairs: number[];
}

function anyReachable(cov: ByteReader, reachable: Uint8Array): boolean {
  return coveredReachable(cov, reachable).length > 0;
}

/**
 * The reachable glyphs of a Coverage table, ascending, read from the table's own entries: a coverage
 * lists a few glyphs of a font that may have thousands, and marking them in an array of the font's
 * size and then scanning all of it, once per coverage of every context subtable, was most of what
 * building a font's fast plans cost a new process.
 */
function coveredReachable(cov: ByteReader, reachable: Uint8Array): number[] {
  const out: number[] = [];
  let ascending = true;
  forEachCovered(cov, reachable.length, (g) => {
    if (!reachable[g]) return;
    if (out.length > 0 && g <= out[out.length - 1]!) ascending = false;
    out.push(g);
  });
  // A table out of order (the spec forbids it, a damaged font may not care) gives what the scan gave.
  return ascending ? out : [...new Set(out)].sort((a, b) => a - b);
}

/** A ClassDef's class of every glyph, and the reachable glyphs of each class. */
interface ReachableClasses {
  readonly classes: Uint16Array;
  has(c: number): boolean;
  /** The reachable glyphs of class `c`, ascending. */
  glyphsOf(c: number): readonly number[];
}

/**
 * The last reachableClasses answer per ClassDef, by the font's bytes and the ClassDef's place in them:
 * the class-based context subtables of a font share a few ClassDefs (663 reads of 89 in the dev
 * corpus's fonts), and each read walks every glyph of the font.
 */
const classDefAnswers = new WeakMap<Uint8Array, Map<number, { readonly reachable: Uint8Array; readonly answer: ReachableClasses }>>();

/** For each class of a ClassDef, the reachable glyphs that belong to it. */
function reachableClasses(cd: ByteReader, reachable: Uint8Array): ReachableClasses {
  let answers = classDefAnswers.get(cd.bytes);
  if (!answers) classDefAnswers.set(cd.bytes, (answers = new Map()));
  const known = answers.get(cd.start);
  if (known?.reachable === reachable) return known.answer;
  const classes = readClassDef(cd, reachable.length);
  const byClass = new Map<number, number[]>();
  for (let g = 0; g < reachable.length; g++) {
    if (!reachable[g]) continue;
    const list = byClass.get(classes[g]!);
    if (list) list.push(g);
    else byClass.set(classes[g]!, [g]);
  }
  const answer: ReachableClasses = { classes, has: (c) => byClass.has(c), glyphsOf: (c) => byClass.get(c) ?? [] };
  answers.set(cd.start, { reachable, answer });
  return answer;
}

/** A missing ClassDef (offset 0: every glyph is class 0), one per reachable set rather than one per subtable. */
const noClassDefs = new WeakMap<Uint8Array, ReachableClasses>();

function noClassDef(reachable: Uint8Array): ReachableClasses {
  let answer = noClassDefs.get(reachable);
  if (!answer) {
    const all: number[] = [];
    for (let g = 0; g < reachable.length; g++) if (reachable[g]) all.push(g);
    answer = { classes: new Uint16Array(reachable.length), has: (c) => c === 0, glyphsOf: (c) => (c === 0 ? all : []) };
    noClassDefs.set(reachable, answer);
  }
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

/**
 * Most glyph pairs a context subtable (format 2 rule set or format 3) may block in place of its first
 * glyphs: beyond it the glyphs are blocked (a larger set costs more to build than the words it lets through save).
 */
const MAX_CONTEXT_PAIRS = 4096;

/**
 * Where a context (GSUB 5 / GPOS 7) or chained context (GSUB 6 / GPOS 8) subtable may apply. With
 * `adjacent` (no lookup flag skips base glyphs or ligatures; fast-path text holds no marks), a format 3
 * subtable whose first glyph must be followed by another (its second input, else its first lookahead)
 * blocks those pairs rather than its first glyphs: DejaVu Sans Mono's ccmp swaps i and j for dotless
 * forms only before a combining-mark-class character such as U+0374, not in "version".
 */
export function contextEntries(st: ByteReader, chained: boolean, reachable: Uint8Array, adjacent = false): EntryBlock {
  const format = st.u16(0);
  if (format === 3) return chained ? chainedFormat3(st, reachable, adjacent) : contextFormat3(st, reachable, adjacent);
  const cov = st.sub(st.u16(2));
  if (format === 1) return { glyphs: glyphRules(st, cov, chained, reachable), pairs: [] };
  if (format === 2) return classRules(st, cov, chained, reachable, adjacent);
  return { glyphs: coveredReachable(cov, reachable), pairs: [] };
}

function contextFormat3(st: ByteReader, reachable: Uint8Array, adjacent: boolean): EntryBlock {
  const count = st.u16(2);
  if (count === 0) return { glyphs: [], pairs: [] };
  for (let i = 1; i < count; i++) if (!anyReachable(st.sub(st.u16(6 + i * 2)), reachable)) return { glyphs: [], pairs: [] };
  return firstEntries(st.sub(st.u16(6)), count > 1 ? st.sub(st.u16(8)) : undefined, reachable, adjacent);
}

function chainedFormat3(st: ByteReader, reachable: Uint8Array, adjacent: boolean): EntryBlock {
  const offsets: number[] = [];
  let at = 2;
  const back = st.u16(at);
  for (let i = 0; i < back; i++) offsets.push(st.u16(at + 2 + i * 2));
  at += 2 + back * 2;
  const input = st.u16(at);
  if (input === 0) return { glyphs: [], pairs: [] };
  const first = st.u16(at + 2);
  const second = input > 1 ? st.u16(at + 4) : undefined;
  for (let i = 1; i < input; i++) offsets.push(st.u16(at + 2 + i * 2));
  at += 2 + input * 2;
  const ahead = st.u16(at);
  for (let i = 0; i < ahead; i++) offsets.push(st.u16(at + 2 + i * 2));
  for (const o of offsets) if (!anyReachable(st.sub(o), reachable)) return { glyphs: [], pairs: [] };
  const next = second ?? (ahead > 0 ? st.u16(at + 2) : undefined);
  return firstEntries(st.sub(first), next === undefined ? undefined : st.sub(next), reachable, adjacent);
}

/**
 * The first glyphs a format 3 rule may start at, or, when its second glyph is known and adjacent to
 * it, the (first, second) pairs: a rule applies only where both stand side by side.
 */
function firstEntries(firstCov: ByteReader, nextCov: ByteReader | undefined, reachable: Uint8Array, adjacent: boolean): EntryBlock {
  const firsts = coveredReachable(firstCov, reachable);
  if (!adjacent || !nextCov) return { glyphs: firsts, pairs: [] };
  const nexts = coveredReachable(nextCov, reachable);
  if (firsts.length * nexts.length > MAX_CONTEXT_PAIRS) return { glyphs: firsts, pairs: [] };
  const pairs: number[] = [];
  for (const a of firsts) for (const b of nexts) pairs.push(a * 0x10000 + b);
  return { glyphs: [], pairs };
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

/**
 * A (chained) rule's class of the glyph that must follow its first one (its second input, else its
 * first lookahead) and the ClassDef it is read in (1 input, 2 lookahead), or undefined when none does.
 */
function nextClass(rule: ByteReader, chained: boolean): { value: number; sequence: number } | undefined {
  if (!chained) return rule.u16(0) > 1 ? { value: rule.u16(4), sequence: 1 } : undefined;
  let at = 2 + rule.u16(0) * 2;
  const input = rule.u16(at);
  if (input > 1) return { value: rule.u16(at + 2), sequence: 1 };
  at += 2 + Math.max(input - 1, 0) * 2;
  return rule.u16(at) > 0 ? { value: rule.u16(at + 2), sequence: 2 } : undefined;
}

function classRules(st: ByteReader, covTable: ByteReader, chained: boolean, reachable: Uint8Array, adjacent: boolean): EntryBlock {
  // Format 2: class definitions for (backtrack,) input (, lookahead); rule sets indexed by input class.
  const defs = chained ? [st.u16(4), st.u16(6), st.u16(8)] : [st.u16(4)];
  const setBase = chained ? 10 : 6;
  const setCount = st.u16(setBase);
  const cds = defs.map((o) => (o ? reachableClasses(st.sub(o), reachable) : noClassDef(reachable)));
  const inputCd = chained ? cds[1]! : cds[0]!;
  const covered = coveredReachable(covTable, reachable);
  const glyphs: number[] = [];
  const pairs: number[] = [];
  // Per input class: undefined when no rule can match, 'glyph' when the class's glyphs are blocked,
  // else the glyphs that may follow (their pairs are blocked).
  const memo = new Map<number, 'glyph' | number[] | undefined>();
  for (const g of covered) {
    const c = inputCd.classes[g]!;
    if (!memo.has(c)) {
      const off = c < setCount ? st.u16(setBase + 2 + c * 2) : 0;
      memo.set(c, off === 0 ? undefined : classSetEntries(st.sub(off), chained, chained ? cds : [cds[0]!, cds[0]!], reachable, adjacent));
    }
    const entry = memo.get(c);
    if (entry === 'glyph') glyphs.push(g);
    else if (entry) for (const h of entry) pairs.push(g * 0x10000 + h);
  }
  return { glyphs, pairs };
}

/**
 * Where the rules of a class rule set may apply: undefined when none can match, 'glyph' when some
 * can at its first glyph alone, else the reachable glyphs that must follow it for one to apply.
 */
function classSetEntries(
  set: ByteReader, chained: boolean, cds: readonly ReachableClasses[], reachable: Uint8Array, adjacent: boolean,
): 'glyph' | number[] | undefined {
  const next = new Set<number>();
  const n = set.u16(0);
  let any = false;
  for (let j = 0; j < n; j++) {
    const rule = set.sub(set.u16(2 + j * 2));
    if (!ruleSequences(rule, chained).every(([cls, k]) => (chained ? cds[k]! : cds[0]!).has(cls))) continue;
    any = true;
    const follow = adjacent ? nextClass(rule, chained) : undefined;
    if (!follow) return 'glyph';
    const cd = chained ? cds[follow.sequence]! : cds[0]!;
    for (const h of cd.glyphsOf(follow.value)) next.add(h);
    if (next.size > MAX_CONTEXT_PAIRS) return 'glyph';
  }
  return any ? [...next] : undefined;
}
