/**
 * Floats positioned relative to the column (wp:positionH relativeFrom="column", ECMA-376 §20.4.3.4
 * ST_RelFromH: "relative to the extents of the column which contains its anchor"; a text frame's
 * w:framePr w:hAnchor="text", §17.3.1.11) in a section of several columns: the column is the one
 * the anchoring paragraph is in, at that column's width. Before, the column started at the right
 * left edge but was as wide as the whole text area, so a picture aligned right or centre in the
 * second column landed past it (off the page for right), and the text beside it did not wrap.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, ImageItem, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para, run } from '../helpers/make-docx';
import { TINY_PNG } from '../helpers/tiny-png';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const media = { rIdImg: { name: 'image1.png', data: TINY_PNG } };
/** US Letter, 1 in margins: text from 72 to 540 pt. */
const PAGE = '<w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/>';
const GAP = 36;
/** Two equal columns 216 pt wide: the second from 324 to 540 pt. */
const EQUAL = `<w:cols w:num="2" w:space="${GAP * 20}"/>`;
/** Columns of 300 and 132 pt: the second from 408 to 540 pt. */
const UNEQUAL = `<w:cols w:num="2" w:space="${GAP * 20}" w:equalWidth="0"><w:col w:w="6000" w:space="${GAP * 20}"/><w:col w:w="2640"/></w:cols>`;
const W = 60;
const H = 40;
const FLUSH = '<w:pPr><w:spacing w:before="0" w:after="0"/></w:pPr>';
const WORDS = Array(30).fill('Words in the column.').join(' ');

/** A picture W × H, positioned horizontally relative to the column (align or offset in pt), square wrap. */
function columnPicture(h: { align: 'left' | 'center' | 'right' } | { offsetPt: number }, wrap = false): string {
  const emu = (pt: number) => Math.round(pt * 12700);
  const pos = 'align' in h ? `<wp:align>${h.align}</wp:align>` : `<wp:posOffset>${emu(h.offsetPt)}</wp:posOffset>`;
  return (
    `<w:r><w:drawing><wp:anchor distT="0" distB="0" distL="0" distR="0" simplePos="0" relativeHeight="1" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">` +
    '<wp:simplePos x="0" y="0"/>' +
    `<wp:positionH relativeFrom="column">${pos}</wp:positionH>` +
    `<wp:positionV relativeFrom="paragraph"><wp:posOffset>0</wp:posOffset></wp:positionV>` +
    `<wp:extent cx="${emu(W)}" cy="${emu(H)}"/><wp:effectExtent l="0" t="0" r="0" b="0"/>${wrap ? '<wp:wrapSquare wrapText="bothSides"/>' : '<wp:wrapNone/>'}` +
    '<wp:docPr id="1" name="Picture 1"/>' +
    '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>' +
    '<pic:nvPicPr><pic:cNvPr id="1" name="p1.png"/><pic:cNvPicPr/></pic:nvPicPr>' +
    '<pic:blipFill><a:blip r:embed="rIdImg"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>' +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${emu(W)}" cy="${emu(H)}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
    '</pic:pic></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r>'
  );
}

/** A first column of text, a column break, then `second` in the second column. */
function twoColumns(second: string, cols: string): string {
  return `${para('In the first column.')}<w:p><w:r><w:br w:type="column"/></w:r></w:p>${second}<w:sectPr>${PAGE}${cols}</w:sectPr>`;
}

async function layout(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body, media }), 'column-relative-float.docx', host)).doc;
}

function imageOf(doc: LayoutDoc): ImageItem {
  const img = flatItems(doc.pages[0]!.items).find((i): i is ImageItem => i.kind === 'image');
  if (!img) throw new Error('no picture');
  return img;
}

beforeAll(async () => {
  await initKernel();
});

describe('a picture aligned relative to the column, in the second column', () => {
  for (const [name, cols, colX, colW] of [
    ['equal columns', EQUAL, 324, 216],
    ['unequal columns', UNEQUAL, 408, 132],
  ] as const) {
    it(`is placed in that column (${name})`, async () => {
      for (const [align, x] of [
        ['left', colX],
        ['center', colX + (colW - W) / 2],
        ['right', colX + colW - W],
      ] as const) {
        const doc = await layout(twoColumns(`<w:p>${FLUSH}${columnPicture({ align })}${run('Anchor')}</w:p>`, cols));
        expect(imageOf(doc).x, align).toBeCloseTo(x, 1);
      }
      const doc = await layout(twoColumns(`<w:p>${FLUSH}${columnPicture({ offsetPt: 20 })}${run('Anchor')}</w:p>`, cols));
      expect(imageOf(doc).x).toBeCloseTo(colX + 20, 1);
    });
  }

  it('keeps the text of its column out of it', async () => {
    const doc = await layout(twoColumns(`<w:p>${FLUSH}${columnPicture({ align: 'right' }, true)}${run(WORDS)}</w:p>`, EQUAL));
    const img = imageOf(doc);
    expect(img.x).toBeCloseTo(324 + 216 - W, 1);
    const runs = flatItems(doc.pages[0]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs' && i.x >= 320 && i.text.trim() !== '');
    const beside = runs.filter((r) => r.y > img.y && r.y - 10 < img.y + img.h);
    const below = runs.filter((r) => r.y - 10 > img.y + img.h);
    expect(beside.length).toBeGreaterThanOrEqual(2);
    // The right edge of a run's text, its trailing spaces (which may hang) left out.
    const right = (r: GlyphRun) => r.x + r.advances.slice(0, r.text.trimEnd().length).reduce((a, b) => a + b, 0);
    for (const r of beside) expect(right(r)).toBeLessThanOrEqual(img.x + 0.5);
    // Below the picture the lines take the column's whole width again.
    expect(Math.max(...below.map(right))).toBeGreaterThan(img.x + 10);
  });
});

describe('a VML picture positioned relative to the text, in the second column', () => {
  it('aligns in that column', async () => {
    // mso-position-horizontal-relative:text is the column (§14.1.2.19 / VML's text anchor).
    for (const [align, x] of [
      ['right', 324 + 216 - W],
      ['center', 324 + (216 - W) / 2],
    ] as const) {
      const style = `position:absolute;margin-left:0;margin-top:0;width:${W}pt;height:${H}pt;mso-position-horizontal:${align};mso-position-horizontal-relative:text;mso-position-vertical-relative:text`;
      const shape = `<w:r><w:pict><v:shape style="${style}"><v:imagedata r:id="rIdImg"/><w10:wrap type="none"/></v:shape></w:pict></w:r>`;
      const doc = await layout(twoColumns(`<w:p>${FLUSH}${shape}${run('Anchor')}</w:p>`, EQUAL));
      expect(imageOf(doc).x, align).toBeCloseTo(x, 1);
    }
  });
});

describe('a text frame anchored to the text, in the second column', () => {
  it('aligns right in that column', async () => {
    const frame = `<w:p><w:pPr><w:framePr w:w="${W * 20}" w:hAnchor="text" w:vAnchor="text" w:xAlign="right" w:y="1" w:wrap="around"/><w:spacing w:before="0" w:after="0"/></w:pPr>${run('Framed')}</w:p>`;
    for (const [cols, colX, colW] of [
      [EQUAL, 324, 216],
      [UNEQUAL, 408, 132],
    ] as const) {
      const doc = await layout(twoColumns(frame + para('After the frame.'), cols));
      const framed = flatItems(doc.pages[0]!.items).find((i): i is GlyphRun => i.kind === 'glyphs' && i.text.startsWith('Framed'));
      expect(framed!.x).toBeCloseTo(colX + colW - W, 1);
    }
  });
});
