/**
 * Theme effect styles a shape's wps:style names (a:effectRef idx, §20.1.4.2.8) are drawn: the
 * a:effectLst of a:fmtScheme/a:effectStyleLst's entry, phClr standing for the reference's colour,
 * unless the shape's spPr has an a:effectLst of its own. Office 2007's themes put an outer shadow
 * in their effect styles: a shape's shadow is its outline's silhouette, offset and blurred (a soft
 * mask, layout/soft-mask), under it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocx } from '../../engine/docx';
import { initKernel } from '../../engine/layout';
import type { GroupItem, PathItem, ShapeInline } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { layoutDocx } from '../helpers/layout-docx';
import { makeDocx, OFFICE_THEME } from '../helpers/make-docx';
import { firstShape } from '../helpers/first-shape';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const EMU = 12700;

/** Two empty effect styles, then an outer shadow 2 pt down at 38 % black, and a glow in phClr. */
const EFFECT_THEME = OFFICE_THEME.replace('<a:effectStyleLst/>',
  '<a:effectStyleLst><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst>' +
  `<a:glow rad="${4 * EMU}"><a:schemeClr val="phClr"><a:alpha val="40000"/></a:schemeClr></a:glow>` +
  `<a:outerShdw blurRad="40000" dist="${2 * EMU}" dir="5400000" rotWithShape="0"><a:srgbClr val="000000"><a:alpha val="38000"/></a:srgbClr></a:outerShdw>` +
  '</a:effectLst><a:scene3d><a:camera prst="orthographicFront"/><a:lightRig rig="threePt" dir="t"/></a:scene3d></a:effectStyle></a:effectStyleLst>');

/** A floating 200 × 100 pt red rectangle at the page's top-left corner, with `effects` in its spPr and effectRef `idx`. */
function wsp(idx: number, effects = ''): string {
  const ext = `cx="${200 * EMU}" cy="${100 * EMU}"`;
  return '<w:p><w:r><w:drawing><wp:anchor distT="0" distB="0" distL="0" distR="0" simplePos="0" relativeHeight="1" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">' +
    '<wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="page"><wp:posOffset>0</wp:posOffset></wp:positionH><wp:positionV relativeFrom="page"><wp:posOffset>0</wp:posOffset></wp:positionV>' +
    `<wp:extent ${ext}/><wp:wrapNone/><wp:docPr id="1" name="S"/><a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:cNvSpPr/>` +
    `<wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext ${ext}/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:solidFill><a:srgbClr val="FF0000"/></a:solidFill><a:ln><a:noFill/></a:ln>${effects}</wps:spPr>` +
    `<wps:style><a:lnRef idx="0"><a:schemeClr val="accent1"/></a:lnRef><a:fillRef idx="1"><a:schemeClr val="accent1"/></a:fillRef><a:effectRef idx="${idx}"><a:schemeClr val="accent2"/></a:effectRef>` +
    '<a:fontRef idx="minor"><a:schemeClr val="lt1"/></a:fontRef></wps:style><wps:bodyPr/></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r></w:p>';
}

function shapeOf(body: string): { shape: ShapeInline; codes: string[] } {
  const parsed = parseDocx(makeDocx({ body, theme: EFFECT_THEME }), {}, host);
  const shape = parsed.ok ? firstShape(parsed.value.sections) : undefined;
  if (!shape) throw new Error('no shape');
  return { shape, codes: parsed.warnings.map((w) => w.code) };
}

beforeAll(async () => {
  await initKernel();
});

describe('theme effect styles', () => {
  it('reads the effect style effectRef names, phClr taking the reference\'s colour', () => {
    const { shape, codes } = shapeOf(wsp(3));
    expect(shape.glow).toEqual({ color: 'ED7D31', opacity: 0.4, radPt: 4 });
    expect(shape.shapeShadow).toEqual({ color: '000000', opacity: 0.38, dxPt: 0, dyPt: 2, blurPt: 3.15 });
    // The shadow's blur is drawn: nothing is reported.
    expect(codes).not.toContain('docx/unsupported-effect');
  });

  it('draws nothing for effectRef idx 0 or an empty effect style, and lets the shape\'s own a:effectLst replace the style\'s', () => {
    for (const body of [wsp(0), wsp(1), wsp(3, '<a:effectLst/>')]) {
      const { shape } = shapeOf(body);
      expect(shape.glow).toBeUndefined();
      expect(shape.shapeShadow).toBeUndefined();
    }
  });

  it('draws the shadow as the shape\'s silhouette moved by its offset and blurred, translucent, under the shape', async () => {
    const { doc } = await layoutDocx(makeDocx({ body: wsp(3), theme: EFFECT_THEME }), 'effects.docx', host);
    const items = doc.pages[0]!.items;
    const shadow = items.findIndex((i) => i.kind === 'group' && i.softMask !== undefined && (i.items[0] as PathItem).fill === '000000');
    const own = items.findIndex((i) => i.kind === 'path' && i.fill === 'FF0000' && i.fillOpacity === undefined);
    expect(shadow).toBeGreaterThanOrEqual(0);
    expect(shadow).toBeLessThan(own);
    const group = items[shadow] as GroupItem;
    expect((group.items[0] as PathItem).fillOpacity).toBe(0.38);
    // The silhouette: the shape's outline 2 pt down, blurred with a sigma of half the 3.15 pt radius.
    const mask = group.softMask!;
    expect(mask.sigmaPt).toBeCloseTo(3.15 / 2, 3);
    const ys = (commands: PathItem['commands']) => commands.flatMap((c) => (c.op === 'Z' ? [] : [c.y]));
    expect(Math.min(...ys(mask.shapes[0]!.commands))).toBeCloseTo(Math.min(...ys((items[own] as PathItem).commands)) + 2, 6);
    expect(mask.shapes[0]!.fill).toBe(true);
  });
});
