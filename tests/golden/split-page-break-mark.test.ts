/**
 * w:compat/w:splitPgBreakAndParaMark (ISO/IEC 29500 1st edition §9.7.3.38, "Always Move Paragraph
 * Mark to Page after a Page Break"): a page break with nothing after it in its paragraph ends the
 * page, and the paragraph mark goes down to a line of its own at the top of the next page, so the
 * next paragraph starts one line lower there. Without the setting the paragraph ends with the break
 * (the next paragraph opens the page). Word 2003 documents carry it (oxpt-RP052-Deleted-Para-Mark:
 * its heading after the table of contents' page break sits a line plus its space before down, as
 * LibreOffice draws it).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const PAGE = '<w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/>';
const EXACT = '<w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="exact"/>';
const SPLIT = '<w:compat><w:splitPgBreakAndParaMark/></w:compat>';

/** Page count and the baseline of the first text on each page. */
async function pagesOf(body: string, settings?: string): Promise<{ count: number; baselines: number[] }> {
  const { doc } = await layoutDocx(makeDocx({ body, sectPr: `<w:sectPr>${PAGE}</w:sectPr>`, ...(settings ? { settings } : {}) }), 'split-page-break.docx', host);
  const baselines = doc.pages.map((p) => flatItems(p.items).find((i): i is GlyphRun => i.kind === 'glyphs' && i.text.trim() !== '')?.y ?? NaN);
  return { count: doc.pages.length, baselines };
}

beforeAll(async () => {
  await initKernel();
});

describe('w:splitPgBreakAndParaMark', () => {
  const breakAtEnd = para('One', EXACT) + `<w:p><w:pPr>${EXACT}</w:pPr><w:r><w:t>Last</w:t><w:br w:type="page"/></w:r></w:p>` + para('Two', EXACT);

  it('moves the mark of a paragraph ending in a page break to a line at the top of the next page', async () => {
    const plain = await pagesOf(breakAtEnd);
    const split = await pagesOf(breakAtEnd, SPLIT);
    expect(plain.count).toBe(2);
    expect(split.count).toBe(2);
    // Without the setting "Two" opens page 2 where "One" opens page 1; with it, one 12 pt line lower.
    expect(plain.baselines[1]! - plain.baselines[0]!).toBeCloseTo(0, 2);
    expect(split.baselines[1]! - split.baselines[0]!).toBeCloseTo(12, 2);
  });

  it('does the same for a paragraph that is only a page break', async () => {
    const body = para('One', EXACT) + `<w:p><w:pPr>${EXACT}</w:pPr><w:r><w:br w:type="page"/></w:r></w:p>` + para('Two', EXACT);
    const split = await pagesOf(body, SPLIT);
    expect(split.count).toBe(2);
    expect(split.baselines[1]! - split.baselines[0]!).toBeCloseTo(12, 2);
  });

  it('leaves a page break followed by text in its paragraph as it is', async () => {
    const body = para('One', EXACT) + `<w:p><w:pPr>${EXACT}</w:pPr><w:r><w:br w:type="page"/><w:t>Two</w:t></w:r></w:p>`;
    const plain = await pagesOf(body);
    const split = await pagesOf(body, SPLIT);
    expect(split.baselines).toEqual(plain.baselines);
  });
});
