/**
 * text: fonts, metrics, shaping, per-character fallback, symbol fonts, embedded fonts, subsetting.
 *
 * In: font bytes only through `host.fonts` (`loadFile(fileName)` for the shipped files listed in
 * SHIPPED_FACES, `extraFaces` for the caller's own) and fonts embedded in the document (DOCX
 * word/fonts/*.odttf, de-obfuscated with `deobfuscateFont`). Out: `LoadedFont` faces with metrics,
 * glyph lookup, cached shaping (`ShapedText`: glyph ids, advances in font units, UTF-16 clusters),
 * font segments for per-character fallback, and PDF-ready subsets with ToUnicode CMaps and widths.
 * Must not: read files, the network or clocks, or keep mutable module state other than caches of
 * parsed fonts (per bytes object) and shaping results (per font, bounded), and fontkit once loaded.
 *
 * How the layout engine uses it:
 *   1. `const fonts = createFontContext(host.fonts, embeddedFaces)` once per document;
 *   2. `await fonts.prepare(requests)` with every {family, bold, italic, genericHint?} the document
 *      uses (this is the only async step: it loads the needed shipped files);
 *   3. while laying out, synchronously: `fonts.resolve(request)` → LoadedFont (never fails; records a
 *      `text/font-substituted` warning once per unavailable family), `fonts.segmentByFont(text, font)`
 *      → runs per fallback face, `font.shape(word, { kern, liga, rtl })`, `font.wordLineMetrics(sizePt)`;
 *      `mapSymbolText(family, text)` first for runs in Symbol/Wingdings/Webdings when `resolve`
 *      returned a non-symbol face (`!font.isSymbolFont`), and for w:sym characters, then
 *      `lowerSymbolCodes` for U+F0xx codes of other fonts that the face lacks;
 *   4. `fonts.diagnostics()` → folded warnings for the stage result.
 * The LibreOffice 7.4 reference renders use standard ligatures (their ToUnicode maps contain fi, fl,
 * ffi, ti, tt… for Carlito, DejaVu and Caladea), so `liga: true` matches them; Word uses none by default.
 * The PDF renderer collects the glyph ids used per `font.id` and calls `subsetFont(font, ids)`, then
 * `toUnicodeCMap(newGid → text)` and `cidWidthArray(subset.widths)` for the /W array.
 * Bidirectional text (bidi/, UAX #9 for Unicode 16.0): `resolveBidiParagraph(text, base)` gives one
 * embedding level per UTF-16 unit, `applyLineRule` (L1) and `visualOrder` (L2) work per line;
 * `shape(..., { rtl: true })` shapes an odd-level run right to left, drawing mirrored glyphs (L4).
 * fontkit (full OpenType shaping, CFF subsetting) is imported on first need: `await loadFontkit()`
 * before synchronous work that may need it; `requireFontkit` throws `FontkitNotLoaded` otherwise
 * (layoutDocument loads it then and starts over; see fontkit-loader.ts).
 */
export { SHIPPED_FACES, SHIPPED_FAMILIES, DEFAULT_FAMILY, GENERIC_FAMILY, EAST_ASIAN_FALLBACK_FAMILY, EMOJI_FALLBACK_FAMILY, HANGUL_FALLBACK_FAMILY, shippedFacesOf } from './shipped-fonts';
export type { ShippedFace, GenericClass } from './shipped-fonts';
export { alternateNames, substituteFamily, symbolSetOf, compactFamilyName } from './substitution';
export { hasOriginalVerticalMetrics } from './original-metrics';
export { wordWidthsOf } from './word-widths';
export type { Substitution, SubstitutionReason, SubstituteOptions, SymbolSet } from './substitution';
export type { OriginalMetrics } from './original-metrics';
export { FontContext, createFontContext } from './font-context';
export type { FaceRequest, EmbeddedFace, FontContextOptions, StandInFit } from './face-request';
export type { FontSegment } from './segment';
export type { LoadedFont, FaceMetrics, FaceOrigin } from './loaded-font';
export type { ShapeOptions, ShapedText } from './shaper';
export { needsFontkit } from './shaper';
export type { LineMetrics } from './line-metrics';
export { lowerSymbolCodes, mapSymbolChar, mapSymbolText, symbolCodeToUnicode, SYMBOL_FALLBACK_FAMILY } from './symbol-fonts';
export type { MappedSymbol } from './symbol-fonts';
export { deobfuscateFont, fontKeyBytes } from './obfuscation';
export { subsetFont, subsetFontData, cidWidthArray, subsetTagFor, subsetNeedsFontkit } from './subset';
export { loadFontkit, requireFontkit, FontkitNotLoaded, forgetFontkitForTests } from './fontkit-loader';
export type { Fontkit } from './fontkit-loader';
export type { FontSubset, PdfFontDescriptor, SubsetSource } from './subset';
export { toUnicodeCMap } from './to-unicode';
export type { CidCodes } from './to-unicode';
export { isCombiningMark, isDefaultIgnorable, needsFullShaping } from './unicode-props';
export { resolveBidiParagraph, applyLineRule, visualOrder } from './bidi/levels';
export type { BaseDirection, BidiParagraph, BidiOptions } from './bidi/levels';
export { mirroredCodePoint } from './bidi/bidi-class';
export { glyphOutline } from './glyph-outline';
export type { OutlineCommand } from './glyph-outline';
export { readMathFont } from './math-table';
export type { MathFont, MathConstants, GlyphConstruction, GlyphPart, GlyphBounds } from './math-table';
