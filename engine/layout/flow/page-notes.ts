/**
 * The footnote area at the foot of a page, as the paginator sees it: how tall it is, what a unit's
 * notes add to it, where a note that does not fit is cut and what continues on the next page.
 *
 * Kept apart from paginate.ts because the area's height is its own question (one column, balanced
 * columns from Word 2013 on, or the notes of the reference's column before; see note-columns.ts)
 * that the fitting of body units only asks. These functions read the page and never move units;
 * the paginator decides what to do with their answers.
 */
import { balanceNotes, type NotePiece } from './note-columns';
import type { PageFrame, PageNote, PageState, PaginatorHost } from './page-state';
import { FIT_EPS as EPS, type NoteCall, type Unit } from './units';

/** Body room a page keeps free of notes continued onto it (about a line). */
export const MIN_BODY_PT = 12;

/** A unit's note before it is placed: its call, height, the body column of its reference, the width it is laid out at. */
export interface NewNote {
  call: NoteCall;
  heightPt: number;
  column?: number;
  widthPt: number;
}

/** The frame a page's notes are laid out for: its columns are those of the footnote area. */
export function noteFrame(page: PageState): PageFrame {
  const cols = page.noteColumns ?? page.frame.noteColumns;
  return !cols || cols === page.frame.columns ? page.frame : { ...page.frame, columns: cols };
}

/** Notes at the foot of their reference's column: Word 2010 and earlier, unless the section sets the area's columns. */
export function perColumn(host: PaginatorHost, page: PageState): boolean {
  return host.notesPerColumn === true && !page.frame.noteColumns;
}

/**
 * The width the notes of the current column are laid out at: the first column's where the columns
 * are equal. In columns of unequal widths (w:equalWidth="0", §17.6.4) a note at the foot of its
 * reference's column (Word 2010 and earlier, Word's "footnotes ... in the same number of columns
 * as the text") takes that column's width; balanced notes (Word 2013 on), which may land in any
 * column of the area, take the narrowest, so that none runs past its column (nothing Microsoft
 * publishes says which width Word uses there).
 */
export function noteWidth(host: PaginatorHost, page: PageState): number {
  const cols = noteFrame(page).columns;
  if (perColumn(host, page)) return (cols[page.column] ?? cols[0]!).width;
  let width = cols[0]!.width;
  for (const c of cols) width = Math.min(width, c.width);
  return width;
}

/**
 * The height of the footnote area the current column ends on, separator included (0 without
 * notes): on a page of one column every note; in columns, balanced across them (Word 2013 on), or
 * the notes of the current column (`notesPerColumn`).
 */
export function noteArea(host: PaginatorHost, page: PageState, notes: readonly PageNote[]): number {
  if (notes.length === 0) return 0;
  const frame = noteFrame(page);
  const columns = frame.columns.length;
  const byColumn = perColumn(host, page);
  const mine = columns > 1 && byColumn ? notes.filter((n) => (n.column ?? 0) === page.column) : notes;
  if (mine.length === 0) return 0;
  let h = host.noteSeparatorPt;
  if (columns > 1 && !byColumn) return h + balanceNotes(notePieces(host, mine), columns).heightPt;
  for (const n of mine) h += n.heightPt;
  return h;
}

/** Notes as pieces to balance: each slice with the places inside it where it may continue in the next column. */
function notePieces(host: PaginatorHost, notes: readonly PageNote[]): NotePiece[] {
  return notes.map((n) => {
    const from = n.fromPt ?? 0;
    const cuts: number[] = [];
    for (const c of host.noteCuts?.(n.call, n.widthPt) ?? []) if (c - from > EPS && c - from < n.heightPt - EPS) cuts.push(c - from);
    return { heightPt: n.heightPt, cuts };
  });
}

/** The bottom of the current column's room: the body's bottom, above the footnote area (and any room kept for it). */
export function bodyBottom(host: PaginatorHost, page: PageState): number {
  if (page.notes.length === 0 && page.noteReserve === undefined) return page.frame.bodyBottom;
  if (noteFrame(page).columns.length > 1) return page.frame.bodyBottom - Math.max(noteArea(host, page, page.notes), page.noteReserve ?? 0);
  let h = host.noteSeparatorPt;
  for (const n of page.notes) h += n.heightPt;
  return page.frame.bodyBottom - h;
}

/**
 * The length of the longest piece of a note's story, from `from` on and shorter than the `height`
 * left of it, that ends after a line allowing a break and fits in `avail`; 0 when none does.
 */
function noteCut(host: PaginatorHost, note: { readonly call: NoteCall; readonly widthPt: number }, from: number, height: number, avail: number): number {
  let cut = 0;
  for (const c of host.noteCuts?.(note.call, note.widthPt) ?? []) if (c - from > EPS && c - from <= avail + EPS && c < from + height - EPS) cut = c - from;
  return cut;
}

/**
 * The notes a unit brings to the page (footnotes not already on it) and what they add to the
 * footnote area's height, the separator included when they are the page's first.
 */
export function newNotes(host: PaginatorHost, page: PageState, unit: Unit): { total: number; list: NewNote[] } {
  if (!unit.notes || unit.notes.length === 0) return { total: 0, list: [] };
  const list: NewNote[] = [];
  let total = page.notes.length === 0 ? host.noteSeparatorPt : 0;
  const same = (a: NoteCall) => (b: { call: NoteCall }) => b.call.id === a.id && b.call.noteType === a.noteType;
  const columns = noteFrame(page).columns.length > 1;
  const widthPt = noteWidth(host, page);
  for (const call of unit.notes) {
    if (call.noteType !== 'footnote') continue;
    // Several references to one note id (a damaged file: ids are unique in Word's) print it once a page.
    if (page.notes.some(same(call)) || list.some(same(call))) continue;
    const h = host.noteHeight(call, widthPt);
    if (h === undefined) continue;
    list.push(columns ? { call, heightPt: h, column: page.column, widthPt } : { call, heightPt: h, widthPt });
    total += h;
  }
  if (list.length === 0) return { total: 0, list };
  if (!columns) return { total, list };
  // In columns the area grows by what the new notes add to this column's notes or to the balance.
  const after = noteArea(host, page, [...page.notes, ...list.map((n) => ({ ...n, owner: unit }))]);
  const reserve = page.noteReserve ?? 0;
  return { total: Math.max(after, reserve) - Math.max(noteArea(host, page, page.notes), reserve), list };
}

/**
 * Splits the new notes of a unit that fits without them: whole notes while they fit, then the
 * first that does not is cut after its last line that fits (a break allowed there); it and the
 * notes after it continue on the next page. Undefined when not even a line of the first fits.
 */
export function splitNotes(host: PaginatorHost, page: PageState, unit: Unit, list: readonly NewNote[], room: number): { here: PageNote[]; rest: PageNote[] } | undefined {
  if (!host.noteCuts || unit.discardable) return undefined;
  let avail = room - unit.heightPt - (unit.tailPt ?? 0) - (noteArea(host, page, page.notes) === 0 ? host.noteSeparatorPt : 0);
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
    const cut = noteCut(host, n, 0, n.heightPt, avail);
    if (cut <= 0) {
      if (here.length === 0) return undefined;
      rest.push({ ...n, owner: unit });
      continue;
    }
    here.push({ call: n.call, heightPt: cut, owner: unit, widthPt: n.widthPt });
    rest.push({ call: n.call, heightPt: n.heightPt - cut, owner: unit, fromPt: cut, widthPt: n.widthPt });
  }
  return rest.length > 0 ? { here, rest } : undefined;
}

/**
 * The index of the first unit of the columns of this region already filled (left of the current
 * one) that balanced notes growing by `growth` would reach into; undefined when none.
 */
export function notesReachFilledColumns(host: PaginatorHost, page: PageState, growth: number): number | undefined {
  if (page.column === 0 || perColumn(host, page) || noteFrame(page).columns.length <= 1 || growth <= EPS) return undefined;
  const bottom = bodyBottom(host, page) - growth;
  let first: number | undefined;
  for (let i = page.placed.length - 1; i >= 0; i--) {
    const p = page.placed[i]!;
    if (p.y < page.regionTop - EPS) break;
    if (p.column < page.column && !p.unit.discardable && p.y + p.unit.heightPt - (p.unit.hangPt ?? 0) > bottom + EPS) first = i;
  }
  return first;
}

/**
 * Places the notes continued from the previous page at the top of this page's note area, before
 * its own notes; returns what still does not fit (leaving a line of body), to continue again.
 */
export function continueNotes(host: PaginatorHost, page: PageState, carried: readonly PageNote[]): PageNote[] {
  const carry: PageNote[] = [];
  if (carried.length > 0) page.noteColumns = page.frame.noteColumns ?? page.frame.columns;
  let avail = page.frame.bodyBottom - page.frame.bodyTop - host.noteSeparatorPt - MIN_BODY_PT;
  for (const n of carried) {
    if (carry.length > 0) {
      carry.push(n);
      continue;
    }
    const from = n.fromPt ?? 0;
    // Cut again after its last line that fits; a page too small for even one line takes it whole.
    const cut = n.heightPt > avail + EPS ? noteCut(host, n, from, n.heightPt, avail) || n.heightPt : n.heightPt;
    // A continued note starts the footnote area, in its first column.
    const { column: _column, ...note } = n;
    page.notes.push(cut < n.heightPt ? { ...note, heightPt: cut } : note);
    avail -= cut;
    if (cut < n.heightPt) carry.push({ ...n, heightPt: n.heightPt - cut, fromPt: from + cut });
  }
  return carry;
}
