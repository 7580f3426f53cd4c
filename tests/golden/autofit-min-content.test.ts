/**
 * AutoFit's minimum-content rule (w:tblLayout autofit, §17.4.53): Word widens a column whose cell
 * holds a word wider than the cell's text, instead of breaking the word between letters; the other
 * columns keep their widths. A fixed-layout table keeps its grid and breaks the word. A cell spanning
 * two columns spreads what it lacks over both. Before, every table kept its saved grid
 * (docxside-case6: Word widens "/api/auth/refresh"'s column from 86.4 to 99.3 pt; we cut "refre|sh").
 * An inline picture wider than its cell does not widen it (oxpt-WC023: Word saved such a grid).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';
import { inlinePicture, TINY_PNG } from '../helpers/tiny-png';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const WORD = 'Pneumonoultramicroscopicsilicovolcanoconiosis';
const COL = 1728; // 86.4 pt
const cell = (text: string, span = 1) =>
  `<w:tc><w:tcPr><w:tcW w:w="${COL * span}" w:type="dxa"/>${span > 1 ? `<w:gridSpan w:val="${span}"/>` : ''}</w:tcPr>${para(text)}</w:tc>`;
const table = (rows: string[][], layout?: 'fixed') =>
  '<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/>' +
  (layout ? `<w:tblLayout w:type="${layout}"/>` : '') +
  '<w:tblCellMar><w:left w:w="108" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr>' +
  `<w:tblGrid>${`<w:gridCol w:w="${COL}"/>`.repeat(3)}</w:tblGrid>` +
  rows.map((r) => `<w:tr>${r.join('')}</w:tr>`).join('') +
  '</w:tbl><w:p/>';

async function layout(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body, media: { rIdImg: { name: 'image1.png', data: TINY_PNG } } }), 'autofit-min-content.docx', host)).doc;
}

const runs = (d: LayoutDoc) => flatItems(d.pages[0]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs');
const xOf = (d: LayoutDoc, s: string) => runs(d).find((i) => i.text.includes(s))!.x;
const widthOf = (r: GlyphRun) => r.advances.reduce((a, b) => a + b, 0);
/** The run holding the whole word, when it was laid on one line. */
const whole = (d: LayoutDoc) => runs(d).find((r) => r.text.includes(WORD));

beforeAll(async () => {
  await initKernel();
});

describe('autofit tables widen a column to its widest word', () => {
  it('widens the column holding a long word and keeps the others', async () => {
    const doc = await layout(table([[cell('a1'), cell('b1'), cell('c1')], [cell(WORD), cell('b2'), cell('c2')]]));
    const run = whole(doc);
    expect(run).toBeDefined();
    // The word's column is the word plus the cell's margins (5.4 pt each side).
    expect(xOf(doc, 'b1') - xOf(doc, 'a1')).toBeCloseTo(widthOf(run!) + 10.8, 1);
    expect(xOf(doc, 'c1') - xOf(doc, 'b1')).toBeCloseTo(86.4, 1);
  });

  it('keeps a fixed-layout table\'s grid and breaks the word', async () => {
    const doc = await layout(table([[cell('a1'), cell('b1'), cell('c1')], [cell(WORD), cell('b2'), cell('c2')]], 'fixed'));
    expect(whole(doc)).toBeUndefined();
    expect(xOf(doc, 'b1') - xOf(doc, 'a1')).toBeCloseTo(86.4, 1);
    expect(xOf(doc, 'c1') - xOf(doc, 'b1')).toBeCloseTo(86.4, 1);
  });

  it('spreads a spanning cell\'s minimum over the columns it spans', async () => {
    const doc = await layout(table([[cell(WORD, 2), cell('c1')], [cell('a2'), cell('b2'), cell('c2')]]));
    const run = whole(doc);
    expect(run).toBeDefined();
    const a = xOf(doc, 'a2');
    const b = xOf(doc, 'b2');
    const c = xOf(doc, 'c2');
    // Both spanned columns grow alike (they were equal); together they hold the word and one cell's margins.
    expect(b - a).toBeCloseTo(c - b, 1);
    expect(c - a).toBeCloseTo(widthOf(run!) + 10.8, 1);
    expect(xOf(doc, 'c1')).toBeCloseTo(c, 1);
  });

  it('does not widen a column for an inline picture', async () => {
    const picture = `<w:tc><w:tcPr><w:tcW w:w="${COL}" w:type="dxa"/></w:tcPr><w:p>${inlinePicture('rIdImg', 144, 72)}</w:p></w:tc>`;
    const doc = await layout(table([[cell('a1'), cell('b1'), cell('c1')], [picture, cell('b2'), cell('c2')]]));
    expect(xOf(doc, 'b1') - xOf(doc, 'a1')).toBeCloseTo(86.4, 1);
  });
});

/** An equation run of letters: no break point inside it. */
const mr = (t: string) => `<m:r><w:rPr><w:rFonts w:ascii="Cambria Math" w:hAnsi="Cambria Math"/></w:rPr><m:t>${t}</m:t></m:r>`;
const mathCell = (p: string) => `<w:tc><w:tcPr><w:tcW w:w="${COL}" w:type="dxa"/></w:tcPr>${p}</w:tc>`;
const LETTERS = 'abcdefghijklmnopqrstuvw';
/** The ink extent of the runs left of `x`: the equation in the first column. */
function extentLeftOf(d: LayoutDoc, x: number): { left: number; right: number } {
  const eq = runs(d).filter((r) => r.x < x - 1);
  return { left: Math.min(...eq.map((r) => r.x)), right: Math.max(...eq.map((r) => r.x + widthOf(r))) };
}

describe('autofit tables count equations', () => {
  it('widens a column to a display equation\'s whole width', async () => {
    const eq = mathCell(`<w:p><m:oMathPara><m:oMath>${mr(LETTERS)}${mr('+')}${mr('xy')}</m:oMath></m:oMathPara></w:p>`);
    const doc = await layout(table([[eq, cell('b1'), cell('c1')], [cell('a2'), cell('b2'), cell('c2')]]));
    const col = xOf(doc, 'b1') - xOf(doc, 'a2');
    const e = extentLeftOf(doc, xOf(doc, 'b1'));
    expect(col).toBeGreaterThan(86.4 + 20);
    // The equation is not broken (one baseline) and fills the column between the margins.
    expect(new Set(runs(doc).filter((r) => r.x < xOf(doc, 'b1') - 1 && r.y < runs(doc).find((q) => q.text === 'a2')!.y).map((r) => r.y)).size).toBe(1);
    expect(e.right - e.left).toBeCloseTo(col - 10.8, 0);
    expect(e.right).toBeLessThanOrEqual(xOf(doc, 'b1') - 5.4 + 0.5);
  });

  it('widens a column to an inline equation\'s widest stretch between break points', async () => {
    const eq = mathCell(`<w:p><w:r><w:t>so</w:t></w:r><m:oMath>${mr(LETTERS)}${mr('+')}${mr('xy')}</m:oMath></w:p>`);
    const doc = await layout(table([[eq, cell('b1'), cell('c1')], [cell('a2'), cell('b2'), cell('c2')]]));
    const col = xOf(doc, 'b1') - xOf(doc, 'a2');
    const long = runs(doc).filter((r) => r.x < xOf(doc, 'b1') - 1 && r.text !== 'so' && !/[+xy]|\u{1D465}|\u{1D466}/u.test(r.text));
    const w = Math.max(...long.map((r) => r.x + widthOf(r))) - Math.min(...long.map((r) => r.x));
    expect(col).toBeGreaterThan(86.4 + 20);
    // The letters are the widest stretch: the column holds them and its margins; "+xy" goes to the next line.
    expect(col).toBeCloseTo(w + 10.8, 0);
  });
});

describe('text measured unbroken counts a display equation at its width', () => {
  it('makes a bottom-to-top cell as tall as the equation, not the longest line a turned cell may run', async () => {
    const turned = `<w:tc><w:tcPr><w:tcW w:w="${COL}" w:type="dxa"/><w:textDirection w:val="btLr"/></w:tcPr><w:p><m:oMathPara><m:oMath>${mr('abc')}${mr('+')}${mr('xy')}</m:oMath></m:oMathPara></w:p></w:tc>`;
    const doc = await layout(table([[turned, cell('b1'), cell('c1')], [cell('a2'), cell('b2'), cell('c2')]]));
    const eq = runs(doc).filter((r) => r.x < xOf(doc, 'b1') - 1 && r.text !== 'a2');
    const row = runs(doc).find((r) => r.text === 'a2')!.y - runs(doc).find((r) => r.text === 'b1')!.y;
    expect(eq.length).toBeGreaterThan(0);
    // "abc+xy" is about 40 pt long: the row holds it, far from the 1584 pt a turned cell may run.
    expect(row).toBeGreaterThan(30);
    expect(row).toBeLessThan(70);
  });
});

/** Five 86.4 pt columns (432 pt of the 468 pt text width) with the long word in the first column. */
const wideTable = (tblW: string) =>
  `<w:tbl><w:tblPr>${tblW}<w:tblCellMar><w:left w:w="108" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr>` +
  `<w:tblGrid>${`<w:gridCol w:w="${COL}"/>`.repeat(5)}</w:tblGrid>` +
  `<w:tr>${cell(WORD)}${cell('b1')}${cell('c1')}${cell('d1')}${cell('e1')}</w:tr></w:tbl><w:p/>`;

describe('an autofit table whose widened column passes the text width', () => {
  it('grows past the right margin when it has no preferred width, its other columns kept', async () => {
    // docxside-case6's Word render: the auto-width 5 x 86.4 pt table grows to 443 pt, its other columns at 86.4.
    const doc = await layout(wideTable('<w:tblW w:w="0" w:type="auto"/>'));
    const run = whole(doc);
    expect(run).toBeDefined();
    expect(xOf(doc, 'b1') - xOf(doc, WORD)).toBeCloseTo(widthOf(run!) + 10.8, 1);
    for (const [a, b] of [['b1', 'c1'], ['c1', 'd1'], ['d1', 'e1']] as const) expect(xOf(doc, b) - xOf(doc, a)).toBeCloseTo(86.4, 1);
    expect(xOf(doc, 'e1') + 86.4 - 5.4).toBeGreaterThan(72 + 468 + 20);
  });

  it('takes the growth back from the other columns when it has a preferred width', async () => {
    const doc = await layout(wideTable(`<w:tblW w:w="${COL * 5}" w:type="dxa"/>`));
    expect(whole(doc)).toBeDefined();
    for (const [a, b] of [['b1', 'c1'], ['c1', 'd1'], ['d1', 'e1']] as const) expect(xOf(doc, b) - xOf(doc, a)).toBeLessThan(86.4 - 5);
  });
});
