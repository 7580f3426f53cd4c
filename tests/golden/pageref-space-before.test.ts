/**
 * A heading whose space before fits at the foot of a page but whose text does not: the spacing stays
 * behind and the text opens the next page. The heading's bookmark is on the page its text opens, so
 * PAGEREF (and the TOC built from it) prints that page. Word's TOC in Docx4j_GettingStarted (its own
 * render) gives "Parts List" and "MainDocumentPart" the pages their text opens, 16 and 18, where we
 * printed 15 and 17.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import { createNodeHost } from '../../node/host';
import { glyphRunsOn, layoutDocx, pageWithText } from '../helpers/layout-docx';
import { makeDocx, run } from '../helpers/make-docx';
import { field } from './xref-fixtures';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
/** Exact 20 pt lines without spacing: 31 of them leave 28 pt of the 648 pt body. */
const LINE = '<w:pPr><w:spacing w:before="0" w:after="0" w:line="400" w:lineRule="exact"/></w:pPr>';
/** 24 pt before (fits in the 28 pt left) and a 20 pt line (does not), kept with the next paragraph. */
const HEADING = '<w:pPr><w:keepNext/><w:spacing w:before="480" w:after="0" w:line="400" w:lineRule="exact"/></w:pPr>';

function body(): string {
  const first = `<w:p>${LINE}${run('Target on page ')}${field('PAGEREF Target \\h', '9')}</w:p>`;
  const filler = Array.from({ length: 30 }, (_, i) => `<w:p>${LINE}${run(`Filler ${i + 1}`)}</w:p>`).join('');
  const heading = `<w:p>${HEADING}<w:bookmarkStart w:id="1" w:name="Target"/>${run('Heading')}<w:bookmarkEnd w:id="1"/></w:p>`;
  return first + filler + heading + `<w:p>${LINE}${run('Body after the heading.')}</w:p>`;
}

beforeAll(async () => {
  await initKernel();
});

describe('PAGEREF to a heading whose space before stays on the page before', () => {
  it('prints the page the heading text opens', async () => {
    const { doc } = await layoutDocx(makeDocx({ body: body() }), 'pageref-space-before.docx', host);
    expect(pageWithText(doc, 'Filler 30')).toBe(0);
    expect(pageWithText(doc, 'Heading')).toBe(1);
    const first = glyphRunsOn(doc, 0).map((r) => r.text).join('');
    expect(first).toContain('Target on page 2');
  });
});
