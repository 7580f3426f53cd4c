/**
 * Column balancing (§17.6.4): a section of several columns that ends in a continuous break has its
 * columns made even, as Word does.
 */
import type { PageState, PlacedUnit, Region } from './paginate';
import { FIT_EPS as EPS } from './units';

/**
 * Balances a region's columns: the lowest column height at which the region's units, in order, fill
 * the columns (spacing vanishing at column tops), found by bisection, then the units are re-placed.
 */
export function balanceRegion(page: PageState, region: Region): void {
  const units = page.placed.slice(region.firstUnit);
  if (units.length < 2) return;
  let total = 0;
  let tallest = 0;
  for (const p of units) {
    total += p.unit.heightPt;
    tallest = Math.max(tallest, p.unit.heightPt);
  }
  const n = region.columns.length;
  const fits = (h: number) => fill(units, n, h) !== undefined;
  let lo = Math.max(tallest, total / n);
  let hi = total + 1;
  if (!fits(hi)) return;
  for (let k = 0; k < 30 && hi - lo > 0.25; k++) {
    const mid = (lo + hi) / 2;
    if (fits(mid)) hi = mid;
    else lo = mid;
  }
  const plan = fill(units, n, hi)!;
  const kept: PlacedUnit[] = [];
  plan.forEach((slot, i) => {
    if (!slot) return;
    const col = region.columns[slot.column]!;
    kept.push({ unit: units[i]!.unit, column: slot.column, x: col.x, y: region.top + slot.y });
  });
  page.placed.splice(region.firstUnit, units.length, ...kept);
  page.column = 0;
  let bottom = region.top;
  for (const p of kept) bottom = Math.max(bottom, p.y + p.unit.heightPt);
  page.y = bottom;
}

/** Fills n columns of height h with the units; undefined if they do not fit. Spacing at a column top vanishes. */
function fill(units: readonly PlacedUnit[], n: number, h: number): Array<{ column: number; y: number } | undefined> | undefined {
  const out: Array<{ column: number; y: number } | undefined> = [];
  let column = 0;
  let y = 0;
  for (const p of units) {
    const u = p.unit;
    if (y > 0 && y + u.heightPt > h + EPS && !u.discardable) {
      column++;
      y = 0;
      if (column >= n) return undefined;
    }
    if (u.discardable && (y === 0 || y + u.heightPt > h + EPS)) {
      out.push(undefined);
      continue;
    }
    out.push({ column, y });
    y += u.heightPt;
  }
  return out;
}
