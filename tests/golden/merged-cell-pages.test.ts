/**
 * A vertically merged cell (w:vMerge, ECMA-376 Part 1 §17.4.84) whose rows break across pages breaks
 * with them: the lines that fit in its rows on the first page stay there, the rest continue in its
 * rows on the next page. Before, the whole cell was drawn with its first row, running past the foot
 * of the page (its last lines off the paper), and its rows on the next pages were empty.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { LayoutDoc, LineItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, glyphRunsOn, layoutDocx } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const BORDER = 'w:val="single" w:sz="8" w:space="0" w:color="000000"';
const para = (text: string) => `<w:p><w:pPr><w:spacing w:after="0"/></w:pPr><w:r><w:t>${text}</w:t></w:r></w:p>`;
const cell = (inner: string, merge: string) => `<w:tc><w:tcPr><w:tcW w:w="3000" w:type="dxa"/>${merge}</w:tcPr>${inner}</w:tc>`;

const NOTES =
  '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>' +
  '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>' +
  '<w:footnote w:id="1"><w:p><w:r><w:t>Note text</w:t></w:r></w:p></w:footnote>';
const REF = '<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="1"/></w:r>';

/** `rows` rows; the first column one cell merged over all of them, holding `lines` paragraphs; a repeated header row first; a footnote referenced from row `noteAt`. */
function mergedTable(rows: number, lines: number, header = false, noteAt = -1): string {
  let body = header ? `<w:tr><w:trPr><w:tblHeader/></w:trPr>${cell(para('Head'), '')}${cell(para('Head'), '')}</w:tr>` : '';
  for (let r = 0; r < rows; r++) {
    const first = r === 0
      ? cell(Array.from({ length: lines }, (_, k) => para(`merged${k}`)).join(''), '<w:vMerge w:val="restart"/>')
      : cell(para(''), '<w:vMerge/>');
    const own = r === noteAt ? `<w:p><w:r><w:t>row${r}</w:t></w:r>${REF}</w:p>` : para(`row${r}`);
    body += `<w:tr>${first}${cell(own, '')}</w:tr>`;
  }
  return (
    `<w:tbl><w:tblPr><w:tblW w:w="6000" w:type="dxa"/><w:tblBorders><w:top ${BORDER}/><w:left ${BORDER}/><w:bottom ${BORDER}/><w:right ${BORDER}/>` +
    `<w:insideH ${BORDER}/><w:insideV ${BORDER}/></w:tblBorders><w:tblLayout w:type="fixed"/></w:tblPr><w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/></w:tblGrid>` +
    body +
    '</w:tbl>' +
    para('After')
  );
}

async function lay(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body, footnotes: NOTES }), 'merged-cell-pages.docx', host)).doc;
}

/** The merged cell's line numbers drawn on page `p`, in order, and their baselines. */
function mergedOn(doc: LayoutDoc, p: number): Array<{ k: number; y: number }> {
  return glyphRunsOn(doc, p)
    .filter((r) => r.text.startsWith('merged'))
    .map((r) => ({ k: Number(r.text.slice(6)), y: r.y }));
}

beforeAll(async () => {
  await initKernel();
});

describe('a merged cell across pages', () => {
  it('keeps every line on the paper and carries the rest to its rows on the next page', async () => {
    // 60 rows of one line (about 56 fit a page), a merged cell of 150 lines: three pages.
    const doc = await lay(mergedTable(60, 150));
    const seen: number[] = [];
    for (let p = 0; p < doc.pages.length; p++) {
      const page = doc.pages[p]!;
      for (const { k, y } of mergedOn(doc, p)) {
        seen.push(k);
        // Letter, 1-inch margins: the body ends 72 pt above the foot of the 792 pt page.
        expect(y).toBeLessThan(page.heightPt - 72);
      }
    }
    expect(doc.pages).toHaveLength(3);
    expect(seen).toEqual(Array.from({ length: 150 }, (_, k) => k));
    // Page 2 opens with the rest: its first merged line is level with the first row there.
    const first2 = mergedOn(doc, 1)[0]!;
    const row2 = glyphRunsOn(doc, 1).find((r) => r.text.startsWith('row'))!;
    expect(first2.k).toBeGreaterThan(0);
    expect(first2.y).toBeCloseTo(row2.y, 3);
    expect(glyphRunsOn(doc, doc.pages.length - 1).some((r) => r.text === 'After')).toBe(true);
  });

  it('is one open cell on a page where the next row splits: no rule inside it', async () => {
    const doc = await lay(mergedTable(60, 150));
    // Page 2 holds the cell's middle, over the last rows and the first part of the last (grown) row,
    // which splits: ruled at the top and the foot of the page only.
    const lines = flatItems(doc.pages[1]!.items).filter((i): i is LineItem => i.kind === 'line');
    const across = lines.filter((l) => Math.abs(l.y1 - l.y2) < 0.01 && Math.min(l.x1, l.x2) < 100 && Math.max(l.x1, l.x2) > 200);
    const ys = [...new Set(across.map((l) => Math.round(l.y1 * 100) / 100))];
    const merged = mergedOn(doc, 1);
    expect(ys).toHaveLength(2);
    expect(Math.min(...ys)).toBeLessThan(merged[0]!.y);
    expect(Math.max(...ys)).toBeGreaterThan(merged[merged.length - 1]!.y);
  });

  it('breaks between its rows below text where they do not all fit, though they would fit on a page', async () => {
    // 50 lines of text leave about 6 lines of the page: the 10 merged rows break there, as Word breaks
    // oxsdk-2007's seven-row merge part-way down its page 15, rather than all moving to page 2.
    const text = Array.from({ length: 50 }, (_, k) => para(`text${k}`)).join('');
    const doc = await lay(text + mergedTable(10, 12));
    const rows0 = glyphRunsOn(doc, 0).filter((r) => r.text.startsWith('row'));
    const rows1 = glyphRunsOn(doc, 1).filter((r) => r.text.startsWith('row'));
    expect(rows0.length).toBeGreaterThan(0);
    expect(rows0.length + rows1.length).toBe(10);
    // The merged cell's lines are cut with its rows: all on the paper, each once, in order.
    const first = mergedOn(doc, 0);
    const rest = mergedOn(doc, 1);
    expect(first.length).toBeGreaterThan(0);
    for (const { y } of first) expect(y).toBeLessThan(doc.pages[0]!.heightPt - 72);
    expect([...first, ...rest].map((m) => m.k)).toEqual(Array.from({ length: 12 }, (_, k) => k));
  });

  it('breaks where it stands when taller than a page, below text or a header row', async () => {
    // 150 lines of merged cell over 60 rows: taller than any page, so it starts under the 10 lines of
    // text on page 1 rather than leaving the rest of that page empty.
    const text = Array.from({ length: 10 }, (_, k) => para(`text${k}`)).join('');
    const below = await lay(text + mergedTable(60, 150));
    expect(mergedOn(below, 0)[0]!.k).toBe(0);
    // A header row above it: the rows break below the header on page 1, which is not left alone there.
    const headed = await lay(text + mergedTable(60, 150, true));
    expect(mergedOn(headed, 0)[0]!.k).toBe(0);
    expect(glyphRunsOn(headed, 1).some((r) => r.text === 'Head')).toBe(true);
  });

  it('breaks below its table header rows at the top of a page rather than leave them alone there', async () => {
    // The header and the merged rows (a page's height less 4 lines) open page 1; the merged rows do
    // not fit below the header but would on a page of their own, so they break there.
    const doc = await lay(mergedTable(5, 56, true));
    expect(glyphRunsOn(doc, 0).some((r) => r.text === 'Head')).toBe(true);
    expect(mergedOn(doc, 0).length).toBeGreaterThan(40);
  });

  it('places a footnote on the page of the row that references it', async () => {
    // Row 58 of 60 lands on page 2: its note goes there, once, not with the rows on page 1 as well.
    const doc = await lay(mergedTable(60, 150, false, 58));
    const notePage = doc.pages.findIndex((_, p) => glyphRunsOn(doc, p).some((r) => r.text.includes('Note text')));
    const rowPage = doc.pages.findIndex((_, p) => glyphRunsOn(doc, p).some((r) => r.text === 'row58'));
    expect(rowPage).toBe(1);
    expect(notePage).toBe(rowPage);
    expect(doc.pages.filter((_, p) => glyphRunsOn(doc, p).some((r) => r.text.includes('Note text')))).toHaveLength(1);
  });

  it('moves no row when the merged cell fits on its page', async () => {
    const doc = await lay(mergedTable(5, 3));
    expect(doc.pages).toHaveLength(1);
    expect(mergedOn(doc, 0).map((m) => m.k)).toEqual([0, 1, 2]);
  });
});
