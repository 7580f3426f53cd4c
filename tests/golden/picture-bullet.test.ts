/**
 * Picture bullets (w:lvlPicBulletId → w:numPicBullet, §17.9.20): a bullet level that names a
 * picture shows that picture where the bullet character would stand, as tall as the label's font
 * size and in the drawing's proportions, and the text goes on at the level's tab. Before, the level's font character was drawn instead
 * (oxsdk-Hyperlink_-_internal: a Wingdings square where Word and LibreOffice draw the document's
 * 5.25 × 8.25 pt arrow GIF).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import { bodyParagraphs } from '../../engine/docx/test-util';
import { parseDocx } from '../../engine/docx';
import type { GlyphRun, ImageItem, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';
import { TINY_PNG } from '../helpers/tiny-png';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';

const VML = '<w:pict><v:shape style="width:5.25pt;height:8.25pt" o:bullet="t"><v:imagedata r:id="rIdBullet" o:title="arrow"/></v:shape></w:pict>';
const DRAWING =
  '<w:drawing><wp:inline><wp:extent cx="127000" cy="152400"/><wp:docPr id="1" name="b"/><a:graphic>' +
  '<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:blipFill><a:blip r:embed="rIdBullet"/></pic:blipFill>' +
  '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing>';
/** A picture bullet whose shape names no image (poi-bug59058 has such): the level's character stands. */
const EMPTY = '<w:pict><v:shape style="width:3in;height:3in" o:bullet="t"/></w:pict>';

const level = (picId: string) =>
  `<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="\uF0A7"/><w:lvlPicBulletId w:val="${picId}"/>` +
  '<w:lvlJc w:val="left"/><w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr><w:rPr><w:rFonts w:ascii="Wingdings" w:hAnsi="Wingdings"/><w:sz w:val="20"/></w:rPr></w:lvl>';
const NUMBERING =
  `<w:numPicBullet w:numPicBulletId="0">${VML}</w:numPicBullet><w:numPicBullet w:numPicBulletId="1">${DRAWING}</w:numPicBullet>` +
  `<w:numPicBullet w:numPicBulletId="2">${EMPTY}</w:numPicBullet>` +
  [0, 1, 2].map((k) => `<w:abstractNum w:abstractNumId="${k}">${level(String(k))}</w:abstractNum>`).join('') +
  [0, 1, 2].map((k) => `<w:num w:numId="${k + 1}"><w:abstractNumId w:val="${k}"/></w:num>`).join('');

const item = (text: string, numId: number) => para(text, `<w:numPr><w:ilvl w:val="0"/><w:numId w:val="${numId}"/></w:numPr>`);
const BODY = item('Vector', 1) + item('Drawing', 2) + item('Nothing', 3);

function docx(): Uint8Array {
  return makeDocx({
    body: BODY,
    numbering: NUMBERING,
    media: { rIdDoc: { name: 'bullet.png', data: TINY_PNG } },
    partRels: { 'word/numbering.xml': [{ id: 'rIdBullet', type: REL, target: 'media/bullet.png' }] },
  });
}

describe('picture bullets (w:numPicBullet)', () => {
  beforeAll(async () => {
    await initKernel();
  });

  it('reads the picture a bullet level names, from numbering.xml\'s relationships, as tall as the 10 pt label in its proportions', () => {
    const parsed = parseDocx(docx(), {}, host);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const ps = bodyParagraphs(parsed.value);
    const pics = ps.map((p) => p.props.list?.picture);
    expect(pics[0]).toMatchObject({ kind: 'image', media: 'word/media/bullet.png', heightPt: 10 });
    expect(pics[0]!.widthPt).toBeCloseTo((5.25 * 10) / 8.25, 9);
    expect(pics[1]).toMatchObject({ kind: 'image', media: 'word/media/bullet.png', heightPt: 10 });
    expect(pics[1]!.widthPt).toBeCloseTo((10 * 10) / 12, 9);
    expect(pics[2]).toBeUndefined();
    // The label text stays for where only text goes (tables of contents, cross-references).
    expect(ps[0]!.props.list?.text).toBe('\uF0A7');
  });

  it('draws the picture at the number position, its bottom on the baseline, and no bullet glyph', async () => {
    const doc: LayoutDoc = (await layoutDocx(docx(), 'picture-bullet.docx', host)).doc;
    const items = flatItems(doc.pages[0]!.items);
    const images = items.filter((i): i is ImageItem => i.kind === 'image');
    const runs = items.filter((i): i is GlyphRun => i.kind === 'glyphs');
    expect(images.map((i) => [i.x, i.h])).toEqual([[90, 10], [90, 10]]);
    const vector = runs.find((r) => r.text.includes('Vector'))!;
    // The text starts at the hanging indent's tab (1 in + 0.5 in), the picture sits on its baseline.
    expect(vector.x).toBeCloseTo(108, 3);
    expect(images[0]!.y + images[0]!.h).toBeCloseTo(vector.y, 1);
    // Only the paragraph whose picture has no image draws the level's character (Wingdings' small square).
    expect(runs.map((r) => r.text)).toEqual(['Vector', 'Drawing', '\u25AA', 'Nothing']);
  });
});
