/**
 * A row reaching the foot of a page where one of its cells can keep none of its text there (its first
 * line does not fit, or widow control holds that line with the next) moves on whole: Word does not
 * open the next page with that cell's text beside the other cells' rest. Word's saved page breaks
 * open a page with such a row in aspose-Northwind_traders (a two-line company name beside a
 * three-line address), oxpt-WC023-Table-4-Row-Image-Before (pictures beside text) and
 * poi-bib-chernigovka (a date beside a two-line event: 13 of Word's 14 page starts, 11 without).
 * Where every cell keeps a line the row still splits at its lines.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { layoutDocx, pageWithText } from '../helpers/layout-docx';
import { makeDocx, run } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
/** Exact 20 pt lines without spacing, widow control on. */
const LINE = '<w:widowControl/><w:spacing w:before="0" w:after="0" w:line="400" w:lineRule="exact"/>';
const compat = (mode: number) =>
  `<w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="${mode}"/></w:compat>`;

const cell = (content: string, pPr = LINE) => `<w:tc><w:tcPr><w:tcW w:w="3000" w:type="dxa"/></w:tcPr><w:p><w:pPr>${pPr}</w:pPr>${content}</w:p></w:tc>`;

/**
 * 31 one-line rows of 20 pt fill 620 of the 648 pt body: a 20 pt line fits below them, two do not
 * (with 4 pt before each of the last row's paragraphs, `before`, still one and not two).
 * The last row holds a one-line date beside a two-line event (one paragraph, its lines set by w:br).
 */
function body(before = false): string {
  const rows = Array.from({ length: 31 }, (_, i) => `<w:tr>${cell(run(`Row ${i + 1}`))}${cell(run('-'))}</w:tr>`).join('');
  const pPr = before ? LINE.replace('w:before="0"', 'w:before="80"') : LINE;
  const last = `<w:tr>${cell(run('Date'), pPr)}${cell('<w:r><w:t>Event line A</w:t><w:br/><w:t>Event line B</w:t></w:r>', pPr)}</w:tr>`;
  return `<w:tbl><w:tblPr><w:tblW w:w="6000" w:type="dxa"/></w:tblPr><w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/></w:tblGrid>${rows}${last}</w:tbl><w:p/>`;
}

async function layout(mode: number, before = false): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body: body(before), settings: compat(mode) }), 'row-split-starved-cell.docx', host)).doc;
}

beforeAll(async () => {
  await initKernel();
});

describe('a row one of whose cells keeps no text on the page', () => {
  it('moves on whole where widow control holds a cell\'s two lines together (Word 2013)', async () => {
    // With space before the paragraphs (as in poi-bib-chernigovka) and without (the event's two
    // lines then open its cell).
    for (const before of [true, false]) {
      const doc = await layout(15, before);
      expect(pageWithText(doc, 'Row 31')).toBe(0);
      expect(pageWithText(doc, 'Date')).toBe(1);
      expect(pageWithText(doc, 'Event line A')).toBe(1);
      expect(pageWithText(doc, 'Event line B')).toBe(1);
    }
  });

  it('still splits at its lines where every cell keeps one (Word 2010: no widow control in rows)', async () => {
    const doc = await layout(14);
    expect(pageWithText(doc, 'Date')).toBe(0);
    expect(pageWithText(doc, 'Event line A')).toBe(0);
    expect(pageWithText(doc, 'Event line B')).toBe(1);
  });
});
