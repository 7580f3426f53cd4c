/**
 * What layout needs from a font face, and how it gets faces for runs. Implemented over engine/text
 * (font-context.ts); kept narrow so the inline phase is easy to reason about and to test.
 */
import type { RunProps } from '../model';

/** Glyphs of a shaped piece of text, in font units (advances and offsets include the face's widthScale). */
export interface Shaped {
  readonly glyphs: ArrayLike<number>;
  readonly advances: ArrayLike<number>;
  /** Per glyph, the UTF-16 index (relative to the shaped text) of its first character. */
  readonly clusters: ArrayLike<number>;
  /** Per glyph, its x offset from the pen position (GPOS placement), when any glyph has one. */
  readonly xOffsets?: ArrayLike<number>;
}

/** Vertical metrics of a face at a size, the way Word computes single line spacing. */
export interface LineMetrics {
  readonly ascentPt: number;
  readonly descentPt: number;
  readonly lineHeightPt: number;
}

/** A loaded font face as layout uses it. */
export interface Face {
  /**
   * Stable key; equal keys mean the same face: same program and style, same advances. A stand-in
   * fitted to another family's widths (`widthScale`, or Word's per-character widths) has its own key
   * and names its program in `programKey`, so the program is embedded once.
   */
  readonly key: string;
  /** Key of the font program when faces with different advances share one (a fitted stand-in). */
  readonly programKey?: string;
  readonly family: string;
  readonly postscriptName: string;
  /** The font program, carried into the LayoutDoc for the renderers. */
  readonly data: Uint8Array;
  readonly unitsPerEm: number;
  readonly syntheticBold: boolean;
  readonly syntheticItalic: boolean;
  /**
   * Horizontal scale the face is drawn with so that it takes the widths of the family it stands in
   * for (engine/text substitution.ts, original metrics); 1 for every other face. `shape` advances
   * already include it; whoever draws the glyphs condenses them by it.
   */
  readonly widthScale: number;
  shape(text: string, kern: boolean, liga: boolean, rtl: boolean): Shaped;
  /** Right edge of a glyph's ink in font units, before `widthScale` (its advance when not known). */
  glyphInkRight(glyph: number): number;
  /** A glyph's outline box [xMin, yMin, xMax, yMax] in font units before `widthScale`, when known. */
  glyphInkBox?(glyph: number): readonly [number, number, number, number] | undefined;
  /** The face's single line at a size, as Word's line layout measures it (text-faces.ts). */
  lineMetrics(sizePt: number): LineMetrics;
  /**
   * The metrics chart text is laid out with: the stand-in's own (LibreOffice's split) or, for a fitted
   * stand-in, the original's. Word draws charts with another engine than its text layout, whose
   * metrics are not measured here; these are the ones chart text was checked with.
   */
  chartMetrics(sizePt: number): LineMetrics;
  /** Underline offset below the baseline and thickness, in font units (post table; positive = below). */
  readonly underlinePosition: number;
  readonly underlineThickness: number;
  /** Strikeout offset above the baseline and thickness, in font units (OS/2). */
  readonly strikeoutPosition: number;
  readonly strikeoutSize: number;
}

/** A stretch of run text drawn in one face (after symbol mapping and per-character fallback). */
export interface FaceSegment {
  readonly start: number;
  readonly end: number;
  readonly face: Face;
}

/** Chooses faces for run text. */
export interface FaceResolver {
  /** Maps symbol-font characters to Unicode (returns the text unchanged for ordinary fonts). */
  mapText(text: string, props: RunProps): string;
  /** The primary face for run properties (substitution applied, never fails). */
  primary(props: RunProps): Face;
  /** Splits text into segments by the face that has each character (per-character fallback). */
  segment(text: string, props: RunProps): readonly FaceSegment[];
}
