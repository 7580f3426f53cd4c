/**
 * Rows of a table without cell spacing share their borders, half each; at a page's foot and top a row
 * draws its border whole and needs its whole width there (docling-docx_rich_tables_01: Word's page 4
 * ends a row earlier than half borders allow, and the part of a row continued on page 5 sits below
 * its own 1 pt top border). A split row's parts likewise take their whole borders at the cut.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc, LineItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { layoutDocx, flatItems, glyphRunsOn } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const BORDER = 'w:val="single" w:sz="8" w:space="0" w:color="000000"';
const cell = (text: string) =>
  '<w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/><w:tcMar><w:top w:w="100" w:type="dxa"/><w:bottom w:w="100" w:type="dxa"/></w:tcMar></w:tcPr>' +
  `<w:p><w:pPr><w:spacing w:after="0"/></w:pPr>${text}</w:p></w:tc>`;
const run = (t: string) => `<w:r><w:t>${t}</w:t></w:r>`;
const table = (rows: string[]) =>
  `<w:tbl><w:tblPr><w:tblW w:w="4000" w:type="dxa"/><w:tblBorders><w:top ${BORDER}/><w:left ${BORDER}/><w:bottom ${BORDER}/><w:right ${BORDER}/>` +
  `<w:insideH ${BORDER}/><w:insideV ${BORDER}/></w:tblBorders><w:tblLayout w:type="fixed"/></w:tblPr><w:tblGrid><w:gridCol w:w="4000"/></w:tblGrid>` +
  rows.map((r) => `<w:tr>${cell(r)}</w:tr>`).join('') +
  '</w:tbl><w:p/>';
const sect = (hTwips: number) =>
  `<w:sectPr><w:pgSz w:w="12240" w:h="${hTwips}"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>`;

async function lay(rows: string[], hTwips: number): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body: table(rows) + sect(hTwips) }), 'row-border-page-edge.docx', host)).doc;
}
const runs = glyphRunsOn;
const baseline = (d: LayoutDoc, page: number, text: string) => runs(d, page).find((r) => r.text.startsWith(text))?.y;

beforeAll(async () => {
  await initKernel();
});

describe('shared row borders at a page edge', () => {
  it('a row at the foot of a page needs its whole bottom border, and the next page opens below a whole top border', async () => {
    const rows = ['R1', 'R2', 'R3', 'R4', 'R5'].map(run);
    const tall = await lay(rows, 15840);
    // The border between rows 3 and 4 is drawn centred on their boundary.
    const lines = flatItems(tall.pages[0]!.items).filter((i): i is LineItem => i.kind === 'line' && i.y1 === i.y2);
    const boundaries = [...new Set(lines.map((l) => l.y1))].sort((a, b) => a - b);
    const b3 = boundaries[3]!;
    // A page whose body ends 0.25 pt below that boundary: half of the 1 pt border fits, all of it not.
    const d = await lay(rows, Math.round((b3 + 0.25 + 72) * 20));
    expect(baseline(d, 0, 'R3')).toBeUndefined();
    expect(baseline(d, 1, 'R3')).toBeDefined();
    // Row 3 opens page 2 as row 1 opens the table: below a whole 1 pt border.
    expect(baseline(d, 1, 'R3')! - 72).toBeCloseTo(baseline(d, 0, 'R1')! - 72, 3);
  });

  it('the part of a split row continued on the next page sits below its own top border', async () => {
    const lines = Array.from({ length: 80 }, (_, i) => `line ${i + 1}`);
    const long = lines.map((t) => run(t) + '<w:r><w:br/></w:r>').join('');
    const d = await lay([run('R1'), long], 15840);
    expect(d.pages.length).toBeGreaterThan(1);
    const first = runs(d, 1)[0]!;
    // The row continues on page 2 at 72 + 1 (border) + 5 (cell margin) + its line's ascent, the same
    // offset the table's first row has on page 1.
    expect(first.y - 72).toBeCloseTo(baseline(d, 0, 'R1')! - 72, 3);
  });
});
