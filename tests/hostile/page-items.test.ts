/**
 * A page of 150 000 items (one-letter runs of 1 pt text in alternating colours, each its own glyph
 * run): the page's items were gathered with push(...list), which passes every item as an argument,
 * so past about 125 000 of them the call overflowed the stack and the document failed with
 * layout/resource-limit. Found by scripts/fuzz.ts on equations in an autofit row (60 cells of
 * 10 000 math runs on one page, 174 KB zipped).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2)) });
const RUNS = 150_000;

beforeAll(async () => {
  await initKernel();
});

describe('a page of 150 000 items', () => {
  it('is laid out whole, without overflowing the stack', async () => {
    let runs = '';
    for (let i = 0; i < RUNS; i++) runs += `<w:r><w:rPr><w:color w:val="${i % 2 ? 'FF0000' : '0000FF'}"/><w:sz w:val="2"/></w:rPr><w:t>i</w:t></w:r>`;
    const body = `<w:p><w:pPr><w:spacing w:line="20" w:lineRule="exact"/></w:pPr>${runs}</w:p>`;
    const { doc, codes } = await layoutDocx(makeDocx({ body }), 'page-items.docx', host);
    expect(codes).not.toContain('layout/resource-limit');
    expect(doc.pages).toHaveLength(1);
    const glyphs = flatItems(doc.pages[0]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs');
    expect(glyphs.length).toBeGreaterThanOrEqual(RUNS);
    expect(glyphs.map((g) => g.text).join('')).toBe('i'.repeat(RUNS));
  }, 60_000);
});
