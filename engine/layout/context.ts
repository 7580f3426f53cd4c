/**
 * The block context: one object carrying everything paragraph, table and object layout need for a
 * story (body, header, footer, note, cell, text box), built from the document and the pass state.
 */
import type { DiagnosticBag } from '../core';
import type { Block, DocModel, FieldInline, SectionProps } from '../model';
import { layoutStory, type BlockContext, type Story } from './blocks';
import { layerSink, type ItemSink } from './emit/sink';
import type { FaceResolver } from './faces';
import { floatExclusion, type Exclusion, type WrapArea } from './flow/exclusions';
import { drawObject, type ObjectContext } from './objects';
import { floatPosition, hangsOffPage, type PageGeometry } from './float-position';
import { sizedFloat } from './float-size';
import type { ObjectInline } from './inline/itemize';
import type { WordCache } from './inline/pieces';
import type { LayoutBudget } from './budget';

/** Per-story facts that change what fields and note marks print. */
export interface StoryFacts {
  /** Evaluates a dynamic field, or returns undefined to show the cached result. */
  fieldText(field: FieldInline): string | undefined;
  /** Number text of a note reference; `id` undefined means "the note being laid out". */
  noteMark(noteType: 'footnote' | 'endnote', id: string | undefined): string;
}

/** Document-wide inputs for building contexts. */
export interface DocumentEnv {
  readonly doc: DocModel;
  readonly faces: FaceResolver;
  readonly bag: DiagnosticBag;
  readonly revisionMarkup: boolean;
  readonly wordCache: WordCache;
  /** The size budget of the layout's passes (InputLimits.maxLayoutUnits). */
  readonly budget: LayoutBudget;
  drawChart(chartKey: string, x: number, y: number, w: number, h: number, sink: ItemSink): void;
}

/** A place in the body where a paragraph may begin, the room below it and the floats beside it. */
export interface BodyArea {
  readonly top: number;
  readonly columnX: number;
  readonly room: number;
  readonly page: PageGeometry;
  readonly exclusions: readonly Exclusion[];
  /** Nothing but spacing is in the column above this place yet. */
  readonly columnEmpty?: boolean;
  /** Width of the column this place is in. */
  readonly columnWidth?: number;
  /**
   * For the top of the next column or page (BodyWrap.next): the floats known to be there, those of
   * the page's other columns or the next page's early floats (not its header's, only guessed).
   */
  readonly known?: readonly Exclusion[];
  /** For the top of the next column or page (BodyWrap.next): it is on a new page. */
  readonly newPage?: boolean;
}

/** What the paginated body offers for wrapping text around floats (see BodyWrap in pass.ts). */
export interface BodyWrap {
  /** Where a paragraph after `gapPt` of spacing would start, on which page, beside which exclusions. */
  at(gapPt: number): BodyArea | undefined;
  /** Where a paragraph that does not fit here would begin: the top of the next column or page. */
  next(): BodyArea | undefined;
  /** The geometry of the page being filled. */
  page(): PageGeometry;
}

/**
 * Builds the block context for a story in a section. The document line grid applies to body text
 * only (`onGrid`): LibreOffice lays out table cells, notes, headers and text boxes off the grid
 * (cells too go on it with w:adjustLineHeightInTable).
 */
export function blockContext(env: DocumentEnv, section: SectionProps, facts: StoryFacts, onGrid = false, wrap?: BodyWrap): BlockContext {
  const grid = section.docGrid;
  const gridPitchPt = onGrid && grid && (grid.type === 'lines' || grid.type === 'linesAndChars') ? grid.linePitchPt : undefined;
  const ctx: BlockContext = {
    faces: env.faces,
    revisionMarkup: env.revisionMarkup,
    wordCache: env.wordCache,
    budget: env.budget,
    defaultTabPt: env.doc.settings.defaultTabStopPt,
    ...(gridPitchPt ? { gridPitchPt } : {}),
    ...(section.textDirection === 'tbRl' ? { verticalText: true } : {}),
    compatibilityMode: env.doc.settings.compatibilityMode,
    ...(env.doc.settings.underlineTrailingSpaces ? { underlineTrailingSpaces: true } : {}),
    ...(env.doc.settings.splitPageBreakAndParaMark ? { splitPageBreakAndParaMark: true } : {}),
    ...(env.doc.settings.doNotUseHtmlParagraphAutoSpacing ? { addParagraphSpacing: true } : {}),
    fieldText: (f) => facts.fieldText(f),
    noteMark: (t, id) => facts.noteMark(t, id),
    // A cell keeps its last paragraph's space after (it is part of the row height in Word), unless
    // it is HTML auto spacing; its text is off the line grid.
    layoutCell: (blocks, widthPt, leadPt): Story => layoutStory(blocks, widthPt, leadContext(cellContext(), blocks[0], leadPt), true, true),
    drawObject: (inline, x, y, sink) => counted(sink, env.budget, () => drawObject(inline, x, y, sink, objects)),
    drawFloat: (anchored: ObjectInline, columnX: number, paragraphTop: number, sink: ItemSink, columnWidth?: number) => {
      const page = sink.page;
      const column = { x: columnX, width: columnWidth ?? page.widthPt - page.marginLeft - page.marginRight };
      const inline = sizedFloat(anchored, page);
      const anchor = inline.anchor!;
      const pos = floatPosition(anchor, inline.widthPt, inline.heightPt, page, column, paragraphTop);
      // Drawn apart, for the page to stack by z-order over or under all its text (FloatDrawing).
      const layer = layerSink(sink);
      counted(layer, env.budget, () => drawObject(inline, pos.x, pos.y, layer, objects));
      const items = layer.background.concat(layer.items, layer.foreground);
      if (items.length > 0) sink.floats.push({ z: anchor.zIndex, behind: anchor.behindText, items });
    },
    warn: (code, message) => env.bag.warn(code, message),
    textEffectsDrawn: (items) => {
      if (env.budget.effectsDrawn(items)) return true;
      env.bag.warn('layout/effects-budget', `The text's glows and reflections would draw more than ${env.budget.effectLimitUnits} items and path points; the rest of them are left out (the text is drawn).`, { hint: 'Raise limits.maxEffectUnits if this is expected.' });
      return false;
    },
    textEffectsSpent: () => env.budget.effectsSpent,
    // Refusals are counted by the budget and reported once, when the pages are drawn (LayoutBudget.reportMasks).
    textMasksDrawn: (pixels) => env.budget.masksDrawn(pixels),
    ...(wrap ? { ...wrapHooks(wrap), bodyHeightPt: Math.max(0, section.pageHeightPt - Math.abs(section.margins.top) - Math.abs(section.margins.bottom)) } : {}),
    // Columns of their own widths (w:equalWidth="0", §17.6.4): blocks take the width of the column they land in.
    ...(wrap && section.columns.widths && section.columns.widths.length > 1 ? { columnWidth: (next?: boolean) => (next ? wrap.next() : wrap.at(0))?.columnWidth } : {}),
  };
  let plain: BlockContext | undefined;
  // Cells and text boxes: off the grid, and not wrapped around the page's floats (their paragraphs
  // are not where the body flow is).
  const offGrid = (): BlockContext => (gridPitchPt === undefined && !wrap ? ctx : (plain ??= blockContext(env, section, facts, false)));
  // w:adjustLineHeightInTable puts a cell's lines on the grid as well (not wrapped either).
  let gridCell: BlockContext | undefined;
  const cellContext = (): BlockContext => {
    if (gridPitchPt === undefined || !env.doc.settings.adjustLineHeightInTable) return offGrid();
    return wrap ? (gridCell ??= blockContext(env, section, facts, true)) : ctx;
  };
  const objects: ObjectContext = {
    media: env.doc.media,
    layoutBox: (blocks, widthPt) => layoutStory(blocks, widthPt, offGrid(), false),
    drawChart: env.drawChart,
    warn: (code, message) => env.bag.warn(code, message),
    faces: env.faces,
    // Refusals are counted by the budget and reported once, when the pages are drawn (LayoutBudget.reportMasks).
    maskBudget: (pixels) => env.budget.masksDrawn(pixels),
  };
  return ctx;
}

/**
 * Draws an object and spends what it drew on the budget at once (LayoutBudget.objectDrawn): one page
 * of many pictures may draw without bound before the page is whole.
 */
function counted(sink: ItemSink, budget: LayoutBudget, draw: () => void): void {
  const at = [sink.background.length, sink.items.length, sink.foreground.length] as const;
  draw();
  budget.objectDrawn(sink.background, at[0]);
  budget.objectDrawn(sink.items, at[1]);
  budget.objectDrawn(sink.foreground, at[2]);
}

/** A cell's context with the room above its first paragraph on the grid (ParagraphContext.gridLead). */
function leadContext(ctx: BlockContext, first: Block | undefined, leadPt: number | undefined): BlockContext {
  if (!ctx.gridPitchPt || !leadPt || leadPt <= 0 || first?.kind !== 'paragraph') return ctx;
  return { ...ctx, gridLead: { paragraph: first, pt: leadPt } };
}

/**
 * The block context of a header or footer. Its wrapping floats and text frames are placed on the page
 * `page` gives (the one the header is laid out for), so the body can wrap around them: Word keeps
 * body text out of a header's picture or frame that reaches into the body, as out of the body's own.
 */
export function chromeContext(env: DocumentEnv, section: SectionProps, facts: StoryFacts, page: () => PageGeometry | undefined): BlockContext {
  return {
    ...blockContext(env, section, facts),
    isChrome: true,
    floatExclusions: (floats, columnX, paragraphTop, columnWidth) => {
      const at = page();
      return at ? exclusionsOf(floats, at, columnX, paragraphTop, columnWidth) : [];
    },
  };
}

/**
 * The exclusion of each wrapping float of a paragraph whose top is at `paragraphTop` on a page, in
 * the column at `columnX`, `columnWidth` wide (the text width when not given).
 */
function exclusionsOf(floats: readonly ObjectInline[], page: PageGeometry, columnX: number, paragraphTop: number, columnWidth?: number): Exclusion[] {
  const column = { x: columnX, width: columnWidth ?? page.widthPt - page.marginLeft - page.marginRight };
  const out: Exclusion[] = [];
  for (const anchored of floats) {
    const f = sizedFloat(anchored, page);
    const pos = floatPosition(f.anchor!, f.widthPt, f.heightPt, page, column, paragraphTop);
    const e = floatExclusion(f.anchor!, pos.x, pos.y, f.widthPt, f.heightPt);
    if (e) out.push(isFixed(f, pos.y, page) ? { ...e, fixed: true } : e);
  }
  return out;
}

function wrapHooks(wrap: BodyWrap): Pick<BlockContext, 'wrapArea' | 'floatExclusions' | 'roomAt' | 'pushedByFloats'> {
  return {
    wrapArea(gapPt, floats, next, late) {
      const at = next ? wrap.next() : wrap.at(gapPt);
      // A paragraph starting at the very bottom moves to the next page: nothing to wrap around here.
      if (!at || at.room < 1) return undefined;
      const own = floats.length > 0 ? exclusionsOf(floats, at.page, at.columnX, at.top, at.columnWidth) : [];
      // A page a later pass starts with this paragraph's own floats above it (flow/early-floats.ts)
      // already holds their areas: they stay its own, which move its first line only once.
      const others = own.length === 0 ? at.exclusions : at.exclusions.filter((e) => !own.some((o) => sameArea(o, e)));
      const onward = next ? undefined : nextArea(wrap, at, late);
      if (own.length === 0 && others.length === 0 && !onward) return undefined;
      const area = { top: at.top, columnX: at.columnX, bottom: at.top + at.room, ...(onward ? { next: onward } : {}) };
      return own.length === 0 ? { ...area, exclusions: others } : { ...area, exclusions: [...others, ...own], own };
    },
    floatExclusions: (floats, columnX, paragraphTop, columnWidth) => exclusionsOf(floats, wrap.page(), columnX, paragraphTop, columnWidth),
    roomAt: (gapPt) => {
      const at = wrap.at(gapPt);
      // What opens a column stays in it, however tall.
      return !at || at.columnEmpty ? Infinity : at.room;
    },
    pushedByFloats: (gapPt, floats) => floatsPushParagraph(wrap, gapPt, floats),
  };
}

/**
 * Whether a paragraph's floats push it on to the next column or page: one that text wraps around,
 * placed from the paragraph or its line, would hang off the bottom edge of the page where the
 * paragraph starts (hangsOffPage) but not where it would start next. Word moves such a paragraph,
 * and with it its float, where floatPosition would otherwise move the float up: the text box of
 * tika-testWORD_numbered_list, 14.4 pt below an empty paragraph at the foot of its page, is on
 * Word's next page (the w:lastRenderedPageBreak opening that paragraph) and on LibreOffice's, where
 * oxsdk-632399964516872542_1's charts reaching 7 pt below the bottom margin, not off the page, stay
 * on their paragraph's page in Word's page marks. A paragraph opening its column stays, and so
 * does one whose float hangs off the next page too (moving gains nothing and would not stop).
 */
function floatsPushParagraph(wrap: BodyWrap, gapPt: number, floats: readonly ObjectInline[]): boolean {
  const at = wrap.at(gapPt);
  if (!at || at.columnEmpty || !floats.some((f) => hangsAt(f, at))) return false;
  const next = wrap.next();
  return next !== undefined && !floats.some((f) => hangsAt(f, next));
}

/** Whether a float would hang off the page placed for a paragraph starting at `area`'s top. */
function hangsAt(anchored: ObjectInline, area: BodyArea): boolean {
  const f = sizedFloat(anchored, area.page);
  return hangsOffPage(f.anchor!, f.heightPt, area.page, area.top);
}

/**
 * The next column or page, where lines past the bottom of `at` go on, when floats are known there
 * (WrapArea.next); undefined when none is, or when that column has another width (the paragraph is
 * laid out again there).
 */
function nextArea(wrap: BodyWrap, at: BodyArea, late?: readonly ObjectInline[]): WrapArea['next'] {
  const after = wrap.next();
  if (!after || Math.abs((after.columnWidth ?? 0) - (at.columnWidth ?? 0)) > 0.01) return undefined;
  // The paragraph's floats anchored in its lines there go there, from the top of its part there.
  const moved = late && late.length > 0 ? exclusionsOf(late, after.page, after.columnX, after.top, after.columnWidth) : [];
  const known = after.known ?? [];
  if (known.length === 0 && moved.length === 0) return undefined;
  return { top: after.top, columnX: after.columnX, bottom: after.top + after.room, exclusions: moved.length === 0 ? known : [...known, ...moved], ...(after.newPage ? { newPage: true } : {}) };
}

/**
 * Whether a float's place on the page does not depend on its paragraph's: positioned from the page
 * or a margin (§20.4.3.5 ST_RelFromV), or moved to the top or bottom edge of the page (floatPosition).
 */
function isFixed(f: ObjectInline, y: number, page: PageGeometry): boolean {
  const from = f.anchor!.vertical.relativeTo;
  return (from !== 'paragraph' && from !== 'line') || y <= 0 || Math.abs(y + f.heightPt - page.heightPt) < 0.01;
}

/** Whether two exclusions cover the same area (the same float placed twice, to a hundredth of a point). */
function sameArea(a: Exclusion, b: Exclusion): boolean {
  const near = (u: number, v: number) => Math.abs(u - v) < 0.01;
  return near(a.x0, b.x0) && near(a.y0, b.y0) && near(a.x1, b.x1) && near(a.y1, b.y1) && a.wrap === b.wrap;
}
