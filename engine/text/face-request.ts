/**
 * What a document asks of its fonts, and what the font context answers besides a face: a face
 * request (family, style, generic hint, alternate names), the document's embedded faces, the
 * context's options, and the fit of a shipped stand-in to the original's metrics. Types only; the
 * context that serves them is font-context.ts.
 */
import type { FontRequest } from '../core';
import type { LineMetrics } from './line-metrics';
import type { LoadedFont } from './loaded-font';
import type { GenericClass } from './shipped-fonts';

/** A face request: family and style as the document asks, with an optional generic-class hint. */
export interface FaceRequest extends FontRequest {
  readonly genericHint?: GenericClass;
  /** The font table's alternate names of the family (w:altName), tried when the family is unknown. */
  readonly alternates?: readonly string[];
}

/**
 * How a shipped stand-in is fitted to the metrics of the family it draws (original-metrics.ts
 * OriginalMetrics): its advances and glyphs are scaled horizontally, its lines get the original's height.
 */
export interface StandInFit {
  /** Equal keys mean equal fits. */
  readonly key: string;
  /** Horizontal scale of the stand-in's advances and glyphs (original / stand-in). */
  readonly widthScale: number;
  /** The original's single-spacing line metrics at a size; absent when they are not known (the stand-in's own apply). */
  readonly lineMetrics?: (sizePt: number) => LineMetrics;
  /** The original is an East Asian font that has the CJK characters its stand-in lacks. */
  readonly eastAsian?: boolean;
  /** The face and fit that draw the printable ASCII of a monospaced East Asian original (OriginalMetrics.asciiAdvance). */
  readonly ascii?: { readonly font: LoadedFont; readonly fit: StandInFit };
}

/** A font embedded in the document (already de-obfuscated). */
export interface EmbeddedFace {
  readonly family: string;
  readonly bold: boolean;
  readonly italic: boolean;
  readonly data: Uint8Array;
}

/** Options of a font context. */
export interface FontContextOptions {
  /** Use the font table's generic hint for unknown families (Word-like; LibreOffice ignores it). */
  readonly useGenericHints?: boolean;
  /** Document family → shipped family, applied before the built-in substitution table. */
  readonly familyOverrides?: Readonly<Record<string, string>>;
  /** A host extra-face family tried last in the per-character fallback chain (e.g. a CJK font). */
  readonly extraFallbackFamily?: string;
  /** Load the shipped CJK face and use it in fallback chains (the document has East Asian text). */
  readonly eastAsianFallback?: boolean;
  /** Load the shipped Hangul face and try it before the CJK face (the document has Korean text). */
  readonly hangulFallback?: boolean;
  /** Load the shipped emoji face and use it in fallback chains, after the others (the document has emoji). */
  readonly emojiFallback?: boolean;
}
