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

async function pagesOf(type: 'oddPage' | 'evenPage', start: string): Promise<string[]> {
  const body =
    para('front one') +
    `<w:p>${BREAK}<w:r><w:t>front two</w:t></w:r></w:p>` +
    `<w:p>${BREAK}<w:r><w:t>front three</w:t></w:r></w:p>` +
    `<w:p><w:pPr><w:sectPr>${PAGE}</w:sectPr></w:pPr></w:p>` +
    para('chapter');
  const sectPr = `<w:sectPr><w:type w:val="${type}"/>${PAGE}${start}</w:sectPr>`;
  const { doc } = await layoutDocx(makeDocx({ body, sectPr }), 'section-parity.docx', host);
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
});
