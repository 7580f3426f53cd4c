/**
 * Page frames: margins, gutter, columns, and the header and footer of each page (§17.10).
 *
 * The header starts w:pgMar/@w:header below the page top; when it is taller than the top margin
 * leaves room for, the body starts below it, half the page down at most (the same for the footer
 * from the bottom). A page with no header keeps its top margin whatever the header distance. A negative top or bottom margin is "exact": the body keeps it whatever the
 * header's height.
 */
import type { HeaderFooterRefs, SectionProps } from '../model';
import type { Story } from './blocks';
import type { PageFrame } from './flow/paginate';

/** The header or footer chosen for a page. */
export interface PageStory {
  readonly part: string;
  readonly story: Story;
}

/** Which header/footer reference applies to a page (§17.10.1 titlePg, §17.15.1.35 evenAndOddHeaders). */
export function chooseRef(refs: HeaderFooterRefs, firstOfSection: boolean, titlePage: boolean, evenPage: boolean, evenAndOdd: boolean): string | undefined {
  if (firstOfSection && titlePage) return refs.first;
  if (evenAndOdd && evenPage) return refs.even;
  return refs.default;
}

/** Horizontal extent of the page's text area, honouring the gutter and mirrored margins. */
export function textArea(s: SectionProps, evenPage: boolean, mirror: boolean, gutterAtTop: boolean): { left: number; right: number } {
  let left = s.margins.left;
  let right = s.margins.right;
  if (mirror && evenPage) [left, right] = [right, left];
  if (!gutterAtTop) {
    if (mirror && evenPage) right += s.margins.gutter;
    else left += s.margins.gutter;
  }
  return { left, right: s.pageWidthPt - right };
}

/** Builds the frame of a page from its section and the heights of its header and footer. */
export function buildFrame(s: SectionProps, area: { left: number; right: number }, headerHeightPt: number, footerHeightPt: number, gutterAtTop: boolean): PageFrame {
  const H = s.pageHeightPt;
  const m = s.margins;
  const topMargin = (gutterAtTop ? m.gutter : 0) + m.top;
  // A header or footer pushes the body back by at most half the page (a hostile header of
  // thousands of lines left 36 pt of body below the page's foot, two lines a page, thousands of pages).
  // A page without a header (no part, the height 0) keeps its top margin even where w:pgMar/@w:header
  // lies below it: w:pgMar/@w:top (§17.6.11) puts the text at the greater of the margin and the extent
  // of the header text, and there is none (the same for the footer at the bottom).
  const bodyTop = topMargin < 0 ? -topMargin : headerHeightPt > 0 ? Math.max(topMargin, Math.min(m.header + headerHeightPt, H / 2)) : topMargin;
  const bodyBottom = m.bottom < 0 ? H + m.bottom : footerHeightPt > 0 ? Math.min(H - m.bottom, Math.max(H - m.footer - footerHeightPt, H / 2)) : H - m.bottom;
  return {
    widthPt: s.pageWidthPt,
    heightPt: H,
    bodyTop,
    bodyBottom: Math.max(bodyBottom, bodyTop + 36),
    ...(footerHeightPt > 0 && m.bottom >= 0 ? { footerTop: H - m.footer - footerHeightPt } : {}),
    columns: columnsOf(s, area.left, area.right - area.left),
    // w15:footnoteColumns: the footnote area's own count of equal columns, the text's column space apart.
    ...(s.footnoteColumns ? { noteColumns: columnsOf({ ...s, columns: { count: s.footnoteColumns, spacePt: s.columns.spacePt, separator: false } }, area.left, area.right - area.left) } : {}),
  };
}

/** Column boxes of a section (w:cols, §17.6.4). */
export function columnsOf(s: SectionProps, left: number, width: number): Array<{ x: number; width: number }> {
  const c = s.columns;
  if (c.widths && c.widths.length > 0) {
    const out: Array<{ x: number; width: number }> = [];
    let x = left;
    for (const col of c.widths) {
      out.push({ x, width: col.widthPt });
      x += col.widthPt + col.spacePt;
    }
    return out;
  }
  const n = Math.max(1, Math.min(45, Math.floor(c.count)));
  if (n === 1) return [{ x: left, width }];
  const w = (width - c.spacePt * (n - 1)) / n;
  return Array.from({ length: n }, (_, i) => ({ x: left + i * (w + c.spacePt), width: Math.max(1, w) }));
}
