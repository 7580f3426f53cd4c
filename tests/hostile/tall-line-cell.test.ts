/**
 * A table cell holding a line taller than a page (fuzz seed 69: runs of 1,638 pt far characters in a
 * 42 pt cell). The row could not split at a page's top where the first line of every cell was too
 * tall, so the flow placed the rest of the row whole on that page: every line after the tall one was
 * drawn below the page's foot, and the converted PDF silently lacked most of the cell's text. The
 * tall line now takes a page of its own (clipped there, as a line that tall is in the body) and the
 * row goes on below it, so every paragraph's text reaches a page. A row that may not split
 * (w:cantSplit, an exact height) and is taller than its page runs past the foot, where Word cuts
 * it: that is said with a counted warning, `layout/row-clipped`.
 */
import { describe, expect, it } from 'vitest';
import { createNodeHost } from '../../node/host';
import { glyphRunsOn, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para, WORD_DEFAULT_STYLES } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2)) });
const FAMILIES = ['Calibri', 'Times New Roman', 'Courier New', 'Arial', 'SimSun', 'No Such Face'];
const FAR = ['\u4e2d\u6587', '\ud55c\uad6d', '\u0645\u0631\u062d\u0628\u0627', '\ud83d\ude00', 'W@'];

const run = (text: string, family: string, halfPoints: number) =>
  `<w:r><w:rPr><w:rFonts w:ascii="${family}" w:hAnsi="${family}" w:eastAsia="${family}" w:cs="${family}"/><w:sz w:val="${halfPoints}"/></w:rPr><w:t xml:space="preserve">${text}</w:t></w:r>`;

/** Paragraph k: its marker, far characters in another face, and every 25th a glyph taller than the page. */
function cellParagraph(k: number): string {
  let runs = run(`m${k}`, FAMILIES[k % FAMILIES.length]!, 20) + run(FAR[k % FAR.length]!, FAMILIES[(k + 1) % FAMILIES.length]!, 24);
  if (k % 25 === 7) runs += run('\u4e2d', FAMILIES[k % FAMILIES.length]!, 3276);
  return `<w:p>${runs}</w:p>`;
}

describe('a narrow table cell with lines taller than a page', () => {
  it('splits the row past each tall line and draws every paragraph on a page', async () => {
    const n = 300;
    const cell = Array.from({ length: n }, (_, k) => cellParagraph(k)).join('');
    const body = `<w:tbl><w:tblGrid><w:gridCol w:w="848"/></w:tblGrid><w:tr><w:tc><w:tcPr><w:tcW w:w="848" w:type="dxa"/></w:tcPr>${cell}</w:tc></w:tr></w:tbl>${para('after the table')}`;
    const { doc } = await layoutDocx(makeDocx({ body, styles: WORD_DEFAULT_STYLES }), 'tall-line-cell.docx', host);
    const found = new Map<string, number>();
    doc.pages.forEach((page, k) => {
      for (const r of glyphRunsOn(doc, k)) {
        // Every baseline lies on its page: a tall glyph's own baseline overflows the page's foot, as
        // in the body, but nothing after it is drawn below the page.
        if (r.text !== '\u4e2d' || r.sizePt < 1000) expect(r.y, `${r.text} on page ${k + 1}`).toBeLessThan(page.heightPt);
        for (const m of r.text.matchAll(/m(\d+)/g)) if (!found.has(m[1]!)) found.set(m[1]!, k);
      }
    });
    const missing = Array.from({ length: n }, (_, k) => String(k)).filter((k) => !found.has(k));
    expect(missing).toEqual([]);
    // In order, each tall glyph on a page of its own: 12 of them, and the text around them.
    const pages = Array.from({ length: n }, (_, k) => found.get(String(k))!);
    for (let k = 1; k < n; k++) expect(pages[k]!).toBeGreaterThanOrEqual(pages[k - 1]!);
    const tall = doc.pages.map((_, k) => glyphRunsOn(doc, k).filter((r) => r.sizePt > 1000));
    expect(tall.filter((t) => t.length > 0).length).toBe(12);
    tall.forEach((t, k) => {
      if (t.length > 0) expect(glyphRunsOn(doc, k).filter((r) => /m\d/.test(r.text))).toEqual([]);
    });
    expect(doc.pages.findIndex((_, k) => glyphRunsOn(doc, k).some((r) => r.text.includes('after')))).toBe(doc.pages.length - 1);
  }, 60_000);
});

describe('a nested table whose cell holds a line taller than a page', () => {
  it('splits the nested row past it too, where the outer row opens the page', async () => {
    const cell = Array.from({ length: 20 }, (_, k) => (k === 3 ? `<w:p>${run('\u4e2d', 'Calibri', 3276)}</w:p>` : para(`m${k}`))).join('');
    const tc = (twips: number, content: string) => `<w:tc><w:tcPr><w:tcW w:w="${twips}" w:type="dxa"/></w:tcPr>${content}</w:tc>`;
    const inner = `<w:tbl><w:tblGrid><w:gridCol w:w="1400"/></w:tblGrid><w:tr>${tc(1400, cell)}</w:tr></w:tbl><w:p/>`;
    const body = `<w:tbl><w:tblGrid><w:gridCol w:w="2000"/></w:tblGrid><w:tr>${tc(2000, para('outer') + inner)}</w:tr></w:tbl>${para('after')}`;
    const { doc } = await layoutDocx(makeDocx({ body, styles: WORD_DEFAULT_STYLES }), 'nested-tall-line.docx', host);
    const texts = doc.pages.map((page, k) => glyphRunsOn(doc, k).filter((r) => r.sizePt < 1000 && r.y < page.heightPt).map((r) => r.text));
    expect(texts).toEqual([['outer', 'm0', 'm1', 'm2'], [], [...Array.from({ length: 16 }, (_, k) => `m${k + 4}`), 'after']]);
  });
});

describe('a row taller than its page that may not split', () => {
  const table = (trPr: string, rows: number) => {
    const cell = Array.from({ length: 60 }, (_, k) => para(`line ${k}`)).join('');
    const row = `<w:tr>${trPr}<w:tc><w:tcPr><w:tcW w:w="2000" w:type="dxa"/></w:tcPr>${cell}</w:tc></w:tr>`;
    return makeDocx({ body: `<w:tbl><w:tblGrid><w:gridCol w:w="2000"/></w:tblGrid>${row.repeat(rows)}</w:tbl>${para('after')}`, styles: WORD_DEFAULT_STYLES });
  };

  it('warns, once per document with the rows counted, for w:cantSplit and an exact height', async () => {
    for (const trPr of ['<w:trPr><w:cantSplit/></w:trPr>', '<w:trPr><w:trHeight w:val="20000" w:hRule="exact"/></w:trPr>']) {
      const { doc, codes } = await layoutDocx(table(trPr, 2), 'clipped-row.docx', host);
      expect(codes.filter((c) => c === 'layout/row-clipped'), trPr).toHaveLength(1);
      // Each row opens its own page and runs past its foot.
      expect(doc.pages.length).toBe(3);
    }
  });

  it('does not warn where the row splits', async () => {
    const { doc, codes } = await layoutDocx(table('', 2), 'split-row.docx', host);
    expect(codes).not.toContain('layout/row-clipped');
    for (let k = 0; k < doc.pages.length; k++) {
      for (const r of glyphRunsOn(doc, k)) expect(r.y).toBeLessThan(doc.pages[k]!.heightPt);
    }
  });
});
