/**
 * Fonts: each LayoutDoc font becomes a Type0 font with Identity-H encoding over a subset
 * CIDFontType2 (TrueType outlines, FontFile2) or CIDFontType0 (CFF, FontFile3) descendant
 * (ISO 32000-1 §9.7), with /W widths and a ToUnicode CMap (§9.10.3) so text extracts correctly.
 */
import { PDFName, PDFString, type PDFDocument, type PDFRef } from 'pdf-lib';
import type { DiagnosticBag } from '../../core';
import type { LayoutDoc } from '../../model';
import { cidWidthArray, subsetFontData, toUnicodeCMap } from '../../text';
import type { ContentFont } from './content';
import type { GlyphUsage } from './glyph-usage';
import { flateStream } from './streams';

/** An embedded font: the Type0 font's reference and how content addresses it. */
export interface EmbeddedFont {
  readonly ref: PDFRef;
  readonly content: ContentFont;
}

/** Subsets and embeds every font the layout uses. */
export function embedFonts(pdf: PDFDocument, layout: LayoutDoc, usage: GlyphUsage, bag: DiagnosticBag): Map<number, EmbeddedFont> {
  const out = new Map<number, EmbeddedFont>();
  const ctx = pdf.context;
  for (const [index, glyphs] of [...usage.entries()].sort((a, b) => a[0] - b[0])) {
    const font = layout.fonts[index];
    if (!font) continue;
    const italic = /italic|oblique/i.test(font.postscriptName) || font.syntheticItalic;
    const subset = subsetFontData({ data: font.data, id: font.key, postscriptName: font.postscriptName, italic }, [...glyphs.keys()].sort((a, b) => a - b));
    if (subset.format === 'opentype' || subset.glyphMap.size < glyphs.size) {
      bag.warn('render/font-not-subset', `The font ${font.family} could not be subset and is embedded whole.`);
    }
    const unicode = new Map<number, string>();
    for (const [g, text] of glyphs) {
      const cid = subset.glyphMap.get(g);
      if (cid !== undefined && text) unicode.set(cid, text);
    }
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
    const cid = ctx.register(
      ctx.obj({
        Type: 'Font',
        Subtype: subset.format === 'truetype' ? 'CIDFontType2' : 'CIDFontType0',
        BaseFont: PDFName.of(subset.baseFontName),
        CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
        FontDescriptor: descriptor,
        W: cidWidthArray(subset.widths) as never,
        ...(subset.format === 'truetype' ? { CIDToGIDMap: 'Identity' } : {}),
      }),
    );
    const toUnicode = ctx.register(flateStream(ctx, toUnicodeCMap(unicode)));
    const ref = ctx.register(
      ctx.obj({ Type: 'Font', Subtype: 'Type0', BaseFont: PDFName.of(subset.baseFontName), Encoding: 'Identity-H', DescendantFonts: [cid], ToUnicode: toUnicode }),
    );
    const widths = subset.widths;
    const map = subset.glyphMap;
    out.set(index, {
      ref,
      content: {
        resource: `F${index}`,
        glyphMap: map,
        width: (g) => widths[map.get(g) ?? 0] ?? 0,
        syntheticBold: font.syntheticBold,
        syntheticItalic: font.syntheticItalic,
      },
    });
  }
  return out;
}

function round(v: number): number {
  return Math.round(v * 1000) / 1000;
}
