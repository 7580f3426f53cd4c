/**
 * The empty paragraph that only holds a section's w:sectPr (§17.6.17) paints nothing. When it lands
 * alone on a fresh page (pushed there by its own page break before, or because it did not fit above
 * the margin) and the next section starts on a new page anyway, Word starts that section on this
 * page rather than leaving it blank (aspose-Rendering: Word counts 5 pages and its TOC numbers the
 * sections' headings by those pages; we printed two blank pages).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { layoutDocx, glyphRunsOn, pageWithText } from '../helpers/layout-docx';
import { LETTER_SECT_PR, makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const filler = Array.from({ length: 80 }, (_, k) => para(`Filler line ${k + 1}.`));
const mark = (pPr = '') => `<w:p><w:pPr>${pPr}${LETTER_SECT_PR}</w:pPr></w:p>`;

async function layout(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body }), 'section-mark.docx', host)).doc;
}

const runs = glyphRunsOn;
const pageOf = pageWithText;

beforeAll(async () => {
  await initKernel();
});

describe('an empty section-closing paragraph', () => {
  it('with a page break before does not leave a blank page before the next section', async () => {
    const doc = await layout(para('First section.') + mark('<w:pageBreakBefore/>') + para('Second section.'));
    expect(pageOf(doc, 'Second section.')).toBe(1);
    expect(doc.pages).toHaveLength(2);
  });

  it('that does not fit under a full page does not leave a blank page either', async () => {
    let n = 0;
    for (let k = 30; k < 80; k++) {
      const doc = await layout(filler.slice(0, k).join(''));
      if (doc.pages.length > 1) break;
      n = k;
    }
    const doc = await layout(filler.slice(0, n).join('') + mark() + para('Second section.'));
    expect(pageOf(doc, `Filler line ${n}.`)).toBe(0);
    expect(pageOf(doc, 'Second section.')).toBe(1);
    expect(doc.pages).toHaveLength(2);
    // The new section's text starts at the top of its page, as if the mark were not there.
    const top = runs(doc, 1).find((r) => r.text.includes('Second section.'))!.y;
    const plain = await layout(filler.slice(0, n).join('') + para('Second section.'));
    expect(top).toBeCloseTo(runs(plain, 1).find((r) => r.text.includes('Second section.'))!.y, 1);
  });

  it('keeps the blank page a manual page break before the mark leaves, as Word does', async () => {
    const doc = await layout(para('First section.') + '<w:p><w:r><w:br w:type="page"/></w:r></w:p>' + mark() + para('Second section.'));
    expect(pageOf(doc, 'Second section.')).toBe(2);
    expect(doc.pages).toHaveLength(3);
  });

  it('keeps the page of a section that holds nothing but its mark', async () => {
    const doc = await layout(mark() + para('Second section.'));
    expect(doc.pages).toHaveLength(2);
    expect(pageOf(doc, 'Second section.')).toBe(1);
  });
});
