/**
 * Lines that must clear top-and-bottom floats near the foot of a page.
 *
 * A line pushed below another paragraph's float past the bottom margin starts the next page at its
 * top: the move was carried there as blank space, though the float stays behind.
 *
 * A paragraph's own floats move its first line once, below those it meets where it starts, and not
 * again for another of them it meets there. An empty paragraph holding two charts, the second
 * placed just above the first one's foot, so stays on its page with them: Word's
 * w:lastRenderedPageBreak marks and table of figures in oxsdk-632399964516872542_1 put two such
 * pairs of charts on the page where their paragraph starts and the next paragraph on the next
 * page; we moved the paragraph with both charts to the next page, a page more in all.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, ImageItem, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { layoutDocx, flatItems } from '../helpers/layout-docx';
import { makeDocx, run } from '../helpers/make-docx';
import { anchoredPicture, TINY_PNG } from '../helpers/tiny-png';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const media = { rIdImg: { name: 'image1.png', data: TINY_PNG } };
/** US Letter, 1 in margins: the body runs from 72 to 720 pt. */
const BODY_TOP = 72;
const FLUSH = '<w:pPr><w:spacing w:before="0" w:after="0"/></w:pPr>';
const picture = (h: number, y: number, id: number) => anchoredPicture('rIdImg', 200, h, { x: 0, y, wrap: 'topAndBottom', distPt: 0 }, id);

async function layout(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body, media }), 'float-page-bottom.docx', host)).doc;
}

function runOf(doc: LayoutDoc, text: string): { page: number; run: GlyphRun } {
  for (let i = 0; i < doc.pages.length; i++) {
    const r = flatItems(doc.pages[i]!.items).find((it): it is GlyphRun => it.kind === 'glyphs' && it.text.startsWith(text));
    if (r) return { page: i, run: r };
  }
  throw new Error(`no run ${text}`);
}

function imagePages(doc: LayoutDoc): number[] {
  return doc.pages.flatMap((p, i) => flatItems(p.items).filter((it): it is ImageItem => it.kind === 'image').map(() => i));
}

beforeAll(async () => {
  await initKernel();
});

describe('a line below another paragraph\'s float past the page foot', () => {
  it('starts the next page at its top, not lower by the move', async () => {
    // "Anchor" sits on the first line; its picture from 20 pt below the paragraph's top to 8 pt
    // above the bottom margin; "Next" would go below it and no longer fits.
    const doc = await layout(`<w:p>${FLUSH}${picture(620, 20, 1)}${run('Anchor')}</w:p><w:p>${FLUSH}${run('Next')}</w:p>`);
    expect(imagePages(doc)).toEqual([0]);
    const next = runOf(doc, 'Next');
    expect(next.page).toBe(1);
    expect(next.run.y).toBeLessThan(BODY_TOP + 20);
  });
});

describe('an empty paragraph pushed down by its own floats', () => {
  it('moves its line below the float it meets, once, and stays on its page with both', async () => {
    // The paragraph starts one line down; chart A takes 300 pt from its top, chart B starts 6 pt
    // above A's foot and ends 6-9 pt above the bottom margin. Below A the line fits; below B it
    // would not.
    const body =
      `<w:p>${FLUSH}${run('Before')}</w:p>` +
      `<w:p>${FLUSH}${picture(334, 294, 1)}${picture(300, 0, 2)}</w:p>` +
      `<w:p>${FLUSH}${run('After')}</w:p>`;
    const doc = await layout(body);
    expect(imagePages(doc)).toEqual([0, 0]);
    const after = runOf(doc, 'After');
    expect(after.page).toBe(1);
    expect(after.run.y).toBeLessThan(BODY_TOP + 20);
  });
});
