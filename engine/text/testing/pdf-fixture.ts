/**
 * Test helper: a one-page PDF showing text in a subset font (Type 0 / Identity-H, CIDFontType2 or
 * CIDFontType0 with FontFile2 / FontFile3), written with pdf-lib's low-level objects, so poppler can
 * check that subsets and ToUnicode CMaps are usable. Not the product's PDF writer.
 */
import { PDFDocument, PDFName, PDFArray, PDFNumber, PDFString } from 'pdf-lib';
import type { FontSubset } from '../subset';
import { cidWidthArray } from '../subset';

/** Builds a PDF drawing `cids` (new glyph ids) with the subset font and its ToUnicode CMap. */
export async function subsetPdf(subset: FontSubset, toUnicode: string, cids: readonly number[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const ctx = doc.context;
  const fontFile = subset.format === 'truetype'
    ? ctx.flateStream(subset.data, { Length1: subset.data.length })
    : ctx.flateStream(subset.data, { Subtype: subset.format === 'cff' ? 'CIDFontType0C' : 'OpenType' });
  const d = subset.descriptor;
  const descriptor = ctx.obj({
    Type: 'FontDescriptor', FontName: subset.baseFontName, Flags: d.flags, FontBBox: [...d.fontBBox],
    ItalicAngle: d.italicAngle, Ascent: d.ascent, Descent: d.descent, CapHeight: d.capHeight, StemV: d.stemV,
    [subset.format === 'truetype' ? 'FontFile2' : 'FontFile3']: ctx.register(fontFile),
  });
  const w = PDFArray.withContext(ctx);
  for (const item of cidWidthArray(subset.widths)) {
    if (typeof item === 'number') w.push(PDFNumber.of(item));
    else w.push(ctx.obj(item));
  }
  const cidFont = ctx.obj({
    Type: 'Font', Subtype: subset.format === 'truetype' ? 'CIDFontType2' : 'CIDFontType0', BaseFont: subset.baseFontName,
    CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
    FontDescriptor: ctx.register(descriptor), W: w,
    ...(subset.format === 'truetype' ? { CIDToGIDMap: 'Identity' } : {}),
  });
  const font = ctx.obj({
    Type: 'Font', Subtype: 'Type0', BaseFont: subset.baseFontName, Encoding: 'Identity-H',
    DescendantFonts: [ctx.register(cidFont)], ToUnicode: ctx.register(ctx.stream(toUnicode)),
  });
  const page = doc.addPage([800, 200]);
  page.node.setFontDictionary(PDFName.of('F1'), ctx.register(font));
  const hex = cids.map((c) => c.toString(16).padStart(4, '0')).join('');
  const content = ctx.stream(`BT /F1 12 Tf 20 100 Td <${hex}> Tj ET`);
  page.node.set(PDFName.of('Contents'), ctx.register(content));
  return doc.save({ useObjectStreams: false });
}
