/**
 * The shaped-word and shaped-text caches outlive documents (a fuzz child, a server worker or a browser
 * tab converts many), so they are bounded: each shares one GenerationPool across all fonts and styles,
 * and holds at most twice its limit. Before, each font kept up to 250,000 words and each of its five
 * shaping caches 32,768 texts for as long as the process ran: 30 documents of new words left 240 MiB
 * behind, and with many fonts it had no practical bound. Dropping entries changes only the cost.
 */
import { describe, expect, it } from 'vitest';
import { GenerationCache } from '../../engine/core';
import { WordCache } from '../../engine/layout/inline/pieces';
import { shapeCachePool } from '../../engine/text/shaper';
import type { GlyphRun } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { makeDocx, para } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

/** `n` distinct words, each made of the letters of its index. */
function words(n: number, from = 0): string {
  return Array.from({ length: n }, (_, i) => (from + i).toString(26).replace(/./g, (c) => String.fromCharCode(97 + parseInt(c, 26)))).join(' ');
}

async function runs(text: string): Promise<string[]> {
  const { doc } = await layoutDocx(makeDocx({ body: para(text) + para(text, '', '<w:b/>') }), 'words.docx', host);
  return doc.pages.flatMap((p) => flatItems(p.items)).filter((i): i is GlyphRun => i.kind === 'glyphs').map((r) => `${r.x.toFixed(2)},${r.y.toFixed(2)} ${r.text} ${r.glyphs.join(' ')}`);
}

describe('word and shaping caches: bounded across documents', () => {
  it('keeps the words of a document in the shared pool, within twice its limit', async () => {
    const before = WordCache.pool.size;
    await runs(words(3_000, 100_000));
    // Regular and bold are two styles: each word once in each.
    expect(WordCache.pool.size - before).toBeGreaterThanOrEqual(6_000);
    expect(WordCache.pool.size).toBeLessThanOrEqual(2 * WordCache.pool.limit);
    expect(shapeCachePool.size).toBeGreaterThan(0);
    expect(shapeCachePool.size).toBeLessThanOrEqual(2 * shapeCachePool.limit);
  });

  it('lays a document out the same after other documents pushed its words out of both caches', async () => {
    const text = words(2_000);
    const first = await runs(text);
    for (const pool of [WordCache.pool, shapeCachePool]) {
      const other = new GenerationCache<number>(pool);
      for (let i = 0; i < 2 * pool.limit + 1; i++) other.set(`filler ${i}`, i);
      expect(pool.size).toBeLessThanOrEqual(2 * pool.limit);
    }
    expect(await runs(text)).toEqual(first);
  });
});
