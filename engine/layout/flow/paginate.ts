/**
 * Paginate: fills columns and pages with units, honouring break permissions.
 *
 * When a unit does not fit, the paginator looks back in the current column for the last unit after
 * which a break is allowed and moves everything after it to the next column — this one rule
 * implements widow/orphan control, keepLines, keepNext and cantSplit. If no break is allowed
 * anywhere in the column (a keep chain longer than a page), it gives up the weakest keep first
 * (keep-with-next, `Unit.keptWithNext`), and else breaks where it is, as Word does.
 *
 * This file holds the Paginator's state machine: the unit queue (with re-layout of units that land
 * in a column of another width, unit-queue.ts), fitting a unit, and the section advances; the
 * column and page advances are PageFlow's (page-flow.ts), which it extends. The questions it asks are answered elsewhere, each its own concern: what the
 * current column holds and where it may break (column.ts), the footnote area's height, a unit's
 * notes and their continuation (page-notes.ts), column balancing before a continuous section break
 * (balance.ts), a new page's state and a section's region opening on the same page (page-regions.ts),
 * and the shapes of pages and the host (page-state.ts, re-exported here).
 */
import { belowFloatingTables, breakAllowedHere, hangOf, headerPlaced, isColumnEmpty, lastBreak, onlyHeaderAbove } from './column';
import { bodyBottom, MIN_BODY_PT, newNotes, notesReachFilledColumns, splitNotes, type NewNote } from './page-notes';
import type { PageNote, PageState, PaginatorHost } from './page-state';
import { openContinuousRegion, openNextColumnRegion, samePageSize, spacingAtColumnTop } from './page-regions';
import { PageFlow } from './page-flow';
import { UnitQueue } from './unit-queue';
import { FIT_EPS as EPS, type Unit } from './units';

export type { PageFrame, PageNote, PageState, PaginatorHost, PlacedUnit, Region } from './page-state';

/** Fills pages with units. */
export class Paginator extends PageFlow {
  /** The page the current section opened (a section break that starts a page). */
  private sectionPage: PageState | undefined;
  /** Units waiting to be placed, in order (a unit that did not fit is back at the head). */
  private readonly queue = new UnitQueue();

  /**
   * Starts a section: `nextPage`/`evenPage`/`oddPage` open a new page, `continuous` a new column
   * region, `nextColumn` the next column (see startInNextColumn).
   */
  startSection(index: number, type: 'nextPage' | 'continuous' | 'evenPage' | 'oddPage' | 'nextColumn'): void {
    const before = this.section;
    this.section = index;
    if (!this.cur) {
      this.sectionPage = this.openPage('hard');
      return;
    }
    if (type === 'nextColumn' && this.startInNextColumn(index)) return;
    if (type === 'continuous') {
      const page = this.cur;
      const frame = this.host.openFrame(index, page.index);
      if (!samePageSize(frame, page.frame)) {
        this.openPage('hard');
        return;
      }
      openContinuousRegion(page, frame, index);
      return;
    }
    this.openPageForSection();
    const page = this.cur!;
    const number = this.host.pageNumber?.(page.index) ?? page.index + 1;
    // Word decides by the printed number: a section restarting at 1 after page 3 needs no blank page,
    // unless odd and even pages differ (w:evenAndOddHeaders), where a page numbered 1 after page 3
    // would put two odd pages side by side: Word leaves a blank even page between them (Microsoft KB
    // Q198592: "a blank page prints between the two pages where an even page is expected").
    const wrongParity = (type === 'evenPage' || type === 'oddPage') && (number % 2 === 0) !== (type === 'evenPage');
    const previous = page.index > 0 ? (this.host.pageNumber?.(page.index - 1) ?? page.index) : undefined;
    const sameParity = this.host.alternatesPages === true && previous !== undefined && previous % 2 === number % 2;
    if (wrongParity || sameParity) this.leaveBlank(page, before);
  }

  /**
   * Makes `page`, opened for the current section on a page of the wrong parity, the blank page an
   * odd- or even-page section break leaves (§17.18.77), and opens the section's first page after it.
   * The blank page goes on the section before (its numbering, headers and footers), so the section's
   * first page, with its first-page header and footer (w:titlePg), is the one its text starts on;
   * before, the blank page took the first-page header and the chapter's first page the default one.
   */
  private leaveBlank(page: PageState, before: number): void {
    this.host.discardPage?.(page.index);
    page.section = before;
    page.frame = this.host.openFrame(before, page.index);
    this.sectionPage = this.openPage('hard');
  }

  /**
   * A next-column section break (w:type nextColumn, §17.18.77) starts the section at the top of the
   * next column of the page, the columns before it left as they are (not balanced), as a column
   * break would. A peer project's probes of Word 16: a section with the same page size and column
   * count stays on the page (other gaps or widths too); a change of either, or no column left,
   * starts a new page instead. Returns false when the section is to start a new page.
   */
  private startInNextColumn(index: number): boolean {
    const page = this.cur!;
    const frame = this.host.openFrame(index, page.index);
    const same = samePageSize(frame, page.frame) && frame.columns.length === page.frame.columns.length;
    if (!same || page.column + 1 >= frame.columns.length) return false;
    openNextColumnRegion(page, frame, index);
    return true;
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
    queue.push(units);
    // A bound on placements against an endless loop, proportional to the block: a paragraph of
    // 200 000 lines is legitimate (pages themselves are bounded by limits.maxPages, as they open).
    // A block laid out again for a narrower column has more units than it came with: the bound grows
    // by the units each re-layout adds (re-layouts are bounded by their own budget, see block-reflow.ts).
    let bound = 100_000 + 4 * units.length;
    let guard = 0;
    while (queue.length > 0) {
      if (++guard > bound) throw new Error('pagination did not converge');
      const page = this.page;
      const col = page.frame.columns[page.column] ?? page.frame.columns[0]!;
      const waiting = queue.length;
      if (queue.reflowHead(col.width)) {
        bound += 4 * Math.max(0, queue.length - waiting);
        continue;
      }
      const rest = this.tryPlace(queue.shift()!);
      if (rest) queue.unshift([rest]);
    }
  }
  /**
   * Places a unit in the current column, or splits it, or breaks the column before it (or at the
   * column's last allowed break); returns what is left to place in the next column.
   */
  private tryPlace(unit: Unit): Unit | undefined {
    const page = this.page;
    const col = page.frame.columns[page.column] ?? page.frame.columns[0]!;
    const columnEmpty = isColumnEmpty(page, this.collapsed);
    if (!this.enterColumn(page, unit, col, columnEmpty)) return undefined;
    const room = bodyBottom(this.host, page) - page.y;
    const notes = newNotes(this.host, page, unit);
    if (unit.inline && (unit.reachPt ?? 0) + notes.total > room + EPS) {
      // A floating table that does not fit below its anchor breaks across pages as its rows, inline.
      this.queue.unshift(unit.inline);
      return undefined;
    }
    const need = unit.heightPt + notes.total;
    const mustMove = unit.startsColumn === true && !columnEmpty;
    // Balanced notes growing into the text of the columns already filled: as Word does, those
    // columns give up their last lines to make room, and the text flows on from there.
    const reach = notes.list.length > 0 ? notesReachFilledColumns(this.host, page, notes.total) : undefined;
    const retaken = reach !== undefined ? this.makeNoteRoom(page, reach, notes.total) : undefined;
    if (retaken) {
      this.queue.unshift([...retaken, unit]);
      return undefined;
    }
    const blocked = reach !== undefined;
    if (blocked && columnEmpty) {
      this.nextColumn('natural');
      return unit;
    }
    // A column opening a region partway down the page (below a continuous section break) has less
    // room than the next page's: what does not fit there moves on, as Word and LibreOffice move it,
    // rather than being drawn past the foot as it is where no column would hold more of it.
    const fullColumn = columnEmpty && page.regionTop <= page.frame.bodyTop + EPS;
    const hang = hangOf(page, unit, bodyBottom(this.host, page));
    if (!blocked && !mustMove && (need + (unit.tailPt ?? 0) - hang <= room + EPS || (fullColumn && !unit.split))) {
      // A point of slack: a row's bottom border may reach just past the foot without hiding text.
      if (need - hang > room + 1) this.overfilled(unit);
      this.place(page, unit, col.x, notes.list);
      return undefined;
    }
    const continued = !blocked && !mustMove && notes.list.length > 0 ? splitNotes(this.host, page, unit, notes.list, room) : undefined;
    if (continued) {
      // The unit fits but its notes do not: Word keeps the reference on this page with as much of
      // its notes as fits (at least a line) and continues the rest at the foot of the next page.
      this.place(page, unit, col.x, continued.here);
      this.carry.push(...continued.rest);
      return undefined;
    }
    if (unit.discardable && breakAllowedHere(page)) {
      // Spacing that does not fit hangs below the margin: the column simply ends here (and the
      // spacing vanishes at the top of the next one).
      this.nextColumn('natural');
      return undefined;
    }
    if (!blocked && !mustMove && unit.split && room - notes.total > 1 && (!unit.splitsOnlyAtTop || columnEmpty || onlyHeaderAbove(page, unit, this.collapsed) || unit.heightPt > page.frame.bodyBottom - page.frame.bodyTop + EPS)) {
      const rest = this.splitHere(page, unit, col.x, notes, room - notes.total, fullColumn);
      if (rest) return rest;
    }
    if (fullColumn) {
      // Nothing of it fits here (under repeated header rows that fill the page, a point or less) and
      // the next column would be the same: placed whole, past the foot.
      if (need - hang > room + 1) this.overflowed(unit);
      this.place(page, unit, col.x, notes.list);
      return undefined;
    }
    return this.breakAtLastAllowed(page, unit);
  }

  /**
   * Splits a unit at `avail` points: places its first part in this column and ends the column;
   * returns the rest, or undefined when the unit cannot split there.
   */
  private splitHere(page: PageState, unit: Unit, x: number, notes: { readonly list: NewNote[] }, avail: number, fullColumn: boolean): Unit | undefined {
    const parts = unit.split?.(avail, fullColumn);
    if (!parts) return undefined;
    // The part a column opening with it must take (a row's first line) may be taller than the room.
    if (parts[0].heightPt - hangOf(page, parts[0], bodyBottom(this.host, page)) > avail + 1) this.overflowed(unit);
    // The notes of the part placed here: a merged cell's rows leave later rows' notes to their part.
    this.place(page, parts[0], x, parts[0].notes === unit.notes ? notes.list : newNotes(this.host, page, parts[0]).list);
    this.nextColumn('natural');
    return parts[1];
  }

  /** A whole unit placed past its column's foot: an unsplittable row is counted as too tall, the rest as overflow. */
  private overfilled(unit: Unit): void {
    if (unit.kind === 'row' && !unit.split) this.tallRows.add(unit);
    else this.overflowed(unit);
  }

  /** Counts a unit placed past its column's foot, unless it paints nothing there (an empty line, spacing). */
  private overflowed(unit: Unit): void {
    if (!unit.paintsNothing && !unit.discardable) this.overflowing.add(unit);
  }

  /**
   * What a unit does on entering its column before it is measured; false when it vanishes there
   * (spacing at a column's top). Rows move below floating tables, and a column's first row brings
   * the repeated header rows and its whole top border.
   */
  private enterColumn(page: PageState, unit: Unit, col: { readonly x: number; readonly width: number }, columnEmpty: boolean): boolean {
    if (unit.discardable && columnEmpty && spacingAtColumnTop(this.host, page, unit)) return false;
    if (unit.kind === 'row' && page.exclusions.length > 0) belowFloatingTables(page, unit, col);
    if (columnEmpty && unit.repeatHeader && !headerPlaced(page, unit)) {
      for (const h of unit.repeatHeader) this.place(page, h, col.x, []);
    }
    // A table row opening the column draws its top border whole (a shared border is half its own).
    if (unit.headPt && isColumnEmpty(page, this.collapsed)) page.y += unit.headPt;
    return true;
  }

  /**
   * Ends the column before a unit that fits nowhere in it: everything after the column's last
   * allowed break (column.ts `lastBreak`: widow and orphan control and the keeps) moves on with
   * it; where there is none, the column breaks right here. Returns the unit when it is to be
   * placed next, undefined when it went back into the queue behind the units moved on.
   */
  private breakAtLastAllowed(page: PageState, unit: Unit): Unit | undefined {
    const j = lastBreak(page, this.collapsed);
    if (j === undefined) {
      this.nextColumn('natural');
      return unit;
    }
    const moved = this.takeAfter(page, j);
    this.nextColumn('natural');
    this.queue.unshift([...moved, unit]);
    return undefined;
  }

  /**
   * Records a unit where the column position is, with its notes, floats and hard break: the one
   * place that adds to a page, so that `takeAfter` can take all of it back.
   */
  private place(page: PageState, unit: Unit, x: number, notes: ReadonlyArray<Omit<PageNote, 'owner'>>): void {
    page.placed.push({ unit, column: page.column, x, y: page.y });
    if (notes.length > 0) page.noteColumns ??= page.frame.noteColumns ?? page.frame.columns;
    if (unit.exclusions) for (const e of unit.exclusions(x, page.y, page.exclusions)) page.exclusions.push({ ...e, owner: unit });
    page.y += unit.heightPt;
    for (const n of notes) page.notes.push({ ...n, owner: unit });
    if (!unit.discardable) page.hasContent = true;
    if (unit.forceBreak === 'page') this.openPage('hard');
    else if (unit.forceBreak === 'column') this.nextColumn('hard');
  }

  /**
   * Keeps the grown note area free on this page (`noteReserve`) and takes back the units from
   * `from` on, to be placed again above it; undefined when the area would leave no room for text.
   */
  private makeNoteRoom(page: PageState, from: number, growth: number): Unit[] | undefined {
    const area = page.frame.bodyBottom - bodyBottom(this.host, page) + growth;
    if (page.frame.bodyBottom - area < page.regionTop + MIN_BODY_PT) return undefined;
    const column = page.placed[from]!.column;
    page.noteReserve = area;
    const moved = this.takeAfter(page, from - 1);
    page.column = column;
    return moved;
  }

  /**
   * Takes back the units placed after index `j`, with the notes, continued notes and float areas
   * they brought, and returns them to be placed again.
   */
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
}
