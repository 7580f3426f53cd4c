/**
 * Columns balanced before a continuous section break (§17.6.4, §17.18.77): Word makes the region's
 * columns even, but a column break (w:br w:type="column", §17.3.3.1) still ends its column there,
 * as users rely on to set where a column ends. Before, balancing ignored the break and moved the text
 * after it back into the first column.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import { createNodeHost } from '../../node/host';
import { glyphRunsOn, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
/** US Letter, 1 in margins: two columns of 216 pt, the second from 324 pt. */
const PAGE = '<w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/>';
const FLUSH = '<w:spacing w:after="0"/>';
const COL2_X = 324;
const continuous = (cols: string) => `<w:p><w:pPr><w:sectPr><w:type w:val="continuous"/>${PAGE}${cols}</w:sectPr></w:pPr></w:p>`;

beforeAll(async () => {
  await initKernel();
});

describe('column balancing at a continuous section break', () => {
  it('keeps a column break: the text after it starts the second column', async () => {
    const body =
      para('Above the columns.', FLUSH) +
      continuous('') +
      ['A0', 'A1', 'A2'].map((t) => para(t, FLUSH)).join('') +
      '<w:p><w:r><w:br w:type="column"/></w:r></w:p>' +
      Array.from({ length: 12 }, (_, k) => para(`B${k}`, FLUSH)).join('') +
      continuous('<w:cols w:num="2" w:space="720"/>') +
      para('Below the columns.', FLUSH) +
      `<w:sectPr><w:type w:val="continuous"/>${PAGE}</w:sectPr>`;
    const { doc } = await layoutDocx(makeDocx({ body }), 'column-balance.docx', host);
    const runs = glyphRunsOn(doc, 0);
    const at = (text: string) => runs.find((r) => r.text === text)!;
    for (const t of ['A0', 'A1', 'A2']) expect(at(t).x).toBeLessThan(COL2_X);
    const b = Array.from({ length: 12 }, (_, k) => at(`B${k}`));
    for (const r of b) expect(r.x).toBeCloseTo(COL2_X, 1);
    // The second column starts level with the first, and the text below starts under its last line.
    expect(b[0]!.y).toBeCloseTo(at('A0').y, 1);
    expect(at('Below the columns.').y).toBeGreaterThan(b[11]!.y);
    expect(at('Below the columns.').y).toBeLessThan(b[11]!.y + 20);
  });
});

describe('a next-column section break (w:type nextColumn)', () => {
  const TWO = '<w:cols w:num="2" w:space="720"/>';
  const nextColumn = (cols: string) => `<w:p><w:pPr><w:sectPr><w:type w:val="nextColumn"/>${PAGE}${cols}</w:sectPr></w:pPr></w:p>`;
  async function layoutBody(body: string) {
    return (await layoutDocx(makeDocx({ body }), 'next-column.docx', host)).doc;
  }

  it('starts the section at the top of the next column, the first left unbalanced', async () => {
    // A section's w:type says how it starts: the second (the body's w:sectPr) after a next-column break.
    const body =
      ['A0', 'A1', 'A2', 'A3'].map((t) => para(t, FLUSH)).join('') +
      nextColumn(TWO) +
      ['B0', 'B1'].map((t) => para(t, FLUSH)).join('') +
      `<w:sectPr><w:type w:val="nextColumn"/>${PAGE}${TWO}</w:sectPr>`;
    const doc = await layoutBody(body);
    expect(doc.pages).toHaveLength(1);
    const runs = glyphRunsOn(doc, 0);
    const at = (text: string) => runs.find((r) => r.text === text)!;
    for (const t of ['A0', 'A1', 'A2', 'A3']) expect(at(t).x).toBeLessThan(COL2_X);
    expect(at('B0').x).toBeCloseTo(COL2_X, 1);
    expect(at('B0').y).toBeCloseTo(at('A0').y, 1);
  });

  it('leaves a section that starts in the last column where it is when a continuous break balances it', async () => {
    const body =
      ['A0', 'A1'].map((t) => para(t, FLUSH)).join('') +
      continuous(TWO) +
      ['B0', 'B1', 'B2', 'B3'].map((t) => para(t, FLUSH)).join('') +
      nextColumn(TWO) +
      para('Below.', FLUSH) +
      `<w:sectPr><w:type w:val="continuous"/>${PAGE}</w:sectPr>`;
    const doc = await layoutBody(body);
    const runs = glyphRunsOn(doc, 0);
    const at = (text: string) => runs.find((r) => r.text === text)!;
    for (const t of ['B0', 'B1', 'B2', 'B3']) expect(at(t).x).toBeCloseTo(COL2_X, 1);
    expect(at('Below.').y).toBeGreaterThan(at('B3').y);
  });

  it('starts a new page when the column count changes', async () => {
    const body = para('A0', FLUSH) + nextColumn(TWO) + para('B0', FLUSH) + `<w:sectPr><w:type w:val="nextColumn"/>${PAGE}</w:sectPr>`;
    const doc = await layoutBody(body);
    expect(doc.pages).toHaveLength(2);
    expect(glyphRunsOn(doc, 1).find((r) => r.text === 'B0')!.x).toBeCloseTo(72, 1);
  });
});
