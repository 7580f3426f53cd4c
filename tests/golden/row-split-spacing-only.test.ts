/**
 * A row whose cells' first paragraphs open with space before, reaching the foot of a page where that
 * spacing fits but none of their lines does: the row moves on whole, its spacing with it, and
 * nothing of it is drawn on this page (we drew an empty sliver of the row there, its borders and
 * shading, as at the foot of five of poi-bib-chernigovka's pages; then kept the sliver's room and
 * opened the next page with the row's text without its spacing). A cell that keeps no text on the
 * page holds its row back (row-split-starved-cell).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, glyphRunsOn, layoutDocx, pageWithText } from '../helpers/layout-docx';
import { makeDocx, run } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const BORDERS =
  '<w:tblBorders>' +
  ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map((s) => `<w:${s} w:val="single" w:sz="4" w:space="0" w:color="000000"/>`).join('') +
  '</w:tblBorders>';
/** Exact 20 pt lines without spacing. */
const LINE = '<w:spacing w:before="0" w:after="0" w:line="400" w:lineRule="exact"/>';

function row(text: string, pPr = LINE): string {
  return `<w:tr><w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr><w:p><w:pPr>${pPr}</w:pPr>${run(text)}</w:p></w:tc></w:tr>`;
}

/** 31 rows of 20 pt leave about 12 pt of the 648 pt body; the last row's 10 pt before fits there, its line does not. */
function body(): string {
  const rows = Array.from({ length: 31 }, (_, i) => row(`Row ${i + 1}`)).join('');
  const last = row('Spaced row', LINE.replace('w:before="0"', 'w:before="200"'));
  return `<w:tbl><w:tblPr><w:tblW w:w="4000" w:type="dxa"/>${BORDERS}</w:tblPr><w:tblGrid><w:gridCol w:w="4000"/></w:tblGrid>${rows}${last}</w:tbl><w:p/>`;
}

const lowest = (items: readonly LayoutItem[]) =>
  Math.max(...flatItems(items).filter((i) => i.kind === 'line').map((i) => (i.kind === 'line' ? Math.max(i.y1, i.y2) : 0)));

beforeAll(async () => {
  await initKernel();
});

describe('a row split where only its cells\' space before fits', () => {
  it('moves on whole with its spacing and draws nothing on the page its text leaves', async () => {
    const { doc } = await layoutDocx(makeDocx({ body: body() }), 'row-split-spacing-only.docx', host);
    expect(pageWithText(doc, 'Row 31')).toBe(0);
    expect(pageWithText(doc, 'Spaced row')).toBe(1);
    // Row 31's bottom border is the lowest line on page 1: 31 rows of 20 pt and 0.5 pt borders below
    // the 72 pt margin (707.75); the sliver reached 718.5.
    expect(lowest(doc.pages[0]!.items)).toBeLessThan(72 + 31 * 20.5 + 1);
    const y = (page: number, text: string) => glyphRunsOn(doc, page).find((r) => r.text === text)!.y;
    // The row moves on whole, its 10 pt before kept above its text at the next page's top.
    expect(y(1, 'Spaced row') - y(0, 'Row 1')).toBeCloseTo(10, 1);
  });
});
