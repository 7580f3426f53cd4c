/**
 * Spaces before a text-wrapping break (w:br, ECMA-376 Part 1 §17.3.3.1) hang past the line end, as
 * at any other line end. UAX #14 keeps a hard break with the word before it (LB6), and the line filler
 * measured that word's ink up to the break, spaces included: a line whose text fitted but whose two
 * trailing spaces did not wrapped its last word (Docx4j_GettingStarted's parts listing, "…Part]  "
 * then w:br, fits on one line in Word's render).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, LayoutDoc } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { layoutDocx, flatItems } from '../helpers/layout-docx';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

// Courier New (Liberation Mono) 10 pt: 6.001 pt a character. 77 characters take 462.1 pt of the
// 468 pt line; with two more spaces, 474.1 pt.
const RPR = '<w:rPr><w:rFonts w:ascii="Courier New" w:hAnsi="Courier New"/><w:sz w:val="20"/></w:rPr>';
const TEXT = 'abcdefg '.repeat(9) + 'abcde';

async function layout(body: string): Promise<LayoutDoc> {
  return (await layoutDocx(makeDocx({ body }), 'space-before-break.docx', host)).doc;
}

const runsOf = (d: LayoutDoc) => flatItems(d.pages[0]!.items).filter((i): i is GlyphRun => i.kind === 'glyphs');

beforeAll(async () => {
  await initKernel();
});

describe('spaces before a line break', () => {
  it('hang past the line end, so the word before them stays on the line', async () => {
    for (const sameRun of [true, false]) {
      const br = sameRun ? `<w:br/><w:t>next</w:t></w:r>` : `</w:r><w:r>${RPR}<w:br/><w:t>next</w:t></w:r>`;
      const d = await layout(`<w:p><w:r>${RPR}<w:t xml:space="preserve">${TEXT}  </w:t>${br}</w:p>`);
      const runs = runsOf(d);
      const last = runs.find((r) => /abcde(?!f)/.test(r.text))!;
      const first = runs.find((r) => r.text.startsWith('abcdefg'))!;
      expect(last.y).toBeCloseTo(first.y, 3);
      const next = runs.find((r) => r.text.includes('next'))!;
      expect(next.y).toBeGreaterThan(first.y + 5);
    }
  });
});
