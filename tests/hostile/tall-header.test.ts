/**
 * A header taller than the page. The body started below the header, keeping its 36 pt minimum
 * there: below the page's foot, so the body text was laid out where no one sees it (two lines a
 * page, and thousands of pages for a hostile header of thousands of lines; scripts/fuzz.ts). A
 * header or footer now pushes the body back by at most half the page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
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
