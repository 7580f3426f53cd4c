/**
 * Paginate: fills columns and pages with units, honouring break permissions.
 *
 * When a unit does not fit, the paginator looks back in the current column for the last unit after
 * which a break is allowed and moves everything after it to the next column — this one rule
 * implements widow/orphan control, keepLines, keepNext and cantSplit. If no break is allowed
 * anywhere in the column (a keep chain longer than a page), it gives up the weakest keep first
 * (keep-with-next, `Unit.keptWithNext`), and else breaks where it is, as Word does. Column balancing
 * before a continuous section break is in balance.ts.
 */
import { dropBelow, type Exclusion } from './exclusions';
import { balanceRegion } from './balance';
import { balanceNotes, type NotePiece } from './note-columns';
import { FIT_EPS as EPS, reflowHead, type NoteCall, type Unit } from './units';

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
}

/** An open or closed page. */
export interface PageState {
  readonly index: number;
  readonly section: number;
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
   * The columns of the page's footnote area: the body's columns where its first note came (notes
   * are laid out at the first one's width; see note-columns.ts). Unset while it has no notes.
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
}

/** What the paginator needs from the document layout. */
export interface PaginatorHost {
  /** Opens a page for a section (computes margins, header and footer heights). */
  openFrame(section: number, pageIndex: number): PageFrame;
  /** Height a note takes at the bottom of a page, or undefined if there is no such note. */
  noteHeight(call: NoteCall, frame: PageFrame): number | undefined;
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
  noteCuts?(call: NoteCall, frame: PageFrame): readonly number[];
  /**
   * The number an opened page prints (w:pgNumType/@w:start restarts included); without it, the
   * page's position. Odd and even section breaks go by it, as in Word.
   */
  pageNumber?(pageIndex: number): number;
  /** Forgets an opened page (its number, header and footer) that the paginator takes back. */
  discardPage?(pageIndex: number): void;
}

/** The owner of a page's header and footer exclusions: no body unit, so taking units back keeps them. */
const CHROME: Unit = { kind: 'block', heightPt: 0, breakAfter: true, emit: () => undefined };

/** Body room a page keeps free of notes continued onto it (about a line). */
const MIN_BODY_PT = 12;

/** Fills pages with units. */
export class Paginator {
  readonly pages: PageState[] = [];
  private section = 0;
  private cur: PageState | undefined;
  /** Rests of footnotes split at the bottom of the current page, to continue on the next one. */
  private carry: PageNote[] = [];
  /** The page the current section opened (a section break that starts a page). */
  private sectionPage: PageState | undefined;
  /** The last page a paragraph's page break before opened. */
  private breakBeforePage: PageState | undefined;
  /** Section marks carried onto the page that replaced theirs: they take no room there. */
  private readonly collapsed = new Set<Unit>();
  /** Units waiting to be placed, in order (a unit that did not fit is back at the head). */
  private readonly queue: Unit[] = [];

  constructor(private readonly host: PaginatorHost) {}

  /** The page being filled (opening the first one if needed). */
  get page(): PageState {
    return this.cur ?? this.openPage('hard');
  }

  /** Starts a section: `nextPage`/`evenPage`/`oddPage` open a new page, `continuous` a new column region. */
  startSection(index: number, type: 'nextPage' | 'continuous' | 'evenPage' | 'oddPage' | 'nextColumn'): void {
    this.section = index;
    if (!this.cur) {
      this.sectionPage = this.openPage('hard');
      return;
    }
    if (type === 'continuous' || type === 'nextColumn') {
      const page = this.cur;
      const frame = this.host.openFrame(index, page.index);
      if (frame.widthPt !== page.frame.widthPt || frame.heightPt !== page.frame.heightPt) {
        this.openPage('hard');
        return;
      }
      // Word balances the columns of a section that ends in a continuous break (§17.6.4).
      this.closeRegion(page, true);
      const lowest = this.lowestY(page);
      const chrome = page.frame.chromeExclusions;
      page.frame = { ...frame, bodyTop: page.frame.bodyTop, bodyBottom: page.frame.bodyBottom, ...(chrome ? { chromeExclusions: chrome } : {}) };
      page.regionTop = lowest;
      page.column = 0;
      page.y = lowest;
      page.regions.push({ section: index, top: lowest, bottom: lowest, columns: frame.columns, firstUnit: page.placed.length });
      return;
    }
    this.openPageForSection();
    if (type === 'evenPage' || type === 'oddPage') {
      // Word decides by the printed number: a section restarting at 1 after page 3 needs no blank page.
      const index = this.cur!.index;
      const number = this.host.pageNumber?.(index) ?? index + 1;
      if ((number % 2 === 0) !== (type === 'evenPage')) this.openPage('hard');
    }
  }

  /**
   * Opens the first page of a section that starts on a new page. A page that holds nothing but the
   * previous section's empty closing paragraph, pushed there by its own page break before or by not
   * fitting above the margin, is taken back and reopened for the new section: the mark paints
   * nothing, and Word sets the two sections on adjacent pages (aspose-Rendering: Word's 5 pages,
   * its TOC numbers). The mark stays at the page top without taking room (its bookmarks land there).
   * A mark that a manual page break put on its page keeps it, as Word keeps a page break followed by
   * a next-page section break as a blank page.
   */
  private openPageForSection(): void {
    const stale = this.cur!;
    // Reached by a page or column break before the mark, the page stays: Word keeps that blank page.
    const byMark = stale.startedBy === 'natural' || stale === this.breakBeforePage;
    const onlyMarks =
      byMark && stale !== this.sectionPage && stale.notes.length === 0 && stale.placed.some((p) => p.unit.sectionMark) && stale.placed.every((p) => p.unit.sectionMark || p.unit.discardable);
    if (!onlyMarks) {
      this.sectionPage = this.openPage('hard');
      return;
    }
    this.pages.pop();
    this.cur = undefined;
    this.host.discardPage?.(stale.index);
    const page = this.openPage('hard');
    this.sectionPage = page;
    for (const p of stale.placed) {
      if (p.unit.discardable) continue;
      page.placed.push({ unit: p.unit, column: 0, x: p.x, y: page.y });
      this.collapsed.add(p.unit);
    }
  }

  /** Places a unit, breaking columns and pages as needed. */
  push(unit: Unit): void {
    this.pushAll([unit]);
  }

  /**
   * Places a block's units in order. A unit landing in a column of another width than it was laid
   * out for is laid out again there, with the block's units after it (Unit.reflow): a block's units
   * that may be laid out again go in one call, so that the re-laid ones replace all those after it.
   */
  pushAll(units: readonly Unit[]): void {
    const queue = this.queue;
    queue.push(...units);
    let guard = 0;
    while (queue.length > 0) {
      if (++guard > 100_000) throw new Error('pagination did not converge');
      const page = this.page;
      const col = page.frame.columns[page.column] ?? page.frame.columns[0]!;
      if (reflowHead(queue, col.width)) continue;
      const rest = this.tryPlace(queue.shift()!);
      if (rest) queue.unshift(rest);
    }
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
    const columnEmpty = this.columnEmpty(page);
    const gap = columnEmpty && page.startedBy === 'natural' ? 0 : gapPt;
    const top = page.y + gap;
    return { top, columnX: col.x, columnWidth: col.width, room: this.bottom(page) - top, page, columnEmpty };
  }

  /**
   * Where a unit that does not fit here would start: the top of the next column of this page (beside
   * the page's floats), or of a new page laid out like this one (no body floats there yet; its header
   * and footer floats taken to be this page's). Leading space is dropped there, as a natural break
   * drops it.
   */
  nextColumnTop(): { top: number; columnX: number; columnWidth: number; room: number; page: PageState; exclusions: readonly Exclusion[] } | undefined {
    const page = this.cur;
    if (!page) return undefined;
    const cols = page.frame.columns;
    if (page.column + 1 < cols.length) {
      const top = page.regionTop;
      const col = cols[page.column + 1]!;
      return { top, columnX: col.x, columnWidth: col.width, room: this.bottom(page) - top, page, exclusions: page.exclusions };
    }
    const top = page.frame.bodyTop;
    return { top, columnX: cols[0]!.x, columnWidth: cols[0]!.width, room: page.frame.bodyBottom - top, page, exclusions: page.frame.chromeExclusions ?? [] };
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

  /** Closes the document: the last page stays open for callers to read; returns all pages. */
  finish(): PageState[] {
    // A note continued from the last page needs a page of its own.
    if (!this.cur || this.carry.length > 0) this.openPage('hard');
    for (const page of this.pages) this.closeRegion(page, false);
    return this.pages;
  }

  /** Records the bottom of the page's last region, balancing its columns first when asked. */
  private closeRegion(page: PageState, balance: boolean): void {
    const region = page.regions[page.regions.length - 1];
    if (!region) return;
    if (balance && region.columns.length > 1) balanceRegion(page, region);
    let bottom = region.top;
    for (let i = region.firstUnit; i < page.placed.length; i++) {
      const p = page.placed[i]!;
      if (!p.unit.discardable) bottom = Math.max(bottom, p.y + p.unit.heightPt);
    }
    region.bottom = bottom;
  }

  private tryPlace(unit: Unit): Unit | undefined {
    const page = this.page;
    const col = page.frame.columns[page.column] ?? page.frame.columns[0]!;
    const columnEmpty = this.columnEmpty(page);
    if (unit.discardable && columnEmpty) {
      const region = page.regions[page.regions.length - 1]!;
      if (page.column === 0 && region.firstUnit === page.placed.length && region.top > page.frame.bodyTop + EPS) {
        // Spacing that opens a continuous section below content parts the section from the text
        // above: the region, all its columns, starts below it (Word's render of Docx4j_GettingStarted).
        const top = Math.min(region.top + unit.heightPt, this.bottom(page));
        region.top = top;
        region.bottom = Math.max(region.bottom, top);
        page.regionTop = top;
        page.y = Math.max(page.y, top);
        return undefined;
      }
      if (page.startedBy === 'natural') return undefined;
    }
    if (unit.kind === 'row' && page.exclusions.length > 0) this.belowFloatingTables(page, unit, col);
    if (columnEmpty && unit.repeatHeader && !this.headerPlaced(page, unit)) {
      for (const h of unit.repeatHeader) this.place(page, h, col.x, []);
    }
    // A table row opening the column draws its top border whole (a shared border is half its own).
    if (unit.headPt && this.columnEmpty(page)) page.y += unit.headPt;
    const room = this.bottom(page) - page.y;
    const notes = this.newNotes(page, unit);
    if (unit.inline && (unit.reachPt ?? 0) + notes.total > room + EPS) {
      // A floating table that does not fit below its anchor breaks across pages as its rows, inline.
      this.queue.unshift(...unit.inline);
      return undefined;
    }
    const need = unit.heightPt + notes.total;
    const mustMove = unit.startsColumn === true && !columnEmpty;
    // Balanced notes growing into the text of the columns already filled: as Word does, those
    // columns give up their last lines to make room, and the text flows on from there.
    const reach = notes.list.length > 0 ? this.notesReachFilledColumns(page, notes.total) : undefined;
    const retaken = reach !== undefined ? this.makeNoteRoom(page, reach, notes.total) : undefined;
    if (retaken) {
      this.queue.unshift(...retaken, unit);
      return undefined;
    }
    const blocked = reach !== undefined;
    if (blocked && columnEmpty) {
      this.nextColumn('natural');
      return unit;
    }
    if (!blocked && !mustMove && (need + (unit.tailPt ?? 0) - this.hangOf(page, unit) <= room + EPS || (columnEmpty && !unit.split))) {
      this.place(page, unit, col.x, notes.list);
      return undefined;
    }
    const continued = !blocked && !mustMove && notes.list.length > 0 ? this.splitNotes(page, unit, notes.list, room) : undefined;
    if (continued) {
      // The unit fits but its notes do not: Word keeps the reference on this page with as much of
      // its notes as fits (at least a line) and continues the rest at the foot of the next page.
      this.place(page, unit, col.x, continued.here);
      this.carry.push(...continued.rest);
      return undefined;
    }
    if (unit.discardable && this.breakAllowedHere(page)) {
      // Spacing that does not fit hangs below the margin: the column simply ends here (and the
      // spacing vanishes at the top of the next one).
      this.nextColumn('natural');
      return undefined;
    }
    if (!blocked && !mustMove && unit.split && room - notes.total > 1 && (!unit.splitsOnlyAtTop || columnEmpty)) {
      const parts = unit.split(room - notes.total);
      if (parts) {
        this.place(page, parts[0], col.x, notes.list);
        this.nextColumn('natural');
        return parts[1];
      }
    }
    if (columnEmpty) {
      this.place(page, unit, col.x, notes.list);
      return undefined;
    }
    const j = this.lastBreak(page);
    if (j === undefined) {
      this.nextColumn('natural');
      return unit;
    }
    const moved = this.takeAfter(page, j);
    this.nextColumn('natural');
    this.queue.unshift(...moved, unit);
    return undefined;
  }

  /**
   * Moves the column position below the floating tables a table row would overlap there: a row
   * cannot wrap around them, so the table continues below them, as Word keeps tables apart.
   */
  private belowFloatingTables(page: PageState, unit: Unit, col: { x: number; width: number }): void {
    const tables = page.exclusions.filter((e) => e.owner.excludesRows);
    page.y += dropBelow({ x0: col.x, x1: col.x + col.width, y0: page.y, y1: page.y + unit.heightPt }, tables, EPS);
  }

  private headerPlaced(page: PageState, unit: Unit): boolean {
    const first = unit.repeatHeader![0];
    for (let i = page.placed.length - 1; i >= 0; i--) {
      const p = page.placed[i]!;
      if (p.column !== page.column || p.y < page.regionTop - EPS) break;
      if (p.unit === first) return true;
    }
    return false;
  }

  /** Whether the last unit placed in the current column allows a break after it. */
  private breakAllowedHere(page: PageState): boolean {
    const last = page.placed[page.placed.length - 1];
    if (!last || last.column !== page.column || last.y < page.regionTop - EPS) return true;
    return last.unit.breakAfter;
  }

  /**
   * Splits the new notes of a unit that fits without them: whole notes while they fit, then the
   * first that does not is cut after its last line that fits (a break allowed there); it and the
   * notes after it continue on the next page. Undefined when not even a line of the first fits.
   */
  private splitNotes(page: PageState, unit: Unit, list: ReadonlyArray<{ call: NoteCall; heightPt: number }>, room: number): { here: PageNote[]; rest: PageNote[] } | undefined {
    if (!this.host.noteCuts || unit.discardable) return undefined;
    let avail = room - unit.heightPt - (unit.tailPt ?? 0) - (this.noteArea(page, page.notes) === 0 ? this.host.noteSeparatorPt : 0);
    const here: PageNote[] = [];
    const rest: PageNote[] = [];
    for (const n of list) {
      if (rest.length > 0) {
        rest.push({ ...n, owner: unit });
        continue;
      }
      if (n.heightPt <= avail + EPS) {
        here.push({ ...n, owner: unit });
        avail -= n.heightPt;
        continue;
      }
      const cut = this.noteCut(n.call, page.frame, 0, n.heightPt, avail);
      if (cut <= 0) {
        if (here.length === 0) return undefined;
        rest.push({ ...n, owner: unit });
        continue;
      }
      here.push({ call: n.call, heightPt: cut, owner: unit });
      rest.push({ call: n.call, heightPt: n.heightPt - cut, owner: unit, fromPt: cut });
    }
    return rest.length > 0 ? { here, rest } : undefined;
  }

  /**
   * The length of the longest piece of a note's story, from `from` on and shorter than the `height`
   * left of it, that ends after a line allowing a break and fits in `avail`; 0 when none does.
   */
  private noteCut(call: NoteCall, frame: PageFrame, from: number, height: number, avail: number): number {
    let cut = 0;
    for (const c of this.host.noteCuts?.(call, frame) ?? []) if (c - from > EPS && c - from <= avail + EPS && c < from + height - EPS) cut = c - from;
    return cut;
  }

  private place(page: PageState, unit: Unit, x: number, notes: ReadonlyArray<{ call: NoteCall; heightPt: number; fromPt?: number; column?: number }>): void {
    page.placed.push({ unit, column: page.column, x, y: page.y });
    if (notes.length > 0) page.noteColumns ??= page.frame.noteColumns ?? page.frame.columns;
    if (unit.exclusions) for (const e of unit.exclusions(x, page.y, page.exclusions)) page.exclusions.push({ ...e, owner: unit });
    page.y += unit.heightPt;
    for (const n of notes) page.notes.push({ ...n, owner: unit });
    if (!unit.discardable) page.hasContent = true;
    if (unit.forceBreak === 'page') this.openPage('hard');
    else if (unit.forceBreak === 'column') this.nextColumn('hard');
  }

  private newNotes(page: PageState, unit: Unit): { total: number; list: Array<{ call: NoteCall; heightPt: number; column?: number }> } {
    if (!unit.notes || unit.notes.length === 0) return { total: 0, list: [] };
    const list: Array<{ call: NoteCall; heightPt: number; column?: number }> = [];
    let total = page.notes.length === 0 ? this.host.noteSeparatorPt : 0;
    const same = (a: NoteCall) => (b: { call: NoteCall }) => b.call.id === a.id && b.call.noteType === a.noteType;
    const frame = this.noteFrame(page);
    const columns = frame.columns.length > 1;
    for (const call of unit.notes) {
      if (call.noteType !== 'footnote') continue;
      // Several references to one note id (a damaged file: ids are unique in Word's) print it once a page.
      if (page.notes.some(same(call)) || list.some(same(call))) continue;
      const h = this.host.noteHeight(call, frame);
      if (h === undefined) continue;
      list.push(columns ? { call, heightPt: h, column: page.column } : { call, heightPt: h });
      total += h;
    }
    if (list.length === 0) return { total: 0, list };
    if (!columns) return { total, list };
    // In columns the area grows by what the new notes add to this column's notes or to the balance.
    const after = this.noteArea(page, [...page.notes, ...list.map((n) => ({ ...n, owner: unit }))]);
    const reserve = page.noteReserve ?? 0;
    return { total: Math.max(after, reserve) - Math.max(this.noteArea(page, page.notes), reserve), list };
  }

  /** The frame a page's notes are laid out for: its columns are those of the footnote area. */
  private noteFrame(page: PageState): PageFrame {
    const cols = page.noteColumns ?? page.frame.noteColumns;
    return !cols || cols === page.frame.columns ? page.frame : { ...page.frame, columns: cols };
  }

  /** Notes at the foot of their reference's column: Word 2010 and earlier, unless the section sets the area's columns. */
  private perColumn(page: PageState): boolean {
    return this.host.notesPerColumn === true && !page.frame.noteColumns;
  }

  /**
   * The height of the footnote area the current column ends on, separator included (0 without
   * notes): on a page of one column every note; in columns, balanced across them (Word 2013 on), or
   * the notes of the current column (`notesPerColumn`).
   */
  private noteArea(page: PageState, notes: readonly PageNote[]): number {
    if (notes.length === 0) return 0;
    const frame = this.noteFrame(page);
    const columns = frame.columns.length;
    const perColumn = this.perColumn(page);
    const mine = columns > 1 && perColumn ? notes.filter((n) => (n.column ?? 0) === page.column) : notes;
    if (mine.length === 0) return 0;
    let h = this.host.noteSeparatorPt;
    if (columns > 1 && !perColumn) return h + balanceNotes(this.notePieces(mine, frame), columns).heightPt;
    for (const n of mine) h += n.heightPt;
    return h;
  }

  /** Notes as pieces to balance: each slice with the places inside it where it may continue in the next column. */
  private notePieces(notes: readonly PageNote[], frame: PageFrame): NotePiece[] {
    return notes.map((n) => {
      const from = n.fromPt ?? 0;
      const cuts: number[] = [];
      for (const c of this.host.noteCuts?.(n.call, frame) ?? []) if (c - from > EPS && c - from < n.heightPt - EPS) cuts.push(c - from);
      return { heightPt: n.heightPt, cuts };
    });
  }

  /**
   * The index of the first unit of the columns of this region already filled (left of the current
   * one) that balanced notes growing by `growth` would reach into; undefined when none.
   */
  private notesReachFilledColumns(page: PageState, growth: number): number | undefined {
    if (page.column === 0 || this.perColumn(page) || this.noteFrame(page).columns.length <= 1 || growth <= EPS) return undefined;
    const bottom = this.bottom(page) - growth;
    let first: number | undefined;
    for (let i = page.placed.length - 1; i >= 0; i--) {
      const p = page.placed[i]!;
      if (p.y < page.regionTop - EPS) break;
      if (p.column < page.column && !p.unit.discardable && p.y + p.unit.heightPt - (p.unit.hangPt ?? 0) > bottom + EPS) first = i;
    }
    return first;
  }

  /**
   * Keeps the grown note area free on this page (`noteReserve`) and takes back the units from
   * `from` on, to be placed again above it; undefined when the area would leave no room for text.
   */
  private makeNoteRoom(page: PageState, from: number, growth: number): Unit[] | undefined {
    const area = page.frame.bodyBottom - this.bottom(page) + growth;
    if (page.frame.bodyBottom - area < page.regionTop + MIN_BODY_PT) return undefined;
    const column = page.placed[from]!.column;
    page.noteReserve = area;
    const moved = this.takeAfter(page, from - 1);
    page.column = column;
    return moved;
  }

  /**
   * What of a unit may hang below the bottom of the page's body. The room a line-spacing multiple
   * leaves under a line's text passes the bottom margin but stops at the footer's top: where the
   * footer is taller than the bottom margin leaves room for, its top is the body's bottom and nothing
   * hangs (docx4j-w15RepeatingSection_cf_OpenDoPE: Word moves a 1.15-spaced line whose text ends 0.04
   * pt above such a footer to the next page, 8 pages as Word's app.xml and all 6 of its page-start
   * marks; hanging there gave 7 pages and 4 of 6). A unit that paints nothing hangs whole, footer or not.
   */
  private hangOf(page: PageState, unit: Unit): number {
    const hang = unit.hangPt ?? 0;
    const floor = page.frame.footerTop;
    if (hang === 0 || unit.paintsNothing || floor === undefined) return hang;
    return Math.min(hang, Math.max(0, floor - this.bottom(page)));
  }

  private bottom(page: PageState): number {
    if (page.notes.length === 0 && page.noteReserve === undefined) return page.frame.bodyBottom;
    if (this.noteFrame(page).columns.length > 1) return page.frame.bodyBottom - Math.max(this.noteArea(page, page.notes), page.noteReserve ?? 0);
    let h = this.host.noteSeparatorPt;
    for (const n of page.notes) h += n.heightPt;
    return page.frame.bodyBottom - h;
  }

  private columnEmpty(page: PageState): boolean {
    for (let i = page.placed.length - 1; i >= 0; i--) {
      const p = page.placed[i]!;
      if (p.column !== page.column || p.y < page.regionTop - EPS) break;
      if (!p.unit.discardable && !this.collapsed.has(p.unit)) return false;
    }
    return true;
  }

  /**
   * Index of the last placed unit in the current column after which a break is allowed. Where the
   * column holds no such place (a chain of paragraphs kept with the next, longer than the column),
   * the last paragraph end held only by w:keepNext: Word gives up keeping with the next before it
   * splits a paragraph it keeps together (w:keepLines), and starts the next page with that paragraph
   * (aspose-Different_lists: four keep-with-next headings with keepLines; Word's saved page starts
   * open its page 4 with the fourth, which we had split).
   */
  private lastBreak(page: PageState): number | undefined {
    return this.lastBreakWhere(page, (u) => u.breakAfter) ?? this.lastBreakWhere(page, (u) => u.keptWithNext === true);
  }

  private lastBreakWhere(page: PageState, allowed: (unit: Unit) => boolean): number | undefined {
    for (let i = page.placed.length - 1; i >= 0; i--) {
      const p = page.placed[i]!;
      if (p.column !== page.column || p.y < page.regionTop - EPS) return undefined;
      if (allowed(p.unit)) {
        // Breaking after only leading spacing would leave the column empty: not a real break.
        let onlySpace = true;
        for (let k = i; k >= 0; k--) {
          const q = page.placed[k]!;
          if (q.column !== page.column || q.y < page.regionTop - EPS) break;
          if (!q.unit.discardable && !this.collapsed.has(q.unit)) onlySpace = false;
        }
        return onlySpace ? undefined : i;
      }
    }
    return undefined;
  }

  private takeAfter(page: PageState, j: number): Unit[] {
    const moved = page.placed.splice(j + 1);
    const units = moved.map((m) => m.unit);
    const gone = new Set(units);
    for (let i = page.notes.length - 1; i >= 0; i--) if (gone.has(page.notes[i]!.owner)) page.notes.splice(i, 1);
    this.carry = this.carry.filter((n) => !gone.has(n.owner));
    for (let i = page.exclusions.length - 1; i >= 0; i--) if (gone.has(page.exclusions[i]!.owner)) page.exclusions.splice(i, 1);
    page.y = moved.length > 0 ? moved[0]!.y : page.y;
    page.hasContent = page.placed.some((p) => !p.unit.discardable && !this.collapsed.has(p.unit));
    return units;
  }

  private lowestY(page: PageState): number {
    let y = page.y;
    for (const p of page.placed) if (p.y >= page.regionTop - EPS) y = Math.max(y, p.y + p.unit.heightPt);
    return y;
  }

  private nextColumn(startedBy: 'natural' | 'hard'): void {
    const page = this.page;
    if (page.column + 1 < page.frame.columns.length) {
      page.column++;
      page.y = page.regionTop;
      page.startedBy = startedBy;
      return;
    }
    this.openPage(startedBy);
  }

  private openPage(startedBy: 'natural' | 'hard'): PageState {
    if (this.cur) this.closeRegion(this.cur, false);
    const index = this.pages.length;
    const frame = this.host.openFrame(this.section, index);
    const page: PageState = {
      index,
      section: this.section,
      frame,
      placed: [],
      notes: [],
      regionTop: frame.bodyTop,
      column: 0,
      y: frame.bodyTop,
      startedBy,
      hasContent: false,
      regions: [{ section: this.section, top: frame.bodyTop, bottom: frame.bodyTop, columns: frame.columns, firstUnit: 0 }],
      exclusions: (frame.chromeExclusions ?? []).map((e) => ({ ...e, owner: CHROME })),
    };
    this.pages.push(page);
    this.cur = page;
    this.continueNotes(page);
    return page;
  }

  /**
   * Places the notes continued from the previous page at the top of this page's note area, before
   * its own notes; what still does not fit (leaving a line of body) continues again.
   */
  private continueNotes(page: PageState): void {
    const carried = this.carry;
    this.carry = [];
    if (carried.length > 0) page.noteColumns = page.frame.noteColumns ?? page.frame.columns;
    let avail = page.frame.bodyBottom - page.frame.bodyTop - this.host.noteSeparatorPt - MIN_BODY_PT;
    for (const n of carried) {
      if (this.carry.length > 0) {
        this.carry.push(n);
        continue;
      }
      const from = n.fromPt ?? 0;
      // Cut again after its last line that fits; a page too small for even one line takes it whole.
      const cut = n.heightPt > avail + EPS ? this.noteCut(n.call, page.frame, from, n.heightPt, avail) || n.heightPt : n.heightPt;
      // A continued note starts the footnote area, in its first column.
      const { column: _column, ...note } = n;
      page.notes.push(cut < n.heightPt ? { ...note, heightPt: cut } : note);
      avail -= cut;
      if (cut < n.heightPt) this.carry.push({ ...n, heightPt: n.heightPt - cut, fromPt: from + cut });
    }
  }

}
