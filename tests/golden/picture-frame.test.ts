/**
 * A picture's frame (pic:spPr/a:ln) and outer shadow (a:effectLst/a:outerShdw), as Word's picture
 * styles draw them: the shadow under the picture, its colour seen through a soft mask of the
 * picture's silhouette moved and blurred (layout/soft-mask), then the picture, then the outline stroked centred on the picture's edge (wholly outside it for a
 * bevelled picture), all turned with the picture.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GroupItem, ImageItem, LayoutDoc, LayoutItem, PathItem } from '../../engine/model';
import { makeBmp } from '../../engine/image/test-util';
import { encodePng } from '../../engine/image/png';
import { createNodeHost } from '../../node/host';
import { layoutDocx, flatItems } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

/** Word's "Simple Frame, White": a 7 pt white line and a 40 % black shadow 1.42 pt down, blurred 4.33 pt. */
const SIMPLE_FRAME =
  '<a:ln w="88900" cap="sq"><a:solidFill><a:srgbClr val="FFFFFF"/></a:solidFill><a:miter lim="800000"/></a:ln>' +
  '<a:effectLst><a:outerShdw blurRad="55000" dist="18000" dir="5400000" algn="tl" rotWithShape="0"><a:srgbClr val="000000"><a:alpha val="40000"/></a:srgbClr></a:outerShdw></a:effectLst>';

/** A 72 × 36 pt inline picture with 7.5 / 6 pt of effect room, `spPr` after its geometry. */
const picture = (spPr: string, xfrm = '') =>
  '<w:p><w:pPr><w:spacing w:before="0" w:after="0"/></w:pPr><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="914400" cy="457200"/>' +
  '<wp:effectExtent l="95250" t="76200" r="95250" b="76200"/><wp:docPr id="1" name="Picture 1"/>' +
  '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">' +
  '<pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="p1"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rIdPic"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>' +
  `<pic:spPr><a:xfrm${xfrm}><a:off x="0" y="0"/><a:ext cx="914400" cy="457200"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom>${spPr}</pic:spPr></pic:pic>` +
  '</a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>';

const BMP = makeBmp({ width: 2, height: 1, bpp: 24, bits: [0, 0, 255, 255, 0, 0, 0, 0] });

async function layoutWith(spPr: string, xfrm: string, file: { name: string; data: Uint8Array }): Promise<{ doc: LayoutDoc; codes: string[] }> {
  return layoutDocx(makeDocx({ body: picture(spPr, xfrm), media: { rIdPic: file } }), 'frame.docx', host);
}
async function layout(spPr: string, xfrm = ''): Promise<LayoutDoc> {
  return (await layoutWith(spPr, xfrm, { name: 'image1.bmp', data: BMP })).doc;
}

const items = (d: LayoutDoc) => flatItems(d.pages[0]!.items);
const imageIndex = (all: LayoutItem[]) => all.findIndex((i) => i.kind === 'image');
/** A rectangle path's box as [x, y, w, h]. */
function box(p: PathItem): number[] {
  const pts = p.commands.filter((c): c is { op: 'M' | 'L'; x: number; y: number } => c.op === 'M' || c.op === 'L');
  const xs = pts.map((c) => c.x);
  const ys = pts.map((c) => c.y);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)];
}
const close = (a: number[], b: number[]) => a.forEach((v, i) => expect(v).toBeCloseTo(b[i]!, 2));
/** The groups of a page drawn through a soft mask, in order (groups opened). */
function masked(items: readonly LayoutItem[]): GroupItem[] {
  return items.flatMap((i) => (i.kind !== 'group' ? [] : i.softMask ? [i] : masked(i.items)));
}

beforeAll(async () => {
  await initKernel();
});

describe('picture frames', () => {
  it('draws the blurred shadow, then the picture, then the white outline centred on its edge', async () => {
    const doc = await layout(SIMPLE_FRAME);
    const all = items(doc);
    const at = imageIndex(all);
    const img = all[at] as ImageItem;
    const shadow = all.slice(0, at).filter((i): i is PathItem => i.kind === 'path');
    const after = all.slice(at + 1).filter((i): i is PathItem => i.kind === 'path');
    // The outline: one stroked rectangle on the picture's edge, 7 pt white.
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ stroke: 'FFFFFF', lineWidth: 7 });
    expect(after[0]!.fill).toBeUndefined();
    close(box(after[0]!), [img.x, img.y, img.w, img.h]);
    // The shadow: the colour at 40 % over the mask's box, through the mask of the picture grown by
    // the line's outer half (3.5 pt), moved 1.417 pt down, blurred with a sigma of half the blur
    // radius (r = 4.331 pt: the edge ramps from r outside to r inside).
    expect(shadow).toHaveLength(1);
    const [group] = masked(doc.pages[0]!.items);
    const mask = group!.softMask!;
    const r = 55000 / 12700;
    const dy = 18000 / 12700;
    expect(mask.sigmaPt).toBeCloseTo(r / 2, 2);
    expect(mask.growPt).toBe(0);
    expect(mask.shapes).toHaveLength(1);
    expect(mask.shapes[0]!.fill).toBe(true);
    close(box({ kind: 'path', commands: mask.shapes[0]!.commands }), [img.x - 3.5, img.y + dy - 3.5, img.w + 7, img.h + 7]);
    // The box reaches three sigmas past the silhouette, at about three pixels a sigma.
    const reach = 3.5 + (3 * r) / 2;
    close([mask.grid.x, mask.grid.y, mask.grid.w, mask.grid.h], [img.x - reach, img.y + dy - reach, img.w + 2 * reach, img.h + 2 * reach]);
    expect(mask.grid.cols / mask.grid.w).toBeCloseTo(3 / (r / 2), 1);
    expect(shadow[0]).toMatchObject({ fill: '000000', fillOpacity: 0.4 });
    close(box(shadow[0]!), [mask.grid.x, mask.grid.y, mask.grid.w, mask.grid.h]);
  });

  it('puts a bevelled picture\'s line wholly outside it, and its shadow around that', async () => {
    const bevel = '<a:sp3d><a:bevelT w="25400" h="19050"/></a:sp3d>';
    const doc = await layout(SIMPLE_FRAME + bevel);
    const all = items(doc);
    const at = imageIndex(all);
    const img = all[at] as ImageItem;
    const outline = all.slice(at + 1).find((i): i is PathItem => i.kind === 'path')!;
    // Stroked 3.5 pt outside the edge, so its inner side meets the picture's edge.
    close(box(outline), [img.x - 3.5, img.y - 3.5, img.w + 7, img.h + 7]);
    const silhouette = masked(doc.pages[0]!.items)[0]!.softMask!.shapes[0]!;
    close(box({ kind: 'path', commands: silhouette.commands }), [img.x - 7, img.y + 18000 / 12700 - 7, img.w + 14, img.h + 14]);
  });

  it('turns the shadow and outline with a rotated picture, the shadow offset staying unturned', async () => {
    const page = (await layout(SIMPLE_FRAME, ' rot="5400000"')).pages[0]!.items;
    const groups = page.filter((i): i is GroupItem => i.kind === 'group' && i.transform !== undefined);
    const img = flatItems(page).find((i): i is ImageItem => i.kind === 'image')!;
    expect(img.rotationDeg).toBe(90);
    expect(groups).toHaveLength(2);
    const [shadow, outline] = groups as [GroupItem, GroupItem];
    const cx = img.x + img.w / 2;
    const cy = img.y + img.h / 2;
    // 90° about the picture's centre: x' = cx − (y − cy), y' = cy + (x − cx); the shadow adds 1.417 pt down.
    const t = outline.transform!;
    close([...t], [0, 1, -1, 0, cx + cy, cy - cx]);
    close([...shadow.transform!], [t[0], t[1], t[2], t[3], t[4], t[5] + 18000 / 12700]);
    expect(outline.items[0]).toMatchObject({ kind: 'path', stroke: 'FFFFFF', lineWidth: 7 });
    // Inside the turned group, the masked shadow of the upright picture's silhouette.
    expect(shadow.items).toHaveLength(1);
    expect((shadow.items[0] as GroupItem).softMask?.shapes).toHaveLength(1);
  });

  it('draws a single unblurred band for a shadow without blur, and nothing for a plain picture', async () => {
    const sharp = items(await layout('<a:effectLst><a:outerShdw dist="38100" dir="0"><a:srgbClr val="FF0000"/></a:outerShdw></a:effectLst>'));
    const at = imageIndex(sharp);
    const img = sharp[at] as ImageItem;
    const before = sharp.slice(0, at).filter((i): i is PathItem => i.kind === 'path');
    expect(before).toHaveLength(1);
    expect(before[0]!.fill).toBe('FF0000');
    close(box(before[0]!), [img.x + 3, img.y, img.w, img.h]);
    const plain = items(await layout(''));
    expect(plain.filter((i) => i.kind === 'path')).toHaveLength(0);
  });

  it('draws no shadow box behind a picture with see-through pixels, and says so', async () => {
    const rgba = new Uint8Array([255, 0, 0, 0, 0, 0, 255, 255]);
    const { doc, codes } = await layoutWith(SIMPLE_FRAME, '', { name: 'image1.png', data: encodePng(2, 1, rgba, true) });
    const all = items(doc);
    expect(all.slice(0, imageIndex(all)).filter((i) => i.kind === 'path')).toHaveLength(0);
    expect(all.slice(imageIndex(all) + 1).filter((i) => i.kind === 'path')).toHaveLength(1);
    expect(codes).toContain('layout/picture-shadow');
    // The same picture without its alpha channel casts its shadow.
    const opaque = items((await layoutWith(SIMPLE_FRAME, '', { name: 'image1.png', data: encodePng(2, 1, rgba, false) })).doc);
    expect(opaque.slice(0, imageIndex(opaque)).filter((i) => i.kind === 'path')).toHaveLength(1);
  });

  it('keeps hostile frames bounded: a huge line width and blur draw finite, bounded items', async () => {
    const hostile = '<a:ln w="99999999999999"><a:solidFill><a:srgbClr val="00FF00"/></a:solidFill></a:ln>' +
      '<a:effectLst><a:outerShdw blurRad="99999999999999" dist="NaN" dir="99999999999999999999"><a:srgbClr val="zzzzzz"/></a:outerShdw></a:effectLst>';
    const d = await layout(hostile);
    expect(d.pages).toHaveLength(1);
    const paths = items(d).filter((i): i is PathItem => i.kind === 'path');
    expect(paths.length).toBeLessThanOrEqual(5);
    for (const p of paths) {
      for (const v of box(p)) expect(Number.isFinite(v) && Math.abs(v) < 2000).toBe(true);
      if (p.lineWidth !== undefined) expect(p.lineWidth).toBeLessThanOrEqual(100);
    }
  });
});

describe('shaped pictures', () => {
  /** The 72 × 36 pt picture shaped as a rounded rectangle (Word's rounded picture styles). */
  const roundDoc = async (spPr: string) => {
    const file = { name: 'image1.bmp', data: BMP };
    const body = picture(spPr).replace('<a:prstGeom prst="rect"><a:avLst/></a:prstGeom>', '<a:prstGeom prst="roundRect"><a:avLst/></a:prstGeom>');
    return (await layoutDocx(makeDocx({ body, media: { rIdPic: file } }), 'round.docx', host)).doc;
  };
  const LINE = '<a:ln w="25400"><a:solidFill><a:srgbClr val="C8C6BD"/></a:solidFill></a:ln>';

  it('clips a rounded-rectangle picture to its shape and strokes its line along it, not its box', async () => {
    const all = items(await roundDoc(LINE));
    // No plain image: the picture fills its rounded outline (a path with curved corners).
    expect(all.filter((i) => i.kind === 'image')).toEqual([]);
    const filled = all.filter((i): i is PathItem => i.kind === 'path' && i.picture !== undefined);
    expect(filled).toHaveLength(1);
    const shape = filled[0]!;
    expect(shape.commands.some((c) => c.op === 'C')).toBe(true);
    // The whole image fills the picture's 72 × 36 pt box; the outline lies on it.
    const b = box(shape);
    close([shape.picture!.x, shape.picture!.y, shape.picture!.w, shape.picture!.h], b);
    close([b[2]!, b[3]!], [72, 36]);
    // Then the 2 pt line along the same outline.
    const after = all.slice(all.indexOf(shape) + 1).filter((i): i is PathItem => i.kind === 'path');
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ stroke: 'C8C6BD', lineWidth: 2 });
    expect(after[0]!.commands).toEqual(shape.commands);
  });

  it('puts a bevelled rounded picture\'s line outside it: twice as wide, under the picture', async () => {
    const all = items(await roundDoc(LINE + '<a:sp3d><a:bevelT w="25400" h="19050"/></a:sp3d>'));
    const shape = all.find((i): i is PathItem => i.kind === 'path' && i.picture !== undefined)!;
    const before = all.slice(0, all.indexOf(shape)).filter((i): i is PathItem => i.kind === 'path' && i.stroke !== undefined);
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ stroke: 'C8C6BD', lineWidth: 4 });
    expect(before[0]!.commands).toEqual(shape.commands);
    expect(all.slice(all.indexOf(shape) + 1).filter((i) => i.kind === 'path')).toEqual([]);
  });

  it('keeps a rectangular picture a plain image', async () => {
    const all = items(await layout(LINE));
    expect(all.filter((i) => i.kind === 'image')).toHaveLength(1);
    expect(all.filter((i) => i.kind === 'path' && i.picture !== undefined)).toEqual([]);
  });
});

describe('shaped picture shadows', () => {
  it('casts a rounded picture\'s shadow from its rounded outline, its line\'s outer half stroked round it', async () => {
    const shadow = '<a:effectLst><a:outerShdw blurRad="55000" dist="18000" dir="5400000" algn="tl" rotWithShape="0"><a:srgbClr val="000000"><a:alpha val="40000"/></a:srgbClr></a:outerShdw></a:effectLst>';
    const body = picture('<a:ln w="25400"><a:solidFill><a:srgbClr val="C8C6BD"/></a:solidFill></a:ln>' + shadow)
      .replace('<a:prstGeom prst="rect"><a:avLst/></a:prstGeom>', '<a:prstGeom prst="roundRect"><a:avLst/></a:prstGeom>');
    const doc = (await layoutDocx(makeDocx({ body, media: { rIdPic: { name: 'image1.bmp', data: BMP } } }), 'round.docx', host)).doc;
    const [part] = masked(doc.pages[0]!.items)[0]!.softMask!.shapes;
    expect(part!.commands.some((c) => c.op === 'C')).toBe(true);
    expect(part!.fill).toBe(true);
    expect(part!.lineWidth).toBeCloseTo(2, 6);
  });
});
