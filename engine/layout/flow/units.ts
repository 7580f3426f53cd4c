/**
 * Units: the vertical list the paginator fills pages with.
 *
 * Each unit is a line of a paragraph, a table row, a space between paragraphs, or an atomic
 * block. A unit says whether the page may break right after it (widow/orphan control, keepLines,
 * keepNext and cantSplit all become `breakAfter: false`), whether it vanishes at a page top
 * (spacing), and how to draw itself once its page position is final.
 */
import type { ItemSink } from '../emit/sink';
import type { Exclusion } from './exclusions';

/** Tolerance (pt) when heights are compared: a unit that overshoots the room by less still fits. */
export const FIT_EPS = 0.05;

/** A footnote or endnote referenced from a unit, laid out when the unit lands on a page. */
export interface NoteCall {
  readonly noteType: 'footnote' | 'endnote';
  readonly id: string;
}

/** One entry of the vertical list. */
export interface Unit {
  readonly kind: 'line' | 'space' | 'row' | 'block';
  readonly heightPt: number;
  /** May the page or column break right after this unit? */
  readonly breakAfter: boolean;
  /**
   * No break after it only because its paragraph keeps with the next (w:keepNext): the weakest keep,
   * given up first when a chain of kept paragraphs does not fit in a column.
   */
  readonly keptWithNext?: boolean;
  /**
   * Widow control in a table cell: the paragraph's next-to-last line, which goes with the last one
   * where a row splits across pages, so that the last does not open the row's rest alone. Word 2007
   * layouts (compatibilityMode 12 and lower) do so, and let the first line stay behind alone (Word's
   * page starts in oxsdk-BackgroundReport), and so do Word 2013 ones (mode 15: poi-bib-chernigovka's
   * rows of two-line paragraphs move on whole); Word 2010 (mode 14) does not: poi-bug59058 and
   * docx4j-rFonts open pages with a cell paragraph's last line alone.
   */
  readonly holdsWidow?: boolean;
  /**
   * The unit splits only where it opens a column (or below its table's header rows there) or where it
   * is taller than a whole page's body: elsewhere it moves on whole (a table row kept with the next
   * row).
   */
  readonly splitsOnlyAtTop?: boolean;
  /** Spacing: dropped at the top of a page reached by natural flow, and may hang below the bottom margin. */
  readonly discardable?: boolean;
  /**
   * Spacing: how much of it is the space after the paragraph above (w:spacing/@w:after, §17.3.1.33),
   * the rest being the space before the one below. A table cell keeps it with that paragraph's last
   * line where its row splits (table/story-cut.ts).
   */
  readonly afterPt?: number;
  /**
   * Blank space at the bottom of the unit that may hang below the bottom margin like spacing: the
   * extra leading a line-spacing multiple adds under a line's text. It stops at the footer's top.
   */
  readonly hangPt?: number;
  /** The unit paints nothing (a line holding only a page break): all of its hangPt may hang into the footer too. */
  readonly paintsNothing?: boolean;
  /**
   * Room the unit takes above itself where it opens a column, and needs below itself where the
   * column ends after it: a table row's half of the border it shares with the row above (below),
   * which it draws whole at the top (foot) of a page; the space after of a paragraph whose last
   * line brings footnotes, which may not hang into the note area.
   */
  readonly headPt?: number;
  readonly tailPt?: number;
  /**
   * The unit starts a new column unless it opens one already: laid out below floats it had to clear,
   * it no longer fitted on the column (where it lands, those floats are not).
   */
  readonly startsColumn?: boolean;
  /** A hard break after this unit (w:br type=page / column, or a paragraph ending a section). */
  readonly forceBreak?: 'page' | 'column';
  /**
   * Part of an empty paragraph that only closes a section (its w:sectPr mark paints nothing) before a
   * section that starts on a new page: a page holding nothing else is not kept for it (Word starts
   * the next section there instead of leaving a blank page).
   */
  readonly sectionMark?: boolean;
  /** Notes referenced from this unit. */
  readonly notes?: readonly NoteCall[];
  /** Table header rows to repeat when this row starts a page. */
  readonly repeatHeader?: readonly Unit[];
  /**
   * Body line numbering (§17.6.8): the baseline (from the unit's top) of the text line this unit
   * counts; absent when it counts none (spacing, table rows, suppressed paragraphs). A unit holds one
   * line row at most, so one number (an array per line cost some 70 bytes a line).
   */
  readonly numberedLinePt?: number;
  /**
   * Room the unit needs below its top though it takes only `heightPt` of the flow (a floating table
   * placed from there reaches that far down). Where less is left, `inline` is placed instead.
   */
  readonly reachPt?: number;
  /** What to place instead of the unit where it does not reach down (the floating table's rows, inline). */
  readonly inline?: readonly Unit[];
  /** Its exclusions keep table rows out as well as text (a floating table: rows do not wrap, they move below it). */
  readonly excludesRows?: boolean;
  /**
   * Areas text must wrap around from now on (the unit's wrapping floats), given where it is placed
   * and the areas already on its page (by their units).
   */
  exclusions?(x: number, y: number, earlier?: ReadonlyArray<Exclusion & { readonly owner: Unit }>): readonly Exclusion[];
  /** Draws the unit with its top-left at (x, y): x is the column's left edge. */
  emit(sink: ItemSink, x: number, y: number): void;
  /**
   * Splits a unit taller than the room left (table rows): the part that fits and the rest;
   * `atColumnTop` when nothing precedes it in its column, where it cannot move on to find more room.
   */
  split?(roomPt: number, atColumnTop?: boolean): readonly [Unit, Unit] | undefined;
  /** How the unit is laid out again where it lands in a column of another width (unequal columns). */
  readonly reflow?: Reflow;
}

/**
 * A unit laid out for a column of one width, which may land in a column of another (w:cols
 * w:equalWidth="0", §17.6.4): a paragraph that continues from one column into the next has the rest
 * of its lines broken again at the next column's width, and a block that moves on whole is laid out
 * again at the width of the column it lands in.
 */
export interface Reflow {
  /** Width of the column the unit was laid out for. */
  readonly widthPt: number;
  /** The block the unit belongs to (one object per block, kept by its re-layouts). */
  readonly block: object;
  /**
   * The unit and the rest of its block laid out for a column `widthPt` wide, replacing the block's
   * units after it; undefined where it stays as it is.
   */
  at(widthPt: number): readonly Unit[] | undefined;
}

/** Whether a unit is to be laid out again for a column `widthPt` wide. */
export function needsReflow(unit: Unit, widthPt: number): boolean {
  return unit.reflow !== undefined && Math.abs(unit.reflow.widthPt - widthPt) > FIT_EPS;
}

/**
 * The units that replace `head` and the rest of its block when it lands in a column `widthPt` wide,
 * or undefined when it stays as laid out.
 */
export function reflowOf(head: Unit | undefined, widthPt: number): { fresh: readonly Unit[]; block: unknown } | undefined {
  if (!head?.reflow || !needsReflow(head, widthPt)) return undefined;
  const fresh = head.reflow.at(widthPt);
  return fresh && fresh.length > 0 ? { fresh, block: head.reflow.block } : undefined;
}

/**
 * The unit at the head of `queue` laid out for a column `widthPt` wide: the queue's following units of
 * its block are replaced by the re-laid rest. Returns whether anything changed.
 */
export function reflowHead(queue: Unit[], widthPt: number): boolean {
  const r = reflowOf(queue[0], widthPt);
  if (!r) return false;
  const rest = queue.slice(1).filter((u) => u.reflow?.block !== r.block);
  queue.length = 0;
  appendUnits(queue, r.fresh);
  appendUnits(queue, rest);
  return true;
}

/**
 * Appends units one by one: push(...units) passes each as an argument on the stack, which overflows
 * past about 100,000 (a paragraph of 200,000 one-word lines in 5 pt columns threw there).
 */
export function appendUnits(out: Unit[], units: readonly Unit[]): void {
  for (const u of units) out.push(u);
}

/** A space unit (spacing before/after paragraphs); `afterPt` of it is the paragraph above's space after. */
export function spaceUnit(heightPt: number, breakAfter = true, afterPt = 0): Unit {
  return { kind: 'space', heightPt, breakAfter, discardable: true, afterPt, emit: () => {} };
}
