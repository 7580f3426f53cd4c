/**
 * A table grid (w:tblGrid, §17.4.48) with a sliver column — a few twips, which Word writes where the
 * cell edges of different rows almost line up (here a row starting with w:gridBefore) — is the real
 * grid: the other columns keep their widths. Before, the sliver made the whole grid count as a
 * placeholder and the columns were rebuilt from a spanning row as equal shares, so the label column
 * shrank and its rows wrapped (tika-018367: a table one page longer than in Word).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const cell = (w: number, text: string, span = 1) => `<w:tc><w:tcPr><w:tcW w:w="${w}" w:type="dxa"/>${span > 1 ? `<w:gridSpan w:val="${span}"/>` : ''}</w:tcPr>${para(text)}</w:tc>`;
const TABLE =
  '<w:tbl><w:tblPr><w:tblW w:w="7287" w:type="dxa"/></w:tblPr>' +
  '<w:tblGrid><w:gridCol w:w="5"/><w:gridCol w:w="3282"/><w:gridCol w:w="2000"/><w:gridCol w:w="2000"/></w:tblGrid>' +
  `<w:tr>${cell(7287, 'Title', 4)}</w:tr>` +
  `<w:tr>${cell(3287, 'Label B', 2)}${cell(2000, 'b1')}${cell(2000, 'b2')}</w:tr>` +
  `<w:tr><w:trPr><w:gridBefore w:val="1"/></w:trPr>${cell(3282, 'Label C')}${cell(2000, 'c1')}${cell(2000, 'c2')}</w:tr>` +
  '</w:tbl>';

async function layout(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body }), 'sliver-grid.docx', host)).doc;
}

const xOf = (d: LayoutDoc, s: string) => flatItems(d.pages[0]!.items).find((i): i is GlyphRun => i.kind === 'glyphs' && i.text.includes(s))!.x;

beforeAll(async () => {
  await initKernel();
});

describe('a grid with a sliver column', () => {
  it('keeps the saved column widths', async () => {
    const doc = await layout(TABLE + '<w:p/>');
    // The label column spans the sliver and the 3282-twip column: 164.35 pt.
    expect(xOf(doc, 'b1') - xOf(doc, 'Label B')).toBeCloseTo(164.35, 0);
    expect(xOf(doc, 'b2') - xOf(doc, 'b1')).toBeCloseTo(100, 0);
    // The gridBefore row starts after the sliver, its cells on the same column edges.
    expect(xOf(doc, 'c1')).toBeCloseTo(xOf(doc, 'b1'), 0);
    expect(xOf(doc, 'Label C') - xOf(doc, 'Label B')).toBeCloseTo(0.25, 0);
  });
});
