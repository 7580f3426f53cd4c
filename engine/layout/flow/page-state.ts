/**
 * The paginator's state and its contract with the document layout: the pages it fills, where each
 * unit went, the notes at each page's foot, and what it asks of its host. Types only, shared by
 * paginate.ts and the modules it delegates to (balance.ts, page-notes.ts, column.ts), so that none
 * of them imports the Paginator to know a page's shape.
 */
import type { Exclusion } from './exclusions';
import type { NoteCall, Unit } from './units';

/** Geometry of one page's body, decided when the page opens. */
export interface PageFrame {
  readonly widthPt: number;
  readonly heightPt: number;
  readonly bodyTop: number;
  readonly bodyBottom: number;
  /**
   * Top of the page's footer when it has one (and the bottom margin is not exact): blank room under a
   * line's text may hang below the body's bottom, but not into the footer.
   */
  readonly footerTop?: number;
  /** Columns: left edge and width. */
  readonly columns: ReadonlyArray<{ readonly x: number; readonly width: number }>;
  /** Columns of the footnote area when the section sets their count (w15:footnoteColumns); absent: the text's. */
  readonly noteColumns?: ReadonlyArray<{ readonly x: number; readonly width: number }>;
  /** Areas of the header's and footer's wrapping floats and frames: the body wraps around them too. */
  readonly chromeExclusions?: readonly Exclusion[];
  /**
   * Areas of the body's floats the pass before placed above their own paragraphs on this page
   * (early-floats.ts): all the page's lines wrap around them, earlier paragraphs' too.
   */
  readonly earlyExclusions?: readonly Exclusion[];
}

/** A unit with its final position. */
export interface PlacedUnit {
  readonly unit: Unit;
  readonly column: number;
  readonly x: number;
  readonly y: number;
}

/** A band of the page with one column layout (a continuous section break starts a new one). */
export interface Region {
  readonly section: number;
  top: number;
  /** Lowest point reached by the region's content (set when the region or page closes). */
  bottom: number;
  readonly columns: ReadonlyArray<{ readonly x: number; readonly width: number }>;
  /** Index in `placed` of the region's first unit. */
  readonly firstUnit: number;
  /** The column its first unit is in (a section after a next-column break starts past the first; absent: 0). */
  readonly firstColumn?: number;
}

/** An open or closed page. */
export interface PageState {
  readonly index: number;
  /** The section the page belongs to (a blank parity page is given back to the section before). */
  section: number;
  frame: PageFrame;
  readonly placed: PlacedUnit[];
  /** Notes placed at the bottom of this page, in order, with their laid-out heights (or slices of them). */
  readonly notes: PageNote[];
  /** Column regions: continuous section breaks start a new region lower on the page. */
  regionTop: number;
  column: number;
  y: number;
  /** How the current column was reached: a natural break drops leading space. */
  startedBy: 'natural' | 'hard';
  /** Whether the page holds anything but discardable space. */
  hasContent: boolean;
  readonly regions: Region[];
  /** Areas of wrapping floats placed on this page, which later body lines wrap around. */
  readonly exclusions: Array<Exclusion & { readonly owner: Unit }>;
  /**
   * The columns of the page's footnote area: the body's columns where its first note came (each
   * note laid out at the width `PageNote.widthPt` says; see page-notes.ts). Unset while it has no notes.
   */
  noteColumns?: ReadonlyArray<{ readonly x: number; readonly width: number }>;
  /**
   * Room kept for balanced notes whose growth took lines back from the columns already filled (the
   * text is placed again above it); the area is at least this tall.
   */
  noteReserve?: number;
}

/**
 * A footnote at the bottom of a page: the whole note, or the slice of its story from `fromPt` on,
 * `heightPt` tall, when it does not fit whole and continues across pages (ECMA-376 §17.11.1:
 * the continuation follows the continuationSeparator on the next page).
 */
export interface PageNote {
  readonly call: NoteCall;
  readonly heightPt: number;
  /** The unit that references the note (a continuation keeps the unit of the page it started on). */
  readonly owner: Unit;
  /** Where this slice starts in the note's story (absent: the whole note from its top). */
  readonly fromPt?: number;
  /** The body column its reference is in (absent: the first; a continued note's is the first). */
  readonly column?: number;
  /** The width its story is laid out at (`fromPt` and `heightPt` are offsets in that layout). */
  readonly widthPt: number;
}

/** What the paginator needs from the document layout. */
export interface PaginatorHost {
  /** Opens a page for a section (computes margins, header and footer heights). */
  openFrame(section: number, pageIndex: number): PageFrame;
  /** Height a note laid out `widthPt` wide takes at the bottom of a page, or undefined if there is no such note. */
  noteHeight(call: NoteCall, widthPt: number): number | undefined;
  /** Height of the separator line area above the first note of a page. */
  readonly noteSeparatorPt: number;
  /**
   * On a page of several columns, each note goes at the foot of the column holding its reference
   * (Word 2010 and earlier, compatibilityMode < 15) instead of the notes being balanced across
   * the columns of the page's footnote area (Word 2013 on).
   */
  readonly notesPerColumn?: boolean;
  /**
   * Offsets in a note's story (ascending, between 0 and its height) where it may be split across
   * pages: after each of its lines that allows a break. Without it notes are never split.
   */
  noteCuts?(call: NoteCall, widthPt: number): readonly number[];
  /**
   * The number an opened page prints (w:pgNumType/@w:start restarts included); without it, the
   * page's position. Odd and even section breaks go by it, as in Word.
   */
  pageNumber?(pageIndex: number): number;
  /**
   * Different odd and even headers and footers (w:evenAndOddHeaders, §17.10.1): a page-starting
   * section whose first page number has the parity of the page before it gets a blank page between
   * them, so that odd and even pages keep alternating.
   */
  readonly alternatesPages?: boolean;
  /** Forgets an opened page (its number, header and footer) that the paginator takes back. */
  discardPage?(pageIndex: number): void;
}
