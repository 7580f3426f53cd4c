/**
 * fontkit's setup (script selection, shaper choice, ShapingPlan) is done once per script, language,
 * direction and user features and replayed after (memoisePlans): the same glyphs, advances, offsets
 * and clusters as fontkit setting up every call afresh, over words of the scripts whose shapers
 * assign features per glyph (Arabic joining, Hangul jamo, Indic and USE decompositions, fractions).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FontkitShaper } from './fontkit-adapter';
import { FontProgram } from './font-program';
import { shippedBytes } from './testing/shipped';
import { isCombiningMark } from './unicode-props';

const ranges: Record<string, readonly (readonly [number, number])[]> = {
  arabic: [[0x0621, 0x064a], [0x064b, 0x0652], [0x0660, 0x0669], [0x200c, 0x200d]],
  hebrew: [[0x05d0, 0x05ea], [0x05b0, 0x05bc]],
  devanagari: [[0x0915, 0x0939], [0x093e, 0x094d], [0x0962, 0x0963]],
  thai: [[0x0e01, 0x0e2e], [0x0e31, 0x0e3a], [0x0e47, 0x0e4e]],
  hangul: [[0xac00, 0xac40], [0x1100, 0x1112], [0x1161, 0x1175]],
  latin: [[0x61, 0x7a], [0x30, 0x39], [0x2044, 0x2044], [0x0300, 0x0304]],
};
const scripts = Object.keys(ranges);
const charOf = (script: string) => fc.constantFrom(...ranges[script]!).chain(([a, b]) => fc.integer({ min: a, max: b }));
const wordArb = fc.constantFrom(...scripts).chain((s) => fc.array(charOf(s), { minLength: 1, maxLength: 9 }));
const featureSets: readonly Record<string, boolean>[] = [
  { kern: true, liga: true, clig: true },
  { kern: false, liga: true, clig: true },
  { kern: true, liga: false, clig: false, smcp: true },
];

describe('fontkit shaping plans', () => {
  for (const file of ['DejaVuSans.ttf', 'LiberationSerif-Regular.ttf', 'Carlito-Regular.ttf', 'DroidSansFallbackFull.ttf', 'DancingScript-Regular.otf']) {
    it(`${file}: set up once per script, direction and features, shaping as set up afresh`, () => {
      const bytes = shippedBytes(file)!;
      const program = new FontProgram(bytes);
      const reused = new FontkitShaper(bytes);
      const fresh = new FontkitShaper(bytes);
      fresh.reusePlans = false;
      let calls = 0;
      fc.assert(
        fc.property(wordArb, fc.boolean(), fc.constantFrom(...featureSets), (cps, rtl, features) => {
          calls++;
          const gids = cps.map((cp) => program.glyphId(cp));
          const a = reused.layout(cps, gids, isCombiningMark, { ...features }, rtl);
          const b = fresh.layout(cps, gids, isCombiningMark, { ...features }, rtl);
          expect(a).toEqual(b);
        }),
        { numRuns: 400, seed: 20261127 },
      );
      expect(fresh.planBuilds).toBe(calls);
      // At most one plan per detected script, direction and feature set (fontkit names Hangul jamo
      // and syllables, and marks and letters, under a handful of script tags).
      expect(reused.planBuilds).toBeGreaterThan(0);
      expect(reused.planBuilds).toBeLessThanOrEqual(2 * 2 * featureSets.length * scripts.length);
    });
  }
});
