/**
 * Fragments: what a finished line holds, each piece of it at its x (glyph advances stretched by
 * justification). Made by line finishing (line-box.ts) and reordered by bidi.ts.
 */
import type { Span } from './itemize';
import type { GlyphPiece, SpecialPiece } from './pieces';

/**
 * A glyph piece positioned on a line (advances may be stretched by justification). It carries the
 * piece's fields itself rather than the piece: a laid-out line keeps its fragments until its page is
 * drawn, and a fragment pointing at its piece held two objects per word (about 70 bytes more).
 */
export interface GlyphFragment {
  readonly k: 'glyphs';
  readonly x: number;
  /** Width of the glyphs (their advances), without the piece's lead, which is room before `x`. */
  readonly width: number;
  readonly span: Span;
  readonly start: number;
  readonly end: number;
  readonly glyphs: readonly number[];
  readonly advances: readonly number[];
  /** Each glyph's first character, relative to `start`. */
  readonly rel: readonly number[];
  /** The piece's hanging width at its end (on its own advances, before justification). */
  readonly trailingSpace: number;
  /** The piece's room before its first glyph (a widened ruby base); already left out of `x` and `width`. */
  readonly leadPt: number | undefined;
}

/**
 * Glyph fragments are made here, fields in one order, so the code that walks lines meets one object
 * shape (bidi.ts inVisualOrder copies a fragment in the same order). `x` and `width` are the glyphs'
 * own (the lead excluded).
 */
export function makeGlyphFragment(piece: GlyphPiece, x: number, advances: readonly number[], width: number): GlyphFragment {
  return {
    k: 'glyphs',
    x,
    width,
    span: piece.span,
    start: piece.start,
    end: piece.end,
    glyphs: piece.glyphs,
    advances,
    rel: piece.rel,
    trailingSpace: piece.trailingSpace,
    leadPt: piece.leadPt,
  };
}

/** An object, tab or break positioned on a line. */
export interface SpecialFragment {
  readonly k: 'special';
  readonly x: number;
  readonly piece: SpecialPiece;
  /** Tabs: their width (leaders are drawn across it). */
  readonly width: number;
  readonly leader?: string;
}

/** Anything on a line. */
export type Fragment = GlyphFragment | SpecialFragment;
