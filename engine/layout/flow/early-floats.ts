/**
 * Floats that reach above their own paragraph: a wrapping float placed higher on its page than the
 * top of the paragraph it is anchored in (a negative offset from the paragraph, or a position
 * relative to the page or margin) covers lines of earlier paragraphs that were laid out before it
 * was known. Word wraps every line of the page around it, earlier ones included; the paginator
 * places units in order, so a pass records these areas per page and the next pass starts each page
 * with them (`PageFrame.earlyExclusions`), as it does with a header's floats. Passes run until the
 * areas a pass records are those it started with (`runPasses`).
 */
import type { Exclusion } from './exclusions';
import type { PageState } from './page-state';

/** Per page index: the areas of floats above their own paragraph's top on it (undefined: none). */
export type EarlyFloats = ReadonlyArray<readonly Exclusion[] | undefined>;

/** Below this, a float's top counts as level with its paragraph's (layout noise, not a placement). */
const EPS_PT = 0.5;

/**
 * The wrapping float areas of each page that start above the top of the unit that placed them,
 * reach into the page's body and reach down beside units placed before that one (the others change
 * nothing, and would cost a pass); undefined when no page has any. Only floats whose place does not
 * depend on their paragraph's (`Exclusion.fixed`) count: one a fixed distance above its paragraph
 * would move down with it as the earlier text moved below it, a loop that has no resting place.
 * Floating tables are left out: their rows move below other tables rather than wrap, and earlier
 * text keeps its place beside them.
 */
export function earlyFloatsOf(pages: readonly PageState[]): EarlyFloats | undefined {
  let out: Array<Exclusion[] | undefined> | undefined;
  pages.forEach((page, index) => {
    if (page.exclusions.length === 0) return;
    const tops = new Map(page.placed.map((p) => [p.unit, p.y] as const));
    for (const { owner, ...area } of page.exclusions) {
      const top = tops.get(owner);
      if (top === undefined || !area.fixed || owner.excludesRows || area.y0 >= top - EPS_PT || area.y1 <= page.frame.bodyTop) continue;
      // Only beside something placed before its paragraph does it change the page.
      if (!page.placed.some((p) => p.y < top - EPS_PT && p.y + p.unit.heightPt > area.y0 + EPS_PT)) continue;
      out ??= [];
      (out[index] ??= []).push(area);
    }
  });
  return out;
}

/** Whether two passes' early floats are the same areas on the same pages (to a hundredth of a point). */
export function sameEarlyFloats(a: EarlyFloats | undefined, b: EarlyFloats | undefined): boolean {
  return key(a) === key(b);
}

function key(floats: EarlyFloats | undefined): string {
  if (!floats) return '';
  return JSON.stringify(floats, (_, v: unknown) => (typeof v === 'number' ? Math.round(v * 100) : v));
}
