/**
 * The text effects' own budget (limits.maxEffectUnits, counted in engine/layout/budget.ts). Found by scripts/fuzz.ts (seed
 * 66): glowing and reflected text draws each glyph's outline up to 14 times, and within the drawn
 * budget (limits.maxDrawnUnits) a document took 17 s to write 5.7 million units of them. Past the
 * effect budget the glows and reflections are left out, the text itself still drawn, with one counted
 * warning. The bound is an input limit like the others (core/limits.ts), so a caller sets it the
 * same way (options.limits).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocx } from '../../engine/docx';
import { initKernel, layoutDocument } from '../../engine/layout';
import { DEFAULT_LIMITS, type InputLimits } from '../../engine/core';
import { drawnUnits, LayoutBudget } from '../../engine/layout/budget';
import type { LayoutItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { LETTER_SECT_PR, makeDocx, OFFICE_THEME } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2)) });

// Word's "tight reflection, touching" and a 5 pt glow, as in tests/golden/text-effects.test.ts.
const W14_REFLECTION = '<w14:reflection w14:blurRad="6350" w14:stA="53000" w14:stPos="0" w14:endA="300" w14:endPos="35500" w14:dist="0" w14:dir="5400000" w14:fadeDir="5400000" w14:sx="100000" w14:sy="-90000" w14:kx="0" w14:ky="0" w14:algn="bl"/>';
const W14_GLOW = '<w14:glow w14:rad="63500"><w14:srgbClr w14:val="FF0000"><w14:alpha w14:val="40000"/></w14:srgbClr></w14:glow>';

/** Paragraphs of glowing, reflected words, `words` in all, ten to a paragraph. */
function glowingText(words: number): string {
  const run = `<w:r><w:rPr><w:rFonts w:ascii="Liberation Sans" w:hAnsi="Liberation Sans"/>${W14_GLOW}${W14_REFLECTION}</w:rPr><w:t xml:space="preserve">${'Glowing Sugar '.repeat(5)}</w:t></w:r>`;
  return `<w:p>${run}</w:p>`.repeat(Math.ceil(words / 10));
}

async function effectsOf(words: number, limits?: Partial<InputLimits>) {
  const parsed = parseDocx(makeDocx({ body: glowingText(words) + LETTER_SECT_PR, theme: OFFICE_THEME }), {}, host);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const laid = await layoutDocument(parsed.value, limits ? { limits } : {}, host);
  if (!laid.ok) throw new Error(JSON.stringify(laid.errors));
  let effectUnits = 0;
  let glyphs = 0;
  for (const page of laid.value.pages) {
    const effects: LayoutItem[] = [];
    for (const item of page.items) {
      if (item.kind === 'glyphs') glyphs += item.glyphs.length;
      else effects.push(item);
    }
    effectUnits += drawnUnits(effects);
  }
  const warned = laid.warnings.filter((w) => w.code === 'layout/effects-budget');
  return { effectUnits, glyphs, warned };
}

beforeAll(async () => {
  await initKernel();
});

describe('the text effects budget', () => {
  it('takes effects until they would pass the budget, then none', () => {
    const curve = { op: 'C' as const, x1: 0, y1: 0, x2: 1, y2: 1, x: 2, y: 2 };
    const ring: LayoutItem = { kind: 'path', commands: [{ op: 'M', x: 0, y: 0 }, curve, { op: 'Z' }], stroke: '000000', lineWidth: 1 };
    const budget = new LayoutBudget(Infinity, Infinity, 12);
    expect(budget.effectsDrawn([ring, ring])).toBe(true);
    expect(budget.spentEffects).toBe(10);
    expect(budget.effectsDrawn([ring])).toBe(false);
    // Once spent, even what would still fit is left out: later text is not drawn with effects.
    expect(budget.effectsDrawn([])).toBe(false);
    expect(budget.effectsSpent).toBe(true);
  });

  it('draws glowing, reflected text within the budget whole', async () => {
    const r = await effectsOf(20);
    expect(r.warned).toEqual([]);
    expect(r.effectUnits).toBeGreaterThan(0);
  }, 60_000);

  it('leaves out the glows and reflections past the budget (fuzz seed 66), not the text', async () => {
    const words = 2_000;
    const r = await effectsOf(words);
    const limit = DEFAULT_LIMITS.maxEffectUnits;
    expect(r.effectUnits).toBeLessThanOrEqual(limit);
    // Most of the budget is used: the effects drawn are those of the first runs.
    expect(r.effectUnits).toBeGreaterThan(limit * 0.9);
    // Every letter and space is still drawn.
    expect(r.glyphs).toBe((words / 2) * 'Glowing Sugar '.length);
    expect(r.warned).toHaveLength(1);
    expect(r.warned[0]!.count).toBeGreaterThan(1);
  }, 120_000);

  it('takes its bound from limits.maxEffectUnits, as the other layout budgets do', async () => {
    const whole = await effectsOf(20);
    const limit = Math.floor(whole.effectUnits / 2);
    const r = await effectsOf(20, { maxEffectUnits: limit });
    expect(r.effectUnits).toBeLessThanOrEqual(limit);
    expect(r.effectUnits).toBeGreaterThan(0);
    expect(r.glyphs).toBe(whole.glyphs);
    expect(r.warned).toHaveLength(1);
    expect(r.warned[0]!.message).toContain(String(limit));
    expect(r.warned[0]!.hint).toMatch(/maxEffectUnits/);
    // Raised, the budget lets a document draw more than the default would.
    const raised = await effectsOf(2_000, { maxEffectUnits: 2 * DEFAULT_LIMITS.maxEffectUnits });
    expect(raised.effectUnits).toBeGreaterThan(DEFAULT_LIMITS.maxEffectUnits);
  }, 120_000);
});
