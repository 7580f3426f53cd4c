/**
 * A continuous section's first page (w:titlePg, §17.10.6) is the page it begins on, partway down the
 * page the section before opened; that page keeps the earlier section's header and footer, and the
 * next page is the section's second: it takes the default header and footer, not the first-page
 * ones. Word counts the page where a continuous section begins as its first for page numbering as
 * well (continuous-restart). oxsdk-2003_Consumer_Confidence_Report ends with a continuous section
 * with titlePg and no first-page header: its last page lost the "page 6" header LibreOffice prints.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const PAGE = '<w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/>';
const HEADERS = '<w:headerReference w:type="default" r:id="rIdD"/><w:headerReference w:type="first" r:id="rIdF"/>';
const header = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;

/** The header text of each page: a short first section, then a second one 80 lines long. */
async function headers(type: string): Promise<string[]> {
  const body =
    para('opening') +
    `<w:p><w:pPr><w:sectPr><w:headerReference w:type="default" r:id="rIdS"/>${PAGE}</w:sectPr></w:pPr></w:p>` +
    Array.from({ length: 80 }, (_, i) => para(`Line ${i + 1}`, '<w:spacing w:after="0"/>')).join('');
  const sectPr = `<w:sectPr>${HEADERS}<w:type w:val="${type}"/>${PAGE}<w:titlePg/></w:sectPr>`;
  const bytes = makeDocx({ body, sectPr, headers: { rIdS: header('Section one'), rIdD: header('Default head'), rIdF: header('First head') } });
  const { doc } = await layoutDocx(bytes, 'continuous-first-page.docx', host);
  return doc.pages.map((p) => {
    const texts = flatItems(p.items).flatMap((i) => (i.kind === 'glyphs' && !i.text.startsWith('Line') && !i.text.startsWith('opening') ? [i.text.trim()] : []));
    return texts.join(' ');
  });
}

beforeAll(async () => {
  await initKernel();
});

describe('the first page of a continuous section', () => {
  it('is the page it begins on: the next page takes the default header', async () => {
    const pages = await headers('continuous');
    expect(pages).toHaveLength(2);
    expect(pages[0]).toBe('Section one');
    expect(pages[1]).toBe('Default head');
  });

  it('is the page a next-page section opens', async () => {
    const pages = await headers('nextPage');
    expect(pages.slice(0, 3)).toEqual(['Section one', 'First head', 'Default head']);
  });
});
