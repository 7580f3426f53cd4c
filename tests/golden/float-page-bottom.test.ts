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
 *
 * A paragraph whose first line does not fit at the foot of a page takes its floats to the next
 * page, and its lines wrap around them there (they used to be fitted beside where the floats would
 * have been on the first page, so text ran through the picture on the second).
 *
 * A float anchored in a run that goes on to the next page goes there with it, placed from the top
 * of its paragraph's part there, and the lines left on the first page take the full width
 * (superdoc-image-wrapping: Word's page 2 holds a paragraph's first seven lines at full width, its
 * picture anchored in the run that opens page 3).
 *
 * A float that text wraps around stays on its page: placed to hang off the bottom edge (and too tall
 * not to hang off the next page below its paragraph), it moves up to end there; a float without wrapping
 * does not move.
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

/** 21 lines of exactly 30 pt: the body is full down to 702 pt, 18 pt above the bottom margin. */
const FILLER = `<w:p><w:pPr><w:spacing w:before="0" w:after="0" w:line="600" w:lineRule="exact"/></w:pPr>${run('Filler')}${'<w:r><w:br/></w:r>'.repeat(20)}</w:p>`;
const LINES_20 = '<w:pPr><w:spacing w:before="0" w:after="0" w:line="400" w:lineRule="exact"/></w:pPr>';
const WORDS = Array(40).fill('Words beside the picture.').join(' ');

function rowsOn(doc: LayoutDoc, page: number): GlyphRun[] {
  return flatItems(doc.pages[page]!.items).filter((it): it is GlyphRun => it.kind === 'glyphs');
}

function imagesOn(doc: LayoutDoc, page: number): ImageItem[] {
  return flatItems(doc.pages[page]!.items).filter((it): it is ImageItem => it.kind === 'image');
}

const right = (r: GlyphRun) => r.x + r.advances.reduce((a, b) => a + b, 0);

describe('a paragraph with a float that does not start on its page', () => {
  it('takes the float to the next page and wraps its lines around it there', async () => {
    // 20 pt lines do not fit in the 18 pt left; the picture is 150 pt from the margin, 28 pt below
    // the paragraph's top, text on its left only.
    const picture = anchoredPicture('rIdImg', 120, 180, { x: 150, y: 28, wrap: 'square', wrapText: 'left', distPt: 0 });
    const doc = await layout(`${FILLER}<w:p>${LINES_20}${picture}${run(WORDS)}</w:p>`);
    expect(imagesOn(doc, 0)).toEqual([]);
    const [img] = imagesOn(doc, 1);
    expect(img!.y).toBeCloseTo(BODY_TOP + 28, 1);
    expect(img!.x).toBeCloseTo(72 + 150, 1);
    const beside = rowsOn(doc, 1).filter((r) => r.y - 15 > img!.y && r.y < img!.y + img!.h);
    expect(beside.length).toBeGreaterThanOrEqual(7);
    for (const r of beside) expect(right(r)).toBeLessThanOrEqual(img!.x + 0.5);
  });
});

describe('a wrapping float placed past the bottom edge of the page', () => {
  it('moves up to end at the edge; a float without wrapping stays', async () => {
    // The paragraph starts 18 pt above the bottom margin; its pictures 28 pt below that would end
    // past the 792 pt page. The square one, 700 pt tall, would hang off the next page too, 28 pt
    // below the body's top, so the paragraph stays (float-pushes-paragraph). Moved up, the picture
    // reaches beside the filler's lines, which wrap around it (early-floats); with text on its left
    // only they keep their rows, so the paragraph stays at 702.
    const square = anchoredPicture('rIdImg', 120, 700, { x: 150, y: 28, wrap: 'square', wrapText: 'left', distPt: 0 }, 1);
    const none = anchoredPicture('rIdImg', 60, 180, { x: 0, y: 28, wrap: 'none', distPt: 0 }, 2);
    const doc = await layout(`${FILLER}<w:p>${FLUSH}${square}${none}${run('Anchor')}</w:p>`);
    const images = imagesOn(doc, 0).sort((a, b) => b.h - a.h);
    expect(images).toHaveLength(2);
    expect(images[0]!.y + images[0]!.h).toBeCloseTo(792, 1);
    expect(images[1]!.y).toBeCloseTo(702 + 28, 0);
  });
});

describe('a float anchored in a run that goes on to the next page', () => {
  it('goes there, placed from the top of the paragraph\'s part there, and lines before it keep the full width', async () => {
    // 20 lines of 30 pt leave 48 pt: two 20 pt lines of the paragraph fit there; its picture is
    // anchored after the first 60 words, which take more than two lines.
    const filler = `<w:p><w:pPr><w:spacing w:before="0" w:after="0" w:line="600" w:lineRule="exact"/></w:pPr>${run('Filler')}${'<w:r><w:br/></w:r>'.repeat(19)}</w:p>`;
    const picture = anchoredPicture('rIdImg', 120, 180, { x: 150, y: 28, wrap: 'square', wrapText: 'left', distPt: 0 });
    const first = Array(60).fill('Lead').join(' ');
    const doc = await layout(`${filler}<w:p>${LINES_20}${run(first + ' ')}${picture}${run(WORDS)}</w:p>`);
    expect(imagesOn(doc, 0)).toEqual([]);
    const onFirst = rowsOn(doc, 0).filter((r) => r.text.startsWith('Lead'));
    expect(onFirst).toHaveLength(2);
    for (const r of onFirst) expect(right(r)).toBeGreaterThan(72 + 150 + 120);
    expect(imagesOn(doc, 1)).toHaveLength(1);
    const [img] = imagesOn(doc, 1);
    expect(img!.y).toBeCloseTo(BODY_TOP + 28, 1);
    const beside = rowsOn(doc, 1).filter((r) => r.y - 15 > img!.y && r.y < img!.y + img!.h);
    expect(beside.length).toBeGreaterThanOrEqual(7);
    for (const r of beside) expect(right(r)).toBeLessThanOrEqual(img!.x + 0.5);
  });
});
