/**
 * The page limit and the unit queue on one huge paragraph. The page limit was checked after each
 * block, so a paragraph laid out on pages far past it was paginated whole first, and the paginator
 * took units from the head of an array (Array.shift: time in the square of the lines). A hostile
 * section whose margins leave a page narrower than nothing (a character a line) with a paragraph of
 * 40 000 words ran 25 s and ended in `layout/internal` ("pagination did not converge"), found by
 * scripts/fuzz.ts; a legitimate paragraph of more than 100 000 lines hit the same internal error.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocx } from '../../engine/docx';
import { initKernel, layoutDocument } from '../../engine/layout';
import { createNodeHost } from '../../node/host';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2)) });

/** A Letter page with the given left and right margins (twips), top and bottom `tb`. */
const section = (lr: number, tb: number) =>
  `<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="${tb}" w:right="${lr}" w:bottom="${tb}" w:left="${lr}" w:header="0" w:footer="0" w:gutter="0"/></w:sectPr>`;

async function layout(body: string, maxPages?: number) {
  const parsed = parseDocx(makeDocx({ body }), {}, host);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return layoutDocument(parsed.value, maxPages ? { limits: { maxPages } } : {}, host);
}

beforeAll(async () => {
  await initKernel();
});

describe('one paragraph on very many pages', () => {
  it('stops at the page limit as the pages open, with its diagnostic', async () => {
    const t = performance.now();
    const r = await layout(`<w:p><w:r><w:t>${'ab '.repeat(40_000)}</w:t></w:r></w:p>${section(7000, 9000)}`, 5_000);
    expect(performance.now() - t).toBeLessThan(10_000);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.code)).toEqual(['layout/too-many-pages']);
  }, 60_000);

  it('lays out a paragraph of more than 100 000 lines', async () => {
    // 36 pt between the margins: each 6-letter word takes a line of its own (110 000 lines, 56 a page).
    const r = await layout(`<w:p><w:r><w:t>${'abcdef '.repeat(110_000)}</w:t></w:r></w:p>${section(5760, 1440)}`);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.pages.length).toBeGreaterThan(1_900);
  }, 60_000);
});
