/**
 * A custom tab stop past the right indent (w:tabs, §17.3.1.38). Word keeps it: in compatibility
 * mode 14 and lower the text after it reaches the stop, into the margin (the dotted index entries of
 * old documents whose page numbers sit 45 pt past the margin); from mode 15 a right stop there is
 * drawn at the indent instead. Before, the tab and the number after it wrapped to a line of their own.
 * A tab that ends the paragraph with no stop left within reach stays on its line (Word's tab
 * compatibility, which LibreOffice emulates as TAB_COMPAT); one with text after it wraps.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { layoutDocx, flatItems } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

// Letter, 1-inch margins: the text is 468 pt wide; the right stop is at 504 pt (36 pt past the margin).
const ENTRY =
  '<w:p><w:pPr><w:tabs><w:tab w:val="right" w:leader="dot" w:pos="10080"/></w:tabs><w:spacing w:after="0"/><w:ind w:right="720"/></w:pPr>' +
  '<w:r><w:t>Introduction</w:t></w:r><w:r><w:tab/><w:t>17</w:t></w:r></w:p>';

const compat = (mode: number) =>
  `<w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="${mode}"/></w:compat>`;

async function layout(settings: string, body = ENTRY): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body, settings }), 'tab-past-margin.docx', host)).doc;
}

/** The glyph runs of page 1 as text, x and y. */
const runs = (d: LayoutDoc) =>
  flatItems(d.pages[0]!.items).flatMap((i) => (i.kind === 'glyphs' ? [{ text: i.text, x: i.x, y: i.y, w: i.advances.reduce((a, b) => a + b, 0) }] : []));

beforeAll(async () => {
  await initKernel();
});

describe('a custom tab stop past the right indent', () => {
  it('keeps the number on the entry\'s line, right-aligned at the stop in the margin (mode 14 and lower)', async () => {
    for (const settings of ['', compat(14)]) {
      const r = runs(await layout(settings));
      const title = r.find((g) => g.text.includes('Introduction'))!;
      const num = r.find((g) => g.text.includes('17'))!;
      expect(num.y).toBeCloseTo(title.y, 5);
      // 72 pt margin + 504 pt stop.
      expect(num.x + num.w).toBeCloseTo(72 + 504, 1);
    }
  });

  it('draws a right stop past the indent at the indent from mode 15', async () => {
    const r = runs(await layout(compat(15)));
    const title = r.find((g) => g.text.includes('Introduction'))!;
    const num = r.find((g) => g.text.includes('17'))!;
    expect(num.y).toBeCloseTo(title.y, 5);
    // 72 pt margin + 468 pt text width − 36 pt right indent.
    expect(num.x + num.w).toBeCloseTo(72 + 432, 1);
  });

  it('lets only the text after the stop past the indent: a title running past the indent wraps there (mode 14 and lower)', async () => {
    // Fourteen "Section" take 452 pt in this font: past the 432 pt indent, short of the 504 pt stop.
    // oxsdk-BackgroundReport's index entries wrapped at the indent in LibreOffice and ran into the margin here.
    const body = ENTRY.replace('Introduction', Array.from({ length: 14 }, () => 'Section').join(' '));
    const r = runs(await layout('', body));
    const lines = [...new Set(r.map((g) => g.y))].sort((a, b) => a - b);
    expect(lines).toHaveLength(2);
    const right = (y: number) => r.filter((g) => g.y === y && g.text.trim() !== '17' && !/^\.+$/.test(g.text)).reduce((a, g) => Math.max(a, g.x + g.w), 0);
    // The first line ends within the indent (72 pt margin + 432 pt), the last word and the number go on.
    expect(right(lines[0]!)).toBeLessThan(72 + 432 + 3);
    const num = r.find((g) => g.text.trim() === '17')!;
    expect(num.y).toBe(lines[1]);
    expect(num.x + num.w).toBeCloseTo(72 + 504, 1);
  });

  it('keeps a paragraph-final tab whose stop the line cannot reach on the line: no empty line for it', async () => {
    // oxsdk-complexity's footer: "…PAGE<tab>Microsoft Confidential<tab>", its right stop 36 pt past
    // the margin and no stop after it. The last tab went down to a line of its own, lifting the footer
    // 9 pt; Word ends the paragraph on the one line (LibreOffice's Word tab compatibility does the same).
    const footer =
      '<w:p><w:pPr><w:tabs><w:tab w:val="right" w:pos="10080"/></w:tabs><w:spacing w:after="0"/></w:pPr>' +
      '<w:r><w:t>Complexity</w:t></w:r><w:r><w:tab/><w:t>Microsoft Confidential</w:t></w:r><w:r><w:tab/></w:r></w:p>' +
      '<w:p><w:pPr><w:spacing w:after="0"/></w:pPr><w:r><w:t>Next</w:t></w:r></w:p>';
    const r = runs(await layout('', footer));
    const first = r.find((g) => g.text.includes('Complexity'))!;
    const words = r.filter((g) => /Microsoft|Confidential/.test(g.text));
    for (const g of words) expect(g.y).toBeCloseTo(first.y, 5);
    expect(Math.max(...words.map((g) => g.x + g.w))).toBeCloseTo(72 + 504, 1);
    // One line: the next paragraph starts one line down.
    const next = r.find((g) => g.text.includes('Next'))!;
    expect(next.y - first.y).toBeGreaterThan(5);
    expect(next.y - first.y).toBeLessThan(20);
  });

  it('still sends a tab with text after it to the next line when its stop lies past the reach', async () => {
    // The same line with a word after the last tab: the tab and the word go down, the word
    // right-aligned at the line's first stop, the right stop 504 pt from the margin.
    const body =
      '<w:p><w:pPr><w:tabs><w:tab w:val="right" w:pos="10080"/></w:tabs><w:spacing w:after="0"/></w:pPr>' +
      '<w:r><w:t>Complexity</w:t></w:r><w:r><w:tab/><w:t>Microsoft Confidential</w:t></w:r><w:r><w:tab/><w:t>Tail</w:t></w:r></w:p>';
    const r = runs(await layout('', body));
    const first = r.find((g) => g.text.includes('Complexity'))!;
    const tail = r.find((g) => g.text.includes('Tail'))!;
    expect(tail.y).toBeGreaterThan(first.y + 5);
    expect(tail.x + tail.w).toBeCloseTo(72 + 504, 1);
  });
});
