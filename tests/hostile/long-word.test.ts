/**
 * A word far wider than the line (no break opportunity in 300 000 characters): broken at the line
 * end on every line, as Word does. Each emergency cut copied the whole rest of the word and of the
 * paragraph's pieces, so the time grew with the square of the word's length (100 000 characters:
 * 3.4 s, 400 000: about a minute — a hang on a hostile file, found by scripts/fuzz.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2)) });
const RPR = '<w:rPr><w:rFonts w:ascii="Courier New" w:hAnsi="Courier New"/><w:sz w:val="20"/></w:rPr>';

beforeAll(async () => {
  await initKernel();
});

describe('a word of 300 000 characters', () => {
  it('is cut into full lines in linear time, losing no character', async () => {
    const word = 'x'.repeat(300_000);
    const t = performance.now();
    const { doc } = await layoutDocx(makeDocx({ body: `<w:p><w:r>${RPR}<w:t>${word}</w:t></w:r></w:p>` }), 'long-word.docx', host);
    expect(performance.now() - t).toBeLessThan(10_000);
    const runs = doc.pages.flatMap((p) => flatItems(p.items).filter((i): i is GlyphRun => i.kind === 'glyphs'));
    expect(runs.map((r) => r.text).join('')).toBe(word);
    // Every line holds what the first line of a short overlong word holds (77 characters of the
    // Courier New stand-in on the 432 pt line): cutting in pieces changes no line.
    const perLine = (d: typeof doc) => {
      const page1 = flatItems(d.pages[0]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs');
      const ys = [...new Set(page1.map((r) => r.y))];
      return ys.map((y) => page1.filter((r) => r.y === y).map((r) => r.text).join('').length);
    };
    const short = perLine((await layoutDocx(makeDocx({ body: `<w:p><w:r>${RPR}<w:t>${'x'.repeat(1000)}</w:t></w:r></w:p>` }), 'short.docx', host)).doc);
    expect(short[0]).toBe(77);
    expect(new Set(perLine(doc))).toEqual(new Set([short[0]]));
  }, 60_000);
});
