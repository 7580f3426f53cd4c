/**
 * What the current column of a page holds and where it may end: whether it is still empty, the last
 * place a break is allowed (keep chains, widow and orphan control, keepLines and cantSplit all come
 * down to `Unit.breakAfter`), how far a unit may hang below its bottom, and where a table row must
 * start below the page's floating tables.
 *
 * These read the placed units of the column (those of the current column at or below the region's
 * top, scanned back from the last) and move none of them: taking units back is the paginator's.
 * `collapsed` is the paginator's set of section marks carried onto a page without taking room.
 */
import { dropBelow } from './exclusions';
import type { PageState } from './page-state';
import { FIT_EPS as EPS, type Unit } from './units';

/** Whether the current column holds nothing but spacing and collapsed section marks. */
export function isColumnEmpty(page: PageState, collapsed: ReadonlySet<Unit>): boolean {
  for (let i = page.placed.length - 1; i >= 0; i--) {
    const p = page.placed[i]!;
    if (p.column !== page.column || p.y < page.regionTop - EPS) break;
    if (!p.unit.discardable && !collapsed.has(p.unit)) return false;
  }
  return true;
}

/**
 * Whether the current column holds nothing but `unit`'s table header rows (and spacing): for a unit
 * that splits only where it opens a column, the column then opens with it all the same.
 */
export function onlyHeaderAbove(page: PageState, unit: Unit, collapsed: ReadonlySet<Unit>): boolean {
  const header = unit.repeatHeader;
  if (!header) return false;
  for (let i = page.placed.length - 1; i >= 0; i--) {
    const p = page.placed[i]!;
    if (p.column !== page.column || p.y < page.regionTop - EPS) break;
    if (!p.unit.discardable && !collapsed.has(p.unit) && !header.includes(p.unit)) return false;
  }
  return true;
}

/** Whether the last unit placed in the current column allows a break after it. */
export function breakAllowedHere(page: PageState): boolean {
  const last = page.placed[page.placed.length - 1];
  if (!last || last.column !== page.column || last.y < page.regionTop - EPS) return true;
  return last.unit.breakAfter;
}

/**
 * Index of the last placed unit in the current column after which a break is allowed. Where the
 * column holds no such place (a chain of paragraphs kept with the next, longer than the column),
 * the last paragraph end held only by w:keepNext: Word gives up keeping with the next before it
 * splits a paragraph it keeps together (w:keepLines), and starts the next page with that paragraph
 * (aspose-Different_lists: four keep-with-next headings with keepLines; Word's saved page starts
 * open its page 4 with the fourth, which we had split).
 */
export function lastBreak(page: PageState, collapsed: ReadonlySet<Unit>): number | undefined {
  return lastBreakWhere(page, collapsed, (u) => u.breakAfter) ?? lastBreakWhere(page, collapsed, (u) => u.keptWithNext === true);
}

function lastBreakWhere(page: PageState, collapsed: ReadonlySet<Unit>, allowed: (unit: Unit) => boolean): number | undefined {
  for (let i = page.placed.length - 1; i >= 0; i--) {
    const p = page.placed[i]!;
    if (p.column !== page.column || p.y < page.regionTop - EPS) return undefined;
    if (allowed(p.unit)) {
      // Breaking after only leading spacing would leave the column empty: not a real break.
      let onlySpace = true;
      for (let k = i; k >= 0; k--) {
        const q = page.placed[k]!;
        if (q.column !== page.column || q.y < page.regionTop - EPS) break;
        if (!q.unit.discardable && !collapsed.has(q.unit)) onlySpace = false;
      }
      return onlySpace ? undefined : i;
    }
  }
  return undefined;
}

/** Whether the first of a row's repeated header rows is already in the current column. */
export function headerPlaced(page: PageState, unit: Unit): boolean {
  const first = unit.repeatHeader![0];
  for (let i = page.placed.length - 1; i >= 0; i--) {
    const p = page.placed[i]!;
    if (p.column !== page.column || p.y < page.regionTop - EPS) break;
    if (p.unit === first) return true;
  }
  return false;
}

/** The lowest point reached in the current region: where a continuous section's region starts. */
export function lowestY(page: PageState): number {
  let y = page.y;
  for (const p of page.placed) if (p.y >= page.regionTop - EPS) y = Math.max(y, p.y + p.unit.heightPt);
  return y;
}

/**
 * What of a unit may hang below `bottom`, the bottom of the page's body. The room a line-spacing
 * multiple leaves under a line's text passes the bottom margin but stops at the footer's top: where
 * the footer is taller than the bottom margin leaves room for, its top is the body's bottom and
 * nothing hangs (docx4j-w15RepeatingSection_cf_OpenDoPE: Word moves a 1.15-spaced line whose text
 * ends 0.04 pt above such a footer to the next page, 8 pages as Word's app.xml and all 6 of its
 * page-start marks; hanging there gave 7 pages and 4 of 6). A unit that paints nothing hangs whole,
 * footer or not.
 */
export function hangOf(page: PageState, unit: Unit, bottom: number): number {
  const hang = unit.hangPt ?? 0;
  const floor = page.frame.footerTop;
  if (hang === 0 || unit.paintsNothing || floor === undefined) return hang;
  return Math.min(hang, Math.max(0, floor - bottom));
}

/**
 * Moves the column position below the floating tables a table row would overlap there: a row
 * cannot wrap around them, so the table continues below them, as Word keeps tables apart.
 */
export function belowFloatingTables(page: PageState, unit: Unit, col: { x: number; width: number }): void {
  const tables = page.exclusions.filter((e) => e.owner.excludesRows);
  page.y += dropBelow({ x0: col.x, x1: col.x + col.width, y0: page.y, y1: page.y + unit.heightPt }, tables, EPS);
}
