/**
 * LoadedFont: a font face ready for layout — identity, style (with synthetic bold/italic flags for
 * styles the face lacks), metrics in font units, glyph lookup, advances, shaping and line metrics.
 * Views over a shared `FontProgram`; everything here is synchronous and never throws.
 */
import type { Diagnostic } from '../core';
import { warning } from '../core';
import type { FontProgram } from './font-program';
import { libreOfficeLineMetrics, wordLineMetrics, type LineMetrics } from './line-metrics';
import { shaperFor, type ShapedText, type ShapeOptions } from './shaper';

/** Where a face came from, in resolution priority order. */
export type FaceOrigin = 'host' | 'embedded' | 'shipped' | 'builtin';

/** Metrics of a face in font units (plain data). */
export interface FaceMetrics {
  readonly unitsPerEm: number;
  readonly hheaAscender: number;
  readonly hheaDescender: number;
  readonly hheaLineGap: number;
  readonly winAscent: number;
  readonly winDescent: number;
  readonly typoAscender: number;
  readonly typoDescender: number;
  readonly typoLineGap: number;
  /** OS/2 fsSelection bit 7 (USE_TYPO_METRICS). */
  readonly useTypoMetrics: boolean;
  readonly capHeight: number;
  readonly xHeight: number;
  /** post.underlinePosition: top of the underline relative to the baseline (negative = below). */
  readonly underlinePosition: number;
  readonly underlineThickness: number;
  /** OS/2 yStrikeoutPosition (above the baseline) and yStrikeoutSize. */
  readonly strikeoutPosition: number;
  readonly strikeoutSize: number;
  /** OS/2 ySuperscriptYSize / ySuperscriptYOffset and the subscript equivalents. */
  readonly superscriptSize: number;
  readonly superscriptOffset: number;
  readonly subscriptSize: number;
  readonly subscriptOffset: number;
  readonly italicAngle: number;
  /** head bounding box [xMin, yMin, xMax, yMax]. */
  readonly bbox: readonly [number, number, number, number];
  readonly isFixedPitch: boolean;
}

/** A face as layout and rendering use it. */
export interface LoadedFont {
  /** Stable key of the font program: a shipped file name, or `embedded:` / `host:` + family, style, content key. */
  readonly id: string;
  /** Family as registered (shipped family, or the name the document / host gave). */
  readonly family: string;
  readonly postscriptName: string;
  /** The face's own style. */
  readonly bold: boolean;
  readonly italic: boolean;
  /** The request wanted bold / italic that this face lacks: the renderer should embolden / slant. */
  readonly syntheticBold: boolean;
  readonly syntheticItalic: boolean;
  readonly origin: FaceOrigin;
  /** The font program (TrueType or OpenType bytes). */
  readonly data: Uint8Array;
  /** True for CFF outlines. */
  readonly isCff: boolean;
  /** The font only has a Windows Symbol (3,0) cmap: characters live at U+F020–U+F0FF. */
  readonly isSymbolFont: boolean;
  readonly unitsPerEm: number;
  readonly numGlyphs: number;
  readonly metrics: FaceMetrics;
  /** The glyph for a code point, 0 when missing (symbol fonts also accept 0x20–0xFF). */
  glyphId(codePoint: number): number;
  /** Whether the face has a glyph for a code point. */
  hasGlyph(codePoint: number): boolean;
  /** Advance width of a glyph in font units (hmtx). */
  advanceWidth(glyphId: number): number;
  /** Right edge of a glyph's ink in font units (its advance when not known). */
  glyphInkRight(glyphId: number): number;
  /** A glyph's outline box [xMin, yMin, xMax, yMax] in font units, when known (TrueType outlines). */
  glyphInkBox(glyphId: number): readonly [number, number, number, number] | undefined;
  /** Shapes text (see ShapeOptions); cached per face and options. */
  shape(text: string, options?: ShapeOptions): ShapedText;
  /** Word's single line spacing at a size (see line-metrics.ts). */
  wordLineMetrics(sizePt: number): LineMetrics;
  /** LibreOffice's font line metrics at a size. */
  libreOfficeLineMetrics(sizePt: number): LineMetrics;
}

/** What a view needs besides the program. */
export interface FaceIdentity {
  readonly id: string;
  readonly family: string;
  readonly bold: boolean;
  readonly italic: boolean;
  readonly syntheticBold: boolean;
  readonly syntheticItalic: boolean;
  readonly origin: FaceOrigin;
}

function faceMetrics(p: FontProgram): FaceMetrics {
  const m = p.metrics;
  return {
    unitsPerEm: m.unitsPerEm,
    hheaAscender: m.hheaAscender,
    hheaDescender: m.hheaDescender,
    hheaLineGap: m.hheaLineGap,
    winAscent: m.winAscent,
    winDescent: m.winDescent,
    typoAscender: m.typoAscender,
    typoDescender: m.typoDescender,
    typoLineGap: m.typoLineGap,
    useTypoMetrics: m.useTypoMetrics,
    capHeight: p.capHeight,
    xHeight: p.xHeight,
    underlinePosition: m.underlinePosition,
    underlineThickness: m.underlineThickness > 0 ? m.underlineThickness : Math.round(m.unitsPerEm / 20),
    strikeoutPosition: m.strikeoutPosition || Math.round(p.xHeight / 2),
    strikeoutSize: m.strikeoutSize > 0 ? m.strikeoutSize : Math.round(m.unitsPerEm / 20),
    superscriptSize: m.superscriptSizeY > 0 ? m.superscriptSizeY : Math.round(m.unitsPerEm * 0.65),
    superscriptOffset: m.superscriptOffsetY,
    subscriptSize: m.subscriptSizeY > 0 ? m.subscriptSizeY : Math.round(m.unitsPerEm * 0.65),
    subscriptOffset: m.subscriptOffsetY,
    italicAngle: m.italicAngle,
    bbox: m.bbox,
    isFixedPitch: m.isFixedPitch,
  };
}

/** A PostScript name for a face: the font's own, else derived from family and style. */
function postscriptNameOf(p: FontProgram, id: FaceIdentity): string {
  if (p.names.postscriptName) return p.names.postscriptName;
  const style = id.bold ? (id.italic ? 'BoldItalic' : 'Bold') : id.italic ? 'Italic' : 'Regular';
  const base = (p.names.family || id.family).replace(/[^A-Za-z0-9]/g, '') || 'Font';
  return `${base}-${style}`;
}

/**
 * Creates the LoadedFont view of a program. `report` receives diagnostics about this face (for
 * example when full shaping failed and plain glyphs were used), once each.
 */
export function createLoadedFont(program: FontProgram, identity: FaceIdentity, report: (d: Diagnostic) => void): LoadedFont {
  const metrics = faceMetrics(program);
  const shaper = shaperFor(program);
  let reportedSimplified = false;
  return {
    ...identity,
    postscriptName: postscriptNameOf(program, identity),
    data: program.bytes,
    isCff: program.isCff,
    isSymbolFont: program.cmap.isSymbol,
    unitsPerEm: program.metrics.unitsPerEm,
    numGlyphs: program.metrics.numGlyphs,
    metrics,
    glyphId: (cp) => program.glyphId(cp),
    hasGlyph: (cp) => program.glyphId(cp) !== 0,
    advanceWidth: (g) => program.advanceWidth(g),
    glyphInkRight: (g) => program.glyphInkRight(g),
    glyphInkBox: (g) => program.glyphInkBox(g),
    shape(text, options) {
      const r = shaper.shape(text, options);
      if (r.simplified && !reportedSimplified) {
        reportedSimplified = true;
        report(warning('text/shaping-failed', `OpenType shaping failed for font '${identity.family}'; glyphs are placed without it.`, {
          hint: 'The font has malformed layout tables; ligatures, kerning and complex scripts may look wrong.',
        }));
      }
      return r;
    },
    wordLineMetrics: (sizePt) => wordLineMetrics(program.metrics, sizePt),
    libreOfficeLineMetrics: (sizePt) => libreOfficeLineMetrics(program.metrics, sizePt),
  };
}
