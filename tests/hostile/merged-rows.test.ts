/**
 * A vertical merge over 20 000 rows, broken at each of its 690 pages: each cut made a view of the
 * whole table (its rows and their heights) and the part left on the page kept it, so the memory
 * grew with the pages times the rows (40 000 rows held 1.3 GB and ran out of the fuzz worker's
 * 1 GB; 20 000 ran out of 300 MB). Each part now keeps its own rows only. The child runs under a
 * 300 MB heap.
 */
import { describe, expect, it } from 'vitest';
import { runHeapCapped } from '../helpers/heap-capped-child';

const runChild = () => runHeapCapped(new URL('./merged-rows.child.ts', import.meta.url), 300);

describe('a vertical merge of 20 000 rows', () => {
  it('breaks over its pages in bounded memory', async () => {
    const r = await runChild();
    expect(r.err).not.toMatch(/heap out of memory/);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ pages: 690 });
  }, 150_000);
});
