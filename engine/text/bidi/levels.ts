/**
 * The Unicode Bidirectional Algorithm (UAX #9, Unicode 16.0): embedding levels of a paragraph
 * (P2–I2), the per-line whitespace rule (L1) and visual reordering (L2).
 *
 * In: a paragraph's text and base direction. Out: one level per UTF-16 unit. Mirroring (L4) is the
 * shaper's job (it draws the mirrored glyph of a character at an odd level) and shaping (L3) is
 * the font's.
 */
import { BidiClass as C, bidiClassOf } from './bidi-class';
import { firstStrongLevel, isIsolateInitiator, matchIsolates, resolveExplicit, runSequences } from './explicit';
import { resolveSequence } from './implicit';

/** Base direction of a paragraph: explicit, or `auto` for the first strong character's (P2, P3). */
export type BaseDirection = 'ltr' | 'rtl' | 'auto';

/** Resolved levels of a paragraph. */
export interface BidiParagraph {
  /** The paragraph embedding level (0 left-to-right, 1 right-to-left). */
  readonly paragraphLevel: number;
  /** Level of each UTF-16 unit (after L1 for the paragraph as one line). */
  readonly levels: Uint8Array;
  /** Bidi_Class of each UTF-16 unit, as read from the character database (for L1 on lines). */
  readonly classes: Uint8Array;
}

/**
 * Resolves the levels of code points (rules P2–I2, and L1 over the whole sequence as one line).
 * Characters removed by X9 get the level of the character before them (the paragraph level at the
 * start). Exposed for the conformance test; layout calls {@link resolveBidiParagraph}.
 */
export function resolveCodePointLevels(
  cps: ArrayLike<number>, base: BaseDirection, adjust?: (index: number, c: C) => C,
): { paragraphLevel: number; levels: Uint8Array; classes: Uint8Array } {
  const n = cps.length;
  const classes = new Uint8Array(n);
  for (let i = 0; i < n; i++) classes[i] = adjust ? adjust(i, bidiClassOf(cps[i]!)) : bidiClassOf(cps[i]!);
  const { pdiOf, matched } = matchIsolates(classes);
  const paragraphLevel = base === 'rtl' ? 1 : base === 'ltr' ? 0 : Math.max(0, firstStrongLevel(classes, pdiOf, 0, n));
  const ex = resolveExplicit(classes, paragraphLevel, pdiOf);
  for (const seq of runSequences(ex, classes, pdiOf, matched, paragraphLevel)) resolveSequence(seq, ex.types, ex.levels, classes, cps);
  const levels = ex.levels;
  for (let i = 0; i < n; i++) {
    if (ex.types[i] === C.BN) levels[i] = i > 0 ? levels[i - 1]! : paragraphLevel;
  }
  applyLineRule(levels, classes, paragraphLevel, 0, n);
  return { paragraphLevel, levels, classes };
}

/** Options of {@link resolveBidiParagraph}. */
export interface BidiOptions {
  /**
   * Per UTF-16 unit, non-zero where the text belongs to a right-to-left run (w:rtl, ECMA-376 Part 1
   * §17.3.2.30): its other neutrals (ON) count as strong R there, but not the separators and
   * terminators of numbers, so "12:30" and "53.9" stay numbers, and not spaces: Word keeps the words
   * of Latin text in such a run in their order (its own drawing of docx4j-arabic_align's page 1,
   * docProps/thumbnail.emf, sets "rFonts hint only" in a right-to-left paragraph as one left-to-right
   * string; LibreOffice does too), which spaces made R would reverse.
   */
  readonly rtlRuns?: Uint8Array;
}

/**
 * Resolves a paragraph's levels, one per UTF-16 unit (surrogate pairs share their code point's).
 * Line feeds (U+000A, U+000D) are line breaks inside the paragraph here, not paragraph separators:
 * they resolve as whitespace.
 */
export function resolveBidiParagraph(text: string, base: BaseDirection, options: BidiOptions = {}): BidiParagraph {
  const cps: number[] = [];
  const unitOf: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    unitOf.push(cps.length);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
      const lo = text.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
        unitOf.push(cps.length);
        i++;
      }
    }
    cps.push(cp);
  }
  const firstUnit: number[] = [];
  for (let u = unitOf.length - 1; u >= 0; u--) firstUnit[unitOf[u]!] = u;
  const rtl = options.rtlRuns;
  const r = resolveCodePointLevels(cps, base, (i, c) => {
    const cp = cps[i]!;
    if (cp === 0x0a || cp === 0x0d) return C.WS;
    if (rtl && rtl[firstUnit[i]!] && isNeutralClass(c)) return C.R;
    return c;
  });
  if (cps.length === text.length) return r;
  const levels = new Uint8Array(text.length);
  const classes = new Uint8Array(text.length);
  for (let u = 0; u < text.length; u++) {
    levels[u] = r.levels[unitOf[u]!]!;
    classes[u] = r.classes[unitOf[u]!]!;
  }
  return { paragraphLevel: r.paragraphLevel, levels, classes };
}

/** Neutrals a w:rtl run makes strong R: not spaces, nor the number separators and terminators (ES, ET, CS). */
function isNeutralClass(c: C): boolean {
  return c === C.ON;
}

/** Whether a class is whitespace for L1 (WS, isolate controls, and what X9 removes). */
function isLineSpace(c: number): boolean {
  return c === C.WS || isIsolateInitiator(c) || c === C.PDI || c === C.BN || (c >= C.LRE && c <= C.PDF);
}

/**
 * L1: on the line [start, end), segment and paragraph separators, the whitespace before them and
 * the whitespace at the end of the line go back to the paragraph level. Rewrites `levels`.
 */
export function applyLineRule(levels: Uint8Array, classes: Uint8Array, paragraphLevel: number, start: number, end: number): void {
  let trailing = true;
  for (let i = end - 1; i >= start; i--) {
    const c = classes[i]!;
    if (c === C.S || c === C.B) {
      levels[i] = paragraphLevel;
      trailing = true;
    } else if (isLineSpace(c)) {
      if (trailing) levels[i] = paragraphLevel;
    } else trailing = false;
  }
}

/**
 * L2: the visual order of items with the given levels: from the highest level down to the lowest
 * odd one, every maximal stretch at that level or higher is reversed. Returns item indexes,
 * leftmost first.
 */
export function visualOrder(levels: ArrayLike<number>): number[] {
  const n = levels.length;
  const order = Array.from({ length: n }, (_, i) => i);
  let high = 0;
  let lowOdd = 255;
  for (let i = 0; i < n; i++) {
    const l = levels[i]!;
    if (l > high) high = l;
    if ((l & 1) === 1 && l < lowOdd) lowOdd = l;
  }
  for (let level = high; level >= lowOdd && level > 0; level--) {
    for (let i = 0; i < n; i++) {
      if (levels[order[i]!]! < level) continue;
      let j = i;
      while (j < n && levels[order[j]!]! >= level) j++;
      reverse(order, i, j);
      i = j;
    }
  }
  return order;
}

function reverse(a: number[], from: number, to: number): void {
  for (let i = from, j = to - 1; i < j; i++, j--) {
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
}
