/**
 * Per-character font fallback: splits text into segments drawn by the first face of a fallback chain
 * that has each character. Controls and default-ignorable characters (tab, ZWJ, variation selectors)
 * never start a new segment; combining marks stay with their base's face when it has them.
 */
import { warning, type Diagnostic } from '../core';
import type { LoadedFont } from './loaded-font';
import { EMOJI_FALLBACK_FAMILY } from './shipped-fonts';
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

const LATIN_END = 0x300;
const latinCoverage = new WeakMap<LoadedFont, Uint8Array>();

/** Which characters below U+0300 a face has (memoised per face: most text never leaves this range). */
function coverageOf(font: LoadedFont): Uint8Array {
  let c = latinCoverage.get(font);
  if (!c) {
    c = new Uint8Array(LATIN_END);
    for (let cp = 0x20; cp < LATIN_END; cp++) c[cp] = font.hasGlyph(cp) ? 1 : 0;
    latinCoverage.set(font, c);
  }
  return c;
}

/** VARIATION SELECTOR-16: the character before it is asked for in emoji style. */
const VS16 = 0xfe0f;
/** VARIATION SELECTOR-15: the character before it is asked for in text style. */
const VS15 = 0xfe0e;
/** Characters drawn as emoji by default (a text face that has one still draws it). */
const EMOJI_PRESENTATION = /\p{Emoji_Presentation}/u;
const emojiFaces = new WeakMap<readonly LoadedFont[], LoadedFont | null>();

/** The chain's emoji face (loaded only for documents with emoji), or undefined. */
function emojiFaceOf(chain: readonly LoadedFont[]): LoadedFont | undefined {
  let f = emojiFaces.get(chain);
  if (f === undefined) emojiFaces.set(chain, (f = chain.find((c, k) => k > 0 && c.family === EMOJI_FALLBACK_FAMILY) ?? null));
  return f ?? undefined;
}

/** Characters that take whatever face surrounds them. */
function inheritsFace(cp: number): boolean {
  return cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp === 0xfffc || isDefaultIgnorable(cp);
}

/**
 * Segments `text` over `chain` (chain[0] is the primary face). Reports `text/font-fallback` when a
 * later face is used and `text/missing-glyph` when no face has a character (the primary draws it).
 * A combining mark the current face lacks moves its base character, with it, to the first face that
 * has both, so the pair is shaped together. With an emoji face in the chain, a character the primary
 * lacks that is drawn as emoji by default goes to it first (unless VS15, U+FE0E, asks for text style),
 * and so does any character followed by VS16 (U+FE0F, emoji style asked for), as Word draws both with
 * its emoji face.
 */
export function segmentText(
  text: string, chain: readonly LoadedFont[], report: (d: Diagnostic) => void, cache: FallbackCache,
): FontSegment[] {
  const primary = chain[0]!;
  const answers: Answers = { cache, known: cache.answersOf(chain) };
  const primaryLatin = coverageOf(primary);
  const emojiFace = emojiFaceOf(chain);
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
  const visit = (cp: number, i: number): void => {
    if (inheritsFace(cp)) return;
    if (isCombiningMark(cp) && segFont !== undefined && baseStart >= segStart) {
      if (segFont.hasGlyph(cp)) return;
      const both = chain.find((f) => f.hasGlyph(cp) && f.hasGlyph(baseCp));
      if (both && both !== segFont) open(baseStart, both);
      else if (!both) open(i, pick(cp, chain, answers, report));
      return;
    }
    const next = emojiFace ? text.charCodeAt(i + (cp > 0xffff ? 2 : 1)) : 0;
    const font = next === VS16 && emojiFace!.hasGlyph(cp) ? emojiStyle(cp, chain, emojiFace!, report) : pick(cp, chain, answers, report, next === VS15);
    if (font !== segFont) open(i, font);
    baseStart = i;
    baseCp = cp;
  };
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    // Common case: a printable Latin character the primary face has, inside a primary-face segment.
    if (segFont === primary && c >= 0x20 && c < LATIN_END && primaryLatin[c] === 1 && (c < 0x7f || (c > 0x9f && c !== 0xad)) && (!emojiFace || text.charCodeAt(i + 1) !== VS16)) {
      baseStart = i;
      baseCp = c;
      i++;
      continue;
    }
    const cp = text.codePointAt(i)!;
    visit(cp, i);
    i += cp > 0xffff ? 2 : 1;
  }
  if (text.length > segStart || segments.length === 0) segments.push({ start: segStart, end: text.length, font: segFont ?? primary });
  return segments;
}

/** The face a fallback chain gives a character the primary lacks, and the warning each use reports. */
interface Fallback {
  readonly font: LoadedFont;
  readonly diagnostic: Diagnostic;
}

/** Most fallback answers one document keeps, over all its chains (each answer holds its warning). */
export const FALLBACK_CACHE_LIMIT = 8192;

/**
 * Fallback answers of one document, per chain and character. A document in a script its primary face
 * lacks sends every character here: the answer and its warning (which the bag folds by message anyway)
 * are built once per character, not a message string and a diagnostic per occurrence. Bounded: a
 * hostile document with characters from all over Unicode in many fonts kept one answer per character
 * and chain (135,000 in one fuzz case); past the limit every chain's answers are dropped at once and
 * rebuilt on demand, which gives the same faces and the same warnings.
 */
export class FallbackCache {
  private readonly byChain = new Map<readonly LoadedFont[], Map<number, Fallback>>();
  private held = 0;
  private dropped = 0;

  constructor(private readonly limit = FALLBACK_CACHE_LIMIT) {}

  /** Answers held now, over all chains. */
  get size(): number {
    return this.held;
  }

  /** Times the answers were dropped for reaching the limit. */
  get evictions(): number {
    return this.dropped;
  }

  /** The answers of a chain (the same map for the chain's lifetime: eviction empties it in place). */
  answersOf(chain: readonly LoadedFont[]): Map<number, Fallback> {
    let m = this.byChain.get(chain);
    if (!m) this.byChain.set(chain, (m = new Map()));
    return m;
  }

  /** Keeps an answer, first emptying every chain's answers when the limit is reached. */
  keep(answers: Map<number, Fallback>, key: number, hit: Fallback): void {
    if (this.held >= this.limit) {
      for (const m of this.byChain.values()) m.clear();
      this.held = 0;
      this.dropped++;
    }
    answers.set(key, hit);
    this.held++;
  }
}

/** The face for a character; `textStyle` (VS15 follows it) keeps an emoji face from going first. */
function pick(
  cp: number, chain: readonly LoadedFont[], answers: Answers, report: (d: Diagnostic) => void, textStyle = false,
): LoadedFont {
  const primary = chain[0]!;
  if (primary.hasGlyph(cp)) return primary;
  // Text-style answers are kept under the negated code point.
  const key = textStyle ? -cp : cp;
  let hit = answers.known.get(key);
  if (!hit) answers.cache.keep(answers.known, key, (hit = fallbackFor(cp, chain, textStyle)));
  report(hit.diagnostic);
  return hit.font;
}

/** A chain's answers, looked up once per call of segmentText rather than once per character. */
interface Answers {
  readonly cache: FallbackCache;
  readonly known: Map<number, Fallback>;
}

/** The emoji face for a character asked for in emoji style; a fallback (reported) when the primary lacks it. */
function emojiStyle(cp: number, chain: readonly LoadedFont[], emojiFace: LoadedFont, report: (d: Diagnostic) => void): LoadedFont {
  const primary = chain[0]!;
  if (!primary.hasGlyph(cp)) report(emojiFallback(cp, primary, emojiFace));
  return emojiFace;
}

function emojiFallback(cp: number, primary: LoadedFont, emojiFace: LoadedFont): Diagnostic {
  return warning('text/font-fallback', `${hex(cp)} is not in '${primary.family}'; '${emojiFace.family}' draws it.`);
}

function fallbackFor(cp: number, chain: readonly LoadedFont[], textStyle: boolean): Fallback {
  const primary = chain[0]!;
  const emojiFace = emojiFaceOf(chain);
  if (!textStyle && emojiFace?.hasGlyph(cp) && EMOJI_PRESENTATION.test(String.fromCodePoint(cp))) {
    return { font: emojiFace, diagnostic: emojiFallback(cp, primary, emojiFace) };
  }
  for (let k = 1; k < chain.length; k++) {
    const f = chain[k]!;
    if (f.hasGlyph(cp)) return { font: f, diagnostic: warning('text/font-fallback', `${hex(cp)} is not in '${primary.family}'; '${f.family}' draws it.`) };
  }
  const diagnostic = warning('text/missing-glyph', `${hex(cp)} is not in '${primary.family}' nor in any fallback font.`, {
    hint: 'Supply a font with this character as a host extra face (for example a CJK font).',
  });
  return { font: primary, diagnostic };
}
