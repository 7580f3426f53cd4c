/**
 * Bidirectional and CJK layout features on the golden fixtures (bidi-*, cjk-*): visual order of
 * right-to-left text and numbers, mirrored paragraph geometry, Arabic joining, right-to-left tables,
 * kinsoku line breaking, and text extraction in logical order (pdftotext, when installed).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertDocxToPdf } from '../../engine/convert';
import { parseDocx } from '../../engine/docx';
import { initKernel, layoutDocument } from '../../engine/layout';
import type { GlyphRun, LayoutDoc, LayoutItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { makeDocx } from '../helpers/make-docx';
import { FIXTURES } from './fixtures';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const RIGHT_MARGIN = 540;

async function layout(name: string): Promise<LayoutDoc> {
  const parsed = parseDocx(makeDocx(FIXTURES[name]!), { fileName: `${name}.docx` }, host);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const laid = await layoutDocument(parsed.value, {}, host);
  if (!laid.ok) throw new Error(JSON.stringify(laid.errors));
  return laid.value;
}

function runs(doc: LayoutDoc): GlyphRun[] {
  const out: GlyphRun[] = [];
  const visit = (items: readonly LayoutItem[]) => {
    for (const i of items) {
      if (i.kind === 'glyphs') out.push(i);
      else if (i.kind === 'group') visit(i.items);
    }
  };
  for (const p of doc.pages) visit(p.items);
  return out;
}

/** Left x of the glyph drawing a character of `word` (the first run whose text holds it). */
function xOf(doc: LayoutDoc, word: string): number {
  for (const r of runs(doc)) {
    const at = r.text.indexOf(word);
    if (at < 0) continue;
    let x = r.x;
    for (let g = 0; g < r.glyphs.length; g++) {
      if (r.clusters[g]! >= at && r.clusters[g]! < at + word.length) return x;
      x += r.advances[g]!;
    }
  }
  throw new Error(`no glyphs for ${JSON.stringify(word)}`);
}

function right(r: GlyphRun): number {
  return r.x + r.advances.reduce((a, b) => a + b, 0);
}

/** Lines as the characters of their runs, top to bottom, in logical order (by cluster). */
function lineTexts(doc: LayoutDoc): string[] {
  const byY = new Map<number, string>();
  for (const r of runs(doc)) byY.set(r.y, (byY.get(r.y) ?? '') + r.text);
  return [...byY.entries()].sort((a, b) => a[0] - b[0]).map(([, t]) => t);
}

beforeAll(async () => {
  await initKernel();
});

describe('right-to-left paragraphs', () => {
  it('reverses Hebrew words but keeps numbers left to right, flush with the right margin', async () => {
    const d = await layout('bidi-hebrew-digits');
    // Logical order runs right to left: an earlier word is further right.
    expect(xOf(d, 'טיול')).toBeGreaterThan(xOf(d, 'להודו'));
    expect(xOf(d, 'להודו')).toBeGreaterThan(xOf(d, 'בשנת'));
    // Digits keep their order: '2' left of '0' left of '1' left of '3'.
    const r = runs(d).find((x) => x.text.includes('2013'))!;
    const digits = r.glyphs.map((_, g) => r.text[r.clusters[g]!]).filter((c) => /[0-9]/.test(c!)).join('');
    expect(digits.startsWith('2013')).toBe(true);
    expect(xOf(d, '12:30')).toBeLessThan(xOf(d, 'בשעה'));
    // Latin words inside keep their own order and sit after (left of) the Hebrew before them.
    expect(xOf(d, 'Turkish')).toBeLessThan(xOf(d, 'Airlines'));
    expect(xOf(d, 'Airlines')).toBeLessThan(xOf(d, '12:30'));
    expect(xOf(d, 'ונחזור')).toBeLessThan(xOf(d, 'Turkish'));
    const first = runs(d).filter((x) => Math.abs(x.y - runs(d)[0]!.y) < 0.01);
    expect(Math.max(...first.map(right))).toBeCloseTo(RIGHT_MARGIN, 0);
  });

  it('mirrors brackets in right-to-left text and keeps them paired around their words', async () => {
    const d = await layout('bidi-hebrew-digits');
    const open = runs(d).find((x) => x.text.includes('('))!;
    const close = runs(d).find((x) => x.text.includes(')'))!;
    // Reading right to left: '(' before the word is on its right, ')' after it on its left.
    expect(open.x).toBeGreaterThan(xOf(d, 'בערך'));
    expect(close.x).toBeLessThan(xOf(d, 'בערך'));
    expect(open.rtl && close.rtl).toBe(true);
    // Both are drawn with a mirrored glyph: the opening one shows the closing shape and vice versa.
    const glyphOf = (r: GlyphRun, ch: string) => r.glyphs[r.clusters.indexOf(r.text.indexOf(ch))];
    expect(glyphOf(open, '(')).not.toBe(glyphOf(close, ')'));
  });

  it('draws right-to-left runs with the complex-script font, size and weight (w:cs, szCs, bCs)', async () => {
    const d = await layout('bidi-cs-props');
    const hebrew = runs(d).find((r) => r.text === 'שלום')!;
    const latin = runs(d).find((r) => r.text.trim() === 'abc')!;
    expect(hebrew.sizePt).toBe(18);
    expect(latin.sizePt).toBe(11);
    expect(d.fonts[hebrew.font]!.family).toBe('Liberation Sans');
    expect(d.fonts[hebrew.font]!.postscriptName).not.toMatch(/Bold/);
    expect(d.fonts[latin.font]!.postscriptName).toMatch(/Bold/);
  });

  it('joins Arabic letters and forms the lam-alef ligature', async () => {
    const d = await layout('bidi-arabic-joining');
    const r = runs(d).find((x) => x.text.includes('سلام'))!;
    const word = r.clusters.filter((c) => c >= r.text.indexOf('سلام') && c < r.text.indexOf('سلام') + 4);
    expect(word.length).toBe(3); // س ل ا م: lam + alef drawn as one glyph
    expect(xOf(d, 'سلام')).toBeGreaterThan(xOf(d, 'عليكم'));
  });

  it('keeps Arabic letters joined across run boundaries (a word split into runs, a tatweel run)', async () => {
    const d = await layout('bidi-arabic-split-runs');
    const all = runs(d);
    const y0 = all[0]!.y;
    const glyphsOf = (line: GlyphRun[]) => line.sort((a, b) => a.x - b.x).flatMap((r) => r.glyphs);
    const split = glyphsOf(all.filter((r) => r.y === y0));
    const whole = glyphsOf(all.filter((r) => r.y !== y0));
    expect(split.length).toBe(8);
    expect(split).toEqual(whole);
  });

  it('reorders a right-to-left run inside a left-to-right paragraph', async () => {
    const d = await layout('bidi-rtl-run-in-ltr');
    expect(xOf(d, 'The')).toBeLessThan(xOf(d, 'עולם'));
    expect(xOf(d, 'עולם')).toBeLessThan(xOf(d, 'שלום'));
    expect(xOf(d, 'שלום')).toBeLessThan(xOf(d, 'mean'));
    expect(runs(d)[0]!.x).toBeCloseTo(72, 0);
  });

  it('puts list numbers on the right of right-to-left list items, at the start indent', async () => {
    const d = await layout('bidi-list');
    const first = runs(d).filter((x) => Math.abs(x.y - runs(d)[0]!.y) < 0.01);
    const number = first.find((x) => x.text === '1')!;
    expect(number.x).toBeGreaterThan(xOf(d, 'פריט'));
    // w:ind left=720 hanging=360 are on the start (right) side: the number starts 18 pt in from the
    // margin, the text after its tab at 36 pt.
    expect(right(number)).toBeCloseTo(RIGHT_MARGIN - 18, 1);
    expect(Math.max(...first.filter((x) => x.text !== '1' && x.text !== '.').map(right))).toBeCloseTo(RIGHT_MARGIN - 36, 1);
    expect(xOf(d, '42')).toBeLessThan(xOf(d, 'המספר'));
  });

  it('puts the first column of a bidiVisual table on the right', async () => {
    const d = await layout('bidi-table');
    expect(xOf(d, 'ראשון')).toBeGreaterThan(xOf(d, 'שני'));
    // The table starts at the right margin; its first cell's text ends one cell margin (5.4 pt) inside.
    expect(right(runs(d).find((r) => r.text === 'ראשון')!)).toBeCloseTo(RIGHT_MARGIN - 5.4, 1);
  });
});

describe('CJK line breaking', () => {
  it('breaks between ideographs, never before closing nor after opening punctuation', async () => {
    const d = await layout('cjk-kinsoku');
    const lines = lineTexts(d);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) {
      expect('，。、」）'.includes(line[0]!)).toBe(false);
      expect('「（'.includes(line[line.length - 1]!)).toBe(false);
    }
    expect(lines.join('')).toContain('中文排版时');
  });

  it('lets an ideographic full stop hang past the line end (w:overflowPunct, on by default)', async () => {
    const d = await layout('cjk-hanging-punct');
    const lines = lineTexts(d);
    expect(lines[0]).toBe('中'.repeat(42) + '。');
    const first = runs(d).filter((r) => r.text.startsWith('中'))[0]!;
    expect(right(first)).toBeGreaterThan(RIGHT_MARGIN);
  });
});

/** Text pdftotext extracts from a converted fixture, or undefined when poppler is not installed. */
async function extracted(name: string): Promise<string | undefined> {
  const r = await convertDocxToPdf(makeDocx(FIXTURES[name]!), {}, host);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  const file = join(mkdtempSync(join(tmpdir(), 'colophon-bidi-')), `${name}.pdf`);
  writeFileSync(file, r.value.pdf);
  try {
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  } catch {
    return undefined;
  }
}

describe('text extraction in logical order', () => {
  it('gives back Hebrew, its numbers and embedded Latin in reading order', async () => {
    const text = await extracted('bidi-hebrew-digits');
    if (text === undefined) return;
    const flat = text.replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '').replace(/\s+/g, ' ');
    // Words come out in reading order (pdftotext decides spaces from gaps, so only order is checked).
    const words = ['טיול', 'להודו', 'בשנת', '2013', 'טיסה', '787', 'בשעה', '12:30', 'Turkish Airlines', 'ונחזור', 'בעוד'];
    const at = words.map((w) => flat.indexOf(w));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('gives back an Arabic greeting in reading order', async () => {
    const text = await extracted('bidi-arabic-joining');
    if (text === undefined) return;
    const flat = text.replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '');
    // poppler 22 keeps a ligature's ToUnicode string as written when it reverses a right-to-left word,
    // so the lam-alef glyph of سلام comes out as "ال" (LibreOffice's PDFs extract the same way).
    expect(flat).toMatch(/س(لا|ال)م عليكم/);
  });
});
