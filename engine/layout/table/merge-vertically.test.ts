import { describe, expect, it } from 'vitest';
import type { TableCell } from '../../model';
import type { PlacedCell } from './rows-view';
import { mergeVertically } from './table';

/** A placed cell whose column reads are counted: the work of a merge pass, without timing it. */
function cell(row: number, col: number, vMerge: 'restart' | 'continue' | undefined, reads: { n: number }): PlacedCell {
  const pc = { cell: { props: { vMerge } } as unknown as TableCell, row, span: 1, rowSpan: 1, x: col, width: 1 } as PlacedCell;
  Object.defineProperty(pc, 'col', { get: () => (reads.n++, col) });
  return pc;
}

function grid(rows: number, cols: number, reads: { n: number }): PlacedCell[][] {
  return Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => cell(r, c, r === 0 ? 'restart' : 'continue', reads)));
}

describe('mergeVertically', () => {
  it('spans a restart cell over the continue cells below it, marking the middle ones', () => {
    const reads = { n: 0 };
    const rows = grid(4, 2, reads);
    rows[2]![1] = cell(2, 1, undefined, reads);
    mergeVertically(rows);
    expect(rows[0]!.map((pc) => pc.rowSpan)).toEqual([4, 2]);
    expect(rows.map((row) => row[0]!.midMerge === true)).toEqual([false, true, true, false]);
    expect(rows[1]![1]!.midMerge).toBeUndefined();
  });

  it('reads each cell a bounded number of times (1,000 merged columns over 200 rows took 7 s)', () => {
    // Searching every row's cells for each restart read the columns restarts x rows x cells times.
    const reads = { n: 0 };
    const rows = grid(50, 200, reads);
    mergeVertically(rows);
    expect(rows[0]!.every((pc) => pc.rowSpan === 50)).toBe(true);
    expect(reads.n).toBeLessThan(5 * 50 * 200);
  });
});
