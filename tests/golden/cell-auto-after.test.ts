/**
 * HTML auto spacing after the last paragraph of a table cell (w:spacing/@w:afterAutospacing,
 * §17.3.1.33: 14 pt) does not reach the cell's bottom edge, as an auto space before does not reach
 * its top: the row ends at the paragraph's last line. A stated space after (w:after without the auto
 * flag) still counts, as does the auto space after a paragraph that is not the cell's last. Before,
 * the cells of poi-drawing's HTML tables each kept 14 pt under their last paragraph, and Word's page
 * starts there (w:lastRenderedPageBreak) fell a page later in the document's second half.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const table = (cellContent: string) =>
  '<w:tbl><w:tblPr><w:tblW w:w="4000" w:type="dxa"/></w:tblPr><w:tblGrid><w:gridCol w:w="4000"/></w:tblGrid>' +
  `<w:tr><w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>${cellContent}</w:tc></w:tr></w:tbl>`;
const spaced = (spacing: string) => `<w:spacing w:before="0" ${spacing} w:line="240" w:lineRule="auto"/>`;
const below = para('Below', spaced('w:after="0"'));

/** Baseline of the first run whose text starts with `text`, on page 1. */
async function yOf(body: string, text: string): Promise<number> {
  const d: LayoutDoc = (await layoutDocx(makeDocx({ body }), 'cell-auto-after.docx', host)).doc;
  const run = flatItems(d.pages[0]!.items).find((i): i is GlyphRun => i.kind === 'glyphs' && i.text.startsWith(text))!;
  return run.y;
}

beforeAll(async () => {
  await initKernel();
});

describe("auto spacing after a cell's last paragraph", () => {
  it('leaves no room under it', async () => {
    const none = await yOf(table(para('Cell', spaced('w:after="0"'))) + below, 'Below');
    const auto = await yOf(table(para('Cell', spaced('w:after="100" w:afterAutospacing="1"'))) + below, 'Below');
    expect(auto - none).toBeCloseTo(0, 3);
  });

  it('keeps a stated space after', async () => {
    const none = await yOf(table(para('Cell', spaced('w:after="0"'))) + below, 'Below');
    const stated = await yOf(table(para('Cell', spaced('w:after="280"'))) + below, 'Below');
    expect(stated - none).toBeCloseTo(14, 3);
  });

  it('keeps the auto space between two paragraphs of the cell', async () => {
    const tight = await yOf(table(para('One', spaced('w:after="0"')) + para('Two', spaced('w:after="0"'))), 'Two');
    const auto = await yOf(table(para('One', spaced('w:after="100" w:afterAutospacing="1"')) + para('Two', spaced('w:after="0"'))), 'Two');
    expect(auto - tight).toBeCloseTo(14, 3);
  });
});
