/**
 * A continuous section break near the page's foot (§17.18.77): the new section's region opens
 * partway down the page, a few points above the foot. A line that does not fit there was placed
 * past the foot, over the bottom margin, with a `layout/overflow` warning, because the region's
 * empty first column was taken for a full one, where no column would hold more of it (tika-017091:
 * a paragraph opening a section 2.5 pt above the foot drawn 11 pt into the margin). The next page
 * has room for it, and Word and LibreOffice start the line there.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import { createNodeHost } from '../../node/host';
import { glyphRunsOn, layoutDocx, pageWithText } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
/** US Letter, 1 in margins: a body 648 pt tall, from 72 pt to 720 pt. */
const PAGE = '<w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/>';
const BODY_TOP_PT = 72;
const BODY_BOTTOM_PT = 720;
const LEFT_PT = 72;
/** Lines exactly 12 pt tall (w:spacing w:line="240" w:lineRule="exact"), no space after. */
const LINE_12 = '<w:spacing w:after="0" w:line="240" w:lineRule="exact"/>';
/** Lines exactly 20 pt tall. */
const LINE_20 = '<w:spacing w:after="0" w:line="400" w:lineRule="exact"/>';
const continuous = (cols = '') => `<w:p><w:pPr><w:sectPr><w:type w:val="continuous"/>${PAGE}${cols}</w:sectPr></w:pPr></w:p>`;

beforeAll(async () => {
  await initKernel();
});

/**
 * `lines` 12 pt lines, a continuous break into a section of `cols`, then `opening` and the line
 * 'After the break.' of `afterPPr`.
 */
async function layoutNearFoot(lines: number, afterPPr: string, cols = '', opening = '') {
  const body =
    Array.from({ length: lines }, (_, k) => para(`Line ${k}`, LINE_12)).join('') +
    continuous() +
    opening +
    para('After the break.', afterPPr) +
    para('Last.', LINE_12) +
    `<w:sectPr><w:type w:val="continuous"/>${PAGE}${cols}</w:sectPr>`;
  return layoutDocx(makeDocx({ body }), 'continuous-near-foot.docx', host);
}

describe('a continuous section that opens near the foot of the page', () => {
  it('starts its first line on the next page when the line does not fit, without layout/overflow', async () => {
    // 53 lines end 12 pt above the foot: the 20 pt line does not fit there.
    const { doc, codes } = await layoutNearFoot(53, LINE_20);
    expect(pageWithText(doc, 'Line 52')).toBe(0);
    expect(pageWithText(doc, 'After the break.')).toBe(1);
    const line = glyphRunsOn(doc, 1).find((r) => r.text === 'After the break.')!;
    expect(line.y).toBeGreaterThan(BODY_TOP_PT);
    expect(line.y).toBeLessThan(BODY_TOP_PT + 20);
    for (let k = 0; k < doc.pages.length; k++) for (const r of glyphRunsOn(doc, k)) expect(r.y).toBeLessThan(BODY_BOTTOM_PT);
    expect(codes).not.toContain('layout/overflow');
  });

  it('moves on to the next page, not past the foot in its other columns, when the section has columns', async () => {
    const { doc, codes } = await layoutNearFoot(53, LINE_20, '<w:cols w:num="2" w:space="720"/>');
    expect(pageWithText(doc, 'After the break.')).toBe(1);
    const line = glyphRunsOn(doc, 1).find((r) => r.text === 'After the break.')!;
    expect(line.x).toBeLessThan(LEFT_PT + 10);
    expect(codes).not.toContain('layout/overflow');
  });

  it('moves a table row whose first line does not fit there on to the next page whole', async () => {
    // A row may split where it opens a column, taking its first line whatever the room: not here,
    // where the next page has room for that line.
    const cell = `<w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>${para('Row line 1', LINE_20)}${para('Row line 2', LINE_20)}</w:tc>`;
    const table = `<w:tbl><w:tblGrid><w:gridCol w:w="4000"/></w:tblGrid><w:tr>${cell}</w:tr></w:tbl>`;
    const { doc, codes } = await layoutNearFoot(53, LINE_12, '', table);
    expect(pageWithText(doc, 'Row line 1')).toBe(1);
    expect(pageWithText(doc, 'Row line 2')).toBe(1);
    expect(codes).not.toContain('layout/overflow');
  });

  it('keeps a line that fits below the break on the page', async () => {
    const { doc, codes } = await layoutNearFoot(53, LINE_12);
    expect(pageWithText(doc, 'After the break.')).toBe(0);
    expect(codes).not.toContain('layout/overflow');
  });
});
