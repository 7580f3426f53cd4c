/**
 * Odd- and even-page section breaks (w:sectPr/w:type oddPage, evenPage; §17.18.77) go by the number
 * the page prints, as in Word: a chapter whose section restarts its numbering at 1 (w:pgNumType
 * w:start) after a three-page front matter starts on the fourth page, numbered 1, with no blank
 * page before it. Before, the paginator went by the page's position and put a blank page there.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import { createNodeHost } from '../../node/host';
import { layoutDocx, flatItems } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const PAGE = '<w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/>';
const BREAK = '<w:r><w:br w:type="page"/></w:r>';

async function pagesOf(type: 'oddPage' | 'evenPage' | 'nextPage', start: string, settings = ''): Promise<string[]> {
  const body =
    para('front one') +
    `<w:p>${BREAK}<w:r><w:t>front two</w:t></w:r></w:p>` +
    `<w:p>${BREAK}<w:r><w:t>front three</w:t></w:r></w:p>` +
    `<w:p><w:pPr><w:sectPr>${PAGE}</w:sectPr></w:pPr></w:p>` +
    para('chapter');
  const sectPr = `<w:sectPr><w:type w:val="${type}"/>${PAGE}${start}</w:sectPr>`;
  const { doc } = await layoutDocx(makeDocx({ body, sectPr, ...(settings ? { settings } : {}) }), 'section-parity.docx', host);
  return doc.pages.map((p) => flatItems(p.items).flatMap((i) => (i.kind === 'glyphs' ? [i.text] : [])).join(' '));
}

beforeAll(async () => {
  await initKernel();
});

describe('odd and even section breaks', () => {
  it('need no blank page when the restarted number already has the wanted parity', async () => {
    const pages = await pagesOf('oddPage', '<w:pgNumType w:start="1"/>');
    expect(pages).toHaveLength(4);
    expect(pages[3]).toContain('chapter');
  });

  it('insert a blank page when the continued number has the wrong parity', async () => {
    // Without a restart the fourth page prints 4: an odd-page section needs a blank page first.
    const pages = await pagesOf('oddPage', '');
    expect(pages).toHaveLength(5);
    expect(pages[3]).toBe('');
    expect(pages[4]).toContain('chapter');
  });

  it('keep odd and even pages alternating under different odd and even headers', async () => {
    // w:evenAndOddHeaders (§17.10.1): front pages 1-3, then a section restarting at 1. Page "3" and
    // page "1" are both odd (right-hand) pages: Word leaves a blank even page between them (Microsoft
    // KB Q198592, "a blank page prints between the two pages where an even page is expected"),
    // whether the break is an odd-page or a next-page one. oxsdk-bookmark (a TOC page iii, then a
    // chapter restarting at 1) is 29 pages in Word's app.xml only with that page.
    for (const type of ['oddPage', 'nextPage'] as const) {
      const pages = await pagesOf(type, '<w:pgNumType w:start="1"/>', '<w:evenAndOddHeaders/>');
      expect(pages).toHaveLength(5);
      expect(pages[3]).toBe('');
      expect(pages[4]).toContain('chapter');
    }
    // Numbering that goes on (page 4 after page 3) alternates by itself: no blank page.
    expect(await pagesOf('nextPage', '', '<w:evenAndOddHeaders/>')).toHaveLength(4);
    // Without different odd and even pages a restart needs none either.
    expect(await pagesOf('nextPage', '<w:pgNumType w:start="1"/>')).toHaveLength(4);
  });

  it('give the blank page to the section before, so the first-page header opens the chapter', async () => {
    // Section 2 (odd page, w:titlePg) starts after a one-page section 1: page 2 is left blank. Word's
    // chapter openers carry the first-page header on the page the chapter's text starts on; the
    // blank page goes on with section 1's header. Before, the blank page took the first-page header
    // and the chapter's first page the default one.
    const body = para('Section one.') + `<w:p><w:pPr><w:sectPr><w:headerReference w:type="default" r:id="rH1"/>${PAGE}</w:sectPr></w:pPr></w:p>` + para('Section two.');
    const sectPr = `<w:sectPr><w:headerReference w:type="default" r:id="rH2"/><w:headerReference w:type="first" r:id="rH3"/><w:type w:val="oddPage"/>${PAGE}<w:titlePg/></w:sectPr>`;
    const headers = { rH1: para('HEAD-ONE'), rH2: para('HEAD-TWO'), rH3: para('HEAD-FIRST') };
    const { doc } = await layoutDocx(makeDocx({ body, sectPr, headers }), 'section-parity.docx', host);
    const texts = doc.pages.map((p) => flatItems(p.items).flatMap((i) => (i.kind === 'glyphs' ? [i.text] : [])).join(' '));
    expect(texts).toEqual(['HEAD-ONE Section one.', 'HEAD-ONE', 'HEAD-FIRST Section two.']);
    expect(doc.pages.map((p) => p.section)).toEqual([0, 0, 1]);
  });
});
