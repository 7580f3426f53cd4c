/**
 * Glow and reflection of shapes and pictures (a:effectLst's a:glow, ECMA-376 Part 1 §20.1.8.32, and
 * a:reflection, §20.1.8.50), once read as nothing: drawn under the object, the glow as translucent
 * round-joined rings of its outline, the reflection as its paths and picture mirrored below it in
 * bands of the fade; a soft edge (a:softEdge, §20.1.8.53) as translucent copies inset in steps.
 * A reflection's blur is not drawn, and says so.
 */
import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertDocxToPdf } from '../../engine/convert';
import { makeBmp } from '../../engine/image/test-util';
import { initKernel } from '../../engine/layout';
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

describe('shape glow and reflection', () => {
  it('draws the reflection, then the glow rings, then the shape: mirrored below it, fading band by band', async () => {
    const { doc, codes } = await layoutDocx(docx(wsp(GLOW + REFLECTION)), 'fx.docx', host);
    const items = doc.pages[0]!.items;
    const bands = bandsOf(items);
    const rings = items.filter((i): i is PathItem => i.kind === 'path' && i.roundJoins === true);
    const shape = items.find((i): i is PathItem => i.kind === 'path' && i.fill === '4472C4' && i.fillOpacity === undefined)!;
    expect(items.indexOf(bands.at(-1)!)).toBeLessThan(items.indexOf(rings[0]!));
    expect(items.indexOf(rings.at(-1)!)).toBeLessThan(items.indexOf(shape));
    // Glow: rings of 8 pt in quarters, each grown by the line's outer half (1 pt): stroke widths 2·(r·i/4 + 1).
    expect(rings.map((r) => r.lineWidth)).toEqual([18, 14, 10, 6]);
    expect(rings.every((r) => r.stroke === 'ED7D31' && r.fill === undefined)).toBe(true);
    expect(1 - rings.reduce((k, r) => k * (1 - (r.strokeOpacity ?? 1)), 1)).toBeCloseTo(0.5, 2);
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

  it('draws a soft edge as four fills inset in steps, stacking from a quarter at the edge to opaque inside, and the line once, faint', async () => {
    const { doc, codes } = await layoutDocx(docx(wsp('<a:softEdge rad="101600"/>')), 'fx.docx', host);
    const items = doc.pages[0]!.items.filter((i): i is PathItem => i.kind === 'path');
    const fills = items.filter((p) => p.fill === '4472C4');
    expect(fills.map((p) => p.fillOpacity)).toEqual([0.25, 0.333, 0.5, 1]);
    expect(fills.every((p) => p.stroke === undefined)).toBe(true);
    // Layer k is the rectangle (100, 100)–(300, 200) inset by 2·k pt.
    fills.forEach((p, k) => {
      const xs = points(p).map(([x]) => x);
      const ys = points(p).map(([, y]) => y);
      expect([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]).toEqual([100 + 2 * k, 100 + 2 * k, 300 - 2 * k, 200 - 2 * k]);
    });
    expect(items.at(-1)).toMatchObject({ stroke: '000000', lineWidth: 2, strokeOpacity: 0.25 });
    expect(items.at(-1)!.fill).toBeUndefined();
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
    const rings = items.filter((i): i is PathItem => i.kind === 'path' && i.roundJoins === true);
    expect(rings.map((r) => r.lineWidth)).toEqual([16, 12, 8, 4]);
    const xs = points(rings[0]!).map(([x]) => x);
    expect(Math.min(...xs)).toBeCloseTo(img.x, 3);
    expect(Math.max(...xs)).toBeCloseTo(img.x + img.w, 3);
    expect(items.indexOf(rings.at(-1)!)).toBeLessThan(items.indexOf(img));
  });

  it('draws a soft-edged picture four times, each clipped a step further inside its box, stacking to opaque', async () => {
    const { doc } = await layoutDocx(docx(picture('<a:softEdge rad="50800"/>')), 'fx.docx', host);
    const layers = bandsOf(doc.pages[0]!.items);
    expect(layers).toHaveLength(4);
    const imgs = layers.map((g) => g.items[0] as ImageItem);
    expect(imgs.map((i) => i.opacity)).toEqual([0.25, 0.333, 0.5, 1]);
    const [x, y] = [imgs[0]!.x, imgs[0]!.y];
    layers.forEach((g, k) => expect(g.clip).toEqual({ x: x + k, y: y + k, w: 72 - 2 * k, h: 36 - 2 * k }));
    expect(imgs.every((i) => i.w === 72 && i.h === 36 && i.x === x && i.y === y)).toBe(true);
  });

  it('leaves a turned picture\'s reflection out with a warning, and keeps its glow turned with it', async () => {
    const { doc, codes } = await layoutDocx(docx(picture(GLOW + REFLECTION, ' rot="1800000"')), 'fx.docx', host);
    const items = doc.pages[0]!.items;
    expect(codes).toContain('layout/picture-effect');
    expect(bandsOf(items)).toEqual([]);
    const turned = items.find((i): i is GroupItem => i.kind === 'group' && i.transform !== undefined)!;
    expect(turned.items.every((r) => r.kind === 'path' && r.roundJoins === true)).toBe(true);
  });

  it('writes the bands\' pictures with a fill-alpha graphics state and the rings with a stroke-alpha one', async () => {
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
    expect(c).toMatch(/q\n\/GSS\d+ gs\n1 j 1 J\n/);
    expect(bin).toMatch(/\/CA 0\.125/);
  });
});
