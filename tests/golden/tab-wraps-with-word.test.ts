/**
 * A tab to a left stop (w:tab, §17.3.3.32; stops §17.3.1.38, default stops §17.15.1.25) that the
 * line can still reach, followed by a word that does not fit after it. Word ends the line before the
 * tab and takes the tab down with the word: the word starts at the next line's first stop, not at
 * the line's start. unstructured-handbook-872p's table of contents ("…PETITION PREPARER
 * <tab>DISCLOSURES AND PRACTICES3-5") put "DISCLOSURES" at the margin, under the entry's number.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { layoutDocx, flatItems } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

// Letter, 1-inch margins: the text is 468 pt wide. Default stops every 234 pt: "A" tabs to 234 pt,
// and the tab after "B " to 468 pt, the right margin, where "Word" cannot fit.
const BODY =
  '<w:p><w:pPr><w:spacing w:after="0"/></w:pPr>' +
  '<w:r><w:t>A</w:t><w:tab/><w:t xml:space="preserve">B </w:t><w:tab/><w:t>Word</w:t></w:r></w:p>';

async function layout(xml: string, tabTwips = 4680): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body: xml, settings: `<w:defaultTabStop w:val="${tabTwips}"/>` }), 'tab-wraps.docx', host)).doc;
}

const runs = (d: LayoutDoc) =>
  flatItems(d.pages[0]!.items).flatMap((i) => (i.kind === 'glyphs' && i.text.trim() !== '' ? [{ text: i.text.trim(), x: i.x, y: i.y }] : []));

beforeAll(async () => {
  await initKernel();
});

describe('a tab followed by a word the line cannot fit', () => {
  it('goes down with the word: the word stands at the next line\'s first default stop', async () => {
    const r = runs(await layout(BODY));
    const b = r.find((g) => g.text === 'B')!;
    const word = r.find((g) => g.text === 'Word')!;
    expect(b.x).toBeCloseTo(72 + 234, 1);
    expect(word.y).toBeGreaterThan(b.y);
    // 72 pt margin + the first default stop: the tab went down with the word (it stood at the margin).
    expect(word.x).toBeCloseTo(72 + 234, 1);
  });

  it('stays where the word fits after it', async () => {
    // Default stops every 180 pt: "B" at 180 pt, "Word" at 360 pt on the same line.
    const r = runs(await layout(BODY, 3600));
    const b = r.find((g) => g.text === 'B')!;
    const w = r.find((g) => g.text === 'Word')!;
    expect(w.y).toBeCloseTo(b.y, 5);
    expect(w.x).toBeCloseTo(72 + 360, 1);
  });
});
