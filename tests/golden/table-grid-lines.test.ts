/**
 * w:adjustLineHeightInTable (§17.15.3.1) puts the lines of table cells on the document grid too.
 * oxsdk-2007 (Chinese forms, docGrid lines 15.6 pt, the option set) has Word's page starts at its
 * province-code table's 'YN' row and at '②总资产贡献率' only with its cells' lines on the grid; we laid
 * the cells out off the grid, as Word does without the option, and ended both pages a row or line late.
 * A cell's first line shares its first grid line with the row's top border: oxsdk-2007's table on its
 * page 15 (12 pt 仿宋 cells, 15.56 pt lines, 0.5 pt borders, 15.6 pt grid) ends Word's page 15 after
 * its 20th row only with 31.2 pt rows; we made them 16.1 pt and the whole table fitted on the page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
// A 24 pt grid; 10 pt text is far shorter than a grid line.
const SECT = '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/><w:docGrid w:type="lines" w:linePitch="480"/></w:sectPr>';
const SINGLE = '<w:spacing w:after="0" w:line="240" w:lineRule="auto"/>';
const TEXT = '<w:sz w:val="20"/>';

const runs = (d: LayoutDoc) => flatItems(d.pages[0]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs');
const y = (d: LayoutDoc, s: string) => runs(d).find((r) => r.text.includes(s))!.y;

function body(): string {
  const cell = para('Cell one', SINGLE, TEXT) + para('Cell two', SINGLE, TEXT);
  const table = `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid><w:gridCol w:w="4000"/></w:tblGrid><w:tr><w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>${cell}</w:tc></w:tr></w:tbl>`;
  return para('Body one', SINGLE, TEXT) + para('Body two', SINGLE, TEXT) + table + SECT;
}

beforeAll(async () => {
  await initKernel();
});

describe('lines in table cells and the document grid', () => {
  it('follow the grid with w:adjustLineHeightInTable', async () => {
    const settings = '<w:compat><w:adjustLineHeightInTable/></w:compat>';
    const { doc } = await layoutDocx(makeDocx({ body: body(), settings }), 'grid-cells.docx', host);
    expect(y(doc, 'Body two') - y(doc, 'Body one')).toBeCloseTo(24, 1);
    expect(y(doc, 'Cell two') - y(doc, 'Cell one')).toBeCloseTo(24, 1);
  });

  it('keep their own height without it', async () => {
    const { doc } = await layoutDocx(makeDocx({ body: body() }), 'grid-cells-off.docx', host);
    expect(y(doc, 'Body two') - y(doc, 'Body one')).toBeCloseTo(24, 1);
    expect(y(doc, 'Cell two') - y(doc, 'Cell one')).toBeLessThan(13);
  });

  it("give a cell's first line one more grid line where the row's top border pushes it past its own", async () => {
    const settings = '<w:compat><w:adjustLineHeightInTable/></w:compat>';
    const sect = '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/><w:docGrid w:type="lines" w:linePitch="312"/></w:sectPr>';
    const line = (b: string) => `<w:${b} w:val="single" w:sz="4" w:space="0" w:color="auto"/>`;
    const borders = (on: boolean) => (on ? `<w:tblBorders>${['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map(line).join('')}</w:tblBorders>` : '');
    // 宋体 lines are 1.296875 em: 12 pt is 15.56 pt (under the 15.6 pt grid line), 10 pt 12.97 pt.
    const row = (text: string, halfPt: number) => `<w:tr><w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>${para(text, SINGLE, `<w:rFonts w:ascii="宋体" w:eastAsia="宋体" w:hAnsi="宋体"/><w:sz w:val="${halfPt}"/>`)}</w:tc></w:tr>`;
    const table = (on: boolean) =>
      `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/>${borders(on)}</w:tblPr><w:tblGrid><w:gridCol w:w="4000"/></w:tblGrid>${row('甲行', 24)}${row('乙行', 24)}${row('丙行', 20)}${row('丁行', 20)}</w:tbl>`;
    const ruled = (await layoutDocx(makeDocx({ body: table(true) + sect, settings }), 'grid-cell-border.docx', host)).doc;
    // 0.5 pt of border and a 15.56 pt line pass one grid line: the row takes two (31.2 pt) and its borders.
    expect(y(ruled, '乙行') - y(ruled, '甲行')).toBeGreaterThan(31);
    expect(y(ruled, '乙行') - y(ruled, '甲行')).toBeLessThan(32);
    // A 10 pt line and the border fit one grid line.
    expect(y(ruled, '丁行') - y(ruled, '丙行')).toBeCloseTo(15.6 + 0.5, 1);
    // Without borders nothing is above the line: the 12 pt rows keep one grid line.
    const bare = (await layoutDocx(makeDocx({ body: table(false) + sect, settings }), 'grid-cell-bare.docx', host)).doc;
    expect(y(bare, '乙行') - y(bare, '甲行')).toBeCloseTo(15.6, 1);
  });
});
