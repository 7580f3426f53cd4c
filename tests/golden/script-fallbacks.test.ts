/**
 * The fallback faces for East Asian text are loaded only for documents that need them, so every
 * story is looked at: body, headers and footers, notes, text boxes, list labels. Korean text gets a
 * face with all 11,172 Hangul syllables (NanumGothic); the CJK face (Droid Sans Fallback) has 3.
 * Before, only the body's top-level paragraphs were looked at and Hangul syllables had no face:
 * docx4j-rFonts lost its Korean and docling-textbox a full-width asterisk in a text box.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { glyphRunsOn, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const SECT_WITH_HEADER =
  '<w:sectPr><w:headerReference w:type="default" r:id="rIdH1"/><w:pgSz w:w="12240" w:h="15840"/>' +
  '<w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>';

beforeAll(async () => {
  await initKernel();
});

/** The family of the face drawing each character of `text` on page 1 (its runs' fonts). */
function familiesOf(d: LayoutDoc, text: string): string[] {
  const runs = glyphRunsOn(d, 0).filter((g) => text.includes(g.text) || g.text.includes(text));
  return [...new Set(runs.map((g) => d.fonts[g.font]!.family))];
}

describe('fallback faces for East Asian scripts', () => {
  it('draws Hangul syllables with the Korean face, none missing', async () => {
    const { doc, codes } = await layoutDocx(makeDocx({ body: para('대한민국 헌법') }), 'hangul.docx', host);
    expect(codes).not.toContain('text/missing-glyph');
    expect(familiesOf(doc, '대한민국')).toEqual(['NanumGothic']);
  });

  it('finds CJK text that is only in a header', async () => {
    const bytes = makeDocx({ body: para('Latin body'), sectPr: SECT_WITH_HEADER, headers: { rIdH1: para('会社名：株式会社') } });
    const { doc, codes } = await layoutDocx(bytes, 'cjk-header.docx', host);
    expect(codes).not.toContain('text/missing-glyph');
    expect(familiesOf(doc, '株式会社')).toContain('Droid Sans Fallback');
  });

  it('finds full-width forms and Hangul that are only in a footnote', async () => {
    const body = para('Body') .replace('</w:p>', '<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="1"/></w:r></w:p>');
    const footnotes =
      '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>' +
      '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>' +
      '<w:footnote w:id="1"><w:p><w:r><w:t>＊ 참고</w:t></w:r></w:p></w:footnote>';
    const { codes } = await layoutDocx(makeDocx({ body, footnotes }), 'note.docx', host);
    expect(codes).not.toContain('text/missing-glyph');
  });

  it('loads none of those faces for a Latin document, nor the emoji face for text-style symbols', async () => {
    const { doc } = await layoutDocx(makeDocx({ body: para('Only Latin text here © ™ ✔.') }), 'latin.docx', host);
    expect(doc.fonts.map((f) => f.family)).not.toContain('NanumGothic');
    expect(doc.fonts.map((f) => f.family)).not.toContain('Droid Sans Fallback');
    expect(doc.fonts.map((f) => f.family)).not.toContain('Noto Emoji');
  });

  it('draws emoji that are only in a header with the emoji face, none missing, with their text kept', async () => {
    const bytes = makeDocx({ body: para('Status report'), sectPr: SECT_WITH_HEADER, headers: { rIdH1: para('Done \u2705 sail \u26F5 ok \u{1F44D}\u{1F3FD}') } });
    const { doc, codes } = await layoutDocx(bytes, 'emoji-header.docx', host);
    expect(codes).not.toContain('text/missing-glyph');
    const emoji = glyphRunsOn(doc, 0).filter((g) => doc.fonts[g.font]!.family === 'Noto Emoji');
    expect(emoji.map((g) => g.text).join('')).toBe('\u2705\u26F5\u{1F44D}\u{1F3FD}');
    // The skin-tone modifier joins its hand in one glyph (the face's own ligature).
    const hand = emoji.find((g) => g.text.startsWith('\u{1F44D}'))!;
    expect(hand.glyphs).toHaveLength(1);
  });

  it('draws symbol-font codes of a font we lack (a barcode font, w:sym in Calibri) as their 8-bit text, none missing', async () => {
    const barcode = '<w:r><w:rPr><w:rFonts w:ascii="C39T30Lfz" w:hAnsi="C39T30Lfz"/></w:rPr><w:t>\uF02A1621563\uF02A</w:t></w:r>';
    const sym = '<w:r><w:t>x</w:t></w:r><w:r><w:sym w:font="Calibri" w:char="F020"/></w:r><w:r><w:t>y</w:t></w:r>';
    const body = `<w:p>${barcode}</w:p><w:p>${sym}</w:p>`;
    const { doc, codes } = await layoutDocx(makeDocx({ body }), 'pua.docx', host);
    expect(codes).not.toContain('text/missing-glyph');
    const text = glyphRunsOn(doc, 0).map((g) => g.text).join('');
    expect(text).toContain('*1621563*');
    expect(text).not.toMatch(/[\uF000-\uF0FF]/);
  });

  it('draws a w:sym F0xx of a text font as the font\'s own 00xx character, as wide as that character typed (§17.3.3.30)', async () => {
    // Word's symbol-font convention: code c of a symbol-encoded font sits at U+F000 + c, so F020 in
    // Calibri is Calibri's space and F0B0 its degree sign, not a missing glyph or a fallback face's.
    const calibri = (inner: string) => `<w:r><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/></w:rPr>${inner}</w:r>`;
    const sym = (code: string) => calibri(`<w:sym w:font="Calibri" w:char="${code}"/>`);
    const t = (s: string) => calibri(`<w:t xml:space="preserve">${s}</w:t>`);
    const body = [t('7') + sym('F020') + t('x'), t('7 x'), t('70') + sym('F0B0') + t('F'), t('70\u00B0F')].map((r) => `<w:p>${r}</w:p>`).join('');
    const { doc, codes } = await layoutDocx(makeDocx({ body }), 'sym-text-font.docx', host);
    expect(codes).not.toContain('text/missing-glyph');
    const lines = new Map<number, { text: string; end: number; families: Set<string> }>();
    for (const g of glyphRunsOn(doc, 0)) {
      const line = lines.get(g.y) ?? { text: '', end: 0, families: new Set() };
      line.text += g.text;
      line.end = Math.max(line.end, g.x + g.advances.reduce((a, b) => a + b, 0));
      line.families.add(doc.fonts[g.font]!.family);
      lines.set(g.y, line);
    }
    const [spaced, typed, degree, typedDegree] = [...lines.values()];
    expect([spaced!.text, degree!.text]).toEqual([typed!.text, typedDegree!.text]);
    expect(spaced!.end).toBeCloseTo(typed!.end, 3);
    expect(degree!.end).toBeCloseTo(typedDegree!.end, 3);
    expect(degree!.families).toEqual(typedDegree!.families);
  });
});
