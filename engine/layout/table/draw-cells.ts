/**
 * Table cell drawing: a placed cell's shading, content (upright or turned) and borders, and the
 * outer frame of a table with cell spacing, at a row's position on the page.
 *
 * Drawing only: the cells arrive laid out and measured (table.ts, row-heights.ts), and `Inset` says
 * the room the row's borders and spacing take above and below each cell's content.
 */
import type { Border, Table } from '../../model';
import type { Story } from '../blocks';
import { CollectingSink, drawTransformed, type ItemSink } from '../emit/sink';
import { borderLines, shadowLines } from '../border-lines';
import { cellMarkupFill, changeBar } from '../revisions';
import { clipCellPictures } from './clip-cell';
import type { PlacedCell } from './rows-view';
import type { Inset } from './row-heights';

/**
 * Draws a cell's shading and content; `inset` is the room the horizontal borders take above and below
 * the content. The parts of a split row (`aligned` false) keep their content at the top.
 */
export function drawCell(pc: PlacedCell, sink: ItemSink, x0: number, y: number, h: number, inset: Inset, aligned: boolean): void {
  const p = pc.cell.props;
  const x = x0 + pc.x;
  const fill = cellMarkupFill(pc.cell.revision) ?? p.shading?.fill;
  const gapA = inset.gapAbove ?? 0;
  const gapB = inset.gapBelow ?? 0;
  if (fill) sink.background.push({ kind: 'rect', x, y: y + gapA, w: pc.width, h: h - gapA - gapB, fill });
  if (pc.cell.revision) sink.items.push(changeBar(sink.page.marginLeft, y, h));
  const story = pc.story;
  if (!story) return;
  const m = p.margins;
  if (pc.turn) {
    drawTurned(pc, story, sink, x, y + inset.above, h - inset.above - inset.below);
    return;
  }
  const free = h - inset.above - inset.below - m.top - m.bottom - story.heightPt;
  const offset = free > 0 && aligned ? (p.verticalAlign === 'center' ? free / 2 : p.verticalAlign === 'bottom' ? free : 0) : 0;
  const left = m.left + (pc.sides?.left ?? 0);
  const from = sink.items.length;
  for (const { y: uy, unit } of story.units) unit.emit(sink, x + left, y + inset.above + m.top + offset + uy);
  clipCellPictures(sink.items, from, x, x + pc.width);
}

/**
 * Draws a turned cell's story upright at the origin inside a group turning it into the cell: the
 * first line lies along the left edge for btLr (reading upwards) and along the right edge for tbRl
 * (reading downwards); w:vAlign places the lines across the cell's width.
 */
function drawTurned(pc: PlacedCell, story: Story, sink: ItemSink, x: number, y: number, h: number): void {
  const p = pc.cell.props;
  const m = p.margins;
  const free = pc.width - m.left - m.right - story.heightPt;
  const offset = free > 0 ? (p.verticalAlign === 'center' ? free / 2 : p.verticalAlign === 'bottom' ? free : 0) : 0;
  const sub = new CollectingSink(sink.resources, sink.page);
  for (const { y: uy, unit } of story.units) unit.emit(sub, 0, offset + uy);
  // Local (u along the line, v across the lines) → page: btLr X = x0 + v, Y = y1 − u; tbRl X = x1 − v, Y = y0 + u.
  const transform: [number, number, number, number, number, number] =
    pc.turn === 'ccw' ? [0, -1, 1, 0, x + m.left, y + h - m.bottom] : [0, 1, -1, 0, x + pc.width - m.right, y + m.top];
  drawTransformed(sub, sink, transform);
}

export function drawBorders(pc: PlacedCell, sink: ItemSink, x0: number, y0: number, h0: number, inset: Inset): void {
  const b = pc.cell.props.borders;
  const x = x0 + pc.x;
  const y = y0 + (inset.gapAbove ?? 0);
  const h = h0 - (inset.gapAbove ?? 0) - (inset.gapBelow ?? 0);
  const w = pc.width;
  const line = (x1: number, y1: number, x2: number, y2: number, border: Border | undefined) => {
    if (!border || border.widthPt <= 0) return;
    sink.items.push(...borderLines(x1, y1, x2, y2, border, dash(border)));
  };
  const merged = pc.cell.props.vMerge === 'continue';
  if (!merged && !pc.openTop) line(x, y, x + w, y, b.top);
  line(x, y, x, y + h, b.left);
  line(x + w, y, x + w, y + h, b.right);
  // A merged cell's bottom is drawn at the foot of its span; the rows between are inside the one cell.
  if (!pc.midMerge && !pc.openBottom) line(x, y + h, x + w, y + h, b.bottom);
  // A shadowed right or bottom edge (w:shadow, §17.3.4) is drawn again beside it, down and right; the
  // cells of a shadowed table's last column and row join theirs into one drop shadow.
  if (b.right?.shadow) sink.items.push(...shadowLines(x + w, y, x + w, y + h, b.right, dash(b.right)));
  if (b.bottom?.shadow && !pc.midMerge && !pc.openBottom) sink.items.push(...shadowLines(x, y + h, x + w, y + h, b.bottom, dash(b.bottom)));
}

/**
 * The outer border of a table with cell spacing, drawn around the table per row (so a table split
 * over pages keeps its sides): top on the first row, bottom on the last. Undefined without spacing,
 * where the cells at the table's edges draw it.
 */
export function tableFrame(t: Table, widthPt: number, firstRow: boolean, lastRow: boolean): TableFrame | undefined {
  if (!(t.props.cellSpacingPt > 0)) return undefined;
  const b = t.props.borders;
  if (!b.top && !b.bottom && !b.left && !b.right) return undefined;
  const half = (border: Border | undefined) => (border ? border.widthPt / 2 : 0);
  return (sink, x, y, h, top, bottom) => {
    const line = (x1: number, y1: number, x2: number, y2: number, border: Border | undefined) => {
      if (!border || border.widthPt <= 0) return;
      sink.items.push(...borderLines(x1, y1, x2, y2, border, dash(border)));
    };
    if (firstRow && top) line(x, y + half(b.top), x + widthPt, y + half(b.top), b.top);
    if (lastRow && bottom) line(x, y + h - half(b.bottom), x + widthPt, y + h - half(b.bottom), b.bottom);
    line(x + half(b.left), y, x + half(b.left), y + h, b.left);
    line(x + widthPt - half(b.right), y, x + widthPt - half(b.right), y + h, b.right);
    if (b.right?.shadow) sink.items.push(...shadowLines(x + widthPt - half(b.right), y, x + widthPt - half(b.right), y + h, b.right, dash(b.right)));
    if (lastRow && bottom && b.bottom?.shadow) sink.items.push(...shadowLines(x, y + h - half(b.bottom), x + widthPt, y + h - half(b.bottom), b.bottom, dash(b.bottom)));
  };
}

/** Draws a spaced table's outer border beside a row (or part of one): top and bottom only where asked. */
export type TableFrame = (sink: ItemSink, x: number, y: number, h: number, top: boolean, bottom: boolean) => void;

function dash(border: Border): { dash?: number[] } {
  if (border.style === 'dotted') return { dash: [border.widthPt, border.widthPt * 2] };
  if (border.style === 'dashed') return { dash: [border.widthPt * 4, border.widthPt * 3] };
  return {};
}
