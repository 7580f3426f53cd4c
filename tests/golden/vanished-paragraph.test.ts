/**
 * An empty paragraph whose mark is hidden (w:pPr/w:rPr/w:vanish) takes no room, as in Word, which
 * joins a paragraph with a hidden mark to the next one; Word's HTML import writes such paragraphs
 * between adjacent tables. Before, each one took a full empty line (poi-drawing: two lines on its
 * first page). The last paragraph of a cell stays.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { layoutDocx, flatItems } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const SPACING = '<w:spacing w:before="0" w:after="0"/>';
const empty = (vanish: boolean) => `<w:p><w:pPr>${SPACING}<w:rPr>${vanish ? '<w:vanish/>' : ''}</w:rPr></w:pPr></w:p>`;
const hiddenRun = `<w:p><w:pPr>${SPACING}<w:rPr><w:vanish/></w:rPr></w:pPr><w:r><w:rPr><w:vanish/></w:rPr><w:t>hidden</w:t></w:r></w:p>`;
const table = (inner: string) =>
  '<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/></w:tblPr><w:tblGrid><w:gridCol w:w="9360"/></w:tblGrid>' +
  `<w:tr><w:tc><w:tcPr><w:tcW w:w="9360" w:type="dxa"/></w:tcPr>${inner}</w:tc></w:tr></w:tbl>`;

async function layout(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body }), 'vanished.docx', host)).doc;
}

const yOf = (d: LayoutDoc, text: string) => flatItems(d.pages[0]!.items).find((i): i is GlyphRun => i.kind === 'glyphs' && i.text.includes(text))!.y;

beforeAll(async () => {
  await initKernel();
});

describe('an empty paragraph with a hidden mark', () => {
  it('takes no room in the body, between tables, and with only hidden runs', async () => {
    const shown = await layout(para('A', SPACING) + empty(false) + para('B', SPACING));
    const pitch = (yOf(shown, 'B') - yOf(shown, 'A')) / 2;
    const gone = await layout(para('A', SPACING) + empty(true) + hiddenRun + para('B', SPACING));
    expect(yOf(gone, 'B') - yOf(gone, 'A')).toBeCloseTo(pitch, 3);
    const tables = await layout(table(para('A', SPACING)) + empty(true) + table(para('B', SPACING)) + para('end', SPACING));
    const joined = await layout(table(para('A', SPACING)) + table(para('B', SPACING)) + para('end', SPACING));
    expect(yOf(tables, 'B')).toBeCloseTo(yOf(joined, 'B'), 3);
  });

  it('takes no room inside a cell, but a cell\'s last paragraph stays', async () => {
    const inCell = await layout(table(para('A', SPACING) + empty(true) + para('B', SPACING)) + para('end', SPACING));
    const plain = await layout(table(para('A', SPACING) + para('B', SPACING)) + para('end', SPACING));
    expect(yOf(inCell, 'B')).toBeCloseTo(yOf(plain, 'B'), 3);
    const lastKept = await layout(table(para('A', SPACING) + empty(true)) + para('end', SPACING));
    const lastShown = await layout(table(para('A', SPACING) + empty(false)) + para('end', SPACING));
    expect(yOf(lastKept, 'end')).toBeCloseTo(yOf(lastShown, 'end'), 3);
  });
});
