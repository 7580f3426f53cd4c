/**
 * Picture fills drawn as pictures: a shape's a:blipFill (stretched or a:tile), a theme background
 * fill a:fillRef idx 1001+ names (an Office theme's tiled texture with a duotone in the placeholder
 * colour), and VML v:fill pictures reach the model as `fillImage`, layout as `PathItem.picture`
 * (one cell, or a grid of tiles over the path), and the PDF as one image XObject drawn in each cell
 * inside the path's clip.
 */
import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertDocxToPdf } from '../../engine/convert';
import { parseDocx } from '../../engine/docx';
import { assemblePng, encodePng, pictureSizePt, pngChunk } from '../../engine/image';
import { dumpLayout, initKernel } from '../../engine/layout';
import type { PathItem, ShapeInline } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, OFFICE_THEME, type MakeDocxOptions } from '../helpers/make-docx';
import { TINY_PNG } from '../helpers/tiny-png';
import { firstShape } from '../helpers/first-shape';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const EMU = 12700;

/** A 2 × 2 red PNG with a pHYs of 100 pixels per metre: 2.54 dpi, so 56.69 pt a side. */
const PNG_100_PPM = (() => {
  const png = encodePng(2, 2, new Uint8Array(16).map((_, i) => (i % 4 === 1 || i % 4 === 2 ? 0 : 255)), false);
  const phys = new Uint8Array([0, 0, 0, 100, 0, 0, 0, 100, 1]);
  return assemblePng([png.subarray(8, 33), pngChunk('pHYs', phys), png.subarray(33)]);
})();
const TILE_PT = (2 * 72) / 2.54;

/** A floating 200 × 100 pt rectangle at the page's top-left corner with the given spPr fill and style. */
function wsp(fill: string, style = ''): string {
  const ext = `cx="${200 * EMU}" cy="${100 * EMU}"`;
  return '<w:p><w:r><w:drawing><wp:anchor distT="0" distB="0" distL="0" distR="0" simplePos="0" relativeHeight="1" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">' +
    '<wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="page"><wp:posOffset>0</wp:posOffset></wp:positionH><wp:positionV relativeFrom="page"><wp:posOffset>0</wp:posOffset></wp:positionV>' +
    `<wp:extent ${ext}/><wp:wrapNone/><wp:docPr id="1" name="S"/><a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:cNvSpPr/>` +
    `<wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext ${ext}/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom>${fill}<a:ln><a:noFill/></a:ln></wps:spPr>${style}` +
    '<wps:bodyPr/></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r></w:p>';
}

const media = { rIdImg: { name: 'tex.png', data: PNG_100_PPM } };
const TILED = '<a:blipFill><a:blip r:embed="rIdImg"/><a:tile tx="0" ty="0" sx="100000" sy="100000" flip="none" algn="tl"/></a:blipFill>';

/** A theme whose third background fill is the picture tiled with a duotone in phClr, as Office 2007's Apothecary theme. */
const TEXTURE_THEME = OFFICE_THEME.replace('<a:bgFillStyleLst/>',
  '<a:bgFillStyleLst><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill>' +
  '<a:blipFill rotWithShape="1"><a:blip r:embed="rIdTex"><a:duotone><a:schemeClr val="phClr"><a:shade val="50000"/></a:schemeClr><a:schemeClr val="phClr"/></a:duotone></a:blip>' +
  '<a:tile tx="0" ty="0" sx="100000" sy="100000" flip="none" algn="tl"/></a:blipFill></a:bgFillStyleLst>');
const themed: MakeDocxOptions = {
  theme: TEXTURE_THEME,
  media,
  partRels: { 'word/theme/theme1.xml': [{ id: 'rIdTex', type: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image', target: '../media/tex.png' }] },
};
const STYLE_1003 = '<wps:style><a:lnRef idx="0"><a:schemeClr val="accent1"/></a:lnRef><a:fillRef idx="1003"><a:srgbClr val="00FF00"/></a:fillRef>' +
  '<a:effectRef idx="0"><a:schemeClr val="accent1"/></a:effectRef><a:fontRef idx="minor"><a:schemeClr val="lt1"/></a:fontRef></wps:style>';

function shapeOf(o: MakeDocxOptions): ShapeInline {
  const parsed = parseDocx(makeDocx(o), {}, host);
  const shape = parsed.ok ? firstShape(parsed.value.sections) : undefined;
  if (!shape) throw new Error('no shape');
  return shape;
}

async function picturePaths(o: MakeDocxOptions): Promise<PathItem[]> {
  const { doc } = await layoutDocx(makeDocx(o), 'picture-fill.docx', host);
  return flatItems(doc.pages[0]!.items).filter((i): i is PathItem => i.kind === 'path' && i.picture !== undefined);
}

/** The latin-1 text of a PDF with its Flate streams inflated. */
async function pdfText(o: MakeDocxOptions): Promise<string> {
  const result = await convertDocxToPdf(makeDocx(o), {}, host);
  if (!result.ok) throw new Error('convert failed');
  const pdf = result.value.pdf;
  const raw = Buffer.from(pdf).toString('latin1');
  let out = raw;
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    try {
      out += inflateSync(pdf.subarray(start, raw.indexOf('endstream', start))).toString('latin1');
    } catch {
      // not deflated
    }
  }
  return out;
}

beforeAll(async () => {
  await initKernel();
});

describe('picture fills', () => {
  it('reads a picture\'s own size from its pHYs, its JFIF density, or at 96 dpi', () => {
    expect(pictureSizePt(PNG_100_PPM)).toEqual({ widthPt: TILE_PT, heightPt: TILE_PT });
    expect(pictureSizePt(TINY_PNG)).toEqual({ widthPt: 1.5, heightPt: 1.5 });
    // SOI, APP0 "JFIF" 1.02 at 75 dots per inch, SOF0 of 128 × 64 grey.
    const jfif = [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 2, 1, 0, 75, 0, 75, 0, 0];
    const sof = [0xff, 0xc0, 0, 11, 8, 0, 64, 0, 128, 1, 1, 0x11, 0];
    expect(pictureSizePt(new Uint8Array([...jfif, ...sof, 0xff, 0xd9]))).toEqual({ widthPt: (128 * 72) / 75, heightPt: (64 * 72) / 75 });
  });

  it('resolves a fillRef of a theme background fill (idx 1003) to its tiled picture, phClr in the duotone standing for the reference\'s colour', () => {
    const shape = shapeOf({ ...themed, body: wsp('', STYLE_1003) });
    expect(shape.fillImage).toEqual({
      media: 'word/media/tex.png', tile: true,
      tiling: { offsetXPt: 0, offsetYPt: 0, scaleX: 1, scaleY: 1, align: 'tl' },
      adjust: { duotone: ['00BC00', '00FF00'] },
    });
  });

  it('tiles the picture at its own size from the box\'s top-left corner, covering the path', async () => {
    const [path, ...rest] = await picturePaths({ body: wsp(TILED), media });
    expect(rest).toHaveLength(0);
    expect(path!.picture).toMatchObject({ x: 0, y: 0, across: 4, down: 2 });
    expect(path!.picture!.w).toBeCloseTo(TILE_PT, 9);
    const { doc } = await layoutDocx(makeDocx({ body: wsp(TILED), media }), 'dump.docx', host);
    expect(dumpLayout(doc)).toContain('path 5 cmds picture(#0 0,0 56.69×56.69 tiles 4×2)');
  });

  it('aligns the tiles to the corner a:tile algn names and moves them by tx, ty', async () => {
    const tile = TILED.replace('tx="0" ty="0"', `tx="${10 * EMU}" ty="0"`).replace('algn="tl"', 'algn="br"');
    const [path] = await picturePaths({ body: wsp(tile), media });
    // A tile's bottom-right corner at (200, 100) moved 10 pt right: the grid starts at the last tile before 0.
    const x = 200 - TILE_PT + 10 - 3 * TILE_PT;
    expect(path!.picture!.x).toBeCloseTo(x, 6);
    expect(path!.picture!.y).toBeCloseTo(100 - 2 * TILE_PT, 6);
    expect(path!.picture).toMatchObject({ across: 4 });
  });

  it('stretches a picture without a:tile over the shape\'s box', async () => {
    const stretched = '<a:blipFill><a:blip r:embed="rIdImg"/><a:stretch><a:fillRect/></a:stretch></a:blipFill>';
    const [path] = await picturePaths({ body: wsp(stretched), media });
    expect(path!.picture).toMatchObject({ x: 0, y: 0, w: 200, h: 100 });
    expect(path!.picture!.across).toBeUndefined();
  });

  it('draws a VML pattern fill as tiles whose dark pixels take the fill colour and light ones color2', () => {
    const body = '<w:p><w:r><w:pict><v:rect style="width:200pt;height:100pt" fillcolor="#336699" stroked="f"><v:fill r:id="rIdImg" type="pattern" color2="#FFCC00"/></v:rect></w:pict></w:r></w:p>';
    expect(shapeOf({ body, media }).fillImage).toEqual({ media: 'word/media/tex.png', tile: true, adjust: { duotone: ['336699', 'FFCC00'] } });
  });

  it('writes one image XObject drawn once per tile inside the path\'s clip', async () => {
    const text = await pdfText({ body: wsp(TILED), media });
    const draws = [...text.matchAll(/q (\S+) 0 0 (\S+) (\S+) (\S+) cm \/(Im\d+) Do Q/g)];
    expect(draws).toHaveLength(8);
    expect(new Set(draws.map((d) => d[5])).size).toBe(1);
    expect(text.match(/\/Subtype \/Image/g)).toHaveLength(1);
    expect(text).toMatch(/W n\nq 56\.69\d* 0 0 56\.69\d* 0 /);
  });

  it('draws the flat colour instead of more than 4096 tiles', async () => {
    const { doc, codes } = await layoutDocx(makeDocx({ body: wsp(TILED.replace('sx="100000" sy="100000"', 'sx="1000" sy="1000"')), media }), 'many.docx', host);
    expect(flatItems(doc.pages[0]!.items).some((i) => i.kind === 'path' && i.picture)).toBe(false);
    expect(codes).toContain('layout/picture-fill');
  });

  it('draws a grey JPEG\'s duotone as a Separation colour space from the dark colour to the light one', async () => {
    // SOI, APP0 "JFIF" at 72 dpi, SOF0 of 8 × 8 grey, EOI: enough for an undecoded DCTDecode image.
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 2, 1, 0, 72, 0, 72, 0, 0, 0xff, 0xc0, 0, 11, 8, 0, 8, 0, 8, 1, 1, 0x11, 0, 0xff, 0xd9]);
    const fill = '<a:blipFill><a:blip r:embed="rIdJpg"><a:duotone><a:srgbClr val="000080"/><a:srgbClr val="FFFFFF"/></a:duotone></a:blip><a:stretch><a:fillRect/></a:stretch></a:blipFill>';
    const text = await pdfText({ body: wsp(fill), media: { rIdJpg: { name: 'grey.jpeg', data: jpeg } } });
    expect(text).toMatch(/\/ColorSpace \[ \/Separation \/Duotone \/DeviceRGB <<\s*\/FunctionType 2\s*\/Domain \[ 0 1 \]\s*\/C0 \[ 0 0 0\.502 \]\s*\/C1 \[ 1 1 1 \]\s*\/N 1\s*>> \]/);
  });

  it('fills the page background with its tiled picture from the page\'s top-left corner (w:background/v:background/v:fill)', async () => {
    const rawDocument = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
      '<w:background w:color="FFFFCC"><v:background id="b" fillcolor="#ffc"><v:fill r:id="rIdImg" type="tile"/></v:background></w:background>' +
      '<w:body><w:p/><w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr></w:body></w:document>';
    const o: MakeDocxOptions = { rawDocument, media, settings: '<w:displayBackgroundShape/>' };
    const [page] = (await layoutDocx(makeDocx(o), 'bg.docx', host)).doc.pages;
    const first = page!.items[0]!;
    expect(first).toMatchObject({ kind: 'path', fill: 'FFFFCC', picture: { x: 0, y: 0, across: Math.ceil(612 / TILE_PT), down: Math.ceil(792 / TILE_PT) } });
    // Without displayBackgroundShape Word shows no background at all.
    const [plain] = (await layoutDocx(makeDocx({ ...o, settings: '' }), 'bg.docx', host)).doc.pages;
    expect(plain!.items.some((i) => i.kind === 'path' && i.picture)).toBe(false);
  });

  it('fills the page background with its gradient', async () => {
    const rawDocument = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:v="urn:schemas-microsoft-com:vml">' +
      '<w:background w:color="FF0000"><v:background id="b" fillcolor="red"><v:fill color2="blue" type="gradient"/></v:background></w:background>' +
      '<w:body><w:p/><w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr></w:body></w:document>';
    const [page] = (await layoutDocx(makeDocx({ rawDocument, settings: '<w:displayBackgroundShape/>' }), 'bg.docx', host)).doc.pages;
    const first = page!.items[0] as PathItem;
    expect(first.kind).toBe('path');
    expect(first.shading?.stops.map((s) => s.color).sort()).toEqual(['0000FF', 'FF0000']);
  });
});
