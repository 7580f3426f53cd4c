/**
 * Floats sized as a share of the page (wp14:sizeRelH / wp14:sizeRelV, [MS-ODRAWXML] 2.18.1.3-4; VML
 * mso-width-percent / mso-height-percent): Word lays the object out at the share of the area of the
 * page it lands on, not at its saved wp:extent. Before, the extent was drawn: oxsdk-Complex01's
 * landscape cover kept the portrait sizes its background rectangles were saved with (95% of the page
 * each way came out 581 x 752 pt on a 792 x 612 pt page).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, ImageItem, LayoutDoc, LayoutItem, PathItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para, type MakeDocxOptions } from '../helpers/make-docx';
import { TINY_PNG } from '../helpers/tiny-png';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const media = { rIdImg: { name: 'image1.png', data: TINY_PNG } };
const emu = (pt: number) => Math.round(pt * 12700);
/** US Letter portrait, margins 72 pt left, 144 pt right, 36 pt top, 108 pt bottom. */
const PORTRAIT = '<w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="720" w:right="2880" w:bottom="2160" w:left="1440" w:header="360" w:footer="360" w:gutter="0"/>';
/** The same page turned: 792 x 612 pt. */
const LANDSCAPE = '<w:pgSz w:w="15840" w:h="12240" w:orient="landscape"/><w:pgMar w:top="720" w:right="2880" w:bottom="2160" w:left="1440" w:header="360" w:footer="360" w:gutter="0"/>';
/** The extent every fixture saves: what Word would have written for another page. */
const SAVED = { w: 100, h: 50 };

interface Rel {
  readonly width?: readonly [from: string, pct: number];
  readonly height?: readonly [from: string, pct: number];
}

function relElements(rel: Rel): string {
  const h = rel.width ? `<wp14:sizeRelH relativeFrom="${rel.width[0]}"><wp14:pctWidth>${rel.width[1]}</wp14:pctWidth></wp14:sizeRelH>` : '';
  const v = rel.height ? `<wp14:sizeRelV relativeFrom="${rel.height[0]}"><wp14:pctHeight>${rel.height[1]}</wp14:pctHeight></wp14:sizeRelV>` : '';
  return h + v;
}

/** The position Word writes: wp14:pctPos*Offset in mc:AlternateContent with the offset in EMU as its fallback. */
function pctPosition(axis: 'H' | 'V', from: string, pct: number, fallbackPt: number): string {
  const el = axis === 'H' ? 'positionH' : 'positionV';
  return (
    `<mc:AlternateContent><mc:Choice Requires="wp14"><wp:${el} relativeFrom="${from}"><wp14:pctPos${axis}Offset>${pct}</wp14:pctPos${axis}Offset></wp:${el}></mc:Choice>` +
    `<mc:Fallback><wp:${el} relativeFrom="${from}"><wp:posOffset>${emu(fallbackPt)}</wp:posOffset></wp:${el}></mc:Fallback></mc:AlternateContent>`
  );
}

const AT_PAGE_ORIGIN = '<wp:positionH relativeFrom="page"><wp:posOffset>0</wp:posOffset></wp:positionH><wp:positionV relativeFrom="page"><wp:posOffset>0</wp:posOffset></wp:positionV>';

function anchorOpen(position: string): string {
  return (
    '<w:r><w:drawing><wp:anchor distT="0" distB="0" distL="0" distR="0" simplePos="0" relativeHeight="1" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">' +
    `<wp:simplePos x="0" y="0"/>${position}<wp:extent cx="${emu(SAVED.w)}" cy="${emu(SAVED.h)}"/><wp:effectExtent l="0" t="0" r="0" b="0"/><wp:wrapNone/>`
  );
}

/** A picture saved SAVED.w x SAVED.h with the given relative size, at the page's top-left corner unless placed. */
function picture(rel: Rel, position = AT_PAGE_ORIGIN): string {
  return (
    anchorOpen(position) +
    '<wp:docPr id="1" name="Picture 1"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>' +
    '<pic:nvPicPr><pic:cNvPr id="1" name="p1.png"/><pic:cNvPicPr/></pic:nvPicPr>' +
    '<pic:blipFill><a:blip r:embed="rIdImg"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>' +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${emu(SAVED.w)}" cy="${emu(SAVED.h)}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
    `</pic:pic></a:graphicData></a:graphic>${relElements(rel)}</wp:anchor></w:drawing></w:r>`
  );
}

/** A filled rectangle text box (wps:wsp) saved SAVED.w x SAVED.h holding `text`, without insets. */
function textBox(rel: Rel, text: string, autoFit = false): string {
  return (
    anchorOpen(AT_PAGE_ORIGIN) +
    '<wp:docPr id="2" name="Text Box 2"/><a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:cNvSpPr txBox="1"/>' +
    `<wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${emu(SAVED.w)}" cy="${emu(SAVED.h)}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:solidFill><a:srgbClr val="FF0000"/></a:solidFill></wps:spPr>` +
    `<wps:txbx><w:txbxContent>${para(text)}</w:txbxContent></wps:txbx>` +
    `<wps:bodyPr lIns="0" tIns="0" rIns="0" bIns="0" wrap="square">${autoFit ? '<a:spAutoFit/>' : '<a:noAutofit/>'}</wps:bodyPr>` +
    `</wps:wsp></a:graphicData></a:graphic>${relElements(rel)}</wp:anchor></w:drawing></w:r>`
  );
}

const PAGE_BREAK = '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';

async function layout(body: string, extra: MakeDocxOptions = {}): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body, media, ...extra }), 'relative-size-float.docx', host)).doc;
}

function images(doc: LayoutDoc, page = 0): ImageItem[] {
  return flatItems(doc.pages[page]!.items).filter((i): i is ImageItem => i.kind === 'image');
}

function imageOn(doc: LayoutDoc, page = 0): ImageItem {
  const img = images(doc, page)[0];
  if (!img) throw new Error(`no picture on page ${page + 1}`);
  return img;
}

/** The bounding box of a path's points. */
function bounds(p: PathItem): { x0: number; y0: number; x1: number; y1: number } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const c of p.commands) if (c.op !== 'Z') xs.push(c.x), ys.push(c.y);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

function filledPath(items: readonly LayoutItem[]): PathItem {
  const p = flatItems(items).find((i): i is PathItem => i.kind === 'path' && i.fill === 'FF0000');
  if (!p) throw new Error('no red path');
  return p;
}

beforeAll(async () => {
  await initKernel();
});

describe('a picture sized as a share of the page (wp14:sizeRelH / sizeRelV)', () => {
  it('takes the share of each section\'s page, not its saved extent', async () => {
    const pic = picture({ width: ['page', 50000], height: ['page', 25000] });
    const body = `<w:p>${pic}</w:p><w:p><w:pPr><w:sectPr>${PORTRAIT}</w:sectPr></w:pPr></w:p><w:p>${pic}</w:p><w:sectPr>${LANDSCAPE}</w:sectPr>`;
    const doc = await layout(body);
    const portrait = imageOn(doc, 0);
    expect(portrait.w).toBeCloseTo(306, 2);
    expect(portrait.h).toBeCloseTo(198, 2);
    const landscape = imageOn(doc, 1);
    expect(landscape.w).toBeCloseTo(396, 2);
    expect(landscape.h).toBeCloseTo(153, 2);
  });

  it('measures a share of the margin area, and of the left, right, top and bottom margins', async () => {
    const cases: Array<[Rel, number, number]> = [
      // Text area 612 - 72 - 144 = 396 wide, 792 - 36 - 108 = 648 high.
      [{ width: ['margin', 50000], height: ['margin', 10000] }, 198, 64.8],
      [{ width: ['leftMargin', 100000], height: ['topMargin', 100000] }, 72, 36],
      [{ width: ['rightMargin', 50000], height: ['bottomMargin', 50000] }, 72, 54],
    ];
    for (const [rel, w, h] of cases) {
      const img = imageOn(await layout(`<w:p>${picture(rel)}</w:p><w:sectPr>${PORTRAIT}</w:sectPr>`));
      expect(img.w, JSON.stringify(rel)).toBeCloseTo(w, 2);
      expect(img.h, JSON.stringify(rel)).toBeCloseTo(h, 2);
    }
  });

  it('takes the inside and outside margins of odd and even pages', async () => {
    // The inside margin is the left (72) and top (36) one on odd pages, the right (144) and bottom (108) one on even pages.
    const inside = picture({ width: ['insideMargin', 50000], height: ['insideMargin', 50000] });
    const outside = picture({ width: ['outsideMargin', 50000], height: ['outsideMargin', 50000] });
    for (const [pic, odd, even] of [
      [inside, [36, 18], [72, 54]],
      [outside, [72, 54], [36, 18]],
    ] as const) {
      const doc = await layout(`<w:p>${pic}</w:p>${PAGE_BREAK}<w:p>${pic}</w:p><w:sectPr>${PORTRAIT}</w:sectPr>`);
      expect([imageOn(doc, 0).w, imageOn(doc, 0).h]).toEqual(odd);
      expect([imageOn(doc, 1).w, imageOn(doc, 1).h]).toEqual(even);
    }
  });

  it('is placed from the inside and outside margins of odd and even pages', async () => {
    const from = (h: string, v: string) => `<wp:positionH relativeFrom="${h}"><wp:posOffset>0</wp:posOffset></wp:positionH><wp:positionV relativeFrom="${v}"><wp:posOffset>0</wp:posOffset></wp:positionV>`;
    for (const [margin, odd, even] of [
      // Odd pages: the inside margin is the left and top one; even pages: the right (from 468) and bottom (from 684) one.
      ['insideMargin', [0, 0], [468, 684]],
      ['outsideMargin', [468, 684], [0, 0]],
    ] as const) {
      const pic = picture({}, from(margin, margin));
      const doc = await layout(`<w:p>${pic}</w:p>${PAGE_BREAK}<w:p>${pic}</w:p><w:sectPr>${PORTRAIT}</w:sectPr>`);
      expect([imageOn(doc, 0).x, imageOn(doc, 0).y], margin).toEqual(odd);
      expect([imageOn(doc, 1).x, imageOn(doc, 1).y], margin).toEqual(even);
    }
  });

  it('keeps the saved extent for a share of 0 and along an axis without one', async () => {
    const zero = imageOn(await layout(`<w:p>${picture({ width: ['page', 0], height: ['margin', 0] })}</w:p><w:sectPr>${PORTRAIT}</w:sectPr>`));
    expect([zero.w, zero.h]).toEqual([SAVED.w, SAVED.h]);
    const widthOnly = imageOn(await layout(`<w:p>${picture({ width: ['page', 10000] })}</w:p><w:sectPr>${PORTRAIT}</w:sectPr>`));
    expect(widthOnly.w).toBeCloseTo(61.2, 2);
    expect(widthOnly.h).toBe(SAVED.h);
  });

  it('is placed at its new size: centred on the page, and at a share of the page (wp14:pctPosHOffset / pctPosVOffset)', async () => {
    const centred = '<wp:positionH relativeFrom="page"><wp:align>center</wp:align></wp:positionH><wp:positionV relativeFrom="page"><wp:align>center</wp:align></wp:positionV>';
    const img = imageOn(await layout(`<w:p>${picture({ width: ['page', 95000], height: ['page', 95000] }, centred)}</w:p><w:sectPr>${LANDSCAPE}</w:sectPr>`));
    expect(img.x).toBeCloseTo(792 * 0.025, 2);
    expect(img.y).toBeCloseTo(612 * 0.025, 2);
    expect(img.w).toBeCloseTo(792 * 0.95, 2);
    // The percentage wins over the fallback offset Word saves beside it.
    const placed = pctPosition('H', 'page', 45500, 1) + pctPosition('V', 'margin', 10000, 1);
    const at = imageOn(await layout(`<w:p>${picture({ width: ['page', 40000] }, placed)}</w:p><w:sectPr>${LANDSCAPE}</w:sectPr>`));
    expect(at.x).toBeCloseTo(792 * 0.455, 2);
    expect(at.y).toBeCloseTo(36 + (612 - 36 - 108) * 0.1, 2);
    expect(at.w).toBeCloseTo(792 * 0.4, 2);
  });
});

describe('a header shape sized as a share of the page', () => {
  it('is as wide as each section\'s page', async () => {
    const header = `<w:p>${picture({ width: ['page', 100000] })}</w:p>`;
    const sect = (size: string) => `<w:headerReference w:type="default" r:id="rIdH1"/>${size}`;
    const body = `${para('Portrait')}<w:p><w:pPr><w:sectPr>${sect(PORTRAIT)}</w:sectPr></w:pPr></w:p>${para('Landscape')}<w:sectPr>${sect(LANDSCAPE)}</w:sectPr>`;
    const doc = await layout(body, { headers: { rIdH1: header }, partRels: { 'word/header1.xml': [{ id: 'rIdImg', type: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image', target: 'media/image1.png' }] } });
    expect(imageOn(doc, 0).w).toBeCloseTo(612, 2);
    expect(imageOn(doc, 1).w).toBeCloseTo(792, 2);
  });
});

describe('a text box sized as a share of the page', () => {
  const WORDS = 'one two three four five six seven eight nine ten eleven twelve';

  it('draws its shape at the new size and lays its text out again in the new width', async () => {
    const narrow = await layout(`<w:p>${textBox({}, WORDS)}</w:p><w:sectPr>${PORTRAIT}</w:sectPr>`);
    const wide = await layout(`<w:p>${textBox({ width: ['page', 80000], height: ['page', 20000] }, WORDS)}</w:p><w:sectPr>${PORTRAIT}</w:sectPr>`);
    const box = bounds(filledPath(wide.pages[0]!.items));
    expect(box.x1 - box.x0).toBeCloseTo(612 * 0.8, 2);
    expect(box.y1 - box.y0).toBeCloseTo(792 * 0.2, 2);
    const lines = (doc: LayoutDoc) => new Set(flatItems(doc.pages[0]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs' && i.text.trim() !== '').map((r) => Math.round(r.y))).size;
    expect(lines(narrow)).toBeGreaterThan(1);
    expect(lines(wide)).toBe(1);
  });

  it('keeps its saved height when it grows to fit its text (a:spAutoFit), its width still the share', async () => {
    const doc = await layout(`<w:p>${textBox({ width: ['page', 80000], height: ['page', 20000] }, 'Short', true)}</w:p><w:sectPr>${PORTRAIT}</w:sectPr>`);
    const box = bounds(filledPath(doc.pages[0]!.items));
    expect(box.x1 - box.x0).toBeCloseTo(612 * 0.8, 2);
    expect(box.y1 - box.y0).toBeCloseTo(SAVED.h, 2);
  });
});

describe('a VML shape sized as a share of the page (mso-width-percent / mso-height-percent)', () => {
  function vmlPicture(style: string): string {
    const base = `position:absolute;margin-left:0;margin-top:0;width:${SAVED.w}pt;height:${SAVED.h}pt;mso-position-horizontal-relative:page;mso-position-vertical-relative:page`;
    return `<w:r><w:pict><v:shape style="${base};${style}"><v:imagedata r:id="rIdImg"/><w10:wrap type="none"/></v:shape></w:pict></w:r>`;
  }

  it('takes tenths of a percent of the area mso-width-relative / mso-height-relative name', async () => {
    const img = imageOn(await layout(`<w:p>${vmlPicture('mso-width-percent:500;mso-height-percent:100;mso-width-relative:margin;mso-height-relative:page')}</w:p><w:sectPr>${PORTRAIT}</w:sectPr>`));
    expect(img.w).toBeCloseTo(198, 2);
    expect(img.h).toBeCloseTo(79.2, 2);
  });

  it('keeps width and height for a percentage of 0, and is placed by mso-left-percent / mso-top-percent', async () => {
    const zero = imageOn(await layout(`<w:p>${vmlPicture('mso-width-percent:0;mso-height-percent:0;mso-width-relative:page;mso-height-relative:page')}</w:p><w:sectPr>${PORTRAIT}</w:sectPr>`));
    expect([zero.w, zero.h]).toEqual([SAVED.w, SAVED.h]);
    const placed = imageOn(await layout(`<w:p>${vmlPicture('mso-left-percent:250;mso-top-percent:-10001')}</w:p><w:sectPr>${PORTRAIT}</w:sectPr>`));
    expect(placed.x).toBeCloseTo(153, 2);
    expect(placed.y).toBeCloseTo(0, 2);
  });
});
