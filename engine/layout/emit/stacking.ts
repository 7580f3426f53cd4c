/**
 * The stacking order of floating objects on a page (or in any story drawn into one sink).
 *
 * A float's place in the drawing order is its wp:anchor/@relativeHeight (ECMA-376 Part 1
 * §20.4.2.3, CT_Anchor: "the relative Z-ordering of all DrawingML objects in this document"; a VML
 * shape's z-index, §14.1.2.19 style) within its layer (behind the text, or with it), not its place in
 * the document: a footer that lists a white text box before the red rectangle it sits on (lower
 * relativeHeight) shows the text on the rectangle in Word. Floats of equal height keep document order.
 *
 * Layers are append-only arrays of items; each float is drawn at their end and then moved, if a float
 * drawn before it stacks higher, to just below the lowest such float. Items drawn between floats (the
 * text of the story) keep their places, so a document already in stacking order draws as before.
 */
import type { LayoutItem } from '../../model';

/** A float's items in one layer: [start, end) of the array, and its stacking order. */
interface Span {
  readonly z: number;
  start: number;
  end: number;
}

// The floats drawn so far into each layer, in array order (and so in stacking order).
const stacks = new WeakMap<LayoutItem[], Span[]>();

/**
 * Puts the items a float just drew at the end of `layer` (from index `from`) where its stacking
 * order `z` places them among the floats drawn into that layer before it.
 */
export function stackFloat(layer: LayoutItem[], from: number, z: number): void {
  const count = layer.length - from;
  if (count <= 0) return;
  let spans = stacks.get(layer);
  if (!spans) stacks.set(layer, (spans = []));
  const at = spans.findIndex((s) => s.z > z);
  if (at < 0) {
    spans.push({ z, start: from, end: layer.length });
    return;
  }
  const start = spans[at]!.start;
  const moved = layer.slice(from);
  // Shift what lies between the higher float and the new items up by `count` (copyWithin, not
  // splice(...moved): a float may draw more items than a call takes arguments).
  layer.copyWithin(start + count, start, from);
  for (let i = 0; i < count; i++) layer[start + i] = moved[i]!;
  for (let i = at; i < spans.length; i++) {
    spans[i]!.start += count;
    spans[i]!.end += count;
  }
  spans.splice(at, 0, { z, start, end: start + count });
}
