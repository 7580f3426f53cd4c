/**
 * A border with w:shadow (CT_Border/@w:shadow, ECMA-376 Part 1 §17.3.4) is drawn again "below and
 * right of the normal border location" on the right and bottom sides: a copy in the border's colour and
 * width, moved right and down by that width, so the box casts a drop shadow as wide as its border. A
 * shadowed bottom takes that much more room (Microsoft KB Q120451: "a 3-point shadow line has a 3-point
 * shadow, giving the border line a total thickness of 6 points"); a shadowed page border keeps border
 * and shadow inside its distance from the page edge. oxsdk-bookmark's Note boxes, oxpt-RP052's title
 * box and aspose-Rendering's page border were drawn without their shadows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc, LineItem, RectItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { LETTER_SECT_PR, makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

/** A box of 1 pt (sz 8) navy borders, shadowed or not. */
function box(shadow: boolean): string {
  const s = shadow ? ' w:shadow="1"' : '';
  const side = (name: string, space: number) => `<w:${name} w:val="single" w:sz="8" w:space="${space}" w:color="000080"${s}/>`;
  return `<w:pBdr>${side('top', 1)}${side('left', 4)}${side('bottom', 1)}${side('right', 4)}</w:pBdr>`;
}

async function layout(body: string, name: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body }), name, host)).doc;
}

const lines = (d: LayoutDoc): LineItem[] => flatItems(d.pages[0]!.items).filter((i): i is LineItem => i.kind === 'line');
const vertical = (d: LayoutDoc) => lines(d).filter((l) => Math.abs(l.x1 - l.x2) < 0.001);
const horizontal = (d: LayoutDoc) => lines(d).filter((l) => Math.abs(l.y1 - l.y2) < 0.001);
const top = (l: LineItem) => Math.min(l.y1, l.y2);
const bottom = (l: LineItem) => Math.max(l.y1, l.y2);
const textY = (d: LayoutDoc, s: string) => flatItems(d.pages[0]!.items).find((i): i is GlyphRun => i.kind === 'glyphs' && i.text.includes(s))!.y;

/** Vertical extents covered by the lines, merged where they touch. */
function coverage(ls: readonly LineItem[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const l of [...ls].sort((a, b) => top(a) - top(b))) {
    const last = out[out.length - 1];
    if (last && top(l) <= last[1] + 0.01) last[1] = Math.max(last[1], bottom(l));
    else out.push([top(l), bottom(l)]);
  }
  return out;
}

beforeAll(async () => {
  await initKernel();
});

describe('a shadowed paragraph border', () => {
  it('draws the right and bottom sides again, moved right and down by their width, in their colour', async () => {
    const plain = await layout(para('Boxed', box(false)), 'plain-box.docx');
    const shadowed = await layout(para('Boxed', box(true)), 'shadow-box.docx');
    expect(lines(plain)).toHaveLength(4);
    expect(lines(shadowed)).toHaveLength(6);
    const xs = vertical(shadowed).map((l) => l.x1).sort((a, b) => a - b);
    const [leftX, rightX, shadowX] = xs as [number, number, number];
    const right = vertical(shadowed).find((l) => l.x1 === rightX)!;
    const shadowRight = vertical(shadowed).find((l) => l.x1 === shadowX)!;
    // Beside the right border, against its outer edge, starting a border's width below its top.
    expect(shadowX - rightX).toBeCloseTo(1, 3);
    expect(top(shadowRight) - top(right)).toBeCloseTo(1, 3);
    expect(bottom(shadowRight) - bottom(right)).toBeCloseTo(1, 3);
    const ys = horizontal(shadowed).map((l) => l.y1).sort((a, b) => a - b);
    const [, bottomY, shadowY] = ys as [number, number, number];
    const shadowBottom = horizontal(shadowed).find((l) => l.y1 === shadowY)!;
    expect(shadowY - bottomY).toBeCloseTo(1, 3);
    // Under the bottom border, from a border's width right of the box's left edge (half a width left of
    // the left line's middle) to under the right side's shadow.
    expect(Math.min(shadowBottom.x1, shadowBottom.x2) - (leftX - 0.5)).toBeCloseTo(1, 3);
    expect(Math.max(shadowBottom.x1, shadowBottom.x2)).toBeCloseTo(shadowX + 0.5, 3);
    for (const l of [shadowRight, shadowBottom]) expect([l.color, l.width]).toEqual(['000080', 1]);
  });

  it('casts one shadow for a group of paragraphs with the same borders', async () => {
    const spaced = '<w:spacing w:before="0" w:after="240"/>';
    const doc = await layout(para('One', box(true) + spaced) + para('Two', box(true) + spaced) + para('Three', box(true) + spaced), 'shadow-group.docx');
    const shadowX = Math.max(...vertical(doc).map((l) => l.x1));
    const strip = vertical(doc).filter((l) => Math.abs(l.x1 - shadowX) < 0.001);
    const sides = vertical(doc).filter((l) => Math.abs(l.x1 - (shadowX - 1)) < 0.001);
    expect(coverage(strip)).toHaveLength(1);
    expect(coverage(strip)[0]![0] - coverage(sides)[0]![0]).toBeCloseTo(1, 3);
    expect(horizontal(doc).filter((l) => l.y1 > coverage(sides)[0]![1])).toHaveLength(1);
  });

  it('takes its width of room below the box', async () => {
    const plain = await layout(para('Boxed', box(false)) + para('After'), 'plain-room.docx');
    const shadowed = await layout(para('Boxed', box(true)) + para('After'), 'shadow-room.docx');
    expect(textY(shadowed, 'Boxed')).toBeCloseTo(textY(plain, 'Boxed'), 3);
    expect(textY(shadowed, 'After') - textY(plain, 'After')).toBeCloseTo(1, 3);
    // The room is under the bottom border: the border keeps its place under the text.
    const bottomY = (d: LayoutDoc) => horizontal(d).sort((a, b) => a.y1 - b.y1)[1]!.y1;
    expect(bottomY(shadowed) - textY(shadowed, 'Boxed')).toBeCloseTo(bottomY(plain) - textY(plain, 'Boxed'), 3);
  });

  it('keeps its shading inside the box, above the shadow', async () => {
    const shd = '<w:shd w:val="clear" w:color="auto" w:fill="D9D9D9"/>';
    const doc = await layout(para('Shaded', box(true) + shd), 'shadow-shading.docx');
    const fill = flatItems(doc.pages[0]!.items).find((i): i is RectItem => i.kind === 'rect' && i.fill === 'D9D9D9')!;
    const bottomLine = horizontal(doc).sort((a, b) => a.y1 - b.y1)[1]!;
    expect(fill.y + fill.h).toBeCloseTo(bottomLine.y1 + 0.5, 3);
  });
});

describe('a shadowed page border', () => {
  it('keeps the border and its shadow inside the distance from the page edge', async () => {
    const side = (name: string) => `<w:${name} w:val="single" w:sz="24" w:space="24" w:color="92D050" w:shadow="1"/>`;
    const borders = `<w:pgBorders w:offsetFrom="page">${side('top')}${side('left')}${side('bottom')}${side('right')}</w:pgBorders>`;
    const sectPr = LETTER_SECT_PR.replace('<w:cols', `${borders}<w:cols`);
    const doc = (await layoutDocx(makeDocx({ body: para('Page'), sectPr }), 'page-shadow.docx', host)).doc;
    const W = doc.pages[0]!.widthPt;
    const H = doc.pages[0]!.heightPt;
    const xs = vertical(doc).map((l) => l.x1).sort((a, b) => a - b);
    // 3 pt lines: the left border's middle 1.5 pt in from 24 pt; the right one's shadow ends 24 pt from
    // the right edge, the border a shadow's width further in.
    expect(xs[0]).toBeCloseTo(25.5, 3);
    expect(xs[2]).toBeCloseTo(W - 25.5, 3);
    expect(xs[1]).toBeCloseTo(W - 28.5, 3);
    const ys = horizontal(doc).map((l) => l.y1).sort((a, b) => a - b);
    expect(ys[2]).toBeCloseTo(H - 25.5, 3);
    expect(ys[1]).toBeCloseTo(H - 28.5, 3);
    const shadowRight = vertical(doc).find((l) => l.x1 === xs[2])!;
    expect(top(shadowRight)).toBeCloseTo(27, 3);
    expect(shadowRight.color).toBe('92D050');
  });
});

describe('a shadowed table border', () => {
  it('draws the table’s right and bottom edges again beside them', async () => {
    const side = (name: string, shadow: boolean) => `<w:${name} w:val="single" w:sz="16" w:space="0" w:color="auto"${shadow ? ' w:shadow="1"' : ''}/>`;
    const table = (shadow: boolean) =>
      `<w:tbl><w:tblPr><w:tblW w:w="4000" w:type="dxa"/><w:tblBorders>${['top', 'left', 'bottom', 'right'].map((s) => side(s, shadow)).join('')}</w:tblBorders></w:tblPr>` +
      `<w:tblGrid><w:gridCol w:w="4000"/></w:tblGrid><w:tr><w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>${para('Cell')}</w:tc></w:tr></w:tbl>${para('After')}`;
    const plain = await layout(table(false), 'table-plain.docx');
    const shadowed = await layout(table(true), 'table-shadow.docx');
    expect(lines(plain)).toHaveLength(4);
    expect(lines(shadowed)).toHaveLength(6);
    const xs = vertical(shadowed).map((l) => l.x1).sort((a, b) => a - b);
    expect(xs[2]! - xs[1]!).toBeCloseTo(2, 3);
    const ys = horizontal(shadowed).map((l) => l.y1).sort((a, b) => a - b);
    expect(ys[2]! - ys[1]!).toBeCloseTo(2, 3);
  });
});
