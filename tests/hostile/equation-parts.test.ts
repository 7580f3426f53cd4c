/**
 * The typesetting bound of a document's equations together (engine/layout/math/context.ts
 * MAX_DOCUMENT_PARTS). Found by scripts/fuzz.ts (seed 69): each equation was bounded alone
 * (MAX_EQUATION_PARTS), so a table of 300 rows with two EQ fields a cell typeset 600 equations of
 * some 10,000 glyph parts each while its columns were measured, 6 million parts, and ran past the
 * campaign's 20 s. Past the document's bound the rest of its equations are set as linear text, with
 * a warning; the glyph parts typeset are counted here, not the time.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocx } from '../../engine/docx';
import { initKernel, layoutDocument } from '../../engine/layout';
import { MAX_DOCUMENT_PARTS, MAX_EQUATION_PARTS } from '../../engine/layout/math/context';
import type { LayoutItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { LETTER_SECT_PR, makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2)) });

/**
 * `count` paragraphs each of one equation of `chars` CJK characters: the math face lacks them, so
 * each is a glyph part of its own (drawn by a fallback face), many parts in few elements.
 */
const equations = (count: number, chars: number) => `<w:p><m:oMath><m:r><m:t>${'\u4e2d'.repeat(chars)}</m:t></m:r></m:oMath></w:p>`.repeat(count);

/** Glyphs drawn in all, and the equation warnings. */
async function typeset(body: string) {
  const parsed = parseDocx(makeDocx({ body: body + LETTER_SECT_PR }), {}, host);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const laid = await layoutDocument(parsed.value, {}, host);
  if (!laid.ok) throw new Error(JSON.stringify(laid.errors));
  let glyphs = 0;
  const count = (items: readonly LayoutItem[]): void => {
    for (const item of items) {
      if (item.kind === 'glyphs') glyphs += item.glyphs.length;
      else if (item.kind === 'group') count(item.items);
    }
  };
  for (const page of laid.value.pages) count(page.items);
  return { glyphs, warned: laid.warnings.filter((w) => w.code === 'layout/equation-too-large') };
}

beforeAll(async () => {
  await initKernel();
});

describe("a document's equations together", () => {
  // Half the bound of one equation.
  const CHARS = MAX_EQUATION_PARTS / 2;

  it('are typeset within the bound of one equation each while the document has parts left', async () => {
    const r = await typeset(equations(2, CHARS));
    expect(r.warned).toEqual([]);
    expect(r.glyphs).toBe(2 * CHARS);
  }, 60_000);

  it('are set as linear text past the bound of the document (fuzz seed 69)', async () => {
    // Equations of half again the document's bound together.
    const count = Math.ceil((1.5 * MAX_DOCUMENT_PARTS) / CHARS);
    const typesetAlone = Math.floor(MAX_DOCUMENT_PARTS / CHARS);
    const r = await typeset(equations(count, CHARS));
    expect(r.warned).toHaveLength(1);
    expect(r.warned[0]!.message).toMatch(/document's equations/);
    // Those past the bound are set as their linear text, each warned once (counted), and every character is still drawn.
    expect(r.warned[0]!.count).toBe(count - typesetAlone);
    expect(r.glyphs).toBe(count * CHARS);
  }, 120_000);
});
