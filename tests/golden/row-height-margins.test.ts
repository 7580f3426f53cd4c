/**
 * An at-least row height (w:trHeight without hRule="exact", §17.4.81) is the room of the cells'
 * content: the cell margins come on top of it (docling-docx_rich_tables_01: a 1073-twip row with
 * 100-twip top and bottom margins is 63.65 pt high, and Word's page 5 then ends after the first line
 * of a later row, as its w:lastRenderedPageBreak marks say). An exact height keeps holding everything.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { glyphRunsOn, layoutDocx } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const BORDER = 'w:val="single" w:sz="8" w:space="0" w:color="000000"';
const cell = (text: string) =>
  '<w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/><w:tcMar><w:top w:w="100" w:type="dxa"/><w:bottom w:w="100" w:type="dxa"/></w:tcMar></w:tcPr>' +
  `<w:p><w:pPr><w:spacing w:after="0"/></w:pPr><w:r><w:t>${text}</w:t></w:r></w:p></w:tc>`;
const row = (text: string, height?: string) => `<w:tr>${height ? `<w:trPr>${height}</w:trPr>` : ''}${cell(text)}</w:tr>`;
const table = (rows: string) =>
  `<w:tbl><w:tblPr><w:tblW w:w="4000" w:type="dxa"/><w:tblBorders><w:top ${BORDER}/><w:left ${BORDER}/><w:bottom ${BORDER}/><w:right ${BORDER}/>` +
  `<w:insideH ${BORDER}/><w:insideV ${BORDER}/></w:tblBorders><w:tblLayout w:type="fixed"/></w:tblPr><w:tblGrid><w:gridCol w:w="4000"/></w:tblGrid>` +
  rows +
  '</w:tbl><w:p/>';

async function lay(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body }), 'row-height-margins.docx', host)).doc;
}
const baseline = (d: LayoutDoc, text: string) => glyphRunsOn(d, 0).find((r) => r.text.startsWith(text))?.y;

beforeAll(async () => {
  await initKernel();
});

describe('at-least row heights', () => {
  it('are the content room, with the cell margins added above and below', async () => {
    const plain = await lay(table(row('A') + row('B') + row('C')));
    const tall = await lay(table(row('A') + row('B', '<w:trHeight w:val="1073"/>') + row('C')));
    // Row B's line is shorter than 53.65 pt: the row is 53.65 + 5 + 5 pt high, and its two half borders
    // (0.5 pt each) come on top (row-height-borders.test.ts).
    const pitch = baseline(tall, 'C')! - baseline(tall, 'B')!;
    expect(pitch).toBeCloseTo(63.65 + 1, 2);
    // Nothing moves above the row.
    expect(baseline(tall, 'B')).toBeCloseTo(baseline(plain, 'B')!, 3);
  });

  it('leave a row whose content is taller than the height at its content', async () => {
    const plain = await lay(table(row('A') + row('B') + row('C')));
    const low = await lay(table(row('A') + row('B', '<w:trHeight w:val="100"/>') + row('C')));
    expect(baseline(low, 'C')! - baseline(low, 'B')!).toBeCloseTo(baseline(plain, 'C')! - baseline(plain, 'B')!, 3);
  });

  it('an exact height still holds the margins', async () => {
    const exact = await lay(table(row('A') + row('B', '<w:trHeight w:val="1073" w:hRule="exact"/>') + row('C')));
    // 53.65 pt, then the half of the shared border row C takes above its text.
    expect(baseline(exact, 'C')! - baseline(exact, 'B')!).toBeCloseTo(53.65 + 0.5, 2);
  });
});
