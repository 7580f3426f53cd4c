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
import { requireFontkit } from './fontkit-loader';

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
  direction?: unknown;
  features: Record<string, unknown>;
  lookupsForFeatures(userFeatures?: readonly string[], exclude?: readonly number[]): unknown[];
}

/** fontkit's ShapingPlan: feature stages for one script, direction and set of user features. */
interface FkPlan {
  readonly allFeatures: Record<string, number>;
  assignGlobalFeatures(glyphs: FkGlyphInfo[]): void;
}

/** A fontkit shaper class (DefaultShaper, ArabicShaper, IndicShaper, ...): static methods only. */
interface FkShaperClass {
  assignFeatures(plan: FkPlan, glyphs: FkGlyphInfo[]): void;
}

/** The part of a GlyphRun that OTLayoutEngine.setup reads and writes. */
interface FkGlyphRun {
  readonly glyphs: readonly { readonly id: number; readonly codePoints: readonly number[] }[];
  readonly script: unknown;
  readonly language: unknown;
  readonly direction: unknown;
  readonly features: Record<string, boolean>;
}

type FkGlyphInfoClass = new (font: unknown, id: number, codePoints: number[]) => FkGlyphInfo;

interface FkEngine {
  glyphInfos?: FkGlyphInfo[] | null;
  plan?: FkPlan | null;
  shaper?: FkShaperClass | null;
  font?: unknown;
  cleanup?: () => void;
  setup?: (glyphRun: FkGlyphRun) => void;
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
  /** Test hook: shaping plans built (fontkit's own setup run), one per script, language, direction and features. */
  planBuilds = 0;
  /** Test hook: when false, fontkit builds a plan on every call, as it does unpatched. */
  reusePlans = true;

  constructor(bytes: Uint8Array) {
    this.font = requireFontkit().create(bytes) as FkFont;
    const engine = this.font._layoutEngine.engine;
    this.engine = engine;
    if (engine && typeof engine.cleanup === 'function') {
      const original = engine.cleanup;
      engine.cleanup = () => {
        this.captured = engine.glyphInfos ?? null;
        original.call(engine);
      };
    }
    if (engine && typeof engine.setup === 'function') this.memoisePlans(engine, engine.setup);
    if (engine?.GSUBProcessor) memoiseLookups(engine.GSUBProcessor);
    if (engine?.GPOSProcessor) memoiseLookups(engine.GPOSProcessor);
    const processor = engine?.GSUBProcessor ?? engine?.GPOSProcessor;
    if (processor) indexClassRanges(Object.getPrototypeOf(Object.getPrototypeOf(processor)) as ClassLookup);
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

  /**
   * fontkit's OTLayoutEngine.setup selects the script and language system of GSUB and GPOS, picks a
   * shaper and builds a new ShapingPlan (feature stages) on every call before assigning features to
   * the glyphs: a third of the time of shaping a short word, paid by every distinct Arabic, Hebrew or
   * Thai word. What it selects and plans depends only on the run's script, language, direction and
   * user features (resetScripts makes the selection start afresh on every call), and the plan and
   * selected features are only read afterwards. So each combination is set up once by fontkit and
   * replayed after: the processors' selection restored, the same plan and shaper, and only the
   * per-glyph part (GlyphInfo records, global and shaper-assigned features such as Arabic joining
   * forms or split Indic matras) done per call, as setup does it.
   */
  private memoisePlans(engine: FkEngine, original: (glyphRun: FkGlyphRun) => void): void {
    const plans = new Map<string, SetupMemo>();
    let glyphInfo: FkGlyphInfoClass | undefined;
    engine.setup = (run: FkGlyphRun) => {
      const key = this.reusePlans ? setupKey(run) : undefined;
      const memo = key === undefined || !glyphInfo ? undefined : plans.get(key);
      if (!memo || !glyphInfo) {
        original.call(engine, run);
        this.planBuilds++;
        glyphInfo ??= engine.glyphInfos?.[0]?.constructor as FkGlyphInfoClass | undefined;
        if (key !== undefined && engine.plan && engine.shaper) plans.set(key, { plan: engine.plan, shaper: engine.shaper, gsub: selection(engine.GSUBProcessor), gpos: selection(engine.GPOSProcessor) });
        return;
      }
      restoreSelection(engine.GPOSProcessor, memo.gpos);
      restoreSelection(engine.GSUBProcessor, memo.gsub);
      const infos = run.glyphs.map((g) => new glyphInfo!(engine.font, g.id, [...g.codePoints]));
      engine.glyphInfos = infos;
      engine.shaper = memo.shaper;
      engine.plan = memo.plan;
      memo.plan.assignGlobalFeatures(infos);
      memo.shaper.assignFeatures(memo.plan, infos);
      for (const f in memo.plan.allFeatures) run.features[f] = true;
    };
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

/** A setup fontkit did once: its plan and shaper, and what each processor selected. */
interface SetupMemo {
  readonly plan: FkPlan;
  readonly shaper: FkShaperClass;
  readonly gsub: Selection | undefined;
  readonly gpos: Selection | undefined;
}

/** A processor's script and language system selection (OTProcessor.selectScript's fields). */
type Selection = Pick<FkProcessor, 'script' | 'scriptTag' | 'language' | 'languageTag' | 'direction' | 'features'>;

/** What setup's selection and plan depend on: the run's script, language, direction and user features as given. */
function setupKey(run: FkGlyphRun): string {
  // In the object's own order: the same features given in another order only make another entry.
  let key = `${String(run.script)}|${String(run.language)}|${String(run.direction)}|`;
  for (const k in run.features) key += run.features[k] ? `${k},` : `-${k},`;
  return key;
}

function selection(p: FkProcessor | null | undefined): Selection | undefined {
  if (!p) return undefined;
  return { script: p.script, scriptTag: p.scriptTag, language: p.language, languageTag: p.languageTag, direction: p.direction, features: p.features };
}

function restoreSelection(p: FkProcessor | null | undefined, s: Selection | undefined): void {
  if (!p || !s) return;
  p.script = s.script;
  p.scriptTag = s.scriptTag;
  p.language = s.language;
  p.languageTag = s.languageTag;
  p.direction = s.direction;
  p.features = s.features;
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
  // A reused plan (memoisePlans) passes the same stage arrays call after call: found by identity first.
  const byStage = new WeakMap<readonly string[], { readonly scriptTag: unknown; readonly languageTag: unknown; readonly lookups: unknown[] }>();
  processor.lookupsForFeatures = function (this: FkProcessor, userFeatures: readonly string[] = [], exclude?: readonly number[]) {
    if (exclude) return original.call(this, userFeatures, exclude);
    const known = byStage.get(userFeatures);
    if (known && known.scriptTag === this.scriptTag && known.languageTag === this.languageTag) return known.lookups;
    const lookups = lookupsFor(this, userFeatures);
    byStage.set(userFeatures, { scriptTag: this.scriptTag, languageTag: this.languageTag, lookups });
    return lookups;
  };
  function lookupsFor(self: FkProcessor, userFeatures: readonly string[]): unknown[] {
    const key = `${(self.scriptTag as string | null) ?? ''}|${(self.languageTag as string | null) ?? ''}|${userFeatures.join(',')}`;
    let lookups = memo.get(key);
    if (!lookups) {
      lookups = original.call(self, userFeatures);
      memo.set(key, lookups);
    }
    return lookups;
  }
}

interface ClassDefTable {
  readonly version: number;
  readonly classRangeRecord?: Iterable<{ readonly start: number; readonly end: number; readonly class: number }>;
}

interface ClassLookup {
  getClassID(glyph: number, classDef: ClassDefTable): number;
}

/** Glyph → class tables of class definitions by ranges, by the (immutable, decoded) table object. */
const classTables = new WeakMap<ClassDefTable, Uint16Array | null>();
/** OTProcessor prototypes whose getClassID is already replaced. */
const classLookupInstalled = new WeakSet<object>();
/** Most glyph slots a range table may fill; beyond that (overlapping ranges) the ranges are scanned. */
const MAX_CLASS_FILL = 1 << 18;

/**
 * fontkit finds a glyph's class in a ClassDef format 2 (OpenType, "Class Definition Table Format 2")
 * by scanning the range records in order, and does so for every glyph it sets (the GDEF glyph class
 * of each GlyphInfo) and for every class-based context and pair match: a linear scan per glyph, with
 * an iterator allocated, over fonts with hundreds of ranges. The ranges become one glyph-indexed
 * table instead, filled from the last record to the first so that the first range holding a glyph
 * wins, as in the scan; glyphs in no range get 0, as from the scan. A table whose ranges would fill
 * more than MAX_CLASS_FILL slots keeps the scan. Installed once on fontkit's OTProcessor prototype,
 * which GlyphInfo calls directly.
 */
function indexClassRanges(proto: ClassLookup): void {
  if (!Object.prototype.hasOwnProperty.call(proto, 'getClassID') || classLookupInstalled.has(proto)) return;
  classLookupInstalled.add(proto);
  const original = proto.getClassID;
  proto.getClassID = function (this: unknown, glyph: number, classDef: ClassDefTable): number {
    if (classDef.version !== 2) return original.call(this, glyph, classDef);
    let table = classTables.get(classDef);
    if (table === undefined) {
      table = classTableOf(classDef);
      classTables.set(classDef, table);
    }
    if (table === null || (glyph | 0) !== glyph) return original.call(this, glyph, classDef);
    return glyph >= 0 && glyph < table.length ? table[glyph]! : 0;
  };
}

function classTableOf(classDef: ClassDefTable): Uint16Array | null {
  if (!classDef.classRangeRecord) return null;
  const ranges = [...classDef.classRangeRecord];
  let fill = 0;
  let size = 0;
  for (const r of ranges) {
    if (!Number.isInteger(r.start) || !Number.isInteger(r.end) || !Number.isInteger(r.class) || r.start < 0 || r.end > 0xffff || r.class < 0 || r.class > 0xffff) return null;
    if (r.end >= r.start) {
      fill += r.end - r.start + 1;
      size = Math.max(size, r.end + 1);
    }
  }
  if (fill > MAX_CLASS_FILL) return null;
  const table = new Uint16Array(size);
  for (let i = ranges.length - 1; i >= 0; i--) {
    const r = ranges[i]!;
    for (let g = r.start; g <= r.end; g++) table[g] = r.class;
  }
  return table;
}
