import { describe, expect, it } from 'vitest';
import { textOf } from './field-state';
import { bodyParagraphs, parseFixture, parseWithWarnings } from './test-util';

// Word saves these fields with no result (fldChar begin, instrText, end): the number is computed.
const field = (instr: string) =>
  `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> ${instr} </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`;
/** A paragraph opening with the field; `level` 1-9 makes it a heading of that outline level. */
const p = (instr: string, text: string, level?: number) =>
  `<w:p>${level ? `<w:pPr><w:outlineLvl w:val="${level - 1}"/></w:pPr>` : ''}${field(instr)}<w:r><w:t xml:space="preserve"> ${text}</w:t></w:r></w:p>`;
const texts = (body: string, styles?: string) => bodyParagraphs(parseFixture({ body, ...(styles ? { styles } : {}) })).map((x) => textOf(x.inlines));

describe('AUTONUM fields', () => {
  it('number body text 1. 2. 3. through the document, with \\s as the separator and \\* as the number format', () => {
    // The standard's example (§17.16.5.5): 1. 2: c xxx IV. fifth.
    const body = p('AUTONUM', 'a') + p('AUTONUM \\* Arabic \\s :', 'b') + p('AUTONUM \\* alphabetic \\s " "', 'c') +
      p('AUTONUM \\* ROMAN', 'd') + p('AUTONUM \\* OrdText', 'e');
    expect(texts(body)).toEqual(['1. a', '2: b', 'c  c', 'IV. d', 'fifth. e']);
  });

  it('restart at 1 in each heading level, and body text at 1 after each heading numbered by one', () => {
    const body = p('AUTONUM', 'H1', 1) + p('AUTONUM', 'body') + p('AUTONUM', 'body') + p('AUTONUM', 'H2', 2) +
      p('AUTONUM', 'H2', 2) + p('AUTONUM', 'body') + p('AUTONUM', 'H1', 1) + p('AUTONUM', 'H2', 2);
    expect(texts(body)).toEqual(['1. H1', '1. body', '2. body', '1. H2', '2. H2', '1. body', '2. H1', '1. H2']);
  });

  it('number in the heading level of Word\'s built-in heading styles, named without w:outlineLvl', () => {
    const styles = '<w:style w:type="paragraph" w:styleId="H2"><w:name w:val="heading 2"/></w:style>';
    const body = `<w:p><w:pPr><w:pStyle w:val="H2"/></w:pPr>${field('AUTONUMLGL')}</w:p>` + p('AUTONUMLGL', 'x', 1) +
      `<w:p><w:pPr><w:pStyle w:val="H2"/></w:pPr>${field('AUTONUMLGL')}</w:p>`;
    // The first heading 2 shows its skipped level 1 at its start, which then counts as used.
    expect(texts(body, styles)).toEqual(['1.1.', '2. x', '2.1.']);
  });

  it('AUTONUMLGL: a legal number of the heading levels, body text numbered after its heading; \\s and \\e', () => {
    // Microsoft's reference: after heading 1.2.3, body text is 1.2.3.1, 1.2.3.2, ...
    const body = p('AUTONUMLGL', 'H1', 1) + p('AUTONUMLGL', 'H2', 2) + p('AUTONUMLGL', 'H2', 2) + p('AUTONUMLGL', 'H3', 3) +
      p('AUTONUMLGL', 'body') + p('AUTONUMLGL \\s : \\e', 'body') + p('AUTONUMLGL', 'H1', 1) + p('AUTONUMLGL \\e', 'H2', 2);
    expect(texts(body)).toEqual(['1. H1', '1.1. H2', '1.2. H2', '1.2.1. H3', '1.2.1.1. body', '1:2:1:2 body', '2. H1', '2.1 H2']);
  });

  it('AUTONUMLGL without headings numbers body text in sequence (the standard\'s example: 1. 2: c xxx IV. 5xxx)', () => {
    const body = p('AUTONUMLGL', '') + p('AUTONUMLGL \\* Arabic \\s :', '') + p('AUTONUMLGL \\* alphabetic \\s " "', 'xxx') +
      p('AUTONUMLGL \\* ROMAN', '') + p('AUTONUMLGL \\e', 'xxx');
    expect(texts(body).map((t) => t.replace(/ $/, ''))).toEqual(['1.', '2:', 'c  xxx', 'IV.', '5 xxx']);
  });

  it('AUTONUMOUT: the outline scheme in headings (I. A. 1. a) (1)), Arabic and a period in body text', () => {
    // The standard's examples (§17.16.5.7): I. A. B. II. for headings 1 2 2 1; 1. 2. for two plain fields.
    const body = p('AUTONUMOUT', 'H1', 1) + p('AUTONUMOUT', 'H2', 2) + p('AUTONUMOUT', 'H2', 2) + p('AUTONUMOUT', 'H3', 3) +
      p('AUTONUMOUT', 'H4', 4) + p('AUTONUMOUT', 'H5', 5) + p('AUTONUMOUT', 'H1', 1);
    expect(texts(body)).toEqual(['I. H1', 'A. H2', 'B. H2', '1. H3', 'a) H4', '(1) H5', 'II. H1']);
    expect(texts(p('AUTONUMOUT', 'a') + p('AUTONUMOUT', 'b'))).toEqual(['1. a', '2. b']);
  });

  it('show nothing, and do not count, inside an IF field\'s instruction (Microsoft\'s field reference)', () => {
    const r = (x: string) => `<w:r><w:instrText xml:space="preserve">${x}</w:instrText></w:r>`;
    const begin = '<w:r><w:fldChar w:fldCharType="begin"/></w:r>';
    const end = '<w:r><w:fldChar w:fldCharType="end"/></w:r>';
    const nested = `<w:p>${begin}${r(' IF 1 = 1 "')}${begin}${r(' AUTONUM ')}${end}${r('x" "y" ')}${end}</w:p>`;
    expect(texts(nested + p('AUTONUM', 'a'))).toEqual(['x', '1. a']);
  });

  it('counts each kind apart and warns of no missing result', () => {
    const body = p('AUTONUM', 'a', 1) + p('AUTONUMLGL', 'b', 1) + p('AUTONUMOUT', 'c', 1) + p('AUTONUM', 'd', 1);
    expect(texts(body)).toEqual(['1. a', '1. b', 'I. c', '2. d']);
    const { warnings } = parseWithWarnings({ body });
    expect(warnings.filter((w) => w.code === 'docx/field-no-result')).toEqual([]);
  });
});
