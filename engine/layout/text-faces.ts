/**
 * The FaceResolver over engine/text: collects every font the document asks for (font-needs.ts), loads them
 * once (the only async step of layout), then resolves run properties to faces synchronously.
 */
import type { DiagnosticBag, EngineHost } from '../core';
import type { DocModel, RunProps } from '../model';
import { EAST_ASIAN_FALLBACK_FAMILY, compactFamilyName, createFontContext, hasOriginalVerticalMetrics, loadFontkit, lowerSymbolCodes, mapSymbolText, wordWidthsOf, type FontContext, type LoadedFont, type StandInFit } from '../text';
import type { Face, FaceResolver, FaceSegment, LineMetrics, Shaped } from './faces';
import { fontNeeds, requestKey, requestOf } from './font-needs';
import { drawnHyphens } from './no-break-hyphen';

/** A face resolver whose font warnings are collected once, when layout ends. */
export interface DocumentFaces extends FaceResolver {
  /** Adds the font context's folded warnings (substitutions, fallbacks, missing glyphs) to a bag. */
  reportTo(bag: DiagnosticBag): void;
}

/** Creates the resolver for a document: loads every face its runs need. */
export async function createFaceResolver(doc: DocModel, host: EngineHost, extra: readonly RunProps[] = []): Promise<DocumentFaces> {
  const needs = fontNeeds(doc, extra);
  const fonts = createFontContext(host.fonts, doc.embeddedFonts, { eastAsianFallback: needs.eastAsian, hangulFallback: needs.hangul, emojiFallback: needs.emoji });
  // fontkit with the fonts when some text will need it (FontNeeds.fullShaping): a layout that met such
  // text first on page 300 laid out 299 pages, loaded fontkit and started over (once per process;
  // fuzz seed 69 docx-82: 0.7 s of a 1,251-paragraph run thrown away before its first Arabic cell).
  await Promise.all([fonts.prepare(needs.requests), needs.fullShaping ? loadFontkit() : undefined]);
  const resolver = new TextFaces(fonts);
  return {
    mapText: (text, props) => resolver.mapText(text, props),
    primary: (props) => resolver.primary(props),
    segment: (text, props) => resolver.segment(text, props),
    reportTo: (bag) => bag.addAll(fonts.diagnostics()),
  };
}

/** Adapts LoadedFont to the layout's Face. */
class FaceAdapter implements Face {
  readonly key: string;
  readonly family: string;
  readonly postscriptName: string;
  readonly data: Uint8Array;
  readonly unitsPerEm: number;
  readonly syntheticBold: boolean;
  readonly syntheticItalic: boolean;
  readonly underlinePosition: number;
  readonly underlineThickness: number;
  readonly strikeoutPosition: number;
  readonly strikeoutSize: number;
  readonly widthScale: number;
  readonly programKey?: string;
  private readonly metricsBySize = new Map<number, LineMetrics>();
  /** The face has a glyph for every printable ASCII character. */
  readonly coversAscii: boolean;
  /**
   * For a stand-in of an East Asian original (original-metrics.ts): the original's line metrics at the
   * fallback face's own widths, for the fallback face that draws the CJK characters the original has.
   */
  readonly eastAsianLines?: StandInFit;
  /** For a stand-in of a monospaced East Asian original: the condensed face that draws its printable ASCII. */
  readonly asciiFit?: StandInFit['ascii'];
  /**
   * Lines get Word's split of the height (GDI: win ascent above the baseline, win descent below), as
   * the face's vertical metrics are the original's: a font the document or host gave, or a shipped
   * twin with the same ones. Other stand-ins keep LibreOffice's split of their own metrics, since the
   * original's are not known (the total height is the same for most fonts; Calibri's 1.221 em is
   * 0.952 + 0.269 in Word, 0.75 + 0.221 leading + 0.25 in LibreOffice).
   */
  private readonly wordMetrics: boolean;

  /** `variant` names the advances when they are not the program's own (a fitted stand-in). */
  constructor(readonly font: LoadedFont, private readonly fit?: StandInFit, variant = fit ? `f:${fit.key}` : undefined) {
    this.key = variant ? `${font.id}|${variant}` : font.id;
    if (variant) this.programKey = font.id;
    this.widthScale = fit?.widthScale ?? 1;
    if (fit?.eastAsian && fit.lineMetrics) this.eastAsianLines = { key: `ea:${fit.key}`, widthScale: 1, lineMetrics: fit.lineMetrics };
    if (fit?.ascii) this.asciiFit = fit.ascii;
    this.family = font.family;
    this.postscriptName = font.postscriptName;
    this.data = font.data;
    this.unitsPerEm = font.unitsPerEm;
    this.syntheticBold = font.syntheticBold;
    this.syntheticItalic = font.syntheticItalic;
    // post.underlinePosition is the top of the underline (negative below the baseline); the layout
    // wants the centre of the stroke as a positive offset down.
    this.underlinePosition = -font.metrics.underlinePosition + font.metrics.underlineThickness / 2;
    this.underlineThickness = font.metrics.underlineThickness;
    this.strikeoutPosition = font.metrics.strikeoutPosition;
    this.strikeoutSize = font.metrics.strikeoutSize;
    let all = !font.isSymbolFont;
    for (let c = 0x20; all && c < 0x7f; c++) if (!font.hasGlyph(c)) all = false;
    this.coversAscii = all;
    this.wordMetrics = font.origin === 'host' || font.origin === 'embedded' || (font.origin === 'shipped' && hasOriginalVerticalMetrics(font.family));
  }

  shape(raw: string, kern: boolean, liga: boolean, rtl: boolean): Shaped {
    const shaped = this.font.shape(drawnHyphens(raw), { kern, liga, rtl });
    const k = this.widthScale;
    if (k === 1) return shaped;
    // A fitted stand-in: its advances (and GPOS offsets) take the original's widths.
    const advances = Array.from(shaped.advances, (a) => a * k);
    const xo = shaped.xOffsets;
    return { glyphs: shaped.glyphs, clusters: shaped.clusters, advances, ...(xo ? { xOffsets: Array.from(xo, (x) => x * k) } : {}) };
  }

  glyphInkRight(glyph: number): number {
    return this.font.glyphInkRight(glyph);
  }

  glyphInkBox(glyph: number): readonly [number, number, number, number] | undefined {
    return this.font.glyphInkBox(glyph);
  }

  lineMetrics(sizePt: number): LineMetrics {
    let m = this.metricsBySize.get(sizePt);
    if (!m) {
      const own = this.fit?.lineMetrics;
      m = own ? own(sizePt) : this.wordMetrics ? this.font.wordLineMetrics(sizePt) : this.font.libreOfficeLineMetrics(sizePt);
      this.metricsBySize.set(sizePt, m);
    }
    return m;
  }

  chartMetrics(sizePt: number): LineMetrics {
    return this.fit?.lineMetrics || !this.wordMetrics ? this.lineMetrics(sizePt) : this.font.libreOfficeLineMetrics(sizePt);
  }
}

/**
 * A stand-in face drawn on the original family's advance widths as Word measures them
 * (engine/text/word-widths.ts): each glyph that is one character keeps its kerning but takes the
 * table's width instead of its own; other glyphs scale by the table's median ratio. The median, not
 * the mean: one letter drawn otherwise (Verdana's J is 1.54 of DejaVu Sans's, its j 1.24, where its
 * other letters are 0.95-1.08) made the mean 1.022, set every unmeasured character 2% wide and broke
 * poi-drawing's Cyrillic Verdana lines a word early; the median is 1.000.
 */
class WordWidthFace extends FaceAdapter {
  private readonly ratio: number;
  private readonly tabularFigures: boolean;

  constructor(font: LoadedFont, fit: StandInFit | undefined, tableKey: string, private readonly widths: ReadonlyMap<number, number>) {
    // A fit (original-metrics.ts) still gives the drawing scale and the line height;
    // the advances come from the table.
    super(font, fit, `w:${tableKey}`);
    const ratios: number[] = [];
    for (const [cp, w] of widths) {
      // Latin letters only: figures and punctuation often differ more (Cambria's tabular figures),
      // and the ratio stands in for the Latin letters a table lacks (a table's other scripts, such as
      // Verdana's Cyrillic, differ from the stand-in's by another ratio).
      if (!/\p{Script=Latin}/u.test(String.fromCodePoint(cp))) continue;
      const g = font.glyphId(cp);
      const own = g ? font.advanceWidth(g) : 0;
      if (own > 0) ratios.push((w * font.unitsPerEm) / 1000 / own);
    }
    this.ratio = medianOf(ratios);
    // The original has tabular figures (one width for all ten) and the stand-in's default figures are
    // proportional (Cambria's are 554/1000 em; Caladea's default '1' is 362): draw the stand-in's
    // tabular figures ('tnum'), whose shapes fill such cells, where it has them.
    const digits = [...'0123456789'].map((c) => widths.get(c.charCodeAt(0)));
    const own = [...'0123456789'].map((c) => font.advanceWidth(font.glyphId(c.charCodeAt(0))));
    this.tabularFigures = digits.every((w) => w !== undefined && w === digits[0]) && own.some((a) => a !== own[0]);
  }

  override shape(raw: string, kern: boolean, liga: boolean, rtl: boolean): Shaped {
    const text = drawnHyphens(raw);
    const figures = this.tabularFigures && /[0-9]/.test(text);
    const r = this.font.shape(text, figures ? { kern, liga, rtl, features: { tnum: true } } : { kern, liga, rtl });
    const n = r.glyphs.length;
    const advances = new Array<number>(n);
    const upm = this.font.unitsPerEm;
    // Glyphs per cluster start: a glyph is one character when it is alone in its cluster and a
    // cluster (or the end of the text) starts one code unit later.
    const glyphsAt = new Uint16Array(text.length + 1);
    for (let v = 0; v < n; v++) glyphsAt[r.clusters[v]!]!++;
    glyphsAt[text.length] = 1;
    for (let v = 0; v < n; v++) {
      const c = r.clusters[v]!;
      const own = this.font.advanceWidth(r.glyphs[v]!);
      const w = glyphsAt[c] === 1 && glyphsAt[c + 1]! > 0 ? this.widths.get(text.charCodeAt(c)) : undefined;
      advances[v] = w !== undefined ? r.advances[v]! - own + (w * upm) / 1000 : r.advances[v]! * this.ratio;
    }
    return { glyphs: r.glyphs, advances, clusters: r.clusters, ...(r.xOffsets ? { xOffsets: r.xOffsets } : {}) };
  }
}

/** The median of `values` (1 when there are none). */
function medianOf(values: number[]): number {
  if (values.length === 0) return 1;
  const v = [...values].sort((a, b) => a - b);
  const m = v.length >> 1;
  return v.length % 2 === 1 ? v[m]! : (v[m - 1]! + v[m]!) / 2;
}

class TextFaces {
  private readonly adapters = new Map<LoadedFont, FaceAdapter>();
  /** Stand-ins with advances of their own, by font and variant (one font may stand in for several). */
  private readonly fitted = new Map<LoadedFont, Map<string, FaceAdapter>>();
  private readonly primaries = new Map<string, FaceAdapter>();
  /** Run properties are shared by many runs: look their face up by identity first. */
  private readonly byProps = new WeakMap<RunProps, FaceAdapter>();

  constructor(private readonly fonts: FontContext) {}

  private adapt(font: LoadedFont): FaceAdapter {
    let a = this.adapters.get(font);
    if (!a) {
      a = new FaceAdapter(font);
      this.adapters.set(font, a);
    }
    return a;
  }

  /** A stand-in face with advances of its own (`variant`), made once per font and variant. */
  private variant(font: LoadedFont, variant: string, make: () => FaceAdapter): FaceAdapter {
    let byVariant = this.fitted.get(font);
    if (!byVariant) this.fitted.set(font, (byVariant = new Map()));
    let a = byVariant.get(variant);
    if (!a) byVariant.set(variant, (a = make()));
    return a;
  }

  primary(props: RunProps): FaceAdapter {
    const known = this.byProps.get(props);
    if (known) return known;
    const key = requestKey(props);
    let face = this.primaries.get(key);
    if (!face) {
      const request = requestOf(props);
      const font = this.fonts.resolve(request);
      const fit = this.fonts.standInFit(request);
      // The family drawn: the run's own, or the declared alternate that located it.
      const asked = compactFamilyName(this.fonts.substitutionOf(request).viaAlternate ?? props.font);
      // Word's own widths for a shipped stand-in (word-widths.ts), character by character.
      const widths = (font.origin === 'shipped' || font.origin === 'builtin') && compactFamilyName(font.family) !== asked ? wordWidthsOf(asked, props.bold, props.italic) : undefined;
      const table = `${asked}|${props.bold ? 1 : 0}${props.italic ? 1 : 0}`;
      if (widths) face = this.variant(font, `w:${table}`, () => new WordWidthFace(font, fit, table, widths));
      else face = fit ? this.variant(font, `f:${fit.key}`, () => new FaceAdapter(font, fit)) : this.adapt(font);
      this.primaries.set(key, face);
    }
    this.byProps.set(props, face);
    return face;
  }

  mapText(text: string, props: RunProps): string {
    const face = this.primary(props);
    if (face.font.isSymbolFont) return text;
    return lowerSymbolCodes(props.font, mapSymbolText(props.font, text), (cp) => face.font.hasGlyph(cp));
  }

  segment(text: string, props: RunProps): FaceSegment[] {
    const primary = this.primary(props);
    const ascii = primary.asciiFit ? this.asciiFace(primary.asciiFit) : undefined;
    // Fast path: printable ASCII in a face that has all of it (the common case) needs no fallback.
    if (primary.coversAscii && isPrintableAscii(text)) return [{ start: 0, end: text.length, face: ascii ?? primary }];
    // A non-breaking hyphen takes the face of a hyphen-minus (no-break-hyphen.ts).
    const segs = this.fonts.segmentByFont(drawnHyphens(text), primary.font);
    const faced = segs.map((s) => ({ start: s.start, end: s.end, face: s.font === primary.font ? primary : this.fallbackFace(s.font, primary) }));
    return ascii ? splitAscii(text, faced, primary, ascii) : faced;
  }

  /** The condensed monospaced face of a monospaced East Asian original's ASCII (original-metrics.ts asciiAdvance). */
  private asciiFace(a: NonNullable<StandInFit['ascii']>): FaceAdapter {
    return this.variant(a.font, `f:${a.fit.key}`, () => new FaceAdapter(a.font, a.fit));
  }

  /**
   * The face of a fallback segment: the fallback font's own, except where the primary stands in for
   * an East Asian original and the East Asian fallback draws the original's CJK characters; those
   * lines are the original's (Word measures the font the run names, which has the characters).
   */
  private fallbackFace(font: LoadedFont, primary: FaceAdapter): FaceAdapter {
    const ea = primary.eastAsianLines;
    if (!ea || font.origin !== 'shipped' || font.family !== EAST_ASIAN_FALLBACK_FAMILY) return this.adapt(font);
    return this.variant(font, ea.key, () => new FaceAdapter(font, ea, ea.key));
  }
}

/**
 * Gives the printable ASCII inside the primary face's segments to `ascii`: a monospaced East Asian
 * original draws exactly those half-width; its other characters keep the primary's stand-in.
 */
function splitAscii(text: string, segs: readonly FaceSegment[], primary: FaceAdapter, ascii: FaceAdapter): FaceSegment[] {
  const out: FaceSegment[] = [];
  for (const seg of segs) {
    if (seg.face !== primary) {
      out.push(seg);
      continue;
    }
    let start = seg.start;
    for (let i = seg.start; i <= seg.end; i++) {
      const isAscii = i < seg.end && isPrintableCode(text.charCodeAt(i));
      const wasAscii = i > start && isPrintableCode(text.charCodeAt(i - 1));
      if (i > start && (i === seg.end || isAscii !== wasAscii)) {
        out.push({ start, end: i, face: wasAscii ? ascii : primary });
        start = i;
      }
    }
  }
  return out;
}

function isPrintableCode(c: number): boolean {
  return c >= 0x20 && c <= 0x7e;
}

function isPrintableAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}
