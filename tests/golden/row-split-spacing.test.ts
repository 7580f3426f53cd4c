/**
 * Where a table row splits across pages between two paragraphs of a cell, the spacing between them
 * vanishes at the top of the next page, as it does in the body at a page top reached by natural
 * flow. Before, the rest of the cell kept that spacing above its first line (poi-drawing, whose
 * articles are HTML tables: its second page started 14 pt low and Word's saved page starts, two
 * lines into the next article, fell on the following page).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { glyphRunsOn, layoutDocx, pageWithText } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const SPACED = '<w:spacing w:before="280" w:after="280" w:line="240" w:lineRule="auto"/>';
const TIGHT = '<w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/>';

const table = (cellContent: string) =>
  '<w:tbl><w:tblPr><w:tblW w:w="8000" w:type="dxa"/></w:tblPr><w:tblGrid><w:gridCol w:w="8000"/></w:tblGrid>' +
  `<w:tr><w:tc><w:tcPr><w:tcW w:w="8000" w:type="dxa"/></w:tcPr>${cellContent}</w:tc></w:tr></w:tbl>`;

/** Single-line paragraphs 14 pt apart: a page of them ends with spacing that does not fit. */
const cell = Array.from({ length: 40 }, (_, k) => para(`Cell paragraph ${k + 1}.`, SPACED)).join('');

async function layout(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body }), 'row-split-spacing.docx', host)).doc;
}

/** Baseline of the first text on a page. */
const firstBaseline = (doc: LayoutDoc, page: number) => glyphRunsOn(doc, page).find((r) => r.text.trim() !== '')!.y;

beforeAll(async () => {
  await initKernel();
});

describe('a table row split between two paragraphs of a cell', () => {
  it('opens the next page without the spacing between them', async () => {
    const split = await layout(table(cell) + para('After.'));
    expect(split.pages.length).toBeGreaterThan(1);
    // The body's page top: the same paragraphs outside a table start page 2 with no spacing.
    const body = await layout(cell);
    expect(firstBaseline(body, 1)).toBeCloseTo(firstBaseline(await layout(para('Top.', TIGHT)), 0), 2);
    // The row's rest starts there too: at the top margin, not 14 pt below it.
    expect(firstBaseline(split, 1)).toBeCloseTo(firstBaseline(body, 1), 2);
    // Nothing is lost or printed twice across the cut.
    for (let k = 1; k <= 40; k++) expect(split.pages.flatMap((_, p) => glyphRunsOn(split, p)).filter((r) => r.text === `Cell paragraph ${k}.`)).toHaveLength(1);
    expect(pageWithText(split, 'After.')).toBe(split.pages.length - 1);
  });
});
