/**
 * A line that holds only inline pictures: at single spacing the paragraph mark's descent stays under
 * the picture, but with a line-spacing multiple the multiple's extra takes the descent's place, as
 * Word lays out a picture alone in a 1.15-spaced paragraph (its height plus 2.0-2.1 pt in Calibri 11,
 * not plus the descent as well). Text beside a picture keeps its descent and gets the extra below it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, ImageItem, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para, run } from '../helpers/make-docx';
import { inlinePicture, TINY_PNG } from '../helpers/tiny-png';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const spacing = (line: number) => `<w:pPr><w:spacing w:before="0" w:after="0" w:line="${line}" w:lineRule="auto"/></w:pPr>`;
const single = '<w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/>';

/** A 72 pt picture paragraph (alone, or with text before it) at `line` 240ths, then two single lines. */
async function layout(line: number, beside = ''): Promise<LayoutDoc> {
  const body = `<w:p>${spacing(line)}${beside ? run(beside) : ''}${inlinePicture('rIdImg', 144, 72)}</w:p>` + para('next', single) + para('third', single);
  const docx = makeDocx({ body, media: { rIdImg: { name: 'image1.png', data: TINY_PNG } } });
  return (await layoutDocx(docx, 'picture-line.docx', host)).doc;
}

const items = (d: LayoutDoc) => flatItems(d.pages[0]!.items);
const image = (d: LayoutDoc) => items(d).find((i): i is ImageItem => i.kind === 'image')!;
const textY = (d: LayoutDoc, s: string) => items(d).find((i): i is GlyphRun => i.kind === 'glyphs' && i.text.includes(s))!.y;
/** From the picture's bottom to the next paragraph's baseline. */
const below = (d: LayoutDoc) => textY(d, 'next') - (image(d).y + image(d).h);

beforeAll(async () => {
  await initKernel();
});

describe('a line of pictures only', () => {
  it('keeps the mark\'s descent under the picture at single spacing', async () => {
    const doc = await layout(240);
    // From the picture's bottom (the baseline) to the next baseline is one single line: the descent
    // under the picture, then the next line's leading and ascent.
    expect(below(doc)).toBeCloseTo(textY(doc, 'third') - textY(doc, 'next'), 5);
  });

  it('puts the multiple\'s extra under the picture in place of the descent', async () => {
    const singleDoc = await layout(240);
    const multiple = await layout(276);
    const lineHeight = textY(singleDoc, 'third') - textY(singleDoc, 'next');
    // The next line's leading and ascent: its baseline below the top margin, where the picture starts.
    const top = await layoutDocx(makeDocx({ body: para('next', single) }), 'top.docx', host);
    const ascent = textY(top.doc, 'next') - image(singleDoc).y;
    const extra = 0.15 * lineHeight;
    // The descent is there to lose (a line's height minus its leading and ascent).
    expect(lineHeight - ascent).toBeGreaterThan(1);
    expect(below(multiple)).toBeCloseTo(extra + ascent, 5);
  });

  it('keeps the descent under a picture with text beside it and adds the extra below', async () => {
    const singleDoc = await layout(240);
    const beside = await layout(276, 'Text ');
    const lineHeight = textY(singleDoc, 'third') - textY(singleDoc, 'next');
    expect(below(beside)).toBeCloseTo(lineHeight + 0.15 * lineHeight, 5);
  });
});
