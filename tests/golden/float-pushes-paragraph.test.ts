/**
 * A paragraph whose float does not fit below it on its page starts the next page, with the float.
 *
 * Word moves a paragraph whose text-wrapping float, placed from the paragraph or its line, would
 * hang off the bottom edge of the page, unless it would hang off the next page too:
 * tika-testWORD_numbered_list anchors a text box 14.4 pt below an empty paragraph 20 pt above the
 * bottom margin, and Word's w:lastRenderedPageBreak opens that paragraph on the next page (so does
 * LibreOffice's render); we drew the box moved up to end at the page's edge, over the bottom
 * margin. A float reaching only into the bottom margin leaves its paragraph where it is
 * (oxsdk-632399964516872542_1's charts, in Word's page marks), and so does a float placed from the
 * page, one without wrapping and one that would hang off the next page too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, ImageItem, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { layoutDocx, flatItems } from '../helpers/layout-docx';
import { makeDocx, run } from '../helpers/make-docx';
import { anchoredPicture, TINY_PNG, type AnchorOptions } from '../helpers/tiny-png';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const media = { rIdImg: { name: 'image1.png', data: TINY_PNG } };
/** US Letter, 1 in margins: the body runs from 72 to 720 pt. */
const BODY_TOP = 72;
const FLUSH = '<w:pPr><w:spacing w:before="0" w:after="0"/></w:pPr>';
/** 21 lines of exactly 30 pt: the body is full down to 702 pt, 18 pt above the bottom margin. */
const FILLER = `<w:p><w:pPr><w:spacing w:before="0" w:after="0" w:line="600" w:lineRule="exact"/></w:pPr>${run('Filler')}${'<w:r><w:br/></w:r>'.repeat(20)}</w:p>`;

/** Lays out the filler, then a paragraph "Anchor" holding a 120 × `h` pt picture placed by `o`. */
async function anchorAfterFiller(h: number, o: Partial<AnchorOptions>): Promise<LayoutDoc> {
  // Text on the picture's left only, 150 pt from the margin: lines beside it keep their rows.
  const picture = anchoredPicture('rIdImg', 120, h, { x: 150, y: 10, wrap: 'square', wrapText: 'left', distPt: 0, ...o });
  const body = `${FILLER}<w:p>${FLUSH}${picture}${run('Anchor')}</w:p><w:p>${FLUSH}${run('After')}</w:p>`;
  return (await layoutDocx(makeDocx({ body, media }), 'float-pushes-paragraph.docx', host)).doc;
}

function pageOf(doc: LayoutDoc, text: string): number {
  return doc.pages.findIndex((p) => flatItems(p.items).some((it) => it.kind === 'glyphs' && (it as GlyphRun).text.startsWith(text)));
}

function images(doc: LayoutDoc): Array<{ page: number; image: ImageItem }> {
  return doc.pages.flatMap((p, page) => flatItems(p.items).filter((it): it is ImageItem => it.kind === 'image').map((image) => ({ page, image })));
}

/** Expects "Anchor" and the document's one picture on the first page, and returns the picture. */
function staysOnFirstPage(doc: LayoutDoc): ImageItem {
  expect(pageOf(doc, 'Anchor')).toBe(0);
  const placed = images(doc);
  expect(placed.map((i) => i.page)).toEqual([0]);
  return placed[0]!.image;
}

beforeAll(async () => {
  await initKernel();
});

describe('a paragraph whose float would hang off the page', () => {
  it('starts the next page, its float placed from its top there', async () => {
    // "Anchor" fits at 702 pt; its picture, 10 pt below, would end at 812 pt, past the 792 pt page.
    const doc = await anchorAfterFiller(100, {});
    expect(pageOf(doc, 'Anchor')).toBe(1);
    const [placed] = images(doc);
    expect(placed!.page).toBe(1);
    expect(placed!.image.y).toBeCloseTo(BODY_TOP + 10, 1);
    expect(pageOf(doc, 'After')).toBe(1);
  });

  it('does the same for a float placed from its line', async () => {
    const doc = await anchorAfterFiller(100, { fromV: 'line' });
    expect(pageOf(doc, 'Anchor')).toBe(1);
    expect(images(doc).map((i) => i.page)).toEqual([1]);
  });
});

describe('a paragraph whose float does not move with it', () => {
  it('stays when the float only reaches into the bottom margin', async () => {
    // The picture ends at 772 pt, 52 pt past the margin and 20 pt above the page's edge.
    const doc = await anchorAfterFiller(60, {});
    expect(staysOnFirstPage(doc).y).toBeCloseTo(702 + 10, 1);
  });

  it('stays when the float is placed from the page, which moves it up to end at the edge', async () => {
    // The same picture at the same place, 712 pt down the page, placed from the page's top.
    const doc = await anchorAfterFiller(100, { fromV: 'page', y: 712 });
    const image = staysOnFirstPage(doc);
    expect(image.y + image.h).toBeCloseTo(792, 1);
  });

  it('stays when the float has no wrapping', async () => {
    const doc = await anchorAfterFiller(100, { wrap: 'none' });
    expect(staysOnFirstPage(doc).y).toBeCloseTo(702 + 10, 1);
  });

  it('stays when the float would hang off the next page too', async () => {
    // 10 pt below the body's top, 720 pt tall: it would end at 802 pt there. It stays, moved up
    // to end at the page's edge.
    const doc = await anchorAfterFiller(720, {});
    const image = staysOnFirstPage(doc);
    expect(image.y + image.h).toBeCloseTo(792, 1);
  });
});
