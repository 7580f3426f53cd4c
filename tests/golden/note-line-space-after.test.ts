/**
 * The last line of a paragraph that brings a footnote needs the paragraph's space after above the
 * note area: the space may hang past the bottom margin, not into the notes. Word's page starts in
 * poi-stress008 (a reference ending most paragraphs, 10 pt after): a paragraph whose last line and
 * note fit with less than its after to spare goes on to the next page with its note. Before, we kept
 * it on the page and drifted from Word's pages for 46 pages.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { layoutDocx, glyphRunsOn, pageWithText } from '../helpers/layout-docx';
import { makeDocx, para, run } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const NOTES =
  '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>' +
  '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>' +
  '<w:footnote w:id="1"><w:p><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteRef/></w:r>' +
  run(' The note.') +
  '</w:p></w:footnote>';

const ref = '<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="1"/></w:r>';
const NO_SPACE = '<w:spacing w:after="0" w:line="240" w:lineRule="auto"/>';
const filler = Array.from({ length: 80 }, (_, k) => para(`Filler line ${k + 1}.`, NO_SPACE));
/** The referencing paragraph, one line, with `after` twentieths of a point after it. */
const refPara = (after: number, withRef = true) => `<w:p><w:pPr><w:spacing w:after="${after}" w:line="240" w:lineRule="auto"/></w:pPr>${run('Reference line')}${withRef ? ref : ''}</w:p>`;

async function layout(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body, footnotes: NOTES }), 'note-line-space-after.docx', host)).doc;
}

const runs = glyphRunsOn;
const pageOf = pageWithText;

beforeAll(async () => {
  await initKernel();
});

describe('space after the last line of a paragraph with a footnote', () => {
  it('must fit above the note area, where a line without notes lets it hang past the margin', async () => {
    // The most filler lines that still leave the referencing line (no space after) and its note on
    // the first page: less than a filler line (about 14 pt) is left above the note area.
    let n = 0;
    for (let k = 30; k < 80; k++) {
      const doc = await layout(filler.slice(0, k).join('') + refPara(0) + para('After the reference.'));
      if (pageOf(doc, 'Reference line') > 0) break;
      n = k;
    }
    expect(n).toBeGreaterThan(30);
    const body = (after: number, withRef = true) => filler.slice(0, n).join('') + refPara(after, withRef) + para('After the reference.');
    // 20 pt after: more than is left, so the line goes to the next page with its note.
    const spaced = await layout(body(400));
    expect(pageOf(spaced, 'Reference line')).toBe(1);
    expect(pageOf(spaced, 'The note.')).toBe(1);
    expect(pageOf(spaced, `Filler line ${n}.`)).toBe(0);
    // Without the reference the same paragraph stays: its space after hangs past the bottom margin.
    const plain = await layout(body(400, false));
    expect(pageOf(plain, 'Reference line')).toBe(0);
  });
});
