/**
 * Line and scatter markers (c:marker/c:symbol, ST_MarkerStyle §21.2.3.27) as small filled paths; 'dot'
 * and 'dash' are Excel's short and long bars.
 */
import type { Color, LayoutItem, PathCommand } from '../../model';
import { arcCommands } from './math';

/** Office's automatic marker symbols (c:marker without c:symbol), in series order. */
const AUTO_MARKERS = ['diamond', 'square', 'triangle', 'x', 'star', 'circle', 'plus'];

/** The symbol of the `k`th series of a plot drawn with automatic markers: its points and its legend key. */
export function autoMarkerSymbol(k: number): string {
  return AUTO_MARKERS[k % AUTO_MARKERS.length]!;
}

/** Draws a marker of `sizePt` centred at (x, y). */
export function drawMarker(items: LayoutItem[], symbol: string, x: number, y: number, sizePt: number, color: Color): void {
  const r = sizePt / 2;
  let commands: PathCommand[];
  switch (symbol) {
    case 'square':
      items.push({ kind: 'rect', x: x - r, y: y - r, w: sizePt, h: sizePt, fill: color });
      return;
    case 'dot':
      // Excel's "short bar" (xlMarkerStyleDot): a flat bar as wide as the marker, a third as tall.
      items.push({ kind: 'rect', x: x - r, y: y - sizePt / 6, w: sizePt, h: sizePt / 3, fill: color });
      return;
    case 'diamond':
      commands = [{ op: 'M', x, y: y - r }, { op: 'L', x: x + r, y }, { op: 'L', x, y: y + r }, { op: 'L', x: x - r, y }, { op: 'Z' }];
      break;
    case 'triangle':
      commands = [{ op: 'M', x, y: y - r }, { op: 'L', x: x + r, y: y + r }, { op: 'L', x: x - r, y: y + r }, { op: 'Z' }];
      break;
    case 'x':
    case 'star':
    case 'plus':
    case 'dash':
      items.push(...crossLines(symbol, x, y, r, color));
      return;
    default:
      commands = [{ op: 'M', x, y: y - r }, ...arcCommands(x, y, r, 0, 360), { op: 'Z' }];
  }
  items.push({ kind: 'path', commands, fill: color });
}

function crossLines(symbol: string, x: number, y: number, r: number, color: Color): LayoutItem[] {
  const line = (x1: number, y1: number, x2: number, y2: number): LayoutItem => ({ kind: 'line', x1, y1, x2, y2, width: 1, color });
  if (symbol === 'dash') return [line(x - r, y, x + r, y)];
  const plus = [line(x - r, y, x + r, y), line(x, y - r, x, y + r)];
  const cross = [line(x - r, y - r, x + r, y + r), line(x - r, y + r, x + r, y - r)];
  return symbol === 'plus' ? plus : symbol === 'x' ? cross : [...plus, ...cross];
}
