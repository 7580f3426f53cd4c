/**
 * Two Word table rules from its render of Docx4j_GettingStarted (a two-column autofit table, 78.76%
 * wide, of two- and three-line cells):
 *
 * - An autofit table whose saved grid is wider than its percentage preferred width, and fits, keeps
 *   the grid: Word draws it at the saved 364.55 pt, not at 78.76% of the A4 text width (355.5 pt), and
 *   its cells break their lines where Word's do only at that width.
 * - When a row splits across pages, a cell's last line takes its paragraph's space after along: Word
 *   splits a row of two two-line cells after their first lines where both lines fit above the margin
 *   but not with their 10 pt after. We moved the whole row on, leaving the space empty.
 * - So does the last line of any paragraph in the cell (Word's saved page starts in docx4j-rFonts:
 *   a code paragraph's last line, which fits above the foot of the page only without its 10 pt
 *   after, opens the next page). We left it behind and opened the next page with the paragraph after.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';

import { createNodeHost } from '../../node/host';
import { layoutDocx, glyphRunsOn, pageWithText } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const SINGLE = '<w:spacing w:after="0" w:line="240" w:lineRule="auto"/>';
const AFTER = '<w:spacing w:after="200" w:line="240" w:lineRule="auto"/>';
const WORD_2010 = '<w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="14"/></w:compat>';

const runs = glyphRunsOn;
const pageOf = pageWithText;

function table(width: string, grid: number[], rows: string[][]): string {
  const cols = grid.map((w) => `<w:gridCol w:w="${w}"/>`).join('');
  const tr = (cells: string[]) => `<w:tr>${cells.map((c, k) => `<w:tc><w:tcPr><w:tcW w:w="${grid[k]}" w:type="dxa"/></w:tcPr>${c}</w:tc>`).join('')}</w:tr>`;
  return `<w:tbl><w:tblPr><w:tblW ${width}/><w:tblCellMar><w:left w:w="0" w:type="dxa"/><w:right w:w="0" w:type="dxa"/></w:tblCellMar></w:tblPr><w:tblGrid>${cols}</w:tblGrid>${rows.map(tr).join('')}</w:tbl>`;
}

beforeAll(async () => {
  await initKernel();
});

describe('an autofit table with a percentage width', () => {
  it('keeps a saved grid wider than the percentage when it fits', async () => {
    // 50% of the 468 pt text width is 234 pt; the saved grid is 300 pt.
    const body = table('w:w="2500" w:type="pct"', [3000, 3000], [[para('Left'), para('Right')]]);
    const { doc } = await layoutDocx(makeDocx({ body }), 'pct-grid.docx', host);
    const x = (t: string) => runs(doc, 0).find((r) => r.text.trim() === t)!.x;
    expect(x('Right') - x('Left')).toBeCloseTo(150, 1);
  });

  it('rescales a saved grid narrower than the percentage', async () => {
    const body = table('w:w="2500" w:type="pct"', [1000, 1000], [[para('Left'), para('Right')]]);
    const { doc } = await layoutDocx(makeDocx({ body }), 'pct-grid-narrow.docx', host);
    const x = (t: string) => runs(doc, 0).find((r) => r.text.trim() === t)!.x;
    expect(x('Right') - x('Left')).toBeCloseTo(117, 1);
  });
});

describe('a row split across pages', () => {
  it('takes a last line and its space after along when only the space would be left', async () => {
    // How many single-spaced lines fill a page, then a row of two two-line cells with a 10 pt after,
    // placed where both lines fit but not the after.
    const probe = (await layoutDocx(makeDocx({ body: Array.from({ length: 120 }, (_, i) => para(`Line ${i + 1}`, SINGLE)).join('') }), 'probe.docx', host)).doc;
    const perPage = runs(probe, 0).length;
    const filler = Array.from({ length: perPage - 2 }, (_, i) => para(`Line ${i + 1}`, SINGLE)).join('');
    const cell = (a: string, b: string) => `<w:p><w:pPr>${AFTER}</w:pPr><w:r><w:t>${a}</w:t></w:r><w:r><w:br/></w:r><w:r><w:t>${b}</w:t></w:r></w:p>`;
    const body = filler + table('w:w="0" w:type="auto"', [4000, 4000], [[cell('A first', 'A second'), cell('B first', 'B second')]]);
    // Word 2010 layout, as Docx4j_GettingStarted's (compatibilityMode 14): no widow control in rows.
    const { doc } = await layoutDocx(makeDocx({ body, settings: WORD_2010 }), 'row-split-after.docx', host);
    expect(pageOf(doc, 'A first')).toBe(0);
    expect(pageOf(doc, 'B first')).toBe(0);
    expect(pageOf(doc, 'A second')).toBe(1);
    expect(pageOf(doc, 'B second')).toBe(1);
  });

  it("takes a paragraph's last line along when it fits but its space after does not", async () => {
    // Exact 20 pt lines: 31 fill 620 of the 648 pt body, leaving 28 pt, where a cell's first one-line
    // paragraph fits (20) but not with a 10 pt after (30); with a 6 pt after (26) it stays.
    const exact = (after: number) => `<w:spacing w:after="${after * 20}" w:line="400" w:lineRule="exact"/>`;
    const filler = Array.from({ length: 31 }, (_, i) => para(`Line ${i + 1}`, exact(0))).join('');
    const lay = async (after: number) => {
      const cell = para('Cell one', exact(after)) + para('Cell two', exact(after));
      const body = filler + table('w:w="0" w:type="auto"', [8000], [[cell]]);
      return (await layoutDocx(makeDocx({ body, settings: WORD_2010 }), 'row-split-para-after.docx', host)).doc;
    };
    const tall = await lay(10);
    expect(pageOf(tall, 'Line 31')).toBe(0);
    expect(pageOf(tall, 'Cell one')).toBe(1);
    expect(pageOf(tall, 'Cell two')).toBe(1);
    const short = await lay(6);
    expect(pageOf(short, 'Cell one')).toBe(0);
    expect(pageOf(short, 'Cell two')).toBe(1);
  });
});
