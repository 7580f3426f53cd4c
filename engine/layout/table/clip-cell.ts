/**
 * Inline pictures wider than their table cell: Word keeps an autofit column at its saved width for
 * a picture (grid.ts) and shows only the part of the picture inside the cell, cut at the cell's
 * edges, so it neither covers the next cell's text nor runs over its border (oxpt-WC023: a 170 pt
 * picture in a 155.9 pt cell; LibreOffice cuts it at the cell's border too). Text is not cut here:
 * a word too wide for its cell is broken or widens the column before it is drawn.
 */
import type { ImageItem, LayoutItem } from '../../model';

/** Below this a picture counts as inside the cell: measurement noise. */
const EPS_PT = 0.01;

/**
 * Puts each upright picture among `items[from..]` that reaches past `left` or `right` (the cell's
 * edges, page x) in a group clipped to the cell's width, in place.
 */
export function clipCellPictures(items: LayoutItem[], from: number, left: number, right: number): void {
  for (let k = from; k < items.length; k++) {
    const item = items[k]!;
    if (item.kind !== 'image' || item.rotationDeg || !overflows(item, left, right)) continue;
    const x = Math.max(left, item.x);
    const w = Math.min(right, item.x + item.w) - x;
    if (w <= 0) continue;
    items[k] = { kind: 'group', clip: { x, y: item.y, w, h: item.h }, items: [item] };
  }
}

function overflows(item: ImageItem, left: number, right: number): boolean {
  return item.x < left - EPS_PT || item.x + item.w > right + EPS_PT;
}
