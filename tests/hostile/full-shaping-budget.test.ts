/**
 * Text off the fast shaping path is charged to the layout budget (engine/layout/budget.ts
 * FULL_SHAPING_UNITS). Found by scripts/fuzz.ts (seed 69 docx-82): runs of far-off scripts in 20
 * faces, split by face character by character and shaped by fontkit, spent 10 s of CPU and 800 MB
 * before the 6 million units counted by lines, characters and pieces were reached (about 14 µs and
 * 110 bytes a character of such text where the budget assumes 1.5 µs and 80 bytes a unit); charged,
 * the same case stops at 7 s and 620 MB, and no corpus document changes.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { parseDocx } from '../../engine/docx';
import { initKernel, layoutDocument } from '../../engine/layout';
import { FULL_SHAPING_UNITS, fullShapedChars, LayoutBudget, LINE_UNITS, PIECE_UNITS } from '../../engine/layout/budget';
import { createNodeHost } from '../../node/host';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2)) });

async function layout(text: string, maxLayoutUnits: number) {
  const parsed = parseDocx(makeDocx({ body: `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>` }), {}, host);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return layoutDocument(parsed.value, { limits: { maxLayoutUnits } }, host);
}

/** Words of Devanagari (U+0915..U+0939): a script the fast path does not take. */
const devanagari = (words: number) => Array.from({ length: words }, (_, i) => String.fromCharCode(0x915 + (i % 37), 0x915 + ((i * 7) % 37), 0x93e)).join(' ');

beforeAll(async () => {
  await initKernel();
});

describe('the layout budget charges full shaping', () => {
  it('counts the characters off the fast path, not Latin, Greek, Cyrillic, Han or the specials', () => {
    expect(fullShapedChars('plain Latin, Ελληνικά, кириллица, 漢字', new Map())).toBe(0);
    expect(fullShapedChars('कखा गघा', new Map())).toBe(6);
    // An astral character is two UTF-16 units, each sent to the full path.
    expect(fullShapedChars('a\u{1F600}b', new Map())).toBe(2);
    // A tab and an object (specials) are laid out, not shaped.
    expect(fullShapedChars('a\tक\uFFFC', new Map([[1, {}], [3, {}]]))).toBe(1);
  });

  it('spends FULL_SHAPING_UNITS for each, and leaves room for fewer lines', () => {
    const budget = new LayoutBudget(10_000);
    budget.spendLines(2, 100, 0, 10, 40);
    expect(budget.spent).toBe(2 * LINE_UNITS + 100 + 10 * PIECE_UNITS + 40 * FULL_SHAPING_UNITS);
    expect(budget.linesLeft(100, 0, 10, 40)).toBe(Math.floor((10_000 - budget.spent - 100 - 10 * PIECE_UNITS - 40 * FULL_SHAPING_UNITS) / LINE_UNITS));
  });

  it('stops a paragraph of far-off script where the same length of Latin fits (fuzz seed 69)', async () => {
    const far = devanagari(1_000);
    const latin = far.replace(/[^ ]/g, 'x');
    expect(latin.length).toBe(far.length);
    const spend = vi.spyOn(LayoutBudget.prototype, 'spendLines');
    try {
      // 3,999 characters: as Latin, 1,000 pieces and 39 lines, 8,623 units; as Devanagari each letter is
      // a piece (2,999) in 56 lines, 16,891 units, and its 3,000 letters charged make 28,891.
      expect((await layout(latin, 24_000)).ok).toBe(true);
      const charged = spend.mock.calls.map((c) => c[4] ?? 0);
      expect(Math.max(...charged)).toBe(0);
      spend.mockClear();
      const r = await layout(far, 24_000);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors.map((e) => e.code)).toEqual(['layout/too-large']);
      // Its 3,000 letters are charged (the spaces are on the fast path).
      expect(spend.mock.calls.some((c) => c[4] === 3_000)).toBe(true);
    } finally {
      spend.mockRestore();
    }
  }, 60_000);
});
