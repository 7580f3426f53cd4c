/**
 * What a laid-out line keeps alive until its page is drawn. layoutPages holds every placed unit of
 * the layout (the pages are drawn as they are iterated), so a document's live heap after the passes
 * grows with its lines: a 437-page handbook held 140 KB a page. A line kept, per word, a fragment and
 * the piece it pointed at, and per line a closure with its context, a row and one-element arrays.
 * Measured as the heap after full collections once the passes are done, per line laid out: a size, no
 * timing (justified text of short words, one style, so the shaped words are few and warm; the
 * paragraph's own content, shared by its lines, is counted too).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { parseDocx } from '../../engine/docx';
import { layoutPages } from '../../engine/layout';
import { createNodeHost } from '../../node/host';
import { makeDocx, para } from '../helpers/make-docx';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
const WORDS = ['ab', 'cde', 'f', 'ghij', 'kl', 'mnopq', 'rs', 'tuv'];

/** Bytes held after the passes of a document of `paragraphs` justified paragraphs, and its text lines. */
async function heldBytes(paragraphs: number): Promise<{ bytes: number; lines: number }> {
  const text = Array.from({ length: 120 }, (_, i) => WORDS[(i * 5) % WORDS.length]).join(' ');
  const model = parseDocx(makeDocx({ body: para(text, '<w:jc w:val="both"/>').repeat(paragraphs) }), {}, host);
  if (!model.ok) throw new Error('parse failed');
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  const laid = await layoutPages(model.value, {}, host);
  if (!laid.ok) throw new Error('layout failed');
  gc();
  gc();
  const bytes = process.memoryUsage().heapUsed - before;
  let lines = 0;
  for await (const page of laid.value.pages) lines += new Set(page.items.filter((i) => i.kind === 'glyphs').map((i) => i.y)).size;
  return { bytes, lines };
}

describe('laid-out lines: memory kept until their pages are drawn', () => {
  it('keeps a justified line of thirty words in under 9 KB', async () => {
    await heldBytes(20); // warm the process-wide caches (fonts, shaped words)
    const { bytes, lines } = await heldBytes(400);
    expect(lines).toBeGreaterThan(1000);
    // Before: 10.3 KB a line (a fragment and its piece per word, a closure, context, row and two
    // one-element arrays per line); after: 7.8 KB.
    expect(bytes / lines).toBeLessThan(9000);
  });
});
