import { describe, expect, it } from 'vitest';
import { contextEntries } from './context-filter';
import { ByteReader } from './sfnt-reader';

const NUM_GLYPHS = 1000;

/**
 * A chained context subtable, format 2 (OpenType ChainedSequenceContextFormat2), at `at` in `bytes`:
 * coverage [10, 11], backtrack, input and lookahead all reading the one ClassDef at `classDefAt`
 * (glyphs 10-19 class 1, 20-29 class 2), and one rule for input class 1: class 2 follows it.
 */
function writeSubtable(bytes: Uint8Array, at: number, classDefAt: number): void {
  const put = (o: number, v: number) => ((bytes[at + o] = v >> 8), (bytes[at + o + 1] = v & 0xff));
  const rel = classDefAt - at;
  // format, coverage, backtrack / input / lookahead ClassDefs, 2 class sets: none for class 0, one for class 1
  [2, 20, rel, rel, rel, 2, 0, 28].forEach((v, i) => put(i * 2, v));
  [1, 2, 10, 11].forEach((v, i) => put(20 + i * 2, v)); // coverage format 1
  [1, 4].forEach((v, i) => put(28 + i * 2, v)); // class set: one rule at +4
  // The rule: no backtrack, an input of one (the covered glyph), a lookahead of one class-2 glyph, no lookups.
  [0, 1, 1, 2, 0].forEach((v, i) => put(32 + i * 2, v));
}

function writeClassDef(bytes: Uint8Array, at: number): void {
  [2, 2, 10, 19, 1, 20, 29, 2].forEach((v, i) => ((bytes[at + i * 2] = v >> 8), (bytes[at + i * 2 + 1] = v & 0xff)));
}

/** Two chained context subtables (at 0 and 100) reading one ClassDef, and a reachable set (10-29) whose glyph reads are counted. */
function sharedClassDefSubtables(): { bytes: Uint8Array; reachable: Uint8Array; reads: () => number } {
  const bytes = new Uint8Array(400);
  writeClassDef(bytes, 300);
  writeSubtable(bytes, 0, 300);
  writeSubtable(bytes, 100, 300);
  const plain = new Uint8Array(NUM_GLYPHS);
  plain.fill(1, 10, 30);
  return { bytes, ...countingReads(plain) };
}

describe('contextEntries (class-based chained context)', () => {
  it('finds the entry glyphs of a rule whose classes are reachable, and none when they are not', () => {
    const bytes = new Uint8Array(400);
    writeClassDef(bytes, 300);
    writeSubtable(bytes, 0, 300);
    const reachable = new Uint8Array(NUM_GLYPHS);
    reachable.fill(1, 10, 30);
    expect(contextEntries(new ByteReader(bytes, 0), true, reachable).glyphs).toEqual([10, 11]);
    const noLookahead = new Uint8Array(NUM_GLYPHS);
    noLookahead.fill(1, 10, 20);
    expect(contextEntries(new ByteReader(bytes, 0), true, noLookahead).glyphs).toEqual([]);
  });

  it('reads a ClassDef that several subtables share once per reachable set, not once per subtable', () => {
    // Each reading walks every glyph of the font; a font's context subtables share a few ClassDefs.
    const { bytes, reachable, reads } = sharedClassDefSubtables();
    expect(contextEntries(new ByteReader(bytes, 0), true, reachable).glyphs).toEqual([10, 11]);
    const first = reads();
    expect(first).toBeGreaterThanOrEqual(NUM_GLYPHS);
    expect(contextEntries(new ByteReader(bytes, 100), true, reachable).glyphs).toEqual([10, 11]);
    expect(reads() - first).toBeLessThan(NUM_GLYPHS);
  });

  it('finds the glyphs that must follow the first glyph of a rule without walking every glyph of the font per rule', () => {
    // With adjacent glyphs a rule blocks (first, next) pairs; the next class's glyphs came from a walk
    // over every glyph of the font for every rule of every subtable, a first conversion's cost.
    const { bytes, reachable, reads } = sharedClassDefSubtables();
    const pairs = [10, 11].flatMap((a) => Array.from({ length: 10 }, (_, i) => a * 0x10000 + 20 + i));
    expect(contextEntries(new ByteReader(bytes, 0), true, reachable, true)).toEqual({ glyphs: [], pairs });
    const first = reads();
    expect(contextEntries(new ByteReader(bytes, 100), true, reachable, true)).toEqual({ glyphs: [], pairs });
    expect(reads() - first).toBeLessThan(NUM_GLYPHS);
  });
});

describe('contextEntries (coverage-based chained context, format 3)', () => {
  /** ChainedSequenceContextFormat3 at 0: no backtrack, one input coverage (at 20), one lookahead coverage (at 40), no lookups. */
  function writeFormat3(bytes: Uint8Array, input: readonly number[], lookahead: readonly number[]): void {
    const put = (o: number, v: number) => ((bytes[o] = v >> 8), (bytes[o + 1] = v & 0xff));
    [3, 0, 1, 20, 1, 40, 0].forEach((v, i) => put(i * 2, v));
    [1, input.length, ...input].forEach((v, i) => put(20 + i * 2, v));
    [1, lookahead.length, ...lookahead].forEach((v, i) => put(40 + i * 2, v));
  }

  it('blocks the pairs of reachable first and next glyphs, ascending, whatever order the coverages list them in', () => {
    const bytes = new Uint8Array(100);
    // Glyph 31 is not reachable, 5000 is past the font: neither can start or follow the rule.
    writeFormat3(bytes, [12, 10, 31, 12], [21, 5000, 20]);
    const reachable = new Uint8Array(NUM_GLYPHS);
    reachable.fill(1, 10, 30);
    expect(contextEntries(new ByteReader(bytes, 0), true, reachable, true).pairs).toEqual([10 * 0x10000 + 20, 10 * 0x10000 + 21, 12 * 0x10000 + 20, 12 * 0x10000 + 21]);
    expect(contextEntries(new ByteReader(bytes, 0), true, reachable).glyphs).toEqual([10, 12]);
  });
});

/** A view of `plain` that counts reads of its glyph entries. */
function countingReads(plain: Uint8Array): { reachable: Uint8Array; reads: () => number } {
  let n = 0;
  const reachable = new Proxy(plain, {
    get(target, key) {
      if (typeof key === 'string' && /^\d+$/.test(key)) n++;
      const v = Reflect.get(target, key, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  return { reachable, reads: () => n };
}
