/**
 * Paragraph units: a laid paragraph → the paginator's units, one per line row, and the drawing of
 * each row once it is placed.
 *
 * A row's unit carries its height and its break permission (widow and orphan control, w:keepLines,
 * w:keepNext), the notes it brings and the floats it places; it is plain data sharing one record
 * per paragraph (ParagraphDrawing), never the laid paragraph, so a unit kept on its page does not
 * keep the lines of later units alive. Lines joined beside a float share one row and baseline.
 */
import type { Border, Paragraph } from '../model';
import { shadowRoom } from './border-lines';
import { emitLine } from './emit/line';
import type { ItemSink } from './emit/sink';
import type { NoteCall, Reflow, Unit } from './flow/units';
import type { ObjectInline, ParaContent } from './inline/itemize';
import type { LineBox } from './inline/line-box';
import { isFloat, wrappingFloats, type LaidParagraph, type ParagraphContext } from './paragraph';
import { decorateSlice } from './paragraph-box';
import { changeBar, isChangedLine } from './revisions';

/** Border and shading edges shared with neighbouring paragraphs (Word joins identical borders). */
export interface BorderJoin {
  /** The previous paragraph has the same borders: no top border, the `between` border instead. */
  readonly joinedAbove: boolean;
  /** The next paragraph has the same borders: no bottom border. */
  readonly joinedBelow: boolean;
}

/**
 * Turns a laid paragraph into paginator units, from row `fromRow` on (a paragraph laid out again from
 * a line on needs no units for the lines before it, which stay where they were placed).
 */
export function paragraphUnits(laid: LaidParagraph, ctx: ParagraphContext, join: BorderJoin, keepWithNext: boolean, afterPt = 0, reflow?: (row: number) => Reflow, fromRow = 0): Unit[] {
  const content = laid.content;
  const late = laid.late;
  const rows: ParagraphRows = {
    laid,
    ctx,
    drawing: paragraphDrawing(laid, ctx, join),
    starts: rowStarts(laid),
    floats: late ? wrappingFloats(content).filter((f) => !late.floats.includes(f)) : wrappingFloats(content),
    lateWrapping: late ? late.floats.filter((f) => f.anchor!.wrap !== 'none') : [],
    hasNotes: content.markers.some((m) => m.inline.kind === 'noteRef'),
    keepWithNext,
    afterPt,
    reflow,
  };
  const units: Unit[] = [];
  for (let r = fromRow; r < rows.starts.length; r++) units.push(lineUnit(rows, r));
  return units;
}

/**
 * What the rows of one paragraph share while paragraphUnits makes their units: made once per
 * paragraph and dropped with the call. No unit keeps it (it holds `laid`, all the lines).
 */
interface ParagraphRows {
  readonly laid: LaidParagraph;
  readonly ctx: ParagraphContext;
  readonly drawing: ParagraphDrawing;
  /** The first line of each row (rowStarts). */
  readonly starts: readonly number[];
  /** The paragraph's wrapping floats placed with its first row, and those its late row places. */
  readonly floats: readonly ObjectInline[];
  readonly lateWrapping: readonly ObjectInline[];
  readonly hasNotes: boolean;
  readonly keepWithNext: boolean;
  readonly afterPt: number;
  readonly reflow: ((row: number) => Reflow) | undefined;
}

/**
 * The record a paragraph's line units share to draw themselves, with the borders its neighbours
 * leave it (BorderJoin). It holds the paragraph, its content and box width, never `laid`: its lines
 * after a unit's own belong to later units, and a unit kept on its page would keep them all
 * (ReflowSeed).
 */
function paragraphDrawing(laid: LaidParagraph, ctx: ParagraphContext, join: BorderJoin): ParagraphDrawing {
  const p = laid.paragraph;
  const content = laid.content;
  const boxWidthPt = laid.boxWidthPt;
  const b = p.props.borders;
  const top = join.joinedAbove ? b?.between : b?.top;
  const bottom = join.joinedBelow ? undefined : b?.bottom;
  const topPad = top ? top.widthPt + top.spacePt : 0;
  const bottomPad = bottom ? bottom.widthPt + bottom.spacePt + shadowRoom(bottom) : 0;
  const late = laid.late;
  // A float positioned relative to the column (wp:positionH relativeFrom="column", ST_RelFromH
  // §20.4.3.4) is placed in the column the paragraph starts in: the box its first line was laid out in.
  const columnWidth = laid.widthAt?.(0) ?? laid.boxWidthPt;
  return { paragraph: p, content, ctx, boxWidthPt, top, bottom, topPad, bottomPad, columnWidth, ...(late ? { late: late.floats } : {}) };
}

/**
 * Whether the page may break after row `r` of a paragraph's `count` rows: not inside a paragraph
 * kept together (w:keepLines), not after its first row nor before its last under widow and orphan
 * control (w:widowControl), and after its last unless it keeps with the next (w:keepNext).
 */
function breaksAfterRow(props: Paragraph['props'], r: number, count: number, last: boolean, keepWithNext: boolean): boolean {
  let breakAfter = true;
  if (props.keepLines && !last) breakAfter = false;
  if (props.widowControl && count >= 2 && (r === 0 || r === count - 2)) breakAfter = false;
  if (last) breakAfter = !keepWithNext;
  return breakAfter;
}

/**
 * What of a row may hang below the bottom margin. The room a line-spacing multiple leaves under the
 * text may, as Word lets it (a 1.15-spaced line 1 pt past the margin still ends a Word page); none
 * over a bottom border. The last line of a paragraph kept together (w:keepLines, several lines:
 * `keptEnd`) may hang its descent too, its baseline staying above the margin: Word ends
 * oxsdk-bookmark's page 5 with a seven-line keep-lines code paragraph whose last line's text box
 * reaches 1.77 pt past the margin (its descent is 2.11), and every one of the 23 page starts its
 * marks save after that one follows only so; other lines keep their descent above the margin (letting
 * every paragraph's last line hang it lost 119 of Word's page starts in other documents, every line
 * 159). A line holding nothing but a page break (`breakOnly`), with the paragraph's text after it,
 * paints nothing: when the page is full it hangs below the margin whole and the break
 * happens there, rather than taking a page of its own to break from (tika-017091: a paragraph
 * opening with w:br type=page after a full page; LibreOffice sets its text on the next page, we left
 * a blank page between). A paragraph holding only the break keeps its line: LibreOffice gives it a
 * page when it does not fit (no Word evidence either way).
 */
function rowHang(row: RowMetrics, skip: number, padBottom: number, breakOnly: boolean, keptEnd: boolean): number {
  if (breakOnly) return skip + row.heightPt;
  if (padBottom !== 0) return 0;
  const room = Math.max(0, row.heightPt - row.baselinePt - row.descentPt);
  return keptEnd ? room + row.descentPt : room;
}

/** The unit of row `r` of a paragraph: its height, break permissions, notes and floats. */
function lineUnit(rows: ParagraphRows, r: number): Unit {
  const { laid, ctx, drawing, starts, floats, lateWrapping, hasNotes, keepWithNext, afterPt, reflow } = rows;
  const { content, topPad, bottomPad, columnWidth } = drawing;
  const props = drawing.paragraph.props;
  const n = laid.lines.length;
  const late = laid.late;
  const i = starts[r]!;
  const lastOfRow = r + 1 < starts.length ? starts[r + 1]! - 1 : n - 1;
  const row = rowMetrics(laid.lines, i, lastOfRow);
  const line = laid.lines[lastOfRow]!;
  const skip = laid.skips?.[i] ?? 0;
  const first = i === 0;
  const last = lastOfRow === n - 1;
  const padTop = first ? topPad : 0;
  const padBottom = last ? bottomPad : 0;
  const breakAfter = breaksAfterRow(props, r, starts.length, last, keepWithNext);
  const segments = i === lastOfRow ? line : laid.lines.slice(i, lastOfRow + 1);
  const notes = hasNotes ? segmentsOf(segments).flatMap((l) => notesOn(content, l)) : undefined;
  const forceBreak = line.ending === 'page' ? 'page' : line.ending === 'column' ? 'column' : undefined;
  const opensLate = late !== undefined && r === late.row;
  const own = first ? floats : opensLate ? lateWrapping : [];
  const exclusions = own.length > 0 && ctx.floatExclusions ? (x: number, y: number) => ctx.floatExclusions!(own, x, y, columnWidth) : undefined;
  // A line holding nothing but a page break, with the paragraph's text after it, paints nothing (rowHang).
  const breakOnly = forceBreak === 'page' && !last && !props.shading && padTop === 0 && padBottom === 0 && !(first && floats.length > 0) && segmentsOf(segments).every(holdsOnlyBreaks);
  const hang = rowHang(row, skip, padBottom, breakOnly, props.keepLines === true && last && !first);
  const takesTail = last && afterPt > 0 && notes !== undefined && notes.length > 0;
  const unit: { -readonly [K in keyof ParagraphLineUnit]: ParagraphLineUnit[K] } = {
    kind: 'line',
    heightPt: skip + padTop + row.heightPt + padBottom,
    breakAfter: forceBreak ? true : breakAfter,
    emit: emitParagraphLine,
    drawing,
    row,
    segments,
    skip,
    first,
    last,
    // Nearly every line has these two: set after the literal, they took a property array per line.
    hangPt: !takesTail && hang > 0 ? hang : undefined,
    numberedLinePt: props.suppressLineNumbers ? undefined : skip + padTop + row.baselinePt,
  };
  // Other optional fields are set only when present (spreading them in made two objects per line).
  if (takesTail) {
    // The last line of a paragraph that brings footnotes needs its paragraph's space after, and the
    // room its line spacing leaves under the text, above the notes: neither may hang into the note
    // area as they may past the bottom margin. Word's page starts in poi-stress008 (a footnote
    // reference ending most paragraphs): a 1.15-spaced paragraph whose last line and one-line note
    // leave 4.8 pt above the notes, short of its 10 pt after, goes on to the next page with its last
    // two lines (widow control) and the note; with this rule all its 117 page starts are Word's (71
    // before). Lines without notes still let the after hang: Word's render of Docx4j_GettingStarted
    // ends page 11 with a paragraph whose 14 pt auto after has under 4 pt left above the notes.
    unit.tailPt = afterPt;
  }
  if (breakOnly) unit.paintsNothing = true;
  if (laid.nextColumnAt !== undefined && laid.nextColumnAt >= i && laid.nextColumnAt <= lastOfRow) unit.startsColumn = true;
  if (forceBreak) unit.forceBreak = forceBreak;
  if (last && keepWithNext && !forceBreak) unit.keptWithNext = true;
  if ((ctx.compatibilityMode < 13 || ctx.compatibilityMode >= 15) && props.widowControl && !props.keepLines && starts.length >= 2 && r === starts.length - 2 && !forceBreak) unit.holdsWidow = true;
  if (notes && notes.length > 0) unit.notes = notes;
  if (exclusions) unit.exclusions = exclusions;
  if (opensLate) unit.opensLate = true;
  if (reflow) unit.reflow = reflow(r);
  return unit;
}

/**
 * What the line units of one paragraph share to draw themselves: one record per paragraph, where a
 * closure per line (and its context) held the same things again for every line.
 */
interface ParagraphDrawing {
  readonly paragraph: Paragraph;
  readonly content: ParaContent;
  readonly ctx: ParagraphContext;
  readonly boxWidthPt: number;
  /** Border above the first line (w:top, or w:between after a joined paragraph) and below the last. */
  readonly top: Border | undefined;
  readonly bottom: Border | undefined;
  /** Room those borders take above the first line and below the last. */
  readonly topPad: number;
  readonly bottomPad: number;
  /** Width of the column the paragraph starts in (floats relative to the column are placed in it). */
  readonly columnWidth: number;
  /** Floats placed with the first row in the next column or page (LaidParagraph.late). */
  readonly late?: readonly ObjectInline[];
}

/**
 * The unit of one line row of a paragraph: plain data that emitParagraphLine (its `emit`, one
 * function for all lines) draws from, so a spread copy of the unit draws the same.
 */
interface ParagraphLineUnit extends Unit {
  readonly drawing: ParagraphDrawing;
  /** The row's height and baseline (the line itself when the row is one line). */
  readonly row: RowMetrics;
  /** The row's line, or its lines when segments beside floats share the row's baseline. */
  readonly segments: LineBox | readonly LineBox[];
  /** Room above the row's text (its share of exclusions it moved below). */
  readonly skip: number;
  readonly first: boolean;
  readonly last: boolean;
  /** The first row in the next column or page, which places the paragraph's late floats. */
  readonly opensLate?: true;
}

function segmentsOf(segments: LineBox | readonly LineBox[]): readonly LineBox[] {
  return Array.isArray(segments) ? segments : [segments as LineBox];
}

/** Draws a paragraph's line row with its top-left at (x, y): x is the column's left edge. */
function emitParagraphLine(this: ParagraphLineUnit, sink: ItemSink, x: number, y: number): void {
  const { drawing: d, row, first, last } = this;
  const { content, ctx } = d;
  const props = d.paragraph.props;
  const padTop = first ? d.topPad : 0;
  const padBottom = last ? d.bottomPad : 0;
  if (first) for (const m of content.markers) if (isFloat(m.inline) && !d.late?.includes(m.inline)) ctx.drawFloat(m.inline, x, y, sink, d.columnWidth);
  if (this.opensLate) for (const f of d.late!) ctx.drawFloat(f, x, y, sink, d.columnWidth);
  y += this.skip;
  decorateSlice(props, d.boxWidthPt, sink, x, y, padTop + row.heightPt + padBottom, first ? d.top : undefined, last ? d.bottom : undefined, props.shading?.fill);
  if (first && props.outlineLevel !== undefined) sink.heading(headingText(content), props.outlineLevel, y);
  const segments = segmentsOf(this.segments);
  let changed = false;
  for (let k = 0; k < segments.length; k++) {
    const seg = segments[k]!;
    const segY = y + padTop + row.baselinePt - seg.baselinePt;
    const segLast = last && k === segments.length - 1;
    emitLine(seg, content, x, segY, sink, ctx);
    changed ||= ctx.revisionMarkup && isChangedLine(d.paragraph, seg, segLast);
    sink.comments?.line(content, seg, x, segY, segLast, sink);
  }
  if (changed) sink.items.push(changeBar(sink.page.marginLeft, y + padTop, row.heightPt));
}

/** A line with nothing on it but breaks (w:br): it paints nothing. */
export function holdsOnlyBreaks(line: LineBox): boolean {
  return line.fragments.every((f) => f.k === 'special' && f.piece.special.kind === 'break');
}

/** A line row's height, baseline and descent. */
type RowMetrics = Pick<LineBox, 'heightPt' | 'baselinePt' | 'descentPt'>;

/**
 * The first line of each row of a paragraph's lines: a line joined to the previous one shares its row
 * and baseline. Indices rather than row objects: nearly every row is one line, whose own metrics are
 * the row's (rowMetrics), and a row object per line was garbage as soon as its unit was made.
 */
export function rowStarts(laid: LaidParagraph): number[] {
  const starts: number[] = [];
  for (let i = 0; i < laid.lines.length; i++) {
    // A page or column break ends the row even where the next segment was fitted beside it.
    const broken = i > 0 && (laid.lines[i - 1]!.ending === 'page' || laid.lines[i - 1]!.ending === 'column');
    if (i === 0 || !laid.joins?.[i] || broken) starts.push(i);
  }
  return starts;
}

/** The metrics of the row of lines[first..last]: the line itself, or the joined lines' common baseline. */
function rowMetrics(lines: readonly LineBox[], first: number, last: number): RowMetrics {
  let row: RowMetrics = lines[first]!;
  for (let i = first + 1; i <= last; i++) {
    const l = lines[i]!;
    const baselinePt = Math.max(row.baselinePt, l.baselinePt);
    const below = Math.max(row.heightPt - row.baselinePt, l.heightPt - l.baselinePt);
    row = { heightPt: baselinePt + below, baselinePt, descentPt: Math.max(row.descentPt, l.descentPt) };
  }
  return row;
}

function notesOn(content: ParaContent, line: LineBox): NoteCall[] {
  const out: NoteCall[] = [];
  for (const m of content.markers) {
    if (m.inline.kind !== 'noteRef') continue;
    if (m.at >= line.start && m.at < Math.max(line.end, line.start + 1)) out.push({ noteType: m.inline.noteType, id: m.inline.id });
  }
  return out;
}

function headingText(content: ParaContent): string {
  let s = '';
  for (const span of content.spans) s += content.text.slice(span.start, span.end);
  return s.replace(/\s+/g, ' ').trim();
}
