/**
 * Block re-layout in columns of other widths (w:cols w:equalWidth="0", §17.6.4): the units of a
 * paragraph or table that can lay themselves out again where they land in a column of another width,
 * within a budget per block, each width laid out once (byWidth).
 *
 * A unit's Reflow holds the layout's seed (ReflowSeed), never its lines, so units kept on a page do
 * not keep a whole layout alive; past REFLOW_BUDGET a block's rest keeps its width, with a warning.
 */
import type { Reflow, Unit } from './flow/units';
import { reflowSeedOf, relayoutFrom, type LaidParagraph, type ReflowSeed } from './paragraph';
import type { BlockContext } from './blocks';

/**
 * What a block may spend laying itself out again in columns of other widths (unequal w:cols): each move
 * into a column of another width lays the block out anew (a paragraph all its lines, a table all its
 * cells), so a long block crossing many such columns costs its size times their number. Past
 * REFLOW_BUDGET lines or cells its units keep the width they were laid at, with a warning: a
 * 20,000-line paragraph across 45 narrow unequal columns took 85 s and ran out of 4 GB, a 2,000-row
 * table 15 s and 2 GB (0.6 s and 1.5 s in equal columns).
 */
interface ReflowBudget {
  spent: number;
  warned: boolean;
}

const REFLOW_BUDGET = 50_000;

export const newBudget = (): ReflowBudget => ({ spent: 0, warned: false });

/** Takes `cost` (lines or cells) from a block's budget; false, warning once, when it is spent. */
function spend(budget: ReflowBudget, cost: number, ctx: BlockContext): boolean {
  if (budget.spent + cost <= REFLOW_BUDGET) {
    budget.spent += cost;
    return true;
  }
  if (!budget.warned) ctx.warn?.('layout/reflow-clamped', `A paragraph or table crosses more columns of other widths than can be laid out again (${REFLOW_BUDGET} lines or cells); its rest keeps the width it was laid out at.`);
  budget.warned = true;
  return false;
}

/**
 * The units of a paragraph laid out without floats, each able to lay out again, at another column
 * width, its own line and the paragraph's lines after it (relayoutFrom): the lines before it stay.
 */
export function reflowingLines(laid: LaidParagraph, make: MakeUnits, ctx: BlockContext, block: ReflowBudget, fromRow = 0): Unit[] {
  return make(laid, rowReflows(reflowSeedOf(laid), make, ctx, block), fromRow);
}

/** A laid paragraph's units from row `fromRow` on, each given its Reflow. */
type MakeUnits = (laid: LaidParagraph, reflow: (row: number) => Reflow, fromRow: number) => Unit[];

/** Each row's Reflow: its closures hold the layout's seed, not its lines (ReflowSeed). */
function rowReflows(seed: ReflowSeed, make: MakeUnits, ctx: BlockContext, block: ReflowBudget): (row: number) => Reflow {
  return (row) => ({
    widthPt: seed.widthAt?.(row) ?? seed.boxWidthPt,
    block,
    at: byWidth((w) => {
      const again = spend(block, seed.lineStarts.length, ctx) ? relayoutFrom(seed, row, w, ctx) : undefined;
      return again ? reflowingLines(again, make, ctx, block, row) : undefined;
    }),
  });
}

/**
 * A table's rows laid out at a column's width, each able to lay itself and the rows after it out
 * again at another: a table that moves on whole into a column of another width takes that column's
 * width, and so do the rows that continue it there (Word lays each part out in its own column: a
 * percentage width is resolved again, a fixed one kept and placed by the new column's edges). The
 * rest of a row split across the two keeps the grid it was cut at.
 */
export function reflowingRows(layRows: (widthPt: number) => Unit[], widthPt: number, block: ReflowBudget, cells: number, ctx: BlockContext): Unit[] {
  // One layout per width for the whole table, however often it changes columns.
  const at: (w: number) => Unit[] | undefined = byWidth((w) =>
    w === widthPt || spend(block, cells, ctx) ? layRows(w).map((u, r) => ({ ...u, reflow: { widthPt: w, block, at: (v: number) => at(v)?.slice(r) } })) : undefined);
  return at(widthPt)!;
}

/**
 * Memoises a re-layout by width (column balancing tries the same widths many times). The map is made
 * on first use: most units are never laid out again, and one empty map per line was 61 MiB of a
 * 120,000-line paragraph's units.
 */
export function byWidth<T>(lay: (widthPt: number) => T): (widthPt: number) => T {
  let done: Map<number, T> | undefined;
  return (widthPt) => {
    const key = Math.round(widthPt * 100);
    done ??= new Map<number, T>();
    if (!done.has(key)) done.set(key, lay(widthPt));
    return done.get(key)!;
  };
}
