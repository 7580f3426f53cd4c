/**
 * A header taller than the page. The body started below the header, keeping its 36 pt minimum
 * there: below the page's foot, so the body text was laid out where no one sees it (two lines a
 * page, and thousands of pages for a hostile header of thousands of lines; scripts/fuzz.ts). A
 * header or footer now pushes the body back by at most half the page.
 *
 * And it was laid out whole at each pass and drawn whole on every page, past the page's foot: a
 * header of 300,000 one-letter lines over a five-page body that prints NUMPAGES took 10 s and
 * 1.4 GB, one of 400,000 lines seconds to end in layout/too-large. A header or footer is now laid
 * out only as far as its page's height (its blocks, and a paragraph's lines up to one a point),
 * with `layout/header-clipped`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, glyphRunsOn, layoutDocx } from '../helpers/layout-docx';
import { LETTER_SECT_PR, makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2)) });

beforeAll(async () => {
  await initKernel();
});

describe('a header taller than the page', () => {
  it('leaves the body on the page, from half its height', async () => {
    const sect = LETTER_SECT_PR.replace('<w:sectPr>', '<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/>');
    const body = para('body text') + sect;
    const { doc } = await layoutDocx(makeDocx({ body, sectPr: '', headers: { rIdH: para('header line').repeat(80) } }), 'tall-header.docx', host);
    const page = doc.pages[0]!;
    const run = flatItems(page.items).find((i): i is GlyphRun => i.kind === 'glyphs' && i.text.includes('body'))!;
    expect(doc.pages).toHaveLength(1);
    expect(run.y).toBeGreaterThan(page.heightPt / 2);
    expect(run.y).toBeLessThan(page.heightPt / 2 + 30);
  });
});

const PAGE_BREAK = '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';
const NUMPAGES = '<w:p><w:r><w:t xml:space="preserve">of </w:t></w:r><w:fldSimple w:instr=" NUMPAGES "><w:r><w:t>1</w:t></w:r></w:fldSimple></w:p>';

/** A document of `pages` pages (the first printing NUMPAGES, which lays it out twice) under `header`. */
function underHeader(header: string, pages: number): Uint8Array {
  const sect = LETTER_SECT_PR.replace('<w:sectPr>', '<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/>');
  const body = NUMPAGES + Array.from({ length: pages }, (_, k) => para(`body ${k}`)).join(PAGE_BREAK) + sect;
  return makeDocx({ body, sectPr: '', headers: { rIdH: header } });
}

/** The header's lines drawn on page `k`: its glyph runs other than the body's. */
const headerRuns = (doc: import('../../engine/model').LayoutDoc, k: number) => glyphRunsOn(doc, k).filter((r) => r.text === 'x');

describe('a header of many lines', () => {
  it('is drawn on each page only as far as the page', async () => {
    const { doc, codes } = await layoutDocx(underHeader(para('x').repeat(3_000), 3), 'many-lines.docx', host);
    expect(doc.pages).toHaveLength(3);
    // 792 pt of 11 pt lines (and their spacing) at most; all 3,000 before.
    for (let k = 0; k < 3; k++) {
      expect(headerRuns(doc, k).length).toBeGreaterThan(30);
      expect(headerRuns(doc, k).length).toBeLessThan(80);
    }
    expect(codes).toContain('layout/header-clipped');
  });

  it('draws a table in it only as far as the page', async () => {
    const rows = `<w:tr><w:tc>${para('x')}</w:tc></w:tr>`.repeat(3_000);
    const table = `<w:tbl><w:tblGrid><w:gridCol w:w="3000"/></w:tblGrid>${rows}</w:tbl>${para('end')}`;
    const { doc, codes } = await layoutDocx(underHeader(table, 2), 'header-table.docx', host);
    expect(doc.pages).toHaveLength(2);
    expect(headerRuns(doc, 1).length).toBeGreaterThan(30);
    expect(headerRuns(doc, 1).length).toBeLessThan(80);
    expect(codes).toContain('layout/header-clipped');
  });

  it('breaks a paragraph of it into lines only up to one a point of the page', async () => {
    // 400,000 lines broken whole would pass the layout budget (layout/too-large).
    const lines = `<w:p><w:r>${'<w:t>x</w:t><w:br/>'.repeat(400_000)}</w:r></w:p>`;
    const { doc, codes } = await layoutDocx(underHeader(lines, 2), 'many-breaks.docx', host);
    expect(doc.pages).toHaveLength(2);
    expect(headerRuns(doc, 1).length).toBeGreaterThan(30);
    expect(headerRuns(doc, 1).length).toBeLessThan(80);
    expect(codes).toContain('layout/header-clipped');
  }, 30_000);

  it('of 400,000 lines lays out in time of its page, not of its lines', async () => {
    const { doc, codes } = await layoutDocx(underHeader(para('x').repeat(400_000), 5), 'huge-header.docx', host);
    expect(doc.pages).toHaveLength(5);
    expect(headerRuns(doc, 4).length).toBeLessThan(80);
    expect(codes).toContain('layout/header-clipped');
    expect(codes).not.toContain('layout/too-large');
  }, 30_000);

  it('leaves a header shorter than the page whole', async () => {
    const { doc, codes } = await layoutDocx(underHeader(para('x').repeat(20), 2), 'short-header.docx', host);
    expect(headerRuns(doc, 1)).toHaveLength(20);
    expect(codes).not.toContain('layout/header-clipped');
  });
});
