/**
 * A chain of paragraphs kept with the next (w:keepNext) that is longer than a page, each kept
 * together (w:keepLines): Word gives up keeping with the next, not keeping lines together, and
 * starts the next page with the paragraph that does not fit. Its saved page starts in
 * aspose-Different_lists open page 4 with the fourth such heading, where we split it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, run } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
/** Ten 20 pt lines kept together and with the next: 200 pt, so three fit on the 648 pt body, not four. */
const KEPT =
  '<w:pPr><w:keepNext/><w:keepLines/><w:spacing w:before="0" w:after="0" w:line="400" w:lineRule="exact"/></w:pPr>';
const kept = (name: string) => `<w:p>${KEPT}${run(name)}${'<w:r><w:br/></w:r>'.repeat(9)}${run(`${name} end`)}</w:p>`;

async function layout(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body }), 'keep-chain.docx', host)).doc;
}

function pageOf(doc: LayoutDoc, text: string): number {
  return doc.pages.findIndex((p) => flatItems(p.items).some((it) => it.kind === 'glyphs' && (it as GlyphRun).text.startsWith(text)));
}

beforeAll(async () => {
  await initKernel();
});

describe('a keep-with-next chain longer than a page', () => {
  it('breaks before the kept-together paragraph that does not fit, not inside it', async () => {
    const doc = await layout(['One', 'Two', 'Three', 'Four'].map(kept).join('') + `<w:p>${run('After')}</w:p>`);
    expect(pageOf(doc, 'Three end')).toBe(0);
    expect(pageOf(doc, 'Four')).toBe(1);
    expect(pageOf(doc, 'Four end')).toBe(1);
  });
});
