/**
 * Page flow: the pages laid so far and the advances between them, under the Paginator (paginate.ts,
 * which extends it and decides what goes where). Moving to the next column of a region or opening
 * the next page (its frame from the host, the notes continued onto it), a hard page or column
 * break, what the current and the next column offer a paragraph that asks, and the document's close.
 * Invariant: `cur` is the last of `pages` once a page is open; a page's region is closed when the
 * next page opens, and every page's at `finish`.
 */
import { closeRegion } from './balance';
import { isColumnEmpty } from './column';
import type { Exclusion } from './exclusions';
import { bodyBottom, continueNotes } from './page-notes';
import type { PageNote, PageState, PaginatorHost } from './page-state';
import { newPage } from './page-regions';
import type { Unit } from './units';

/** The pages, and the column and page advances of the Paginator that extends it. */
export class PageFlow {
  readonly pages: PageState[] = [];
  protected section = 0;
  protected cur: PageState | undefined;
  /** Rests of footnotes split at the bottom of the current page, to continue on the next one. */
  protected carry: PageNote[] = [];
  /** The last page a paragraph's page break before opened. */
  protected breakBeforePage: PageState | undefined;
  /** Section marks carried onto the page that replaced theirs: they take no room there. */
  protected readonly collapsed = new Set<Unit>();
  /** Table rows that cannot split, placed at a column's top taller than its room (see clippedRows). */
  protected readonly tallRows = new Set<Unit>();
  /** Other units placed past the column's foot, where nothing of them would move on (see overflowUnits). */
  protected readonly overflowing = new Set<Unit>();

  constructor(protected readonly host: PaginatorHost) {}

  /** The page being filled (opening the first one if needed). */
  get page(): PageState {
    return this.cur ?? this.openPage('hard');
  }

  /**
   * Where a paragraph preceded by `gapPt` of spacing would start in the current column: its top
   * (the spacing vanishes at the top of a column reached by natural flow), the column, and the room
   * left; undefined before the first page opens.
   */
  nextTop(gapPt: number): { top: number; columnX: number; columnWidth: number; room: number; page: PageState; columnEmpty: boolean } | undefined {
    const page = this.cur;
    if (!page) return undefined;
    const col = page.frame.columns[page.column] ?? page.frame.columns[0]!;
    const columnEmpty = isColumnEmpty(page, this.collapsed);
    const gap = columnEmpty && page.startedBy === 'natural' ? 0 : gapPt;
    const top = page.y + gap;
    return { top, columnX: col.x, columnWidth: col.width, room: bodyBottom(this.host, page) - top, page, columnEmpty };
  }

  /**
   * Where a unit that does not fit here would start: the top of the next column of this page (beside
   * the page's floats), or of a new page laid out like this one (no body floats there yet; its header
   * and footer floats taken to be this page's). Leading space is dropped there, as a natural break
   * drops it.
   */
  nextColumnTop(): { top: number; columnX: number; columnWidth: number; room: number; page: PageState; exclusions: readonly Exclusion[]; newPage: boolean } | undefined {
    const page = this.cur;
    if (!page) return undefined;
    const cols = page.frame.columns;
    if (page.column + 1 < cols.length) {
      const top = page.regionTop;
      const col = cols[page.column + 1]!;
      return { top, columnX: col.x, columnWidth: col.width, room: bodyBottom(this.host, page) - top, page, exclusions: page.exclusions, newPage: false };
    }
    const top = page.frame.bodyTop;
    return { top, columnX: cols[0]!.x, columnWidth: cols[0]!.width, room: page.frame.bodyBottom - top, page, exclusions: page.frame.chromeExclusions ?? [], newPage: true };
  }

  /** Starts a new page unless the current one is still empty (w:pageBreakBefore). */
  breakPageIfNotEmpty(): void {
    const page = this.page;
    if (page.hasContent) this.breakBeforePage = this.openPage('hard');
    else page.startedBy = 'hard';
  }

  /** Starts a new column or page (hard break). */
  breakColumn(): void {
    this.nextColumn('hard');
  }

  /**
   * How many table rows that cannot split (w:cantSplit, an exact height, turned cells) were taller
   * than their page's body: Word cuts such a row at the page's foot and goes on with the next row,
   * so what lies below is not seen (the layout warns, `layout/row-clipped`).
   */
  get clippedRows(): number {
    return this.tallRows.size;
  }

  /**
   * How many other units were placed past their column's foot by more than a point of slack, because
   * a column opening with them had no room for less of them: a line or object taller than the page,
   * a row left a point or less under repeated header rows, a row part whose first line is taller
   * than the room. Their content is drawn over the bottom margin, or cut at the page's edge (the
   * layout warns, `layout/overflow`).
   */
  get overflowUnits(): number {
    return this.overflowing.size;
  }

  /** Closes the document: the last page stays open for callers to read; returns all pages. */
  finish(): PageState[] {
    // A note continued from the last page needs a page of its own.
    if (!this.cur || this.carry.length > 0) this.openPage('hard');
    for (const page of this.pages) closeRegion(page, false);
    return this.pages;
  }

  /** Moves to the next column of the region, or opens a page after the last one. */
  protected nextColumn(startedBy: 'natural' | 'hard'): void {
    const page = this.page;
    if (page.column + 1 < page.frame.columns.length) {
      page.column++;
      page.y = page.regionTop;
      page.startedBy = startedBy;
      return;
    }
    this.openPage(startedBy);
  }

  /**
   * Closes the current page's region and opens the next page: its frame from the host, its header's
   * and footer's float areas, and the notes continued onto it first.
   */
  protected openPage(startedBy: 'natural' | 'hard'): PageState {
    if (this.cur) closeRegion(this.cur, false);
    const index = this.pages.length;
    const page = newPage(index, this.section, this.host.openFrame(this.section, index), startedBy);
    this.pages.push(page);
    this.cur = page;
    this.carry = continueNotes(this.host, page, this.carry);
    return page;
  }
}
