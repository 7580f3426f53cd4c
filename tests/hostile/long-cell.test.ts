/**
 * A row split over hundreds of pages: each page's part of the row was a closure made inside
 * splitRow, whose shared context also held the rest of every cell, so every page kept all the
 * lines after it alive and the memory grew with the square of the cell's length (110 000
 * characters in a 26 pt cell: 667 pages, 723 MB of heap; a corpus file with the fuzz campaign's
 * long mixed word in a narrow cell ran out of 1 GB). The child runs under a 300 MB heap.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('./long-cell.child.ts', import.meta.url));

function runChild(): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--max-old-space-size=300', '--import', 'tsx', CHILD], { timeout: 120_000, maxBuffer: 1 << 20 }, (e, out, err) =>
      resolve({ code: e ? ((e as { code?: number }).code ?? 1) : 0, out, err: err.slice(0, 300) }));
  });
}

describe('a table cell of 40 000 lines', () => {
  it('splits over its pages in bounded memory', async () => {
    const r = await runChild();
    expect(r.err).not.toMatch(/heap out of memory/);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ pages: 667 });
  }, 150_000);
});
