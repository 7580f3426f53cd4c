/**
 * Cross-reference, TOC, link and outline fixtures (issue 4, item 6): one small document per
 * feature, made with makeDocx. Their golden dumps live with the others (layout.test.ts); what each
 * is about is asserted in xref.test.ts.
 */
import { OFFICE_THEME, WORD_DEFAULT_STYLES, para, run, type MakeDocxOptions } from '../helpers/make-docx';

const HEADINGS = [1, 2, 3]
  .map(
    (n) =>
      `<w:style w:type="paragraph" w:styleId="Heading${n}"><w:name w:val="heading ${n}"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/>` +
      `<w:pPr><w:keepNext/><w:spacing w:before="240" w:after="0"/><w:outlineLvl w:val="${n - 1}"/></w:pPr><w:rPr><w:sz w:val="${34 - n * 4}"/></w:rPr></w:style>`,
  )
  .join('');

/** Word's "toc N" styles: 11 pt, 5 pt after, 11 pt more indent per level. */
const TOC_STYLES = [1, 2, 3]
  .map((n) => `<w:style w:type="paragraph" w:styleId="TOC${n}"><w:name w:val="toc ${n}"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:pPr><w:spacing w:after="100"/><w:ind w:left="${(n - 1) * 220}"/></w:pPr></w:style>`)
  .join('');

const CAPTION_STYLE = '<w:style w:type="paragraph" w:styleId="Caption"><w:name w:val="caption"/><w:basedOn w:val="Normal"/><w:rPr><w:i/><w:sz w:val="18"/></w:rPr></w:style>';

const STYLES = WORD_DEFAULT_STYLES + HEADINGS + TOC_STYLES + CAPTION_STYLE;
const base = { styles: STYLES, theme: OFFICE_THEME };

function doc(body: string, extra: Partial<MakeDocxOptions> = {}): MakeDocxOptions {
  return { ...base, body, ...extra };
}

/** A complex field: ` INSTR ` with a cached result run. */
export function field(instr: string, cached: string, rPr = ''): string {
  return (
    `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> ${instr} </w:instrText></w:r>` +
    `<w:r><w:fldChar w:fldCharType="separate"/></w:r>${cached ? run(cached, rPr) : ''}<w:r><w:fldChar w:fldCharType="end"/></w:r>`
  );
}

function heading(level: number, text: string, bookmark?: string, pageBreak = false): string {
  const bm = bookmark ? [`<w:bookmarkStart w:id="${bookmark.length}${level}" w:name="${bookmark}"/>`, `<w:bookmarkEnd w:id="${bookmark.length}${level}"/>`] : ['', ''];
  return `<w:p><w:pPr><w:pStyle w:val="Heading${level}"/>${pageBreak ? '<w:pageBreakBefore/>' : ''}</w:pPr>${bm[0]}${run(text)}${bm[1]}</w:p>`;
}

function filler(n: number, from = 1): string {
  return Array.from({ length: n }, (_, i) => para(`Filler line ${from + i}.`)).join('');
}

const NOTES =
  '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote><w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>' +
  '<w:footnote w:id="1"><w:p><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteRef/></w:r>' + run(' First note.') + '</w:p></w:footnote>' +
  '<w:footnote w:id="2"><w:p><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteRef/></w:r>' + run(' Second note.') + '</w:p></w:footnote>';

const noteRef = (id: number) => `<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="${id}"/></w:r>`;

/** A stale TOC result: one entry pointing nowhere, spanning two paragraphs with the field end on its own. */
const STALE_TOC =
  `<w:p><w:pPr><w:pStyle w:val="TOC1"/></w:pPr><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> TOC \\o "1-3" \\h \\z \\u </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${run('Old entry')}<w:r><w:tab/></w:r>${run('7')}</w:p>` +
  '<w:p><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>';

const HEADER_SECT = (rId: string) =>
  `<w:sectPr><w:headerReference w:type="default" r:id="${rId}"/><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>`;

/** Fixtures for cross-references, TOC, links and the outline. */
export const XREF_FIXTURES: Record<string, MakeDocxOptions> = {
  // The cached PAGEREF result is several lines long and pushes its target to page 3; the real
  // number is one digit, which brings the target back to page 2: three passes settle it.
  'xref-pageref-relayout': doc(
    `<w:p>${run('The target is on page ')}${field('PAGEREF Target \\h', 'nine hundred and ninety-nine thousand '.repeat(12).trim())}${run('.')}</w:p>` +
      filler(56) +
      `<w:p><w:bookmarkStart w:id="1" w:name="Target"/>${run('The target paragraph.')}<w:bookmarkEnd w:id="1"/></w:p>`,
  ),
  // A page number spelt out moves its own target: "three" takes one more line than "four", which
  // pushes the target from page 3 to page 4 and back. Layout gives up after three passes.
  'xref-pageref-unstable': doc(
    `<w:p>${run('x'.repeat(85) + ' See page')}${field('PAGEREF T \\* CardText', 'three')}</w:p>` +
      filler(85) +
      `<w:p><w:bookmarkStart w:id="1" w:name="T"/>${run('Target.')}<w:bookmarkEnd w:id="1"/></w:p>`,
  ),
  // Word's saved page numbers are right (the target is on page 2): the first pass already prints
  // what the second would, so it is kept. The stale one ("7") needs the second pass.
  'xref-pageref-current': doc(`<w:p>${run('See page ')}${field('PAGEREF Target \\h', '2')}</w:p>` + filler(30) + `<w:p><w:bookmarkStart w:id="1" w:name="Target"/>${run('Target.')}<w:bookmarkEnd w:id="1"/></w:p>`),
  'xref-pageref-stale': doc(`<w:p>${run('See page ')}${field('PAGEREF Target \\h', '7')}</w:p>` + filler(30) + `<w:p><w:bookmarkStart w:id="1" w:name="Target"/>${run('Target.')}<w:bookmarkEnd w:id="1"/></w:p>`),
  // As xref-pageref-current, with a header printing NUMPAGES with a stale cache ("9"): the header the
  // first pass laid out changes under the page count it leads to, so the second pass runs.
  'xref-pageref-current-numpages-header': doc(
    `<w:p>${run('See page ')}${field('PAGEREF Target \\h', '2')}</w:p>` + filler(30) + `<w:p><w:bookmarkStart w:id="1" w:name="Target"/>${run('Target.')}<w:bookmarkEnd w:id="1"/></w:p>` + HEADER_SECT('rIdH1'),
    { headers: { rIdH1: `<w:p>${run('Pages: ')}${field('NUMPAGES', '9')}</w:p>` } },
  ),
  'xref-ref-hyperlinked': doc(
    `<w:p><w:bookmarkStart w:id="1" w:name="Intro"/>${run('Introduction to the engine')}<w:bookmarkEnd w:id="1"/></w:p>` +
      `<w:p>${run('See “')}${field('REF Intro \\h', 'stale text')}${run('” ')}${field('REF Intro \\p', 'x')}${run('.')}</w:p>`,
  ),
  'xref-noteref': doc(
    `<w:p>${run('A claim')}${noteRef(1)}${run(' and another')}<w:bookmarkStart w:id="5" w:name="_Ref2"/>${noteRef(2)}<w:bookmarkEnd w:id="5"/>${run('.')}</w:p>` +
      `<w:p>${run('As note ')}${field('NOTEREF _Ref2 \\h', '9')}${run(' says.')}</w:p>`,
    { footnotes: NOTES },
  ),
  'xref-seq-figures': doc(
    ['', '', ' \\r 10', ' \\c']
      .map((sw, i) => `<w:p><w:pPr><w:pStyle w:val="Caption"/></w:pPr>${run('Figure ')}${field(`SEQ Figure \\* ARABIC${sw}`, '1')}${run(` caption ${i + 1}`)}</w:p>`)
      .join('') +
      `<w:p>${run('Table ')}${field('SEQ Table \\* ROMAN', '1')}</w:p>`,
  ),
  'xref-styleref-header': doc(
    heading(1, 'Alpha chapter') + filler(3) + heading(1, 'Beta chapter', undefined, true) + filler(60, 4) + HEADER_SECT('rIdH1'),
    { headers: { rIdH1: `<w:p><w:pPr><w:jc w:val="right"/></w:pPr>${field('STYLEREF "heading 1"', 'Cached heading')}</w:p>` } },
  ),
  'xref-toc-three-levels': doc(
    STALE_TOC +
      heading(1, 'Getting started', undefined, true) + filler(2) + heading(2, 'Installing') + filler(2) + heading(3, 'On a server') + filler(2) +
      heading(1, 'Reference', undefined, true) + heading(2, 'Fields') + filler(2),
  ),
  'xref-links': doc(
    `<w:p>${run('Go to ')}<w:hyperlink w:anchor="Far"><w:r><w:rPr><w:color w:val="0563C1"/><w:u w:val="single"/></w:rPr><w:t>the far paragraph</w:t></w:r></w:hyperlink>${run(', visit ')}` +
      `<w:hyperlink r:id="rIdL1"><w:r><w:rPr><w:color w:val="0563C1"/><w:u w:val="single"/></w:rPr><w:t>the site (docs)</w:t></w:r></w:hyperlink>${run(' or ')}` +
      `<w:hyperlink r:id="rIdL2"><w:r><w:rPr><w:color w:val="0563C1"/><w:u w:val="single"/></w:rPr><w:t>do not click</w:t></w:r></w:hyperlink>${run('.')}</w:p>` +
      filler(50) +
      `<w:p><w:bookmarkStart w:id="3" w:name="Far"/>${run('The far paragraph.')}<w:bookmarkEnd w:id="3"/></w:p>`,
    { links: { rIdL1: 'https://example.com/a(b)?q=é', rIdL2: 'javascript:alert(1)' } },
  ),
  'xref-outline': doc(
    heading(1, 'One') + heading(2, 'One.A') + heading(3, 'One.A.i') + heading(2, 'One.B') + heading(1, 'Two — δύο') + para('Body text.'),
  ),
};
