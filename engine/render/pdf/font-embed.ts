/**
 * Fonts: each font of the layout becomes a Type0 font over a subset CIDFontType2 (TrueType outlines,
 * FontFile2) or CIDFontType0 (CFF, FontFile3) descendant (ISO 32000-1 §9.7), with /W widths and a
 * ToUnicode CMap (§9.10.3) so text extracts correctly. The encoding is the mixed one-/two-byte CMap
 * of cmaps.ts (Identity-H for subsets too large for it).
 */
import { PDFName, PDFString, type PDFContext, type PDFDocument, type PDFRef } from 'pdf-lib';
import type { DiagnosticBag } from '../../core';
import type { LayoutSource } from '../../model';
import { cidWidthArray, subsetFontData, toUnicodeCMap } from '../../text';
import { MIXED_CMAP_NAME, MIXED_CODES, MIXED_MAX_GLYPHS, mixedCode, mixedEncodingCMap } from './cmaps';
import type { ContentFont } from './content';
import type { DrawnWidths, FontDrawnWidths, GlyphUsage } from './glyph-usage';
import { deflateLatin1, flateStream, zlibStream } from './streams';

/**
 * The mixed encoding CMap's compressed bytes. The CMap is the same for every document, so it is
 * built and compressed once, on first use (a constant, not state: nothing ever writes to it).
 */
let mixedEncodingZlib: Uint8Array | undefined;

/** An embedded font: the Type0 font's reference and how content addresses it. */
export interface EmbeddedFont {
  readonly ref: PDFRef;
  readonly content: ContentFont;
}

/** Subsets and embeds every font the layout uses. */
export function embedFonts(pdf: PDFDocument, layout: Pick<LayoutSource, 'fonts'>, usage: GlyphUsage, bag: DiagnosticBag, drawn?: DrawnWidths): Map<number, EmbeddedFont> {
  const out = new Map<number, EmbeddedFont>();
  const ctx = pdf.context;
  let mixedEncoding: PDFRef | undefined;
  const encodingFor = (glyphCount: number): PDFRef | string => {
    if (glyphCount > MIXED_MAX_GLYPHS) return 'Identity-H';
    mixedEncoding ??= ctx.register(
      zlibStream(ctx, (mixedEncodingZlib ??= deflateLatin1(mixedEncodingCMap())), {
        Type: 'CMap',
        CMapName: MIXED_CMAP_NAME,
        CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      }),
    );
    return mixedEncoding;
  };
  for (const [index, glyphs] of [...usage.entries()].sort((a, b) => a[0] - b[0])) {
    const font = layout.fonts[index];
    if (font) out.set(index, embedFont(ctx, index, font, glyphs, { bag, drawnHere: drawn?.get(index), encodingFor }));
  }
  return out;
}

type LayoutFont = LayoutSource['fonts'][number];
type FontSubset = ReturnType<typeof subsetFontData>;

/** What embedding one font needs from the document-wide pass. */
interface EmbedContext {
  readonly bag: DiagnosticBag;
  readonly drawnHere: FontDrawnWidths | undefined;
  /** The Encoding entry for a subset of this many glyphs (the shared mixed CMap, or Identity-H). */
  readonly encodingFor: (glyphCount: number) => PDFRef | string;
}

/** Subsets one font to the glyphs drawn with it and writes its Type0 font, descendant and ToUnicode. */
function embedFont(ctx: PDFContext, index: number, font: LayoutFont, glyphs: ReadonlyMap<number, string>, ec: EmbedContext): EmbeddedFont {
  const italic = /italic|oblique/i.test(font.postscriptName) || font.syntheticItalic;
  const subset = subsetFontData({ data: font.data, id: font.key, postscriptName: font.postscriptName, italic }, [...glyphs.keys()].sort((a, b) => a - b));
  if (subset.format === 'opentype' || subset.glyphMap.size < glyphs.size) {
    ec.bag.warn('render/font-not-subset', `The font ${font.family} could not be subset and is embedded whole.`);
  }
  const unicode = new Map<number, string>();
  for (const [g, text] of glyphs) {
    const cid = subset.glyphMap.get(g);
    if (cid !== undefined && text) unicode.set(cid, text);
  }
  const widths = drawnWidths(subset, ec.drawnHere);
  const cid = registerDescendant(ctx, subset, widths);
  const encoding = ec.encodingFor(subset.glyphCount);
  const mixed = encoding !== 'Identity-H';
  const toUnicode = ctx.register(flateStream(ctx, mixed ? toUnicodeCMap(unicode, MIXED_CODES) : toUnicodeCMap(unicode)));
  const ref = ctx.register(
    ctx.obj({ Type: 'Font', Subtype: 'Type0', BaseFont: PDFName.of(subset.baseFontName), Encoding: encoding, DescendantFonts: [cid], ToUnicode: toUnicode }),
  );
  return { ref, content: contentFont(`F${index}`, glyphs, subset.glyphMap, widths, mixed, font) };
}

/**
 * A respaced program's /W holds the advances its glyphs are drawn on (where they agree), so a
 * viewer sees each glyph as wide as the room it takes and finds no gap inside a word.
 *
 * One program can stand in for several fonts, each drawn on its own widths (Liberation Sans for
 * Aptos in the body and for Aptos Display in headings: J 331 and 455/1000 em), and /W holds one width
 * a glyph. Text extractors read a glyph that ends more than 0.1 em before the next begins as the
 * end of a word, and one overlapped by more than 0.2 em as another word too (xpdf's and poppler's
 * minWordBreakSpace and minDupBreakOverlap): the majority's 331 split every heading's 'JavaScript'
 * into 'J avaScript'. So a glyph drawn on several widths gets the width nearest its majority (or
 * its own) that leaves no drawing of it a gap of WORD_GAP or an overlap of DUP_OVERLAP, where one
 * width can; drawing positions do not depend on /W (the TJ adjustments make up the difference).
 */
function drawnWidths(subset: FontSubset, drawnHere: FontDrawnWidths | undefined): readonly number[] {
  if (!drawnHere || (drawnHere.majority.size === 0 && drawnHere.spread.size === 0)) return subset.widths;
  const own = subset.widths.slice();
  for (const [g, w] of drawnHere.majority) {
    const cid = subset.glyphMap.get(g);
    if (cid !== undefined && cid < own.length) own[cid] = w;
  }
  for (const [g, [least, most]] of drawnHere.spread) {
    const cid = subset.glyphMap.get(g);
    if (cid !== undefined && cid < own.length) own[cid] = widthForAll(own[cid]!, least, most);
  }
  return own;
}

/** Largest gap after a glyph, in 1/1000 em, that extractors still read inside a word (they allow 100). */
const WORD_GAP = 80;
/** Largest overlap of the next glyph, in 1/1000 em, that extractors still read inside a word (they allow 200). */
const DUP_OVERLAP = 180;

/** `width` moved into the range that reads as one word with every drawn width from `least` to `most`, where there is one. */
function widthForAll(width: number, least: number, most: number): number {
  const low = most - WORD_GAP;
  const high = least + DUP_OVERLAP;
  if (low > high) return width;
  return Math.min(Math.max(width, low), high);
}

/** The font file, its descriptor and the CIDFont over them (§9.7.4, §9.8); returns the CIDFont. */
function registerDescendant(ctx: PDFContext, subset: FontSubset, widths: readonly number[]): PDFRef {
  const d = subset.descriptor;
  const fileKey = subset.format === 'truetype' ? 'FontFile2' : 'FontFile3';
  const fileDict = subset.format === 'cff' ? { Subtype: 'CIDFontType0C' } : subset.format === 'opentype' ? { Subtype: 'OpenType' } : {};
  const fileRef = ctx.register(flateStream(ctx, subset.data, fileDict));
  const descriptor = ctx.register(
    ctx.obj({
      Type: 'FontDescriptor',
      FontName: PDFName.of(subset.baseFontName),
      Flags: d.flags,
      FontBBox: d.fontBBox.map(round),
      ItalicAngle: round(d.italicAngle),
      Ascent: round(d.ascent),
      Descent: round(d.descent),
      CapHeight: round(d.capHeight),
      XHeight: round(d.xHeight),
      StemV: round(d.stemV),
      [fileKey]: fileRef,
    }),
  );
  return ctx.register(
    ctx.obj({
      Type: 'Font',
      Subtype: subset.format === 'truetype' ? 'CIDFontType2' : 'CIDFontType0',
      BaseFont: PDFName.of(subset.baseFontName),
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      W: cidWidthArray(widths) as never,
      ...(subset.format === 'truetype' ? { CIDToGIDMap: 'Identity' } : {}),
    }),
  );
}

/**
 * Codes and widths indexed by original glyph id, so drawing a glyph is two array reads. Two-byte
 * codes are flagged with bit 16 (content.ts writes any code above 0xFF as two bytes).
 */
function contentFont(
  resource: string, used: ReadonlyMap<number, string>, glyphMap: ReadonlyMap<number, number>, widths: readonly number[], mixed: boolean,
  font: { readonly syntheticBold: boolean; readonly syntheticItalic: boolean },
): ContentFont {
  const encode = (cid: number) => (mixed ? mixedCode(cid) : 0x10000 | cid);
  let size = 0;
  for (const g of used.keys()) if (g >= size) size = g + 1;
  const missingCode = encode(0);
  const missingWidth = widths[0] ?? 0;
  const codes = new Int32Array(size).fill(missingCode);
  const byGlyph = new Float64Array(size).fill(missingWidth);
  for (const [g, cid] of glyphMap) {
    if (g >= size) continue;
    codes[g] = encode(cid);
    byGlyph[g] = widths[cid] ?? 0;
  }
  return { resource, codes, widths: byGlyph, missingCode, missingWidth, syntheticBold: font.syntheticBold, syntheticItalic: font.syntheticItalic };
}

function round(v: number): number {
  return Math.round(v * 1000) / 1000;
}
