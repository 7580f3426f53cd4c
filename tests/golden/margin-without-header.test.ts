/**
 * w:pgMar/@w:header and @w:footer place a header and a footer; a page without them keeps its top and
 * bottom margins even where those distances lie inside the body (§17.6.11). The body began at the
 * header distance: tika-testWORD_tableInRunInsideParagraph (top margin 18 pt, header 36 pt, no
 * header) had its centred title pushed down beside a text box that starts at 34.55 pt, where Word
 * and LibreOffice set it above the box, centred on the page; aspose-Get_substitution's footnotes
 * (bottom margin 28.35 pt, footer 35.45 pt, no footer) stood 7 pt above the margin.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
/** Lines of exactly 12 pt. */
const EXACT = '<w:spacing w:after="0" w:line="240" w:lineRule="exact"/>';
const body = Array.from({ length: 100 }, (_, i) => para(`Line ${i + 1}`, EXACT)).join('');
const ONE_LINE = `<w:p><w:pPr>${EXACT}</w:pPr><w:r><w:t>Chrome</w:t></w:r></w:p>`;
// Page 792 pt high; margins 18 pt, header and footer 36 pt from the edges.
const PG = '<w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="360" w:right="1440" w:bottom="360" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/><w:cols w:space="720"/>';

/** The body lines of the first page. */
async function firstPage(refs: string, chrome: boolean): Promise<GlyphRun[]> {
  const sectPr = `<w:sectPr>${refs}${PG}</w:sectPr>`;
  const parts = chrome ? { headers: { rIdH: ONE_LINE }, footers: { rIdF: ONE_LINE } } : {};
  const { doc } = await layoutDocx(makeDocx({ body, sectPr, ...parts }), 'margin-without-header.docx', host);
  return flatItems(doc.pages[0]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs' && i.text.startsWith('Line'));
}

beforeAll(async () => {
  await initKernel();
});

describe('the body of a page without a header or footer', () => {
  it('starts at the top margin and ends at the bottom margin, not at the header and footer distances', async () => {
    const lines = await firstPage('', false);
    // 792 - 18 - 18 = 756 pt: 63 lines of 12 pt (60 between the distances, 36 pt to 756 pt).
    expect(lines).toHaveLength(63);
    expect(lines[0]!.y).toBeLessThan(36);
  });

  it('still starts below a header and ends above a footer that reach past the margins', async () => {
    const lines = await firstPage('<w:headerReference w:type="default" r:id="rIdH"/><w:footerReference w:type="default" r:id="rIdF"/>', true);
    // Header 36-48 pt, footer 744-756 pt: 696 pt of body, 58 lines, the first below the header.
    expect(lines).toHaveLength(58);
    expect(lines[0]!.y).toBeGreaterThan(48);
  });
});
