/**
 * A table row whose cell holds a nested table splits across pages inside the nested table's row, as
 * Word splits it (rows split unless w:cantSplit, §17.4.6; nesting does not change that). Before, the
 * nested row was one indivisible piece of the outer cell, so the outer row could not split: it moved
 * whole to the next page, leaving the rest of the page empty, and ran past the bottom margin there
 * (poi-drawing, HTML pages saved as DOCX, lost a page this way).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { layoutDocx, glyphRunsOn, pageWithText } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const table = (cellContent: string, cantSplit = false) =>
  '<w:tbl><w:tblPr><w:tblW w:w="8000" w:type="dxa"/></w:tblPr><w:tblGrid><w:gridCol w:w="8000"/></w:tblGrid>' +
  `<w:tr>${cantSplit ? '<w:trPr><w:cantSplit/></w:trPr>' : ''}<w:tc><w:tcPr><w:tcW w:w="8000" w:type="dxa"/></w:tcPr>${cellContent}</w:tc></w:tr></w:tbl>`;

const lines = Array.from({ length: 70 }, (_, k) => para(`Nested line ${k + 1}.`)).join('');
const filler = Array.from({ length: 20 }, (_, k) => para(`Filler line ${k + 1}.`)).join('');

async function layout(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body }), 'nested-row-split.docx', host)).doc;
}

const runs = glyphRunsOn;
const pageOf = pageWithText;

beforeAll(async () => {
  await initKernel();
});

describe('rows holding nested tables', () => {
  it('split inside the nested row, filling the page before moving on', async () => {
    const doc = await layout(filler + table(table(lines) + '<w:p/>') + para('After the table.'));
    expect(pageOf(doc, 'Nested line 1.')).toBe(0);
    expect(pageOf(doc, 'Nested line 70.')).toBe(1);
    // Every line prints once, and none below the bottom margin (72 pt above the foot of a 792 pt page).
    for (let k = 1; k <= 70; k++) expect(doc.pages.flatMap((_, p) => runs(doc, p)).filter((r) => r.text === `Nested line ${k}.`)).toHaveLength(1);
    for (let p = 0; p < doc.pages.length; p++) for (const r of runs(doc, p)) expect(r.y).toBeLessThan(792 - 72 + 1);
    expect(pageOf(doc, 'After the table.')).toBe(1);
  });

  it('keep a nested row that may not split (w:cantSplit) whole', async () => {
    const doc = await layout(filler + table(table(Array.from({ length: 30 }, (_, k) => para(`Kept line ${k + 1}.`)).join(''), true) + '<w:p/>'));
    expect(pageOf(doc, 'Kept line 1.')).toBe(pageOf(doc, 'Kept line 30.'));
  });
});
