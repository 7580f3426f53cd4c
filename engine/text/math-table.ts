/**
 * The OpenType MATH table (OpenType spec "MATH — The Mathematical Typesetting Table"): the constants
 * (MathConstants), italic corrections and top accent attachments (MathGlyphInfo), and the larger
 * variants and assemblies of stretchy glyphs (MathVariants), plus glyph ink bounds from 'glyf'.
 * Everything is read lazily from the font bytes, bounds-checked; a font without a usable MATH table
 * gets constants derived from its em (TeX Gyre's proportions) and no variants.
 */
import { loadFontProgram, type FontProgram } from './font-program';
import { coverageIndexes } from './otl-tables';
import { FontFormatError, tableReader, type ByteReader } from './sfnt-reader';

/** MathConstants record names, in table order after the four leading fields (MathValueRecords). */
const VALUE_NAMES = [
  'mathLeading', 'axisHeight', 'accentBaseHeight', 'flattenedAccentBaseHeight', 'subscriptShiftDown', 'subscriptTopMax',
  'subscriptBaselineDropMin', 'superscriptShiftUp', 'superscriptShiftUpCramped', 'superscriptBottomMin', 'superscriptBaselineDropMax',
  'subSuperscriptGapMin', 'superscriptBottomMaxWithSubscript', 'spaceAfterScript', 'upperLimitGapMin', 'upperLimitBaselineRiseMin',
  'lowerLimitGapMin', 'lowerLimitBaselineDropMin', 'stackTopShiftUp', 'stackTopDisplayStyleShiftUp', 'stackBottomShiftDown',
  'stackBottomDisplayStyleShiftDown', 'stackGapMin', 'stackDisplayStyleGapMin', 'stretchStackTopShiftUp', 'stretchStackBottomShiftDown',
  'stretchStackGapAboveMin', 'stretchStackGapBelowMin', 'fractionNumeratorShiftUp', 'fractionNumeratorDisplayStyleShiftUp',
  'fractionDenominatorShiftDown', 'fractionDenominatorDisplayStyleShiftDown', 'fractionNumeratorGapMin', 'fractionNumDisplayStyleGapMin',
  'fractionRuleThickness', 'fractionDenominatorGapMin', 'fractionDenomDisplayStyleGapMin', 'skewedFractionHorizontalGap',
  'skewedFractionVerticalGap', 'overbarVerticalGap', 'overbarRuleThickness', 'overbarExtraAscender', 'underbarVerticalGap',
  'underbarRuleThickness', 'underbarExtraDescender', 'radicalVerticalGap', 'radicalDisplayStyleVerticalGap', 'radicalRuleThickness',
  'radicalExtraAscender', 'radicalKernBeforeDegree', 'radicalKernAfterDegree',
] as const;

type ValueName = (typeof VALUE_NAMES)[number];

/** The MATH constants in font units (the two percentages in percent). */
export type MathConstants = Readonly<Record<ValueName | 'scriptPercentScaleDown' | 'scriptScriptPercentScaleDown'
  | 'delimitedSubFormulaMinHeight' | 'displayOperatorMinHeight' | 'radicalDegreeBottomRaisePercent', number>>;

/** TeX Gyre's constants per 1000 units: used for fonts without a MATH table. */
const FALLBACK: MathConstants = {
  scriptPercentScaleDown: 70, scriptScriptPercentScaleDown: 50, delimitedSubFormulaMinHeight: 1300, displayOperatorMinHeight: 1300,
  mathLeading: 150, axisHeight: 250, accentBaseHeight: 450, flattenedAccentBaseHeight: 660, subscriptShiftDown: 150,
  subscriptTopMax: 350, subscriptBaselineDropMin: 200, superscriptShiftUp: 350, superscriptShiftUpCramped: 270,
  superscriptBottomMin: 110, superscriptBaselineDropMax: 250, subSuperscriptGapMin: 160, superscriptBottomMaxWithSubscript: 350,
  spaceAfterScript: 40, upperLimitGapMin: 200, upperLimitBaselineRiseMin: 150, lowerLimitGapMin: 170, lowerLimitBaselineDropMin: 600,
  stackTopShiftUp: 450, stackTopDisplayStyleShiftUp: 580, stackBottomShiftDown: 350, stackBottomDisplayStyleShiftDown: 700,
  stackGapMin: 120, stackDisplayStyleGapMin: 280, stretchStackTopShiftUp: 200, stretchStackBottomShiftDown: 600,
  stretchStackGapAboveMin: 150, stretchStackGapBelowMin: 150, fractionNumeratorShiftUp: 400, fractionNumeratorDisplayStyleShiftUp: 680,
  fractionDenominatorShiftDown: 350, fractionDenominatorDisplayStyleShiftDown: 690, fractionNumeratorGapMin: 40,
  fractionNumDisplayStyleGapMin: 120, fractionRuleThickness: 40, fractionDenominatorGapMin: 40, fractionDenomDisplayStyleGapMin: 120,
  skewedFractionHorizontalGap: 350, skewedFractionVerticalGap: 100, overbarVerticalGap: 120, overbarRuleThickness: 40,
  overbarExtraAscender: 40, underbarVerticalGap: 120, underbarRuleThickness: 40, underbarExtraDescender: 40, radicalVerticalGap: 50,
  radicalDisplayStyleVerticalGap: 150, radicalRuleThickness: 40, radicalExtraAscender: 40, radicalKernBeforeDegree: 280,
  radicalKernAfterDegree: -500, radicalDegreeBottomRaisePercent: 60,
};

/** One part of a glyph assembly (GlyphPart). */
export interface GlyphPart {
  readonly glyph: number;
  readonly startConnector: number;
  readonly endConnector: number;
  readonly fullAdvance: number;
  readonly extender: boolean;
}

/** Ink bounds of a glyph in font units. */
export interface GlyphBounds {
  readonly xMin: number;
  readonly yMin: number;
  readonly xMax: number;
  readonly yMax: number;
}

/** Larger variants (smallest first, with their size along the stretch direction) and the assembly of a glyph. */
export interface GlyphConstruction {
  readonly variants: readonly { readonly glyph: number; readonly advance: number }[];
  readonly parts?: readonly GlyphPart[];
}

/** What math layout reads from a font. */
export interface MathFont {
  readonly unitsPerEm: number;
  /** False when the constants are the fallback's (no usable MATH table). */
  readonly hasMathTable: boolean;
  readonly constants: MathConstants;
  readonly minConnectorOverlap: number;
  glyphId(codePoint: number): number;
  advance(glyph: number): number;
  bounds(glyph: number): GlyphBounds;
  italicCorrection(glyph: number): number;
  /** Horizontal position of the accent attachment point; undefined when the font gives none. */
  topAccent(glyph: number): number | undefined;
  vertical(glyph: number): GlyphConstruction | undefined;
  horizontal(glyph: number): GlyphConstruction | undefined;
}

const cache = new WeakMap<Uint8Array, MathFont | null>();

/** The math view of font bytes (cached per bytes object); undefined when the bytes are not a font. */
export function readMathFont(bytes: Uint8Array): MathFont | undefined {
  const hit = cache.get(bytes);
  if (hit !== undefined) return hit ?? undefined;
  const program = loadFontProgram(bytes);
  const font = program instanceof FontFormatError ? null : new MathFontImpl(program);
  cache.set(bytes, font);
  return font ?? undefined;
}

class MathFontImpl implements MathFont {
  readonly unitsPerEm: number;
  readonly hasMathTable: boolean;
  readonly constants: MathConstants;
  readonly minConnectorOverlap: number;
  private readonly math: ByteReader | undefined;
  private readonly italics: Map<number, number>;
  private readonly accents: Map<number, number>;
  private readonly vert: Map<number, GlyphConstruction>;
  private readonly horiz: Map<number, GlyphConstruction>;
  private readonly boundsCache = new Map<number, GlyphBounds>();

  constructor(private readonly program: FontProgram) {
    this.unitsPerEm = program.metrics.unitsPerEm;
    let math: ByteReader | undefined;
    let constants: MathConstants | undefined;
    try {
      math = tableReader(program.bytes, program.dir, 'MATH');
      if (math) constants = readConstants(math.sub(math.u16(4)));
    } catch (e) {
      if (!(e instanceof FontFormatError)) throw e;
      math = undefined;
    }
    this.math = constants ? math : undefined;
    this.hasMathTable = constants !== undefined;
    this.constants = constants ?? scaled(FALLBACK, this.unitsPerEm / 1000);
    this.italics = this.safe(() => this.glyphValues(0)) ?? new Map();
    this.accents = this.safe(() => this.glyphValues(2)) ?? new Map();
    const variants = this.safe(() => this.readVariants());
    this.minConnectorOverlap = variants?.overlap ?? 0;
    this.vert = variants?.vert ?? new Map();
    this.horiz = variants?.horiz ?? new Map();
  }

  /** A subtable's reading, or undefined when it is malformed. */
  private safe<T>(f: () => T): T | undefined {
    try {
      return f();
    } catch (e) {
      if (e instanceof FontFormatError) return undefined;
      throw e;
    }
  }

  /** MathItalicsCorrectionInfo (offset 0) or MathTopAccentAttachment (offset 2) of MathGlyphInfo: glyph → value. */
  private glyphValues(at: number): Map<number, number> {
    const out = new Map<number, number>();
    const m = this.math;
    if (!m || !m.u16(6)) return out;
    const info = m.sub(m.u16(6));
    if (!info.u16(at)) return out;
    const t = info.sub(info.u16(at));
    const idx = coverageIndexes(t.sub(t.u16(0)), this.program.metrics.numGlyphs);
    const count = t.u16(2);
    for (let g = 0; g < idx.length; g++) {
      const i = idx[g]!;
      if (i >= 0 && i < count) out.set(g, t.i16(4 + i * 4));
    }
    return out;
  }

  private readVariants(): { overlap: number; vert: Map<number, GlyphConstruction>; horiz: Map<number, GlyphConstruction> } | undefined {
    const m = this.math;
    if (!m || !m.u16(8)) return undefined;
    const v = m.sub(m.u16(8));
    const vertCount = v.u16(6);
    const read = (covOffset: number, count: number, first: number) => {
      const out = new Map<number, GlyphConstruction>();
      if (!covOffset) return out;
      const idx = coverageIndexes(v.sub(covOffset), this.program.metrics.numGlyphs);
      for (let g = 0; g < idx.length; g++) {
        const i = idx[g]!;
        if (i >= 0 && i < count) out.set(g, readConstruction(v.sub(v.u16(10 + (first + i) * 2))));
      }
      return out;
    };
    return { overlap: v.u16(0), vert: read(v.u16(2), vertCount, 0), horiz: read(v.u16(4), v.u16(8), vertCount) };
  }

  glyphId(cp: number): number {
    return this.program.glyphId(cp);
  }

  advance(glyph: number): number {
    return this.program.advanceWidth(glyph);
  }

  /** Ink bounds from the glyph's 'glyf' header; an empty box for CFF fonts and empty glyphs. */
  bounds(glyph: number): GlyphBounds {
    const hit = this.boundsCache.get(glyph);
    if (hit) return hit;
    let b: GlyphBounds = { xMin: 0, yMin: 0, xMax: this.advance(glyph), yMax: 0 };
    const range = this.program.isCff ? undefined : this.program.glyphRange(glyph);
    const glyf = range && range[1] - range[0] >= 10 ? tableReader(this.program.bytes, this.program.dir, 'glyf') : undefined;
    if (range && glyf && glyf.has(range[0], 10)) {
      b = { xMin: glyf.i16(range[0] + 2), yMin: glyf.i16(range[0] + 4), xMax: glyf.i16(range[0] + 6), yMax: glyf.i16(range[0] + 8) };
    }
    if (this.boundsCache.size < 65536) this.boundsCache.set(glyph, b);
    return b;
  }

  italicCorrection(glyph: number): number {
    return this.italics.get(glyph) ?? 0;
  }

  topAccent(glyph: number): number | undefined {
    return this.accents.get(glyph);
  }

  vertical(glyph: number): GlyphConstruction | undefined {
    return this.vert.get(glyph);
  }

  horizontal(glyph: number): GlyphConstruction | undefined {
    return this.horiz.get(glyph);
  }
}

function readConstants(c: ByteReader): MathConstants {
  const out: Record<string, number> = {
    scriptPercentScaleDown: c.i16(0),
    scriptScriptPercentScaleDown: c.i16(2),
    delimitedSubFormulaMinHeight: c.u16(4),
    displayOperatorMinHeight: c.u16(6),
  };
  VALUE_NAMES.forEach((name, i) => (out[name] = c.i16(8 + i * 4)));
  out.radicalDegreeBottomRaisePercent = c.i16(8 + VALUE_NAMES.length * 4);
  if (!(out.scriptPercentScaleDown! > 0)) out.scriptPercentScaleDown = 70;
  if (!(out.scriptScriptPercentScaleDown! > 0)) out.scriptScriptPercentScaleDown = 50;
  return out as MathConstants;
}

function readConstruction(t: ByteReader): GlyphConstruction {
  const n = t.u16(2);
  const variants: { glyph: number; advance: number }[] = [];
  for (let i = 0; i < n; i++) variants.push({ glyph: t.u16(4 + i * 4), advance: t.u16(6 + i * 4) });
  const at = t.u16(0);
  if (!at) return { variants };
  const a = t.sub(at);
  const count = a.u16(4);
  const parts: GlyphPart[] = [];
  for (let i = 0; i < count; i++) {
    const p = 6 + i * 10;
    parts.push({ glyph: a.u16(p), startConnector: a.u16(p + 2), endConnector: a.u16(p + 4), fullAdvance: a.u16(p + 6), extender: (a.u16(p + 8) & 1) === 1 });
  }
  return { variants, parts };
}

function scaled(c: MathConstants, k: number): MathConstants {
  const out: Record<string, number> = {};
  for (const [name, v] of Object.entries(c)) out[name] = name.endsWith('Percent') || name.endsWith('PercentScaleDown') ? v : Math.round(v * k);
  return out as MathConstants;
}
