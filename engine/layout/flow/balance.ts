/**
 * Column balancing (§17.6.4): a section of several columns that ends in a continuous break has its
 * columns made even, as Word does.
 */
import type { PageState, PlacedUnit, Region } from './page-state';
import { FIT_EPS as EPS, reflowHead, type Unit } from './units';

/**
 * Records the bottom of the page's last region (its lowest unit that is not spacing), balancing its
 * columns first when asked: a continuous section break balances the region it ends, a page that
 * closes does not.
 */
export function closeRegion(page: PageState, balance: boolean): void {
  const region = page.regions[page.regions.length - 1];
  if (!region) return;
  if (balance && region.columns.length > 1) balanceRegion(page, region);
  let bottom = region.top;
  for (let i = region.firstUnit; i < page.placed.length; i++) {
    const p = page.placed[i]!;
    if (!p.unit.discardable) bottom = Math.max(bottom, p.y + p.unit.heightPt);
  }
  region.bottom = bottom;
}

/**
 * Balances a region's columns: the lowest column height at which the region's units, in order, fill
 * the columns (spacing vanishing at column tops), found by bisection, then the units are re-placed.
 * Columns of unequal widths (w:equalWidth="0") lay out again the units that change width (Unit.reflow).
 */
function balanceRegion(page: PageState, region: Region): void {
  const placed = page.placed.slice(region.firstUnit);
  if (placed.length < 2) return;
  const units = placed.map((p) => p.unit);
  let total = 0;
  let tallest = 0;
  for (const u of units) {
    total += u.heightPt;
    tallest = Math.max(tallest, u.heightPt);
  }
  // A region that starts past the first column (after a next-column break) balances the columns it has.
  const skip = region.firstColumn ?? 0;
  const columns = region.columns.slice(skip);
  const n = columns.length;
  if (n < 2) return;
  const equal = columns.every((c) => Math.abs(c.width - columns[0]!.width) <= EPS);
  const fits = (h: number) => fill(units, columns, h) !== undefined;
  // Lines broken again in a wider column take less height: the even share is no lower bound then.
  let lo = equal ? Math.max(tallest, total / n) : 0;
  let hi = total + 1;
  if (!fits(hi)) return;
  for (let k = 0; k < 30 && hi - lo > 0.25; k++) {
    const mid = (lo + hi) / 2;
    if (fits(mid)) hi = mid;
    else lo = mid;
  }
  const plan = fill(units, columns, hi)!;
  const kept: PlacedUnit[] = plan.map((slot) => ({ unit: slot.unit, column: skip + slot.column, x: columns[slot.column]!.x, y: region.top + slot.y }));
  page.placed.splice(region.firstUnit, placed.length, ...kept);
  page.column = 0;
  let bottom = region.top;
  for (const p of kept) bottom = Math.max(bottom, p.y + p.unit.heightPt);
  page.y = bottom;
}

/** A unit set in a column at a height while balancing. */
interface Slot {
  readonly unit: Unit;
  readonly column: number;
  readonly y: number;
}

/**
 * Fills the columns to height h with the units, each laid out for the column it lands in; undefined
 * if they do not fit. Spacing at a column top, or not fitting at a column's foot, vanishes. A column
 * break (w:br w:type="column", §17.3.3.1) ends its column whatever room is left, as it does outside
 * balancing: the text after it starts the next column.
 */
function fill(units: readonly Unit[], columns: Region['columns'], h: number): Slot[] | undefined {
  const out: Slot[] = [];
  const queue = units.slice();
  let column = 0;
  let y = 0;
  let guard = 0;
  while (queue.length > 0) {
    if (++guard > 100_000) return undefined;
    if (reflowHead(queue, columns[column]!.width)) continue;
    const u = queue[0]!;
    if (y > 0 && y + u.heightPt > h + EPS && !u.discardable) {
      column++;
      y = 0;
      if (column >= columns.length) return undefined;
      continue;
    }
    queue.shift();
    if (u.discardable && (y === 0 || y + u.heightPt > h + EPS)) continue;
    out.push({ unit: u, column, y });
    y += u.heightPt;
    if (u.forceBreak === 'column' && queue.length > 0) {
      column++;
      y = 0;
      if (column >= columns.length) return undefined;
    }
  }
  return out;
}
