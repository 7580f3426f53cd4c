/**
 * Opening pages and column regions: a new page's state, a section going on on the same page (a
 * continuous break's region below the content, a next-column break's next column, each with the
 * section's frame), and spacing at the top of a region, which parts it from the text above.
 * These change only the page they are given; the paginator decides when each happens.
 */
import { closeRegion } from './balance';
import { lowestY } from './column';
import { bodyBottom } from './page-notes';
import type { PageFrame, PageState, PaginatorHost } from './page-state';
import { FIT_EPS as EPS, type Unit } from './units';

/**
 * The owner of a page's header and footer exclusions and of the floats the pass before placed above
 * their paragraphs: no body unit, so taking units back keeps them.
 */
const CHROME: Unit = { kind: 'block', heightPt: 0, breakAfter: true, emit: () => undefined };

/**
 * A new page's state: its frame from the host, its first region at the body's top, and its header's
 * and footer's float areas (and the floats the pass before placed) owned by no body unit.
 */
export function newPage(index: number, section: number, frame: PageFrame, startedBy: 'natural' | 'hard'): PageState {
  return {
    index,
    section,
    frame,
    placed: [],
    notes: [],
    regionTop: frame.bodyTop,
    column: 0,
    y: frame.bodyTop,
    startedBy,
    hasContent: false,
    regions: [{ section, top: frame.bodyTop, bottom: frame.bodyTop, columns: frame.columns, firstUnit: 0 }],
    exclusions: [...(frame.chromeExclusions ?? []), ...(frame.earlyExclusions ?? [])].map((e) => ({ ...e, owner: CHROME })),
  };
}

/** A continuous section break on `page`: section `index`'s region opens below what the page holds. */
export function openContinuousRegion(page: PageState, frame: PageFrame, index: number): void {
  // Word balances the columns of a section that ends in a continuous break (§17.6.4).
  closeRegion(page, true);
  const lowest = lowestY(page);
  adoptSectionFrame(page, frame);
  page.regionTop = lowest;
  page.column = 0;
  page.y = lowest;
  page.regions.push({ section: index, top: lowest, bottom: lowest, columns: frame.columns, firstUnit: page.placed.length });
}

/** A next-column section break on `page`: section `index` opens at the top of the next column. */
export function openNextColumnRegion(page: PageState, frame: PageFrame, index: number): void {
  closeRegion(page, false);
  adoptSectionFrame(page, frame);
  page.column++;
  page.y = page.regionTop;
  page.startedBy = 'hard';
  page.regions.push({ section: index, top: page.regionTop, bottom: page.regionTop, columns: frame.columns, firstUnit: page.placed.length, firstColumn: page.column });
}

/**
 * Whether spacing at the top of a column vanishes: at a column reached by natural flow, and where
 * it opens a continuous section below content, which it parts from the text above: the region,
 * all its columns, then starts below it (Word's render of Docx4j_GettingStarted).
 */
export function spacingAtColumnTop(host: PaginatorHost, page: PageState, unit: Unit): boolean {
  const region = page.regions[page.regions.length - 1]!;
  if (page.column === 0 && region.firstUnit === page.placed.length && region.top > page.frame.bodyTop + EPS) {
    const top = Math.min(region.top + unit.heightPt, bodyBottom(host, page));
    region.top = top;
    region.bottom = Math.max(region.bottom, top);
    page.regionTop = top;
    page.y = Math.max(page.y, top);
    return true;
  }
  return page.startedBy === 'natural';
}

/** True when two frames are for pages of one size (a section may then go on on the same page). */
export function samePageSize(a: PageFrame, b: PageFrame): boolean {
  return a.widthPt === b.widthPt && a.heightPt === b.heightPt;
}

/**
 * Gives a page a section's frame when the section goes on on that page (continuous and next-column
 * breaks): its columns and the rest, with the page's own body top and bottom and header/footer exclusions.
 */
export function adoptSectionFrame(page: PageState, frame: PageFrame): void {
  const { chromeExclusions: chrome, earlyExclusions: early } = page.frame;
  page.frame = { ...frame, bodyTop: page.frame.bodyTop, bodyBottom: page.frame.bodyBottom, ...(chrome ? { chromeExclusions: chrome } : {}), ...(early ? { earlyExclusions: early } : {}) };
}
