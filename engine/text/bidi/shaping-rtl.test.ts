/**
 * Right-to-left shaping through the shipped fonts: Arabic joining forms and the lam-alef ligature
 * (GSUB init/medi/fina/isol, rlig), Hebrew points placed by GPOS, mirrored brackets (UAX #9 L4).
 */
import { describe, expect, it } from 'vitest';
import { FontProgram } from '../font-program';
import { Shaper } from '../shaper';
import { shippedBytes } from '../testing/shipped';

const dejavu = () => new FontProgram(shippedBytes('DejaVuSans.ttf')!);

describe('right-to-left shaping with DejaVu Sans', () => {
  it('joins Arabic letters: contextual forms differ from the isolated (cmap) glyphs', () => {
    const p = dejavu();
    const s = new Shaper(p);
    const word = '\u0633\u0644\u0645'; // سلم: initial seen, medial lam, final meem
    const r = s.shape(word, { rtl: true });
    const isolated = [...word].map((c) => p.glyphId(c.codePointAt(0)!));
    expect(r.glyphs.length).toBe(3);
    // Visual order: the final form of meem is leftmost, the initial form of seen rightmost.
    expect([...r.clusters]).toEqual([2, 1, 0]);
    for (let i = 0; i < 3; i++) expect(r.glyphs[i]).not.toBe(isolated[2 - i]);
  });

  it('forms the lam-alef ligature', () => {
    const s = new Shaper(dejavu());
    const r = s.shape('\u0644\u0627', { rtl: true });
    expect(r.glyphs.length).toBe(1);
    expect([...r.clusters]).toEqual([0]);
  });

  it('positions a Hebrew point over its letter (GPOS mark offsets)', () => {
    const s = new Shaper(dejavu());
    const r = s.shape('\u05D1\u05B8', { rtl: true }); // bet + qamats
    expect(r.glyphs.length).toBe(2);
    const markIndex = [...r.clusters].indexOf(1);
    expect(r.advances[markIndex]).toBe(0);
  });

  it('draws the mirrored glyph of a bracket at an odd level but keeps its cluster', () => {
    const p = dejavu();
    const s = new Shaper(p);
    const r = s.shape('(', { rtl: true });
    expect(r.glyphs[0]).toBe(p.glyphId(0x29));
    expect(s.shape('(', { rtl: false }).glyphs[0]).toBe(p.glyphId(0x28));
  });
});
