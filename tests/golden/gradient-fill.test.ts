/**
 * Gradient fills drawn as gradients: DrawingML a:gradFill (a:lin, a:path) and VML v:fill gradients
 * reach the model as stops and an angle, layout as a shading in page coordinates on the shape's
 * path, and the PDF as a Type 2 / Type 3 shading that poppler paints as a blend.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertDocxToPdf } from '../../engine/convert';
import { parseDocx } from '../../engine/docx';
import { initKernel } from '../../engine/layout';
import type { PathItem, ShapeInline } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, OFFICE_THEME } from '../helpers/make-docx';
import { chartPart, inlineChart } from '../helpers/make-chart';
import { drawTestChart } from '../../engine/layout/chart/test-util';
import { firstShape } from '../helpers/first-shape';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const EMU = 12700;
const hasPoppler = spawnSync('pdftoppm', ['-v']).status === 0;

/** A floating 200 × 100 pt rectangle at the page's top-left corner with the given spPr fill. */
function wsp(fill: string, xfrmAttrs = '', style = ''): string {
  const ext = `cx="${200 * EMU}" cy="${100 * EMU}"`;
  return '<w:p><w:r><w:drawing><wp:anchor distT="0" distB="0" distL="0" distR="0" simplePos="0" relativeHeight="1" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">' +
    '<wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="page"><wp:posOffset>0</wp:posOffset></wp:positionH><wp:positionV relativeFrom="page"><wp:posOffset>0</wp:posOffset></wp:positionV>' +
    `<wp:extent ${ext}/><wp:wrapNone/><wp:docPr id="1" name="S"/><a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:cNvSpPr/>` +
    `<wps:spPr><a:xfrm${xfrmAttrs}><a:off x="0" y="0"/><a:ext ${ext}/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom>${fill}<a:ln><a:noFill/></a:ln></wps:spPr>${style}` +
    '<wps:bodyPr/></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r></w:p>';
}

const gs = (pos: number, hex: string) => `<a:gs pos="${pos}"><a:srgbClr val="${hex}"/></a:gs>`;
/** Red at the left to blue at the right (a:lin ang 0). */
const RED_TO_BLUE = `<a:gradFill rotWithShape="1"><a:gsLst>${gs(0, 'FF0000')}${gs(100000, '0000FF')}</a:gsLst><a:lin ang="0" scaled="0"/></a:gradFill>`;

function shapeOf(body: string): ShapeInline {
  const parsed = parseDocx(makeDocx({ body }), {}, host);
  const shape = parsed.ok ? firstShape(parsed.value.sections) : undefined;
  if (!shape) throw new Error('no shape');
  return shape;
}

async function pathsOf(body: string, name: string): Promise<PathItem[]> {
  const { doc } = await layoutDocx(makeDocx({ body }), `${name}.docx`, host);
  return flatItems(doc.pages[0]!.items).filter((i): i is PathItem => i.kind === 'path');
}

async function pdfOf(body: string): Promise<Uint8Array> {
  const result = await convertDocxToPdf(makeDocx({ body }), {}, host);
  if (!result.ok) throw new Error('convert failed');
  return result.value.pdf;
}

/** The latin-1 text of a PDF with its Flate streams inflated. */
function pdfText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString('latin1');
  let out = raw;
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      out += inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      // not deflated
    }
  }
  return out;
}

beforeAll(async () => {
  await initKernel();
});

describe('DrawingML gradients', () => {
  it('reads a:gradFill stops, angle and scaling into the model, with the middle stop as its colour', async () => {
    const fill = `<a:gradFill rotWithShape="0"><a:gsLst>${gs(100000, '0000FF')}${gs(0, 'FF0000')}${gs(50000, '00FF00')}</a:gsLst><a:lin ang="5400000" scaled="1"/></a:gradFill>`;
    const shape = shapeOf(wsp(fill));
    expect(shape.fill).toBe('FF0000');
    expect(shape.fillGradient).toEqual({
      kind: 'linear', angleDeg: 90, scaled: true, rotWithShape: false,
      stops: [{ pos: 0, color: 'FF0000' }, { pos: 0.5, color: '00FF00' }, { pos: 1, color: '0000FF' }],
    });
  });

  it('reads the theme gradient a wps:style fillRef names (idx 2), its phClr stops in the reference colour', () => {
    const styles = '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>' +
      '<a:gradFill rotWithShape="1"><a:gsLst><a:gs pos="0"><a:schemeClr val="phClr"><a:tint val="50000"/></a:schemeClr></a:gs>' +
      '<a:gs pos="100000"><a:schemeClr val="phClr"/></a:gs></a:gsLst><a:lin ang="5400000" scaled="0"/></a:gradFill>';
    const theme = OFFICE_THEME.replace('<a:fillStyleLst/>', `<a:fillStyleLst>${styles}</a:fillStyleLst>`);
    const style = '<wps:style><a:lnRef idx="0"><a:schemeClr val="accent1"/></a:lnRef><a:fillRef idx="2"><a:srgbClr val="FF0000"/></a:fillRef>' +
      '<a:effectRef idx="0"><a:schemeClr val="accent1"/></a:effectRef><a:fontRef idx="minor"><a:schemeClr val="lt1"/></a:fontRef></wps:style>';
    const parsed = parseDocx(makeDocx({ theme, body: wsp('', '', style) }), {}, host);
    const shape = parsed.ok ? firstShape(parsed.value.sections) : undefined;
    expect(shape?.fillGradient?.angleDeg).toBe(90);
    // a:tint 50 % works in linear light (engine/docx/color.ts): FF0000 becomes FFBCBC.
    expect(shape?.fillGradient?.stops.map((t) => t.color)).toEqual(['FFBCBC', 'FF0000']);
    expect(shape?.fill).toBe('FF0000');
  });

  it('reads a path gradient with its focus rectangle', async () => {
    const fill = `<a:gradFill><a:gsLst>${gs(0, 'FFFFFF')}${gs(100000, '000000')}</a:gsLst><a:path path="circle"><a:fillToRect l="50000" t="50000" r="50000" b="50000"/></a:path></a:gradFill>`;
    const g = shapeOf(wsp(fill)).fillGradient;
    expect(g?.kind).toBe('circle');
    expect(g?.focus).toEqual({ l: 0.5, t: 0.5, r: 0.5, b: 0.5 });
  });

  it('lays a left-to-right gradient out as an axial shading across the box', async () => {
    const [path] = await pathsOf(wsp(RED_TO_BLUE), 'lin0');
    expect(path?.fill).toBe('0000FF');
    expect(path?.shading).toEqual({ kind: 'axial', coords: [0, 50, 200, 50], stops: [{ pos: 0, color: 'FF0000' }, { pos: 1, color: '0000FF' }] });
  });

  it('spans a 45° gradient from corner to corner, and a scaled one along the stretched square', async () => {
    const lin = (scaled: number) => `<a:gradFill><a:gsLst>${gs(0, 'FF0000')}${gs(100000, '0000FF')}</a:gsLst><a:lin ang="2700000" scaled="${scaled}"/></a:gradFill>`;
    const [plain] = await pathsOf(wsp(lin(0)), 'lin45');
    // Unscaled: along (1, 1), half-extent (100 + 50)/√2 from the centre (100, 50): ±75 on each axis.
    expect(plain?.shading?.coords).toEqual([25, -25, 175, 125]);
    const [scaled] = await pathsOf(wsp(lin(1)), 'lin45s');
    // Scaled: the unit square's diagonal blend stretched, its lines parallel to the other diagonal: the
    // gradient vector is (1/200, 1/100), and the lines through the top-left and bottom-right corners end it.
    expect(scaled?.shading?.coords).toEqual([60, -30, 140, 130]);
  });

  it('turns a gradient with its shape, and back when rotWithShape is off', async () => {
    const fill = (rot: number) => `<a:gradFill rotWithShape="${rot}"><a:gsLst>${gs(0, 'FF0000')}${gs(100000, '0000FF')}</a:gsLst><a:lin ang="0"/></a:gradFill>`;
    // Drawn upright inside a group turned 90° about the box's centre: left to right in the box turns with it.
    const [turning] = await pathsOf(wsp(fill(1), ' rot="5400000"'), 'rot1');
    expect(turning?.shading?.coords).toEqual([0, 50, 200, 50]);
    // Not turning: the blend runs up the upright box, which the group's turn makes left to right on the page.
    const [fixed] = await pathsOf(wsp(fill(0), ' rot="5400000"'), 'rot0');
    expect(fixed?.shading?.coords).toEqual([100, 100, 100, 0]);
  });

  it('lays a circular path gradient out as a radial shading from the focus to the farthest corner', async () => {
    const fill = `<a:gradFill><a:gsLst>${gs(0, 'FFFFFF')}${gs(100000, '000000')}</a:gsLst><a:path path="circle"><a:fillToRect l="50000" t="50000" r="50000" b="50000"/></a:path></a:gradFill>`;
    const [path] = await pathsOf(wsp(fill), 'circle');
    expect(path?.shading?.kind).toBe('radial');
    expect(path?.shading?.coords).toEqual([100, 50, 0, 100, 50, 111.803]);
  });

  it('writes a Type 2 shading with its coordinates and a Type 2 function, painted with sh inside the clipped path', async () => {
    const text = pdfText(await pdfOf(wsp(RED_TO_BLUE)));
    expect(text).toMatch(/\/ShadingType 2/);
    // The page is 792 pt tall: the box's middle line, 50 pt down, is at y 742 in PDF space.
    expect(text).toMatch(/\/Coords \[ 0 742 200 742 \]/);
    expect(text).toMatch(/\/FunctionType 2[\s\S]*\/C0 \[ 1 0 0 \][\s\S]*\/C1 \[ 0 0 1 \]/);
    expect(text).toMatch(/\/Extend \[ true true \]/);
    expect(text).toMatch(/\/Shading <<\s*\/Sh0 \d+ 0 R/);
    expect(text).toMatch(/W n\n\/Sh0 sh\nQ/);
  });

  it('stitches three stops with a Type 3 function', async () => {
    const fill = `<a:gradFill><a:gsLst>${gs(0, 'FF0000')}${gs(25000, '00FF00')}${gs(100000, '0000FF')}</a:gsLst><a:lin ang="0"/></a:gradFill>`;
    const text = pdfText(await pdfOf(wsp(fill)));
    expect(text).toMatch(/\/FunctionType 3/);
    expect(text).toMatch(/\/Bounds \[ 0\.25 \]/);
    expect(text).toMatch(/\/Encode \[ 0 1 0 1 \]/);
  });

  it('lays a rectangular path gradient out as four faces, each blending from the focus out to its edge', async () => {
    const fill = `<a:gradFill><a:gsLst>${gs(0, 'FFFFFF')}${gs(100000, '000000')}</a:gsLst><a:path path="rect"><a:fillToRect l="50000" t="50000" r="50000" b="50000"/></a:path></a:gradFill>`;
    const paths = await pathsOf(wsp(fill), 'rect');
    // Left and right halves first, then the top (with the focus) and bottom faces over them.
    expect(paths.map((p) => p.shading?.coords)).toEqual([[100, 50, 0, 50], [100, 50, 200, 50], [100, 50, 100, 0], [100, 50, 100, 100]]);
    expect(paths.map((p) => p.shading?.clip?.length)).toEqual([5, 5, 7, 5]);
  });

  it.runIf(hasPoppler)('paints a rectangular path gradient with rectangles for its lines in poppler', async () => {
    const fill = `<a:gradFill><a:gsLst>${gs(0, 'FFFFFF')}${gs(100000, '000000')}</a:gsLst><a:path path="rect"><a:fillToRect l="50000" t="50000" r="50000" b="50000"/></a:path></a:gradFill>`;
    const dir = mkdtempSync(join(tmpdir(), 'grad-'));
    writeFileSync(join(dir, 'r.pdf'), await pdfOf(wsp(fill)));
    const r = spawnSync('pdftoppm', ['-r', '72', '-f', '1', '-l', '1', '-x', '0', '-y', '0', '-W', '200', '-H', '100', '-gray', '-singlefile', join(dir, 'r.pdf'), join(dir, 'r')]);
    expect(r.status).toBe(0);
    const pgm = readFileSync(join(dir, 'r.pgm'));
    const px = pgm.subarray(pgm.length - 200 * 100);
    const at = (x: number, y: number) => px[y * 200 + x]!;
    // Halfway from the centre to the left edge and to the top edge: the same grey (a circle would differ).
    expect(Math.abs(at(50, 50) - 128)).toBeLessThan(12);
    expect(Math.abs(at(100, 25) - 128)).toBeLessThan(12);
    expect(at(100, 50)).toBeGreaterThan(230);
    expect(at(1, 50)).toBeLessThan(20);
  });

  it.runIf(hasPoppler)('paints red at the left and blue at the right in poppler', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'grad-'));
    const file = join(dir, 'g.pdf');
    writeFileSync(file, await pdfOf(wsp(RED_TO_BLUE)));
    // 72 dpi: one pixel per point; the shape covers x 0–200, y 0–100.
    const r = spawnSync('pdftoppm', ['-r', '72', '-f', '1', '-l', '1', '-x', '0', '-y', '40', '-W', '200', '-H', '1', '-singlefile', file, join(dir, 'p')]);
    expect(r.status).toBe(0);
    const ppm = readFileSync(join(dir, 'p.ppm'));
    const pixels = ppm.subarray(ppm.length - 200 * 3);
    const at = (x: number) => [...pixels.subarray(x * 3, x * 3 + 3)];
    const [left, mid, right] = [at(2), at(100), at(197)];
    expect(left[0]).toBeGreaterThan(240);
    expect(left[2]).toBeLessThan(15);
    expect(right[0]).toBeLessThan(15);
    expect(right[2]).toBeGreaterThan(240);
    expect(Math.abs(mid[0]! - 128)).toBeLessThan(12);
    expect(Math.abs(mid[2]! - 128)).toBeLessThan(12);
  });
});

describe('chart gradients', () => {
  const up = `<a:gradFill><a:gsLst>${gs(0, '003366')}${gs(100000, '99CCFF')}</a:gsLst><a:lin ang="16200000" scaled="0"/></a:gradFill>`;
  const chartDoc = () => makeDocx({
    theme: OFFICE_THEME,
    body: `<w:p>${inlineChart('rIdChart1', 400, 250)}</w:p>`,
    parts: { rIdChart1: chartPart({ kind: 'barChart', barDir: 'col', grouping: 'clustered', categories: ['A', 'B'], series: [{ name: 'S', values: [2, 4], extra: `<c:spPr>${up}</c:spPr>` }] }) },
  });

  it('reads a series a:gradFill and shades each bar from its bottom to its top', async () => {
    const parsed = parseDocx(chartDoc(), {}, host);
    const chart = parsed.ok ? Object.values(parsed.value.charts)[0] : undefined;
    const series = chart?.plots[0]?.series[0];
    expect(series?.gradient?.angleDeg).toBe(270);
    expect(series?.color).toBe('99CCFF');
    const { doc } = await layoutDocx(chartDoc(), 'chart-grad.docx', host);
    const bars = flatItems(doc.pages[0]!.items).filter((i): i is PathItem => i.kind === 'path' && i.shading !== undefined);
    expect(bars).toHaveLength(2);
    for (const bar of bars) {
      const [x0, y0, x1, y1] = bar.shading!.coords;
      const ys = bar.commands.flatMap((c) => (c.op === 'Z' ? [] : [c.y]));
      // Vertical axis, starting at the bar's bottom edge and ending at its top.
      expect(x0).toBe(x1);
      expect(y0).toBeCloseTo(Math.max(...ys), 2);
      expect(y1).toBeCloseTo(Math.min(...ys), 2);
      expect(bar.shading!.stops.map((t) => t.color)).toEqual(['003366', '99CCFF']);
    }
  });

  it('shades the chart space and the plot area with their gradients', () => {
    const g = { kind: 'linear', angleDeg: 0, scaled: false, rotWithShape: true, stops: [{ pos: 0, color: 'FFFFFF' }, { pos: 1, color: 'CCCCCC' }] } as const;
    const { items } = drawTestChart({ plots: [], axes: [], background: 'EEEEEE', backgroundGradient: g, plotBackground: 'EEEEEE', plotGradient: g });
    const shaded = items.filter((i): i is PathItem => i.kind === 'path' && i.shading !== undefined);
    // The chart box (BOX: 100, 100, 432 × 252) blends across its width.
    expect(shaded[0]?.shading?.coords).toEqual([100, 226, 532, 226]);
    expect(shaded[0]?.stroke).toBe('D9D9D9');
  });
});

describe('VML gradients', () => {
  const rect = (fill: string) => `<w:p><w:r><w:pict><v:rect style="width:100pt;height:50pt" fillcolor="#ff0000" stroked="f">${fill}</v:rect></w:pict></w:r></w:p>`;

  it('reads focus 100 % as color at the top and color2 at the bottom, and the halfway colour as the flat one', () => {
    const shape = shapeOf(rect('<v:fill color2="#0000ff" focus="100%" type="gradient"/>'));
    expect(shape.fill).toBe('800080');
    expect(shape.fillGradient).toEqual({ kind: 'linear', angleDeg: 90, scaled: false, rotWithShape: false, stops: [{ pos: 0, color: 'FF0000' }, { pos: 1, color: '0000FF' }] });
  });

  it('mirrors the blend for focus 50 % (color at both ends, color2 in the middle) and turns it by the angle', () => {
    const g = shapeOf(rect('<v:fill color2="#0000ff" focus="50%" angle="90" type="gradient"/>')).fillGradient;
    expect(g?.angleDeg).toBe(0);
    expect(g?.stops).toEqual([{ pos: 0, color: 'FF0000' }, { pos: 0.5, color: '0000FF' }, { pos: 1, color: 'FF0000' }]);
  });

  it('reads a colors list and a radial gradient around its focus position', () => {
    const g = shapeOf(rect('<v:fill color2="#0000ff" focus="100%" colors="0 #ff0000;.5 #00ff00;1 #0000ff" type="gradient"/>')).fillGradient;
    expect(g?.stops.map((t) => [t.pos, t.color])).toEqual([[0, 'FF0000'], [0.5, '00FF00'], [1, '0000FF']]);
    const r = shapeOf(rect('<v:fill color2="#0000ff" focus="100%" focusposition=".5,.5" type="gradientRadial"/>')).fillGradient;
    expect(r?.kind).toBe('rect');
    expect(r?.focus).toEqual({ l: 0.5, t: 0.5, r: 0.5, b: 0.5 });
  });
});
