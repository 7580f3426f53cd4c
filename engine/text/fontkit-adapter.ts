/**
 * The one place that touches fontkit's layout internals (@pdf-lib/fontkit 1.1.x).
 *
 * Why not just `font.layout(string)`: fontkit caches Glyph objects per glyph id with the code points
 * of their first use, and drops its per-glyph shaping records after layout, so neither gives
 * reliable clusters. We pass our own glyph objects (cmap done by us, so symbol fonts and our
 * fallback mapping apply) carrying their real code points, capture the shaping records
 * (GlyphInfo, logical order) just before fontkit discards them, and reset the script selection
 * before each call, because fontkit keeps the previous script when a font has none of the
 * requested or default scripts — which would make results depend on call history.
 */
import fontkit from '@pdf-lib/fontkit';

interface FkGlyph {
  readonly id: number;
  codePoints: number[];
  isMark: boolean;
}

interface FkPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}

interface FkGlyphInfo {
  readonly id: number;
  readonly codePoints: readonly number[];
}

interface FkProcessor {
  script: unknown;
  scriptTag: unknown;
  language: unknown;
  languageTag: unknown;
  features: Record<string, unknown>;
  lookupsForFeatures(userFeatures?: readonly string[], exclude?: readonly number[]): unknown[];
}

interface FkEngine {
  glyphInfos?: FkGlyphInfo[] | null;
  cleanup?: () => void;
  GSUBProcessor?: FkProcessor | null;
  GPOSProcessor?: FkProcessor | null;
}

interface FkFont {
  getGlyph(id: number): FkGlyph;
  layout(
    glyphs: FkGlyph[], features: Record<string, boolean>, script?: string, language?: string, direction?: string,
  ): { glyphs: FkGlyph[]; positions: FkPosition[] };
  readonly _layoutEngine: { readonly engine?: FkEngine };
}

/** Result of a fontkit layout, glyphs in visual order (left to right). */
export interface FontkitLayout {
  readonly glyphs: number[];
  readonly advances: number[];
  readonly xOffsets: number[];
  readonly yOffsets: number[];
  /** Per output glyph, the index (into the input code point array) of its first code point. */
  readonly sourceIndex: number[];
}

/** A fontkit font with the capture hook installed. */
export class FontkitShaper {
  private readonly font: FkFont;
  private readonly engine: FkEngine | undefined;
  private captured: FkGlyphInfo[] | null = null;

  constructor(bytes: Uint8Array) {
    this.font = (fontkit as unknown as { create(b: Uint8Array): FkFont }).create(bytes);
    const engine = this.font._layoutEngine.engine;
    this.engine = engine;
    if (engine && typeof engine.cleanup === 'function') {
      const original = engine.cleanup;
      engine.cleanup = () => {
        this.captured = engine.glyphInfos ?? null;
        original.call(engine);
      };
    }
    if (engine?.GSUBProcessor) memoiseLookups(engine.GSUBProcessor);
    if (engine?.GPOSProcessor) memoiseLookups(engine.GPOSProcessor);
  }

  /**
   * Shapes code points already mapped to glyph ids. `isMark` says, per code point, whether it is a
   * combining mark (used by fontkit's mark positioning for fonts without GPOS).
   */
  layout(
    codePoints: readonly number[], glyphIds: readonly number[], isMark: (cp: number) => boolean,
    features: Record<string, boolean>, rtl: boolean, script?: string, language?: string,
  ): FontkitLayout {
    const input: FkGlyph[] = [];
    for (let i = 0; i < glyphIds.length; i++) {
      const g = Object.create(this.font.getGlyph(glyphIds[i]!)) as FkGlyph;
      g.codePoints = [codePoints[i]!];
      g.isMark = isMark(codePoints[i]!);
      input.push(g);
    }
    this.resetScripts();
    this.captured = null;
    const run = this.font.layout(input, features, script, language, rtl ? 'rtl' : 'ltr');
    const n = run.glyphs.length;
    const glyphs: number[] = new Array(n);
    const advances: number[] = new Array(n);
    const xOffsets: number[] = new Array(n);
    const yOffsets: number[] = new Array(n);
    for (let i = 0; i < n; i++) {
      glyphs[i] = run.glyphs[i]!.id;
      const p = run.positions[i]!;
      advances[i] = p.xAdvance;
      xOffsets[i] = p.xOffset;
      yOffsets[i] = p.yOffset;
    }
    return { glyphs, advances, xOffsets, yOffsets, sourceIndex: this.sourceIndexes(input, n, rtl) };
  }

  private resetScripts(): void {
    for (const p of [this.engine?.GSUBProcessor, this.engine?.GPOSProcessor]) {
      if (!p) continue;
      p.script = null;
      p.scriptTag = null;
      p.language = null;
      p.languageTag = null;
      p.features = {};
    }
  }

  /**
   * Maps output glyphs to input code point indexes: shaping records keep the code points each glyph
   * stands for (ligatures concatenate them, extra glyphs of a multiple substitution carry none), so a
   * running count over them gives each glyph's first code point.
   */
  private sourceIndexes(input: readonly FkGlyph[], n: number, rtl: boolean): number[] {
    const infos = this.captured;
    const logical: number[] = new Array(n);
    if (infos && infos.length === n) {
      let k = 0;
      for (let i = 0; i < n; i++) {
        logical[i] = Math.min(k, Math.max(input.length - 1, 0));
        k += infos[i]!.codePoints.length;
      }
    } else {
      // No OpenType engine ran (no GSUB/GPOS, or AAT): glyphs stay one per code point.
      for (let i = 0; i < n; i++) logical[i] = Math.min(i, Math.max(input.length - 1, 0));
    }
    return rtl ? logical.reverse() : logical;
  }
}

/**
 * fontkit gathers a stage's lookups (its features' lookup lists, sorted) on every layout call,
 * since each call builds a new shaping plan; that was a sixth of the time of a word's first full
 * shaping. The list depends only on the stage's feature tags and on the script and language
 * system selected: resetScripts makes selectScript start afresh on every call, so the same
 * (scriptTag, languageTag) of one processor always selects the same language system and so the
 * same features. fontkit only reads the list it returns.
 */
function memoiseLookups(processor: FkProcessor): void {
  const original = processor.lookupsForFeatures;
  const memo = new Map<string, unknown[]>();
  processor.lookupsForFeatures = function (this: FkProcessor, userFeatures: readonly string[] = [], exclude?: readonly number[]) {
    if (exclude) return original.call(this, userFeatures, exclude);
    const key = `${(this.scriptTag as string | null) ?? ''}|${(this.languageTag as string | null) ?? ''}|${userFeatures.join(',')}`;
    let lookups = memo.get(key);
    if (!lookups) {
      lookups = original.call(this, userFeatures);
      memo.set(key, lookups);
    }
    return lookups;
  };
}
