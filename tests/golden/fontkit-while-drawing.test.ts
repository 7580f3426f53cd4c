/**
 * fontkit needed only while the pages are drawn (engine/layout/document.ts, PageStream.restart): a
 * chart is drawn with its page, after the layout passes, so a Hebrew chart title on page 2 is the
 * first text that needs full OpenType shaping. convert then loads fontkit, lays the document out
 * again and redraws the page already given; the PDF must be the one a warm process writes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { convertDocxToPdf } from '../../engine/convert';
import { initKernel } from '../../engine/layout';
import { forgetFontkitForTests, FontkitNotLoaded, requireFontkit } from '../../engine/text';
import { createNodeHost } from '../../node/host';
import { chartPart, inlineChart } from '../helpers/make-chart';
import { OFFICE_THEME, WORD_DEFAULT_STYLES, makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const docx = makeDocx({
  styles: WORD_DEFAULT_STYLES,
  theme: OFFICE_THEME,
  body:
    '<w:p><w:r><w:t>Plain Latin text on the first page.</w:t></w:r></w:p>' +
    '<w:p><w:r><w:br w:type="page"/></w:r></w:p>' +
    `<w:p>${inlineChart('rIdChart1', 432, 252)}</w:p>`,
  parts: {
    rIdChart1: chartPart({ kind: 'barChart', barDir: 'col', grouping: 'clustered', categories: ['A', 'B'], series: [{ name: 'S', values: [1, 2] }], title: 'מכירות רבעוניות', legendPos: 'b' }),
  },
});

beforeAll(async () => {
  await initKernel();
});

describe('fontkit needed while drawing', () => {
  it('loads fontkit, lays out again and writes the same PDF as a process that had it loaded', async () => {
    forgetFontkitForTests();
    expect(() => requireFontkit()).toThrow(FontkitNotLoaded);
    const cold = await convertDocxToPdf(docx, {}, host);
    expect(() => requireFontkit()).not.toThrow();
    const warm = await convertDocxToPdf(docx, {}, host);
    if (!cold.ok || !warm.ok) throw new Error(JSON.stringify([cold, warm].flatMap((r) => (r.ok ? [] : r.errors))));
    expect(cold.value.pages).toBe(2);
    expect(Buffer.from(cold.value.pdf).equals(Buffer.from(warm.value.pdf))).toBe(true);
    expect(cold.warnings.map((w) => w.code)).toEqual(warm.warnings.map((w) => w.code));
  });
});
