/**
 * Paragraph layout: itemize → break opportunities (WASM kernel) → shape → fill lines → finish,
 * then the units the paginator places (one per line, with widow/orphan and keep rules).
 */
import type { Block, Border, Inline, LayoutItem, Paragraph } from '../model';
import { shadowRoom } from './border-lines';
import type { LayoutBudget } from './budget';

import { emitLine, type EmitContext } from './emit/line';
import { decorateSlice } from './paragraph-box';
import { changeBar, isChangedLine } from './revisions';
import type { ItemSink } from './emit/sink';
import type { NoteCall, Reflow, Unit } from './flow/units';
import { breakLines, type LineGeometry } from './inline/break-lines';
import { itemizeParagraph, type ItemizeContext, type ObjectInline, type ParaContent } from './inline/itemize';
import { finishLines, type LineBox, type LineBoxParams } from './inline/line-box';
import { shapePieces, type Piece, type WordCache } from './inline/pieces';
import { sortStops } from './inline/tabs';
import { findBreakOpportunities } from './kernel';
import { BreakAction } from './linebreak-types';
import { hasStaticContent, holdMeasured, keepMinimum, keptMinimum, takeMeasured } from './measured-content';
import { exclusionsBelow, wrapFits, type Exclusion, type WrapArea } from './flow/exclusions';

/**
 * The share of its width a space between words gives up where a justified line (w:jc both) takes
 * one more word in Word 2013 and later layouts (compatibilityMode 15): the word stays on the line
 * when the line's spaces, shrunk by this share, make room for it, and the line is set with its
 * spaces that much narrower. Earlier layouts and other alignments only stretch. ECMA-376 is silent;
 * LibreOffice shrinks such lines too (tdf#119908, tdf#158776), to three quarters of a space. Measured
 * on Word's saved page starts: superdoc-40-pages (Times New Roman 10.5 pt) keeps all 39 only with a
 * share from 0.13 to 0.20 (0.125 loses 5, 0.205 and LibreOffice's 0.25 put a word on a line Word
 * wrapped), tika-testWORD_formattingFlipUnderlineOrder keeps its 3 from 0.1; the middle of that range.
 */
const JUSTIFY_SHRINK_SHARE = 1 / 6;

/** Context for laying out paragraphs in a story. */
export interface ParagraphContext extends ItemizeContext, EmitContext {
  readonly defaultTabPt: number;
  /** w:compatSetting compatibilityMode: decides what a tab stop past the right indent does. */
  readonly compatibilityMode: number;
  /** Shaped words of the document, shared by all its stories. */
  readonly wordCache: WordCache;
  /** The layout's size budget: every paragraph laid out spends its lines and characters (none in measuring tests). */
  readonly budget?: LayoutBudget;
  /** Line pitch of the section's document grid, when it has one (w:docGrid type lines). */
  readonly gridPitchPt?: number;
  /**
   * A table cell's first paragraph on the grid and the room above it inside the row (the row's top
   * border and the cell's top margin), which its first line shares its first grid line with.
   */
  readonly gridLead?: { readonly paragraph: Paragraph; readonly pt: number };
  /**
   * Body text only: where a paragraph starting after `gapPt` of spacing would begin on the current
   * page and what it must wrap around (earlier floats there and its own `floats`); undefined when
   * nothing is in the way. With `next`, the same at the top of the next column or page instead.
   * `late` are its floats anchored in lines that go on in the next column or page: they are placed
   * there, from the top of the paragraph's part there (WrapArea.next), not here.
   */
  wrapArea?(gapPt: number, floats: readonly ObjectInline[], next?: boolean, late?: readonly ObjectInline[]): WrapArea | undefined;
  /**
   * Body text only: the room below where a paragraph starting after `gapPt` of spacing would begin
   * (Infinity at the top of a column, where a paragraph stays however tall it is).
   */
  roomAt?(gapPt: number): number;
  /**
   * Body text only: the exclusions of a paragraph's wrapping floats once its first line is placed, in
   * the paragraph's column (`columnWidth` wide; the text width when not given).
   */
  floatExclusions?(floats: readonly ObjectInline[], columnX: number, paragraphTop: number, columnWidth?: number): Exclusion[];
  /** Header and footer text only: its text frames with w:wrap="none" keep no body text out (frames.ts). */
  readonly isChrome?: boolean;
  /**
   * Header and footer text only: the most lines a paragraph keeps (as many as the page has points,
   * a visible line being at least a point tall); the rest of a longer one is not laid out, and
   * `clipped` is told (chrome-stories.ts).
   */
  readonly maxLines?: number;
  /** Told when a paragraph or story is cut short at maxLines or at its story's height (layoutStory). */
  clipped?(): void;
  /** Body text only: the height of the section's page body (a floating table taller than it stays inline). */
  readonly bodyHeightPt?: number;
  /**
   * Body text in columns of unequal widths only (w:equalWidth="0"): the width of the column a block
   * would start in here, or with `next` of the next column or page. Absent: all columns are as wide.
   */
  columnWidth?(next?: boolean): number | undefined;
  /** Reports a layout diagnostic. */
  warn?(code: string, message: string): void;
}

/** A paragraph broken into lines for one box width. */
export interface LaidParagraph {
  readonly paragraph: Paragraph;
  readonly content: ParaContent;
  readonly lines: readonly LineBox[];
  readonly boxWidthPt: number;
  /** Space above each line where wrapping moved it below a float (absent when none moved). */
  readonly skips?: readonly number[];
  /**
   * Lines that continue the previous one at the same height, in the next free span beside a float
   * (both-sides wrapping); absent when there are none.
   */
  readonly joins?: readonly boolean[];
  /** The line that starts the next column: below the floats it clears it no longer fits (absent: none). */
  readonly nextColumnAt?: number;
  /**
   * The box width of each line where lines differ (a paragraph continued in a column of another
   * width, relayoutFrom); absent: `boxWidthPt` for all.
   */
  readonly widthAt?: (line: number) => number;
  /** Its lines were fitted beside floats (a wrap area reached it). */
  readonly wrapped?: boolean;
  /**
   * Floats anchored in lines that go on in the next column or page (lateFloats), placed there from
   * the top of the paragraph's part there: its line row `row`, the first there.
   */
  readonly late?: LateFloats;
}

/** A paragraph's floats whose anchors go on in the next column or page, and the first row there. */
export interface LateFloats {
  readonly floats: readonly ObjectInline[];
  readonly row: number;
}

/**
 * Line-break opportunities of a paragraph's text, none inside the base of a phonetic guide: Word
 * keeps a ruby (w:ruby, §17.3.3.25) on one line. A run of tabs (w:tab, §17.3.3.32) right after a
 * word may also start a line: tabs whose stop the line cannot reach go on to the next line, the
 * word before them staying (UAX #14 keeps a tab, class BA, with the text before it, which then
 * wrapped with it). After a space the kernel already breaks there; a run stays whole.
 */
function breaksOf(content: ParaContent): Uint8Array {
  const breaks = findBreakOpportunities(content.text);
  const text = content.text;
  for (let i = text.indexOf('\t', 1); i > 0; i = text.indexOf('\t', i + 1)) {
    const before = text.charCodeAt(i - 1);
    if (before !== 0x09 && before !== 0x20 && breaks[i] === BreakAction.NONE) breaks[i] = BreakAction.ALLOWED;
  }
  if (content.rubies) for (const r of content.rubies) breaks.fill(0, r.start + 1, r.end);
  return breaks;
}

/**
 * Lays out a paragraph's lines in a box of the given width. With a wrap area (body text on a page
 * holding wrapping floats), lines are fitted beside the floats or moved below them. Equation arrays
 * spread to the line's width (m:maxDist) unless `natural` asks for the text's own width.
 */
export function layoutParagraph(p: Paragraph, boxWidthPt: number, ctx: ParagraphContext, wrapAt?: (floats: readonly ObjectInline[]) => WrapArea | undefined, natural = false): LaidParagraph {
  const ind = p.props.indent;
  const limit = boxWidthPt - lineIndent(p).rightPt;
  // A table cell's paragraph measured for AutoFit just before comes itemized and shaped (measured-content.ts).
  const measured = takeMeasured(p, ctx);
  const content = measured?.content ?? itemizeParagraph(p, ctx, natural ? undefined : limit - Math.max(0, ind.leftPt));
  const breaks = measured?.breaks ?? breaksOf(content);
  const pieces = measured?.pieces ?? shapePieces(content, breaks, ctx.wordCache, limit - Math.max(0, ind.leftPt));
  const plain = fillLines(p, content, pieces, breaks, ctx, boxWidthPt, () => limit, undefined, true);
  const wrap = wrapAt?.(wrappingFloats(content));
  if (!wrap || !(exclusionsBelow(wrap.exclusions, wrap.top, wrap.columnX, wrap.columnX + boxWidthPt) || goesOnBeside(wrap, plain))) return { paragraph: p, content, lines: plain, boxWidthPt };
  const fit = wrapFits(wrap, boxWidthPt, ind.leftPt, ind.rightPt, plain.map((l) => l.heightPt));
  const lines = fillLines(p, content, pieces, breaks, ctx, boxWidthPt, (i) => fit(i).limit, {
    shiftX: (i) => fit(i).shift,
    leavesRoom: (i) => fit(i + 1).join === true,
    clearBefore: (i, side) => fit.clear(i, side),
    breakBefore: (i, kind) => fit.breakBefore(i, kind),
  });
  const skips = lines.map((_, i) => fit(i).skip);
  const joins = lines.map((_, i) => fit(i).join === true);
  const nextColumnAt = lines.findIndex((_, i) => fit(i).nextColumn === true);
  return {
    paragraph: p, content, lines, boxWidthPt, wrapped: true,
    ...(skips.some((s) => s > 0) ? { skips } : {}), ...(joins.some((j) => j) ? { joins } : {}), ...(nextColumnAt >= 0 ? { nextColumnAt } : {}),
  };
}

/** Whether the paragraph's lines, at their unwrapped heights, run past the column's bottom into floats known there. */
function goesOnBeside(wrap: WrapArea, lines: readonly { readonly heightPt: number }[]): boolean {
  if (!wrap.next || wrap.bottom === undefined) return false;
  let y = wrap.top;
  for (const l of lines) y += l.heightPt;
  return y > wrap.bottom + 0.01;
}

/**
 * The paragraph laid out again from line `from` on in a box `boxWidthPt` wide, its earlier lines in
 * the widths they had: the rest of a paragraph that continues in a column of another width (w:cols
 * w:equalWidth="0", §17.6.4) is broken again there, as Word does, while the lines already set stay.
 * Only for a paragraph laid out without wrapping around floats; undefined when its earlier lines
 * would not come out the same.
 */
export function relayoutFrom(seed: ReflowSeed, from: number, boxWidthPt: number, ctx: ParagraphContext): LaidParagraph | undefined {
  if (seed.wrapped || from > seed.lineStarts.length - 1) return undefined;
  const p = seed.paragraph;
  const content = seed.content;
  const breaks = breaksOf(content);
  const right = lineIndent(p).rightPt;
  // The widths close over these two, not over the seed: each re-layout would keep the one before alive.
  const before = seed.widthAt;
  const firstWidthPt = seed.boxWidthPt;
  const widthAt = (i: number) => (i >= from ? boxWidthPt : before ? before(i) : firstWidthPt);
  const pieces = shapePieces(content, breaks, ctx.wordCache, boxWidthPt - right - Math.max(0, p.props.indent.leftPt));
  const lines = fillLines(p, content, pieces, breaks, ctx, boxWidthPt, (i) => widthAt(i) - right, undefined, true);
  if (from > 0 && lines[from]?.start !== seed.lineStarts[from]) return undefined;
  return { paragraph: p, content, lines, boxWidthPt, ...(from > 0 ? { widthAt } : {}) };
}

/**
 * What relayoutFrom needs of a laid paragraph: where each line starts, not the lines. A unit that may
 * be laid out again holds this, so it does not keep every line of its layout alive: in 45 unequal
 * columns, each column a paragraph moved into kept a whole layout of it (with the unit → block map,
 * 750 MiB live for a 43-page hostile file).
 */
export interface ReflowSeed {
  readonly paragraph: Paragraph;
  readonly content: ParaContent;
  readonly boxWidthPt: number;
  readonly widthAt?: (line: number) => number;
  readonly wrapped?: boolean;
  /** The text offset each line starts at. */
  readonly lineStarts: Float64Array;
}

/** The seed of a laid paragraph (ReflowSeed). */
export function reflowSeedOf(laid: LaidParagraph): ReflowSeed {
  const lineStarts = new Float64Array(laid.lines.length);
  for (let i = 0; i < lineStarts.length; i++) lineStarts[i] = laid.lines[i]!.start;
  const { paragraph, content, boxWidthPt, widthAt, wrapped } = laid;
  return { paragraph, content, boxWidthPt, lineStarts, ...(widthAt ? { widthAt } : {}), ...(wrapped ? { wrapped } : {}) };
}

/**
 * The width blocks' text needs when lines break only where they must (at most `maxWidthPt`): the
 * widest line of each paragraph set flush left, plus its right indent. Sizes auto-width text frames
 * and the length of rotated cell text. Tables inside count as nothing. A display equation counts at
 * its own width, not the whole line it takes, and an equation array at its own width, not spread.
 */
export function naturalWidth(blocks: readonly Block[], maxWidthPt: number, ctx: ParagraphContext): number {
  let widest = 0;
  for (const b of blocks) {
    if (b.kind !== 'paragraph') continue;
    const flush: Paragraph = { ...b, props: { ...b.props, alignment: 'left' } };
    for (const l of layoutParagraph(flush, maxWidthPt, ctx, undefined, true).lines) widest = Math.max(widest, contentRight(l) + b.props.indent.rightPt);
  }
  return Math.min(maxWidthPt, widest);
}

/** Where a line's content ends: its ink, but a display equation (a piece as wide as the line) at its box's width. */
function contentRight(l: LineBox): number {
  let right: number | undefined;
  for (const f of l.fragments) {
    if (f.k !== 'special' || f.piece.special.kind !== 'math' || !f.piece.special.display) continue;
    const m = f.piece.special;
    right = Math.max(right ?? 0, f.x + Math.max(m.box.width, m.groupWidth ?? 0));
  }
  if (right === undefined) return l.inkRightPt;
  for (const f of l.fragments) if (f.k === 'glyphs') right = Math.max(right, f.x + f.width);
  return right;
}

/**
 * The narrowest box a paragraph's text fits without breaking inside a word: its widest stretch of
 * glyphs between two line-break opportunities (the kernel's, as line filling uses them), set at the
 * paragraph's indents (the first line's for its first word). Trailing spaces hang and do not count;
 * inline objects count as nothing (a Word-saved grid keeps a picture wider than its cell:
 * oxpt-WC023, whose LibreOffice render keeps the columns too). Equations count: inline math by its
 * widest stretch between break points (its pieces, itemize.ts), display math whole (the pieces are
 * shaped without a line width, so it is not broken). Sizes autofit table columns (§17.4.53).
 * A paragraph whose content depends on nothing but itself is measured once per layout
 * (measured-content.ts): nested autofit tables ask again at each width.
 */
export function minContentWidth(p: Paragraph, ctx: ParagraphContext): number {
  const fixed = hasStaticContent(p);
  const kept = fixed ? keptMinimum(p, ctx) : undefined;
  if (kept !== undefined) return kept;
  const pt = measureMinimum(p, ctx, fixed);
  if (fixed) keepMinimum(p, ctx, pt);
  return pt;
}

function measureMinimum(p: Paragraph, ctx: ParagraphContext, fixed: boolean): number {
  const content = itemizeParagraph(p, ctx);
  if (content.text.length === 0) return 0;
  const breaks = breaksOf(content);
  const pieces = shapePieces(content, breaks, ctx.wordCache);
  if (fixed) holdMeasured(p, ctx, { content, breaks, pieces });
  const ind = lineIndent(p);
  let widest = 0;
  let x = ind.leftPt + ind.firstLinePt;
  let w = 0;
  let hang = 0;
  for (let k = 0; k < pieces.length; k++) {
    const piece = pieces[k]!;
    const forced = piece.k === 'special' && piece.special.kind === 'break';
    if (k > 0 && breaks[piece.start] !== 0) {
      widest = Math.max(widest, x + w - hang);
      x = ind.leftPt;
      w = 0;
    }
    const counts = piece.k === 'glyphs' || piece.special.kind === 'math';
    w += counts ? piece.width : 0;
    hang = counts ? (piece.trailingSpace ?? 0) : 0;
    if (forced) {
      widest = Math.max(widest, x + w - hang);
      x = ind.leftPt;
      w = 0;
      hang = 0;
    }
  }
  widest = Math.max(widest, x + w - hang);
  return Math.max(0, widest + ind.rightPt);
}

function fillLines(
  p: Paragraph,
  content: ParaContent,
  pieces: ReturnType<typeof shapePieces>,
  breaks: Uint8Array,
  ctx: ParagraphContext,
  boxWidthPt: number,
  limitX: (line: number) => number,
  wrap?: Pick<LineGeometry, 'shiftX' | 'leavesRoom' | 'clearBefore' | 'breakBefore'>,
  mirrors = false,
): LineBox[] {
  const ind = mirrors ? lineIndent(p) : p.props.indent;
  const geometry: { -readonly [K in keyof LineGeometry]: LineGeometry[K] } = {
    firstStartX: ind.leftPt + ind.firstLinePt - labelLead(p, pieces),
    otherStartX: ind.leftPt,
    limitX,
    tabs: {
      stops: sortStops(p.props.tabs),
      defaultTabPt: ctx.defaultTabPt,
      leftIndentPt: ind.leftPt,
      hanging: ind.firstLinePt < 0,
      pastLimit: ctx.compatibilityMode >= 15 ? 'spacing' : 'margin',
      boxWidthPt,
    },
  };
  if (wrap) Object.assign(geometry, wrap);
  if (content.labelEnd) geometry.labelEnd = content.labelEnd;
  const legacy = p.props.list?.legacy;
  if (legacy && content.labelEnd && p.props.list?.suffix === 'tab') geometry.tabs = { ...geometry.tabs, legacyLabel: { end: content.labelEnd, ...legacy } };
  if (ctx.compatibilityMode >= 15 && p.props.alignment === 'both') geometry.shrinkSpaces = JUSTIFY_SHRINK_SHARE;
  if (ctx.budget) geometry.maxLines = ctx.budget.linesLeft(content.text.length, content.specials.size, pieces.length);
  if (ctx.maxLines !== undefined) geometry.maxLines = Math.min(geometry.maxLines ?? Infinity, ctx.maxLines);
  let drafts = breakLines(pieces, breaks, content.text, geometry);
  // Past the budget's lines breaking stops one line on, and spendLines ends the layout; past maxLines
  // (fewer) the paragraph keeps maxLines.
  if (ctx.maxLines !== undefined && drafts.length > ctx.maxLines) {
    drafts = drafts.slice(0, ctx.maxLines);
    ctx.clipped?.();
  }
  const params: { -readonly [K in keyof LineBoxParams]: LineBoxParams[K] } = {
    alignment: p.props.alignment,
    spacing: p.props.spacing.line,
    markProps: p.markProps,
    faces: ctx.faces,
    limitX,
    text: content.text,
  };
  if (p.props.snapToGrid && ctx.gridPitchPt) {
    params.gridPitchPt = ctx.gridPitchPt;
    if (ctx.gridLead?.paragraph === p) params.gridLeadPt = ctx.gridLead.pt;
  }
  if (content.bidi) params.bidi = content.bidi;
  if (p.props.bidi && mirrors) params.mirrorWidthPt = boxWidthPt;
  if (content.labelEnd) params.labelEnd = content.labelEnd;
  ctx.budget?.spendLines(drafts.length, content.text.length, content.specials.size, pieces.length);
  return finishLines(drafts, params);
}

/**
 * How far a right or centred list label (w:lvl/w:lvlJc, §17.9.7) starts before the first line's
 * start: Word sets such a label with its right edge, or its middle, at the number position (the
 * first line's indent), so it may reach into the margin (a right-justified `I.` at indent 0), and
 * what follows (the tab to the next stop, a space) begins where the label ends. A left label, the
 * default, starts there. Right-to-left paragraphs keep their labels at the start.
 */
function labelLead(p: Paragraph, pieces: readonly Piece[]): number {
  const list = p.props.list;
  if (!list || list.alignment === 'left' || p.props.bidi || list.text === '') return 0;
  const end = list.text.length;
  let width = 0;
  for (const piece of pieces) {
    if (piece.start >= end) break;
    if (piece.k !== 'glyphs') continue;
    if (piece.end <= end) {
      width += piece.width;
      continue;
    }
    // The label's last piece may hold its suffix or, with no suffix, the text after it.
    for (let g = 0; g < piece.advances.length; g++) if (piece.start + piece.rel[g]! < end) width += piece.advances[g]!;
  }
  return list.alignment === 'right' ? width : width / 2;
}

/**
 * Indents in the frame lines are filled in: a right-to-left paragraph (w:bidi) is filled from the
 * right edge, so its start (physical right) indent leads; the model's indents are physical.
 */
function lineIndent(p: Paragraph): Paragraph['props']['indent'] {
  const ind = p.props.indent;
  return p.props.bidi ? { ...ind, leftPt: ind.rightPt, rightPt: ind.leftPt } : ind;
}

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
  // The units hold the paragraph, its content and box width, never `laid`: its lines after a unit's
  // own belong to later units, and a unit kept on its page would keep them all (ReflowSeed).
  const p = laid.paragraph;
  const content = laid.content;
  const boxWidthPt = laid.boxWidthPt;
  const props = p.props;
  const n = laid.lines.length;
  const b = props.borders;
  const top = join.joinedAbove ? b?.between : b?.top;
  const bottom = join.joinedBelow ? undefined : b?.bottom;
  const topPad = top ? top.widthPt + top.spacePt : 0;
  const bottomPad = bottom ? bottom.widthPt + bottom.spacePt + shadowRoom(bottom) : 0;
  const units: Unit[] = [];
  const late = laid.late;
  const floats = late ? wrappingFloats(content).filter((f) => !late.floats.includes(f)) : wrappingFloats(content);
  const lateWrapping = late ? late.floats.filter((f) => f.anchor!.wrap !== 'none') : [];
  const hasNotes = content.markers.some((m) => m.inline.kind === 'noteRef');
  const starts = rowStarts(laid);
  // A float positioned relative to the column (wp:positionH relativeFrom="column", ST_RelFromH
  // §20.4.3.4) is placed in the column the paragraph starts in: the box its first line was laid out in.
  const columnWidth = laid.widthAt?.(0) ?? laid.boxWidthPt;
  const drawing: ParagraphDrawing = { paragraph: p, content, ctx, boxWidthPt, top, bottom, topPad, bottomPad, columnWidth, ...(late ? { late: late.floats } : {}) };
  for (let r = fromRow; r < starts.length; r++) {
    const i = starts[r]!;
    const lastOfRow = r + 1 < starts.length ? starts[r + 1]! - 1 : n - 1;
    const row = rowMetrics(laid.lines, i, lastOfRow);
    const line = laid.lines[lastOfRow]!;
    const skip = laid.skips?.[i] ?? 0;
    const first = i === 0;
    const last = lastOfRow === n - 1;
    const padTop = first ? topPad : 0;
    const padBottom = last ? bottomPad : 0;
    let breakAfter = true;
    if (props.keepLines && !last) breakAfter = false;
    if (props.widowControl && starts.length >= 2 && (r === 0 || r === starts.length - 2)) breakAfter = false;
    if (last) breakAfter = !keepWithNext;
    const segments = i === lastOfRow ? line : laid.lines.slice(i, lastOfRow + 1);
    const notes = hasNotes ? segmentsOf(segments).flatMap((l) => notesOn(content, l)) : undefined;
    const forceBreak = line.ending === 'page' ? 'page' : line.ending === 'column' ? 'column' : undefined;
    const opensLate = late !== undefined && r === late.row;
    const own = first ? floats : opensLate ? lateWrapping : [];
    const exclusions = own.length > 0 && ctx.floatExclusions ? (x: number, y: number) => ctx.floatExclusions!(own, x, y, columnWidth) : undefined;
    // The room a line-spacing multiple leaves under the text may hang below the bottom margin, as
    // Word lets it (a 1.15-spaced line 1 pt past the margin still ends a Word page).
    // A line holding nothing but a page break, with the paragraph's text after it, paints nothing:
    // when the page is full it hangs below the margin and the break happens there, rather than
    // taking a page of its own to break from (tika-017091: a paragraph opening with w:br type=page
    // after a full page; LibreOffice sets its text on the next page, we left a blank page between).
    // A paragraph holding only the break keeps its line: LibreOffice gives it a page when it does
    // not fit (no Word evidence either way).
    const breakOnly = forceBreak === 'page' && !last && !props.shading && padTop === 0 && padBottom === 0 && !(first && floats.length > 0) && segmentsOf(segments).every(holdsOnlyBreaks);
    const hang = breakOnly ? skip + row.heightPt : padBottom === 0 ? Math.max(0, row.heightPt - row.baselinePt - row.descentPt) : 0;
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
    units.push(unit);
  }
  return units;
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

/** The paragraph's floats that text wraps around. */
export function wrappingFloats(content: ParaContent): ObjectInline[] {
  const out: ObjectInline[] = [];
  for (const m of content.markers) if (isFloat(m.inline) && m.inline.anchor!.wrap !== 'none') out.push(m.inline);
  return out;
}

/** Whether an inline is a float (an anchored picture, shape or chart). */
export function isFloat(inline: Inline): inline is ObjectInline {
  return (inline.kind === 'image' || inline.kind === 'shape' || inline.kind === 'chart') && inline.anchor !== undefined;
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
