/**
 * Body blocks → pages: the page each top-level body block starts on, found from the units a pass
 * placed (for PAGEREF, bookmarks and the TOC in the next pass).
 *
 * A unit is known by its block through a weak map, keyed so that re-layouts of one unit share the
 * entry (blockKey); nothing here holds a unit past its page.
 */
import type { PageState } from './flow/paginate';
import type { Unit } from './flow/units';

/**
 * A unit's key in the unit → block map: a unit that may be laid out again for a column of another
 * width (Unit.reflow) is known by its block's reflow object, which its re-layouts share, so they need
 * no entries (nor copies) of their own. The map is weak: re-layouts the paginator dropped go with it
 * (a strong map kept every one, 320 of the 750 MiB live in a 43-page hostile file).
 */
export function blockKey(unit: Unit): object {
  return unit.reflow?.block ?? unit;
}

/**
 * Per top-level block: the first page holding one of its units (blocks split into new units take their
 * predecessor's page). Spacing counts only for a block that has nothing else: a heading's space before
 * can stay at the foot of a page its text moved on from, and the heading (and a bookmark in it, which
 * PAGEREF and a TOC print) is on the page its text opens, as in Word's TOC of Docx4j_GettingStarted.
 */
export function blockPagesOf(pages: readonly PageState[], unitBlock: WeakMap<object, number>, count: number): number[] {
  const out: number[] = new Array<number>(count);
  const spacingOnly: number[] = new Array<number>(count);
  for (const page of pages) {
    for (const p of page.placed) {
      const serial = unitBlock.get(blockKey(p.unit));
      if (serial === undefined) continue;
      const seen = p.unit.discardable ? spacingOnly : out;
      if (seen[serial] === undefined) seen[serial] = page.index;
    }
  }
  for (let i = 0; i < count; i++) out[i] ??= spacingOnly[i]!;
  let last = 0;
  for (let i = 0; i < count; i++) {
    if (out[i] === undefined) out[i] = last;
    else last = out[i]!;
  }
  return out;
}
