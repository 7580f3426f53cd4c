/**
 * A row split over hundreds of pages: each page's part of the row was a closure made inside
 * splitRow, whose shared context also held the rest of every cell, so every page kept all the
 * lines after it alive and the memory grew with the square of the cell's length (110 000
 * characters in a 26 pt cell: 667 pages, 723 MB of heap; a corpus file with the fuzz campaign's
 * long mixed word in a narrow cell ran out of 1 GB). The child runs under a 300 MB heap.
 */
import { describe, expect, it } from 'vitest';
import { runHeapCapped } from '../helpers/heap-capped-child';

const runChild = () => runHeapCapped(new URL('./long-cell.child.ts', import.meta.url), 300);

describe('a table cell of 40 000 lines', () => {
  it('splits over its pages in bounded memory', async () => {
    const r = await runChild();
    expect(r.err).not.toMatch(/heap out of memory/);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ pages: 667 });
  }, 150_000);
});
