/**
 * A vertical merge over 100 000 rows, cut at each of its 2 000 pages. Each cut copied the rows left
 * (the cells of each row and their heights) and measured them all again, so the merge cost its pages
 * times its rows: one of 100 000 rows (a 300 KB DOCX, 3 449 pages) took 29 s to lay out, past the
 * worker's 20 s, and a merged cell whose text outruns its rows as much. A cut now reads the rows on
 * its page, and the rest shares the group's rows with what the cut changed over them.
 *
 * The table's side of a group (table.ts) is stood in for by counting hooks, and the pages by a fixed
 * room, so what is counted is the cutting alone.
 */
import { describe, expect, it } from 'vitest';
import type { TableCell } from '../../engine/model';
import type { Story } from '../../engine/layout/blocks';
import type { Unit } from '../../engine/layout/flow/units';
import { rowGroup, type RowHooks } from '../../engine/layout/table/merged-rows';
import { heightAt, rowsView, type PlacedCell } from '../../engine/layout/table/rows-view';

const ROWS = 100_000;
const ROW_PT = 10;
/** Room on each page: 50 rows. */
const ROOM = 500;

const line = (): Unit => ({ kind: 'line', heightPt: ROW_PT, breakAfter: true, emit: () => {} });
const story = (lines: number): Story => ({ units: Array.from({ length: lines }, (_, i) => ({ y: i * ROW_PT, unit: line() })), heightPt: lines * ROW_PT });
const cell = (vMerge: 'restart' | 'continue' | undefined): TableCell => ({ props: { margins: { top: 0, bottom: 0, left: 0, right: 0 }, vMerge }, blocks: [] }) as unknown as TableCell;

/**
 * A table of ROWS rows, the first column one cell merged over all of them holding `mergedLines`
 * lines, the last a line a row, and with `pairs` a column between of cells merged two rows at a
 * time, a line each; reads of its rows are counted.
 */
function mergedTable(mergedLines: number, pairs = false) {
  const rows: PlacedCell[][] = [];
  for (let r = 0; r < ROWS; r++) {
    const first: PlacedCell = { cell: cell(r === 0 ? 'restart' : 'continue'), row: r, col: 0, span: 1, rowSpan: r === 0 ? ROWS : 1, x: 0, width: 100, ...(r === 0 ? { story: story(mergedLines) } : {}) };
    const pair: PlacedCell = { cell: cell(r % 2 === 0 ? 'restart' : 'continue'), row: r, col: 1, span: 1, rowSpan: r % 2 === 0 ? 2 : 1, x: 100, width: 100, ...(r % 2 === 0 ? { story: story(1) } : {}) };
    rows.push([first, ...(pairs ? [pair] : []), { cell: cell(undefined), row: r, col: 2, span: 1, rowSpan: 1, x: 200, width: 100, story: story(1) }]);
  }
  let reads = 0;
  const counted = new Proxy(rows, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  // rowHeights' rule: a row as tall as its own cells (a merged cell's rest ending in it is one), the
  // merged cell growing its last row.
  const need = (pc: PlacedCell) => pc.story?.heightPt ?? 0;
  const ownOf = (row: readonly PlacedCell[]) => Math.max(0, ...row.filter((pc) => pc.rowSpan === 1 && pc.cell.props.vMerge !== 'continue').map(need));
  const heights = rows.map(() => ROW_PT);
  heights[ROWS - 1]! += Math.max(0, need(rows[0]![0]!) - ROWS * ROW_PT);
  // Where a merged cell starts that its rows' own heights do not hold (the first column's, with
  // more than a line a row; a pair's rows hold its line).
  const growStarts = rows.flatMap((row, r) => (row.some((pc) => pc.rowSpan > 1 && need(pc) > pc.rowSpan * ROW_PT) ? [r] : []));
  let measured = 0;
  const hooks: RowHooks = {
    row: (r, view) => ({ kind: 'row', heightPt: heightAt(view, r), breakAfter: true, emit: () => {} }),
    heights(cut, first, prev, from) {
      measured += cut.length;
      const out = cut.map((row, i) => (first + i < from ? prev[i]! : ownOf(row)));
      for (let i = Math.max(0, from - first); i < cut.length; i++) {
        for (const pc of cut[i]!) {
          if (pc.rowSpan <= 1) continue;
          let sum = 0;
          for (let k = i; k < i + pc.rowSpan; k++) sum += out[k]!;
          if (need(pc) > sum) out[i + pc.rowSpan - 1]! += need(pc) - sum;
        }
      }
      return out;
    },
    own: (_, row) => {
      measured++;
      return ownOf(row);
    },
    need,
    exact: () => false,
    growsIn: (a, b) => growStarts.some((r) => r >= a && r <= b),
    tail: () => 0,
    notes: () => [],
    inset: () => ({ above: 0, below: 0 }),
  };
  return { view: rowsView(ROWS, 0, counted, heights), hooks, reads: () => reads, measured: () => measured };
}

/** Cuts the group over pages of ROOM until its rest fits or cannot be cut: the units, in order. */
function paginate(group: Unit): Unit[] {
  const out: Unit[] = [];
  let unit = group;
  while (unit.heightPt > ROOM) {
    const parts = unit.split?.(ROOM);
    if (!parts) break;
    out.push(parts[0]);
    unit = parts[1];
  }
  return [...out, unit];
}

describe('a vertical merge of 100 000 rows cut at each page', () => {
  it('reads the rows of each page, not the rows left', () => {
    const t = mergedTable(1);
    const units = paginate(rowGroup(0, ROWS - 1, t.view, t.hooks));
    expect(units).toHaveLength(ROWS / 50);
    expect(units.every((u) => u.heightPt === ROOM)).toBe(true);
    // Before, each of the 2 000 cuts read the 100 000 rows and measured them all again.
    expect(t.reads()).toBeLessThan(4 * ROWS);
    expect(t.measured()).toBeLessThan(4 * ROWS);
  });

  it('does so where the text of the merged cell outruns its rows, growing its last row', () => {
    const t = mergedTable(2 * ROWS);
    const units = paginate(rowGroup(0, ROWS - 1, t.view, t.hooks));
    // 50 rows a page and as many of the merged cell's lines; the last row holds the lines left.
    expect(units).toHaveLength(ROWS / 50 + 1);
    expect(units.at(-1)!.heightPt).toBe((ROWS + 1) * ROW_PT);
    expect(t.reads()).toBeLessThan(4 * ROWS);
    expect(t.measured()).toBeLessThan(4 * ROWS);
  });

  it('and so beside other merged cells that hold their text', () => {
    const t = mergedTable(2 * ROWS, true);
    const units = paginate(rowGroup(0, ROWS - 1, t.view, t.hooks));
    expect(units).toHaveLength(ROWS / 50 + 1);
    expect(units.at(-1)!.heightPt).toBe((ROWS + 1) * ROW_PT);
    expect(t.reads()).toBeLessThan(6 * ROWS);
    expect(t.measured()).toBeLessThan(6 * ROWS);
  });
});
