/**
 * Property test: the WASM kernel and the TS twin agree on arbitrary strings, for both tailorings,
 * and every result keeps the output invariants.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BreakAction, findBreakOpportunities, kernelInfo } from './kernel';
import { findBreakOpportunitiesTwin } from './linebreak-twin';
import { loadLineBreakTrie, lookupLineBreakByte } from './linebreak-trie';

/** One code point for each distinct class-table byte (class with its East Asian / emoji bits). */
function classRepresentatives(): string[] {
  const trie = loadLineBreakTrie();
  const seen = new Map<number, string>();
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    const byte = lookupLineBreakByte(trie, cp);
    if (!seen.has(byte)) seen.set(byte, String.fromCodePoint(cp));
  }
  return [...seen.values()];
}

const fromCodePoints = (lo: number, hi: number): fc.Arbitrary<string> =>
  fc.integer({ min: lo, max: hi }).map((cp) => String.fromCodePoint(cp));
const pick = (...items: string[]): fc.Arbitrary<string> => fc.constantFrom(...items);

/** One "character" drawn from a mix that exercises every rule family. */
const piece: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fromCodePoints(0x20, 0x7e) }, // ASCII
  { weight: 2, arbitrary: fromCodePoints(0xa0, 0xff) }, // Latin-1 (NBSP, SHY, «», ¥ ...)
  { weight: 3, arbitrary: pick(' ', ' ', '-', '.', ',', '(', ')', '"', "'", '/', '%', '$', '\t') },
  { weight: 2, arbitrary: pick('\u2010', '\u2011', '\u2013', '\u2014', '\u2018', '\u2019', '\u201C', '\u201D', '\u2026', '\u2060', '\u200B', '\u202F', '\uFFFC', '\u25CC') },
  { weight: 3, arbitrary: pick('日', '本', '語', '。', '、', '「', '」', '（', '）', 'ょ', 'ー', 'ッ', '々', '\u3000', '！') },
  { weight: 1, arbitrary: fromCodePoints(0x3040, 0x30ff) }, // kana
  { weight: 1, arbitrary: fromCodePoints(0xac00, 0xac20) }, // Hangul syllables
  { weight: 1, arbitrary: pick('\u1100', '\u1161', '\u11A8') }, // Hangul jamo
  { weight: 2, arbitrary: pick('👍', '🏽', '👩', '💻', '\u200D', '🇩', '🇪', '🇫', '\u{1F02C}', '\u{1FAF8}', '✅') },
  { weight: 2, arbitrary: pick('\u0301', '\u0308', '\u20DD', '\uFE0F', '\u0E31') }, // marks
  { weight: 1, arbitrary: pick('א', 'ב', '\u05BE', 'ภ', 'า', '\u1B05', '\u1B44', '\u1BF2', '\u{11003}') },
  { weight: 1, arbitrary: pick('\uD800', '\uDBFF', '\uDC00', '\uDFFF') }, // lone surrogate halves
  { weight: 1, arbitrary: pick('\n', '\r', '\r\n', '\u000B', '\u000C', '\u0085', '\u2028', '\u2029', '\u0001', '\u001F') },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0x10ffff }).filter((cp) => cp < 0xd800 || cp > 0xdfff).map((cp) => String.fromCodePoint(cp)) },
);

const text = fc.array(piece, { maxLength: 48 }).map((parts) => parts.join(''));

describe('line-break kernel vs twin', () => {
  it('runs on WebAssembly in this environment', () => {
    findBreakOpportunities('warm up');
    expect(kernelInfo().active).toBe(true);
  });

  it('agrees with the twin on arbitrary strings (Word tailoring)', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(Array.from(findBreakOpportunities(s))).toEqual(Array.from(findBreakOpportunitiesTwin(s)));
      }),
      { numRuns: 4000 },
    );
  });

  it('agrees with the twin on arbitrary strings (plain UAX #14)', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(Array.from(findBreakOpportunities(s, 'uax14'))).toEqual(Array.from(findBreakOpportunitiesTwin(s, 'uax14')));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees on arbitrary UTF-16 (any code units)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 }), (units) => {
        const s = String.fromCharCode(...units);
        expect(Array.from(findBreakOpportunities(s))).toEqual(Array.from(findBreakOpportunitiesTwin(s)));
      }),
      { numRuns: 1500 },
    );
  });

  it('agrees on every pair and many triples of class representatives', () => {
    const reps = [...classRepresentatives(), '\u200D', '\u0301', ' ', '\uDC00'];
    const core = ['a', '1', ' ', '.', '-', '(', ')', '"', '“', '”', '\u200D', '\u0301', '日', '（', '$', '%', '\u00AD', '\u1B05', '\u1B44', '\u1BF2', '🇩', '👍', '🏽', 'א', '\u2010', '\u200B', '\n', '\uFFFC', '\u00A0'];
    const mismatches: string[] = [];
    const check = (s: string): void => {
      for (const tailoring of ['word', 'uax14'] as const) {
        const k = findBreakOpportunities(s, tailoring).join('');
        if (k !== findBreakOpportunitiesTwin(s, tailoring).join('')) mismatches.push(`${tailoring}: ${JSON.stringify(s)}`);
      }
    };
    for (const x of reps) for (const y of reps) check(x + y);
    for (const x of core) for (const y of reps) for (const z of core) check(x + y + z);
    expect(reps.length).toBeGreaterThan(60);
    expect(mismatches.slice(0, 10)).toEqual([]);
  });

  it('keeps the output invariants', () => {
    fc.assert(
      fc.property(text, (s) => {
        const actions = findBreakOpportunities(s);
        expect(actions.length).toBe(s.length);
        if (s.length > 0) expect(actions[0]).toBe(BreakAction.NONE);
        for (let i = 1; i < s.length; i++) {
          const prev = s.charCodeAt(i - 1);
          const cur = s.charCodeAt(i);
          const trailingHalf = prev >= 0xd800 && prev <= 0xdbff && cur >= 0xdc00 && cur <= 0xdfff;
          if (trailingHalf) expect(actions[i]).toBe(BreakAction.NONE);
          if (s[i - 1] === '\n' || (s[i - 1] === '\r' && s[i] !== '\n')) expect(actions[i]).toBe(BreakAction.MANDATORY);
          const afterHardBreak = '\n\r\u000B\u000C\u0085\u2028\u2029'.includes(s[i - 1]!);
          if ((s[i] === '\n' || s[i] === ' ') && !afterHardBreak) expect(actions[i]).toBe(BreakAction.NONE);
          if (actions[i] === BreakAction.SOFT_HYPHEN) {
            // A soft hyphen ends the unit before i (possibly followed by marks it absorbed).
            const shy = s.lastIndexOf('\u00AD', i - 1);
            expect(shy).toBeGreaterThanOrEqual(0);
            expect(actions.subarray(shy + 1, i).every((a) => a === BreakAction.NONE)).toBe(true);
          }
        }
      }),
      { numRuns: 1500 },
    );
  });
});
