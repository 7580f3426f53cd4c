/**
 * Word 2013 and later layouts (compatibilityMode 15) let a justified line (w:jc both) take one more
 * word by shrinking its spaces, by up to a sixth of their width; earlier layouts and other
 * alignments only stretch them. Word's saved page starts in superdoc-40-pages and
 * tika-testWORD_formattingFlipUnderlineOrder (14 of them, none reproduced without it).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
// Eight words, seven spaces of 2.49 pt (Carlito 11 pt): a sixth of them is 2.9 pt.
const TEXT = 'Word sets these eight words on one line';
const compat = (mode: number) =>
  `<w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="${mode}"/></w:compat>`;

async function runs(widthTwips: number, jc: string, mode: number): Promise<GlyphRun[]> {
  const sectPr = `<w:sectPr><w:pgSz w:w="${widthTwips + 2880}" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>`;
  const body = para(TEXT, `<w:spacing w:after="0"/><w:jc w:val="${jc}"/>`, '<w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/><w:sz w:val="22"/>');
  const { doc } = await layoutDocx(makeDocx({ body, sectPr, settings: compat(mode) }), 'justify-shrink.docx', host);
  return flatItems(doc.pages[0]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs');
}

/** The narrowest text width, in twips, that holds the paragraph on one line. */
async function narrowestOneLine(jc: string, mode: number): Promise<number> {
  let lo = 1000;
  let hi = 6000;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    const ys = new Set((await runs(mid, jc, mode)).map((r) => Math.round(r.y)));
    if (ys.size === 1) hi = mid;
    else lo = mid;
  }
  return hi;
}

beforeAll(async () => {
  await initKernel();
});

describe('justified lines in Word 2013 layouts', () => {
  it('take one more word by shrinking their spaces by up to a sixth', async () => {
    const word2010 = await narrowestOneLine('both', 14);
    const word2013 = await narrowestOneLine('both', 15);
    // The seven spaces give up 2.9 pt (58 twips) between them.
    expect(word2010 - word2013).toBeGreaterThanOrEqual(55);
    expect(word2010 - word2013).toBeLessThanOrEqual(60);
    // The shrunk line is set within the margin.
    const laid = await runs(word2013, 'both', 15);
    const right = Math.max(...laid.map((r) => r.x + r.advances.reduce((a, b) => a + b, 0)));
    expect(right).toBeLessThanOrEqual(72 + word2013 / 20 + 0.5);
  });

  it('only for justified lines', async () => {
    expect(await narrowestOneLine('left', 15)).toBe(await narrowestOneLine('both', 14));
  });
});
