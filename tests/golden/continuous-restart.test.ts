/**
 * A continuous section that restarts page numbering (w:pgNumType w:start) begins partway down a page:
 * Word counts that page as the section's first, so it takes the restarted number and the next page
 * counts on from it. Measured on a Word-saved budget document (tika-018367 in the dev corpus): the
 * body section begins, with w:start="0", below the table of contents and opens with a page break;
 * the TOC Word saved gives its first heading, on the next page, page 1. Before, the restart went to
 * the first page the section opened, which printed 0.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const PAGE = '<w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/>';
const FOOTER = '<w:footerReference w:type="default" r:id="rIdF"/>';
const PAGE_FIELD = '<w:p><w:r><w:t xml:space="preserve">page </w:t></w:r><w:fldSimple w:instr=" PAGE "><w:r><w:t>9</w:t></w:r></w:fldSimple></w:p>';

async function footers(start: string, type = 'continuous'): Promise<string[]> {
  const body =
    para('cover') +
    `<w:p><w:r><w:br w:type="page"/></w:r><w:r><w:t>contents</w:t></w:r></w:p>` +
    `<w:p><w:pPr><w:sectPr>${FOOTER}${PAGE}</w:sectPr></w:pPr></w:p>` +
    `<w:p><w:r><w:br w:type="page"/></w:r><w:r><w:t>overview</w:t></w:r></w:p>` +
    `<w:p><w:r><w:br w:type="page"/></w:r><w:r><w:t>details</w:t></w:r></w:p>`;
  const sectPr = `<w:sectPr>${FOOTER}<w:type w:val="${type}"/>${PAGE}${start}</w:sectPr>`;
  const { doc } = await layoutDocx(makeDocx({ body, sectPr, footers: { rIdF: PAGE_FIELD } }), 'continuous-restart.docx', host);
  return doc.pages.map((p) => {
    const texts = flatItems(p.items).flatMap((i) => (i.kind === 'glyphs' ? [i.text] : []));
    return texts.join(' ');
  });
}

beforeAll(async () => {
  await initKernel();
});

describe('page numbering restarted by a continuous section', () => {
  it('starts on the page where the section begins', async () => {
    const pages = await footers('<w:pgNumType w:start="0"/>');
    expect(pages).toHaveLength(4);
    expect(pages[1]).toContain('contents');
    expect(pages[1]).toMatch(/page\s*0/);
    expect(pages[2]).toContain('overview');
    expect(pages[2]).toMatch(/page\s*1/);
    expect(pages[3]).toMatch(/page\s*2/);
  });

  it('leaves numbering alone without a restart', async () => {
    const pages = await footers('');
    expect(pages.map((p) => /page\s*(\d+)/.exec(p)?.[1])).toEqual(['1', '2', '3', '4']);
  });

  it('restarts on the new page for a next-page section', async () => {
    const pages = await footers('<w:pgNumType w:start="0"/>', 'nextPage');
    // The section opens its own page (an empty one before its page break), numbered 0.
    expect(pages.map((p) => /page\s*(\d+)/.exec(p)?.[1])).toEqual(['1', '2', '0', '1', '2']);
  });
});
