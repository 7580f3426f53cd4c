/**
 * Paragraph layout: itemize → break opportunities (WASM kernel) → shape → fill lines → finish, in a
 * box of one width, beside the floats of a wrap area when one reaches the paragraph.
 *
 * A laid paragraph is lines only: the units the paginator places are made from it in
 * paragraph-units.ts, and the widths a paragraph asks for without being placed are measured in
 * paragraph-measure.ts, both on the same steps (breaksOf, lineIndent) as here.
 */
import type { Inline, Paragraph } from '../model';
import { fullShapedChars, type LayoutBudget } from './budget';

import type { EmitContext } from './emit/line';
import { breakLines, type LineGeometry } from './inline/break-lines';
import { itemizeParagraph, type ItemizeContext, type ObjectInline, type ParaContent } from './inline/itemize';
import { finishLines, type LineBox, type LineBoxParams } from './inline/line-box';
import { shapePieces, type Piece, type WordCache } from './inline/pieces';
import { sortStops } from './inline/tabs';
import { findBreakOpportunities } from './kernel';
import { BreakAction } from './linebreak-types';
import { takeMeasured } from './measured-content';
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
  /** The document's w:splitPgBreakAndParaMark: a paragraph's last page break moves its mark to the next page. */
  readonly splitPageBreakAndParaMark?: boolean;
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
   * Body text only: whether floats of a paragraph starting after `gapPt` of spacing push it on to
   * the next column or page (context.ts floatsPushParagraph).
   */
  pushedByFloats?(gapPt: number, floats: readonly ObjectInline[]): boolean;
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
export function breaksOf(content: ParaContent): Uint8Array {
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
  if (ctx.splitPageBreakAndParaMark) geometry.markAfterPageBreak = true;
  const fullShaped = ctx.budget ? fullShapedChars(content.text, content.specials) : 0;
  if (ctx.budget) geometry.maxLines = ctx.budget.linesLeft(content.text.length, content.specials.size, pieces.length, fullShaped);
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
  ctx.budget?.spendLines(drafts.length, content.text.length, content.specials.size, pieces.length, fullShaped);
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
  const share = list.alignment === 'right' ? 1 : 0.5;
  if (list.picture) return list.picture.widthPt * share;
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
  return width * share;
}

/**
 * Indents in the frame lines are filled in: a right-to-left paragraph (w:bidi) is filled from the
 * right edge, so its start (physical right) indent leads; the model's indents are physical.
 */
export function lineIndent(p: Paragraph): Paragraph['props']['indent'] {
  const ind = p.props.indent;
  return p.props.bidi ? { ...ind, leftPt: ind.rightPt, rightPt: ind.leftPt } : ind;
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
