/**
 * The soft masks' budget (engine/layout/budget.ts MASK_PIXELS): each blurred shadow, glow and soft
 * edge is a mask rasterised and blurred in time linear in its pixels, so a document of a thousand
 * large blurred shapes could ask for a hundred megapixels of them. Past the budget the effects are
 * drawn with their vector approximations (a sharp shadow, glow rings, inset layers), with a counted
 * `layout/effects-budget` warning; every shape still casts its shadow.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocx } from '../../engine/docx';
import { initKernel, layoutDocument } from '../../engine/layout';
import { LayoutBudget, MASK_PIXELS } from '../../engine/layout/budget';
import { blurredPaint, boxParts, maskScans, MAX_MASK_PIXELS, type MaskPart } from '../../engine/layout/soft-mask';
import type { GroupItem, LayoutItem, PathItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { LETTER_SECT_PR, makeDocx, OFFICE_THEME } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2)) });
const EMU = 12700;

/** A floating 300 × 100 pt grey rectangle with a shadow blurred 6 pt, 4 pt down. */
function shape(id: number): string {
  const ext = `cx="${300 * EMU}" cy="${100 * EMU}"`;
  return `<w:p><w:r><w:drawing><wp:anchor distT="0" distB="0" distL="0" distR="0" simplePos="0" relativeHeight="${id}" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">` +
    `<wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="column"><wp:posOffset>0</wp:posOffset></wp:positionH><wp:positionV relativeFrom="paragraph"><wp:posOffset>0</wp:posOffset></wp:positionV>` +
    `<wp:extent ${ext}/><wp:wrapNone/><wp:docPr id="${id}" name="S${id}"/><a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:cNvSpPr/>` +
    `<wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext ${ext}/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:solidFill><a:srgbClr val="A0A0A0"/></a:solidFill><a:ln><a:noFill/></a:ln>` +
    `<a:effectLst><a:outerShdw blurRad="${6 * EMU}" dist="${4 * EMU}" dir="5400000" rotWithShape="0"><a:srgbClr val="000000"><a:alpha val="50000"/></a:srgbClr></a:outerShdw></a:effectLst></wps:spPr>` +
    '<wps:bodyPr/></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r></w:p>';
}

function walk(items: readonly LayoutItem[], masks: GroupItem[], sharp: PathItem[]): void {
  for (const i of items) {
    if (i.kind === 'group') (i.softMask ? masks.push(i) : walk(i.items, masks, sharp));
    else if (i.kind === 'path' && i.fill === '000000') sharp.push(i);
  }
}

beforeAll(async () => {
  await initKernel();
});

describe('the soft mask budget', () => {
  it('takes masks until they would pass the budget, then refuses', () => {
    const budget = new LayoutBudget(Infinity);
    expect(budget.masksDrawn(MASK_PIXELS - 10)).toBe(true);
    expect(budget.masksDrawn(11)).toBe(false);
    expect(budget.masksDrawn(10)).toBe(true);
    expect(budget.spentMaskPixels).toBe(MASK_PIXELS);
    expect(budget.masksDrawn(0)).toBe(false);
    // Only the mask past the budget counts as refused (an empty one is not drawn at all).
    expect(budget.refusedMasks).toBe(1);
  });

  it('bounds the mask pixels of 1,000 blurred shadows, drawing the rest sharp', async () => {
    const shapes = 1_000;
    const body = Array.from({ length: shapes }, (_, k) => shape(k + 1)).join('') + LETTER_SECT_PR;
    const parsed = parseDocx(makeDocx({ body, theme: OFFICE_THEME }), { fileName: 'masks.docx' }, host);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const laid = await layoutDocument(parsed.value, {}, host);
    if (!laid.ok) throw new Error(JSON.stringify(laid.errors));
    const doc = laid.value;
    const masks: GroupItem[] = [];
    const sharp: PathItem[] = [];
    for (const page of doc.pages) walk(page.items, masks, sharp);
    const pixels = masks.reduce((n, g) => n + g.softMask!.grid.cols * g.softMask!.grid.rows, 0);
    expect(pixels).toBeLessThanOrEqual(MASK_PIXELS);
    expect(masks.every((g) => g.softMask!.grid.cols * g.softMask!.grid.rows <= MAX_MASK_PIXELS)).toBe(true);
    // The first ones are blurred, most of the budget used; every shape casts a shadow.
    expect(masks.length).toBeGreaterThan(50);
    expect(pixels).toBeGreaterThan(MASK_PIXELS * 0.95);
    expect(masks.length + sharp.length).toBe(shapes);
    // One warning for the document, not one a refused mask (it was folded from one a refusal), that
    // says how many effects were drawn without their masks: here every sharp shadow.
    const warned = laid.warnings.filter((w) => w.code === 'layout/effects-budget');
    expect(warned).toHaveLength(1);
    expect(warned[0]!.count).toBeUndefined();
    expect(warned[0]!.message).toContain(`${sharp.length} blurred shadows`);
    expect(warned[0]!.message).toContain(String(MASK_PIXELS));
  }, 120_000);

  it('charges a mask once for each scan of its silhouette: a filled and stroked shape costs twice its pixels', () => {
    // Fuzz seed 77 docx-78: 193 masks of filled and outlined shapes took 15.9 M of the 16 M pixels
    // but 27 M pixel rows of scanning, since each part's fill and stroke is rasterised over the grid.
    const box = { x: 0, y: 0, w: 100, h: 50 };
    const filled = boxParts(box);
    const both: MaskPart[] = [{ ...filled[0]!, lineWidth: 2 }];
    const three: MaskPart[] = [...both, { commands: filled[0]!.commands, lineWidth: 1 }];
    expect([maskScans(filled), maskScans(both), maskScans(three), maskScans([])]).toEqual([1, 2, 3, 1]);
    const charged: number[] = [];
    const budget = (pixels: number) => (charged.push(pixels), true);
    const a = blurredPaint(filled, '000000', 0.5, 0, 3, budget);
    const b = blurredPaint(both, '000000', 0.5, 0, 3, budget);
    const cells = (g: GroupItem | undefined) => g!.softMask!.grid.cols * g!.softMask!.grid.rows;
    expect(charged[0]).toBe(cells(a));
    expect(charged[1]).toBe(2 * cells(b));
  });
});
