/**
 * Shaping benchmark against the real alternative, fontkit's own layout (run: npx vitest bench engine/text).
 * The text mixes prose, numbers and punctuation; each iteration shapes every word once with a fresh
 * Shaper (no cache hits across iterations, plans rebuilt) or with fontkit.
 */
import { bench, describe } from 'vitest';
import fontkit from '@pdf-lib/fontkit';
import { FontProgram } from './font-program';
import { Shaper } from './shaper';
import { shippedBytes } from './testing/shipped';

const PROSE = `Typesetting a business document means turning paragraphs into lines: every word is measured,
kerning pairs such as AV, To and Wa are applied, ligatures like fi, ffl and ti may form, and numbers like
12,345.67 or 3.5% keep their tabular widths. Reports, invoices, contracts and letters repeat the same
words many times; a cache keyed by the word avoids measuring them again. Efficient office software
therefore shapes each distinct word once per font and style, then reuses the result on every page.`;

const words = PROSE.split(/(?<= )|\n/).filter(Boolean);
const many = Array.from({ length: 20 }, (_, i) => words.map((w) => (i % 2 ? w.toUpperCase() : w) + (i > 9 ? String(i) : ''))).flat();

for (const file of ['Carlito-Regular.ttf', 'LiberationSerif-Regular.ttf']) {
  const bytes = shippedBytes(file)!;
  const program = new FontProgram(bytes);
  const fk = (fontkit as unknown as { create(b: Uint8Array): { layout(t: string, f: object): unknown } }).create(bytes);
  describe(`${many.length} words, ${file}, kern + liga`, () => {
    bench('colophon Shaper (fast path, cold cache)', () => {
      const s = new Shaper(program);
      for (const w of many) s.shape(w, { kern: true, liga: true });
    });
    bench('colophon Shaper (fontkit path only, cold cache)', () => {
      const s = new Shaper(program);
      s.fastPathEnabled = false;
      for (const w of many) s.shape(w, { kern: true, liga: true });
    });
    bench('fontkit font.layout', () => {
      for (const w of many) fk.layout(w, { kern: true, liga: true });
    });
  });
}
