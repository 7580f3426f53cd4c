/**
 * A line of pictures only, on a document grid (w:docGrid type lines, §17.6.5), takes the grid lines
 * its pictures need: the paragraph mark's descent under them does not add one more. Word's saved
 * column break in oxsdk-chart3 (a 137.8 pt chart alone in its line on a 15.6 pt grid takes 9 lines,
 * 140.4 pt, where Calibri's 2.8 pt descent under it would need 10) shows it; LibreOffice agrees.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import { makeBmp } from '../../engine/image/test-util';
import type { ImageItem, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, glyphRunsOn, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const PITCH = 15.6;
const TOP = 72;
const PPR = '<w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/>';
const RPR = '<w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/><w:sz w:val="21"/><w:lang w:eastAsia="zh-CN"/>';
const GRID_SECT =
  '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1800" w:bottom="1440" w:left="1800" w:header="851" w:footer="992" w:gutter="0"/>' +
  '<w:cols w:space="425"/><w:docGrid w:type="lines" w:linePitch="312"/></w:sectPr>';
const BMP = makeBmp({ width: 2, height: 1, bpp: 24, bits: [0, 0, 255, 255, 0, 0, 0, 0] });

/** A paragraph holding only an inline picture `heightPt` tall (72 pt wide), then `tail` text after it when given. */
function picturePara(heightPt: number, tail = ''): string {
  const cy = Math.round(heightPt * 12700);
  return (
    `<w:p><w:pPr>${PPR}<w:rPr>${RPR}</w:rPr></w:pPr><w:r><w:rPr>${RPR}</w:rPr><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="914400" cy="${cy}"/><wp:docPr id="1" name="Picture 1"/>` +
    '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">' +
    '<pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="p1"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rIdPic"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>' +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="914400" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>` +
    `</a:graphicData></a:graphic></wp:inline></w:drawing></w:r>${tail ? `<w:r><w:rPr>${RPR}</w:rPr><w:t>${tail}</w:t></w:r>` : ''}</w:p>`
  );
}

async function layout(body: string): Promise<LayoutDoc> {
  const docx = makeDocx({ body, sectPr: GRID_SECT, media: { rIdPic: { name: 'image1.bmp', data: BMP } } });
  return (await layoutDocx(docx, 'grid-picture-lines.docx', host)).doc;
}

/** How many whole grid lines lie above the line of the first run on page 1 holding `text`. */
function gridLinesAbove(d: LayoutDoc, text: string): number {
  const r = glyphRunsOn(d, 0).find((g) => g.text.includes(text));
  if (!r) throw new Error(`no run with ${text}`);
  return Math.floor((r.y - TOP) / PITCH);
}

const image = (d: LayoutDoc) => flatItems(d.pages[0]!.items).find((i): i is ImageItem => i.kind === 'image')!;

beforeAll(async () => {
  await initKernel();
});

describe('pictures alone in a line on a document grid', () => {
  it('take the grid lines of their own height, the mark descent under them not adding one (grid-picture-descent)', async () => {
    // 139.4 pt: 9 grid lines hold the picture (140.4) but not the picture and a 10.5 pt mark's descent.
    const d = await layout(picturePara(139.4) + para('next', PPR, RPR));
    expect(gridLinesAbove(d, 'next')).toBe(9);
    // The picture stays inside its line: its top at the line's top, its foot at the baseline.
    const pic = image(d);
    expect(pic.y).toBeGreaterThanOrEqual(TOP - 0.01);
    expect(pic.y + pic.h).toBeLessThanOrEqual(TOP + 9 * PITCH + 0.01);
  });

  it('still counts the descent of text beside a picture', async () => {
    const d = await layout(picturePara(139.4, 'beside') + para('next', PPR, RPR));
    expect(gridLinesAbove(d, 'next')).toBe(10);
  });
});
