/**
 * Table rows and their horizontal borders: a row grows by the borders on its edges, as in Word, and a
 * row whose only overflow is its last paragraph's space after moves to the next page whole instead
 * of leaving an empty remainder there.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { WORD_DEFAULT_STYLES, makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

async function layout(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ styles: WORD_DEFAULT_STYLES, body }), 'table-borders.docx', host)).doc;
}

function run(doc: LayoutDoc, text: string): { page: number; y: number } | undefined {
  for (let p = 0; p < doc.pages.length; p++) {
    const hit = flatItems(doc.pages[p]!.items).find((i): i is GlyphRun => i.kind === 'glyphs' && i.text === text);
    if (hit) return { page: p, y: hit.y };
  }
  return undefined;
}

const tight = '<w:spacing w:before="0" w:after="0"/>';

/** A one-column table of `texts`, each row bordered above and below by `border` (or none). */
function table(texts: string[], border: string, pPr = tight): string {
  const edges = border ? ['top', 'bottom', 'insideH'].map((s) => `<w:${s} ${border}/>`).join('') : '';
  const rows = texts.map((t) => `<w:tr><w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>${para(t, pPr)}</w:tc></w:tr>`).join('');
  return `<w:tbl><w:tblPr><w:tblW w:w="4000" w:type="dxa"/><w:tblBorders>${edges}</w:tblBorders></w:tblPr><w:tblGrid><w:gridCol w:w="4000"/></w:tblGrid>${rows}</w:tbl>`;
}

beforeAll(async () => {
  await initKernel();
});

describe('horizontal borders in row heights', () => {
  it('makes a table as tall as its rows plus each horizontal border, and puts the first row below the top border', async () => {
    const thick = 'w:val="single" w:sz="24" w:space="0" w:color="000000"'; // 3 pt
    const plain = await layout(table(['One', 'Two', 'Three'], '') + para('After', tight));
    const ruled = await layout(table(['One', 'Two', 'Three'], thick) + para('After', tight));
    // Four horizontal borders of 3 pt: the table's top and bottom and two between the rows.
    expect(run(ruled, 'After')!.y - run(plain, 'After')!.y).toBeCloseTo(12, 2);
    expect(run(ruled, 'One')!.y - run(plain, 'One')!.y).toBeCloseTo(3, 2);
    // Each later row sits a whole border lower than the one before it.
    expect(run(ruled, 'Two')!.y - run(plain, 'Two')!.y).toBeCloseTo(6, 2);
    expect(run(ruled, 'Three')!.y - run(plain, 'Three')!.y).toBeCloseTo(9, 2);
  });

  // At-least heights take the borders on top: tests/golden/row-height-borders.test.ts.
  it('leaves an exact-height row its height', async () => {
    const thick = 'w:val="single" w:sz="24" w:space="0" w:color="000000"';
    const sized = (b: string) =>
      table(['One'], b).replace('<w:tr>', '<w:tr><w:trPr><w:trHeight w:val="1200" w:hRule="exact"/></w:trPr>') + para('After', tight);
    expect(run(await layout(sized(thick)), 'After')!.y).toBeCloseTo(run(await layout(sized('')), 'After')!.y, 2);
  });
});

describe('rows at the bottom of a page', () => {
  // A 620 pt filler leaves 28 pt of the 648 pt body: room for the row's 12 pt line, not for its 20 pt space after.
  const filler = para('', '<w:spacing w:before="0" w:after="0" w:line="12400" w:lineRule="exact"/>');
  const spaced = '<w:spacing w:before="0" w:after="400" w:line="240" w:lineRule="exact"/>';

  it('moves a row whose only overflow is its space after to the next page whole', async () => {
    const doc = await layout(filler + table(['Row text'], '', spaced) + para('After', tight));
    expect(run(doc, 'Row text')).toEqual({ page: 1, y: expect.any(Number) });
    expect(run(doc, 'Row text')!.y).toBeLessThan(72 + 12);
    // The row is not split: nothing of it is left on the first page, and no empty remainder precedes the text.
    expect(run(doc, 'After')!.page).toBe(1);
    const gap = run(doc, 'After')!.y - run(doc, 'Row text')!.y;
    expect(gap).toBeGreaterThan(32 - 0.01);
    expect(gap).toBeLessThan(32 + 2);
  });

  it('still splits a row between its lines when a line and its space after are left over', async () => {
    // A 15 pt after: the first line and its after (27 pt) fit in the 28 pt left, the second line does
    // not. (With the 20 pt after the first line goes on with it: row-split-after.test.ts.)
    const after15 = '<w:spacing w:before="0" w:after="300" w:line="240" w:lineRule="exact"/>';
    const twoParagraphs = table(['First line'], '', after15).replace('</w:p></w:tc>', `</w:p>${para('Second line', after15)}</w:tc>`);
    const doc = await layout(filler + twoParagraphs);
    expect(run(doc, 'First line')!.page).toBe(0);
    expect(run(doc, 'Second line')!.page).toBe(1);
  });
});
