/**
 * Floats are drawn in their stacking order (wp:anchor/@relativeHeight, §20.4.2.3; a VML shape's
 * z-index), not in document order.
 *
 * aspose-Corrupted_footnotes' footer lists a white "SAC 1052" text box before the red rectangle it
 * sits on; the rectangle's relativeHeight is lower, so Word (and LibreOffice) show the text on it. We
 * drew the rectangle last, over the text. oxsdk-Complex01's cover-page group lists a white panel
 * after the abstract box it frames, and hid the abstract the same way.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { ImageItem, LayoutDoc, PathItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, run } from '../helpers/make-docx';
import { anchoredPicture, TINY_PNG } from '../helpers/tiny-png';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const media = { rIdImg: { name: 'image1.png', data: TINY_PNG } };

/** A floating picture at `x` pt with its own relativeHeight. */
function picture(x: number, z: number, id: number): string {
  return anchoredPicture('rIdImg', 100, 100, { x, y: 0, wrap: 'none' }, id).replace('relativeHeight="1"', `relativeHeight="${z}"`);
}

/** A filled VML rectangle at `x` pt with its z-index. */
function vmlRect(x: number, z: number, colour: string): string {
  return `<w:r><w:pict><v:rect style="position:absolute;margin-left:${x}pt;margin-top:0;width:100pt;height:100pt;z-index:${z}" fillcolor="#${colour}" stroked="f"/></w:pict></w:r>`;
}

async function layout(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body, media }), 'float-stacking.docx', host)).doc;
}

beforeAll(async () => {
  await initKernel();
});

describe('floats on one page', () => {
  it('are drawn lowest relativeHeight first, whatever their order in the document', async () => {
    const doc = await layout(`<w:p>${picture(0, 300, 1)}${picture(20, 100, 2)}${picture(40, 200, 3)}${run('Text')}</w:p>`);
    const xs = flatItems(doc.pages[0]!.items).filter((it): it is ImageItem => it.kind === 'image').map((it) => Math.round(it.x - 72));
    expect(xs).toEqual([20, 40, 0]);
  });

  it('keep document order at equal heights', async () => {
    const doc = await layout(`<w:p>${picture(0, 5, 1)}${picture(20, 5, 2)}${run('Text')}</w:p>`);
    const xs = flatItems(doc.pages[0]!.items).filter((it): it is ImageItem => it.kind === 'image').map((it) => Math.round(it.x - 72));
    expect(xs).toEqual([0, 20]);
  });

  it('follow a VML z-index with its sign: the less negative of two shapes behind the text is over the other', async () => {
    const doc = await layout(`<w:p>${vmlRect(0, -10, 'FF0000')}${vmlRect(20, -20, '0000FF')}${run('Text')}</w:p>`);
    const fills = flatItems(doc.pages[0]!.items).filter((it): it is PathItem => it.kind === 'path' && it.fill !== undefined).map((it) => it.fill);
    expect(fills).toEqual(['0000FF', 'FF0000']);
  });
});
