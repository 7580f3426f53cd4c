/**
 * Page decorations drawn outside the text flow: page borders (w:pgBorders, §17.6.10) and the lines
 * between columns (w:cols/@w:sep, §17.6.4).
 */
import type { Border, LayoutItem, PageBorders, SectionProps } from '../model';
import type { PageState } from './flow/paginate';
import { borderLines, shadowLines, shadowRoom as borderShadowRoom } from './border-lines';

/** Page borders of a page, or nothing when the section has none or its display rule skips this page. */
export function pageBorderItems(s: SectionProps, page: PageState, firstOfSection: boolean, area: { left: number; right: number }): LayoutItem[] {
  const b = s.pageBorders;
  if (!b || !shown(b, firstOfSection)) return [];
  const W = page.frame.widthPt;
  const H = page.frame.heightPt;
  // w:space is the distance from the page edge (offsetFrom="page") or from the text (offsetFrom="text").
  const fromPage = b.offsetFrom === 'page';
  const top = fromPage ? (b.top?.spacePt ?? 0) : page.frame.bodyTop - (b.top?.spacePt ?? 0);
  const bottom = fromPage ? H - (b.bottom?.spacePt ?? 0) : page.frame.bodyBottom + (b.bottom?.spacePt ?? 0);
  const left = fromPage ? (b.left?.spacePt ?? 0) : area.left - (b.left?.spacePt ?? 0);
  const right = fromPage ? W - (b.right?.spacePt ?? 0) : area.right + (b.right?.spacePt ?? 0);
  const out: LayoutItem[] = [];
  const line = (x1: number, y1: number, x2: number, y2: number, border: Border | undefined) => {
    // Art borders (apples, mapleMuffins… §17.18.2) are rows of Word's own pictures, which we do not
    // have: they are left out (document.ts warns, see hasArtPageBorder) rather than drawn as a solid bar
    // as wide as the art (w:sz, points).
    if (!border || border.widthPt <= 0 || border.style === 'art') return;
    out.push(...borderLines(x1, y1, x2, y2, border));
  };
  // Each line is drawn inside the rectangle by half its width, so borders meet at the corners. A
  // shadowed right or bottom side (w:shadow) is a border twice as thick, the shadow its outer half
  // (Microsoft KB Q120451: "a 3-point shadow line has a 3-point shadow, giving the border line a total
  // thickness of 6 points"), so the box itself ends that much further in, as LibreOffice draws it.
  const boxRight = right - shadowRoom(b.right);
  const boxBottom = bottom - shadowRoom(b.bottom);
  line(left, top + half(b.top), boxRight, top + half(b.top), b.top);
  line(left, boxBottom - half(b.bottom), boxRight, boxBottom - half(b.bottom), b.bottom);
  line(left + half(b.left), top, left + half(b.left), boxBottom, b.left);
  line(boxRight - half(b.right), top, boxRight - half(b.right), boxBottom, b.right);
  if (b.right && shadowRoom(b.right) > 0) out.push(...shadowLines(boxRight - half(b.right), top, boxRight - half(b.right), boxBottom, b.right));
  if (b.bottom && shadowRoom(b.bottom) > 0) out.push(...shadowLines(left, boxBottom - half(b.bottom), boxRight, boxBottom - half(b.bottom), b.bottom));
  return out;
}

function half(b: Border | undefined): number {
  return b ? b.widthPt / 2 : 0;
}

/** The width a side's shadow takes: its border's width when w:shadow is on and the side is drawn (art borders are not). */
function shadowRoom(b: Border | undefined): number {
  return b?.style === 'art' ? 0 : borderShadowRoom(b);
}

function shown(b: PageBorders, firstOfSection: boolean): boolean {
  if (b.display === 'firstPage') return firstOfSection;
  if (b.display === 'notFirstPage') return !firstOfSection;
  return true;
}

/** Lines between the columns of each column region of a page that asks for them. */
export function columnSeparatorItems(page: PageState, sections: readonly { readonly props: SectionProps }[]): LayoutItem[] {
  const out: LayoutItem[] = [];
  for (const region of page.regions) {
    const s = sections[region.section]?.props;
    if (!s || !s.columns.separator || region.columns.length < 2 || region.bottom <= region.top) continue;
    for (let i = 0; i + 1 < region.columns.length; i++) {
      const a = region.columns[i]!;
      const b = region.columns[i + 1]!;
      const x = (a.x + a.width + b.x) / 2;
      out.push({ kind: 'line', x1: x, y1: region.top, x2: x, y2: region.bottom, width: 0.5, color: '000000' });
    }
  }
  return out;
}

/** Whether a section's page borders include an art border, which is not drawn. */
export function hasArtPageBorder(s: SectionProps): boolean {
  const b = s.pageBorders;
  return !!b && [b.top, b.left, b.bottom, b.right].some((x) => x?.style === 'art');
}
