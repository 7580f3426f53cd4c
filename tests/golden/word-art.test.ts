/**
 * WordArt text paths (VML v:textpath, ECMA-376 Part 4 §19.1.2.22), the classic header watermark:
 * Word stretches the string on both axes to fill the shape's box and paints it with the shape's
 * fill (seen through v:fill/@opacity) and stroke, turned with the shape. They used to be laid out
 * as a centred paragraph at a guessed size (DRAFT in a 400 × 240 pt box came out 400 pt wide but
 * only about 100 pt tall) in a colour blended with white instead of translucent.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const watermark = (style: string, attrs: string, inner: string) =>
  `<w:p><w:r><w:pict><v:shape id="PowerPlusWaterMarkObject1" type="#_x0000_t136" style="position:absolute;margin-left:0;margin-top:0;${style};` +
  `z-index:-251657216;mso-position-horizontal:center;mso-position-horizontal-relative:margin;mso-position-vertical:center;mso-position-vertical-relative:margin" ${attrs}>${inner}</v:shape></w:pict></w:r></w:p>`;
const DRAFT = watermark('width:400pt;height:240pt;rotation:315', 'fillcolor="red" stroked="f"',
  '<v:fill opacity=".5"/><v:textpath style="font-family:&quot;Calibri&quot;;font-size:1pt" string="DRAFT"/>');
const OUTLINED = watermark('width:300pt;height:60pt', 'fillcolor="#0070c0" strokecolor="black" strokeweight="1.5pt"',
  '<v:textpath style="font-family:&quot;Arial&quot;;font-weight:bold" string="Outlined"/>');

async function layoutWith(header: string) {
  const body = para('Body') + '<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/><w:pgSz w:w="12240" w:h="15840"/>' +
    '<w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>';
  return (await layoutDocx(makeDocx({ body, headers: { rIdH: header } }), 'word-art.docx', host)).doc;
}

function runsOf(items: readonly LayoutItem[], text: string): GlyphRun[] {
  return flatItems(items).filter((i): i is GlyphRun => i.kind === 'glyphs' && text.includes(i.text));
}

/** The group (with a transform) that holds a run, if any. */
function transformAround(items: readonly LayoutItem[], run: GlyphRun): readonly number[] | undefined {
  for (const i of items) {
    if (i.kind !== 'group') continue;
    if (flatItems(i.items).includes(run)) return i.transform ?? transformAround(i.items, run);
  }
  return undefined;
}

beforeAll(async () => {
  await initKernel();
});

const TRIMMED = (trim: string) => watermark('width:300pt;height:60pt', 'fillcolor="black" stroked="f"',
  `<v:textpath style="font-family:&quot;Arial&quot;" ${trim} string="HH"/>`);

describe('WordArt text paths', () => {
  it('fills the box height with the glyphs\' ink when trimmed, with the font\'s line otherwise', async () => {
    const runOf = async (trim: string) => runsOf((await layoutWith(TRIMMED(trim))).pages[0]!.items, 'HH')[0]!;
    const trimmed = await runOf('trim="t"');
    const plain = await runOf('');
    // The 60 pt box is centred on the margin area: top 72 + (648 − 60) / 2 = 366. "HH" has no
    // descender, so trimmed its baseline is the box's bottom and its cap height (Liberation Sans's
    // H: 1409 of 2048 units) the box's height.
    expect(trimmed.y).toBeCloseTo(426, 3);
    expect(trimmed.sizePt).toBeCloseTo(60 / (1409 / 2048), 2);
    expect(plain.sizePt).toBeLessThan(60);
    expect(plain.y).toBeLessThan(426);
  });

  it('stretches a watermark over its box as real text, translucent in the fill colour and turned with the shape', async () => {
    const doc = await layoutWith(DRAFT);
    const items = doc.pages[0]!.items;
    const runs = runsOf(items, 'DRAFT');
    expect(runs.map((r) => r.text).join('')).toBe('DRAFT');
    const width = runs.reduce((w, r) => w + r.advances.reduce((a, b) => a + b, 0), 0);
    expect(width).toBeCloseTo(400, 3);
    // The box is centred on the margin area (468 × 648 pt at 72, 72): it starts at x = 106.
    expect(runs[0]!.x).toBeCloseTo(106, 3);
    // The font's line fills the 240 pt height; Calibri's (its stand-in's typo ascent 0.75 + descent
    // 0.25 em) is one em, so the size is the box's height: not a 1 pt size or a width-based guess.
    expect(runs[0]!.sizePt).toBeCloseTo(240, 3);
    // Stretched on both axes independently: the horizontal scale is not 100 %.
    expect(runs[0]!.scalePct).not.toBeCloseTo(100, 0);
    for (const r of runs) expect(r).toMatchObject({ color: 'FF0000', fillOpacity: 0.5 });
    expect(runs[0]!.outline).toBeUndefined();
    const m = transformAround(items, runs[0]!)!;
    // rotation:315 turns the text 45° anticlockwise: cos 45° on the diagonal, sin −45° below it.
    expect(m[0]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(m[1]).toBeCloseTo(-Math.SQRT1_2, 6);
  });

  it('stacks the lines of a string of several: equal shares of the height, the widest line\'s stretch, centred or stretched each', async () => {
    const lines = async (align: string) => {
      const style = `font-family:&quot;Arial&quot;${align ? `;v-text-align:${align}` : ''}`;
      const items = (await layoutWith(watermark('width:300pt;height:120pt', 'fillcolor="black" stroked="f"', `<v:textpath style="${style}" string="TOP&#xA;SECRET"/>`))).pages[0]!.items;
      return [runsOf(items, 'TOP'), runsOf(items, 'SECRET')] as const;
    };
    const widthOf = (runs: readonly GlyphRun[]) => runs.reduce((w, r) => w + r.advances.reduce((a, b) => a + b, 0), 0);
    const [top, secret] = await lines('');
    expect(widthOf(secret)).toBeCloseTo(300, 3);
    expect(widthOf(top)).toBeLessThan(250);
    // Centred: the box starts at 72 + (468 − 300) / 2 = 156.
    expect(top[0]!.x + widthOf(top) / 2).toBeCloseTo(156 + 150, 3);
    expect(top[0]!.scalePct).toBeCloseTo(secret[0]!.scalePct!, 6);
    // Each line takes half the height: the same size, baselines 60 pt apart.
    expect(secret[0]!.sizePt).toBeCloseTo(top[0]!.sizePt, 6);
    expect(secret[0]!.y - top[0]!.y).toBeCloseTo(60, 3);
    const [stretchedTop] = await lines('stretch-justify');
    expect(widthOf(stretchedTop)).toBeCloseTo(300, 3);
    const [leftTop] = await lines('left');
    expect(leftTop[0]!.x).toBeCloseTo(156, 3);
  });

  it('finds East Asian text in grouped shapes, so their fallback face is loaded (grouped text was not looked at)', async () => {
    const grouped = '<w:p><w:r><w:pict><v:group style="position:absolute;width:300pt;height:60pt" coordsize="300,60">' +
      '<v:shape type="#_x0000_t136" style="position:absolute;left:0;top:0;width:300;height:60" fillcolor="black" stroked="f">' +
      '<v:textpath style="font-family:&quot;Calibri&quot;" string="机密"/></v:shape></v:group></w:pict></w:r></w:p>';
    const doc = await layoutWith(grouped);
    const runs = runsOf(doc.pages[0]!.items, '机密');
    expect(runs.map((r) => r.text).join('')).toBe('机密');
    expect(runs.every((r) => r.glyphs.every((g) => g !== 0))).toBe(true);
  });

  it('outlines the glyphs with the shape stroke and takes the text path font weight', async () => {
    const doc = await layoutWith(OUTLINED);
    const runs = runsOf(doc.pages[0]!.items, 'Outlined');
    expect(runs.map((r) => r.text).join('')).toBe('Outlined');
    expect(runs[0]).toMatchObject({ color: '0070C0', outline: { color: '000000', widthPt: 1.5 } });
    expect(runs[0]!.fillOpacity).toBeUndefined();
    expect(doc.fonts[runs[0]!.font]!.postscriptName).toMatch(/Bold/);
    const width = runs.reduce((w, r) => w + r.advances.reduce((a, b) => a + b, 0), 0);
    expect(width).toBeCloseTo(300, 3);
  });

  it('bends a TextChevron between its guides: outlines filled as paths, the text kept invisible to find and select (it was drawn straight)', async () => {
    const chevron = '<v:shapetype id="_x0000_t140" coordsize="21600,21600" o:spt="140" adj="5400" path="m0@0l10800,,21600@0m,21600l10800@1,21600,21600e">' +
      '<v:formulas><v:f eqn="val #0"/><v:f eqn="sum 21600 0 @0"/></v:formulas><v:path textpathok="t"/><v:textpath on="t" fitshape="t"/></v:shapetype>';
    const shape = '<w:p><w:r><w:pict>' + chevron + '<v:shape type="#_x0000_t140" style="position:absolute;margin-left:0;margin-top:0;width:300pt;height:60pt;' +
      'mso-position-horizontal:center;mso-position-horizontal-relative:margin;mso-position-vertical:center;mso-position-vertical-relative:margin" fillcolor="#0070c0" stroked="f">' +
      '<v:textpath style="font-family:&quot;Arial&quot;" trim="t" string="HHHHHHHH"/></v:shape></w:pict></w:r></w:p>';
    const items = flatItems((await layoutWith(shape)).pages[0]!.items);
    const runs = runsOf(items, 'HHHHHHHH');
    expect(runs.map((r) => r.text).join('')).toBe('HHHHHHHH');
    expect(runs.every((r) => r.invisible)).toBe(true);
    const paths = items.filter((i): i is Extract<LayoutItem, { kind: 'path' }> => i.kind === 'path' && i.fill === '0070C0');
    expect(paths).toHaveLength(1);
    // The box is 300 × 60 pt at (156, 366), and trimmed the H's ink fills the band. The guides rise a
    // quarter of the height (15 pt) to the middle: the H in the middle reaches the box's top, those
    // at the ends 15 pt lower; the bottom guide rises as much, so the middle's feet are 15 pt above
    // the ends' feet, which are on the box's bottom.
    const pts = paths[0]!.commands.flatMap((c) => (c.op === 'Z' ? [] : [[c.x, c.y] as const]));
    const topNear = (x: number) => Math.min(...pts.filter(([px]) => Math.abs(px - x) < 8).map(([, py]) => py));
    const bottomNear = (x: number) => Math.max(...pts.filter(([px]) => Math.abs(px - x) < 8).map(([, py]) => py));
    const near = (v: number, want: number) => expect(Math.abs(v - want)).toBeLessThan(1);
    near(topNear(306), 366);
    near(topNear(160), 366 + 14);
    near(bottomNear(160), 426);
    near(bottomNear(306), 426 - 15);
    expect(Math.min(...pts.map(([x]) => x))).toBeGreaterThan(156 - 1);
    expect(Math.max(...pts.map(([x]) => x))).toBeLessThan(456 + 1);
  });

  it('sets an arch\'s text along its one guide, hanging inside the box from the arc', async () => {
    const EMU = 12700;
    const wsp = '<w:p><w:r><w:drawing><wp:anchor distT="0" distB="0" distL="0" distR="0" simplePos="0" relativeHeight="1" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">' +
      '<wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="page"><wp:posOffset>0</wp:posOffset></wp:positionH><wp:positionV relativeFrom="page"><wp:posOffset>0</wp:posOffset></wp:positionV>' +
      `<wp:extent cx="${200 * EMU}" cy="${200 * EMU}"/><wp:wrapNone/><wp:docPr id="1" name="S"/><a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:cNvSpPr/>` +
      `<wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${200 * EMU}" cy="${200 * EMU}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:noFill/></wps:spPr>` +
      '<wps:txbx><w:txbxContent><w:p><w:r><w:rPr><w:rFonts w:ascii="Arial" w:hAnsi="Arial"/><w:color w:val="C00000"/></w:rPr><w:t>Arched text</w:t></w:r></w:p></w:txbxContent></wps:txbx>' +
      '<wps:bodyPr lIns="0" tIns="0" rIns="0" bIns="0"><a:prstTxWarp prst="textArchUp"><a:avLst/></a:prstTxWarp></wps:bodyPr></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r></w:p>';
    const { doc, codes } = await layoutDocx(makeDocx({ body: wsp + para('Body') }), 'arch.docx', host);
    expect(codes).not.toContain('docx/unsupported-text-warp');
    const items = flatItems(doc.pages[0]!.items);
    expect(runsOf(items, 'Arched text').every((r) => r.invisible)).toBe(true);
    const path = items.find((i): i is Extract<LayoutItem, { kind: 'path' }> => i.kind === 'path' && i.fill === 'C00000')!;
    const pts = path.commands.flatMap((c) => (c.op === 'Z' ? [] : [[c.x, c.y] as const]));
    // The arc is the circle inscribed in the 200 pt box: the text's line hangs from it, so the ink
    // comes near it (Arial's ascent reaches a little above its letters) but never past it, and the
    // text (no taller than a quarter of the box) keeps out of the lower half and away from the centre.
    const far = Math.max(...pts.map(([x, y]) => Math.hypot(x - 100, y - 100)));
    expect(far).toBeLessThan(100);
    expect(far).toBeGreaterThan(88);
    expect(Math.min(...pts.map(([x, y]) => Math.hypot(x - 100, y - 100)))).toBeGreaterThan(45);
    expect(Math.max(...pts.map(([, y]) => y))).toBeLessThan(110);
  });
});
