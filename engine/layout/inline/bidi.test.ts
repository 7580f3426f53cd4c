import { describe, expect, it } from 'vitest';
import type { RunProps } from '../../model';
import type { Face } from '../faces';
import { orderLineFragments, resolveParagraphBidi, splitSpansAtLevels } from './bidi';
import type { Span } from './itemize';
import { makeGlyphFragment, type Fragment } from './fragments';
import type { GlyphPiece } from './pieces';

const props = { rtl: false } as unknown as RunProps;
const face = { key: 'f' } as unknown as Face;

function span(start: number, end: number, level?: number, rtl = false): Span {
  return {
    start, end, props: rtl ? ({ rtl: true } as unknown as RunProps) : props, face, shapeKey: 'k', sizePt: 10, risePt: 0,
    color: '000000', underline: false, strike: false, ...(level !== undefined ? { level } : {}),
  };
}

/** A piece of text[start, end) with one glyph (id = index) of width 1 per character, after `leadPt`. */
function piece(start: number, end: number, level: number, leadPt?: number): GlyphPiece {
  const n = end - start;
  return {
    k: 'glyphs', start, end, span: span(start, end, level),
    glyphs: Array.from({ length: n }, (_, i) => start + i), advances: new Array<number>(n).fill(1),
    rel: Array.from({ length: n }, (_, i) => i), width: n + (leadPt ?? 0), trailingSpace: 0, leadPt,
  };
}

/** A line of pieces placed one after another from `x` (each lead before its glyphs), and its pieces. */
function line(x: number, ...pieces: GlyphPiece[]): { frags: Fragment[]; pieces: GlyphPiece[] } {
  const frags: Fragment[] = [];
  for (const p of pieces) {
    const lead = p.leadPt ?? 0;
    frags.push(makeGlyphFragment(p, x + lead, p.advances, p.width - lead));
    x += p.width;
  }
  return { frags, pieces };
}

describe('resolveParagraphBidi', () => {
  it('skips left-to-right paragraphs without right-to-left text', () => {
    expect(resolveParagraphBidi('plain text 123', [span(0, 14)], false)).toBeUndefined();
  });

  it('ignores stray w:rtl runs in Latin text of a left-to-right paragraph', () => {
    expect(resolveParagraphBidi('ab - cd', [span(0, 2), span(2, 5, undefined, true), span(5, 7)], false)).toBeUndefined();
  });

  it('resolves paragraphs with Hebrew, and right-to-left paragraphs', () => {
    expect(resolveParagraphBidi('abc אבג', [span(0, 7)], false)?.levels[4]).toBe(1);
    expect(resolveParagraphBidi('abc', [span(0, 3)], true)?.paragraphLevel).toBe(1);
  });
});

describe('splitSpansAtLevels', () => {
  it('cuts a span where the level changes and marks the odd parts for RTL shaping', () => {
    const parts = splitSpansAtLevels([span(0, 7)], Uint8Array.from([0, 0, 0, 0, 1, 1, 1]));
    expect(parts.map((p) => [p.start, p.end, p.level])).toEqual([[0, 4, 0], [4, 7, 1]]);
    expect(parts[1]!.shapeKey).not.toBe(parts[0]!.shapeKey);
  });
});

describe('orderLineFragments', () => {
  const text = 'ab אב cd';

  it('places a right-to-left stretch reversed, with its glyphs reversed, fragments kept in logical order', () => {
    const bidi = resolveParagraphBidi(text, [span(0, text.length)], false)!;
    // Spans are split at level changes, so fragments are "ab ", "אב", " ", "cd", from x = 10.
    const { frags, pieces } = line(10, piece(0, 3, 0), piece(3, 5, 1), piece(5, 6, 0), piece(6, 8, 0));
    expect(frags.map((f) => f.x)).toEqual([10, 13, 15, 16]);
    const out = orderLineFragments(frags, pieces, bidi, text, 10);
    expect(out.map((f) => f.k === 'glyphs' && f.start)).toEqual([0, 3, 5, 6]);
    expect(out.map((f) => f.x)).toEqual([10, 13, 15, 16]);
    const rtl = out[1]!;
    expect(rtl.k === 'glyphs' && rtl.glyphs).toEqual([4, 3]);
    expect(rtl.k === 'glyphs' && rtl.rel).toEqual([1, 0]);
  });

  it('keeps the lead of a widened ruby base on its logical start side', () => {
    const bidi = resolveParagraphBidi(text, [span(0, text.length)], false)!;
    // אב has 2 pt before it (logically: on its right), cd 4 pt (on its left).
    const { frags, pieces } = line(10, piece(0, 3, 0), piece(3, 5, 1, 2), piece(5, 6, 0), piece(6, 8, 0, 4));
    expect(frags.map((f) => f.x)).toEqual([10, 15, 17, 22]);
    const out = orderLineFragments(frags, pieces, bidi, text, 10);
    expect(out.map((f) => f.x)).toEqual([10, 13, 17, 22]);
  });

  it('moves trailing spaces of a right-to-left word at the line end to the paragraph level (L1)', () => {
    const t = 'ab אב ';
    const bidi = resolveParagraphBidi(t, [span(0, t.length)], false)!;
    // Mid-paragraph the space after אב would be R; at the line end it goes to the end of the line.
    const { frags, pieces } = line(0, piece(0, 3, 0), piece(3, 6, 1));
    const out = orderLineFragments(frags, pieces, bidi, t, 0);
    expect(out.map((f) => f.k === 'glyphs' && [f.start, f.end, f.x, f.width])).toEqual([[0, 3, 0, 3], [3, 5, 3, 2], [5, 6, 5, 1]]);
  });

  it('mirrors a right-to-left paragraph: the logical start sits at the right edge', () => {
    const rtlText = 'אב גד';
    const bidi = resolveParagraphBidi(rtlText, [span(0, 5)], true)!;
    const { frags, pieces } = line(0, piece(0, 3, 1), piece(3, 5, 1));
    const out = orderLineFragments(frags, pieces, bidi, rtlText, 0, 100);
    // First word (with its space) at the right: x = 100 − 3; the second word left of it.
    expect(out.map((f) => f.x)).toEqual([97, 95]);
    expect(out[0]!.k === 'glyphs' && out[0]!.glyphs).toEqual([2, 1, 0]);
  });
});
