/**
 * Glow and reflection of shapes and pictures (a:effectLst's a:glow, ECMA-376 Part 1 §20.1.8.32, and
 * a:reflection, §20.1.8.50), once read as nothing: drawn under the object, the glow as its colour
 * through a soft mask of the object's silhouette grown by half the radius and blurred over the other
 * half, the reflection as its paths and picture mirrored below it in bands of the fade; a soft edge
 * (a:softEdge, §20.1.8.53) as the object through a mask of its silhouette shrunk and blurred alike.
 * A reflection's blur is not drawn, and says so.
 */
import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertDocxToPdf } from '../../engine/convert';
import { makeBmp } from '../../engine/image/test-util';
import { dumpLayout, initKernel } from '../../engine/layout';
import type { GroupItem, ImageItem, LayoutItem, PathItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { layoutDocx } from '../helpers/layout-docx';
import { makeDocx, OFFICE_THEME } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const EMU = 12700;

/** An 8 pt glow in accent 2 at 50 %. */
const GLOW = '<a:glow rad="101600"><a:schemeClr val="accent2"><a:alpha val="50000"/></a:schemeClr></a:glow>';
/** Mirrored 2 pt below the object's bottom, 50 % fading to nothing at 60 % of its height; blurred 0.5 pt. */
const REFLECTION = '<a:reflection blurRad="6350" stA="50000" endPos="60000" dist="25400" dir="5400000" sy="-100000" algn="bl" rotWithShape="0"/>';

/** A floating 200 × 100 pt rectangle at (100, 100) pt on the page: blue, a 2 pt black line, then `effects`. */
function wsp(effects: string): string {
  const ext = `cx="${200 * EMU}" cy="${100 * EMU}"`;
  return '<w:p><w:r><w:drawing><wp:anchor distT="0" distB="0" distL="0" distR="0" simplePos="0" relativeHeight="1" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">' +
    `<wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="page"><wp:posOffset>${100 * EMU}</wp:posOffset></wp:positionH><wp:positionV relativeFrom="page"><wp:posOffset>${100 * EMU}</wp:posOffset></wp:positionV>` +
    `<wp:extent ${ext}/><wp:wrapNone/><wp:docPr id="1" name="S"/><a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:cNvSpPr/>` +
    `<wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext ${ext}/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:solidFill><a:srgbClr val="4472C4"/></a:solidFill>` +
    `<a:ln w="${2 * EMU}"><a:solidFill><a:srgbClr val="000000"/></a:solidFill></a:ln><a:effectLst>${effects}</a:effectLst></wps:spPr>` +
    '<wps:bodyPr/></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r></w:p>';
}

/** A 72 × 36 pt inline picture with `effects`, optionally turned (a:xfrm attributes). */
const picture = (effects: string, xfrm = '') =>
  '<w:p><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="914400" cy="457200"/><wp:docPr id="2" name="Picture 2"/>' +
  '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">' +
  '<pic:pic><pic:nvPicPr><pic:cNvPr id="2" name="p2"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rIdPic"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>' +
  `<pic:spPr><a:xfrm${xfrm}><a:off x="0" y="0"/><a:ext cx="914400" cy="457200"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:effectLst>${effects}</a:effectLst></pic:spPr></pic:pic>` +
  '</a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>';

const BMP = makeBmp({ width: 2, height: 1, bpp: 24, bits: [0, 0, 255, 255, 0, 0, 0, 0] });
const docx = (body: string) => makeDocx({ body, theme: OFFICE_THEME, media: { rIdPic: { name: 'image1.bmp', data: BMP } } });

beforeAll(async () => {
  await initKernel();
});

/** The points of a path's commands. */
const points = (p: PathItem) => p.commands.flatMap((c) => (c.op === 'Z' ? [] : [[c.x, c.y] as const]));
/** Over each band's own stretch, the opacity of it and the nested bands reaching past it. */
const stacked = (layers: readonly number[]) => layers.map((_, k) => 1 - layers.slice(k).reduce((t, a) => t * (1 - a), 1));
const bandsOf = (items: readonly LayoutItem[]) => items.filter((i): i is GroupItem => i.kind === 'group' && i.clip !== undefined);
const maskedOf = (items: readonly LayoutItem[]) => items.filter((i): i is GroupItem => i.kind === 'group' && i.softMask !== undefined);
/** The box [x0, y0, x1, y1] of commands' points. */
const extent = (commands: PathItem['commands']) => {
  const pts = commands.flatMap((c) => (c.op === 'Z' ? [] : [[c.x, c.y] as const]));
  return [Math.min(...pts.map((p) => p[0])), Math.min(...pts.map((p) => p[1])), Math.max(...pts.map((p) => p[0])), Math.max(...pts.map((p) => p[1]))];
};

describe('shape glow and reflection', () => {
  it('draws the reflection, then the glow, then the shape: mirrored below it, fading band by band', async () => {
    const { doc, codes } = await layoutDocx(docx(wsp(GLOW + REFLECTION)), 'fx.docx', host);
    const items = doc.pages[0]!.items;
    const bands = bandsOf(items);
    const [glow] = maskedOf(items);
    const shape = items.find((i): i is PathItem => i.kind === 'path' && i.fill === '4472C4' && i.fillOpacity === undefined)!;
    expect(items.indexOf(bands.at(-1)!)).toBeLessThan(items.indexOf(glow!));
    expect(items.indexOf(glow!)).toBeLessThan(items.indexOf(shape));
    // Glow: accent 2 at 50 % through the shape's silhouette (its fill and its 2 pt line) grown by half
    // the 8 pt radius and blurred over the other half (sigma 2 pt), so it fades out about 8 pt beyond.
    const mask = glow!.softMask!;
    expect([mask.growPt, mask.sigmaPt]).toEqual([4, 2]);
    expect(mask.shapes).toEqual([{ commands: shape.commands, fill: true, lineWidth: 2 }]);
    expect(glow!.items).toHaveLength(1);
    expect(glow!.items[0]).toMatchObject({ kind: 'path', fill: 'ED7D31', fillOpacity: 0.5 });
    // The mask's box: the shape and half its line, grown by 4 pt and three sigmas.
    expect([mask.grid.x, mask.grid.y, mask.grid.x + mask.grid.w, mask.grid.y + mask.grid.h]).toEqual([89, 89, 311, 211]);
    expect(dumpLayout(doc)).toContain(`group mask(1 shapes grow 4 sigma 2 89,89 222×122 ${mask.grid.cols}×${mask.grid.rows} px)`);
    // Reflection: the rectangle mirrored about its bottom (y 200) and moved 2 pt down: y 202 to 302.
    const copy = bands[0]!.items[0] as PathItem;
    const ys = points(copy).map(([, y]) => y);
    expect(Math.min(...ys)).toBeCloseTo(202, 3);
    expect(Math.max(...ys)).toBeCloseTo(302, 3);
    expect(copy).toMatchObject({ fill: '4472C4', stroke: '000000' });
    // Nested bands from y 202 down, the longest ending at 60 % of the height (the rest is transparent),
    // stacking to a fade from under 50 % down.
    expect(bands.every((b) => Math.abs(b.clip!.y - 202) < 1e-3)).toBe(true);
    const last = bands.at(-1)!.clip!;
    expect(last.y + last.h).toBeCloseTo(262, 3);
    const fade = stacked(bands.map((b) => (b.items[0] as PathItem).fillOpacity!));
    expect(fade[0]).toBeLessThan(0.5);
    expect(fade[0]).toBeGreaterThan(0.45);
    for (let k = 1; k < fade.length; k++) expect(fade[k]).toBeLessThan(fade[k - 1]!);
    expect(bands.every((b) => (b.items[0] as PathItem).strokeOpacity === (b.items[0] as PathItem).fillOpacity)).toBe(true);
    // What is not drawn says so: the reflection's blur.
    expect(codes.filter((c) => c === 'docx/unsupported-effect')).toHaveLength(1);
  });

  it('draws a soft edge as the shape through a mask of its silhouette shrunk by half the radius and blurred over the other half', async () => {
    const { doc, codes } = await layoutDocx(docx(wsp('<a:softEdge rad="101600"/>')), 'fx.docx', host);
    const [soft] = maskedOf(doc.pages[0]!.items);
    const shape = soft!.items[0] as PathItem;
    expect(soft!.items).toHaveLength(1);
    expect(shape).toMatchObject({ fill: '4472C4', stroke: '000000', lineWidth: 2 });
    expect(extent(shape.commands)).toEqual([100, 100, 300, 200]);
    const mask = soft!.softMask!;
    expect([mask.growPt, mask.sigmaPt]).toEqual([-4, 2]);
    expect(mask.shapes).toEqual([{ commands: shape.commands, fill: true, lineWidth: 2 }]);
    expect(codes).not.toContain('docx/unsupported-effect');
  });

  it('draws a shape without effects as before: its path alone', async () => {
    const { doc } = await layoutDocx(docx(wsp('')), 'fx.docx', host);
    expect(doc.pages[0]!.items.filter((i) => i.kind === 'path' || i.kind === 'group')).toHaveLength(1);
  });
});

describe('picture glow and reflection', () => {
  it('mirrors the picture below itself as translucent flipped copies and rings its box with the glow', async () => {
    const { doc } = await layoutDocx(docx(picture(GLOW + REFLECTION)), 'fx.docx', host);
    const items = doc.pages[0]!.items;
    const img = items.find((i): i is ImageItem => i.kind === 'image')!;
    const bands = bandsOf(items);
    const copies = bands.map((b) => b.items[0] as ImageItem);
    expect(copies.length).toBeGreaterThan(3);
    for (const c of copies) {
      expect(c).toMatchObject({ kind: 'image', image: img.image, flipV: true, w: img.w, h: img.h });
      expect(c.x).toBeCloseTo(img.x, 3);
      expect(c.y).toBeCloseTo(img.y + img.h + 2, 3);
    }
    // Strips across the fade, down from the copy's top.
    expect(bands[0]!.clip!.y).toBeCloseTo(img.y + img.h + 2, 3);
    expect(bands[0]!.clip!.w).toBeGreaterThan(img.w);
    const fade = stacked(copies.map((c) => c.opacity!));
    for (let k = 1; k < fade.length; k++) expect(fade[k]).toBeLessThan(fade[k - 1]!);
    const [glow] = maskedOf(items);
    expect(glow!.softMask).toMatchObject({ growPt: 4, sigmaPt: 2 });
    expect(extent(glow!.softMask!.shapes[0]!.commands)).toEqual([img.x, img.y, img.x + img.w, img.y + img.h]);
    expect(items.indexOf(glow!)).toBeLessThan(items.indexOf(img));
  });

  it('draws a soft-edged picture through a mask of its box, faded over the radius inside its edge', async () => {
    const { doc } = await layoutDocx(docx(picture('<a:softEdge rad="50800"/>')), 'fx.docx', host);
    const [soft] = maskedOf(doc.pages[0]!.items);
    const img = soft!.items[0] as ImageItem;
    expect(soft!.items).toHaveLength(1);
    expect(img).toMatchObject({ kind: 'image', w: 72, h: 36 });
    expect(img.opacity).toBeUndefined();
    expect(soft!.softMask).toMatchObject({ growPt: -2, sigmaPt: 1 }); // a 4 pt radius
    expect(extent(soft!.softMask!.shapes[0]!.commands)).toEqual([img.x, img.y, img.x + 72, img.y + 36]);
  });

  it('leaves a turned picture\'s reflection out with a warning, and keeps its glow turned with it', async () => {
    const { doc, codes } = await layoutDocx(docx(picture(GLOW + REFLECTION, ' rot="1800000"')), 'fx.docx', host);
    const items = doc.pages[0]!.items;
    expect(codes).toContain('layout/picture-effect');
    expect(bandsOf(items)).toEqual([]);
    const turned = items.find((i): i is GroupItem => i.kind === 'group' && i.transform !== undefined)!;
    expect(turned.items).toHaveLength(1);
    expect((turned.items[0] as GroupItem).softMask).toMatchObject({ growPt: 4, sigmaPt: 2 });
  });

  it('writes the bands\' pictures with a fill-alpha graphics state and the glow through a luminosity soft mask', async () => {
    const r = await convertDocxToPdf(docx(picture(GLOW + REFLECTION)), { fileName: 'fx.docx' }, host);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const bin = Buffer.from(r.value.pdf).toString('latin1');
    let c = '';
    for (const m of bin.matchAll(/stream\r?\n/g)) {
      const start = m.index! + m[0].length;
      try {
        c += inflateSync(Buffer.from(bin.slice(start, bin.indexOf('endstream', start)), 'latin1')).toString('latin1');
      } catch {
        // not deflated
      }
    }
    // A band: clipped, then the picture inside its own q with its alpha, flipped about its centre.
    expect(c).toMatch(/re W n\nq\n\/GS\d+ gs\n1 0 0 1 [\d.]+ [\d.]+ cm\n1 0 0 -1 0 0 cm\n/);
    // The glow: its graphics state's soft mask is a grey image drawn by a transparency group.
    expect(c).toMatch(/q\n\/SM0 gs\nq\n\/GS\d+ gs\n[\d. ]+rg\n[\d. mlh]+f\nQ\nQ\n/);
    expect(bin).toMatch(/\/SMask <<\n?\s*\/Type \/Mask\n?\s*\/S \/Luminosity\n?\s*\/G \d+ 0 R/);
    expect(bin).toMatch(/\/Group <<\n?\s*\/S \/Transparency\n?\s*\/CS \/DeviceGray/);
    expect(bin).toMatch(/\/ColorSpace \/DeviceGray[\s\S]{0,80}\/Interpolate true/);
  });
});
