/**
 * Per-character font fallback: splits text into segments drawn by the first face of a fallback chain
 * that has each character. Controls and default-ignorable characters (tab, ZWJ, variation selectors)
 * never start a new segment; combining marks stay with their base's face when it has them.
 */
import { warning, type Diagnostic } from '../core';
import type { LoadedFont } from './loaded-font';
import { isCombiningMark, isDefaultIgnorable } from './unicode-props';

/** A stretch of text [start, end) (UTF-16 indexes) drawn with one face. */
export interface FontSegment {
  readonly start: number;
  readonly end: number;
  readonly font: LoadedFont;
}

function hex(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Characters that take whatever face surrounds them. */
function inheritsFace(cp: number): boolean {
  return cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp === 0xfffc || isDefaultIgnorable(cp);
}

/**
 * Segments `text` over `chain` (chain[0] is the primary face). Reports `text/font-fallback` when a
 * later face is used and `text/missing-glyph` when no face has a character (the primary draws it).
 * A combining mark the current face lacks moves its base character, with it, to the first face that
 * has both, so the pair is shaped together.
 */
export function segmentText(text: string, chain: readonly LoadedFont[], report: (d: Diagnostic) => void): FontSegment[] {
  const primary = chain[0]!;
  const segments: FontSegment[] = [];
  let segStart = 0;
  // Face of the open segment; undefined while only inheriting characters were seen (they join the next face).
  let segFont: LoadedFont | undefined;
  let baseStart = -1;
  let baseCp = 0;
  const open = (at: number, font: LoadedFont): void => {
    if (segFont !== undefined && at > segStart) segments.push({ start: segStart, end: at, font: segFont });
    if (segFont !== undefined) segStart = at;
    segFont = font;
  };
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    if (!inheritsFace(cp)) {
      if (isCombiningMark(cp) && segFont !== undefined && baseStart >= segStart) {
        if (!segFont.hasGlyph(cp)) {
          const both = chain.find((f) => f.hasGlyph(cp) && f.hasGlyph(baseCp));
          if (both && both !== segFont) open(baseStart, both);
          else if (!both) open(i, pick(cp, chain, report));
        }
      } else {
        const font = pick(cp, chain, report);
        if (font !== segFont) open(i, font);
        baseStart = i;
        baseCp = cp;
      }
    }
    i += cp > 0xffff ? 2 : 1;
  }
  if (text.length > segStart || segments.length === 0) segments.push({ start: segStart, end: text.length, font: segFont ?? primary });
  return segments;
}

function pick(cp: number, chain: readonly LoadedFont[], report: (d: Diagnostic) => void): LoadedFont {
  const primary = chain[0]!;
  if (primary.hasGlyph(cp)) return primary;
  for (let k = 1; k < chain.length; k++) {
    const f = chain[k]!;
    if (f.hasGlyph(cp)) {
      report(warning('text/font-fallback', `${hex(cp)} is not in '${primary.family}'; '${f.family}' draws it.`));
      return f;
    }
  }
  report(warning('text/missing-glyph', `${hex(cp)} is not in '${primary.family}' nor in any fallback font.`, {
    hint: 'Supply a font with this character as a host extra face (for example a CJK font).',
  }));
  return primary;
}
