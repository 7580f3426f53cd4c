/**
 * fontkit is loaded on first need (engine/text/fontkit-loader.ts): a Latin document is laid out
 * without it, and so is unpointed Hebrew, right to left (the shaper's fast path for right-to-left
 * words); the first document whose text needs full OpenType shaping (here pointed Hebrew, whose
 * marks GPOS places) loads it and is laid out again from the start, giving the same pages and
 * warnings as a layout with fontkit already loaded.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import { forgetFontkitForTests, FontkitNotLoaded, requireFontkit } from '../../engine/text';
import { createNodeHost } from '../../node/host';
import { glyphRunsOn, layoutDocx } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const latin = makeDocx({ body: '<w:p><w:r><w:t>Hello plain world</w:t></w:r></w:p>' });
const unpointed = makeDocx({
  body: '<w:p><w:pPr><w:bidi/></w:pPr><w:r><w:rPr><w:rtl/></w:rPr><w:t xml:space="preserve">שלום עולם (ומלואו) 1948</w:t></w:r></w:p>',
});
const hebrew = makeDocx({
  body: '<w:p><w:pPr><w:bidi/></w:pPr><w:r><w:rPr><w:rtl/></w:rPr><w:t xml:space="preserve">שָׁלוֹם עולם ומלואו</w:t></w:r></w:p>' +
    '<w:p><w:r><w:t>and some Latin after it</w:t></w:r></w:p>',
});

beforeAll(async () => {
  await initKernel();
});

describe('fontkit on demand', () => {
  it('lays out Latin text without loading fontkit, and loads it for Hebrew with the same result', async () => {
    forgetFontkitForTests();
    expect(() => requireFontkit()).toThrow(FontkitNotLoaded);
    const plain = await layoutDocx(latin, 'latin.docx', host);
    expect(plain.doc.pages).toHaveLength(1);
    expect(() => requireFontkit()).toThrow(FontkitNotLoaded);
    const fast = await layoutDocx(unpointed, 'unpointed.docx', host);
    expect(glyphRunsOn(fast.doc, 0).some((r) => r.text.includes('עולם'))).toBe(true);
    expect(() => requireFontkit()).toThrow(FontkitNotLoaded);

    const cold = await layoutDocx(hebrew, 'hebrew.docx', host);
    expect(() => requireFontkit()).not.toThrow();
    const warm = await layoutDocx(hebrew, 'hebrew.docx', host);
    expect(JSON.stringify(cold.doc.pages)).toBe(JSON.stringify(warm.doc.pages));
    expect(cold.codes).toEqual(warm.codes);
    expect(glyphRunsOn(cold.doc, 0).some((r) => r.text.includes('עולם'))).toBe(true);
  });
});
