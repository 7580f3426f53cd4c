/**
 * Floats above their own paragraph (flow/early-floats.ts): a wrapping picture positioned from the
 * margin at the top of the page, anchored in a paragraph further down, keeps the lines of the
 * paragraphs before its anchor out of its area, as Word wraps every line of the page around it
 * (superdoc-anchor_images: two arrows at the top corners, anchored in the second paragraph; the
 * first paragraph's lines ran under the right one), and so do the lines a paragraph from the page
 * before goes on with there (superdoc-image-wrapping's fifth bird, moved to the top of page 6). One a
 * fixed distance above its paragraph moves with that paragraph, so earlier text keeps its place
 * beside it. When the earlier lines, kept out of its area, push its own paragraph onto the next page,
 * the paragraph and the float stay there, and the page before keeps no hole (oxsdk-Complex01's cover
 * page; the passes swung between the two layouts and kept the one with the float over the text).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, ImageItem, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx, pageWithText } from '../helpers/layout-docx';
import { makeDocx, run } from '../helpers/make-docx';
import { anchoredPicture, TINY_PNG } from '../helpers/tiny-png';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const media = { rIdImg: { name: 'image1.png', data: TINY_PNG } };
const FLUSH = '<w:pPr><w:spacing w:before="0" w:after="0"/></w:pPr>';
const WORDS = Array(30).fill('Words before the anchor.').join(' ');

async function layout(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body, media }), 'early-floats.docx', host)).doc;
}

const right = (r: GlyphRun) => r.x + r.advances.reduce((a, b) => a + b, 0);

function firstPage(doc: LayoutDoc): { runs: GlyphRun[]; image: ImageItem } {
  const items = flatItems(doc.pages[0]!.items);
  const image = items.find((i): i is ImageItem => i.kind === 'image')!;
  return { runs: items.filter((i): i is GlyphRun => i.kind === 'glyphs'), image };
}

beforeAll(async () => {
  await initKernel();
});

describe('a wrapping float placed above its own paragraph', () => {
  it('keeps the lines of earlier paragraphs out of its area when it is placed from the margin', async () => {
    // US Letter, 1 in margins: the picture takes x 372-522 from the top of the body (72 pt) down
    // 100 pt; its paragraph comes after five lines or so of text.
    const picture = anchoredPicture('rIdImg', 150, 100, { x: 300, y: 0, wrap: 'square', distPt: 0 }).replace('<wp:positionV relativeFrom="paragraph">', '<wp:positionV relativeFrom="margin">');
    const doc = await layout(`<w:p>${FLUSH}${run(WORDS)}</w:p><w:p>${FLUSH}${picture}${run('Anchor')}</w:p>`);
    const { runs, image } = firstPage(doc);
    expect(image.y).toBeCloseTo(72, 1);
    const beside = runs.filter((r) => !r.text.startsWith('Anchor') && r.y - 10 < image.y + image.h);
    expect(beside.length).toBeGreaterThanOrEqual(5);
    for (const r of beside) expect(right(r)).toBeLessThanOrEqual(image.x + 0.5);
  });

  it('keeps out the lines a paragraph from the page before goes on with', async () => {
    // 20 lines of 30 pt fill page 1 down to 672 pt; the next paragraph's 20 pt lines go on at the top
    // of page 2, where the picture of the paragraph after them sits from the top of the body.
    const filler = `<w:p><w:pPr><w:spacing w:before="0" w:after="0" w:line="600" w:lineRule="exact"/></w:pPr>${run('Filler')}${'<w:r><w:br/></w:r>'.repeat(19)}</w:p>`;
    const lines20 = '<w:pPr><w:spacing w:before="0" w:after="0" w:line="400" w:lineRule="exact"/><w:widowControl w:val="0"/></w:pPr>';
    const picture = anchoredPicture('rIdImg', 150, 100, { x: 300, y: 0, wrap: 'square', distPt: 0 }).replace('<wp:positionV relativeFrom="paragraph">', '<wp:positionV relativeFrom="margin">');
    const doc = await layout(`${filler}<w:p>${lines20}${run(WORDS)}</w:p><w:p>${FLUSH}${picture}${run('Anchor')}</w:p>`);
    expect(doc.pages.length).toBe(2);
    const items = flatItems(doc.pages[1]!.items);
    const image = items.find((i): i is ImageItem => i.kind === 'image')!;
    expect(image.y).toBeCloseTo(72, 1);
    const beside = items.filter((i): i is GlyphRun => i.kind === 'glyphs' && !i.text.startsWith('Anchor') && i.y - 10 < image.y + image.h);
    expect(beside.length).toBeGreaterThanOrEqual(4);
    for (const r of beside) expect(right(r)).toBeLessThanOrEqual(image.x + 0.5);
  });

  it('leaves earlier lines in place when it is a fixed distance above its paragraph', async () => {
    // 40 pt above the anchor paragraph's top: it would move down with the paragraph.
    const picture = anchoredPicture('rIdImg', 150, 100, { x: 300, y: -40, wrap: 'square', distPt: 0 });
    const doc = await layout(`<w:p>${FLUSH}${run(WORDS)}</w:p><w:p>${FLUSH}${picture}${run('Anchor')}</w:p>`);
    const { runs, image } = firstPage(doc);
    const earlier = runs.filter((r) => !r.text.startsWith('Anchor') && r.y > image.y);
    expect(earlier.length).toBeGreaterThan(0);
    expect(Math.max(...earlier.map(right))).toBeGreaterThan(image.x + 20);
  });

  it('goes on with its paragraph when the lines it pushes down push that paragraph onto the next page', async () => {
    // 25 exact 20 pt lines fill the body from 72 to 572 pt; the anchor paragraph fits below them. Its
    // picture, 300 pt tall from 100 pt below the margin (172-472 pt), takes whole lines (top and
    // bottom): the filler's lines in that band go below it, and the anchor paragraph off the page.
    const filler = `<w:p><w:pPr><w:spacing w:before="0" w:after="0" w:line="400" w:lineRule="exact"/><w:widowControl w:val="0"/></w:pPr>${run('Filler')}${'<w:r><w:br/></w:r><w:r><w:t>Filler</w:t></w:r>'.repeat(24)}</w:p>`;
    const picture = anchoredPicture('rIdImg', 150, 300, { x: 0, y: 100, wrap: 'topAndBottom', distPt: 0 }).replace('<wp:positionV relativeFrom="paragraph">', '<wp:positionV relativeFrom="margin">');
    const { doc, codes } = await layoutDocx(makeDocx({ body: `${filler}<w:p>${FLUSH}${picture}${run('Anchor')}</w:p>`, media }), 'early-floats.docx', host);
    expect(codes).not.toContain('layout/floats-unstable');
    expect(doc.pages.length).toBe(2);
    expect(pageWithText(doc, 'Anchor')).toBe(1);
    // Page 1: the filler's 25 lines one under the other, with no picture and no hole where it was.
    const first = flatItems(doc.pages[0]!.items);
    expect(first.some((i) => i.kind === 'image')).toBe(false);
    const ys = first.filter((i): i is GlyphRun => i.kind === 'glyphs' && i.text.startsWith('Filler')).map((r) => r.y);
    expect(ys.length).toBe(25);
    for (let k = 1; k < ys.length; k++) expect(ys[k]! - ys[k - 1]!).toBeCloseTo(20, 1);
    // Page 2: the picture where it is placed from the margin, and its paragraph at the top of the body.
    const second = flatItems(doc.pages[1]!.items);
    const image = second.find((i): i is ImageItem => i.kind === 'image')!;
    expect(image.y).toBeCloseTo(172, 1);
    const anchor = second.find((i): i is GlyphRun => i.kind === 'glyphs' && i.text.startsWith('Anchor'))!;
    expect(anchor.y).toBeLessThan(image.y);
  });
});
