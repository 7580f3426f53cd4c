/**
 * Where a table row splits across pages, Word 2007 layouts (compatibilityMode 12 and lower, also a
 * file without the setting) and Word 2013 ones (mode 15) keep widow control in its cells: a
 * paragraph's last line does not open the row's rest on the next page alone, its next-to-last line
 * goes with it; the first line may stay behind alone. Word's page starts in oxsdk-BackgroundReport
 * (Word 2007, no compatibility mode): a boxed row's list item leaves its first line at the foot of
 * page 50 and its last two on page 51; poi-bib-chernigovka (mode 15, a calendar of rows whose second
 * cell is often a two-line paragraph) moves such rows on whole, and with the rule has 11 of Word's 14
 * page starts where the plain cut has 3. Word 2010 (mode 14) layouts cut the row at its last line
 * that fits: poi-bug59058 (mode 14, an article in one row) opens Word's page 8 with a paragraph's
 * last line alone and splits a two-line paragraph one and one across pages 6 and 7, and docx4j-rFonts
 * (mode 14) gains three page starts with the plain cut (the rule there costs poi-bug59058 13 of its
 * 45 page starts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { layoutDocx, glyphRunsOn, pageWithText } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const NO_SPACE = '<w:spacing w:after="0" w:line="240" w:lineRule="auto"/>';
const compat = (mode: number) =>
  `<w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="${mode}"/></w:compat>`;
/** One row, one cell: `k` one-line paragraphs, then a three-line paragraph (lines set by w:br). */
const body = (k: number) =>
  '<w:tbl><w:tblPr><w:tblW w:w="8000" w:type="dxa"/></w:tblPr><w:tblGrid><w:gridCol w:w="8000"/></w:tblGrid><w:tr><w:tc><w:tcPr><w:tcW w:w="8000" w:type="dxa"/></w:tcPr>' +
  Array.from({ length: k }, (_, j) => para(`Cell line ${j + 1}.`, NO_SPACE)).join('') +
  `<w:p><w:pPr>${NO_SPACE}</w:pPr><w:r><w:t>Item line A</w:t><w:br/><w:t>Item line B</w:t><w:br/><w:t>Item line C</w:t></w:r></w:p>` +
  '</w:tc></w:tr></w:tbl>' +
  para('After the table.');

async function layout(k: number, mode: number): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body: body(k), settings: compat(mode) }), 'row-split-widow.docx', host)).doc;
}

const runs = glyphRunsOn;
const pageOf = pageWithText;

beforeAll(async () => {
  await initKernel();
});

describe('widow control in a table row split across pages', () => {
  it('moves the next-to-last line with the last in Word 2007 and Word 2013 layouts, not in Word 2010 ones', async () => {
    // The count of cell lines that leaves only the item's last line for the next page (mode 14).
    let k = 0;
    for (let n = 30; n < 70; n++) {
      const doc = await layout(n, 14);
      if (pageOf(doc, 'Item line C') === 1 && pageOf(doc, 'Item line B') === 0) {
        k = n;
        break;
      }
    }
    expect(k).toBeGreaterThan(30);
    for (const mode of [12, 15]) {
      const kept = await layout(k, mode);
      expect(pageOf(kept, 'Item line A')).toBe(0);
      expect(pageOf(kept, 'Item line B')).toBe(1);
      expect(pageOf(kept, 'Item line C')).toBe(1);
      expect(pageOf(kept, `Cell line ${k}.`)).toBe(0);
    }
  });
});
