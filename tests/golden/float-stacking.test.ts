/**
 * How a page stacks its floating objects (emit/sink.ts FloatDrawing): by wp:anchor/@relativeHeight
 * (VML: z-index), not by the order of their anchors, those behind the text (behindDoc) under all of
 * the page's text and the others over all of it, a later paragraph's text included
 * (oxsdk-Complex01's cover page: its dark abstract box comes before the white panel in the file and
 * was hidden under it). Translucent fills (a:alpha, VML v:fill/@opacity) now let what is under them
 * show through instead of being blended over white (aspose-Rendering's "transparent ellipse" over
 * its text).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutItem, PathItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, run } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const EMU = 12700;

interface Box {
  readonly color: string;
  readonly z: number;
  readonly behind?: boolean;
  readonly x?: number;
  readonly y?: number;
  readonly fill?: string;
}

/** A run holding a floating 200 × 100 pt rectangle placed from the page, with no wrapping. */
function box(b: Box, id: number): string {
  const ext = `cx="${200 * EMU}" cy="${100 * EMU}"`;
  const fill = b.fill ?? `<a:solidFill><a:srgbClr val="${b.color}"/></a:solidFill>`;
  return (
    `<w:r><w:drawing><wp:anchor distT="0" distB="0" distL="0" distR="0" simplePos="0" relativeHeight="${b.z}" behindDoc="${b.behind ? 1 : 0}" locked="0" layoutInCell="1" allowOverlap="1">` +
    `<wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="page"><wp:posOffset>${(b.x ?? 72) * EMU}</wp:posOffset></wp:positionH>` +
    `<wp:positionV relativeFrom="page"><wp:posOffset>${(b.y ?? 72) * EMU}</wp:posOffset></wp:positionV>` +
    `<wp:extent ${ext}/><wp:wrapNone/><wp:docPr id="${id}" name="S${id}"/><a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:cNvSpPr/>` +
    `<wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext ${ext}/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom>${fill}<a:ln><a:noFill/></a:ln></wps:spPr>` +
    '<wps:bodyPr/></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r>'
  );
}

async function pageItems(body: string): Promise<LayoutItem[]> {
  const { doc } = await layoutDocx(makeDocx({ body }), 'float-stacking.docx', host);
  return flatItems(doc.pages[0]!.items);
}

/** The drawing order of the filled rectangles, by fill colour, and of the runs, by text. */
function order(items: readonly LayoutItem[]): string[] {
  return items.flatMap((i) => (i.kind === 'path' && i.fill ? [i.fill.toUpperCase()] : i.kind === 'glyphs' ? [(i as GlyphRun).text.trim()] : []));
}

beforeAll(async () => {
  await initKernel();
});

describe('floating objects on a page', () => {
  it('are stacked by relativeHeight, not by the order of their anchors', async () => {
    // The first anchor is the highest: drawn last, over the other two.
    const body = `<w:p>${box({ color: 'FF0000', z: 300 }, 1)}${box({ color: '00FF00', z: 100 }, 2)}${run('Anchor')}</w:p><w:p>${box({ color: '0000FF', z: 200 }, 3)}</w:p>`;
    const fills = order(await pageItems(body)).filter((s) => /^[0-9A-F]{6}$/.test(s));
    expect(fills).toEqual(['00FF00', '0000FF', 'FF0000']);
  });

  it('go over all of the page text, a later paragraph\'s too, unless they are behind it', async () => {
    const body = `<w:p>${box({ color: 'FF0000', z: 5 }, 1)}${box({ color: '00FF00', z: 9, behind: true, y: 200 }, 2)}${run('First')}</w:p><w:p>${run('Second')}</w:p>`;
    expect(order(await pageItems(body))).toEqual(['00FF00', 'First', 'Second', 'FF0000']);
  });

  it('let what is under a translucent fill show through', async () => {
    const half = '<a:solidFill><a:srgbClr val="3366FF"><a:alpha val="40000"/></a:srgbClr></a:solidFill>';
    const items = await pageItems(`<w:p>${box({ color: '', z: 1, fill: half }, 1)}${run('Under')}</w:p>`);
    const rect = items.find((i): i is PathItem => i.kind === 'path' && i.fill !== undefined)!;
    expect(rect.fill!.toUpperCase()).toBe('3366FF');
    expect(rect.fillOpacity).toBeCloseTo(0.4, 5);
  });

  it('read a VML shape\'s fill opacity (16.16 fixed point) and stack it by its z-index', async () => {
    const oval = (z: number, color: string, opacity: string) =>
      `<w:r><w:pict><v:oval style="position:absolute;margin-left:0;margin-top:0;width:100pt;height:50pt;z-index:${z}" fillcolor="#${color}" stroked="f">` +
      `${opacity ? `<v:fill opacity="${opacity}"/>` : ''}</v:oval></w:pict></w:r>`;
    const items = await pageItems(`<w:p>${oval(7, 'FF0000', '31457f')}${oval(3, '00FF00', '')}${run('Text')}</w:p>`);
    const fills = items.filter((i): i is PathItem => i.kind === 'path' && i.fill !== undefined);
    expect(fills.map((f) => f.fill!.toUpperCase())).toEqual(['00FF00', 'FF0000']);
    expect(fills[1]!.fillOpacity).toBeCloseTo(31457 / 65536, 4);
    expect(fills[0]!.fillOpacity).toBeUndefined();
  });

  it('stacks VML shapes behind the text as Word numbers them: the higher z-index over the lower', async () => {
    // Word's own pair (aspose-Mail_merge_destinations_-_Invoice): relativeHeight 251657728 behind the
    // text is z-index -251658752, 251656704 is -251659776; a DrawingML float behind the text at
    // 251657000 goes between them.
    const oval = (z: number, color: string) =>
      `<w:r><w:pict><v:oval style="position:absolute;margin-left:0;margin-top:0;width:100pt;height:50pt;z-index:${z}" fillcolor="#${color}" stroked="f"/></w:pict></w:r>`;
    const body = `<w:p>${oval(-251658752, 'FF0000')}${oval(-251659776, '00FF00')}${box({ color: '0000FF', z: 251657000, behind: true }, 3)}${run('Text')}</w:p>`;
    expect(order(await pageItems(body))).toEqual(['00FF00', '0000FF', 'FF0000', 'Text']);
  });

  it('keeps the order of their anchors at equal heights', async () => {
    const body = `<w:p>${box({ color: 'FF0000', z: 5 }, 1)}${box({ color: '00FF00', z: 5, x: 100 }, 2)}${run('Text')}</w:p>`;
    expect(order(await pageItems(body))).toEqual(['Text', 'FF0000', '00FF00']);
  });
});
