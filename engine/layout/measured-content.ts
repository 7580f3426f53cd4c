/**
 * A paragraph's itemized and shaped content, handed from the AutoFit measure of a table cell
 * (paragraph-measure.ts minContentWidth) to the cell's layout right after it, once, room permitting.
 *
 * An autofit table measures every cell's text for its columns' minimum widths, then lays the cells
 * out: each cell paragraph was itemized (bidi levels, font fallback, spans) and cut into shaped
 * pieces twice, a third more time than the same text set as plain paragraphs (400 cells of 200
 * mixed-script words: 4.5 s against 3.8 s). The pieces do not depend on the width the measure
 * ignores, when the paragraph holds nothing whose itemizing or shaping depends on the line's width
 * (equations, objects and their effect extents, rules sized by their line) or on where it is laid
 * out (fields such as PAGE, note marks): text, tabs, breaks, check boxes, ruby and position marks.
 * Those paragraphs' content waits here for their layout, which takes it and leaves nothing behind;
 * any other layout of the paragraph (a later pass, a natural-width measure) itemizes it afresh.
 *
 * Their minimum width is kept too, for the rest of the layout: a table nested in an autofit cell
 * is measured again at each width its ancestors ask (a preliminary width for their minimum, then
 * the final one), a table k deep up to k times; its paragraphs were itemized and shaped each time
 * (a chain of 24 tables, the deepest nesting a document keeps: its innermost paragraphs 7 times).
 */
import type { Inline, Paragraph } from '../model';
import type { FaceResolver } from './faces';
import type { ItemizeContext, ParaContent } from './inline/itemize';
import type { Piece, WordCache } from './inline/pieces';

/** Content measured for a paragraph. */
export interface MeasuredContent {
  readonly content: ParaContent;
  readonly breaks: Uint8Array;
  readonly pieces: Piece[];
}

interface Held extends MeasuredContent {
  readonly faces: FaceResolver;
  readonly revisionMarkup: boolean;
  readonly verticalText: boolean;
}

/** A paragraph's minimum width and what it was measured with. */
interface Minimum {
  readonly pt: number;
  readonly faces: FaceResolver;
  readonly revisionMarkup: boolean;
  readonly verticalText: boolean;
}

/** The paragraphs held for one layout (its word cache), how many characters they hold together, and their minima. */
interface Store {
  readonly held: WeakMap<Paragraph, Held>;
  chars: number;
  readonly minima: WeakMap<Paragraph, Minimum>;
}

/**
 * Most characters of content held at once for one layout. What is held lives from the table's
 * measure to its cells' layout, all of the table at once, where a laid-out page's lines are let go
 * as it is drawn. Holding every cell, a table of 24,000 cells of 10 mixed-script words left 545 MB
 * live after a full collection where 387 MB were before, and one of 120,000 cells of 5 words took
 * 2.5 GB of memory against 1.6 GB (single runs on a shared machine). Past this bound (some 40,000
 * words) the other cells are itemized and shaped again at their layout, as before.
 */
const MAX_HELD_CHARS = 1 << 18;

/** By the layout's word cache, so a store dies with its layout and one layout's leftovers stay its own. */
const stores = new WeakMap<WordCache, Store>();

/** Inline kinds whose content depends only on the paragraph, its faces and the view of revisions. */
const STATIC_KINDS: ReadonlySet<Inline['kind']> = new Set<Inline['kind']>(['text', 'tab', 'break', 'checkBox', 'bookmark', 'comment', 'ruby']);

/** Whether a paragraph's content and pieces come out the same at any line width and on any page. */
export function hasStaticContent(p: Paragraph): boolean {
  for (const inline of p.inlines) if (!STATIC_KINDS.has(inline.kind)) return false;
  return true;
}

type Context = ItemizeContext & { readonly wordCache: WordCache };

/** Keeps a measured paragraph's content for its layout (only content `hasStaticContent` allows), room permitting. */
export function holdMeasured(p: Paragraph, ctx: Context, m: MeasuredContent): void {
  const store = storeOf(ctx);
  const before = store.held.get(p);
  if (before) store.chars -= before.content.text.length;
  if (store.chars + m.content.text.length > MAX_HELD_CHARS) {
    store.held.delete(p);
    return;
  }
  store.chars += m.content.text.length;
  store.held.set(p, { ...m, faces: ctx.faces, revisionMarkup: ctx.revisionMarkup, verticalText: ctx.verticalText === true });
}

function storeOf(ctx: Context): Store {
  let store = stores.get(ctx.wordCache);
  if (!store) stores.set(ctx.wordCache, (store = { held: new WeakMap(), chars: 0, minima: new WeakMap() }));
  return store;
}

/** Keeps the minimum width measured for `p` (only content `hasStaticContent` allows) for the rest of the layout. */
export function keepMinimum(p: Paragraph, ctx: Context, pt: number): void {
  storeOf(ctx).minima.set(p, { pt, faces: ctx.faces, revisionMarkup: ctx.revisionMarkup, verticalText: ctx.verticalText === true });
}

/** The minimum width kept for `p` with the same faces and view of the text, if any. */
export function keptMinimum(p: Paragraph, ctx: Context): number | undefined {
  const m = stores.get(ctx.wordCache)?.minima.get(p);
  return m && m.faces === ctx.faces && m.revisionMarkup === ctx.revisionMarkup && m.verticalText === (ctx.verticalText === true) ? m.pt : undefined;
}

/** The content measured for `p` with the same faces and view of the text, taken (at most once). */
export function takeMeasured(p: Paragraph, ctx: Context): MeasuredContent | undefined {
  const store = stores.get(ctx.wordCache);
  const h = store?.held.get(p);
  if (!store || !h) return undefined;
  store.held.delete(p);
  store.chars -= h.content.text.length;
  const same = h.faces === ctx.faces && h.revisionMarkup === ctx.revisionMarkup && h.verticalText === (ctx.verticalText === true);
  return same ? h : undefined;
}
