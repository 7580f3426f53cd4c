/**
 * Inline objects keep the room their drawing effects need (wp:effectExtent, §20.4.2.6): a picture
 * with a shadow or a frame effect takes its extent plus the effect extent in its line, and is drawn
 * inside that room, as Word and LibreOffice lay it out; a picture that would then be wider than the
 * line keeps its own size (LibreOffice's reference renders of pictures as wide as the text).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { ImageItem, LayoutDoc } from '../../engine/model';
import { makeBmp } from '../../engine/image/test-util';
import { createNodeHost } from '../../node/host';
import { layoutDocx, flatItems } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

/** A 72 × 36 pt inline picture with the given effect extent (EMU: 12700 per point). */
const picture = (effect: string) =>
  `<w:p><w:pPr><w:spacing w:before="0" w:after="0"/></w:pPr><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="914400" cy="457200"/>${effect}<wp:docPr id="1" name="Picture 1"/>` +
  '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">' +
  '<pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="p1"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rIdPic"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>' +
  '<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="914400" cy="457200"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>' +
  `</a:graphicData></a:graphic></wp:inline></w:drawing></w:r><w:r><w:t>after</w:t></w:r></w:p>`;

const BMP = makeBmp({ width: 2, height: 1, bpp: 24, bits: [0, 0, 255, 255, 0, 0, 0, 0] });

async function layout(effect: string): Promise<LayoutDoc> {
  const docx = makeDocx({ body: picture(effect) + para('next line'), media: { rIdPic: { name: 'image1.bmp', data: BMP } } });
  return (await layoutDocx(docx, 'effect.docx', host)).doc;
}

const image = (d: LayoutDoc) => flatItems(d.pages[0]!.items).find((i): i is ImageItem => i.kind === 'image')!;
const textAt = (d: LayoutDoc, s: string) => flatItems(d.pages[0]!.items).find((i) => i.kind === 'glyphs' && i.text.includes(s)) as { x: number; y: number } | undefined;

beforeAll(async () => {
  await initKernel();
});

describe('inline effect extent', () => {
  it('widens and heightens the picture\'s place in its line and draws the picture inside', async () => {
    const plain = await layout('<wp:effectExtent l="0" t="0" r="0" b="0"/>');
    // 6 pt left, 4 pt top, 8 pt right, 10 pt bottom.
    const framed = await layout('<wp:effectExtent l="76200" t="50800" r="101600" b="127000"/>');
    const a = image(plain);
    const b = image(framed);
    expect([b.w, b.h]).toEqual([a.w, a.h]);
    expect(b.x - a.x).toBeCloseTo(6, 5);
    // The text after the picture moves right by the left and right room together.
    expect(textAt(framed, 'after')!.x - textAt(plain, 'after')!.x).toBeCloseTo(14, 5);
    // The line grows by the top and bottom room: the next paragraph starts 14 pt lower, and the
    // picture sits 4 pt below the line's top plus what the growth moved the baseline.
    expect(textAt(framed, 'next')!.y - textAt(plain, 'next')!.y).toBeCloseTo(14, 5);
    expect(b.y - a.y).toBeCloseTo(4, 5);
  });

  it('reads negative sides as zero and bounds absurd ones', async () => {
    const plain = await layout('');
    const negative = await layout('<wp:effectExtent l="-500000" t="-1" r="0" b="-7"/>');
    expect(image(negative).x).toBeCloseTo(image(plain).x, 5);
    expect(image(negative).y).toBeCloseTo(image(plain).y, 5);
    expect(textAt(negative, 'next')!.y).toBeCloseTo(textAt(plain, 'next')!.y, 5);
    // 22 inches of room on the right cannot fit the line: the picture keeps its own size.
    const huge = await layout('<wp:effectExtent l="0" t="508000" r="99999999999999" b="0"/>');
    expect(huge.pages.length).toBe(1);
    expect(image(huge).y).toBeCloseTo(image(plain).y, 5);
    expect(textAt(huge, 'after')!.x).toBeCloseTo(textAt(plain, 'after')!.x, 5);
  });

  it('drops the room when the picture with its effects is wider than the line (a picture as wide as the text)', async () => {
    // The fixture's text is 468 pt wide; 72 pt + 200 pt + 200 pt does not fit.
    const plain = await layout('');
    const wide = await layout('<wp:effectExtent l="2540000" t="50800" r="2540000" b="127000"/>');
    expect(image(wide).x).toBeCloseTo(image(plain).x, 5);
    expect(textAt(wide, 'next')!.y).toBeCloseTo(textAt(plain, 'next')!.y, 5);
  });
});
