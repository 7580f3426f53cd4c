/**
 * Objects: inline and floating pictures, shapes (with their text boxes) and charts.
 *
 * Floating objects (wp:anchor) are positioned from their anchor (§20.4.2.10 positionH, §20.4.2.11
 * positionV) relative to the page, margin, column or paragraph. Text does not yet flow around them
 * (a counted warning says so); their own content — pictures, text box text — is always drawn.
 * Pictures are drawn in object-pictures.ts, shapes in object-shapes.ts, and floats placed by
 * float-position.ts.
 */
import type { MediaItem, ShapeInline } from '../model';
import type { ItemSink } from './emit/sink';
import type { FaceResolver } from './faces';
import type { ObjectInline } from './inline/itemize';
import type { Story } from './blocks';
import type { MaskBudget } from './soft-mask';
import { drawImage } from './object-pictures';
import { drawShape } from './object-shapes';

/** What object drawing needs from the document. */
export interface ObjectContext {
  readonly media: Readonly<Record<string, MediaItem>>;
  /** Lays out text box content. */
  layoutBox(blocks: NonNullable<ShapeInline['text']>['blocks'], widthPt: number): Story;
  /** Draws a chart into a box. */
  drawChart(chartKey: string, x: number, y: number, w: number, h: number, sink: ItemSink): void;
  /** Counts something the engine does not fully support yet. */
  warn(code: string, message: string): void;
  /** Faces for the text of metafile pictures (drawn without text when absent). */
  readonly faces?: FaceResolver;
  /** Whether a soft mask of so many pixels may be drawn (the document's mask budget); absent, any may. */
  readonly maskBudget?: MaskBudget;
}

/** Draws an object with its top-left corner at (x, y). */
export function drawObject(inline: ObjectInline, x: number, y: number, sink: ItemSink, ctx: ObjectContext): void {
  if (inline.kind === 'image') drawImage(inline, x, y, sink, ctx);
  else if (inline.kind === 'shape') drawShape(inline, x, y, sink, ctx);
  else if (inline.kind === 'chart') ctx.drawChart(inline.chart, x, y, inline.widthPt, inline.heightPt, sink);
}
