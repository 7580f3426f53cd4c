/**
 * Table row units: a table row → its paginator unit (height, break permissions, header rows to
 * repeat, drawing), and a row split across pages at its cells' line boundaries.
 *
 * A split row's parts are drawn closed at the cut; a part never closes over the splitting row's
 * context (rowPart), so a page's part does not keep the lines of the parts after it alive.
 */
import type { Table, TableCell } from '../../model';
import type { ItemSink } from '../emit/sink';
import type { Unit } from '../flow/units';
import { splitStory } from './story-cut';
import { drawBorders, drawCell, tableFrame, type TableFrame } from './draw-cells';
import { cellsAt, heightAt, type PlacedCell, type RowsView } from './rows-view';
import { rowTail, type Inset, type RowEdges } from './row-heights';

export function rowUnit(t: Table, r: number, view: RowsView, edges: RowEdges, tableX: number, tableW: number, header: Unit[] | undefined): Unit {
  const cells = cellsAt(view, r);
  const count = view.count;
  const spanHeight = (pc: PlacedCell) => {
    let h = 0;
    for (let k = r; k < Math.min(count, r + pc.rowSpan); k++) h += heightAt(view, k);
    return h;
  };
  const height = heightAt(view, r);
  const above = edges.above[r]!;
  const lastOf = (pc: PlacedCell) => Math.min(count, r + pc.rowSpan) - 1;
  const rowInset: Inset = { above, below: edges.below[r]!, gapAbove: edges.gapAbove[r]!, gapBelow: edges.gapBelow[r]! };
  // A merged cell ends with the last row it spans: that row's border and spacing are below it.
  const inset = (pc: PlacedCell): Inset => (lastOf(pc) === r ? rowInset : { ...rowInset, below: edges.below[lastOf(pc)]!, gapBelow: edges.gapBelow[lastOf(pc)]! });
  const frame = tableFrame(t, tableW, r === 0, r === count - 1);
  const props = t.rows[r]!.props;
  const keepsWithNext = r < count - 1 && rowKeepsWithNext(t.rows[r]!.cells);
  // Header rows keep with the first body row; merged cells keep their rows together.
  const free = !props.header && !cells.some((pc) => pc.rowSpan > 1);
  const head = edges.shared[r] && r > 0 ? above : 0;
  const tail = rowTail(edges, r, count);
  const unit: Unit = {
    kind: 'row',
    heightPt: height,
    // Rows share their borders, half each: at a page's top or foot a row draws its border whole and
    // takes its whole width (docling-docx_rich_tables_01: Word's page 4 ends a row earlier than rows
    // of half borders fit, and the part continued on page 5 sits below its own 1 pt top border).
    ...(head > 0 ? { headPt: head } : {}),
    ...(tail > 0 ? { tailPt: tail } : {}),
    // A row whose cells keep with the next (w:keepNext) stays with the next row and moves on whole
    // rather than split: Word's saved page starts in oxsdk-BackgroundReport open pages with its
    // glossary's kept rows ('Cyber-squatting', 'IETF', 'sTLD': a term and an empty paragraph a cell),
    // where we ended a page with the first and split the others after their first line. Such a keep
    // is the weakest, given up first where a chain of them is longer than the page.
    breakAfter: free && !keepsWithNext,
    ...(free && keepsWithNext ? { keptWithNext: true } : {}),
    ...(keepsWithNext ? { splitsOnlyAtTop: true } : {}),
    ...(header ? { repeatHeader: header } : {}),
    emit(sink: ItemSink, x: number, y: number) {
      for (const pc of cells) {
        if (pc.cell.props.vMerge === 'continue') continue;
        drawCell(pc, sink, x + tableX, y, spanHeight(pc), inset(pc), true);
      }
      for (const pc of cells) drawBorders(pc, sink, x + tableX, y, pc.cell.props.vMerge === 'continue' ? height : spanHeight(pc), inset(pc));
      frame?.(sink, x + tableX, y, height, true, true);
    },
  };
  // Turned text runs along the row's height: such a row does not split.
  if (!props.cantSplit && props.heightRule !== 'exact' && cells.every((pc) => pc.rowSpan === 1 && !pc.turn)) {
    return { ...unit, split: (room, atTop) => splitRow(cells, tableX, room, header, rowInset, edges.shared[r]!, frame, tail, atTop) };
  }
  return unit;
}

/**
 * Whether a row keeps with the next one: every cell holds a paragraph kept with the next (w:keepNext),
 * Word's way of keeping rows together (oxsdk-BackgroundReport's glossary). No document of the corpus
 * has keepNext in some cells of a row only, so what Word does then is open; we keep such rows free.
 */
function rowKeepsWithNext(cells: readonly TableCell[]): boolean {
  return cells.length > 0 && cells.every((c) => c.blocks.some((b) => b.kind === 'paragraph' && b.props.keepNext));
}

/**
 * Splits a row at line boundaries so the first part fits in `room`; `inset` is the room the row's
 * borders take (its top border goes with the first part, its bottom border with the rest). Each part
 * is drawn closed at the cut, the first with the cells' bottom borders, the rest with their top
 * borders. Where rows share their borders (no cell spacing), those take their full width at the cut
 * as they do at a table's edges: Word's page starts in docling-docx_rich_tables_01 (1 pt borders)
 * put the last line of a row that ended 0.5 pt above the margin on the next page, because the part
 * continued at the top of that page sits below its own top border. With cell spacing they take none
 * there (poi-bib-chernigovka's Word page starts, tried with both). A row of a nested table that
 * crosses the cut splits in turn, as Word splits it, rather than holding the whole outer row back.
 */
function splitRow(cells: PlacedCell[], tableX: number, room: number, header: Unit[] | undefined, inset: Inset, shared: boolean, frame?: TableFrame, tail = 0, atTop = false): readonly [Unit, Unit] | undefined {
  // At any line boundary: keep rules inside cells are not applied when a row splits (tried:
  // honouring them cost oxpt-Test-05 a page against LibreOffice, 0.595 → 0.486), but for widow
  // control in Word 2007 and 2013 layouts (Unit.holdsWidow, splitStory).
  const cutBelow = shared ? cutBorder(cells, 'bottom') : 0;
  const cutAbove = shared ? cutBorder(cells, 'top') : 0;
  const halves = cells.map((pc) => splitStory(pc.story, room - inset.above - cutBelow - pc.cell.props.margins.top - pc.cell.props.margins.bottom, atTop));
  const anyFirst = halves.some((h) => h.first.heightPt > 0);
  // Only spacing left over (a last paragraph's space after) does not make a row split: the whole
  // row moves on, as Word moves it (poi-bug59058: Word's page starts at the row, not after it).
  const anyRest = halves.some((h) => h.rest.solidFrom(0));
  if (!anyFirst || !anyRest) return undefined;
  // A cell that keeps none of its text here (its first line, or the two a widow rule holds together,
  // do not fit) holds the whole row back: the row moves on whole rather than open the next page with
  // that cell's text beside the others' rest. Word's saved page breaks open a page with such a row
  // in aspose-Northwind_traders (a two-line company name beside a three-line address) and
  // oxpt-WC023-Table-4-Row-Image-Before (pictures beside text), and poi-bib-chernigovka's calendar
  // (a row's date beside its two-line event) reaches 13 of Word's 14 page starts with it, 11 without.
  // Where nothing precedes the row on its page it splits all the same, as moving on gains nothing.
  const starved = halves.some((h) => h.rest.solidFrom(0) && !h.first.units.some((line) => !line.unit.discardable));
  if (starved && !atTop) return undefined;
  const margins = (pc: PlacedCell) => pc.cell.props.margins.top + pc.cell.props.margins.bottom;
  const firstCells = cells.map((pc, i) => ({ ...pc, story: halves[i]!.first }));
  const restCells = cells.map((pc, i) => ({ ...pc, story: halves[i]!.rest, openTop: false }));
  const firstHeight = Math.min(room, inset.above + cutBelow + Math.max(...firstCells.map((pc) => pc.story.heightPt + margins(pc))));
  const restHeight = cutAbove + inset.below + Math.max(...restCells.map((pc) => pc.story.heightPt + margins(pc)));
  const row: RowPlace = { tableX, header, frame };
  const part = (h: number, edge: Inset, parts: PlacedCell[], rest: boolean) => rowPart(row, h, edge, parts, rest);
  // A first part holding only spacing (its paragraphs' space before; only at a page's top, where a
  // starved row still splits) keeps its room but draws nothing: an empty sliver of the row, borders
  // and shading.
  const blank = !halves.some((h) => h.first.units.some((line) => !line.unit.discardable));
  const first = blank
    ? { kind: 'row' as const, heightPt: firstHeight, breakAfter: true, emit: () => undefined }
    : part(firstHeight, { above: inset.above, below: cutBelow, gapAbove: inset.gapAbove ?? 0 }, firstCells, false);
  // The rest splits again when it is still taller than a page.
  const restInset: Inset = { above: cutAbove, below: inset.below, gapBelow: inset.gapBelow ?? 0 };
  const second: Unit = { ...part(restHeight, restInset, restCells, true), ...(tail > 0 ? { tailPt: tail } : {}), split: (r, atTop) => splitRow(restCells, tableX, r, header, restInset, shared, frame, tail, atTop) };
  return [first, second];
}

/** Where the parts of a split row go: the table's x, the header rows a later part repeats, the frame. */
interface RowPlace {
  readonly tableX: number;
  readonly header: Unit[] | undefined;
  readonly frame: TableFrame | undefined;
}

/**
 * One part of a split row. Built outside splitRow on purpose: a closure made there would share
 * splitRow's context, which holds the rest of every cell, so each page's part kept all the lines
 * after it alive (a cell of 40 000 lines over 667 pages held 723 MB; 1 GB ran out on a corpus file).
 */
function rowPart(place: RowPlace, h: number, edge: Inset, parts: PlacedCell[], rest: boolean): Unit {
  const { tableX, header, frame } = place;
  return {
    kind: 'row',
    heightPt: h,
    breakAfter: true,
    ...(rest && header ? { repeatHeader: header } : {}),
    emit(sink: ItemSink, x: number, y: number) {
      for (const pc of parts) drawCell(pc, sink, x + tableX, y, h, edge, false);
      for (const pc of parts) drawBorders(pc, sink, x + tableX, y, h, edge);
      frame?.(sink, x + tableX, y, h, !rest, rest);
    },
  };
}

/** The widest top or bottom border the cells of a row draw where the row is cut. */
function cutBorder(cells: readonly PlacedCell[], side: 'top' | 'bottom'): number {
  let w = 0;
  for (const pc of cells) w = Math.max(w, pc.cell.props.borders[side]?.widthPt ?? 0);
  return w;
}
