/**
 * A table row whose cells' paragraphs keep with the next (w:keepNext) keeps the row with the next row,
 * and moves on whole rather than split, as Word lays out oxsdk-BackgroundReport's glossary: its saved
 * page starts open pages 74, 75 and 77 with the three keep-with-next rows 'Cyber-squatting', 'IETF'
 * and 'sTLD' (two paragraphs a cell: the term and an empty one), where we had put the first at the foot
 * of page 73 and split the others after their first line.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';

import { createNodeHost } from '../../node/host';
import { layoutDocx, glyphRunsOn, pageWithText } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const SINGLE = '<w:spacing w:after="0" w:line="240" w:lineRule="auto"/>';
const KEEP = `<w:keepNext/>${SINGLE}`;

const runs = glyphRunsOn;
const pageOf = pageWithText;

function table(rows: string[][]): string {
  const tr = (cells: string[]) => `<w:tr>${cells.map((c) => `<w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>${c}</w:tc>`).join('')}</w:tr>`;
  return `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/><w:tblCellMar><w:top w:w="0" w:type="dxa"/><w:bottom w:w="0" w:type="dxa"/></w:tblCellMar></w:tblPr><w:tblGrid><w:gridCol w:w="4000"/><w:gridCol w:w="4000"/></w:tblGrid>${rows.map(tr).join('')}</w:tbl>`;
}

async function linesPerPage(): Promise<number> {
  const probe = (await layoutDocx(makeDocx({ body: Array.from({ length: 120 }, (_, i) => para(`Line ${i + 1}`, SINGLE)).join('') }), 'probe.docx', host)).doc;
  return runs(probe, 0).length;
}

beforeAll(async () => {
  await initKernel();
});

describe('a table row kept with the next row', () => {
  const kept = [para('Term', KEEP), para('Kept first', KEEP) + para('Kept second', KEEP)];
  const next = [para('Next term', SINGLE), para('Next row', SINGLE)];

  it('moves to the next page when the next row does not fit beside it', async () => {
    const perPage = await linesPerPage();
    const filler = Array.from({ length: perPage - 2 }, (_, i) => para(`Line ${i + 1}`, SINGLE)).join('');
    const { doc } = await layoutDocx(makeDocx({ body: filler + table([kept, next]) }), 'row-keep-next.docx', host);
    expect(pageOf(doc, `Line ${perPage - 2}`)).toBe(0);
    expect(pageOf(doc, 'Kept first')).toBe(1);
    expect(pageOf(doc, 'Next row')).toBe(1);
  });

  it('is not split across pages', async () => {
    const perPage = await linesPerPage();
    const filler = Array.from({ length: perPage - 1 }, (_, i) => para(`Line ${i + 1}`, SINGLE)).join('');
    const { doc } = await layoutDocx(makeDocx({ body: filler + table([kept, next]) }), 'row-keep-whole.docx', host);
    expect(pageOf(doc, 'Kept first')).toBe(1);
    expect(pageOf(doc, 'Kept second')).toBe(1);
  });

  it('leaves a row without keep-with-next free to split', async () => {
    const perPage = await linesPerPage();
    const filler = Array.from({ length: perPage - 1 }, (_, i) => para(`Line ${i + 1}`, SINGLE)).join('');
    const free = [para('Term', SINGLE), para('Free first', SINGLE) + para('Free second', SINGLE)];
    const { doc } = await layoutDocx(makeDocx({ body: filler + table([free, next]) }), 'row-free.docx', host);
    expect(pageOf(doc, 'Free first')).toBe(0);
    expect(pageOf(doc, 'Free second')).toBe(1);
  });
});
