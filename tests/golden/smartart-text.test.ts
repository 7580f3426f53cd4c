/**
 * SmartArt drawn from its pre-rendered drawing part (dsp:drawing): a shape's text sits inside the
 * geometry's text rectangle and bodyPr's insets, as for wps shapes, not at fixed insets, in the
 * colour of its style's a:fontRef.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutItem, Paragraph, ShapeInline, TextRun } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { parseDocx } from '../../engine/docx';
import { makeDocx, OFFICE_THEME } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const EMU = 12700;
const DGM = 'http://schemas.openxmlformats.org/drawingml/2006/diagram';
const DSP = 'http://schemas.microsoft.com/office/drawing/2008/diagram';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * A SmartArt of one 200 × 100 pt shape of geometry `geom` holding "Inside", with bodyPr `bodyPr`,
 * dsp:style `style`, a:xfrm attributes `xfrmAttrs`, `after` after its text body (a dsp:txXfrm) and
 * run properties `rPr`.
 */
function smartArt(geom: string, bodyPr: string, style = '', more: { xfrmAttrs?: string; after?: string; rPr?: string } = {}): Uint8Array {
  const ext = `cx="${200 * EMU}" cy="${100 * EMU}"`;
  const data = `<dgm:dataModel xmlns:dgm="${DGM}" xmlns:dsp="${DSP}" xmlns:a="${A}"><dgm:ptLst/><dgm:extLst><a:ext uri="http://schemas.microsoft.com/office/drawing/2008/diagram"><dsp:dataModelExt relId="rIdDsp" minVer="http://schemas.openxmlformats.org/drawingml/2006/diagram"/></a:ext></dgm:extLst></dgm:dataModel>`;
  const drawing = `<dsp:drawing xmlns:dsp="${DSP}" xmlns:a="${A}"><dsp:spTree><dsp:nvGrpSpPr><dsp:cNvPr id="0" name=""/><dsp:cNvGrpSpPr/></dsp:nvGrpSpPr><dsp:grpSpPr/>` +
    `<dsp:sp modelId="{1}"><dsp:nvSpPr><dsp:cNvPr id="0" name=""/><dsp:cNvSpPr/></dsp:nvSpPr><dsp:spPr><a:xfrm${more.xfrmAttrs ?? ''}><a:off x="0" y="0"/><a:ext ${ext}/></a:xfrm>${geom}` +
    '<a:solidFill><a:srgbClr val="80C0FF"/></a:solidFill></dsp:spPr>' +
    `${style}<dsp:txBody>${bodyPr}<a:lstStyle/><a:p><a:r><a:rPr lang="en-US" sz="1200">${more.rPr ?? ''}</a:rPr><a:t>Inside</a:t></a:r></a:p></dsp:txBody>${more.after ?? ''}</dsp:sp></dsp:spTree></dsp:drawing>`;
  const body = `<w:p><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent ${ext}/><wp:docPr id="1" name="D"/>` +
    `<a:graphic><a:graphicData uri="${DGM}"><dgm:relIds xmlns:dgm="${DGM}" r:dm="rIdDm" r:lo="" r:qs="" r:cs=""/></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
  return makeDocx({
    body,
    theme: OFFICE_THEME,
    parts: {
      rIdDm: { name: 'word/diagrams/data1.xml', contentType: 'application/vnd.openxmlformats-officedocument.drawingml.diagramData+xml', relType: `${REL}/diagramData`, data },
      rIdDsp: { name: 'word/diagrams/drawing1.xml', contentType: 'application/vnd.ms-office.drawingml.diagramDrawing+xml', relType: 'http://schemas.microsoft.com/office/2007/relationships/diagramDrawing', data: drawing },
    },
  });
}

/** The font of the text run of the SmartArt's first shape, as parsed. */
function insideFont(docx: Uint8Array): string {
  const parsed = parseDocx(docx, {}, host);
  if (!parsed.ok) throw new Error('parse failed');
  const para = parsed.value.sections[0]!.blocks[0] as Paragraph;
  const art = para.inlines.find((i): i is ShapeInline => i.kind === 'shape')!;
  const p = art.children![0]!.item as ShapeInline;
  return ((p.text!.blocks[0] as Paragraph).inlines[0] as TextRun).props.font;
}

/** Whether a run sits inside a group that turns it. */
function turned(items: readonly LayoutItem[], run: GlyphRun, inTurn = false): boolean | undefined {
  for (const i of items) {
    if (i === run) return inTurn;
    if (i.kind !== 'group') continue;
    const m = i.transform;
    const found = turned(i.items, run, inTurn || (m !== undefined && Math.abs(m[1]) > 1e-9));
    if (found !== undefined) return found;
  }
  return undefined;
}

async function insideRun(docx: Uint8Array, name: string): Promise<GlyphRun> {
  const { doc } = await layoutDocx(docx, `${name}.docx`, host);
  return flatItems(doc.pages[0]!.items).find((i): i is GlyphRun => i.kind === 'glyphs' && i.text.includes('Inside'))!;
}

beforeAll(async () => {
  await initKernel();
});

describe('SmartArt shape text', () => {
  it('insets the text by the preset\'s text rectangle and bodyPr\'s insets', async () => {
    const run = await insideRun(smartArt('<a:prstGeom prst="ellipse"><a:avLst/></a:prstGeom>', `<a:bodyPr lIns="${10 * EMU}" tIns="0" rIns="0" bIns="0" anchor="t"/>`), 'smartart-ellipse');
    // Ellipse text rectangle left = hc − wd2·cos 45° = 100 − 70.711 = 29.289 pt, then lIns 10 pt, from the 72 pt margin.
    expect(run.x).toBeCloseTo(72 + 29.289 + 10, 1);
  });

  it('uses a custom geometry\'s text rectangle (a:rect)', async () => {
    const cust = '<a:custGeom><a:avLst/><a:gdLst/><a:ahLst/><a:cxnLst/><a:rect l="wd4" t="t" r="r" b="b"/>' +
      '<a:pathLst><a:path w="100" h="100"><a:moveTo><a:pt x="0" y="0"/></a:moveTo><a:lnTo><a:pt x="100" y="0"/></a:lnTo><a:lnTo><a:pt x="100" y="100"/></a:lnTo><a:close/></a:path></a:pathLst></a:custGeom>';
    const run = await insideRun(smartArt(cust, '<a:bodyPr lIns="0" tIns="0" rIns="0" bIns="0" anchor="t"/>'), 'smartart-cust');
    expect(run.x).toBeCloseTo(72 + 50, 1);
  });

  it('colours runs that name no colour by the style\'s a:fontRef', async () => {
    const style = '<dsp:style><a:lnRef idx="2"><a:scrgbClr r="0" g="0" b="0"/></a:lnRef><a:fillRef idx="1"><a:scrgbClr r="0" g="0" b="0"/></a:fillRef>' +
      '<a:effectRef idx="0"><a:scrgbClr r="0" g="0" b="0"/></a:effectRef><a:fontRef idx="minor"><a:schemeClr val="lt1"/></a:fontRef></dsp:style>';
    const run = await insideRun(smartArt('<a:prstGeom prst="rect"><a:avLst/></a:prstGeom>', '<a:bodyPr/>', style), 'smartart-fontref');
    // lt1 is the theme's window colour, white.
    expect(run.color).toBe('FFFFFF');
  });

  it('sets runs naming no typeface in the style\'s a:fontRef font, and reads theme font references (+mj-lt)', () => {
    const style = (idx: string) => `<dsp:style><a:lnRef idx="0"><a:scrgbClr r="0" g="0" b="0"/></a:lnRef><a:fillRef idx="1"><a:scrgbClr r="0" g="0" b="0"/></a:fillRef>` +
      `<a:effectRef idx="0"><a:scrgbClr r="0" g="0" b="0"/></a:effectRef><a:fontRef idx="${idx}"><a:schemeClr val="dk1"/></a:fontRef></dsp:style>`;
    const rect = '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom>';
    // OFFICE_THEME: major Calibri Light, minor Calibri.
    expect(insideFont(smartArt(rect, '<a:bodyPr/>', style('major')))).toBe('Calibri Light');
    expect(insideFont(smartArt(rect, '<a:bodyPr/>', style('minor')))).toBe('Calibri');
    expect(insideFont(smartArt(rect, '<a:bodyPr/>', style('minor'), { rPr: '<a:latin typeface="+mj-lt"/>' }))).toBe('Calibri Light');
    expect(insideFont(smartArt(rect, '<a:bodyPr/>', style('major'), { rPr: '<a:latin typeface="Georgia"/>' }))).toBe('Georgia');
  });

  it('keeps the text level in its dsp:txXfrm box when the shape is turned and the text box is not', async () => {
    // The 200 × 100 pt shape turned 90° shows as 100 × 200 pt about its centre (100, 50); Word's
    // txXfrm gives the text that upright box: x 50..150, y −50..150.
    const txXfrm = `<dsp:txXfrm><a:off x="${50 * EMU}" y="${-50 * EMU}"/><a:ext cx="${100 * EMU}" cy="${200 * EMU}"/></dsp:txXfrm>`;
    const docx = smartArt('<a:prstGeom prst="rightArrow"><a:avLst/></a:prstGeom>', '<a:bodyPr lIns="0" tIns="0" rIns="0" bIns="0" anchor="ctr"/>', '',
      { xfrmAttrs: ' rot="5400000"', after: txXfrm });
    const { doc } = await layoutDocx(docx, 'smartart-txxfrm.docx', host);
    const items = doc.pages[0]!.items;
    const run = flatItems(items).find((i): i is GlyphRun => i.kind === 'glyphs' && i.text.includes('Inside'))!;
    expect(turned(items, run)).toBe(false);
    const width = run.advances.reduce((a, b) => a + b, 0);
    // Left-aligned text starts at the txXfrm box's left edge (72 pt margin + 50 pt), not the shape's.
    expect(run.x).toBeCloseTo(72 + 50, 1);
    expect(width).toBeLessThan(100);
  });

  it('reads the effects of a drawing shape\'s spPr (a glow) as a wps shape\'s', () => {
    const geom = '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:effectLst><a:glow rad="50800"><a:srgbClr val="FF0000"><a:alpha val="50000"/></a:srgbClr></a:glow></a:effectLst>';
    const parsed = parseDocx(smartArt(geom, '<a:bodyPr/>'), {}, host);
    if (!parsed.ok) throw new Error('parse failed');
    const art = (parsed.value.sections[0]!.blocks[0] as Paragraph).inlines.find((i): i is ShapeInline => i.kind === 'shape')!;
    expect((art.children![0]!.item as ShapeInline).glow).toEqual({ color: 'FF0000', opacity: 0.5, radPt: 4 });
  });
});
