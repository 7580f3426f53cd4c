/**
 * An inline picture wider than its table cell is cut at the cell's edges, as Word shows it: the
 * column keeps its width (autofit-min-content) and the picture's overflow does not cover the next
 * cell's text or border. Before, the whole picture was drawn over its neighbour (oxpt-WC023: a
 * 170 pt clown over the third column's text; poi-drawing's banner over the cell beside it).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GroupItem, ImageItem, LayoutDoc, LayoutItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';
import { inlinePicture, TINY_PNG } from '../helpers/tiny-png';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const COL = 1728; // 86.4 pt
const textCell = (text: string) => `<w:tc><w:tcPr><w:tcW w:w="${COL}" w:type="dxa"/></w:tcPr>${para(text)}</w:tc>`;
const pictureCell = (widthPt: number) =>
  `<w:tc><w:tcPr><w:tcW w:w="${COL}" w:type="dxa"/></w:tcPr><w:p>${inlinePicture('rIdImg', widthPt, 40)}</w:p></w:tc>`;
const table = (cells: string[]) =>
  '<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/>' +
  '<w:tblCellMar><w:left w:w="108" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr>' +
  `<w:tblGrid>${`<w:gridCol w:w="${COL}"/>`.repeat(cells.length)}</w:tblGrid>` +
  `<w:tr>${cells.join('')}</w:tr></w:tbl><w:p/>`;

async function layout(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body, media: { rIdImg: { name: 'image1.png', data: TINY_PNG } } }), 'cell-picture-clip.docx', host)).doc;
}

/** The group directly holding `target` among `items` (searched through nested groups), if any. */
function parentGroup(items: readonly LayoutItem[], target: LayoutItem): GroupItem | undefined {
  for (const i of items) {
    if (i.kind !== 'group') continue;
    if (i.items.includes(target)) return i;
    const inner = parentGroup(i.items, target);
    if (inner) return inner;
  }
  return undefined;
}

const image = (d: LayoutDoc) => flatItems(d.pages[0]!.items).find((i): i is ImageItem => i.kind === 'image')!;

beforeAll(async () => {
  await initKernel();
});

describe('an inline picture wider than its cell', () => {
  it('is cut at the right edge of its cell', async () => {
    const doc = await layout(table([pictureCell(144), textCell('next')]));
    const img = image(doc);
    expect(img.w).toBeCloseTo(144, 1);
    const group = parentGroup(doc.pages[0]!.items, img);
    expect(group?.clip).toBeDefined();
    // The picture's left edge stays; the cell starts 5.4 pt (its left margin) before it and is 86.4 pt wide.
    expect(group!.clip!.x).toBeCloseTo(img.x, 1);
    expect(group!.clip!.x + group!.clip!.w).toBeCloseTo(img.x - 5.4 + 86.4, 1);
    expect(group!.clip!.h).toBeCloseTo(img.h, 1);
  });

  it('is drawn whole when it fits', async () => {
    const doc = await layout(table([pictureCell(60), textCell('next')]));
    const img = image(doc);
    expect(parentGroup(doc.pages[0]!.items, img)?.clip).toBeUndefined();
  });
});
