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
import type { Unit } from './units';

/** A float's area above its own paragraph, with the top-level body block (serial) that placed it. */
export type EarlyFloat = Exclusion & { readonly block?: number };

/** Per page index: the areas of floats above their own paragraph's top on it (undefined: none). */
export type EarlyFloats = ReadonlyArray<readonly EarlyFloat[] | undefined>;

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
export function earlyFloatsOf(pages: readonly PageState[], blockOf: (unit: Unit) => number | undefined): EarlyFloats | undefined {
  let out: Array<EarlyFloat[] | undefined> | undefined;
  pages.forEach((page, index) => {
    if (page.exclusions.length === 0) return;
    const tops = new Map(page.placed.map((p) => [p.unit, p.y] as const));
    for (const { owner, ...area } of page.exclusions) {
      const top = tops.get(owner);
      if (top === undefined || !area.fixed || owner.excludesRows || area.y0 >= top - EPS_PT || area.y1 <= page.frame.bodyTop) continue;
      // Only beside something placed before its paragraph does it change the page.
      if (!page.placed.some((p) => p.y < top - EPS_PT && p.y + p.unit.heightPt > area.y0 + EPS_PT)) continue;
      out ??= [];
      const block = blockOf(owner);
      (out[index] ??= []).push(block === undefined ? area : { ...area, block });
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

/**
 * Blocks the early floats of the pass before (`started`) pushed off their page: started on page p
 * with its floats' areas, the block that places them now begins on a later page (the earlier lines,
 * wrapping around them, filled the page). Laid out without them again, the block would come back and
 * the passes would swing between the two layouts for ever (oxsdk-Complex01's cover page, anchored in
 * a paragraph at a page's foot and placed from the page's top). Word and LibreOffice settle with the
 * block on the next page, the floats with it, and the page before without their holes: the next pass
 * starts such a block on a new page (serial → the first page index it may begin on). Kept from pass to
 * pass (`held`), so the layout they lead to is a fixed point.
 */
export function pushedBlocks(started: EarlyFloats | undefined, blockPages: readonly number[], held: PushedBlocks | undefined): PushedBlocks | undefined {
  let out: Record<number, number> | undefined = held ? { ...held } : undefined;
  started?.forEach((areas, page) => {
    for (const area of areas ?? []) {
      const block = area.block;
      if (block === undefined || (blockPages[block] ?? page) <= page) continue;
      out ??= {};
      out[block] = Math.max(out[block] ?? 0, page + 1);
    }
  });
  return out;
}

/**
 * The early floats less those of blocks pushed to a new page on that page: the block opens the page
 * in the next pass, so nothing is placed before it there (its floats being early this pass came from
 * its own paragraph's lines still held on the page before).
 */
export function withoutPushed(floats: EarlyFloats | undefined, pushed: PushedBlocks | undefined): EarlyFloats | undefined {
  if (!floats || !pushed) return floats;
  let any = false;
  const out = floats.map((areas, page) => {
    const kept = areas?.filter((a) => a.block === undefined || pushed[a.block] !== page);
    if (kept && kept.length > 0) any = true;
    return kept && kept.length > 0 ? kept : undefined;
  });
  return any ? out : undefined;
}

/** Top-level body block serial → the first page index it may begin on (see pushedBlocks). */
export type PushedBlocks = Readonly<Record<number, number>>;

/** Whether two passes push the same blocks to the same pages. */
export function samePushedBlocks(a: PushedBlocks | undefined, b: PushedBlocks | undefined): boolean {
  return JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});
}
