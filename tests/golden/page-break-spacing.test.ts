/**
 * Spacing across a hard page break, as Word's render of Docx4j_GettingStarted shows it and a peer
 * project measured in Word (openooxml/betteroffice #616, 60 probes): the space between the paragraph
 * before the break and the one after is the previous after plus what the before exceeds it by, and
 * the after is spent at the foot of the old page. So the new page gets only the before's excess: a
 * heading with 24 pt before, opening a next-page section whose previous paragraph had a 14 pt after,
 * starts 10 pt down (LibreOffice gives 24 there); the same holds for w:pageBreakBefore and for a
 * paragraph whose first run is the break. A paragraph that is only a page break gives the next one
 * nothing (Word's appendix page in GettingStarted).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const PAGE = '<w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/>';
const spacing = (before: number, after: number) => `<w:spacing w:before="${before * 20}" w:after="${after * 20}" w:line="240" w:lineRule="auto"/>`;

/** Baseline of the first line on each page. */
async function firstBaselines(body: string, sectPr = `<w:sectPr>${PAGE}</w:sectPr>`): Promise<number[]> {
  const { doc } = await layoutDocx(makeDocx({ body, sectPr }), 'page-break-spacing.docx', host);
  return doc.pages.map((p) => flatItems(p.items).find((i): i is GlyphRun => i.kind === 'glyphs' && i.text.trim() !== '')!.y);
}

beforeAll(async () => {
  await initKernel();
});

describe('spacing across a hard page break', () => {
  it('spends a page-break paragraph’s space after on the old page', async () => {
    const [first, second] = await firstBaselines(para('One', spacing(0, 10)) + `<w:p><w:pPr>${spacing(0, 10)}</w:pPr><w:r><w:br w:type="page"/></w:r></w:p>` + para('Two', spacing(0, 10)));
    // The next page's first line sits where the first page's does, at the top margin.
    expect(second).toBeCloseTo(first!, 2);
  });

  it('gives nothing after a paragraph that is only the break', async () => {
    const [first, second] = await firstBaselines(para('One', spacing(0, 10)) + `<w:p><w:pPr>${spacing(0, 10)}</w:pPr><w:r><w:br w:type="page"/></w:r></w:p>` + para('Two', spacing(24, 0)));
    expect(second! - first!).toBeCloseTo(0, 2);
  });

  it('gives a paragraph opening with the break what its space before exceeds the after by', async () => {
    const [first, second] = await firstBaselines(para('One', spacing(0, 10)) + `<w:p><w:pPr>${spacing(24, 0)}</w:pPr><w:r><w:br w:type="page"/><w:t>Two</w:t></w:r></w:p>`);
    expect(second! - first!).toBeCloseTo(14, 2);
  });

  it('gives a paragraph with pageBreakBefore what its space before exceeds the after by', async () => {
    const [first, second] = await firstBaselines(para('One', spacing(0, 10)) + para('Two', `<w:pageBreakBefore/>${spacing(24, 0)}`));
    expect(second! - first!).toBeCloseTo(14, 2);
  });

  it('does the same at a next-page section break', async () => {
    const body = (before: number) => para('One', spacing(0, 14)) + `<w:p><w:pPr>${spacing(0, 14)}<w:sectPr>${PAGE}</w:sectPr></w:pPr></w:p>` + para('Two', spacing(before, 0));
    const top = await firstBaselines(body(24));
    const flush = await firstBaselines(body(0));
    expect(top[1]! - flush[1]!).toBeCloseTo(10, 2);
  });
});
