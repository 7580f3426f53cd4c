/**
 * A stand-in fitted to the widths of a family that has no metric-compatible open twin (engine/text
 * substitution.ts, original metrics). Consolas is drawn with DejaVu Sans Mono, whose advance is
 * 1233/2048 em where Consolas's is 1126/2048 em (Word's embedded Consolas): the stand-in is condensed
 * to Consolas's advances, in layout and in the PDF (Tz), and its lines take Consolas's Word line height
 * (1884 + 514)/2048 em. Before, code lines were 9.5% wider than Word's and wrapped where Word's fit.
 * Georgia, proportional, is drawn with DejaVu Serif at its measured average width ratio (0.861).
 * Traditional Arabic is drawn with DejaVu Sans at 0.594 of its widths (Word's pagination of 50,000
 * Arabic letters); its line metrics are not known, so its lines keep DejaVu Sans's height.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { renderPdf } from '../../engine/render/pdf/render';
import { createNodeHost } from '../../node/host';
import { layoutDocx, flatItems } from '../helpers/layout-docx';
import { makeDocx, xmlText } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const CONSOLAS_EM = 1126 / 2048;
const RPR = '<w:rPr><w:rFonts w:ascii="Consolas" w:hAnsi="Consolas"/><w:sz w:val="20"/></w:rPr>';
const PPR = '<w:pPr><w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/></w:pPr>';
const code = (text: string, ppr = PPR, rpr = RPR) => `<w:p>${ppr}<w:r>${rpr}<w:t xml:space="preserve">${xmlText(text)}</w:t></w:r></w:p>`;
// 84 characters: 461.8 pt at Consolas's advance fits the 468 pt line; at DejaVu Sans Mono's, 505.7 pt does not.
const LONG = 'abcdefg '.repeat(10) + 'abcd';
const TAB_PPR = '<w:pPr><w:tabs><w:tab w:val="right" w:pos="4320"/></w:tabs><w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/></w:pPr>';
const UNDERLINED = '<w:rPr><w:rFonts w:ascii="Consolas" w:hAnsi="Consolas"/><w:sz w:val="20"/><w:u w:val="single"/></w:rPr>';

async function layout(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body }), 'stand-in-widths.docx', host)).doc;
}

const runsOf = (d: LayoutDoc) => flatItems(d.pages[0]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs');

beforeAll(async () => {
  await initKernel();
});

describe('Consolas drawn by DejaVu Sans Mono fitted to its widths', () => {
  it('gives every character Consolas\'s advance and draws the glyphs condensed to it', async () => {
    const d = await layout(code('0123456789 ABCxyz'));
    const run = runsOf(d).find((r) => r.text.startsWith('0123'))!;
    expect(d.fonts[run.font]!.family).toBe('DejaVu Sans Mono');
    for (const a of run.advances) expect(a).toBeCloseTo(10 * CONSOLAS_EM, 6);
    expect(run.scalePct).toBeCloseTo((100 * 1126) / 1233, 6);
  });

  it('keeps a line that fits at Consolas\'s widths on one line', async () => {
    const d = await layout(code(LONG));
    const ys = new Set(runsOf(d).map((r) => r.y.toFixed(3)));
    expect(ys.size).toBe(1);
  });

  it('gives lines Consolas\'s Word line height, (1884 + 514)/2048 em', async () => {
    const d = await layout(code('first') + code('second'));
    const [a, b] = runsOf(d);
    expect(b!.y - a!.y).toBeCloseTo((10 * (1884 + 514)) / 2048, 3);
  });

  it('aligns text at a right tab and underlines it by the fitted widths', async () => {
    const d = await layout(`<w:p>${TAB_PPR}<w:r>${UNDERLINED}<w:tab/><w:t>12345</w:t></w:r></w:p>`);
    const run = runsOf(d).find((r) => r.text.includes('12345'))!;
    const digits = run.clusters.indexOf(run.text.indexOf('1'));
    const x = run.x + run.advances.slice(0, digits).reduce((s, a) => s + a, 0);
    // The stop is at 72 + 216 pt; five characters of 5.498 pt end there.
    expect(x).toBeCloseTo(72 + 216 - 5 * 10 * CONSOLAS_EM, 2);
    const line = flatItems(d.pages[0]!.items).find((i) => i.kind === 'line' && i.x1 >= x - 0.01);
    expect(line && line.kind === 'line' ? line.x2 - line.x1 : 0).toBeCloseTo(5 * 10 * CONSOLAS_EM, 3);
  });

  it('justifies a line of fitted glyphs flush with both margins', async () => {
    const jc = '<w:pPr><w:jc w:val="both"/><w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/></w:pPr>';
    const d = await layout(code(LONG + ' ' + LONG, jc));
    const runs = runsOf(d);
    const y0 = Math.min(...runs.map((r) => r.y));
    const first = runs.filter((r) => Math.abs(r.y - y0) < 0.01);
    const right = Math.max(...first.map((r) => r.x + r.advances.slice(0, r.text.trimEnd().length).reduce((s, a) => s + a, 0)));
    expect(Math.min(...first.map((r) => r.x))).toBeCloseTo(72, 3);
    expect(right).toBeCloseTo(540, 1);
    // The first line holds LONG only at Consolas's widths; its spaces are widened by what is left.
    expect(first.every((r) => r.scalePct !== undefined && Math.abs(r.scalePct - (100 * 1126) / 1233) < 1e-6)).toBe(true);
  });

  it('draws DejaVu Serif condensed by Georgia\'s measured width ratio, on Word\'s Georgia widths and line height', async () => {
    const rpr = (font: string) => `<w:rPr><w:rFonts w:ascii="${font}" w:hAnsi="${font}"/><w:sz w:val="32"/></w:rPr>`;
    const text = 'Georgia 16pt';
    const d = await layout(code(text, PPR, rpr('Georgia')) + code(text, PPR, rpr('Georgia')) + code(text, PPR, rpr('DejaVu Serif')));
    const [g1, g2, dv] = runsOf(d);
    const width = (r: GlyphRun) => r.advances.reduce((s, a) => s + a, 0);
    // The advances are Word's own Georgia widths (word-widths.ts), character by character:
    // G 725, e 483, o 539, r 410, g 509, i 293, a 504, space 241, 1 430, 6 566, p 571, t 345.
    expect(width(g1!)).toBeCloseTo((5616 * 16) / 1000, 0);
    expect(width(g1!)).toBeLessThan(width(dv!) * 0.9);
    expect(g1!.scalePct).toBeCloseTo(86.1, 6);
    expect(dv!.scalePct).toBeUndefined();
    expect(g2!.y - g1!.y).toBeCloseTo((16 * (1878 + 449)) / 2048, 3);
  });

  it('writes the horizontal scaling into the PDF content stream', async () => {
    const d = await layout(code('0123456789'));
    const pdf = await renderPdf(d, {}, host);
    if (!pdf.ok) throw new Error(JSON.stringify(pdf.errors));
    const doc = await PDFDocument.load(pdf.value);
    const contents = doc.getPages()[0]!.node.Contents()!;
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    const text = streams.map((s) => new TextDecoder('latin1').decode(decodePDFRawStream(s as PDFRawStream).decode())).join('\n');
    const tz = /([\d.]+) Tz/.exec(text);
    expect(tz).not.toBeNull();
    expect(Number(tz![1])).toBeCloseTo((100 * 1126) / 1233, 2);
  });

  it('condenses DejaVu Sans\'s Arabic to Traditional Arabic\'s widths and keeps its own line height', async () => {
    // Complex-script runs (w:rtl) take w:cs and w:szCs; the same text in DejaVu Sans itself is the measure.
    const ar = (font: string) => `<w:rPr><w:rFonts w:cs="${font}"/><w:szCs w:val="30"/><w:rtl/></w:rPr>`;
    const ppr = '<w:pPr><w:bidi/><w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/></w:pPr>';
    const text = 'تُعرّف اتفاقية حقوق الطفل الطفلَ بأنه كل إنسان';
    const d = await layout(code(text, ppr, ar('Traditional Arabic')) + code(text, ppr, ar('Traditional Arabic')) + code(text, ppr, ar('DejaVu Sans')) + code(text, ppr, ar('DejaVu Sans')));
    const lines = [...new Set(runsOf(d).map((r) => r.y))].sort((a, b) => a - b);
    expect(lines).toHaveLength(4);
    const on = (y: number) => runsOf(d).filter((r) => r.y === y);
    const width = (y: number) => on(y).reduce((s, r) => s + r.advances.reduce((t, a) => t + a, 0), 0);
    expect(on(lines[0]!).every((r) => d.fonts[r.font]!.family === 'DejaVu Sans' && r.scalePct === 59.4)).toBe(true);
    expect(on(lines[2]!).every((r) => r.scalePct === undefined)).toBe(true);
    expect(width(lines[0]!)).toBeCloseTo(0.594 * width(lines[2]!), 3);
    // No Traditional Arabic line metrics are known: its lines are as far apart as DejaVu Sans's.
    expect(lines[1]! - lines[0]!).toBeCloseTo(lines[3]! - lines[2]!, 6);
  });
});
