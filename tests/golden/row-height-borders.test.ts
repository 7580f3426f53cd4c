/**
 * A row's at-least height (w:trHeight, hRule atLeast or none) is the least room its cells get; the
 * horizontal borders come on top of it as they come on top of the cells' content. Word's oxsdk-2007
 * breaks a table of tall bordered rows before its last line and lays out 16 pages, which the borders
 * inside the height (LibreOffice's reading) put one line short of. An exact height holds its borders.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { glyphRunsOn, layoutDocx } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const border = (sz: number) => `w:val="single" w:sz="${sz}" w:space="0" w:color="000000"`;
const table = (rows: number, trHeight: string, sz: number) => {
  const b = border(sz);
  const row = (i: number) =>
    `<w:tr><w:trPr>${trHeight}</w:trPr><w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>` +
    `<w:p><w:pPr><w:spacing w:after="0"/></w:pPr><w:r><w:t>R${i}</w:t></w:r></w:p></w:tc></w:tr>`;
  return (
    `<w:tbl><w:tblPr><w:tblW w:w="4000" w:type="dxa"/><w:tblBorders><w:top ${b}/><w:left ${b}/><w:bottom ${b}/><w:right ${b}/>` +
    `<w:insideH ${b}/><w:insideV ${b}/></w:tblBorders><w:tblLayout w:type="fixed"/></w:tblPr><w:tblGrid><w:gridCol w:w="4000"/></w:tblGrid>` +
    Array.from({ length: rows }, (_, i) => row(i + 1)).join('') +
    '</w:tbl><w:p><w:r><w:t>After</w:t></w:r></w:p>'
  );
};

async function lay(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body }), 'row-height-borders.docx', host)).doc;
}
const baseline = (d: LayoutDoc, text: string) => glyphRunsOn(d, 0).find((r) => r.text.startsWith(text))!.y;

beforeAll(async () => {
  await initKernel();
});

describe('row heights and horizontal borders', () => {
  it('an at-least height gets the row borders on top of it', async () => {
    // 30 pt rows (600 twips) with one short line each, 2 pt borders (sz 16): each row takes its
    // 30 pt plus a border's width (half the border above and half below, whole at the table's edges).
    const thin = await lay(table(4, '<w:trHeight w:val="600"/>', 2));
    const thick = await lay(table(4, '<w:trHeight w:val="600" w:hRule="atLeast"/>', 16));
    // Row pitch: the border between two rows is 2 pt, shared half and half.
    expect(baseline(thick, 'R2') - baseline(thick, 'R1')).toBeCloseTo(32, 3);
    expect(baseline(thick, 'R4') - baseline(thick, 'R3')).toBeCloseTo(32, 3);
    // Four rows take three inner borders and the two outer ones on top of their 4 × 30 pt: 5 × 2 pt,
    // against 5 × 0.25 pt for the thin borders.
    expect(baseline(thick, 'After') - baseline(thin, 'After')).toBeCloseTo(5 * 2 - 5 * 0.25, 3);
  });

  it('an exact height holds its borders', async () => {
    const thin = await lay(table(4, '<w:trHeight w:val="600" w:hRule="exact"/>', 2));
    const thick = await lay(table(4, '<w:trHeight w:val="600" w:hRule="exact"/>', 16));
    expect(baseline(thick, 'R2') - baseline(thick, 'R1')).toBeCloseTo(30, 3);
    expect(baseline(thick, 'After')).toBeCloseTo(baseline(thin, 'After'), 3);
  });
});
