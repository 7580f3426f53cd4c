/**
 * Floating tables (w:tblPr/w:tblpPr, ECMA-376 §17.4.57/58): placed from horzAnchor/vertAnchor with
 * tblpX/tblpY or tblpXSpec/tblpYSpec, taking no room in the text flow, with the body text wrapping
 * around them at the from-text distances. vertAnchor="text" is the top of the paragraph that follows
 * the table (where it would have started inline). Before, they were laid out inline.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const COMPAT_15 = '<w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="15"/></w:compat>';
const P_PR = '<w:pPr><w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/></w:pPr>';
const p = (text: string) => `<w:p>${P_PR}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
const WORDS = p(Array.from({ length: 900 }, (_, i) => `word${i}`).join(' '));

/** A 2-inch wide table (one 2880-twip column) of rows T1..Tn, floating with the given w:tblpPr attributes. */
function table(tblpPr: string, rows = 3, rowHeight = ''): string {
  const tr = (i: number) => `<w:tr>${rowHeight ? `<w:trPr><w:trHeight w:val="${rowHeight}" w:hRule="exact"/></w:trPr>` : ''}<w:tc><w:tcPr><w:tcW w:w="2880" w:type="dxa"/></w:tcPr>${p(`T${i}`)}</w:tc></w:tr>`;
  return (
    `<w:tbl><w:tblPr><w:tblpPr w:leftFromText="180" w:rightFromText="180" ${tblpPr}/><w:tblW w:w="2880" w:type="dxa"/>` +
    '<w:tblCellMar><w:top w:w="0" w:type="dxa"/><w:left w:w="108" w:type="dxa"/><w:bottom w:w="0" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr>' +
    `<w:tblGrid><w:gridCol w:w="2880"/></w:tblGrid>${Array.from({ length: rows }, (_, i) => tr(i + 1)).join('')}</w:tbl>`
  );
}

async function layout(body: string, settings = COMPAT_15): Promise<{ doc: LayoutDoc; codes: string[] }> {
  return layoutDocx(makeDocx({ body, settings }), 'floating-table.docx', host);
}

const runs = (d: LayoutDoc, page = 0) => flatItems(d.pages[page]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs');
const run = (d: LayoutDoc, text: string, page = 0) => runs(d, page).find((r) => r.text.trim() === text)!;
const right = (r: GlyphRun) => r.x + r.advances.reduce((a, b) => a + b, 0);

/** The body paragraph's lines (baseline, leftmost x, rightmost end) on a page, top to bottom. */
function lines(d: LayoutDoc, page = 0): Array<{ y: number; x0: number; x1: number }> {
  const by = new Map<number, { y: number; x0: number; x1: number }>();
  for (const r of runs(d, page)) {
    if (!/word\d/.test(r.text)) continue;
    const key = Math.round(r.y * 10);
    const l = by.get(key) ?? { y: r.y, x0: Infinity, x1: -Infinity };
    by.set(key, { y: l.y, x0: Math.min(l.x0, r.x), x1: Math.max(l.x1, right(r)) });
  }
  return [...by.values()].sort((a, b) => a.y - b.y);
}

beforeAll(async () => {
  await initKernel();
});

describe('floating tables', () => {
  it('anchored to the text: placed from the following paragraph, taking no room, with the text wrapping beside it', async () => {
    const { doc } = await layout(p('Before') + table('w:vertAnchor="text" w:horzAnchor="margin" w:tblpY="360"') + WORDS);
    const before = run(doc, 'Before');
    const ls = lines(doc);
    // The paragraph after the table starts right below "Before", as if the table were not there.
    const pitch = ls[1]!.y - ls[0]!.y;
    expect(ls[0]!.y - before.y).toBeCloseTo(pitch, 0);
    // The table is 18 pt (tblpY 360) below that paragraph's top, at the margin, its text one cell margin in.
    expect(run(doc, 'T1').y - ls[0]!.y).toBeCloseTo(18, 0);
    expect(run(doc, 'T1').x).toBeCloseTo(72 + 5.4, 0);
    // Lines beside the table start after it and its rightFromText (72 + 144 + 9); lines below it use the full width.
    const bottom = run(doc, 'T3').y + 4;
    const beside = ls.filter((l) => l.y > run(doc, 'T1').y - 10 && l.y < bottom);
    expect(beside.length).toBeGreaterThanOrEqual(3);
    for (const l of beside) expect(l.x0).toBeGreaterThanOrEqual(225 - 0.5);
    expect(ls[0]!.x0).toBeCloseTo(72, 0);
    const below = ls.filter((l) => l.y > bottom + pitch);
    expect(below.length).toBeGreaterThan(3);
    for (const l of below) expect(l.x0).toBeCloseTo(72, 0);
  });

  it('anchored to the page: placed at tblpX/tblpY from the page edges, the text to its left', async () => {
    const { doc } = await layout(table('w:vertAnchor="page" w:horzAnchor="page" w:tblpX="6480" w:tblpY="4320"') + WORDS);
    const t1 = run(doc, 'T1');
    // Compatibility mode 15: tblpX measures to the table's edge; the text is one cell margin in.
    expect(t1.x).toBeCloseTo(324 + 5.4, 0);
    expect(t1.y).toBeGreaterThan(216);
    expect(t1.y).toBeLessThan(216 + 14);
    const ls = lines(doc);
    // The body still starts at the top margin: the table took no room there.
    expect(ls[0]!.y).toBeLessThan(72 + 14);
    expect(ls[0]!.x1).toBeGreaterThan(324);
    // Beside the table the lines stay out of it and its from-text distances (324 - 9 to 324 + 144 + 9),
    // filling the room on both sides.
    const beside = ls.filter((l) => l.y > t1.y - 10 && l.y < run(doc, 'T3').y + 4);
    expect(beside.length).toBeGreaterThanOrEqual(3);
    for (const l of beside) {
      expect(l.x0).toBeCloseTo(72, 0);
      expect(l.x1).toBeGreaterThan(477);
      for (const r of runs(doc).filter((r) => Math.abs(r.y - l.y) < 0.1 && /word/.test(r.text))) expect(right(r) <= 315.5 || r.x >= 476.5).toBe(true);
    }
  });

  it('anchored to the margin with alignment: tblpXSpec right and tblpYSpec bottom', async () => {
    const { doc } = await layout(p('Before') + table('w:vertAnchor="margin" w:horzAnchor="margin" w:tblpXSpec="right" w:tblpYSpec="bottom"', 3, '400') + WORDS);
    // Three exact 20 pt rows end at the bottom margin (792 - 72); the table's right edge is the right margin.
    expect(run(doc, 'T1').x).toBeCloseTo(540 - 144 + 5.4, 0);
    expect(run(doc, 'T3').y).toBeGreaterThan(700);
    expect(run(doc, 'T3').y).toBeLessThan(720);
    expect(run(doc, 'T1').y).toBeGreaterThan(660);
    expect(run(doc, 'T1').y).toBeLessThan(680);
    // The text above the table runs the full width; beside it, it stops before its left edge (396 - 9).
    const ls = lines(doc);
    expect(ls[0]!.x1).toBeGreaterThan(400);
    const beside = ls.filter((l) => l.y > 666 && l.y < 720);
    expect(beside.length).toBeGreaterThanOrEqual(2);
    for (const l of beside) expect(l.x1).toBeLessThanOrEqual(387 + 0.5);
  });

  it('before Word 2013 (compatibility mode 12), tblpX measures to the first cell text, as w:tblInd does', async () => {
    const { doc } = await layout(table('w:vertAnchor="text" w:horzAnchor="margin" w:tblpX="1440"') + WORDS, '');
    expect(run(doc, 'T1').x).toBeCloseTo(72 + 72, 0);
    const ls = lines(doc);
    // The table's edge is at 138.6, its right edge 144 further; the first lines wrap on both sides.
    expect(ls.length).toBeGreaterThan(5);
  });

  it('an inline table after it starts below it: its rows cannot wrap around it', async () => {
    const inline = '<w:tbl><w:tblPr><w:tblW w:w="4000" w:type="dxa"/></w:tblPr><w:tblGrid><w:gridCol w:w="4000"/></w:tblGrid>' + `<w:tr><w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>${p('R1')}</w:tc></w:tr></w:tbl>`;
    const { doc } = await layout(table('w:vertAnchor="text" w:horzAnchor="margin"') + p('Short') + inline + p('After'));
    // "Short" wraps beside the floating table; the inline table's row goes below the floating table's last row.
    expect(run(doc, 'Short').x).toBeGreaterThanOrEqual(225 - 0.5);
    expect(run(doc, 'R1').y).toBeGreaterThan(run(doc, 'T3').y + 8);
  });

  it('a text-wrapping break with w:clear="all" moves the rest of the paragraph below it', async () => {
    const para = `<w:p>${P_PR}<w:r><w:t>Beside</w:t></w:r><w:r><w:br w:clear="all"/></w:r><w:r><w:t>Cleared</w:t></w:r></w:p>`;
    const { doc } = await layout(table('w:vertAnchor="text" w:horzAnchor="margin"') + para);
    expect(run(doc, 'Beside').x).toBeGreaterThanOrEqual(225 - 0.5);
    expect(run(doc, 'Cleared').x).toBeCloseTo(72, 0);
    expect(run(doc, 'Cleared').y).toBeGreaterThan(run(doc, 'T3').y + 4);
  });

  it('the text after a page or column break in the paragraph beside it takes the full width of the next page', async () => {
    // aspose-Get_substitution_without_suffixes: a heading opening with a column break (one column:
    // the next page) after a floating table; its text was set on page 2 in the narrow strip left
    // beside the table on page 1.
    for (const type of ['page', 'column']) {
      const para = `<w:p>${P_PR}<w:r><w:t>Beside</w:t></w:r><w:r><w:br w:type="${type}"/></w:r><w:r><w:t>Heading on the next page</w:t></w:r></w:p>`;
      const { doc } = await layout(table('w:vertAnchor="text" w:horzAnchor="margin"') + para + p('After'));
      expect(run(doc, 'Beside').x).toBeGreaterThanOrEqual(225 - 0.5);
      const heading = run(doc, 'Heading on the next page', 1);
      expect(heading.x).toBeCloseTo(72, 0);
      expect(heading.y).toBeLessThan(72 + 12);
      expect(run(doc, 'After', 1).y).toBeGreaterThan(heading.y);
    }
  });

  it('in two columns, the text after a column break starts the second column at its full width', async () => {
    const sect = '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/><w:cols w:num="2" w:space="720"/></w:sectPr>';
    const para = `<w:p>${P_PR}<w:r><w:t>Beside</w:t></w:r><w:r><w:br w:type="column"/></w:r><w:r><w:t>Second column</w:t></w:r></w:p>`;
    const { doc } = await layout(p('Before') + table('w:vertAnchor="text" w:horzAnchor="margin"') + para + p('After') + sect);
    // Two 216 pt columns, the second from 324 pt; the table's 144 pt and 9 pt of distance in the first.
    expect(run(doc, 'Beside').x).toBeGreaterThanOrEqual(225 - 0.5);
    expect(run(doc, 'Second column').x).toBeCloseTo(324, 0);
    expect(run(doc, 'Second column').y).toBeCloseTo(run(doc, 'Before').y, 0);
  });

  it('consecutive floating tables overlap unless w:tblOverlap="never" moves the second below the first', async () => {
    const second = (overlap: string) => table('w:vertAnchor="text" w:horzAnchor="margin" w:tblpX="720"').replace(/T(\d)/g, 'S$1').replace('<w:tblW', `${overlap}<w:tblW`);
    const first = table('w:vertAnchor="text" w:horzAnchor="margin"');
    const { doc } = await layout(first + second('') + WORDS);
    // Both anchored to the same paragraph top: the same height.
    expect(run(doc, 'S1').y).toBeCloseTo(run(doc, 'T1').y, 1);
    const never = (await layout(first + second('<w:tblOverlap w:val="never"/>') + WORDS)).doc;
    expect(run(never, 'S1').y).toBeGreaterThan(run(never, 'T3').y + 4);
    expect(run(never, 'S1').x).toBeCloseTo(72 + 36 + 5.4, 0);
    // The text wraps beside both.
    const beside = lines(never).filter((l) => l.y > run(never, 'S1').y - 4 && l.y < run(never, 'S3').y + 4);
    expect(beside.length).toBeGreaterThanOrEqual(3);
    for (const l of beside) expect(l.x0).toBeGreaterThanOrEqual(72 + 36 + 144 + 9 - 0.5);
  });

  it('a text-anchored table that would reach below the page body breaks across pages inline', async () => {
    const filler = Array.from({ length: 44 }, (_, i) => p(`Line ${i}`)).join('');
    const { doc } = await layout(filler + table('w:vertAnchor="text" w:horzAnchor="margin"', 10, '400') + WORDS);
    // Ten 20 pt rows do not fit below the last filler line: the first rows end page 1, the rest start page 2.
    expect(run(doc, 'T1')).toBeDefined();
    expect(run(doc, 'T10', 1).y).toBeLessThan(72 + 20 * 10);
    // The paragraph follows the table, at full width, as after an inline table.
    const ls = lines(doc, 1);
    expect(ls[0]!.y).toBeGreaterThan(run(doc, 'T10', 1).y);
    for (const l of ls) expect(l.x0).toBeCloseTo(72, 0);
  });

  it('a floating table taller than the page is laid out inline, with a warning', async () => {
    const { doc, codes } = await layout(table('w:vertAnchor="text" w:horzAnchor="margin"', 40, '400') + WORDS);
    expect(codes).toContain('layout/floating-table-inline');
    // Inline: 40 rows of 20 pt break across pages and the paragraph follows the table.
    expect(doc.pages.length).toBeGreaterThanOrEqual(2);
    expect(run(doc, 'T1').y).toBeLessThan(72 + 20);
    expect(lines(doc, 0).length).toBe(0);
  });
});
