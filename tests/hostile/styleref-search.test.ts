/**
 * A header STYLEREF over many pages. The field is evaluated again for each page, and its search read
 * paragraph after paragraph before the page while none had the style: a fuzz case (seed 75, docx-59:
 * thousands of pages, a header STYLEREF of a style no paragraph has) took 17 s in that search alone,
 * pages times paragraphs. The paragraphs of a style are now found once for the document and searched
 * by halves. Counted here: how often the test reads a paragraph's style name (the document's
 * styleNames), which was once per paragraph and page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocx } from '../../engine/docx';
import { initKernel, layoutDocument } from '../../engine/layout';
import type { DocModel } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { glyphRunsOn } from '../helpers/layout-docx';
import { LETTER_SECT_PR, makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2)) });
const PAGES = 300;

beforeAll(async () => {
  await initKernel();
});

const STYLES = `<w:style w:type="paragraph" w:styleId="Body"><w:name w:val="Body"/></w:style>
<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style>`;

/** A page of `Body` text each, but `Heading1` paragraphs on the pages `headingPages`. */
function stylerefDocx(wanted: string, headingPages: readonly number[]): Uint8Array {
  let body = '';
  for (let k = 0; k < PAGES; k++) {
    const style = headingPages.includes(k) ? 'Heading1' : 'Body';
    body += `<w:p><w:pPr><w:pStyle w:val="${style}"/>${k > 0 ? '<w:pageBreakBefore/>' : ''}</w:pPr><w:r><w:t>${style} ${k}</w:t></w:r></w:p>`;
  }
  const header = `<w:p><w:r><w:t xml:space="preserve">Chapter: </w:t></w:r><w:fldSimple w:instr=" STYLEREF &quot;${wanted}&quot; "><w:r><w:t>?</w:t></w:r></w:fldSimple></w:p>`;
  const sect = LETTER_SECT_PR.replace('<w:sectPr>', '<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/>');
  return makeDocx({ body: body + sect, sectPr: '', styles: STYLES, headers: { rIdH: header } });
}

/** Lays the document out, counting reads of its style names. */
async function layoutCounting(bytes: Uint8Array): Promise<{ reads: number; headers: string[] }> {
  const parsed = parseDocx(bytes, { fileName: 'styleref.docx' }, host);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  let reads = 0;
  const styleNames = new Proxy(parsed.value.styleNames, {
    get(target, key) {
      reads++;
      return Reflect.get(target, key);
    },
  });
  const doc: DocModel = { ...parsed.value, styleNames };
  const laid = await layoutDocument(doc, {}, host);
  if (!laid.ok) throw new Error(JSON.stringify(laid.errors));
  const headers = laid.value.pages.map((_, k) => glyphRunsOn(laid.value, k).map((r) => r.text).join('|'));
  return { reads, headers };
}

describe('a header STYLEREF on every page', () => {
  it('reads each paragraph once, not once per page, when no paragraph has the style', async () => {
    const { reads, headers } = await layoutCounting(stylerefDocx('Missing Style', []));
    expect(headers).toHaveLength(PAGES);
    // Once per paragraph for the style's index (the pages do not add to it).
    expect(reads).toBeLessThanOrEqual(2 * PAGES);
  });

  it('still finds the paragraph on the page, else the nearest before, else the first after', async () => {
    const { headers } = await layoutCounting(stylerefDocx('heading 1', [100, 200]));
    const shown = (page: number) => headers[page]!.split('|')[0];
    expect([0, 99, 100, 150, 199, 200, 250].map(shown)).toEqual([
      'Chapter: Heading1 100', 'Chapter: Heading1 100', 'Chapter: Heading1 100', 'Chapter: Heading1 100',
      'Chapter: Heading1 100', 'Chapter: Heading1 200', 'Chapter: Heading1 200',
    ]);
  });
});
