/**
 * Blocks → units, with the spacing rules between paragraphs (§17.3.1.33): the larger of the previous
 * paragraph's space after and this one's space before (their sum under w:doNotUseHTMLParagraphAutoSpacing),
 * except where w:contextualSpacing suppresses them between paragraphs of the same style. Shared by the
 * paginated body and by unpaged stories.
 */
import type { Block, Paragraph, ParagraphBorders } from '../model';
import { appendUnits, spaceUnit, type NoteCall, type Reflow, type Unit } from './flow/units';
import type { WrapArea } from './flow/exclusions';
import type { ObjectInline } from './inline/itemize';
import type { LineBox } from './inline/line-box';
import { layoutParagraph, reflowSeedOf, relayoutFrom, wrappingFloats, type LaidParagraph, type ParagraphContext, type ReflowSeed } from './paragraph';
import { holdsOnlyBreaks, paragraphUnits } from './paragraph-units';
import { decorateBetween } from './paragraph-box';
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
    if (block.kind === 'table') {
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
    const out: Unit[] = [];
    const keepPrev = prev?.props.keepNext === true;
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
    if (!drop && ctx.wrapArea && ctx.roomAt && wrappingFloats(laid.content).length > 0 && leadHeight(units) > ctx.roomAt(gap) + 0.05) {
      // The paragraph's first lines do not fit here, so it starts the next column or page, and its
      // floats go there with its first line: lay its lines out beside them there, not beside where
      // they would have been here (superdoc-image-wrapping: a picture with text on its left, its
      // paragraph pushed to the next page, had text running through it).
      laid = layoutParagraph(p, ctx.columnWidth?.(true) ?? width, ctx, (floats) => ctx.wrapArea!(gap, floats, true));
      units = paragraphUnits(laid, this.ctx, join, keepWithNext, after);
      if (units[0]) units[0] = { ...units[0], startsColumn: true };
    } else if (!drop && !moved && ctx.columnWidth && wrappingFloats(laid.content).length === 0 && !isBreakLine(laid.lines[0]!)) {
      // Columns of unequal widths: lines landing in a column of another width are broken again there.
      units = reflowingLines(laid, (l, reflow, from) => paragraphUnits(l, this.ctx, join, keepWithNext, after, reflow, from), ctx, newBudget());
    }
    if (drop && units[0]) units[0] = withDropCap(units[0], drop);
    if (units.length > 1 && isBreakLine(laid.lines[0]!)) {
      // The paragraph opens with a page break: the previous paragraph's share of the space stays
      // above the break, the paragraph's own share goes to the top of the new page, above its text
      // (the same peer measurements: an inline break run keeps the space before).
      if (prevShare > 0) out.push(spaceUnit(prevShare, !keepPrev, prevShare));
      out.push(units[0]!);
      if (ownShare > 0) out.push(spaceUnit(ownShare));
      appendUnits(out, units.slice(1));
    } else {
      if (gap > 0 && join.joinedAbove && prev) {
        // The space between two paragraphs of one border group is inside their box.
        // Its closure holds the box width, not `laid` (nor, through this scope, do the units' reflows).
        const prevShading = prev.props.shading?.fill;
        const boxWidthPt = laid.boxWidthPt;
        out.push({ ...spaceUnit(gap, !keepPrev, prevShare), emit: (sink, x, y) => decorateBetween(p, prevShading, boxWidthPt, sink, x, y, gap) });
      } else if (gap > 0) out.push(spaceUnit(gap, !keepPrev, prevShare));
      appendUnits(out, units);
    }
    this.prev = p;
    this.prevAfter = spaceAfter(p, nextPara);
    const last = laid.lines[laid.lines.length - 1];
    if (last?.ending === 'page') this.broken = laid.lines.every(isBreakLine) ? 'standalone' : 'spent';
    this.started = true;
    return out;
  }

  /**
   * The paragraph laid out again with its floats anchored in lines that go on in the next column or
   * page placed there (LaidParagraph.late), its lines here at the width they have without them;
   * undefined when it has none, or when without them here their anchors would no longer go on.
   */
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
 * What a block may spend laying itself out again in columns of other widths (unequal w:cols): each move
 * into a column of another width lays the block out anew (a paragraph all its lines, a table all its
 * cells), so a long block crossing many such columns costs its size times their number. Past
 * REFLOW_BUDGET lines or cells its units keep the width they were laid at, with a warning: a
 * 20,000-line paragraph across 45 narrow unequal columns took 85 s and ran out of 4 GB, a 2,000-row
 * table 15 s and 2 GB (0.6 s and 1.5 s in equal columns).
 */
interface ReflowBudget {
  spent: number;
  warned: boolean;
}

const REFLOW_BUDGET = 50_000;

const newBudget = (): ReflowBudget => ({ spent: 0, warned: false });

/** Takes `cost` (lines or cells) from a block's budget; false, warning once, when it is spent. */
function spend(budget: ReflowBudget, cost: number, ctx: BlockContext): boolean {
  if (budget.spent + cost <= REFLOW_BUDGET) {
    budget.spent += cost;
    return true;
  }
  if (!budget.warned) ctx.warn?.('layout/reflow-clamped', `A paragraph or table crosses more columns of other widths than can be laid out again (${REFLOW_BUDGET} lines or cells); its rest keeps the width it was laid out at.`);
  budget.warned = true;
  return false;
}

/**
 * The units of a paragraph laid out without floats, each able to lay out again, at another column
 * width, its own line and the paragraph's lines after it (relayoutFrom): the lines before it stay.
 */
function reflowingLines(laid: LaidParagraph, make: MakeUnits, ctx: BlockContext, block: ReflowBudget, fromRow = 0): Unit[] {
  return make(laid, rowReflows(reflowSeedOf(laid), make, ctx, block), fromRow);
}

/** A laid paragraph's units from row `fromRow` on, each given its Reflow. */
type MakeUnits = (laid: LaidParagraph, reflow: (row: number) => Reflow, fromRow: number) => Unit[];

/** Each row's Reflow: its closures hold the layout's seed, not its lines (ReflowSeed). */
function rowReflows(seed: ReflowSeed, make: MakeUnits, ctx: BlockContext, block: ReflowBudget): (row: number) => Reflow {
  return (row) => ({
    widthPt: seed.widthAt?.(row) ?? seed.boxWidthPt,
    block,
    at: byWidth((w) => {
      const again = spend(block, seed.lineStarts.length, ctx) ? relayoutFrom(seed, row, w, ctx) : undefined;
      return again ? reflowingLines(again, make, ctx, block, row) : undefined;
    }),
  });
}

/**
 * A table's rows laid out at a column's width, each able to lay itself and the rows after it out
 * again at another: a table that moves on whole into a column of another width takes that column's
 * width, and so do the rows that continue it there (Word lays each part out in its own column: a
 * percentage width is resolved again, a fixed one kept and placed by the new column's edges). The
 * rest of a row split across the two keeps the grid it was cut at.
 */
function reflowingRows(layRows: (widthPt: number) => Unit[], widthPt: number, block: ReflowBudget, cells: number, ctx: BlockContext): Unit[] {
  // One layout per width for the whole table, however often it changes columns.
  const at: (w: number) => Unit[] | undefined = byWidth((w) =>
    w === widthPt || spend(block, cells, ctx) ? layRows(w).map((u, r) => ({ ...u, reflow: { widthPt: w, block, at: (v: number) => at(v)?.slice(r) } })) : undefined);
  return at(widthPt)!;
}

/**
 * Memoises a re-layout by width (column balancing tries the same widths many times). The map is made
 * on first use: most units are never laid out again, and one empty map per line was 61 MiB of a
 * 120,000-line paragraph's units.
 */
export function byWidth<T>(lay: (widthPt: number) => T): (widthPt: number) => T {
  let done: Map<number, T> | undefined;
  return (widthPt) => {
    const key = Math.round(widthPt * 100);
    done ??= new Map<number, T>();
    if (!done.has(key)) done.set(key, lay(widthPt));
    return done.get(key)!;
  };
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

/** A drop cap's letter(s) laid out, and the area the paragraph it starts must wrap around. */
interface DropCap {
  readonly units: readonly Unit[];
  /** Where the letter goes relative to the paragraph's column: 0, or left of it in the margin. */
  readonly dx: number;
  readonly area: WrapArea;
}

/**
 * A drop cap (w:framePr w:dropCap, §17.3.1.11): the frame paragraph's text, as wide as its ink plus
 * hSpace and as tall as its lines, sits at the start of the next paragraph, whose first lines wrap
 * beside it ('drop'), or in the margin to its left ('margin').
 */
function dropCapOf(p: Paragraph, widthPt: number, ctx: BlockContext): DropCap {
  const laid = layoutParagraph(p, widthPt, ctx);
  let ink = 0;
  let height = 0;
  for (const l of laid.lines) {
    ink = Math.max(ink, l.inkRightPt - p.props.indent.leftPt);
    height += l.heightPt;
  }
  const frame = p.props.frame!;
  const width = ink + (frame.hSpacePt ?? 0);
  const units = paragraphUnits(laid, ctx, { joinedAbove: false, joinedBelow: false }, false);
  const inMargin = frame.dropCap === 'margin';
  const exclusions = inMargin ? [] : [{ x0: 0, y0: 0, x1: width, y1: height, wrap: 'square' as const, side: 'right' as const }];
  return { units, dx: inMargin ? -width : 0, area: { top: 0, columnX: 0, exclusions } };
}

function withDropCap(first: Unit, drop: DropCap): Unit {
  const own = first.exclusions;
  return {
    ...first,
    // The following paragraphs of the page wrap around the letter too, down to its bottom.
    exclusions(x, y) {
      const shifted = drop.area.exclusions.map((e) => ({ ...e, x0: e.x0 + x, x1: e.x1 + x, y0: e.y0 + y, y1: e.y1 + y }));
      return own ? [...own(x, y), ...shifted] : shifted;
    },
    emit(sink, x, y) {
      first.emit(sink, x, y);
      let dy = 0;
      for (const u of drop.units) {
        u.emit(sink, x + drop.dx, y + dy);
        dy += u.heightPt;
      }
    },
  };
}

/**
 * The space between two paragraphs (§17.3.1.33), in its two shares: the larger of the previous
 * paragraph's space after and this one's space before — Word collapses them, it does not add them
 * (checked against Word's own renders in the corpus: a 15 pt after and a 24 pt before give 24 pt) —
 * counted as the after (`prev`) plus what the before exceeds it by (`own`). The shares behave apart:
 * across a hard page break the after stays on the old page (BlockUnitBuilder.broken), and
 * w:contextualSpacing between paragraphs of the same style drops the share of each paragraph that
 * sets it. With `add` (the document's w:doNotUseHTMLParagraphAutoSpacing) they add up, as in Word
 * 97–2003 documents. HTML auto spacing (beforeAutospacing) vanishes at the top of a story (`atTop`)
 * and between items of the same list, but not after a table (Word's render of Docx4j_GettingStarted
 * keeps 14 pt between a table and the auto-spaced paragraph below it).
 */
export function spaceShares(prev: Paragraph | undefined, prevAfter: number, p: Paragraph, add = false, atTop = prev === undefined): { prev: number; own: number } {
  const sp = p.props.spacing;
  const sameStyle = prev !== undefined && prev.props.styleId === p.props.styleId;
  let before = sp.beforePt;
  if (sp.beforeAuto && (atTop || (prev !== undefined && sameList(prev, p)))) before = 0;
  // Each paragraph's w:contextualSpacing drops only its own share: the previous paragraph gives its
  // after, this one what its before exceeds that after by (a peer's measurements of Word: a toggled
  // 10 pt after over an untoggled 12 pt before of the same style leaves 2 pt).
  const prevShare = prev ? afterShare(prev, prevAfter, p) : prevAfter;
  const ownShare = p.props.contextualSpacing && sameStyle ? 0 : add ? before : Math.max(0, before - prevAfter);
  return { prev: prevShare, own: ownShare };
}

/** A line that holds nothing but a page break. */
function isBreakLine(line: LineBox): boolean {
  return line.ending === 'page' && holdsOnlyBreaks(line);
}

/** The part of the space below a paragraph that is its own space after (what w:contextualSpacing leaves of it). */
function ownAfter(p: Paragraph, next: Paragraph | undefined): number {
  return afterShare(p, spaceAfter(p, next), next);
}

/** A paragraph's share of the space before `next`: its space after, unless its w:contextualSpacing drops it there. */
function afterShare(p: Paragraph, after: number, next: Paragraph | undefined): number {
  return p.props.contextualSpacing && next !== undefined && next.props.styleId === p.props.styleId ? 0 : after;
}

function spaceAfter(p: Paragraph, next: Paragraph | undefined): number {
  const sp = p.props.spacing;
  if (sp.afterAuto && next !== undefined && sameList(p, next)) return 0;
  return sp.afterPt;
}

function sameList(a: Paragraph, b: Paragraph): boolean {
  return a.props.list !== undefined && b.props.list !== undefined && a.props.list.numId === b.props.list.numId;
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
