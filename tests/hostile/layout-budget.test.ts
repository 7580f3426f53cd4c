/**
 * The layout's size budget (limits.maxLayoutUnits, engine/layout/budget.ts). Found by scripts/fuzz.ts
 * (seed 26): a section whose margins pass the page (a character a line, two lines a page) under a
 * footer that prints the page number, laid out again for each page, held 196 KB a page; the page
 * limit of 20,000 came after 4 GB, so under a 1 GB heap the process ran out of memory instead of
 * ending with a diagnostic.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { parseDocx } from '../../engine/docx';
import { initKernel, layoutDocument } from '../../engine/layout';
import { drawnUnits, LayoutBudget, LINE_UNITS, PIECE_UNITS, SPECIAL_UNITS } from '../../engine/layout/budget';
import type { LayoutItem } from '../../engine/model';
import { buildEmf, emr } from '../helpers/make-metafile';
import { inlinePicture } from '../helpers/tiny-png';
import type { InputLimits } from '../../engine/core';
import { createNodeHost } from '../../node/host';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2)) });
const PAGE_FIELD = '<w:fldSimple w:instr=" PAGE "><w:r><w:t>1</w:t></w:r></w:fldSimple>';

/** A Letter section with a default footer, left and right margins `lr`, top and bottom `tb` (twips). */
const section = (lr: number, tb: number) =>
  `<w:sectPr><w:footerReference w:type="default" r:id="rIdF"/><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="${tb}" w:right="${lr}" w:bottom="${tb}" w:left="${lr}" w:header="0" w:footer="0" w:gutter="0"/></w:sectPr>`;

const SHAPES_SECTION =
  '<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>';

async function layout(body: string, footer: string, limits?: Partial<InputLimits>) {
  const parsed = parseDocx(makeDocx({ body, sectPr: '', footers: { rIdF: footer } }), {}, host);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return layoutDocument(parsed.value, limits ? { limits } : {}, host);
}

beforeAll(async () => {
  await initKernel();
});

describe('the layout size budget', () => {
  it('counts a line and its characters, and starts afresh with each pass', () => {
    const budget = new LayoutBudget(100);
    budget.spendLines(2, 10, 3);
    expect(budget.spent).toBe(2 * LINE_UNITS + 7 + 3 * SPECIAL_UNITS);
    budget.startPass();
    expect(budget.spent).toBe(0);
    budget.spendLines(1, 100 - LINE_UNITS);
    expect(() => budget.spendLines(0, 1)).toThrow(/more than 100 layout units/);
  });

  it('counts each shaped piece of a paragraph', () => {
    const budget = new LayoutBudget(1_000);
    budget.spendLines(2, 10, 0, 5);
    expect(budget.spent).toBe(2 * LINE_UNITS + 10 + 5 * PIECE_UNITS);
    expect(budget.linesLeft(10, 0, 5)).toBe(Math.floor((1_000 - budget.spent - 10 - 5 * PIECE_UNITS) / LINE_UNITS));
  });

  it('counts the pieces of text that changes face at every character (fuzz seed 69)', async () => {
    // Fuzzing (seed 69): 3,000 paragraphs of runs in 20 faces and far characters in a 42 pt cell,
    // about 1.7 pieces a line, held 1.1 GB within the 6 million units counted by lines and characters
    // alone (200 bytes a unit where the budget assumes 80), and took 52 s under a 1 GB heap. The
    // same characters cost the same lines in one run as in one run each (22 lines either way); as runs
    // of alternating faces each is a piece of its own.
    const font = (f: string) => `<w:rPr><w:rFonts w:ascii="${f}" w:hAnsi="${f}"/></w:rPr>`;
    const limits = { maxLayoutUnits: 6_000 };
    const one = await layout(`<w:p><w:r>${font('Liberation Sans')}<w:t>${'x'.repeat(2_000)}</w:t></w:r></w:p>${section(1440, 1440)}`, para(''), limits);
    expect(one.ok).toBe(true);
    const runs = Array.from({ length: 2_000 }, (_, i) => `<w:r>${font(i % 2 ? 'Liberation Serif' : 'Liberation Sans')}<w:t>x</w:t></w:r>`).join('');
    const many = await layout(`<w:p>${runs}</w:p>${section(1440, 1440)}`, para(''), limits);
    expect(many.ok).toBe(false);
    if (!many.ok) expect(many.errors.map((e) => e.code)).toEqual(['layout/too-large']);
  }, 60_000);

  it('stops a layout of many small pages with its diagnostic before the page limit', async () => {
    // Each page: two one-character body lines under a footer of 60 one-word lines with its page number.
    const footer = `<w:p>${PAGE_FIELD}</w:p>` + para('ab '.repeat(60));
    const t = performance.now();
    const r = await layout(`<w:p><w:r><w:t>${'ab '.repeat(40_000)}</w:t></w:r></w:p>${section(7000, 9000)}`, footer);
    expect(performance.now() - t).toBeLessThan(20_000);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.code)).toEqual(['layout/too-large']);
  }, 60_000);

  it('counts objects: a header of small shapes laid out again for every page number', async () => {
    // Found measuring the budget: 3,000 shapes under a PAGE field held 900 KB a page; 1,000 pages ran 19 s to 1.7 GB.
    const shape = '<w:r><w:pict><v:rect xmlns:v="urn:schemas-microsoft-com:vml" style="width:4pt;height:4pt"/></w:pict></w:r>';
    const header = `<w:p>${PAGE_FIELD}${shape.repeat(3_000)}</w:p>`;
    const body = '<w:p><w:r><w:t>x</w:t><w:br w:type="page"/></w:r></w:p>'.repeat(1_200) + SHAPES_SECTION;
    const parsed = parseDocx(makeDocx({ body, sectPr: '', headers: { rIdH: header } }), {}, host);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const r = await layoutDocument(parsed.value, {}, host);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.code)).toEqual(['layout/too-large']);
  }, 60_000);

  it('stops breaking a paragraph once its lines cannot fit the budget', async () => {
    // Fuzzing (seed 31): 3 million characters a line each in 45 thin columns held 2.2 GB of line drafts
    // before the budget was checked after breaking; breaking now stops at the budget's room.
    const spend = vi.spyOn(LayoutBudget.prototype, 'spendLines');
    try {
      const r = await layout(`<w:p><w:r><w:t>${'x '.repeat(200_000)}</w:t></w:r></w:p>${section(7000, 9000)}`, para('footer'), { maxLayoutUnits: 500_000 });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors.map((e) => e.code)).toEqual(['layout/too-large']);
      const lines = Math.max(...spend.mock.calls.map((c) => c[0]));
      expect(lines).toBeLessThanOrEqual(Math.floor((500_000 - 400_000) / LINE_UNITS) + 1);
    } finally {
      spend.mockRestore();
    }
  }, 60_000);

  it('is the caller\'s to set', async () => {
    const body = `<w:p><w:r><w:t>${'words on a line '.repeat(2_000)}</w:t></w:r></w:p>${section(1440, 1440)}`;
    const small = await layout(body, para('footer'), { maxLayoutUnits: 20_000 });
    expect(small.ok).toBe(false);
    if (!small.ok) expect(small.errors.map((e) => e.code)).toEqual(['layout/too-large']);
    const enough = await layout(body, para('footer'), { maxLayoutUnits: 200_000 });
    expect(enough.ok).toBe(true);
  }, 60_000);

  it('counts the glyphs of a typeset equation as it is itemized (fuzz seed 55: 300 fractions of 99,000 letters)', async () => {
    // Three EQ fractions of 30,000 letters in one paragraph: three characters of text, 90,000 glyphs held.
    const eq = `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> EQ \\f(${'x'.repeat(30_000)},y) </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`;
    const r = await layout(`<w:p>${eq.repeat(3)}</w:p>` + section(1440, 1440), para(''), { maxLayoutUnits: 60_000 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.code)).toContain('layout/too-large');
    // One of them fits.
    expect((await layout(`<w:p>${eq}</w:p>` + section(1440, 1440), para(''), { maxLayoutUnits: 60_000 })).ok).toBe(true);
  });
});

describe('the drawing budget', () => {
  it('counts glyphs, path commands and items, inside groups too', () => {
    const items: LayoutItem[] = [
      { kind: 'rect', x: 0, y: 0, w: 1, h: 1 },
      { kind: 'path', commands: [{ op: 'M', x: 0, y: 0 }, { op: 'L', x: 1, y: 1 }, { op: 'Z' }] },
      { kind: 'group', items: [{ kind: 'rect', x: 0, y: 0, w: 1, h: 1 }, { kind: 'path', commands: [{ op: 'M', x: 0, y: 0 }, { op: 'L', x: 2, y: 2 }] }] },
    ];
    expect(drawnUnits(items)).toBe(1 + 3 + (1 + 1 + 2));
    expect(drawnUnits(items, 2)).toBe(4);
    const budget = new LayoutBudget(Infinity, 10);
    budget.pageDrawn(items);
    expect(budget.spentDrawing).toBe(8);
    expect(() => budget.objectDrawn(items, 1)).toThrow(/more than 10 items/);
  });

  it('counts a curve as its three points (fuzz seed 64: glowing, reflected text wrote 6.4 million curves in 20-46 s within the limit)', () => {
    const curve = { op: 'C' as const, x1: 0, y1: 0, x2: 1, y2: 1, x: 2, y: 2 };
    const items: LayoutItem[] = [
      { kind: 'path', commands: [{ op: 'M', x: 0, y: 0 }, curve, curve, { op: 'Z' }] },
      { kind: 'group', items: [{ kind: 'path', commands: [{ op: 'M', x: 0, y: 0 }, curve] }] },
    ];
    expect(drawnUnits(items)).toBe(1 + 3 + 3 + 1 + (1 + 1 + 3));
    const budget = new LayoutBudget(Infinity, 12);
    expect(() => budget.pageDrawn(items)).toThrow(/more than 12 items/);
  });

  it('stops one picture played on page after page', async () => {
    // Found measuring the budget: 1,000 placements of a 100,000-point metafile (a 290 KB file) drew without bound.
    const points: number[] = [];
    for (let i = 0; i < 1_000; i++) points.push((i * 7) % 1000, (i * 13) % 500);
    const polyline = emr(87, (b) => b.u32(0, 0, 0, 0, 1_000).u16(...points));
    const emf = buildEmf(Array.from({ length: 10 }, () => polyline));
    const docx = (n: number) => makeDocx({ body: `<w:p>${inlinePicture('rIdPic', 200, 100).repeat(n)}</w:p>`, media: { rIdPic: { name: 'pic.emf', data: emf } } });
    const run = async (n: number) => {
      const parsed = parseDocx(docx(n), {}, host);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      return layoutDocument(parsed.value, { limits: { maxDrawnUnits: 200_000 } }, host);
    };
    expect((await run(10)).ok).toBe(true);
    const many = await run(50);
    expect(many.ok).toBe(false);
    if (!many.ok) expect(many.errors.map((e) => e.code)).toEqual(['layout/too-large']);
  }, 60_000);

  it('counts a header drawn on every page, though it is laid out once', async () => {
    const body = '<w:p><w:r><w:t>x</w:t><w:br w:type="page"/></w:r></w:p>'.repeat(300) + SHAPES_SECTION;
    const run = async (header: string) => {
      const parsed = parseDocx(makeDocx({ body, sectPr: '', headers: { rIdH: header } }), {}, host);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      return layoutDocument(parsed.value, { limits: { maxDrawnUnits: 100_000 } }, host);
    };
    expect((await run(para('A short header.'))).ok).toBe(true);
    const long = await run(para('A header of a thousand letters. '.repeat(32)));
    expect(long.ok).toBe(false);
    if (!long.ok) expect(long.errors.map((e) => e.code)).toEqual(['layout/too-large']);
  }, 60_000);

});

