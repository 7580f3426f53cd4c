/**
 * The documents of the browser suite, made in code (tests/helpers/make-docx.ts; no corpus files):
 * the parity set (text, tables, headers with page fields, notes, lists, tracked changes, columns,
 * links, a picture, East Asian text) and a template with the three kinds of fields.
 */
import { FIXTURES } from '../golden/fixtures';
import { makeDocx, OFFICE_THEME, para, run, WORD_DEFAULT_STYLES } from '../helpers/make-docx';
import { inlineSdt, pictureRun, pngBytes } from '../template/helpers';

const base = { styles: WORD_DEFAULT_STYLES, theme: OFFICE_THEME };

/** name → DOCX bytes, converted, annotated and signed in the browser and in Node, compared byte for byte. */
export function parityDocuments(): Record<string, Uint8Array> {
  const picked = ['plain-paragraph', 'table', 'header-footer-page-numbers', 'footnote', 'lists', 'tracked-changes', 'two-columns', 'hyperlink'];
  const out: Record<string, Uint8Array> = {};
  for (const name of picked) out[name] = makeDocx(FIXTURES[name]!);
  out['picture'] = makeDocx({ ...base, body: para('A picture follows.') + `<w:p>${pictureRun('rIdImg1', 'A red square')}</w:p>`, media: { rIdImg1: { name: 'red.png', data: pngBytes(40, 40) } } });
  out['east-asian'] = makeDocx({ ...base, body: para('Latin and 日本語のテキストと漢字。') + para('中文段落，包含标点符号。') });
  out['template'] = templateDocument();
  return out;
}

/** A template: a `{{customer}}` placeholder, a content control tagged `company`, and `MERGEFIELD city`. */
export function templateDocument(): Uint8Array {
  const sdt = inlineSdt('<w:alias w:val="Company"/><w:tag w:val="company"/><w:showingPlcHdr/>', run('Click to enter the company'));
  const merge = '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> MERGEFIELD city </w:instrText></w:r>' +
    '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>«city»</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>';
  return makeDocx({
    ...base,
    body: para('Dear {{customer}},') + `<w:p>${run('Company: ')}${sdt}</w:p>` + `<w:p>${run('City: ')}${merge}</w:p>` + para('Kind regards.'),
  });
}

/** The values the template tests fill in. */
export const TEMPLATE_VALUES = { customer: 'Ada Lovelace', company: 'Analytical Engines Ltd', city: 'London' } as const;
