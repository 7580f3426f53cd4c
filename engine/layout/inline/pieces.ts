/**
 * Shape: styled spans → pieces of positioned glyphs, split at line-break opportunities so the line
 * builder only ever breaks between pieces (or inside one, as an emergency, at a cluster boundary).
 */
import { GenerationCache, GenerationPool } from '../../core';
import type { ParaContent, Span, Special } from './itemize';
import { joinsAcross, ZWJ } from './joining';
import { breakDisplayMath } from '../math/breaking';
import { fitTextRegions, trailingSpaceOf, widenRubyBases, withAdvances } from './advances';
import { padRunBorders } from './run-borders';

/**
 * Glyphs of one span between two break opportunities. Advances in points, final except justification.
 * The arrays come from the word cache and are shared: never mutate them.
 */
export interface GlyphPiece {
  readonly k: 'glyphs';
  readonly start: number;
  readonly end: number;
  readonly span: Span;
  readonly glyphs: readonly number[];
  readonly advances: readonly number[];
  /** Each glyph's first character, relative to `start` (absolute index = start + rel). */
  readonly rel: readonly number[];
  readonly width: number;
  /** Width of what this piece ends with that hangs past the line end: spaces, ideographic punctuation. */
  readonly trailingSpace: number;
  /** Room before the first glyph, counted in `width` (a ruby base set across a wider guide). */
  readonly leadPt?: number;
}

/** A shaped word in points, shared by every occurrence of the same text in the same style. */
interface ShapedWord {
  readonly glyphs: readonly number[];
  readonly advances: readonly number[];
  readonly rel: readonly number[];
  readonly width: number;
  readonly trailingSpace: number;
}

/**
 * Shaped words kept per generation, all fonts together: a round of the dev corpus shapes 113,811
 * distinct words (font, style and text), so a process converting it again shapes none of them again.
 * At most twice this is held, about 110 MiB (some 420 bytes a word).
 */
const WORDS_PER_GENERATION = 131_072;

/**
 * Words longer than this (in characters of their key) are kept apart from the others, in a pool
 * bounded by LONG_WORD_CHARS_PER_GENERATION. A shaped word holds some 26 bytes a character, and the
 * shared pool bounds its words' characters only as a whole (1.6 M a generation, for 131,072 words
 * of the corpus's length): fuzz seed 82's docx-54, 326 runs of 5,000 letters, left 42 MB of them
 * held in a worker after it, up to twice that after two such documents. The whole dev corpus looks
 * up 50 distinct words (font, style and text) longer than 64 characters, under 6,600 characters
 * together: a tenth of one generation of the long pool, so its words are shaped once as before.
 */
const LONG_WORD = 64;

/** Characters of the long words (LONG_WORD) kept per generation: at most twice this held, about 3.4 MB. */
const LONG_WORD_CHARS_PER_GENERATION = 65_536;

/** The words of one style: ordinary words in the shared pool, long ones (made on first need) in the long pool. */
interface StyleWords {
  readonly words: GenerationCache<ShapedWord>;
  long: GenerationCache<ShapedWord> | undefined;
}

/** Shaped words of one font program, by style key and text. */
interface FontWords {
  readonly styles: Map<string, StyleWords>;
  /** How many styles to have before dropping those whose words the pool let go (twice as many as were left). */
  pruneAt: number;
}

/**
 * Shaped words keyed by font program, style (size, scale, letter spacing, features) and text. Words
 * repeat a lot, within and across documents, so most pieces cost one map lookup and no allocation.
 * Entries hang off the font's bytes (a WeakMap), and all fonts' words share one GenerationPool, so a
 * long-lived process keeps at most twice its limit however many documents, fonts and words it meets
 * (before, each font kept up to 250,000 words for good: 240 MiB after 30 documents of new words).
 */
export class WordCache {
  private static readonly byFont = new WeakMap<Uint8Array, FontWords>();
  /** The words of all fonts, WORDS_PER_GENERATION per generation. */
  static readonly pool = new GenerationPool(WORDS_PER_GENERATION);
  /** The long words (LONG_WORD) of all fonts, LONG_WORD_CHARS_PER_GENERATION characters per generation. */
  static readonly longPool = new GenerationPool(LONG_WORD_CHARS_PER_GENERATION / LONG_WORD, LONG_WORD_CHARS_PER_GENERATION);

  /**
   * `deviceDpi` (0: none) lays words out on a device's widths, as Word does for a document with
   * w:usePrinterMetrics (ISO/IEC 29500 1st edition §9.7.3.52: "the printer metrics are used to
   * determine the number of pixels per logical inch ... to compute the pixel height of the fonts"):
   * the font is realised at a whole number of device pixels per em and each advance is a whole
   * number of pixels (`deviceAdvance`).
   */
  constructor(readonly deviceDpi = 0) {}

  /**
   * The shaped word for a span's style and a text, computing it on first use. `joinBefore` and
   * `joinAfter` shape it as joined to the letters outside it (see joining.ts).
   */
  get(span: Span, text: string, joinBefore = false, joinAfter = false): ShapedWord {
    // A span's words are looked up one after another: its font and style tables are found once.
    if (span !== this.lastSpan) this.selectSpan(span);
    const style = this.lastStyle!;
    // U+FFFF never occurs in document text (XML forbids it): it marks the joined sides in the key.
    const key = joinBefore || joinAfter ? `${joinBefore ? '\uFFFF' : ''}${text}${joinAfter ? '\uFFFF' : ''}` : text;
    const words = key.length <= LONG_WORD ? style.words : (style.long ??= new GenerationCache(WordCache.longPool));
    let w = words.get(key);
    if (!w) {
      w = shapeWord(span, text, joinBefore, joinAfter, this.deviceDpi);
      words.set(key, w);
    }
    return w;
  }

  private lastSpan: Span | undefined;
  private lastStyle: StyleWords | undefined;

  /** Finds (or makes) the word table of a span's font program and style. */
  private selectSpan(span: Span): void {
    const data = span.face.data;
    let font = WordCache.byFont.get(data);
    if (!font) {
      font = { styles: new Map(), pruneAt: 256 };
      WordCache.byFont.set(data, font);
    }
    const key = this.deviceDpi ? `${span.shapeKey}|dpi${this.deviceDpi}` : span.shapeKey;
    let style = font.styles.get(key);
    if (!style) {
      if (font.styles.size >= font.pruneAt) pruneStyles(font);
      style = { words: new GenerationCache(WordCache.pool), long: undefined };
      font.styles.set(key, style);
    }
    this.lastSpan = span;
    this.lastStyle = style;
  }
}

/**
 * Drops a font's styles that hold no words any more (the pool aged them out): a document of many
 * sizes would otherwise leave an empty table per size behind for as long as the font is loaded.
 */
function pruneStyles(font: FontWords): void {
  for (const [key, style] of font.styles) if (style.words.size === 0 && (style.long?.size ?? 0) === 0) font.styles.delete(key);
  font.pruneAt = Math.max(256, 2 * font.styles.size);
}

/** A tab, break or inline object. */
export interface SpecialPiece {
  readonly k: 'special';
  readonly start: number;
  readonly end: number;
  readonly special: Special;
  /** For objects: their size, with the room their effects keep around them. */
  readonly width: number;
  readonly ascent: number;
  readonly descent: number;
  /** Where the object is drawn inside that room (its effect extent's left and top). */
  readonly inset?: { readonly left: number; readonly top: number };
  /** Room at its end that may hang past the line end (a piece of inline math: the space before the next operator). */
  readonly trailingSpace?: number;
}

/** Any piece. */
export type Piece = GlyphPiece | SpecialPiece;

/**
 * Shapes the spans of a paragraph into pieces in text order. `breaks[i]` ≠ 0 marks an opportunity
 * before i. Objects keep their effect extent only when it still fits `lineWidthPt`.
 */
export function shapePieces(content: ParaContent, breaks: Uint8Array, cache: WordCache, lineWidthPt = Infinity): Piece[] {
  const out: Piece[] = [];
  const { text, spans, specials } = content;
  let si = 0;
  let i = 0;
  while (i < text.length) {
    const special = specials.get(i);
    if (special) {
      out.push(specialPiece(i, special, lineWidthPt));
      i++;
      continue;
    }
    while (si < spans.length && spans[si]!.end <= i) si++;
    const span = spans[si];
    if (!span || span.start > i) {
      // Characters outside every span (cannot happen for itemized content); skip defensively.
      i++;
      continue;
    }
    let end = i + 1;
    while (end < span.end && breaks[end] === 0 && !specials.has(end)) end++;
    pushChunked(out, glyphPiece(text, i, end, span, cache), text);
    i = end;
  }
  if (content.autoSpace) addAutoSpace(out, content.text, content.specials, content.autoSpace);
  fitTextRegions(out, text);
  widenRubyBases(out, content.rubies, text);
  if (content.runBorders) padRunBorders(out, text);
  return out;
}

function specialPiece(at: number, special: Special, lineWidthPt: number): SpecialPiece {
  if (special.kind === 'object') {
    const { widthPt, heightPt, effectPt: e } = special.inline;
    // The room an object's effects need is kept around it, unless that would make it wider than the
    // line: a picture as wide as the text then keeps its own size (as LibreOffice lays it out).
    if (e && widthPt + e.left + e.right <= lineWidthPt + 0.01) {
      const inset = { left: e.left, top: e.top };
      return makeSpecialPiece(at, special, widthPt + e.left + e.right, heightPt + e.top + e.bottom, 0, inset, undefined);
    }
    return makeSpecialPiece(at, special, widthPt, heightPt, 0, undefined, undefined);
  }
  if (special.kind === 'checkBox') return makeSpecialPiece(at, special, special.sidePt, 0, 0, undefined, undefined);
  if (special.kind === 'combined' || special.kind === 'upright') return makeSpecialPiece(at, special, special.box.width, special.box.ascent, special.box.descent, undefined, undefined);
  if (special.kind === 'math') {
    // Display math takes a line of its own: the whole line's width, the equation placed in it by m:jc,
    // broken into lines at its operators when it is wider. Inline math comes as pieces (itemize.ts).
    if (!special.display || !Number.isFinite(lineWidthPt)) {
      return makeSpecialPiece(at, special, special.box.width, special.box.ascent, special.box.descent, undefined, special.spacePt ? special.spacePt : undefined);
    }
    const box = breakDisplayMath(special.box, lineWidthPt, special.props.sizePt, special.inline.wrap);
    const width = Math.max(box.width, lineWidthPt);
    return makeSpecialPiece(at, box === special.box ? special : { ...special, box }, width, box.ascent, box.descent, undefined, undefined);
  }
  return makeSpecialPiece(at, special, 0, 0, 0, undefined, undefined);
}

/**
 * Whether a special draws something on the line (an object, a checkbox or an equation), so that the
 * spaces before it are not trailing: a line's last ink for justification and decorations.
 */
export function isInkSpecial(special: Special): boolean {
  const k = special.kind;
  return k === 'object' || k === 'checkBox' || k === 'math' || k === 'combined' || k === 'upright';
}

/**
 * Every special piece is made here, with all its fields in one order (absent ones `undefined`): the
 * line breaker's hot loops then meet one object shape instead of one per kind of special, which
 * made V8 throw away and recompile their optimised code as documents brought new shapes.
 */
export function makeSpecialPiece(
  at: number,
  special: Special,
  width: number,
  ascent: number,
  descent: number,
  inset: SpecialPiece['inset'],
  trailingSpace: SpecialPiece['trailingSpace'],
): SpecialPiece {
  return { k: 'special', start: at, end: at + 1, special, width, ascent, descent, inset, trailingSpace };
}

/** The glyph piece for text[start, end) of one span. */
export function glyphPiece(text: string, start: number, end: number, span: Span, cache: WordCache): GlyphPiece {
  const joinBefore = start === span.start && start > 0 && joinsAcross(text, start);
  const joinAfter = end === span.end && end < text.length && joinsAcross(text, end);
  const w = cache.get(span, text.slice(start, end), joinBefore, joinAfter);
  return { k: 'glyphs', start, end, span, glyphs: w.glyphs, advances: w.advances, rel: w.rel, width: w.width, trailingSpace: w.trailingSpace, leadPt: undefined };
}

function shapeWord(span: Span, str: string, joinBefore: boolean, joinAfter: boolean, deviceDpi: number): ShapedWord {
  const p = span.props;
  const kern = p.kernMinPt !== undefined && span.sizePt >= p.kernMinPt;
  const rtl = ((span.level ?? 0) & 1) === 1;
  const pre = joinBefore ? ZWJ.length : 0;
  const shaped = span.face.shape(joinBefore || joinAfter ? `${joinBefore ? ZWJ : ''}${str}${joinAfter ? ZWJ : ''}` : str, kern, p.ligatures === true, rtl);
  // Glyphs of the added joiners are dropped; clusters become relative to `str`.
  const kept: number[] = [];
  for (let v = 0; v < shaped.glyphs.length; v++) {
    const c = shaped.clusters[v]!;
    if (c >= pre && c < pre + str.length) kept.push(v);
  }
  const n = kept.length;
  const scale = (span.sizePt / span.face.unitsPerEm) * (p.scalePct / 100);
  const ppem = deviceDpi ? Math.round((span.sizePt * deviceDpi) / 72) : 0;
  const glyphs = new Array<number>(n);
  const advances = new Array<number>(n);
  const rel = new Array<number>(n);
  const xo = shaped.xOffsets;
  let width = 0;
  for (let k = 0; k < n; k++) {
    // Pieces keep glyphs in logical order (line filling and splitting work on it); right-to-left
    // shaping returns visual order, so it is read backwards. A glyph's x offset (GPOS mark
    // placement) is folded into the advances around it (same positions, same total width; the
    // first glyph's own offset and all y offsets are not kept).
    const v = kept[k]!;
    const g = rtl ? n - 1 - k : k;
    glyphs[g] = shaped.glyphs[v]!;
    const fold = xo ? (k + 1 < n ? xo[kept[k + 1]!]! : 0) - (k > 0 ? xo[v]! : 0) : 0;
    const units = shaped.advances[v]! + fold;
    const a = (ppem ? deviceAdvance(units, span.face.unitsPerEm, ppem, deviceDpi) * (p.scalePct / 100) : units * scale) + p.spacingPt;
    advances[g] = a;
    rel[g] = shaped.clusters[v]! - pre;
    width += a;
  }
  return { glyphs, advances, rel, width, trailingSpace: trailingSpaceOf(str, advances, rel, 0) };
}

/**
 * An advance of `units` (font units, kerning included) in points on a device of `dpi` pixels per
 * inch where the font is realised at `ppem` pixels per em: a whole number of pixels.
 */
export function deviceAdvance(units: number, unitsPerEm: number, ppem: number, dpi: number): number {
  return (Math.round((units * ppem) / unitsPerEm) * 72) / dpi;
}

/** Splits a glyph piece at glyph index `g` (a cluster boundary), reshaping nothing. */
export function splitGlyphPiece(piece: GlyphPiece, g: number, text: string): [GlyphPiece, GlyphPiece] {
  return [sliceGlyphPiece(piece, 0, g, text), sliceGlyphPiece(piece, g, piece.glyphs.length, text)];
}

/** The glyphs [from, to) of a piece (both cluster boundaries) as a piece of their own. */
function sliceGlyphPiece(piece: GlyphPiece, from: number, to: number, text: string): GlyphPiece {
  const at = (g: number) => (g < piece.rel.length ? piece.start + piece.rel[g]! : piece.end);
  const start = at(from);
  const advances = piece.advances.slice(from, to);
  // The lead stays with the first glyph.
  const leadPt = from === 0 ? piece.leadPt ?? 0 : 0;
  let width = leadPt;
  for (const a of advances) width += a;
  const rel = piece.rel.slice(from, to).map((r) => piece.start + r - start);
  return { k: 'glyphs', start, end: at(to), span: piece.span, glyphs: piece.glyphs.slice(from, to), advances, rel, width, trailingSpace: trailingSpaceOf(text, advances, rel, start), leadPt: leadPt !== 0 ? leadPt : undefined };
}

/**
 * Most glyphs in one piece. A longer word (no break opportunity in it) is kept as several pieces
 * cut at cluster boundaries, which the line breaker treats as one word (no opportunity between
 * them): an emergency cut of a word wider than the line then copies at most this many glyphs per
 * line, instead of the whole rest of the word (a 100 000-character word took minutes, quadratic).
 */
export const MAX_PIECE_GLYPHS = 1024;

function pushChunked(out: Piece[], piece: GlyphPiece, text: string): void {
  const n = piece.glyphs.length;
  if (n <= MAX_PIECE_GLYPHS) {
    out.push(piece);
    return;
  }
  let from = 0;
  while (from < n) {
    let to = Math.min(n, from + MAX_PIECE_GLYPHS);
    while (to < n && piece.rel[to] === piece.rel[to - 1]) to++;
    out.push(sliceGlyphPiece(piece, from, to, text));
    from = to;
  }
}

/**
 * Word's automatic space between East Asian text and Latin letters or digits (w:autoSpaceDE,
 * w:autoSpaceDN, ECMA-376 Part 1 §17.3.1.2-3, on when omitted): a quarter of the font size after
 * the character before each such boundary, on either side of a Latin island, whether the boundary
 * falls inside a run or between two; nothing next to a space. Measured by open renderers on Word's
 * own PDFs (an ideograph before a Latin letter advances 1.25 em, 1.0 em with the settings off).
 * Without it a line of ideographs mixed with digits held one ideograph more than Word's
 * (oxsdk-pageBorders' page 3 starts one character early).
 */
function addAutoSpace(pieces: Piece[], text: string, specials: ReadonlyMap<number, Special>, on: { readonly latin: boolean; readonly digits: boolean }): void {
  if (!HAS_CJ.test(text)) return;
  const kind = (cp: number): number => (isCJ(cp) ? 1 : cp >= 0x30 && cp <= 0x39 ? (on.digits ? 2 : 0) : on.latin && isLatinLetter(cp) ? 2 : 0);
  for (let k = 0; k < pieces.length; k++) {
    const p = pieces[k]!;
    if (p.k !== 'glyphs' || ((p.span.level ?? 0) & 1) === 1) continue;
    let advances: number[] | undefined;
    for (let g = 0; g < p.glyphs.length; g++) {
      const clusterEnd = g + 1 < p.rel.length ? p.start + p.rel[g + 1]! : p.end;
      if (clusterEnd <= p.start + p.rel[g]! || clusterEnd >= text.length || specials.has(clusterEnd)) continue;
      let last = clusterEnd - 1;
      if (last > p.start && text.charCodeAt(last) >= 0xdc00 && text.charCodeAt(last) <= 0xdfff) last--;
      const a = kind(text.codePointAt(last)!);
      const b = kind(text.codePointAt(clusterEnd)!);
      if (a === 0 || b === 0 || a === b) continue;
      advances ??= [...p.advances];
      advances[g] = advances[g]! + p.span.sizePt / 4;
    }
    if (advances) pieces[k] = withAdvances(p, advances, text);
  }
}

/** Ideographs, kana and Hangul: the East Asian side of an automatic space (not its punctuation). */
function isCJ(cp: number): boolean {
  return (
    (cp >= 0x3040 && cp <= 0x30ff) || (cp >= 0x31f0 && cp <= 0x31ff) || (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xac00 && cp <= 0xd7af) ||
    (cp >= 0x1100 && cp <= 0x11ff) || (cp >= 0x3130 && cp <= 0x318f) || (cp >= 0xff66 && cp <= 0xff9f) ||
    (cp >= 0x20000 && cp <= 0x3ffff)
  );
}

const HAS_CJ = /[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\ud840-\ud8bf]/;
const LATIN_LETTER = /^\p{Script=Latin}$/u;

/** A Latin letter; ASCII answered without the regular expression (every glyph of a CJK paragraph asks). */
function isLatinLetter(cp: number): boolean {
  if (cp < 0x80) return (cp | 0x20) >= 0x61 && (cp | 0x20) <= 0x7a;
  return LATIN_LETTER.test(String.fromCodePoint(cp));
}
