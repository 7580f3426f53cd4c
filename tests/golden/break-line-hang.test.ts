/**
 * A paragraph that opens with a page break (w:br type=page) and has text after it: when the page
 * before is full, the line holding only the break hangs below the margin and the text starts the
 * next page. It used to take a page of its own to break from, leaving a blank page (tika-017091; the
 * LibreOffice reference has none). A paragraph holding only the break keeps its line and gets a
 * page when it does not fit, as LibreOffice does.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const SINGLE = '<w:spacing w:after="0" w:line="240" w:lineRule="auto"/>';
const lines = (n: number) => Array.from({ length: n }, (_, i) => para(`Line ${i + 1}`, SINGLE)).join('');

async function pages(body: string): Promise<string[]> {
  const { doc } = await layoutDocx(makeDocx({ body }), 'break-line-hang.docx', host);
  return doc.pages.map((p) => flatItems(p.items).flatMap((i) => (i.kind === 'glyphs' ? [(i as GlyphRun).text.trim()] : [])).join('|'));
}

let full = 0;
beforeAll(async () => {
  await initKernel();
  // How many single-spaced lines fill the first page exactly.
  full = (await pages(lines(120)))[0]!.split('|').length;
});

describe('a page break line at the foot of a full page', () => {
  it('hangs when the paragraph has text after the break', async () => {
    const out = await pages(lines(full) + `<w:p><w:pPr>${SINGLE}</w:pPr><w:r><w:br w:type="page"/><w:t>After the break</w:t></w:r></w:p>`);
    expect(out).toHaveLength(2);
    expect(out[1]).toBe('After the break');
  });

  it('keeps its line when the paragraph holds only the break', async () => {
    const out = await pages(lines(full) + `<w:p><w:pPr>${SINGLE}</w:pPr><w:r><w:br w:type="page"/></w:r></w:p>` + para('After the break', SINGLE));
    expect(out).toEqual([expect.any(String), '', 'After the break']);
  });
});
