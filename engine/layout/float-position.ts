/**
 * Float positioning: where a floating object (wp:anchor) goes from its anchor (§20.4.2.10 positionH,
 * §20.4.2.11 positionV) relative to the page, margin, column or paragraph.
 */
import type { FloatAnchor } from '../model';
import type { SinkPage } from './emit/sink';

/** Page geometry floats are positioned against (the sink's, which places them). */
export type PageGeometry = SinkPage;

/** A page's geometry for placing floats: its size, the margins of its body area, and whether its number is even. */
export function pageGeometry(frame: { widthPt: number; heightPt: number; bodyTop: number; bodyBottom: number }, area: { left: number; right: number }, pageNumber: number): PageGeometry {
  return {
    widthPt: frame.widthPt,
    heightPt: frame.heightPt,
    marginLeft: area.left,
    marginRight: frame.widthPt - area.right,
    marginTop: frame.bodyTop,
    marginBottom: frame.heightPt - frame.bodyBottom,
    ...(pageNumber % 2 === 0 ? { evenPage: true } : {}),
  };
}

/**
 * Whether a margin a float is placed or sized from is the page's left one (ST_RelFromH,
 * §20.4.3.4; ST_SizeRelFromH, [MS-ODRAWXML] 2.18.4.2): the inside margin is the left one on odd
 * pages and the right one on even pages, the outside margin the other (the page's geometry already
 * swaps the margins of w:mirrorMargins).
 */
export function isLeftMargin(page: PageGeometry, margin: 'leftMargin' | 'rightMargin' | 'insideMargin' | 'outsideMargin'): boolean {
  if (margin === 'leftMargin' || margin === 'rightMargin') return margin === 'leftMargin';
  return (margin === 'insideMargin') !== (page.evenPage === true);
}

/**
 * Whether a margin a float is placed or sized from is the page's top one (ST_RelFromV, §20.4.3.5;
 * ST_SizeRelFromV): the inside margin is the top one on odd pages and the bottom one on even pages.
 */
export function isTopMargin(page: PageGeometry, margin: 'topMargin' | 'bottomMargin' | 'insideMargin' | 'outsideMargin'): boolean {
  if (margin === 'topMargin' || margin === 'bottomMargin') return margin === 'topMargin';
  return (margin === 'insideMargin') !== (page.evenPage === true);
}

/** Where a floating object's top-left corner goes, from its anchor and the anchoring paragraph. */
export function floatPosition(
  anchor: FloatAnchor,
  w: number,
  h: number,
  page: PageGeometry,
  column: { x: number; width: number },
  paragraphTop: number,
): { x: number; y: number } {
  const hz = anchor.horizontal;
  const [left, width] = horizontalBand(hz.relativeTo, page, column);
  let x = left + (hz.offsetPct !== undefined ? hz.offsetPct * width : (hz.offsetPt ?? 0));
  if (hz.align === 'center') x = left + (width - w) / 2;
  else if (hz.align === 'right' || hz.align === 'outside') x = left + width - w;
  else if (hz.align === 'left' || hz.align === 'inside') x = left;
  let y = positionedTop(anchor, h, page, paragraphTop);
  // Word keeps a float that text wraps around on its page: one that would hang off the bottom edge
  // moves up until it ends there (one placed from its paragraph where that paragraph cannot move
  // on to the next page: hangsOffPage and context.ts floatsPushParagraph), one placed
  // above the top edge (a large negative offset from its paragraph) moves down to start there, and
  // the top wins for one taller than the page. A float without wrapping stays where its position
  // puts it (measured in Word by a peer project, openooxml/betteroffice #628).
  if (anchor.wrap !== 'none') y = Math.max(0, Math.min(y, page.heightPt - h));
  return { x, y };
}

/**
 * Whether a float `h` tall that text wraps around, placed from its paragraph or line (§20.4.3.5
 * ST_RelFromV) with the paragraph's top at `paragraphTop`, would hang off the bottom edge of the page.
 */
export function hangsOffPage(anchor: FloatAnchor, h: number, page: PageGeometry, paragraphTop: number): boolean {
  const from = anchor.vertical.relativeTo;
  if (anchor.wrap === 'none' || (from !== 'paragraph' && from !== 'line')) return false;
  return positionedTop(anchor, h, page, paragraphTop) + h > page.heightPt + 0.05;
}

/** The top of a float `h` tall where its vertical position (§20.4.2.11 positionV) puts it. */
function positionedTop(anchor: FloatAnchor, h: number, page: PageGeometry, paragraphTop: number): number {
  const vt = anchor.vertical;
  const [top, height] = verticalBand(vt.relativeTo, page, paragraphTop);
  if (vt.align === 'center') return top + (height - h) / 2;
  if (vt.align === 'bottom' || vt.align === 'outside') return top + height - h;
  if (vt.align === 'top' || vt.align === 'inside') return top;
  return top + (vt.offsetPct !== undefined ? vt.offsetPct * (height || page.heightPt) : (vt.offsetPt ?? 0));
}

/**
 * The horizontal band a float is positioned in (ST_RelFromH, §20.4.3.4), or sized from (ST_SizeRelFromH,
 * [MS-ODRAWXML] 2.18.4.2): its left edge and width.
 */
export function horizontalBand(relativeTo: FloatAnchor['horizontal']['relativeTo'], page: PageGeometry, column: { x: number; width: number }): readonly [number, number] {
  switch (relativeTo) {
    case 'page':
      return [0, page.widthPt];
    case 'leftMargin':
    case 'rightMargin':
    case 'insideMargin':
    case 'outsideMargin':
      return isLeftMargin(page, relativeTo) ? [0, page.marginLeft] : [page.widthPt - page.marginRight, page.marginRight];
    case 'column':
    case 'character':
      return [column.x, column.width];
    default:
      return [page.marginLeft, page.widthPt - page.marginLeft - page.marginRight];
  }
}

/**
 * The vertical band a float is positioned in (ST_RelFromV, §20.4.3.5), or sized from (ST_SizeRelFromV):
 * its top and height (0 from a paragraph or line).
 */
export function verticalBand(relativeTo: FloatAnchor['vertical']['relativeTo'], page: PageGeometry, paragraphTop: number): readonly [number, number] {
  switch (relativeTo) {
    case 'page':
      return [0, page.heightPt];
    case 'topMargin':
    case 'bottomMargin':
    case 'insideMargin':
    case 'outsideMargin':
      return isTopMargin(page, relativeTo) ? [0, page.marginTop] : [page.heightPt - page.marginBottom, page.marginBottom];
    case 'paragraph':
    case 'line':
      return [paragraphTop, 0];
    default:
      return [page.marginTop, page.heightPt - page.marginTop - page.marginBottom];
  }
}
