/**
 * fontkit is loaded before layout when the document's text needs it (layout/font-needs.ts
 * FontNeeds.fullShaping), instead of the layout learning it at that text, loading it and laying the
 * document out again from the start. Found on fuzz seed 69 docx-82 (runs of far-off scripts in a
 * table after 1,251 Latin paragraphs): 0.7 s of its ~8 s before `layout/too-large` went to a first
 * run thrown away at the table's first Arabic cell. Counted in layout passes begun, not in time.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseDocx } from '../../engine/docx';
import { initKernel, layoutDocument } from '../../engine/layout';
import { LayoutBudget } from '../../engine/layout/budget';
import { fontNeeds } from '../../engine/layout/font-needs';
import { forgetFontkitForTests, loadFontkit, needsFontkit } from '../../engine/text';
import { createNodeHost } from '../../node/host';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2)) });

/** 300 Latin paragraphs, then one in Arabic: the first text that needs fontkit comes late. */
const body = Array.from({ length: 300 }, (_, i) => para(`Latin paragraph ${i} before the Arabic one.`)).join('') + para('مرحبا بالعالم');

async function layout(xml: string) {
  const parsed = parseDocx(makeDocx({ body: xml }), {}, host);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const passes = vi.spyOn(LayoutBudget.prototype, 'startPass');
  const r = await layoutDocument(parsed.value, {}, host);
  const begun = passes.mock.calls.length;
  passes.mockRestore();
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return { begun, pages: JSON.stringify(r.value.pages) };
}

beforeAll(async () => {
  await initKernel();
});

afterEach(async () => {
  await loadFontkit();
});

describe('fontkit is loaded before layout when the text needs it', () => {
  it('says which characters fontkit shapes in any font: not Latin, Greek, Cyrillic, Han or unpointed Hebrew', () => {
    const off = (t: string) => [...t].some((_, i) => needsFontkit(t, i));
    expect(off('plain Latin, Ελληνικά, кириллица, 漢字')).toBe(false);
    expect(off('שלום')).toBe(false);
    expect(off('مرحبا')).toBe(true);
    expect(off('कखा')).toBe(true);
    // Hebrew points (marks below U+05BE) are placed by GPOS through fontkit.
    expect(off('שָׁלוֹם')).toBe(true);
  });

  it('finds such text in any story of the model', () => {
    const needs = (xml: string) => {
      const parsed = parseDocx(makeDocx({ body: xml }), {}, host);
      if (!parsed.ok) throw new Error('parse');
      return fontNeeds(parsed.value).fullShaping;
    };
    expect(needs(para('Only Latin here.'))).toBe(false);
    expect(needs(`<w:tbl><w:tr><w:tc>${para('في خلية')}</w:tc></w:tr></w:tbl>`)).toBe(true);
  });

  it('lays out a document whose first Arabic comes late once, not twice, with the same pages', async () => {
    forgetFontkitForTests();
    const cold = await layout(body);
    // Before: the first run stopped at the Arabic paragraph, fontkit was loaded and a second run began.
    expect(cold.begun).toBe(1);
    const warm = await layout(body);
    expect(warm.begun).toBe(1);
    expect(cold.pages).toBe(warm.pages);
  });
});
