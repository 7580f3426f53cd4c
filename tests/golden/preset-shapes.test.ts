/**
 * Shapes drawn as themselves (preset geometry from the table of preset-geometry.ts, VML paths),
 * not as their bounding rectangle: one fixture per family (flowchart, arrow, callout, star and
 * banner, 3-D faces), text inset by the geometry's text rectangle, VML paths with shape types and
 * formulas, and a PDF that stays free of non-numbers whatever the adjust values.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { convertDocxToPdf } from '../../engine/convert';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc, PathItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const EMU = 12700;

/** A floating wps:wsp of 100 × 50 pt at the margin's top-left, with a fill, a black outline and optional text. */
function wsp(prst: string, opts: { av?: string; text?: string; fill?: string } = {}): string {
  const ext = `cx="${100 * EMU}" cy="${50 * EMU}"`;
  const txbx = opts.text ? `<wps:txbx><w:txbxContent>${para(opts.text)}</w:txbxContent></wps:txbx>` : '';
  return '<w:p><w:r><w:drawing><wp:anchor distT="0" distB="0" distL="0" distR="0" simplePos="0" relativeHeight="1" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">' +
    '<wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="margin"><wp:posOffset>0</wp:posOffset></wp:positionH><wp:positionV relativeFrom="margin"><wp:posOffset>0</wp:posOffset></wp:positionV>' +
    `<wp:extent ${ext}/><wp:wrapNone/><wp:docPr id="1" name="S"/><a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:cNvSpPr/>` +
    `<wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext ${ext}/></a:xfrm><a:prstGeom prst="${prst}"><a:avLst>${opts.av ?? ''}</a:avLst></a:prstGeom>` +
    `<a:solidFill><a:srgbClr val="${opts.fill ?? '808080'}"/></a:solidFill><a:ln w="12700"><a:solidFill><a:srgbClr val="000000"/></a:solidFill></a:ln></wps:spPr>` +
    `${txbx}<wps:bodyPr lIns="0" tIns="0" rIns="0" bIns="0"/></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r></w:p>`;
}

async function layout(body: string, name: string): Promise<{ doc: LayoutDoc; paths: PathItem[]; codes: string[] }> {
  const { doc, codes } = await layoutDocx(makeDocx({ body }), `${name}.docx`, host);
  const paths = flatItems(doc.pages[0]!.items).filter((i): i is PathItem => i.kind === 'path');
  return { doc, paths, codes };
}

const bounds = (p: PathItem) => {
  const xs = p.commands.flatMap((c) => (c.op === 'Z' ? [] : [c.x]));
  const ys = p.commands.flatMap((c) => (c.op === 'Z' ? [] : [c.y]));
  return { w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys), curves: p.commands.filter((c) => c.op === 'C').length };
};

beforeAll(async () => {
  await initKernel();
});

describe('preset shapes drawn as themselves', () => {
  it('draws a flowchart document with its wavy bottom edge, not a rectangle', async () => {
    const { paths, codes } = await layout(wsp('flowChartDocument'), 'flowchart');
    expect(codes).not.toContain('docx/unsupported-geometry');
    expect(paths).toHaveLength(1);
    expect(bounds(paths[0]!).curves).toBe(1);
  });

  it('draws a curved arrow as a filled body, a darker underside and an outline only path', async () => {
    const { paths } = await layout(wsp('curvedRightArrow'), 'arrow');
    expect(paths.map((p) => [p.fill ?? null, p.stroke ?? null])).toEqual([['808080', null], ['666666', null], [null, '000000']]);
  });

  it('draws a line callout: its box filled and outlined, its leader line outlined only', async () => {
    const { paths } = await layout(wsp('borderCallout1'), 'callout');
    expect(paths.map((p) => [p.fill ?? null, p.stroke ?? null])).toEqual([['808080', '000000'], [null, '000000']]);
    // The leader starts at (−8.333% w, 18.75% h) left of the box: 8.33 pt outside it.
    const leader = paths[1]!.commands[0] as { x: number };
    expect(leader.x).toBeCloseTo(72 - 8.333, 2);
  });

  it('paints the marker lines of chartPlus, chartStar and chartX over their filled box', async () => {
    for (const prst of ['chartPlus', 'chartStar', 'chartX']) {
      const { paths } = await layout(wsp(prst), prst);
      // The spec lists the lines (fill="none") first and the box (stroke="false") second.
      expect(paths.map((p) => [p.fill ?? null, p.stroke ?? null])).toEqual([['808080', null], [null, '000000']]);
    }
  });

  it('draws a 3-D cube with lighter and darker faces', async () => {
    const { paths } = await layout(wsp('cube'), 'cube');
    expect(paths.map((p) => p.fill ?? null)).toEqual(['808080', '666666', '999999', null]);
  });

  it('draws a star and a scroll with their own outlines', async () => {
    const star = await layout(wsp('star24'), 'star');
    expect(star.paths[0]!.commands.filter((c) => c.op === 'L')).toHaveLength(47);
    const scroll = await layout(wsp('verticalScroll'), 'scroll');
    expect(scroll.paths).toHaveLength(3);
    expect(scroll.codes).not.toContain('docx/unsupported-geometry');
  });

  it('insets the text of an ellipse by its inscribed text rectangle', async () => {
    const { doc } = await layout(wsp('ellipse', { text: 'Inside' }), 'ellipse-text');
    const run = flatItems(doc.pages[0]!.items).find((i): i is GlyphRun => i.kind === 'glyphs' && i.text.includes('Inside'))!;
    // Text rectangle left = hc − wd2·cos 45° = 50 − 35.355 = 14.645 pt into the shape at the 72 pt margin.
    expect(run.x).toBeCloseTo(72 + 14.645, 1);
  });

  it('keeps every number of the PDF finite with hostile adjust values', async () => {
    const av = '<a:gd name="adj" fmla="val 2147483647"/><a:gd name="adj1" fmla="val -2147483647"/><a:gd name="adj2" fmla="val 999999999"/>';
    const body = ['circularArrow', 'gear9', 'cloudCallout', 'moon', 'mathNotEqual', 'swooshArrow'].map((p) => wsp(p, { av })).join('');
    const r = await convertDocxToPdf(makeDocx({ body }), {}, host);
    expect(r.ok).toBe(true);
    const text = new TextDecoder('latin1').decode(r.ok ? r.value.pdf : new Uint8Array());
    expect(text).not.toMatch(/NaN|Infinity/);
  });
});

describe('VML shapes with their own path', () => {
  const shapetype = '<v:shapetype id="_x0000_t500" coordsize="21600,21600" o:spt="100" adj="5400" path="m0,0l@1,0@1,21600,0,21600xe">' +
    '<v:formulas><v:f eqn="val #0"/><v:f eqn="prod @0 2 1"/></v:formulas></v:shapetype>';
  const shape = (attrs: string) => `<v:shape style="position:absolute;margin-left:0;margin-top:0;width:100pt;height:50pt" fillcolor="#808080" strokecolor="black" ${attrs}/>`;

  it('draws a shape type’s path with its adjust values and formulas', async () => {
    const { paths, codes } = await layout(`<w:p><w:r><w:pict>${shapetype}${shape('type="#_x0000_t500" adj="2700"')}</w:pict></w:r></w:p>`, 'vml-type');
    expect(codes).not.toContain('docx/unsupported-geometry');
    // @1 = 2 × #0 = 5400 of 21600: a quarter of the width.
    expect(bounds(paths[0]!)).toMatchObject({ w: 25, h: 50 });
  });

  it('finds a shape type defined in an earlier picture', async () => {
    const body = `<w:p><w:r><w:pict>${shapetype}</w:pict></w:r></w:p><w:p><w:r><w:pict>${shape('type="#_x0000_t500"')}</w:pict></w:r></w:p>`;
    const { paths } = await layout(body, 'vml-type-earlier');
    expect(bounds(paths[0]!)).toMatchObject({ w: 50, h: 50 });
  });

  it('finds a shape type defined inside a group, for the group\'s shapes and later ones', async () => {
    const child = '<v:shape style="position:absolute;left:0;top:0;width:1000;height:500" type="#_x0000_t500" fillcolor="#808080" strokecolor="black"/>';
    const group = `<v:group style="position:absolute;margin-left:0;margin-top:0;width:100pt;height:50pt" coordsize="1000,500">${shapetype}${child}</v:group>`;
    const body = `<w:p><w:r><w:pict>${group}</w:pict></w:r></w:p><w:p><w:r><w:pict>${shape('type="#_x0000_t500"')}</w:pict></w:r></w:p>`;
    const { paths, codes } = await layout(body, 'vml-type-in-group');
    expect(codes).not.toContain('docx/unsupported-geometry');
    // Both drawn by the type's path: half of the 100 pt width, not the bounding rectangle.
    expect(paths.map((p) => bounds(p).w)).toEqual([50, 50]);
  });

  it('insets a text box by its path\'s text box rectangle (v:path/@textboxrect)', async () => {
    const typed = shapetype.replace('</v:shapetype>', '<v:path textboxrect="@1,0,21600,21600"/></v:shapetype>');
    const text = `<v:textbox inset="0,0,0,0"><w:txbxContent>${para('Boxed')}</w:txbxContent></v:textbox>`;
    const body = `<w:p><w:r><w:pict>${typed}${shape('type="#_x0000_t500"').replace('/>', `>${text}</v:shape>`)}</w:pict></w:r></w:p>`;
    const { doc } = await layout(body, 'vml-textboxrect');
    const run = flatItems(doc.pages[0]!.items).find((i): i is GlyphRun => i.kind === 'glyphs' && i.text.includes('Boxed'))!;
    // @1 = 2 × 5400 = 10800 of 21600: the text starts half way across the 100 pt shape.
    expect(run.x).toBeCloseTo(72 + 50, 1);
  });

  it('falls back to the bounding rectangle with a warning on an unknown path command', async () => {
    const { paths, codes } = await layout(`<w:p><w:r><w:pict>${shape('coordsize="100,100" path="m0,0k50,50e"')}</w:pict></w:r></w:p>`, 'vml-unknown');
    expect(codes).toContain('docx/unsupported-geometry');
    expect(bounds(paths[0]!)).toMatchObject({ w: 100, h: 50 });
  });
});
