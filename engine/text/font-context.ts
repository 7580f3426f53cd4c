/**
 * FontContext: the faces one document may use. `prepare` loads (possibly asynchronously) every font
 * file the requests need; afterwards `resolve`, `fallbackChain` and `segmentByFont` are synchronous
 * and never fail. Priority for a requested family: host extra faces > fonts embedded in the document
 * > substitution to a shipped family (substitution.ts) > DejaVu Sans > a built-in last-resort font.
 * A missing style is taken from the nearest face of the family and flagged synthetic.
 */
import { DiagnosticBag, warning, type Diagnostic, type FontSource } from '../core';
import type { EmbeddedFace, FaceRequest, FontContextOptions, StandInFit } from './face-request';
import { loadFontProgram, type FontProgram } from './font-program';
import { LAST_RESORT_FAMILY, lastResortFontBytes } from './last-resort';
import { lineMetricsOf, type LineMetrics } from './line-metrics';
import { createLoadedFont, type FaceOrigin, type LoadedFont } from './loaded-font';
import { FallbackCache, segmentText, type FontSegment } from './segment';
import { DEFAULT_FAMILY, EAST_ASIAN_FALLBACK_FAMILY, EMOJI_FALLBACK_FAMILY, HANGUL_FALLBACK_FAMILY, shippedFacesOf, type GenericClass } from './shipped-fonts';
import type { OriginalMetrics } from './original-metrics';
import { compactFamilyName, substituteFamily, type Substitution } from './substitution';

interface FaceEntry {
  readonly family: string;
  readonly bold: boolean;
  readonly italic: boolean;
  readonly origin: 'host' | 'embedded';
  readonly data: Uint8Array;
}

interface Style {
  readonly bold: boolean;
  readonly italic: boolean;
}

/** Italic shapes differ more than weights, so a wrong slant costs more than a wrong weight. */
function styleDistance(face: Style, want: Style): number {
  return (face.italic !== want.italic ? 2 : 0) + (face.bold !== want.bold ? 1 : 0);
}

function byDistance<T extends Style>(faces: readonly T[], want: Style): T[] {
  return [...faces].sort((a, b) => styleDistance(a, want) - styleDistance(b, want));
}

const FALLBACK_FAMILIES = ['DejaVu Serif', 'DejaVu Math TeX Gyre'] as const;

/** The faces available to one document. */
export class FontContext {
  private readonly source: FontSource | undefined;
  private readonly options: FontContextOptions;
  private readonly faces = new Map<string, FaceEntry[]>();
  private readonly files = new Map<string, Uint8Array | undefined>();
  private readonly bag = new DiagnosticBag();
  private readonly warned = new Set<string>();
  private readonly resolved = new Map<string, LoadedFont>();
  private readonly views = new Map<string, LoadedFont>();
  private readonly chains = new Map<string, readonly LoadedFont[]>();
  /** Chains for requests that match the primary's own style, by primary face (the common case). */
  private readonly ownStyleChains = new Map<LoadedFont, readonly LoadedFont[]>();
  private readonly sink = (d: Diagnostic): void => this.bag.add(d);
  /** Per-character fallback answers of this document, bounded over all its chains. */
  private readonly fallbacks = new FallbackCache();

  constructor(source: FontSource | undefined, embedded: readonly EmbeddedFace[] = [], options: FontContextOptions = {}) {
    this.source = source;
    this.options = options;
    for (const f of source?.extraFaces ?? []) this.addFace({ family: f.family, bold: !!f.bold, italic: !!f.italic, origin: 'host', data: f.data });
    for (const f of embedded) this.addFace({ ...f, origin: 'embedded' });
  }

  private addFace(e: FaceEntry): void {
    const key = compactFamilyName(e.family);
    const list = this.faces.get(key) ?? [];
    list.push(e);
    // Host faces first, then embedded; stable within each origin.
    list.sort((a, b) => (a.origin === b.origin ? 0 : a.origin === 'host' ? -1 : 1));
    this.faces.set(key, list);
    this.resolved.clear();
    this.chains.clear();
    this.ownStyleChains.clear();
  }

  /** Adds a font embedded in the document (call before `prepare`/`resolve`). */
  registerEmbeddedFace(face: EmbeddedFace): void {
    this.addFace({ ...face, origin: 'embedded' });
  }

  /** Diagnostics gathered so far (substitutions, fallbacks, missing glyphs, bad fonts), folded. */
  diagnostics(): Diagnostic[] {
    return this.bag.list();
  }

  private warnOnce(key: string, d: Diagnostic): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.bag.add(d);
  }

  /** Records a diagnostic (folded with equal ones). */
  report(d: Diagnostic): void {
    this.bag.add(d);
  }

  /** The substitution for a family (overrides first). */
  substitution(family: string, genericHint?: GenericClass, alternates?: readonly string[]): Substitution {
    const o = this.options.familyOverrides;
    if (o) {
      const key = compactFamilyName(family);
      const target = Object.entries(o).find(([k]) => compactFamilyName(k) === key)?.[1];
      if (target && shippedFacesOf(target).length > 0) return { ...substituteFamily(target), reason: 'metric' };
    }
    return substituteFamily(family, { genericHint, preferHint: this.options.useGenericHints ?? false, ...(alternates ? { alternates } : {}) });
  }

  /** A request's substitution (its family, generic hint and declared alternates). */
  substitutionOf(r: FaceRequest): Substitution {
    return this.substitution(r.family, r.genericHint, r.alternates);
  }

  /** Shipped files a request may need: its substitute's nearest style and the fallback chain. */
  private filesFor(r: FaceRequest): string[] {
    const out: string[] = [];
    const want = { bold: r.bold, italic: r.italic };
    if (!this.faces.has(compactFamilyName(r.family))) {
      const sub = this.substitutionOf(r);
      const styled = { bold: r.bold || !!sub.impliedBold, italic: r.italic || !!sub.impliedItalic };
      const best = byDistance(shippedFacesOf(sub.family), styled)[0];
      if (best) out.push(best.fileName);
    }
    for (const s of [want, { bold: false, italic: false }]) {
      const f = byDistance(shippedFacesOf(DEFAULT_FAMILY), s)[0];
      if (f) out.push(f.fileName);
    }
    for (const fam of FALLBACK_FAMILIES) out.push(shippedFacesOf(fam)[0]!.fileName);
    if (this.options.hangulFallback) out.push(shippedFacesOf(HANGUL_FALLBACK_FAMILY)[0]!.fileName);
    if (this.options.eastAsianFallback) out.push(shippedFacesOf(EAST_ASIAN_FALLBACK_FAMILY)[0]!.fileName);
    const asciiStandIn = this.substitutionOf(r).original?.asciiStandIn;
    if (asciiStandIn) out.push(byDistance(shippedFacesOf(asciiStandIn), want)[0]!.fileName);
    if (this.options.emojiFallback) out.push(shippedFacesOf(EMOJI_FALLBACK_FAMILY)[0]!.fileName);
    return out;
  }

  /** Loads every font file the requests need. Safe to call more than once. */
  async prepare(requests: Iterable<FaceRequest>): Promise<void> {
    const needed = new Set<string>();
    for (const r of requests) for (const f of this.filesFor(r)) needed.add(f);
    const missing = [...needed].filter((f) => !this.files.has(f)).sort();
    const loaded = await Promise.all(missing.map((f) => this.fetchFile(f)));
    missing.forEach((f, i) => this.files.set(f, loaded[i]));
    this.resolved.clear();
    this.chains.clear();
    this.ownStyleChains.clear();
  }

  private async fetchFile(fileName: string): Promise<Uint8Array | undefined> {
    try {
      return (await this.source?.loadFile(fileName)) ?? undefined;
    } catch {
      return undefined;
    }
  }

  /** A shipped file's bytes: loaded by `prepare`, or fetched now when the host answers synchronously. */
  private file(fileName: string): Uint8Array | undefined {
    if (this.files.has(fileName)) return this.files.get(fileName);
    let data: Uint8Array | undefined;
    try {
      const r = this.source?.loadFile(fileName);
      if (r instanceof Uint8Array) data = r;
      else if (r && typeof (r as Promise<unknown>).then === 'function') {
        (r as Promise<unknown>).then(undefined, () => undefined);
        this.warnOnce(`prepare:${fileName}`, warning('text/font-not-prepared', `Font file '${fileName}' was needed before it was loaded.`, {
          hint: 'Call FontContext.prepare() with all font requests before layout.',
        }));
        return undefined;
      }
    } catch {
      data = undefined;
    }
    this.files.set(fileName, data);
    return data;
  }

  private program(data: Uint8Array, label: string): FontProgram | undefined {
    const p = loadFontProgram(data);
    if (p instanceof Error) {
      this.warnOnce(`bad:${label}`, warning('text/bad-font', `The font ${label} cannot be used: ${p.message}.`, {
        hint: 'Another font is used instead; replace or re-embed the font to fix it.',
      }));
      return undefined;
    }
    return p;
  }

  private view(p: FontProgram, id: string, family: string, face: Style, want: Style, origin: FaceOrigin): LoadedFont {
    const synthBold = want.bold && !face.bold;
    const synthItalic = want.italic && !face.italic;
    const key = `${id}|${synthBold ? 1 : 0}${synthItalic ? 1 : 0}`;
    let v = this.views.get(key);
    if (!v) {
      // A synthetic style is a face of its own (its own entry in the LayoutDoc's font table, drawn
      // stroked or slanted), so its id differs from the plain view's of the same program.
      const viewId = synthBold || synthItalic ? `${id}|${synthBold ? 'b' : ''}${synthItalic ? 'i' : ''}` : id;
      v = createLoadedFont(p, { id: viewId, family, bold: face.bold, italic: face.italic, syntheticBold: synthBold, syntheticItalic: synthItalic, origin }, this.sink);
      this.views.set(key, v);
    }
    return v;
  }

  private fromFaces(r: FaceRequest): LoadedFont | undefined {
    const entries = this.faces.get(compactFamilyName(r.family));
    if (!entries) return undefined;
    for (const e of byDistance(entries, r)) {
      const style = e.bold ? (e.italic ? 'bold italic' : 'bold') : e.italic ? 'italic' : 'regular';
      const p = this.program(e.data, `'${e.family}' (${style}, ${e.origin === 'host' ? 'supplied by the host' : 'embedded in the document'})`);
      if (!p) continue;
      const id = `${e.origin}:${e.family}:${style}:${p.contentKey}`;
      return this.view(p, id, e.family, e, r, e.origin);
    }
    return undefined;
  }

  /** The nearest-style shipped face of a family that is available, or undefined. */
  shippedFace(family: string, want: Style): LoadedFont | undefined {
    for (const f of byDistance(shippedFacesOf(family), want)) {
      const data = this.file(f.fileName);
      if (!data) {
        this.warnOnce(`file:${f.fileName}`, warning('text/font-file-missing', `The shipped font file '${f.fileName}' is not available.`, {
          hint: 'The host font source returned nothing for it; check the fonts folder or the host configuration.',
        }));
        continue;
      }
      const p = this.program(data, `file '${f.fileName}'`);
      if (p) return this.view(p, f.fileName, f.family, f, want, 'shipped');
    }
    return undefined;
  }

  private fromShipped(r: FaceRequest): LoadedFont | undefined {
    const sub = this.substitutionOf(r);
    const want = { bold: r.bold || !!sub.impliedBold, italic: r.italic || !!sub.impliedItalic };
    const font = this.shippedFace(sub.family, want) ?? this.shippedFace(DEFAULT_FAMILY, want);
    if (!font) return undefined;
    const fam = r.family.trim();
    if (sub.viaAlternate) {
      this.warnOnce(`sub:${compactFamilyName(fam)}`, warning('text/font-substituted', `Font '${fam}' is not available; '${font.family}' is used for its declared alternate '${sub.viaAlternate}'.`, {
        hint: 'Text widths and line breaks may differ. Supply the font as a host extra face or embed it in the document.',
      }));
    } else if (sub.reason === 'default' || sub.reason === 'generic' || font.family !== sub.family) {
      this.warnOnce(`sub:${compactFamilyName(fam)}`, warning('text/font-substituted', `Font '${fam}' is not available; '${font.family}' is used instead.`, {
        hint: 'Text widths and line breaks may differ. Supply the font as a host extra face or embed it in the document.',
      }));
    } else if (sub.reason === 'metric') {
      this.warnOnce(`sub:${compactFamilyName(fam)}`, { severity: 'info', code: 'text/font-metric-substitute', message: `Font '${fam}' is drawn with the metric-compatible '${font.family}'.` });
    }
    return font;
  }

  private lastResort(r: FaceRequest): LoadedFont {
    this.warnOnce('last-resort', warning('text/no-fonts', `No font is available for '${r.family}'; placeholder boxes are drawn instead of text.`, {
      hint: 'Give the engine a host with fonts (host.fonts) or embed fonts in the document.',
    }));
    const p = loadFontProgram(lastResortFontBytes()) as FontProgram;
    return this.view(p, 'builtin:last-resort', LAST_RESORT_FAMILY, { bold: false, italic: false }, r, 'builtin');
  }

  /** The face for a request; synchronous, never fails (see the class comment for the order). */
  resolve(request: FaceRequest): LoadedFont {
    const key = `${compactFamilyName(request.family)}|${request.bold ? 1 : 0}${request.italic ? 1 : 0}|${request.genericHint ?? ''}|${request.alternates?.join(',') ?? ''}`;
    const hit = this.resolved.get(key);
    if (hit) return hit;
    const font = this.fromFaces(request) ?? this.fromShipped(request) ?? this.lastResort(request);
    this.resolved.set(key, font);
    return font;
  }

  /**
   * The fit of a request's face to the original family's metrics, when the face is the shipped
   * stand-in the substitution names and the substitution carries the original's metrics; undefined
   * for faces the host supplies or the document embeds, which are the real thing.
   */
  standInFit(request: FaceRequest): StandInFit | undefined {
    const font = this.resolve(request);
    if (font.origin !== 'shipped') return undefined;
    const sub = this.substitutionOf(request);
    const o = sub.original;
    if (!o || font.family !== sub.family) return undefined;
    let widthScale = 1;
    if (o.monoAdvance) {
      // Monospace: every advance of the stand-in becomes the original's ('0' stands for all of them).
      const own = font.advanceWidth(font.glyphId(0x30));
      if (own > 0) widthScale = (o.monoAdvance * font.unitsPerEm) / (own * o.unitsPerEm);
    } else if (o.widthScale && o.standIn === font.family) widthScale = o.widthScale;
    const { ascent, descent, lineGap = 0 } = o;
    if (ascent === undefined || descent === undefined) return { key: `${widthScale}|own`, widthScale };
    const lines = `${ascent}|${descent}|${lineGap}|${o.unitsPerEm}`;
    const lineMetrics = (sizePt: number): LineMetrics => lineMetricsOf(ascent, descent, lineGap, o.unitsPerEm, sizePt);
    const ascii = this.asciiFit(o, request, lineMetrics, lines);
    // The ASCII face is part of the fit: two originals on one stand-in differ by it (SimSun, MS PMincho).
    const key = `${widthScale}|${lines}${ascii ? `|${ascii.font.id}|${ascii.fit.key}` : ''}`;
    return { key, widthScale, lineMetrics, ...(o.eastAsian ? { eastAsian: true } : {}), ...(ascii ? { ascii } : {}) };
  }

  /**
   * The monospaced shipped face that draws a monospaced East Asian original's ASCII, condensed to
   * the original's half-width advance ('0' stands for every advance), on the original's lines.
   */
  private asciiFit(o: OriginalMetrics, r: FaceRequest, lineMetrics: (sizePt: number) => LineMetrics, lines: string): StandInFit['ascii'] {
    if (!o.asciiAdvance || !o.asciiStandIn) return undefined;
    const font = this.shippedFace(o.asciiStandIn, { bold: r.bold, italic: r.italic });
    const own = font ? font.advanceWidth(font.glyphId(0x30)) : 0;
    if (!font || own <= 0) return undefined;
    const widthScale = (o.asciiAdvance * font.unitsPerEm) / (own * o.unitsPerEm);
    return { font, fit: { key: `ascii:${widthScale}|${lines}`, widthScale, lineMetrics } };
  }

  /**
   * The per-character fallback chain for a primary face: primary, DejaVu Sans in the requested style,
   * DejaVu Sans, DejaVu Serif, DejaVu Math TeX Gyre, then (as the document needs them) the Hangul,
   * the CJK and the emoji faces, then the extra fallback family if configured.
   */
  fallbackChain(primary: LoadedFont, request?: Style): readonly LoadedFont[] {
    const want = request ?? { bold: primary.bold || primary.syntheticBold, italic: primary.italic || primary.syntheticItalic };
    const key = `${primary.id}|${primary.syntheticBold ? 1 : 0}${primary.syntheticItalic ? 1 : 0}|${want.bold ? 1 : 0}${want.italic ? 1 : 0}`;
    const hit = this.chains.get(key);
    if (hit) return hit;
    const plain = { bold: false, italic: false };
    const candidates = [
      primary,
      this.shippedFace(DEFAULT_FAMILY, want),
      this.shippedFace(DEFAULT_FAMILY, plain),
      ...FALLBACK_FAMILIES.map((f) => this.shippedFace(f, plain)),
      // The Hangul and CJK faces have one style: in a bold or italic run they are emboldened or
      // slanted, as Word draws SimSun or Malgun Gothic without a face of that style.
      this.options.hangulFallback ? this.shippedFace(HANGUL_FALLBACK_FAMILY, want) : undefined,
      this.options.eastAsianFallback ? this.shippedFace(EAST_ASIAN_FALLBACK_FAMILY, want) : undefined,
      this.options.emojiFallback ? this.shippedFace(EMOJI_FALLBACK_FAMILY, plain) : undefined,
      this.options.extraFallbackFamily ? this.fromFaces({ family: this.options.extraFallbackFamily, ...want }) : undefined,
    ];
    const seen = new Set<string>();
    const chain: LoadedFont[] = [];
    for (const c of candidates) {
      if (!c || seen.has(c.id)) continue;
      seen.add(c.id);
      chain.push(c);
    }
    this.chains.set(key, chain);
    return chain;
  }

  /**
   * Splits text into runs by the first face of the fallback chain that has each character; combining
   * marks stay with their base's face when it has them. Fallbacks and missing glyphs are reported.
   */
  segmentByFont(text: string, primary: LoadedFont, request?: Style): FontSegment[] {
    let chain = request ? undefined : this.ownStyleChains.get(primary);
    if (!chain) {
      chain = this.fallbackChain(primary, request);
      if (!request) this.ownStyleChains.set(primary, chain);
    }
    return segmentText(text, chain, this.sink, this.fallbacks);
  }
}

/** Creates a font context from the host's font source and the document's embedded faces. */
export function createFontContext(
  source: FontSource | undefined, embedded: readonly EmbeddedFace[] = [], options: FontContextOptions = {},
): FontContext {
  return new FontContext(source, embedded, options);
}
