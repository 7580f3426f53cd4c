/**
 * Columns of unequal widths lay a block out again each time it moves into a column of another width
 * (a paragraph all its lines, a table all its cells): a long block crossing many such columns cost its
 * size times their number, in time and memory (a 20,000-word paragraph across 45 narrow unequal columns
 * ran 85 s and out of 4 GB). Each block now has a budget of lines or cells to lay out again; past it, the
 * rest keeps the width it was laid at, with a layout/reflow-clamped warning, and no text is lost.
 */
import { describe, expect, it } from 'vitest';
import type { GlyphRun } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

/** A page 288 pt tall (216 pt of text) with ten unequal columns 36–54 pt wide, no gaps. */
const SECTION = '<w:sectPr><w:pgSz w:w="12240" w:h="5760"/><w:pgMar w:top="720" w:right="1440" w:bottom="720" w:left="1440" w:header="360" w:footer="360" w:gutter="0"/>' +
  `<w:cols w:num="10" w:space="0" w:equalWidth="0">${Array.from({ length: 10 }, (_, i) => `<w:col w:w="${(36 + 2 * i) * 20}" w:space="0"/>`).join('')}</w:cols></w:sectPr>`;

async function laidText(body: string): Promise<{ words: number; codes: string[]; pages: number }> {
  const { doc, codes } = await layoutDocx(makeDocx({ body: body + SECTION }), 'reflow-budget.docx', host);
  const text = doc.pages.flatMap((p) => flatItems(p.items)).filter((i): i is GlyphRun => i.kind === 'glyphs').map((r) => r.text).join(' ');
  return { words: text.split(/\s+/).filter((w) => w === 'ab').length, codes, pages: doc.pages.length };
}

describe('unequal columns: the budget for laying a block out again', () => {
  it('lays a 6,000-word paragraph across 120 columns of other widths out within the budget, every word kept', async () => {
    const t = performance.now();
    const r = await laidText(para('ab '.repeat(6_000)));
    expect(r.codes).toContain('layout/reflow-clamped');
    expect(r.words).toBe(6_000);
    expect(r.pages).toBeGreaterThan(5);
    expect(performance.now() - t).toBeLessThan(8_000);
  });

  it('lays a 600-row table across columns of other widths out within the budget, every cell kept', async () => {
    const tc = `<w:tc>${para('ab ab')}</w:tc>`;
    const table = `<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/></w:tblPr><w:tblGrid>${'<w:gridCol w:w="400"/>'.repeat(10)}</w:tblGrid>${`<w:tr>${tc.repeat(10)}</w:tr>`.repeat(600)}</w:tbl>`;
    const r = await laidText(table + para(''));
    expect(r.codes).toContain('layout/reflow-clamped');
    expect(r.words).toBe(12_000);
  });

  it('places a paragraph that grows a hundredfold when laid out again in a hair-thin column, every letter kept', async () => {
    // Laid out 450 pt wide (about 1,500 lines), the word continues into a column one twip wide, where
    // each letter is a line: 120,000 lines to place from a block that came with 1,500. The paginator's
    // bound against endless loops was set by the units a block came with and stopped it as an internal
    // error ("pagination did not converge"); it now grows with what each re-layout adds.
    const section = '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/>' +
      '<w:cols w:num="3" w:space="0" w:equalWidth="0"><w:col w:w="1" w:space="0"/><w:col w:w="9000" w:space="0"/><w:col w:w="1" w:space="0"/></w:cols></w:sectPr>';
    const { doc, codes } = await layoutDocx(makeDocx({ body: para('ab '.repeat(30)) + para('abcdefghij'.repeat(12_000)) + section }), 'thin-column.docx', host);
    const letters = doc.pages.flatMap((p) => flatItems(p.items)).filter((i): i is GlyphRun => i.kind === 'glyphs').map((r) => r.text).join('').replace(/[^a-j]/g, '');
    expect(codes).toContain('layout/reflow-clamped');
    expect(codes).not.toContain('layout/internal');
    expect(letters.length).toBe(60 + 120_000);
    expect(doc.pages.length).toBeGreaterThan(600);
  });

  it('lays a short paragraph out again in each column it reaches, without a warning', async () => {
    const r = await laidText(para('ab '.repeat(300)));
    expect(r.codes).not.toContain('layout/reflow-clamped');
    expect(r.words).toBe(300);
  });
});
