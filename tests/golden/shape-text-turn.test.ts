/**
 * Text in rotated and flipped shapes: the shape's outline takes the whole transform, its text only
 * the turn. Word never mirrors text: a horizontal flip leaves it as it is, a vertical flip turns it
 * half round (DrawingML), and a:bodyPr upright or a VML text box keeps it upright (Word's Circle
 * page-number shape is a VML oval with rotation:180;flip:x and an upright number).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc, LayoutItem, PathItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

type Matrix = readonly [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m · n (n applied first). */
function times(m: Matrix, n: Matrix): Matrix {
  return [m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1], m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3], m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5]];
}

/** Every item with the transform its enclosing groups give it. */
function placed(items: readonly LayoutItem[], outer: Matrix = IDENTITY): Array<{ item: LayoutItem; m: Matrix }> {
  return items.flatMap((i) => (i.kind === 'group' ? placed(i.items, i.transform ? times(outer, i.transform) : outer) : [{ item: i, m: outer }]));
}

/** The orientation a glyph run is drawn in: the transform of its enclosing groups. */
function orientation(d: LayoutDoc, text: string): { m: Matrix; determinant: number } {
  const hit = placed(d.pages[0]!.items).find(
    (p): p is { item: GlyphRun; m: Matrix } => p.item.kind === 'glyphs' && p.item.text === text,
  )!;
  const m = hit.m;
  return { m, determinant: m[0] * m[3] - m[1] * m[2] };
}

function outlineMatrix(d: LayoutDoc): Matrix {
  const hit = placed(d.pages[0]!.items).find((p) => p.item.kind === 'path' && (p.item as PathItem).stroke === '000000')!;
  return hit.m;
}

const wsp = (xfrm: string, bodyPr = '<wps:bodyPr/>') =>
  '<w:p><w:r><w:drawing><wp:inline><wp:extent cx="1270000" cy="635000"/><wp:docPr id="1" name="Shape 1"/>' +
  '<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:cNvSpPr/>' +
  `<wps:spPr><a:xfrm${xfrm}><a:off x="0" y="0"/><a:ext cx="1270000" cy="635000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom>` +
  '<a:ln w="12700"><a:solidFill><a:srgbClr val="000000"/></a:solidFill></a:ln></wps:spPr>' +
  `<wps:txbx><w:txbxContent>${para('Label')}</w:txbxContent></wps:txbx>${bodyPr}</wps:wsp></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;

const vmlOval = (style: string) =>
  `<w:p><w:r><w:pict><v:oval style="width:44pt;height:44pt;${style}" strokecolor="black" strokeweight="1pt"><v:textbox inset=",0,,0"><w:txbxContent>${para('2')}</w:txbxContent></v:textbox></v:oval></w:pict></w:r></w:p>`;

async function layout(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body }), 'shape-text-turn.docx', host)).doc;
}

beforeAll(async () => {
  await initKernel();
});

describe('text in rotated and flipped shapes', () => {
  it('mirrors the outline of a horizontally flipped shape but not its text', async () => {
    const d = await layout(wsp(' flipH="1"'));
    const outline = outlineMatrix(d);
    expect(outline[0]).toBeCloseTo(-1, 6);
    const t = orientation(d, 'Label');
    expect(t.determinant).toBeGreaterThan(0);
    expect(t.m[0]).toBeCloseTo(1, 6);
    expect(t.m[3]).toBeCloseTo(1, 6);
  });

  it('turns the text of a vertically flipped shape half round, unmirrored', async () => {
    const t = orientation(await layout(wsp(' flipV="1"')), 'Label');
    expect(t.determinant).toBeGreaterThan(0);
    expect(t.m[0]).toBeCloseTo(-1, 6);
    expect(t.m[3]).toBeCloseTo(-1, 6);
  });

  it('turns the text with the rotation of a rotated shape', async () => {
    const t = orientation(await layout(wsp(' rot="5400000"')), 'Label');
    // 90° clockwise on a y-down page: x runs down the page.
    expect(t.m[0]).toBeCloseTo(0, 6);
    expect(t.m[1]).toBeCloseTo(1, 6);
    expect(t.determinant).toBeGreaterThan(0);
  });

  it('keeps a:bodyPr upright text level in a rotated shape', async () => {
    const t = orientation(await layout(wsp(' rot="5400000"', '<wps:bodyPr upright="1"/>')), 'Label');
    expect(t.m[0]).toBeCloseTo(1, 6);
    expect(t.m[1]).toBeCloseTo(0, 6);
  });

  it('draws the number of a VML oval with rotation:180 and flip:x upright and unmirrored', async () => {
    const d = await layout(vmlOval('rotation:180;flip:x'));
    const t = orientation(d, '2');
    expect(t.m[0]).toBeCloseTo(1, 6);
    expect(t.m[3]).toBeCloseTo(1, 6);
  });
});
