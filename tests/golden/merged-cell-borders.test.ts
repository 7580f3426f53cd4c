/**
 * A vertically merged cell (w:vMerge, ECMA-376 Part 1 §17.4.84) is one cell: the table's inside
 * horizontal border (w:insideH) is not drawn across it. A cell merged over three rows drew a rule
 * through itself at the foot of its middle row (opf-PDF-Sample-Document-Fully-Featured-Layout's
 * "Y-AXIS (three merged cells)", which LibreOffice draws open); its top and foot stay drawn.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc, LineItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, glyphRunsOn, layoutDocx } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const BORDER = 'w:val="single" w:sz="8" w:space="0" w:color="000000"';
const cell = (text: string, merge = '') =>
  `<w:tc><w:tcPr><w:tcW w:w="3000" w:type="dxa"/>${merge}</w:tcPr>` +
  `<w:p><w:pPr><w:spacing w:after="0"/></w:pPr>${text ? `<w:r><w:t>${text}</w:t></w:r>` : ''}</w:p></w:tc>`;
const table = (rows: string) =>
  `<w:tbl><w:tblPr><w:tblW w:w="6000" w:type="dxa"/><w:tblBorders><w:top ${BORDER}/><w:left ${BORDER}/><w:bottom ${BORDER}/><w:right ${BORDER}/>` +
  `<w:insideH ${BORDER}/><w:insideV ${BORDER}/></w:tblBorders><w:tblLayout w:type="fixed"/></w:tblPr><w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/></w:tblGrid>` +
  rows +
  '</w:tbl><w:p/>';

/** Rows A to D; the first column merged over rows `from` to `to` (0-based, inclusive). */
function mergedTable(from: number, to: number): string {
  let rows = '';
  ['A', 'B', 'C', 'D'].forEach((name, r) => {
    const merge = r === from ? '<w:vMerge w:val="restart"/>' : r > from && r <= to ? '<w:vMerge/>' : '';
    rows += `<w:tr>${cell(r === from || merge === '' ? `M${name}` : '', merge)}${cell(name)}</w:tr>`;
  });
  return table(rows);
}

async function lay(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body }), 'merged-cell-borders.docx', host)).doc;
}

/** Horizontal rules crossing the first column (x 72 to 222 pt) on page 1, by their y. */
function firstColumnRules(doc: LayoutDoc): number[] {
  const lines = flatItems(doc.pages[0]!.items).filter((i): i is LineItem => i.kind === 'line');
  const ys = lines.filter((l) => Math.abs(l.y1 - l.y2) < 0.01 && Math.min(l.x1, l.x2) < 100 && Math.max(l.x1, l.x2) > 200).map((l) => l.y1);
  return [...new Set(ys.map((y) => Math.round(y * 100) / 100))].sort((a, b) => a - b);
}

beforeAll(async () => {
  await initKernel();
});

describe('vertically merged cells', () => {
  it('draw no inside border between the rows they span', async () => {
    const doc = await lay(mergedTable(0, 2));
    const rules = firstColumnRules(doc);
    const runs = glyphRunsOn(doc, 0);
    const top = (t: string) => runs.find((r) => r.text === t)!.y;
    // The table's top, then its foot under the merge (below C's line), then D's foot: nothing between.
    expect(rules).toHaveLength(3);
    expect(rules[0]!).toBeLessThan(top('A'));
    expect(rules[1]!).toBeGreaterThan(top('C'));
    expect(rules[1]!).toBeLessThan(top('D'));
    expect(rules[2]!).toBeGreaterThan(top('D'));
  });

  it('leave the rows of an unmerged column ruled', async () => {
    // Without a merge every row boundary is ruled: five rules for four rows.
    expect(firstColumnRules(await lay(mergedTable(9, 9)))).toHaveLength(5);
  });
});
