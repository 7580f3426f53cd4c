/**
 * Blocks → units, with the spacing rules between paragraphs (§17.3.1.33): the larger of the previous
 * paragraph's space after and this one's space before (their sum under w:doNotUseHTMLParagraphAutoSpacing),
 * except where w:contextualSpacing suppresses them between paragraphs of the same style. Shared by the
 * paginated body and by unpaged stories.
 *
 * This file turns blocks into units in order (BlockUnitBuilder) and stacks them into stories; the
 * shares of the space between paragraphs (paragraph-spacing.ts), drop caps (drop-cap.ts) and the
 * re-layout of units in columns of other widths (block-reflow.ts) are their own files.
 */
import type { Block, Paragraph, ParagraphBorders, Table } from '../model';
import { appendUnits, spaceUnit, type NoteCall, type Unit } from './flow/units';
import type { ObjectInline } from './inline/itemize';
import type { LineBox } from './inline/line-box';
import { layoutParagraph, wrappingFloats, type LaidParagraph, type ParagraphContext } from './paragraph';
import { holdsOnlyBreaks, paragraphUnits } from './paragraph-units';
import { decorateBetween } from './paragraph-box';
import { ownAfter, spaceAfter, spaceShares } from './paragraph-spacing';
import { newBudget, reflowingLines, reflowingRows } from './block-reflow';
import { dropCapOf, withDropCap, type DropCap } from './drop-cap';
import { lateFloats } from './late-floats';
import { layoutTable, type TableContext } from './table/table';
import { floatingTableUnit, frameUnit, sameFrame } from './frames';
import { noteCallsIn } from './notes';

/** Everything block layout needs. */
export interface BlockContext extends ParagraphContext, TableContext {
  /**
   * Space after and space before add up between two paragraphs instead of collapsing to the larger
   * one: Word's rule when the document asks for w:doNotUseHTMLParagraphAutoSpacing (Word 97–2003
   * spacing; LibreOffice maps the option to its "add spacing between paragraphs" setting).
   */
  readonly addParagraphSpacing?: boolean;
}

/** Stateful converter: feed blocks in order, get their units (including the spacing before each). */
export class BlockUnitBuilder {
  private prev: Paragraph | undefined;
  private prevAfter = 0;
  /** A block came before: the next paragraph is not at the top of the story. */
  private started = false;
  /**
   * How the next block follows a hard page break (see `spaceShares`): 'spent', the previous
   * paragraph's after stayed on the old page and the next paragraph gets only its own share;
   * 'standalone', the break was a paragraph of its own and the next paragraph gets no space at all;
   * 'forced', the next paragraph breaks its own page (w:pageBreakBefore) and gets its own share.
   */
  private broken: 'spent' | 'standalone' | 'forced' | undefined;
  /** A drop cap (framePr dropCap) waiting for the paragraph it belongs to. */
  private dropCap: DropCap | undefined;
  /** Paragraphs of a text frame (framePr, not a drop cap) waiting for the frame's last paragraph. */
  private framed: Paragraph[] = [];

  constructor(
    private readonly widthPt: number,
    private readonly ctx: BlockContext,
  ) {}

  /** Units for a block; `next` is the following block (for keepNext and border joins). */
  units(block: Block, next: Block | undefined): Unit[] {
    // In columns of unequal widths, the width of the column the block starts in.
    const width = this.ctx.columnWidth?.() ?? this.widthPt;
    if (block.kind === 'table') return this.tableUnits(block, width);
    const p = block;
    if (p.props.frame?.dropCap && next?.kind === 'paragraph') {
      this.dropCap = dropCapOf(p, width, this.ctx);
      return [];
    }
    if (p.props.frame && !p.props.frame.dropCap) {
      // Consecutive paragraphs with the same frame properties share one frame (§17.3.1.11).
      this.framed.push(p);
      if (next?.kind === 'paragraph' && sameFrame(next.props.frame, p.props.frame)) return [];
      const paras = this.framed;
      this.framed = [];
      this.started = true;
      return [frameUnit(paras, width, this.ctx)];
    }
    return this.paragraphBlockUnits(p, next, width);
  }

  /** A table's units, after the previous paragraph's space after. */
  private tableUnits(block: Table, width: number): Unit[] {
    const out: Unit[] = [];
    // w:contextualSpacing looks into the table: a paragraph whose style the table's first paragraph
    // shares keeps no space after (Word's render of Docx4j_GettingStarted: an empty List Paragraph
    // over a table of List Paragraph cells sits flush on it).
    const first = block.rows[0]?.cells[0]?.blocks[0];
    const contextual = this.prev?.props.contextualSpacing === true && first?.kind === 'paragraph' && first.props.styleId === this.prev.props.styleId;
    if (this.prevAfter > 0 && this.broken === undefined && !contextual) out.push(spaceUnit(this.prevAfter, true, this.prevAfter));
    this.broken = undefined;
    this.prev = undefined;
    this.prevAfter = 0;
    this.started = true;
    // Table rows carry no numberedLines: line numbering skips tables (§17.6.8, as Word and LibreOffice do).
    const layRows = (w: number) => layoutTable(block, w, this.ctx, (u, r) => withNotes(u, noteCallsIn(block.rows[r]?.cells.flatMap((c) => c.blocks) ?? [])));
    const cells = block.rows.reduce((n, row) => n + row.cells.length, 0);
    const rows = this.ctx.columnWidth && !block.props.floating ? reflowingRows(layRows, width, newBudget(), cells, this.ctx) : layRows(width);
    const floating = block.props.floating ? floatingTableUnit(block, rows, width, this.ctx) : undefined;
    if (floating) out.push(floating);
    else appendUnits(out, rows);
    return out;
  }

  /**
   * A paragraph's units: its lines laid out beside the floats and the drop cap that reach it (or in
   * the next column or page, or again in a column of another width), after the space before it.
   */
  private paragraphBlockUnits(p: Paragraph, next: Block | undefined, width: number): Unit[] {
    const prev = this.prev;
    const nextPara = next?.kind === 'paragraph' ? next : undefined;
    const shares = spaceShares(prev, this.prevAfter, p, this.ctx.addParagraphSpacing === true, !this.started);
    const broken = this.broken;
    this.broken = undefined;
    // Across a hard page break the previous paragraph's share stays on the old page (measured in
    // Word by a peer project, openooxml/betteroffice #616, and in Word's Docx4j_GettingStarted render).
    const prevShare = broken === undefined ? shares.prev : 0;
    const ownShare = broken === 'standalone' ? 0 : shares.own;
    const gap = prevShare + ownShare;
    const ctx = this.ctx;
    const drop = this.dropCap;
    this.dropCap = undefined;
    const wrapAt = drop
      ? (floats: readonly ObjectInline[]) => {
          // Beside the drop cap, and beside the page's floats when there are any.
          const page = ctx.wrapArea?.(gap, floats);
          if (!page) return drop.area;
          const shifted = drop.area.exclusions.map((e) => ({ ...e, x0: e.x0 + page.columnX, x1: e.x1 + page.columnX, y0: e.y0 + page.top, y1: e.y1 + page.top }));
          return { ...page, exclusions: [...page.exclusions, ...shifted] };
        }
      : ctx.wrapArea
        ? (floats: readonly ObjectInline[]) => ctx.wrapArea!(gap, floats)
        : undefined;
    let laid = layoutParagraph(p, width, ctx, wrapAt);
    const join = {
      joinedAbove: prev !== undefined && sameBorders(prev.props.borders, p.props.borders),
      joinedBelow: nextPara !== undefined && sameBorders(p.props.borders, nextPara.props.borders),
    };
    const keepWithNext = p.props.keepNext && next !== undefined;
    const after = ownAfter(p, nextPara);
    let units = paragraphUnits(laid, this.ctx, join, keepWithNext, after);
    const moved = drop ? undefined : this.moveLateFloats(laid, units, width, gap, (l) => paragraphUnits(l, this.ctx, join, keepWithNext, after));
    if (moved) ({ laid, units } = moved);
    if (!drop && this.startsNextColumn(laid, units, gap)) {
      // The paragraph's first lines or its floats do not fit here, so it starts the next column or
      // page, and its floats go there with its first line: lay its lines out beside them there, not
      // beside where they would have been here (superdoc-image-wrapping: a picture with text on its
      // left, its paragraph pushed to the next page, had text running through it).
      laid = layoutParagraph(p, ctx.columnWidth?.(true) ?? width, ctx, (floats) => ctx.wrapArea!(gap, floats, true));
      units = paragraphUnits(laid, this.ctx, join, keepWithNext, after);
      if (units[0]) units[0] = { ...units[0], startsColumn: true };
    } else if (!drop && !moved && ctx.columnWidth && wrappingFloats(laid.content).length === 0 && !isBreakLine(laid.lines[0]!)) {
      // Columns of unequal widths: lines landing in a column of another width are broken again there.
      units = reflowingLines(laid, (l, reflow, from) => paragraphUnits(l, this.ctx, join, keepWithNext, after, reflow, from), ctx, newBudget());
    }
    if (drop && units[0]) units[0] = withDropCap(units[0], drop);
    const out = this.spaced(p, prev, laid, units, join.joinedAbove, prevShare, ownShare);
    this.prev = p;
    this.prevAfter = spaceAfter(p, nextPara);
    const last = laid.lines[laid.lines.length - 1];
    if (last?.ending === 'page') this.broken = laid.lines.every(isBreakLine) ? 'standalone' : 'spent';
    this.started = true;
    return out;
  }

  /**
   * A paragraph's units after the space between it and `prev` (its shares, spaceShares), the space
   * drawn inside their box when they share borders, or split around a page break opening it.
   */
  private spaced(p: Paragraph, prev: Paragraph | undefined, laid: LaidParagraph, units: Unit[], joinedAbove: boolean, prevShare: number, ownShare: number): Unit[] {
    const out: Unit[] = [];
    const gap = prevShare + ownShare;
    const keepPrev = prev?.props.keepNext === true;
    if (units.length > 1 && isBreakLine(laid.lines[0]!)) {
      // The paragraph opens with a page break: the previous paragraph's share of the space stays
      // above the break, the paragraph's own share goes to the top of the new page, above its text
      // (the same peer measurements: an inline break run keeps the space before).
      if (prevShare > 0) out.push(spaceUnit(prevShare, !keepPrev, prevShare));
      out.push(units[0]!);
      if (ownShare > 0) out.push(spaceUnit(ownShare));
      appendUnits(out, units.slice(1));
    } else {
      if (gap > 0 && joinedAbove && prev) {
        // The space between two paragraphs of one border group is inside their box.
        // Its closure holds the box width, not `laid` (nor, through this scope, do the units' reflows).
        const prevShading = prev.props.shading?.fill;
        const boxWidthPt = laid.boxWidthPt;
        out.push({ ...spaceUnit(gap, !keepPrev, prevShare), emit: (sink, x, y) => decorateBetween(p, prevShading, boxWidthPt, sink, x, y, gap) });
      } else if (gap > 0) out.push(spaceUnit(gap, !keepPrev, prevShare));
      appendUnits(out, units);
    }
    return out;
  }

  /**
   * Whether a paragraph with wrapping floats starts the next column or page: its first lines do not
   * fit where it would begin, or its floats (those not already moved on with a later line) push it.
   */
  private startsNextColumn(laid: LaidParagraph, units: readonly Unit[], gap: number): boolean {
    const ctx = this.ctx;
    const floats = wrappingFloats(laid.content);
    if (!ctx.wrapArea || !ctx.roomAt || floats.length === 0) return false;
    if (leadHeight(units) > ctx.roomAt(gap) + 0.05) return true;
    const late = laid.late?.floats;
    const here = late ? floats.filter((f) => !late.includes(f)) : floats;
    return ctx.pushedByFloats?.(gap, here) === true;
  }

  private moveLateFloats(laid: LaidParagraph, units: readonly Unit[], width: number, gap: number, unitsOf: (l: LaidParagraph) => Unit[]): { laid: LaidParagraph; units: Unit[] } | undefined {
    const ctx = this.ctx;
    if (!ctx.wrapArea || !ctx.roomAt || laid.content.markers.length === 0) return undefined;
    const room = ctx.roomAt(gap);
    const late = lateFloats(laid, units, room);
    if (!late) return undefined;
    const there = late.floats.filter((f) => f.anchor!.wrap !== 'none');
    const again = layoutParagraph(laid.paragraph, width, ctx, (floats) => ctx.wrapArea!(gap, floats.filter((f) => !late.floats.includes(f)), false, there));
    const still = lateFloats(again, unitsOf(again), room);
    if (!still || !late.floats.every((f) => still.floats.includes(f))) return undefined;
    const moved = { ...again, late: { floats: late.floats, row: still.row } };
    return { laid: moved, units: unitsOf(moved) };
  }

  /**
   * Goes on from where `other` stopped, as the body does across a continuous section break: the
   * next paragraph is not at the top of its story, and the spacing between it and the previous
   * section's last paragraph collapses as between any two paragraphs.
   */
  continueFrom(other: BlockUnitBuilder): void {
    this.prev = other.prev;
    this.prevAfter = other.prevAfter;
    this.started = other.started;
  }

  /**
   * Starts a section that opens a new page after `other`'s. Word sets the space between the last
   * paragraph before a page break and the first after it as between any two (the larger of after and
   * before), spending the after on the old page: the new page gets only what the before exceeds it by.
   * Its render of Docx4j_GettingStarted: a 24 pt heading-before after a 14 pt auto after starts its
   * page 10 pt down (LibreOffice: 24), and a page-break paragraph with a 10 pt after adds nothing.
   */
  afterPageBreak(other: BlockUnitBuilder): void {
    this.prevAfter = other.prevAfter;
    this.broken = 'spent';
  }

  /**
   * The next paragraph breaks its own page (w:pageBreakBefore): it keeps what its space before
   * exceeds the previous paragraph's after, whatever came before (the peer's 60 Word probes).
   */
  breakBefore(): void {
    this.broken = 'forced';
  }

  /**
   * Space after the last paragraph (for stories that end here). A table cell drops it when it is HTML
   * auto spacing (w:afterAutospacing, §17.3.1.33), as it drops a first paragraph's auto space before
   * (`atTop`): HTML paragraph spacing does not reach the cell's edges. Word's page starts in
   * poi-drawing, whose articles are cells of HTML tables, need the room; LibreOffice 7.4 does the same
   * (tdf#104354), for direct and style auto spacing and in nested cells alike. A stated w:after stays.
   */
  trailingSpace(inCell = false): number {
    return inCell && this.prev?.props.spacing.afterAuto === true ? 0 : this.prevAfter;
  }
}

/**
 * The height a paragraph's units need before the first place the column may break after them (its
 * first line, or more under widow control or keepLines), less what may hang below the margin.
 */
function leadHeight(units: readonly Unit[]): number {
  let h = 0;
  for (const u of units) {
    h += u.heightPt;
    if (u.breakAfter) return h - (u.hangPt ?? 0);
  }
  const last = units[units.length - 1];
  return h - (last?.hangPt ?? 0);
}

/** A line that holds nothing but a page break. */
function isBreakLine(line: LineBox): boolean {
  return line.ending === 'page' && holdsOnlyBreaks(line);
}

function sameBorders(a: ParagraphBorders | undefined, b: ParagraphBorders | undefined): boolean {
  if (!a || !b) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** An unpaged stack of units (a cell, header, footer, note or text box). */
export interface Story {
  readonly units: ReadonlyArray<{ readonly y: number; readonly unit: Unit }>;
  readonly heightPt: number;
}

/**
 * Stacks blocks without pagination. `withTrailingSpace` adds the last paragraph's space after; `inCell`
 * (a table cell) leaves out a last auto space after (BlockUnitBuilder.trailingSpace). What would
 * start below `maxHeightPt` is left out (a header or footer shows no more than its page), and
 * ctx.clipped told.
 */
export function layoutStory(blocks: readonly Block[], widthPt: number, ctx: BlockContext, withTrailingSpace = true, inCell = false, maxHeightPt = Infinity): Story {
  const builder = new BlockUnitBuilder(widthPt, ctx);
  const units: Array<{ y: number; unit: Unit }> = [];
  let y = 0;
  blocks: for (let i = 0; i < blocks.length; i++) {
    for (const unit of builder.units(blocks[i]!, blocks[i + 1])) {
      // A table's rows too: a header table of 100,000 rows was drawn whole on every page.
      if (y > maxHeightPt) {
        ctx.clipped?.();
        break blocks;
      }
      units.push({ y, unit });
      y += unit.heightPt;
    }
  }
  if (withTrailingSpace) y += builder.trailingSpace(inCell);
  return { units, heightPt: y };
}

/** Draws a story with its top-left at (x, y). */
export function emitStory(story: Story, sink: import('./emit/sink').ItemSink, x: number, y: number): void {
  for (const { y: uy, unit } of story.units) unit.emit(sink, x, y + uy);
}

/**
 * A table row with the notes its cells reference (w:footnoteReference in a cell, §17.11.14): the
 * paginator then reserves their room on the row's page. A split row gives them to its first part.
 */
function withNotes(unit: Unit, notes: readonly NoteCall[]): Unit {
  if (notes.length === 0) return unit;
  const split = unit.split;
  return {
    ...unit,
    notes,
    ...(split
      ? {
          split: (room: number, atColumnTop?: boolean) => {
            const parts = split(room, atColumnTop);
            return parts ? ([withNotes(parts[0], notes), parts[1]] as const) : undefined;
          },
        }
      : {}),
  };
}
