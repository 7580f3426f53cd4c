/**
 * Golden layout tests: each fixture's LayoutDoc dump must equal its committed golden file
 * (tests/golden/dumps/NAME.txt). Set UPDATE_GOLDEN=1 to rewrite them after a deliberate change, then
 * read the diff. Feature assertions below check what each fixture is about.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocx } from '../../engine/docx';
import { dumpLayout, initKernel, layoutDocument } from '../../engine/layout';
import type { GlyphRun, LayoutDoc, LayoutItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { makeDocx } from '../helpers/make-docx';
import { FIXTURE_LAYOUT_OPTIONS, FIXTURES } from './fixtures';

const here = dirname(fileURLToPath(import.meta.url));
const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

async function layout(name: string): Promise<LayoutDoc> {
  const parsed = parseDocx(makeDocx(FIXTURES[name]!), { fileName: `${name}.docx` }, host);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const laid = await layoutDocument(parsed.value, FIXTURE_LAYOUT_OPTIONS[name] ?? {}, host);
  if (!laid.ok) throw new Error(JSON.stringify(laid.errors));
  return laid.value;
}

function runs(doc: LayoutDoc, page = 0): GlyphRun[] {
  const out: GlyphRun[] = [];
  const visit = (items: readonly LayoutItem[]) => {
    for (const i of items) {
      if (i.kind === 'glyphs') out.push(i);
      else if (i.kind === 'group') visit(i.items);
    }
  };
  visit(doc.pages[page]!.items);
  return out;
}

function width(r: GlyphRun): number {
  return r.advances.reduce((a, b) => a + b, 0);
}

function find(doc: LayoutDoc, text: string, page = 0): GlyphRun {
  const r = runs(doc, page).find((x) => x.text.includes(text));
  if (!r) throw new Error(`no run with ${JSON.stringify(text)} on page ${page + 1}`);
  return r;
}

beforeAll(async () => {
  await initKernel();
});

describe('golden layout dumps', () => {
  for (const name of Object.keys(FIXTURES)) {
    it(name, async () => {
      const dump = dumpLayout(await layout(name));
      const file = join(here, 'dumps', `${name}.txt`);
      if (process.env.UPDATE_GOLDEN || !existsSync(file)) {
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, dump);
      }
      expect(dump).toBe(readFileSync(file, 'utf8'));
    });
  }
});

describe('layout features', () => {
  it('wraps a paragraph at the margins with Word line heights (Carlito 11 pt, 1.08 lines)', async () => {
    const d = await layout('plain-paragraph');
    const lines = runs(d);
    expect(lines.length).toBeGreaterThan(1);
    for (const r of lines) {
      expect(r.x).toBeCloseTo(72, 1);
      expect(r.x + width(r)).toBeLessThanOrEqual(540.01 + 3);
    }
    expect(lines[1]!.y - lines[0]!.y).toBeCloseTo(13.43 * 1.079, 1);
    expect(d.fonts[lines[0]!.font]!.family).toBe('Carlito');
  });

  it('aligns centre, right and justified lines', async () => {
    const d = await layout('alignment');
    const all = runs(d);
    const right = all.filter((r) => Math.abs(r.x + width(r) - 540) < 0.5);
    expect(right.length).toBeGreaterThan(0);
    const centred = all.find((r) => Math.abs((r.x + width(r) / 2) - 306) < 0.5 && r.x > 80);
    expect(centred).toBeDefined();
    // The justified paragraph's first line ends at the right margin (its trailing space hangs).
    const justified = all.filter((r) => r.y > all.find((x) => Math.abs(x.x + width(x) - 540) < 0.5)!.y + 40);
    expect(justified.some((r) => Math.abs(r.x + width(r) - 540) < 4)).toBe(true);
  });

  it('collapses space after and space before to the larger one, as Word and LibreOffice do', async () => {
    const d = await layout('spacing-collapse');
    const [a, b, c] = [find(d, 'AAAA'), find(d, 'BBBB'), find(d, 'CCCC')];
    const line = 13.43; // Carlito 11 pt, single spacing
    expect(b.y - a.y).toBeCloseTo(line + 20, 1);
    expect(c.y - b.y).toBeCloseTo(line + 10, 1);
  });

  it('adds space after and space before under w:doNotUseHTMLParagraphAutoSpacing, as Word 97-2003 spacing does', async () => {
    const d = await layout('spacing-add');
    const [a, b, c] = [find(d, 'AAAA'), find(d, 'BBBB'), find(d, 'CCCC')];
    const line = 13.43; // Carlito 11 pt, single spacing
    expect(b.y - a.y).toBeCloseTo(line + 20 + 10, 1);
    // Contextual spacing still drops both sides between paragraphs of the same style.
    expect(c.y - b.y).toBeCloseTo(line, 1);
  });

  it('snaps lines to the document grid before applying the line spacing multiple', async () => {
    const d = await layout('line-grid');
    const lines = runs(d);
    expect(lines[1]!.y - lines[0]!.y).toBeCloseTo(18 * 1.15, 2);
    const single = find(d, 'Single');
    // The next line starts one 20.7 pt line lower; its text is centred in 18 pt instead of 18 × 1.15.
    expect(single.y - lines[lines.length - 2]!.y).toBeCloseTo(18 * 1.15 + ((18 - 13.43) * (1 - 1.15)) / 2, 1);
  });

  it('gives inline pictures their own height, not scaled by the line-spacing multiple', async () => {
    const d = await layout('inline-image');
    const images = d.pages[0]!.items.filter((i) => i.kind === 'image');
    expect(images).toHaveLength(2);
    const [big, small] = images as Array<{ y: number; h: number }>;
    expect(big!.h).toBeCloseTo(72, 1);
    // The second paragraph starts right below the first picture plus the font's descent (not 1.15 × 72).
    expect(small!.y - (big!.y + big!.h)).toBeLessThan(6);
    const beside = find(d, 'Text beside');
    expect(beside.y).toBeCloseTo(small!.y + small!.h, 0);
  });

  it('resolves centre, right (with dot leader) and decimal tabs', async () => {
    const d = await layout('tabs');
    const centre = find(d, 'Centre');
    expect(centre.x + width(centre) / 2).toBeCloseTo(72 + 150, 0);
    const right = find(d, 'Right');
    expect(right.x + width(right)).toBeCloseTo(72 + 300, 0);
    expect(runs(d).some((r) => /^\.{5,}$/.test(r.text))).toBe(true);
    const amount = find(d, '12.50');
    const dot = amount.x + amount.advances.slice(0, 2).reduce((a, b) => a + b, 0);
    expect(dot).toBeCloseTo(72 + 400, 0);
  });

  it('never draws hidden text and draws capitals for caps and small caps', async () => {
    const d = await layout('run-formatting');
    const text = runs(d).map((r) => r.text).join('');
    expect(text).not.toContain('hidden');
    expect(text).toContain('CAPS');
    expect(text).toContain('SMALL');
    const sup = find(d, 'super');
    const base = find(d, 'Bold');
    expect(sup.y).toBeLessThan(base.y);
    expect(sup.sizePt).toBeLessThan(base.sizePt);
  });

  it('honours line and page breaks', async () => {
    const d = await layout('breaks');
    expect(d.pages).toHaveLength(2);
    expect(find(d, 'after it.').y).toBeGreaterThan(find(d, 'Before the line break').y);
    expect(find(d, 'Page two.', 1)).toBeDefined();
    const pb = await layout('page-break-before');
    expect(pb.pages).toHaveLength(2);
  });

  it('keeps at least two lines of a paragraph together at a page break (widow/orphan control)', async () => {
    const d = await layout('widow-orphan');
    expect(d.pages.length).toBeGreaterThan(1);
    // Every filler paragraph has four lines and starts with "Paragraph": count the lines of the
    // paragraph split by each page break on both sides — never exactly one.
    for (let p = 0; p + 1 < d.pages.length; p++) {
      const before = runs(d, p);
      const after = runs(d, p + 1);
      const lastStart = before.map((r) => r.text.startsWith('Paragraph')).lastIndexOf(true);
      const tail = before.length - lastStart;
      const head = after.findIndex((r) => r.text.startsWith('Paragraph'));
      if (head > 0) {
        expect(tail).toBeGreaterThanOrEqual(2);
        expect(head).toBeGreaterThanOrEqual(2);
        expect(tail + head).toBe(4);
      }
    }
  });

  it('keeps a heading with the next paragraph', async () => {
    const d = await layout('keep-next');
    const lastPage = d.pages.length - 1;
    expect(d.pages.length).toBe(2);
    const heading = find(d, 'A heading kept', lastPage);
    expect(runs(d, lastPage).indexOf(heading)).toBe(0);
    expect(runs(d, lastPage)[1]!.text.startsWith('Colophon')).toBe(true);
    expect(d.outline.map((o) => o.title)).toContain('A heading kept with its paragraph');
  });

  it('numbers lists and maps Symbol bullets to real glyphs', async () => {
    const d = await layout('lists');
    const text = runs(d).map((r) => r.text);
    expect(text).toEqual(expect.arrayContaining(['1.', '2.', 'a)', '3.']));
    expect(text).toContain('\u2022');
    const first = find(d, 'First item');
    expect(first.x).toBeCloseTo(72 + 36, 0);
  });

  it('lays table cells side by side, merges columns and draws borders and shading', async () => {
    const d = await layout('table');
    const a1 = find(d, 'A1');
    const a2 = find(d, 'A2');
    expect(a2.y).toBeCloseTo(a1.y, 3);
    expect(a2.x - a1.x).toBeCloseTo(150, 0);
    const items = d.pages[0]!.items;
    expect(items.filter((i) => i.kind === 'line').length).toBeGreaterThanOrEqual(12);
    expect(items.some((i) => i.kind === 'rect' && i.fill === 'D9E2F3')).toBe(true);
  });

  it('prints page numbers and the page count in footers on every page', async () => {
    const d = await layout('header-footer-page-numbers');
    expect(d.pages.length).toBeGreaterThan(1);
    d.pages.forEach((_, i) => {
      const texts = runs(d, i).map((r) => r.text).join(' ');
      expect(texts).toContain('Running header');
      expect(texts).toContain(`Page ${i + 1} of ${d.pages.length}`);
    });
  });

  it('starts a landscape section on a new, wider page', async () => {
    const d = await layout('landscape-section');
    expect(d.pages.map((p) => [p.widthPt, p.heightPt])).toEqual([
      [612, 792],
      [792, 612],
    ]);
  });

  it('puts footnotes at the bottom of the page with a separator', async () => {
    const d = await layout('footnote');
    const note = find(d, 'The footnote text.');
    expect(note.y).toBeGreaterThan(600);
    expect(d.pages[0]!.items.some((i) => i.kind === 'line' && i.x2 - i.x1 === 144)).toBe(true);
    expect(runs(d).filter((r) => r.text === '1')).toHaveLength(2);
  });

  it('turns hyperlinks into link areas', async () => {
    const d = await layout('hyperlink');
    const link = d.pages[0]!.items.find((i) => i.kind === 'link');
    expect(link).toMatchObject({ kind: 'link', url: 'https://example.com/' });
  });

  it('keeps no-break spaces together and breaks long words at the margin', async () => {
    const d = await layout('long-word');
    for (const r of runs(d)) expect(r.x + width(r)).toBeLessThanOrEqual(540.5);
    expect(runs(d).length).toBeGreaterThan(1);
  });

  it('draws paragraph borders and shading around the text', async () => {
    const d = await layout('paragraph-border-shading');
    const items = d.pages[0]!.items;
    expect(items.some((i) => i.kind === 'rect' && i.fill === 'FFF2CC')).toBe(true);
    expect(items.filter((i) => i.kind === 'line').length).toBe(4);
  });

  it('fills two columns', async () => {
    const d = await layout('two-columns');
    const xs = new Set(runs(d).map((r) => Math.round(r.x)));
    expect([...xs].some((x) => x > 306)).toBe(true);
  });

  it('balances two columns before a continuous section break and draws the separator line', async () => {
    const d = await layout('columns-balanced');
    const lines = runs(d).filter((r) => !r.text.startsWith('Full width'));
    const left = lines.filter((r) => r.x < 306);
    const right = lines.filter((r) => r.x >= 306);
    expect(Math.abs(left.length - right.length)).toBeLessThanOrEqual(2);
    const after = find(d, 'Full width');
    expect(after.x).toBeCloseTo(72, 0);
    expect(after.y).toBeGreaterThan(Math.max(...lines.map((r) => r.y)));
    const sep = d.pages[0]!.items.find((i) => i.kind === 'line' && i.x1 === i.x2);
    expect(sep).toBeDefined();
  });

  it('draws page borders at their distance from the page edge', async () => {
    const d = await layout('page-borders');
    const borders = d.pages[0]!.items.filter((i) => i.kind === 'line' && i.color === 'FF0000') as Array<{ x1: number; y1: number; x2: number; y2: number }>;
    expect(borders).toHaveLength(4);
    expect(Math.min(...borders.map((b) => Math.min(b.x1, b.x2)))).toBeCloseTo(24, 0);
    expect(Math.max(...borders.map((b) => Math.max(b.y1, b.y2)))).toBeCloseTo(792 - 24, 0);
  });

  it('shows tracked changes as coloured markup by default', async () => {
    const d = await layout('tracked-changes');
    const ins = find(d, 'inserted');
    const del = find(d, 'deleted');
    expect(ins.color).not.toBe('000000');
    expect(del.color).not.toBe(ins.color);
    expect(d.pages[0]!.items.filter((i) => i.kind === 'line').length).toBeGreaterThanOrEqual(2);
  });
});
