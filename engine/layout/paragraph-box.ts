/**
 * A paragraph's box (w:pBdr, w:shd; §17.3.1.24, §17.3.1.31) drawn slice by slice: each line row of a
 * border group draws its part of the shading and side borders, the first and last their top and
 * bottom, and the gap between two paragraphs of one group its own slice (decorateBetween).
 */
import type { Border, Paragraph } from '../model';
import { borderLines, shadowLines, shadowRoom } from './border-lines';
import type { ItemSink } from './emit/sink';

/**
 * Draws the space between two paragraphs of one border group (the same borders): inside the box,
 * so its side borders run through it, and the shading too where both paragraphs have the same.
 */
export function decorateBetween(p: Paragraph, prevShading: string | undefined, boxWidthPt: number, sink: ItemSink, x: number, y: number, h: number): void {
  const fill = p.props.shading?.fill;
  decorateSlice(p.props, boxWidthPt, sink, x, y, h, undefined, undefined, fill !== undefined && fill === prevShading ? fill : undefined);
}

export function decorateSlice(props: Paragraph['props'], boxWidthPt: number, sink: ItemSink, x: number, y: number, h: number, top: Border | undefined, bottom: Border | undefined, fill: string | undefined): void {
  const b = props.borders;
  if (!fill && !b) return;
  // A hanging first line (a list's number, a code line outdented) stays inside the box: the box's
  // left edge is the leftmost line's (LibreOffice draws docx4j-themeFontLang's schema box so; we ran
  // its left border through the first line's text).
  const hang = !props.bidi && props.indent.firstLinePt < 0 ? props.indent.firstLinePt : 0;
  const left = x + props.indent.leftPt + hang - (b?.left ? b.left.spacePt + b.left.widthPt : 0);
  const right = x + boxWidthPt - props.indent.rightPt + (b?.right ? b.right.spacePt + b.right.widthPt : 0);
  // The box ends above the room its bottom border's shadow takes.
  const boxH = h - (bottom ? shadowRoom(bottom) : 0);
  if (fill) sink.background.push({ kind: 'rect', x: left, y, w: right - left, h: boxH, fill });
  const line = (x1: number, y1: number, x2: number, y2: number, border: Border) =>
    sink.background.push(...borderLines(x1, y1, x2, y2, border));
  if (top) line(left, y + top.widthPt / 2, right, y + top.widthPt / 2, top);
  if (bottom) line(left, y + boxH - bottom.widthPt / 2, right, y + boxH - bottom.widthPt / 2, bottom);
  if (b?.left) line(left + b.left.widthPt / 2, y, left + b.left.widthPt / 2, y + boxH, b.left);
  if (b?.right) line(right - b.right.widthPt / 2, y, right - b.right.widthPt / 2, y + boxH, b.right);
  // Each slice draws its part of the right side's shadow, moved down as far as the whole box's, so the
  // slices of a group (and the gaps between its paragraphs) make one strip from the top corner down.
  if (b?.right?.shadow) sink.background.push(...shadowLines(right - b.right.widthPt / 2, y, right - b.right.widthPt / 2, y + boxH, b.right));
  if (bottom?.shadow) sink.background.push(...shadowLines(left, y + boxH - bottom.widthPt / 2, right, y + boxH - bottom.widthPt / 2, bottom));
}
