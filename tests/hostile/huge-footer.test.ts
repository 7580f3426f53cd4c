/**
 * A footer with a page field is laid out again for every page (its PAGE differs). A hostile
 * footer of 130,000 characters made that about a second per page (scripts/fuzz.ts). A header or
 * footer of more than 20,000 characters is now laid out once, with a coded warning; ordinary ones
 * still number every page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { glyphRunsOn, layoutDocx } from '../helpers/layout-docx';
import { LETTER_SECT_PR, makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2)) });
const PAGE_FIELD = '<w:r><w:t xml:space="preserve">Page </w:t></w:r><w:fldSimple w:instr=" PAGE "><w:r><w:t>1</w:t></w:r></w:fldSimple>';
const PAGE_BREAK = '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';

beforeAll(async () => {
  await initKernel();
});

async function threePages(footer: string): Promise<{ doc: LayoutDoc; codes: string[] }> {
  const sect = LETTER_SECT_PR.replace('<w:sectPr>', '<w:sectPr><w:footerReference w:type="default" r:id="rIdF"/>');
  const body = para('one') + PAGE_BREAK + para('two') + PAGE_BREAK + para('three') + sect;
  return layoutDocx(makeDocx({ body, sectPr: '', footers: { rIdF: footer } }), 'footer.docx', host);
}

const footerNumbers = (doc: LayoutDoc) => doc.pages.map((_, k) => glyphRunsOn(doc, k).find((r) => /^Page/.test(r.text))?.text);

describe('a header or footer with page fields', () => {
  it('numbers every page when it is of ordinary size', async () => {
    const { doc, codes } = await threePages(`<w:p>${PAGE_FIELD}</w:p>`);
    expect(footerNumbers(doc)).toEqual(['Page 1', 'Page 2', 'Page 3']);
    expect(codes).not.toContain('layout/header-too-large');
  });

  it('is laid out once, with a warning, when it holds more than 20,000 characters', async () => {
    const long = para('filler text that no real footer holds. '.repeat(600));
    const { doc, codes } = await threePages(`<w:p>${PAGE_FIELD}</w:p>${long}`);
    expect(doc.pages).toHaveLength(3);
    expect(codes).toContain('layout/header-too-large');
    expect(new Set(footerNumbers(doc)).size).toBe(1);
  });

  it('counts the characters of equations too', async () => {
    // Found by the fuzz campaign: 20,000 math runs in a header with a PAGE field took 19 MB of heap per page.
    const runs = '<m:r><m:t>x</m:t></m:r><m:r><m:t>+</m:t></m:r>'.repeat(10_500);
    const math = `<w:p><m:oMath xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math">${runs}</m:oMath></w:p>`;
    const { doc, codes } = await threePages(`<w:p>${PAGE_FIELD}</w:p>${math}`);
    expect(doc.pages).toHaveLength(3);
    expect(codes).toContain('layout/header-too-large');
  });
});
