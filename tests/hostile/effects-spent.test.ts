/**
 * Past the text effect budget (limits.maxEffectUnits) glows and reflections are not built at all.
 * Found by scripts/fuzz.ts (seed 77 docx-28): every later run of glowing, reflected text still had
 * its outline placed and mirrored into reflection bands, then refused by the spent budget: 11,902
 * runs, half of the conversion's 3.6 s of CPU. Now a refused run only finds out whether it would have
 * drawn anything, for the counted warning; the pages, the warnings and their count are the same.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PathCommand } from '../../engine/model';

/** Path commands handed to reflectionItems to be mirrored: the work of building a reflection. */
const mirroredCommands = vi.hoisted(() => ({ n: 0 }));
vi.mock('../../engine/layout/effects', async (load) => {
  const actual = await load<typeof import('../../engine/layout/effects')>();
  return {
    ...actual,
    reflectionItems: (...args: Parameters<typeof actual.reflectionItems>) => {
      for (const d of args[0]) if (d.kind === 'path') mirroredCommands.n += (d.commands as readonly PathCommand[]).length;
      return actual.reflectionItems(...args);
    },
  };
});

const { parseDocx } = await import('../../engine/docx');
const { initKernel, layoutDocument } = await import('../../engine/layout');
const { createNodeHost } = await import('../../node/host');
const { LETTER_SECT_PR, makeDocx, OFFICE_THEME } = await import('../helpers/make-docx');

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2)) });
const W14_REFLECTION = '<w14:reflection w14:blurRad="6350" w14:stA="53000" w14:stPos="0" w14:endA="300" w14:endPos="35500" w14:dist="0" w14:dir="5400000" w14:fadeDir="5400000" w14:sx="100000" w14:sy="-90000" w14:kx="0" w14:ky="0" w14:algn="bl"/>';

/** `n` paragraphs of one reflected run each. */
async function reflected(n: number, maxEffectUnits: number) {
  const run = `<w:r><w:rPr><w:rFonts w:ascii="Liberation Sans" w:hAnsi="Liberation Sans"/>${W14_REFLECTION}</w:rPr><w:t>Mirror</w:t></w:r>`;
  const parsed = parseDocx(makeDocx({ body: `<w:p>${run}</w:p>`.repeat(n) + LETTER_SECT_PR, theme: OFFICE_THEME }), {}, host);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  mirroredCommands.n = 0;
  const laid = await layoutDocument(parsed.value, { limits: { maxEffectUnits } }, host);
  if (!laid.ok) throw new Error(JSON.stringify(laid.errors));
  const warned = laid.warnings.filter((w) => w.code === 'layout/effects-budget');
  return { mirrored: mirroredCommands.n, refused: warned[0]?.count ?? 0 };
}

beforeAll(async () => {
  await initKernel();
});

describe('text effects past a spent budget', () => {
  it('are not built, and each refused run is still counted', async () => {
    const whole = await reflected(1, 1e9);
    // One run's outline, mirrored once (its bands share the copy).
    const perRun = whole.mirrored;
    expect(perRun).toBeGreaterThan(50);
    expect(whole.refused).toBe(0);
    // Room for none: the first run's reflection is built and refused, which spends the budget.
    const r = await reflected(200, 1);
    expect(r.refused).toBe(200);
    // The other 199 mirror a one-command stand-in, not their outlines (before: 200 outlines).
    expect(r.mirrored).toBe(perRun + 199);
  }, 60_000);
});
