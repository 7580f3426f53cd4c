/**
 * w:contextualSpacing (§17.3.1.9) looks into a table that follows: a paragraph whose style the
 * table's first paragraph shares keeps no space after. Word's render of Docx4j_GettingStarted: an
 * empty List Paragraph (after 10 pt from the document defaults) over a table of List Paragraph cells
 * sits flush on the table (31.3 pt from the line above to the first cell's text: two lines, no space).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const STYLES =
  '<w:docDefaults><w:pPrDefault><w:pPr><w:spacing w:after="200" w:line="240" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>' +
  '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>' +
  '<w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/><w:basedOn w:val="Normal"/><w:pPr><w:ind w:left="720"/><w:contextualSpacing/></w:pPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Plain"><w:name w:val="Plain"/><w:basedOn w:val="Normal"/></w:style>';

async function gapAboveTable(cellStyle: string): Promise<number> {
  const cell = `<w:p><w:pPr><w:pStyle w:val="${cellStyle}"/><w:ind w:left="0"/></w:pPr><w:r><w:t>Cell</w:t></w:r></w:p>`;
  const table = `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid><w:gridCol w:w="3000"/></w:tblGrid><w:tr><w:tc><w:tcPr><w:tcW w:w="3000" w:type="dxa"/></w:tcPr>${cell}</w:tc></w:tr></w:tbl>`;
  const body = para('Above', '<w:pStyle w:val="ListParagraph"/>') + para('Last', '<w:pStyle w:val="ListParagraph"/>') + table;
  const { doc } = await layoutDocx(makeDocx({ body, styles: STYLES }), 'contextual-table.docx', host);
  const y = (t: string) => flatItems(doc.pages[0]!.items).find((i): i is GlyphRun => i.kind === 'glyphs' && i.text.trim() === t)!.y;
  // The line pitch between the two List Paragraphs (no space between them) is subtracted out.
  return y('Cell') - y('Last') - (y('Last') - y('Above'));
}

beforeAll(async () => {
  await initKernel();
});

describe('contextual spacing before a table', () => {
  it('drops the space after when the table starts with the same style', async () => {
    expect(await gapAboveTable('ListParagraph')).toBeCloseTo(0, 1);
  });

  it('keeps it before a table of another style', async () => {
    expect(await gapAboveTable('Plain')).toBeCloseTo(10, 1);
  });
});
