/**
 * Vertical sections (w:sectPr/w:textDirection, §17.6.20). A tbRl section's lines run down the sheet,
 * each next line to the left of the one before; East Asian characters stand upright in them, Latin
 * text lies on its side. btLr lines run up the sheet, each next one to the right. A section turned
 * another way than the one before it starts a new page, even after a continuous break.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GroupItem, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { apply, placedRuns, type Placed } from '../helpers/placed-runs';
import { layoutDocx } from '../helpers/layout-docx';
import { LETTER_SECT_PR, makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
/** US Letter, margins top 1 in, right 0.5 in, bottom 1.5 in, left 2 in. */
const sect = (direction: string, type = '') =>
  `<w:sectPr>${type}<w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="720" w:bottom="2160" w:left="2880" w:header="720" w:footer="720" w:gutter="0"/>` +
  `<w:textDirection w:val="${direction}"/></w:sectPr>`;

async function layout(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body }), 'vertical-section.docx', host)).doc;
}


beforeAll(async () => {
  await initKernel();
});

describe('a tbRl section', () => {
  it('runs its lines down the sheet from the top right, each next line to the left, with East Asian characters upright', async () => {
    const text = '縦書きの文章は上から下へ、右から左へ読みます。'.repeat(4);
    const doc = await layout(para(text) + para('Latin text') + sect('tbRl'));
    const page = doc.pages[0]!;
    expect([page.widthPt, page.heightPt]).toEqual([612, 792]);
    expect(page.items).toHaveLength(1);
    expect((page.items[0] as GroupItem).transform).toEqual([0, 1, -1, 0, 612, 0]);
    const runs = placedRuns(page.items);
    const cjk = runs.filter((p) => /[\u3000-\u9fff]/.test(p.run.text));
    // Each East Asian character is its own run, turned back upright: its transform keeps the axes.
    expect(cjk.length).toBeGreaterThan(40);
    for (const p of cjk) {
      expect(p.run.glyphs).toHaveLength(1);
      expect(p.m[0]).toBeCloseTo(1, 6);
      expect(p.m[3]).toBeCloseTo(1, 6);
    }
    // The first character stands at the top right: below the 1 in top margin, left of the 0.5 in right one.
    const first = apply(cjk[0]!.m, cjk[0]!.run.x, cjk[0]!.run.y);
    expect(first.y).toBeGreaterThan(72);
    expect(first.y).toBeLessThan(72 + 20);
    expect(first.x).toBeLessThan(612 - 36);
    expect(first.x).toBeGreaterThan(612 - 36 - 25);
    // The characters of the first line go down the sheet; the text wraps to a line further left.
    const xs = cjk.map((p) => apply(p.m, p.run.x, p.run.y));
    expect(xs[1]!.y).toBeGreaterThan(xs[0]!.y);
    expect(Math.abs(xs[1]!.x - xs[0]!.x)).toBeLessThan(0.5);
    expect(Math.min(...xs.map((p) => p.x))).toBeLessThan(xs[0]!.x - 10);
    // Lines end above the 1.5 in bottom margin.
    expect(Math.max(...xs.map((p) => p.y))).toBeLessThan(792 - 108);
    // Latin text lies on its side: its run is turned with the page (x along the sheet's y).
    const latin = runs.find((p) => p.run.text.includes('Latin'))!;
    expect(latin.m.slice(0, 4)).toEqual([0, 1, -1, 0]);
  });
});

describe('a link in a tbRl section', () => {
  it('becomes a link area on the sheet, over its text going down the page', async () => {
    const link = '<w:hyperlink w:anchor="target"><w:r><w:t>リンクの文字列</w:t></w:r></w:hyperlink>';
    const doc = await layout(`<w:p>${link}</w:p><w:p><w:bookmarkStart w:id="1" w:name="target"/><w:r><w:t>x</w:t></w:r><w:bookmarkEnd w:id="1"/></w:p>` + sect('tbRl'));
    const page = doc.pages[0]!;
    const links = page.items.filter((i) => i.kind === 'link');
    expect(links).toHaveLength(1);
    const l = links[0]!;
    if (l.kind !== 'link') return;
    // Seven characters down the first line at the right: taller than wide.
    expect(l.h).toBeGreaterThan(l.w * 3);
    expect(l.x + l.w).toBeLessThanOrEqual(612 - 36 + 1);
    expect(l.y).toBeGreaterThanOrEqual(72 - 1);
  });
});

describe('a btLr section', () => {
  it('runs its lines up the sheet, each next line to the right', async () => {
    const doc = await layout(para('Upward text that wraps onto a second line because it is long enough to need one or two more lines.'.repeat(3)) + sect('btLr'));
    const page = doc.pages[0]!;
    expect((page.items[0] as GroupItem).transform).toEqual([0, -1, 1, 0, 0, 792]);
    const runs = placedRuns(page.items).map((p) => apply(p.m, p.run.x, p.run.y));
    // The first line starts at the bottom left, above the 1.5 in bottom margin; later lines lie to its right.
    expect(runs[0]!.y).toBeCloseTo(792 - 108, 0);
    expect(runs[0]!.x).toBeGreaterThan(144);
    expect(runs[1]!.x).toBeGreaterThan(runs[0]!.x + 5);
  });
});

describe('a continuous break between sections turned different ways', () => {
  it('starts a new page, even where the turned page has the next one\'s size', async () => {
    // A landscape tbRl page is laid out as a portrait one, the size of the next section's page.
    const landscape = sect('tbRl').replace('<w:pgSz w:w="12240" w:h="15840"/>', '<w:pgSz w:w="15840" w:h="12240" w:orient="landscape"/>');
    const doc = await layout(para('縦', landscape) + para('Across') + LETTER_SECT_PR.replace('<w:sectPr>', '<w:sectPr><w:type w:val="continuous"/>'));
    expect(doc.pages.map((p) => [p.widthPt, p.heightPt])).toEqual([[792, 612], [612, 792]]);
  });
});
