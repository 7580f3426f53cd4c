/**
 * Columns of unequal widths (w:cols w:equalWidth="0" with w:col children, ECMA-376 §17.6.4): each
 * column has its own width, and a paragraph is laid out at the width of the column it lands in. One
 * that starts in one column and continues in the next has the rest of its lines broken again at the
 * next column's width; the lines already set stay as they are. Before, every paragraph of such a
 * section was laid out at the first column's width, so text ran past a narrower second column into
 * the margin and a wider one was left half empty (oxsdk-complex2010's "Variable Width Columns").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

/** A page 288 pt tall with a 216 pt body, 72 pt side margins: 468 pt of text width. */
const PAGE = '<w:pgSz w:w="12240" w:h="5760"/><w:pgMar w:top="720" w:right="1440" w:bottom="720" w:left="1440" w:header="360" w:footer="360" w:gutter="0"/>';
const WIDE = 324;
const NARROW = 108;
const GAP = 36;
const JUSTIFIED = '<w:jc w:val="both"/><w:spacing w:after="0"/>';
const TEXT = Array.from({ length: 150 }, (_, i) => `word${i + 1} text`).join(' ');

function cols(first: number, second: number, sep = false): string {
  return `<w:cols w:num="2" w:space="${GAP * 20}"${sep ? ' w:sep="1"' : ''} w:equalWidth="0"><w:col w:w="${first * 20}" w:space="${GAP * 20}"/><w:col w:w="${second * 20}"/></w:cols>`;
}

/** The column boxes of the section: left edge and width. */
function boxes(first: number, second: number): Array<{ x: number; width: number }> {
  return [
    { x: 72, width: first },
    { x: 72 + first + GAP, width: second },
  ];
}

function runWidth(r: GlyphRun): number {
  let w = 0;
  for (const a of r.advances) w += a;
  // Trailing spaces may hang past the edge.
  const trailing = r.text.length - r.text.trimEnd().length;
  for (let k = r.advances.length - trailing; k < r.advances.length; k++) w -= r.advances[k]!;
  return w;
}

/** The text lines of a page (runs grouped by baseline and column), with their left and right ink edges. */
function linesOf(doc: LayoutDoc, page: number, columns: ReadonlyArray<{ x: number; width: number }>): Array<{ column: number; y: number; left: number; right: number; text: string }> {
  const runs = flatItems(doc.pages[page]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs' && i.text.trim() !== '');
  const out: Array<{ column: number; y: number; left: number; right: number; text: string }> = [];
  for (const r of runs) {
    const column = r.x >= columns[1]!.x - 1 ? 1 : 0;
    const line = out.find((l) => l.column === column && Math.abs(l.y - r.y) < 0.5);
    const right = r.x + runWidth(r);
    if (line) {
      line.left = Math.min(line.left, r.x);
      line.right = Math.max(line.right, right);
      line.text += r.text;
    } else out.push({ column, y: r.y, left: r.x, right, text: r.text });
  }
  return out.sort((a, b) => a.column - b.column || a.y - b.y);
}

async function layout(body: string): Promise<LayoutDoc> {
  const { doc } = await layoutDocx(makeDocx({ body }), 'unequal-columns.docx', host);
  return doc;
}

beforeAll(async () => {
  await initKernel();
});

describe('unequal columns', () => {
  for (const [name, first, second] of [
    ['from the wide column into the narrow one', WIDE, NARROW],
    ['from the narrow column into the wide one', NARROW, WIDE],
  ] as const) {
    it(`lays a paragraph crossing ${name} out at each column's width`, async () => {
      const doc = await layout(para(TEXT, JUSTIFIED) + para('After the long one.', JUSTIFIED) + `<w:sectPr>${PAGE}${cols(first, second)}</w:sectPr>`);
      const columns = boxes(first, second);
      const lines = linesOf(doc, 0, columns);
      const inCol = (c: number) => lines.filter((l) => l.column === c);
      expect(inCol(0).length).toBeGreaterThan(5);
      expect(inCol(1).length).toBeGreaterThan(5);
      // Every line of every page inside its column's box.
      const all = doc.pages.flatMap((_, k) => linesOf(doc, k, columns));
      for (const l of all) {
        const box = columns[l.column]!;
        expect(l.left).toBeGreaterThanOrEqual(box.x - 0.01);
        expect(l.right).toBeLessThanOrEqual(box.x + box.width + 0.05);
      }
      // The paragraph's justified lines (all but its last) reach their own column's right edge: the
      // second column's were broken again at its width, not left at the first one's.
      const last = all.findIndex((l) => l.text.includes('word150'));
      expect(last).toBeGreaterThan(0);
      for (const l of all.slice(0, last)) {
        const box = columns[l.column]!;
        expect(box.x + box.width - l.right).toBeLessThan(1);
      }
      // No word is lost or repeated where the paragraph changes column.
      const words = all.slice(0, last + 1).flatMap((l) => l.text.split(/\s+/).filter((w) => w.startsWith('word')));
      expect(words).toEqual(Array.from({ length: 150 }, (_, i) => `word${i + 1}`));
    });
  }

  it('lays out a paragraph that starts in the second column at its width', async () => {
    const body = para('Short.', JUSTIFIED) + `<w:p><w:r><w:br w:type="column"/></w:r></w:p>` + para(TEXT.slice(0, 600), JUSTIFIED) + `<w:sectPr>${PAGE}${cols(WIDE, NARROW)}</w:sectPr>`;
    const doc = await layout(body);
    const columns = boxes(WIDE, NARROW);
    const second = linesOf(doc, 0, columns).filter((l) => l.column === 1);
    expect(second.length).toBeGreaterThan(5);
    for (const l of second.slice(0, -1)) {
      expect(l.left).toBeGreaterThanOrEqual(columns[1]!.x - 0.01);
      expect(Math.abs(columns[1]!.x + NARROW - l.right)).toBeLessThan(1);
    }
  });

  it('lays out again a paragraph kept with the next that moves on with it into the narrow column', async () => {
    // Seventeen filler lines leave room for the heading's one wide line but not for the next paragraph's
    // first two (widow control): the heading moves on with it, and is broken again at 108 pt.
    const filler = Array.from({ length: 17 }, (_, i) => para(`Filler line ${i + 1}`, '<w:spacing w:after="0"/>')).join('');
    const heading = para('A heading kept with the paragraph after it', '<w:keepNext/><w:spacing w:after="0"/>');
    const body = filler + heading + para(TEXT.slice(0, 300), `<w:widowControl/>${JUSTIFIED}`) + `<w:sectPr>${PAGE}${cols(WIDE, NARROW)}</w:sectPr>`;
    const doc = await layout(body);
    const columns = boxes(WIDE, NARROW);
    const lines = linesOf(doc, 0, columns);
    const head = lines.filter((l) => /heading|kept|paragraph|after it/.test(l.text) && !l.text.includes('word'));
    expect(head.length).toBeGreaterThan(1);
    for (const l of head) {
      expect(l.column).toBe(1);
      expect(l.right).toBeLessThanOrEqual(columns[1]!.x + NARROW + 0.05);
    }
    expect(lines.filter((l) => l.column === 0).every((l) => l.text.startsWith('Filler'))).toBe(true);
  });

  it('lays a table out at the width of the column it lands in', async () => {
    // A 100% wide table: after a column break, and moved on whole (its row cannot split) from the
    // foot of the wide column into the narrow one.
    const cell = (text: string) => `<w:tc><w:tcPr><w:tcW w:w="5000" w:type="pct"/></w:tcPr>${para(text, '<w:spacing w:after="0"/>')}</w:tc>`;
    const table = (text: string, rows: number) =>
      `<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/><w:tblBorders><w:top w:val="single" w:sz="4"/><w:bottom w:val="single" w:sz="4"/></w:tblBorders></w:tblPr><w:tblGrid><w:gridCol w:w="6480"/></w:tblGrid>` +
      Array.from({ length: rows }, () => `<w:tr><w:trPr><w:cantSplit/></w:trPr>${cell(text)}</w:tr>`).join('') +
      '</w:tbl>';
    const filler = Array.from({ length: 16 }, (_, i) => para(`Filler line ${i + 1}`, '<w:spacing w:after="0"/>')).join('');
    const columns = boxes(WIDE, NARROW);
    for (const body of [
      para('Short.', JUSTIFIED) + `<w:p><w:r><w:br w:type="column"/></w:r></w:p>` + table(TEXT.slice(0, 200), 1),
      filler + table(TEXT.slice(0, 300), 1),
    ]) {
      const doc = await layout(body + para('') + `<w:sectPr>${PAGE}${cols(WIDE, NARROW)}</w:sectPr>`);
      const cellLines = linesOf(doc, 0, columns).filter((l) => l.text.includes('text'));
      expect(cellLines.length).toBeGreaterThan(3);
      for (const l of cellLines) {
        expect(l.column).toBe(1);
        expect(l.left).toBeGreaterThanOrEqual(columns[1]!.x - 0.01);
        expect(l.right).toBeLessThanOrEqual(columns[1]!.x + NARROW + 0.05);
      }
      const rules = flatItems(doc.pages[0]!.items).filter((i) => i.kind === 'line' && Math.abs(i.y1 - i.y2) < 0.01);
      expect(rules.length).toBeGreaterThan(0);
      for (const r of rules) if (r.kind === 'line') expect(Math.max(r.x1, r.x2)).toBeLessThanOrEqual(columns[1]!.x + NARROW + 1);
    }
  });

  it('lays the rows of a table continuing into a column of another width out at that width', async () => {
    // A 100% wide table of rows that cannot split, crossing from one column into the other: Word lays
    // each part out in its own column (a percentage width resolved again), as it would a table that
    // moved on whole. Before, the rows continuing it kept the first column's grid.
    const row = (k: number) => `<w:tr><w:trPr><w:cantSplit/></w:trPr><w:tc><w:tcPr><w:tcW w:w="5000" w:type="pct"/></w:tcPr>${para(`Row${k} text`, '<w:jc w:val="right"/><w:spacing w:after="0"/>')}</w:tc></w:tr>`;
    const table = `<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/><w:tblBorders><w:top w:val="single" w:sz="4"/><w:bottom w:val="single" w:sz="4"/><w:insideH w:val="single" w:sz="4"/></w:tblBorders></w:tblPr><w:tblGrid><w:gridCol w:w="2160"/></w:tblGrid>${Array.from({ length: 30 }, (_, k) => row(k + 1)).join('')}</w:tbl>`;
    for (const [first, second] of [
      [WIDE, NARROW],
      [NARROW, WIDE],
    ] as const) {
      const doc = await layout(table + para('') + `<w:sectPr>${PAGE}${cols(first, second)}</w:sectPr>`);
      const columns = boxes(first, second);
      const lines = linesOf(doc, 0, columns).filter((l) => l.text.startsWith('Row'));
      expect(lines.filter((l) => l.column === 0).length).toBeGreaterThan(3);
      expect(lines.filter((l) => l.column === 1).length).toBeGreaterThan(3);
      // Right-aligned cell text ends at its column's edge less the cell's 5.4 pt right margin.
      for (const l of lines) {
        const box = columns[l.column]!;
        expect(box.x + box.width - l.right).toBeGreaterThan(5);
        expect(box.x + box.width - l.right).toBeLessThan(6);
      }
      const rules = flatItems(doc.pages[0]!.items).filter((i) => i.kind === 'line' && Math.abs(i.y1 - i.y2) < 0.01);
      for (const r of rules) {
        if (r.kind !== 'line') continue;
        const box = columns[Math.min(r.x1, r.x2) >= columns[1]!.x - 1 ? 1 : 0]!;
        expect(Math.max(r.x1, r.x2)).toBeLessThanOrEqual(box.x + box.width + 1);
        expect(Math.max(r.x1, r.x2)).toBeGreaterThan(box.x + box.width - 1);
      }
    }
  });

  it('keeps a fixed-width table\'s width where it continues into a column of another width, placed by that column', async () => {
    // A 72 pt table, centred: each part is centred in its own column at its own width.
    const row = (k: number) => `<w:tr><w:trPr><w:cantSplit/></w:trPr><w:tc><w:tcPr><w:tcW w:w="1440" w:type="dxa"/></w:tcPr>${para(`Row${k}`, '<w:spacing w:after="0"/>')}</w:tc></w:tr>`;
    const table = `<w:tbl><w:tblPr><w:tblW w:w="1440" w:type="dxa"/><w:jc w:val="center"/><w:tblLayout w:type="fixed"/></w:tblPr><w:tblGrid><w:gridCol w:w="1440"/></w:tblGrid>${Array.from({ length: 30 }, (_, k) => row(k + 1)).join('')}</w:tbl>`;
    const doc = await layout(table + para('') + `<w:sectPr>${PAGE}${cols(WIDE, NARROW)}</w:sectPr>`);
    const columns = boxes(WIDE, NARROW);
    const lines = linesOf(doc, 0, columns).filter((l) => l.text.startsWith('Row'));
    expect(lines.filter((l) => l.column === 1).length).toBeGreaterThan(3);
    // The cell's text starts 5.4 pt (its left margin) into the table, which starts (width - 72) / 2 into its column.
    for (const l of lines) {
      const box = columns[l.column]!;
      expect(l.left - (box.x + (box.width - 72) / 2)).toBeCloseTo(5.4, 0);
    }
  });

  it('balances unequal columns before a continuous break with each column at its width', async () => {
    const body =
      para(TEXT.slice(0, 700), JUSTIFIED) +
      `<w:p><w:pPr><w:sectPr><w:type w:val="continuous"/>${PAGE}${cols(NARROW, WIDE, true)}</w:sectPr></w:pPr></w:p>` +
      para('Below the columns.', JUSTIFIED) +
      `<w:sectPr><w:type w:val="continuous"/>${PAGE}<w:cols w:space="720"/></w:sectPr>`;
    const doc = await layout(body);
    const columns = boxes(NARROW, WIDE);
    const lines = linesOf(doc, 0, columns);
    const first = lines.filter((l) => l.column === 0 && !l.text.includes('Below'));
    const second = lines.filter((l) => l.column === 1);
    expect(first.length).toBeGreaterThan(2);
    expect(second.length).toBeGreaterThan(0);
    for (const l of [...first, ...second]) {
      const box = columns[l.column]!;
      expect(l.left).toBeGreaterThanOrEqual(box.x - 0.01);
      expect(l.right).toBeLessThanOrEqual(box.x + box.width + 0.05);
    }
    // The first column's lines and the second's but the paragraph's last are justified to their column's edge.
    for (const l of [...first, ...second.slice(0, -1)]) {
      const box = columns[l.column]!;
      expect(box.x + box.width - l.right).toBeLessThan(1);
    }
    // Balanced: the columns end within a line of each other.
    const bottom = (ls: typeof lines) => ls[ls.length - 1]!.y;
    expect(Math.abs(bottom(first) - bottom(second))).toBeLessThan(16);
    // The separator (w:sep) runs down the middle of the space between the two columns.
    const sep = flatItems(doc.pages[0]!.items).find((i) => i.kind === 'line' && Math.abs(i.x1 - i.x2) < 0.01);
    expect(sep).toBeDefined();
    if (sep?.kind === 'line') expect(sep.x1).toBeCloseTo(72 + NARROW + GAP / 2, 2);
    // Text after the continuous break starts below both columns.
    const below = lines.find((l) => l.text.includes('Below'))!;
    expect(below.y).toBeGreaterThan(Math.max(bottom(first), bottom(second)));
  });
});
