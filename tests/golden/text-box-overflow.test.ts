/**
 * Text that runs past the bottom of a text box that does not grow to fit it is hidden, cut at the
 * box's edge, as Word draws it (and LibreOffice: oxsdk-Comment035's 101.25 pt VML box of four
 * paragraphs); lines wholly below the cut are left out. A box that grows to fit its text (a:spAutoFit, mso-fit-shape-to-text) and a box
 * whose text fits are drawn unclipped.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc, LayoutItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const LINES = ['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth'].map((t) => para(t)).join('');

/** A 120 × 40 pt text box (DrawingML) holding six one-line paragraphs: about 70 pt of text. */
const wsp = (bodyPr: string, text = LINES) =>
  '<w:p><w:r><w:drawing><wp:inline><wp:extent cx="1524000" cy="508000"/><wp:docPr id="1" name="Text Box 1"/>' +
  '<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:cNvSpPr txBox="1"/>' +
  '<wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="1524000" cy="508000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom>' +
  '<a:ln w="6350"><a:solidFill><a:srgbClr val="000000"/></a:solidFill></a:ln></wps:spPr>' +
  `<wps:txbx><w:txbxContent>${text}</w:txbxContent></wps:txbx>${bodyPr}</wps:wsp></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;

/** The same box in VML. */
const vml = (style: string) =>
  `<w:p><w:r><w:pict><v:shape type="#_x0000_t202" style="position:absolute;margin-left:0;margin-top:0;width:120pt;height:40pt;${style}" strokeweight=".5pt">` +
  `<v:textbox><w:txbxContent>${LINES}</w:txbxContent></v:textbox></v:shape></w:pict></w:r></w:p>`;

async function layout(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body }), 'text-box-overflow.docx', host)).doc;
}

/** The clip rectangle of the group holding the glyph run `text` (undefined: drawn unclipped). */
function clipOf(items: readonly LayoutItem[], text: string, clip?: { h: number }): { h: number } | undefined | null {
  for (const i of items) {
    if (i.kind === 'glyphs' && i.text === text) return clip;
    if (i.kind === 'group') {
      const hit = clipOf(i.items, text, i.clip ?? clip);
      if (hit !== null) return hit;
    }
  }
  return null;
}

beforeAll(async () => {
  await initKernel();
});

describe('text running past a text box', () => {
  it('is cut at the bottom of a DrawingML text box that does not grow', async () => {
    const d = await layout(wsp('<wps:bodyPr vertOverflow="overflow"><a:noAutofit/></wps:bodyPr>'));
    const clip = clipOf(d.pages[0]!.items, 'Third');
    expect(clip).toBeTruthy();
    expect(clip!.h).toBeCloseTo(40, 3);
    expect(clipOf(d.pages[0]!.items, 'First')).toEqual(clip);
  });

  it('leaves out the lines wholly below the cut', async () => {
    const d = await layout(wsp('<wps:bodyPr/>'));
    const runs = flatItems(d.pages[0]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs');
    // 11.5 pt lines (10 pt text) from 3.6 pt down: the fourth starts at 38.1 pt and is cut through,
    // the fifth would start at 49.6 pt, below the 40 pt box.
    expect(runs.map((r) => r.text)).toEqual(['First', 'Second', 'Third', 'Fourth']);
  });

  it('is cut at the bottom of a VML text box that does not grow', async () => {
    const clip = clipOf((await layout(vml(''))).pages[0]!.items, 'Third');
    expect(clip).toBeTruthy();
    expect(clip!.h).toBeCloseTo(40, 3);
  });

  it('is drawn whole in a box that grows to fit its text', async () => {
    expect(clipOf((await layout(wsp('<wps:bodyPr><a:spAutoFit/></wps:bodyPr>'))).pages[0]!.items, 'Sixth')).toBeUndefined();
    expect(clipOf((await layout(vml('mso-fit-shape-to-text:t'))).pages[0]!.items, 'Sixth')).toBeUndefined();
  });

  it('is not clipped when it fits', async () => {
    expect(clipOf((await layout(wsp('<wps:bodyPr/>', para('Short')))).pages[0]!.items, 'Short')).toBeUndefined();
  });
});
