/**
 * Shaping: text → glyph ids, advances (font units, kerning applied) and clusters.
 *
 * Two paths give identical results (checked by a property test): a fast path for Latin, Greek,
 * Cyrillic and common punctuation/symbol text that no active GSUB/GPOS lookup other than pair
 * kerning touches (cmap + hmtx + pair adjustments, see fast-plan.ts), and fontkit's full OpenType
 * layout for everything else. Right-to-left words of Hebrew letters (no points or cantillation),
 * digits and punctuation take a fast path of their own (tryFastRtl): Hebrew does not join, and
 * fontkit shapes it with its default shaper, so only the direction differs. Results are cached per font, keyed by (options, text), in two-generation
 * caches that all fonts share one bound for (GenerationPool), since layout shapes word by word and
 * words repeat.
 */
import { GenerationCache, GenerationPool } from '../core';
import { applyKernPairs, applyLigatureLookup, applyPairLookup, isBlocked } from './fast-lookups';
import { buildFastPlan, hasDirectionalFeatures, type FastPlan } from './fast-plan';
import { mirroredCodePoint } from './bidi/bidi-class';
import { FontkitShaper } from './fontkit-adapter';
import { requireFontkit } from './fontkit-loader';
import type { FontProgram } from './font-program';
import { FastClass, fastClass, forEachFastCodePointIn, isCombiningMark, isDefaultIgnorable, needsFullShaping } from './unicode-props';

/** How to shape a piece of text. */
export interface ShapeOptions {
  /** Pair kerning (GPOS 'kern' or the legacy kern table). Default true. */
  readonly kern?: boolean;
  /** Standard and contextual ligatures ('liga', 'clig'). Default true. */
  readonly liga?: boolean;
  /** Right-to-left run: glyphs come back in visual (left-to-right) order. Default false. */
  readonly rtl?: boolean;
  /** OpenType script tag (e.g. 'arab'); detected from the text when absent. */
  readonly script?: string;
  /** OpenType language system tag (e.g. 'TRK'); the script's default when absent. */
  readonly language?: string;
  /** Further OpenType features to switch on or off. */
  readonly features?: Readonly<Record<string, boolean>>;
}

/**
 * Shaped text. Arrays are parallel, one entry per glyph, in visual order. Results may be shared
 * through the cache: treat them as read-only.
 */
export interface ShapedText {
  readonly glyphs: Uint16Array;
  /** Advance of each glyph in font units, kerning applied. */
  readonly advances: Int32Array;
  /** UTF-16 index (into the shaped text) of the first character each glyph stands for. */
  readonly clusters: Uint32Array;
  /** Mark / cursive offsets in font units, present only when some glyph has one. */
  readonly xOffsets?: Int32Array;
  readonly yOffsets?: Int32Array;
  /** Sum of the advances, in font units. */
  readonly totalAdvance: number;
  /** True when full shaping failed on this font and plain cmap + hmtx results were used. */
  readonly simplified?: boolean;
}

/**
 * Shaped texts kept per generation, all fonts together (GenerationPool), at most twice this held. The
 * layout asks only for words its word cache (layout/inline/pieces.ts) lacks, which holds a whole round
 * of the dev corpus, so this one can be smaller than that round's 96,835 texts. Before, each of a
 * font's five caches kept up to 32,768 texts for as long as its font was loaded (shipped fonts: always).
 */
const SHAPES_PER_GENERATION = 32_768;

/** The shaped-text caches of all fonts: one pool, SHAPES_PER_GENERATION entries per generation. */
export const shapeCachePool = new GenerationPool(SHAPES_PER_GENERATION);

/** fontkit's OpenType script tag per fast class (its Unicode-script → tag table). */
const SCRIPT_TAGS: Record<number, string> = {
  [FastClass.Common]: 'zzzz', [FastClass.Latin]: 'latn', [FastClass.Greek]: 'grek', [FastClass.Cyrillic]: 'cyrl',
  [FastClass.Han]: 'hani', [FastClass.Hiragana]: 'hira', [FastClass.Katakana]: 'kana',
};

/** Shapes text with one font program; one instance per program, shared by all documents. */
export class Shaper {
  private readonly program: FontProgram;
  /** Plain-options results by (kern, liga) index, keyed by the text itself; others by a full key. */
  private readonly plainCaches = [0, 1, 2, 3].map(() => new GenerationCache<ShapedText>(shapeCachePool));
  private readonly cache = new GenerationCache<ShapedText>(shapeCachePool);
  private readonly plans = new Map<string, FastPlan | null>();
  private fontkit: FontkitShaper | null | undefined;
  private reachable: Uint8Array | undefined;
  private reachableRtl: Uint8Array | undefined;
  private directional: boolean | undefined;
  /** Test hook: when false, every call takes the fontkit path. */
  fastPathEnabled = true;

  constructor(program: FontProgram) {
    this.program = program;
  }

  /** Shapes `text`; never throws for font problems (falls back to cmap + hmtx, `simplified`). */
  shape(text: string, options: ShapeOptions = {}): ShapedText {
    const kern = options.kern ?? true;
    const liga = options.liga ?? true;
    const rtl = options.rtl ?? false;
    const plain = !rtl && options.script === undefined && options.language === undefined && options.features === undefined;
    if (plain) {
      const cache = this.plainCaches[(kern ? 2 : 0) + (liga ? 1 : 0)]!;
      const hit = cache.get(text);
      if (hit) return hit;
      const r = (this.fastPathEnabled ? this.tryFast(text, kern, liga) : undefined) ?? this.full(text, kern, liga, false, options);
      cache.set(text, r);
      return r;
    }
    const key = `${kern ? 1 : 0}${liga ? 1 : 0}${rtl ? 1 : 0}|${options.script ?? ''}|${options.language ?? ''}|${featureKey(options.features)}\u0000${text}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const rtlPlain = rtl && options.script === undefined && options.language === undefined && options.features === undefined;
    const fast = rtlPlain && this.fastPathEnabled ? this.tryFastRtl(text, kern, liga) : undefined;
    const result = fast ?? this.full(text, kern, liga, rtl, options);
    this.cache.set(key, result);
    return result;
  }

  private plan(script: string, kern: boolean, liga: boolean, rtl = false): FastPlan | undefined {
    // Common-only words right to left (spaces, digits, brackets in Arabic text): without directional
    // features the left-to-right plan applies, most often already built (a plan of a large font
    // costs milliseconds, more than fontkit spends on the few such words).
    if (rtl && script === SCRIPT_TAGS[FastClass.Common] && !(this.directional ??= hasDirectionalFeatures(this.program.bytes, this.program.dir))) {
      return this.plan(script, kern, liga, false);
    }
    const key = `${script}${kern ? 1 : 0}${liga ? 1 : 0}${rtl ? 1 : 0}`;
    let p = this.plans.get(key);
    if (p === undefined) {
      const p0 = this.program;
      const reachable = rtl ? this.reachableGlyphsRtl() : this.reachableGlyphs();
      p = buildFastPlan(p0.bytes, p0.dir, reachable, script, kern, liga, rtl) ?? null;
      this.plans.set(key, p);
    }
    return p ?? undefined;
  }

  /**
   * Glyphs the fast path can produce: the cmap glyphs of the characters it accepts. Only the
   * accepted characters inside the cmap's spans are looked up (a Latin font maps none of the 27,000
   * ideographs the fast path takes: looking them all up was 6-17 ms per font program, once per
   * process); any accepted character outside them draws .notdef.
   */
  private reachableGlyphs(): Uint8Array {
    if (!this.reachable) {
      const r = new Uint8Array(this.program.metrics.numGlyphs);
      const unmapped = forEachFastCodePointIn(this.program.cmap.spans, (cp) => {
        r[this.program.glyphId(cp)] = 1;
      });
      if (unmapped > 0 && r.length > 0) r[0] = 1;
      this.reachable = r;
    }
    return this.reachable;
  }

  /** The reachable glyphs plus those of the Hebrew letters and punctuation tryFastRtl accepts. */
  private reachableGlyphsRtl(): Uint8Array {
    if (!this.reachableRtl) {
      const r = this.reachableGlyphs().slice();
      for (const [first, last] of HEBREW_FAST) for (let cp = first; cp <= last; cp++) r[this.program.glyphId(cp)] = 1;
      this.reachableRtl = r;
    }
    return this.reachableRtl;
  }

  /**
   * The fast path of a right-to-left word: Hebrew letters and punctuation (no marks) with the fast
   * path's Common characters, as fontkit's default shaper lays them out for 'hebr' (or the common
   * script) right to left. Each character draws its Bidi_Mirroring_Glyph where the font has it (UAX
   * #9 L4, as `full` maps them); the lookups of the 'rtla' and 'rtlm' features count in place of
   * 'ltra' and 'ltrm'; substitution and GPOS pair kerning run in logical order, then fontkit's
   * OpenType engine reverses glyphs and advances, and a legacy kern table kerns the visual order
   * after that. Fonts without GSUB and GPOS stay on the full path: fontkit reverses nothing there.
   */
  private tryFastRtl(text: string, kern: boolean, liga: boolean): ShapedText | undefined {
    const tables = this.program.dir.tables;
    if (!tables.has('GSUB') && !tables.has('GPOS')) return undefined;
    const n = text.length;
    let hebrew = false;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (isHebrewFast(c)) hebrew = true;
      else if (fastClass(c) !== FastClass.Common) return undefined;
    }
    // Only now: a font shaping Arabic words alone never needs the reachable set built.
    const reachable = hebrew ? this.reachableGlyphsRtl() : this.reachableGlyphs();
    const glyphs = new Uint16Array(n);
    const clusters = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      const g = this.mirroredGlyph(text.charCodeAt(i)) || this.program.glyphId(text.charCodeAt(i));
      if (!reachable[g]) return undefined;
      glyphs[i] = g;
      clusters[i] = i;
    }
    const plan = this.plan(hebrew ? 'hebr' : SCRIPT_TAGS[FastClass.Common]!, kern, liga, true);
    const advances = plan && this.applyPlan(plan, glyphs, clusters, n);
    if (!advances) return undefined;
    const count = advances.length;
    const g = glyphs.subarray(0, count).reverse().slice();
    const a = advances.reverse();
    const c = clusters.subarray(0, count).reverse().slice();
    if (plan.kernPairs) applyKernPairs(plan.kernPairs, g, a, count);
    return { glyphs: g, advances: a, clusters: c, totalAdvance: sum(a) };
  }

  private tryFast(text: string, kern: boolean, liga: boolean): ShapedText | undefined {
    const n = text.length;
    const glyphs = new Uint16Array(n);
    const clusters = new Uint32Array(n);
    let count = 0;
    let script: FastClass = FastClass.Common;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      const cls = fastClass(c);
      if (cls === FastClass.None) return undefined;
      if (script === FastClass.Common && cls !== FastClass.Common) script = cls;
      glyphs[count] = this.program.glyphId(c);
      clusters[count++] = i;
    }
    const plan = this.plan(SCRIPT_TAGS[script]!, kern, liga);
    const advances = plan && this.applyPlan(plan, glyphs, clusters, count);
    if (!advances) return undefined;
    count = advances.length;
    if (plan.kernPairs) applyKernPairs(plan.kernPairs, glyphs, advances, count);
    const g = count === n ? glyphs : glyphs.slice(0, count);
    const c = count === n ? clusters : clusters.slice(0, count);
    return { glyphs: g, advances, clusters: c, totalAdvance: sum(advances) };
  }

  /**
   * A fast plan's substitutions and positioning in logical order, shared by both fast paths: the
   * ligature lookups (compacting `glyphs` and `clusters` in place), then each glyph's advance with
   * GPOS pair kerning. Returns the advances (their length is the new glyph count), or undefined when
   * the plan blocks the word before or after the ligatures. The legacy kern table is left to the
   * caller: a right-to-left word applies it after reversing.
   */
  private applyPlan(plan: FastPlan, glyphs: Uint16Array, clusters: Uint32Array, n: number): Int32Array | undefined {
    if (isBlocked(plan, glyphs, n)) return undefined;
    let count = n;
    for (const lookup of plan.ligatureLookups) count = applyLigatureLookup(lookup, glyphs, clusters, count);
    if (plan.ligatureLookups.length > 0 && isBlocked(plan, glyphs, count)) return undefined;
    const advances = new Int32Array(count);
    for (let i = 0; i < count; i++) advances[i] = this.program.advanceWidth(glyphs[i]!);
    for (const lookup of plan.pairLookups) applyPairLookup(lookup, glyphs, advances, count);
    return advances;
  }

  private full(text: string, kern: boolean, liga: boolean, rtl: boolean, options: ShapeOptions): ShapedText {
    const { cps, starts } = decode(text);
    // UAX #9 L4: characters at an odd level draw their Bidi_Mirroring_Glyph (the code points, and so
    // the extracted text, stay the same).
    const gids = cps.map((cp) => (rtl ? this.mirroredGlyph(cp) : 0) || this.program.glyphId(cp));
    if (cps.length === 0) return { glyphs: new Uint16Array(0), advances: new Int32Array(0), clusters: new Uint32Array(0), totalAdvance: 0 };
    const fk = this.fontkitShaper();
    if (fk) {
      try {
        const features: Record<string, boolean> = { kern, liga, clig: liga, ...(options.features ?? {}) };
        const r = fk.layout(cps, gids, isCombiningMark, features, rtl, options.script, options.language);
        return this.fromLayout(r.glyphs, r.advances, r.sourceIndex.map((s) => starts[s]!), r.xOffsets, r.yOffsets, cps, starts, text);
      } catch {
        // A malformed layout table: fall through to unshaped glyphs.
      }
    }
    const advances = gids.map((g) => this.program.advanceWidth(g));
    const order = rtl ? [...starts].reverse() : starts;
    const r = this.fromLayout(rtl ? [...gids].reverse() : gids, rtl ? advances.reverse() : advances, order, [], [], cps, starts, text);
    return { ...r, simplified: true };
  }

  /** The glyph of a character's mirror image (0 when it has none or the font lacks it). */
  private mirroredGlyph(cp: number): number {
    const m = mirroredCodePoint(cp);
    return m === undefined ? 0 : this.program.glyphId(m);
  }

  private fontkitShaper(): FontkitShaper | null {
    if (this.fontkit === undefined) {
      // Throws FontkitNotLoaded before the first document that needs it (layoutDocument loads it and starts over).
      requireFontkit();
      try {
        this.fontkit = new FontkitShaper(this.program.bytes);
      } catch {
        this.fontkit = null;
      }
    }
    return this.fontkit;
  }

  /** Builds the result; default-ignorable characters become zero-width spaces (as HarfBuzz does). */
  private fromLayout(
    gids: readonly number[], adv: readonly number[], clusters: readonly number[], xo: readonly number[],
    yo: readonly number[], cps: readonly number[], starts: readonly number[], text: string,
  ): ShapedText {
    const n = gids.length;
    const glyphs = new Uint16Array(n);
    const advances = new Int32Array(n);
    const cl = new Uint32Array(n);
    let hasOffsets = false;
    const space = this.program.glyphId(0x20);
    for (let i = 0; i < n; i++) {
      const c = Math.min(clusters[i] ?? 0, Math.max(text.length - 1, 0));
      cl[i] = c;
      const ignorable = isDefaultIgnorable(cps[indexOfStart(starts, c)] ?? 0);
      glyphs[i] = ignorable ? space : gids[i]!;
      advances[i] = ignorable ? 0 : Math.round(adv[i] ?? 0);
      if ((xo[i] ?? 0) !== 0 || (yo[i] ?? 0) !== 0) hasOffsets = true;
    }
    const out: ShapedText = { glyphs, advances, clusters: cl, totalAdvance: sum(advances) };
    if (!hasOffsets) return out;
    return { ...out, xOffsets: Int32Array.from(xo, Math.round), yOffsets: Int32Array.from(yo, Math.round) };
  }
}

/**
 * Hebrew characters that are not marks ([first, last] pairs): maqaf, paseq, sof pasuq, nun
 * hafukha, the letters, the Yiddish ligatures, geresh and gershayim. The points and cantillation
 * (U+0591-U+05C7's marks) are left to fontkit, whose GPOS mark placement the fast path lacks.
 */
const HEBREW_FAST: readonly (readonly [number, number])[] = [
  [0x05be, 0x05be], [0x05c0, 0x05c0], [0x05c3, 0x05c3], [0x05c6, 0x05c6], [0x05d0, 0x05ea], [0x05ef, 0x05f4],
];

/**
 * Whether the character at `i` is shaped by fontkit in every font and direction: off the fast path
 * (needsFullShaping) and not a Hebrew letter or mark of punctuation, which tryFastRtl takes right to
 * left where the font allows. Layout loads fontkit before it starts when some text has one.
 */
export function needsFontkit(text: string, i: number): boolean {
  return needsFullShaping(text, i) && !isHebrewFast(text.charCodeAt(i));
}

function isHebrewFast(c: number): boolean {
  if (c < 0x05be || c > 0x05f4) return false;
  return c >= 0x05d0 ? c <= 0x05ea || c >= 0x05ef : c === 0x05be || c === 0x05c0 || c === 0x05c3 || c === 0x05c6;
}

function featureKey(f: Readonly<Record<string, boolean>> | undefined): string {
  if (!f) return '';
  return Object.keys(f).sort().map((k) => `${k}${f[k] ? 1 : 0}`).join(',');
}

function decode(text: string): { cps: number[]; starts: number[] } {
  const cps: number[] = [];
  const starts: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    starts.push(i);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
      const lo = text.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
        i++;
      }
    }
    cps.push(cp);
  }
  return { cps, starts };
}

function indexOfStart(starts: readonly number[], utf16: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= utf16) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function sum(a: Int32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]!;
  return s;
}

/** The shaper of a font program (created once per program). */
export function shaperFor(program: FontProgram): Shaper {
  let s = program.attachments.get('shaper') as Shaper | undefined;
  if (!s) {
    s = new Shaper(program);
    program.attachments.set('shaper', s);
  }
  return s;
}
