/**
 * Line breaking of display math wider than its column, as Word does it: the equation's top-level row
 * breaks before a relation, and at a binary operator before it, after it, or both (m:brkBin
 * 'repeat': the operator ends the line and starts the next); the first line starts at the left of
 * the equation, continuation lines are indented by m:wrapIndent (default 1440 twips) or, with
 * m:wrapRight, right-aligned to the column. Lines are filled greedily. Only the top-level row
 * breaks: a fraction, a delimiter or a script never does, so a line may stay wider than the column.
 */
import type { MathWrap } from '../../model';
import { type MathBox, boxOf } from './box';

/** Where a line may end (exclusive atom index) and where the next one then starts. */
interface Opportunity {
  readonly end: number;
  readonly next: number;
}

/** Word's default continuation indent: 1440 twips. */
const DEFAULT_INDENT_PT = 72;

/** Baseline-to-baseline distance of broken lines: at least this many times the equation's size... */
const LINE_FACTOR = 1.2;
/** ...and the lines' ink apart by this much of it. */
const GAP_FACTOR = 0.15;

function opportunities(box: MathBox, brkBin: NonNullable<MathWrap['brkBin']>): Opportunity[] {
  const classes = box.classes ?? [];
  const out: Opportunity[] = [];
  for (let i = 1; i < classes.length; i++) {
    const cls = classes[i];
    if (cls === 'rel' || (cls === 'bin' && brkBin === 'before')) out.push({ end: i, next: i });
    else if (cls === 'bin' && i + 1 < classes.length) out.push(brkBin === 'after' ? { end: i + 1, next: i + 1 } : { end: i + 1, next: i });
  }
  return out;
}

/** The width of atoms [a, b) of a row set alone (without the space before atom a). */
function segmentWidth(box: MathBox, a: number, b: number): number {
  const first = box.parts[a]!;
  const last = box.parts[b - 1]!;
  return last.x + (last.kind === 'box' ? last.box.width : 0) - first.x;
}

/** The [start, end) atom ranges of the lines, filled greedily into `widthPt` (continuations into the width less the indent). */
function lineRanges(box: MathBox, widthPt: number, indentPt: number, ops: readonly Opportunity[]): [number, number][] {
  const n = box.parts.length;
  const lines: [number, number][] = [];
  let start = 0;
  while (start < n) {
    const avail = lines.length ? widthPt - indentPt : widthPt;
    if (segmentWidth(box, start, n) <= avail) break;
    let best: Opportunity | undefined;
    for (const op of ops) {
      if (op.next <= start || op.end <= start) continue;
      const fits = segmentWidth(box, start, op.end) <= avail;
      // An overfull line ends at its first opportunity.
      if (fits || !best) best = op;
      if (!fits) break;
    }
    if (!best) break;
    lines.push([start, best.end]);
    start = best.next;
  }
  lines.push([start, n]);
  return lines;
}

/** Atoms [a, b) of a row as one line box starting at x 0. */
function lineBox(box: MathBox, a: number, b: number): MathBox {
  const x0 = box.parts[a]!.x;
  const placed = box.parts.slice(a, b).flatMap((p) => (p.kind === 'box' ? [{ x: p.x - x0, y: p.y, box: p.box }] : []));
  return boxOf(segmentWidth(box, a, b), placed);
}

/**
 * The equation broken into lines no wider than `widthPt` where it can be, stacked under its first
 * line (whose baseline stays the box's); the box itself when it fits or cannot break.
 */
export function breakDisplayMath(box: MathBox, widthPt: number, sizePt: number, wrap: MathWrap | undefined): MathBox {
  if (box.width <= widthPt || !box.classes || box.classes.length !== box.parts.length) return box;
  const indentPt = Math.min(wrap?.indentPt ?? DEFAULT_INDENT_PT, widthPt / 2);
  const ops = opportunities(box, wrap?.brkBin ?? 'before');
  const ranges = lineRanges(box, widthPt, wrap?.right ? 0 : indentPt, ops);
  if (ranges.length < 2) return box;
  const lines = ranges.map(([a, b]) => lineBox(box, a, b));
  const width = wrap?.right ? Math.max(widthPt, ...lines.map((l) => l.width)) : Math.max(lines[0]!.width, ...lines.slice(1).map((l) => indentPt + l.width));
  let y = 0;
  const placed = lines.map((line, i) => {
    if (i > 0) y -= Math.max(lines[i - 1]!.descent + line.ascent + sizePt * GAP_FACTOR, sizePt * LINE_FACTOR);
    const x = i === 0 ? 0 : wrap?.right ? width - line.width : indentPt;
    return { x, y, box: line };
  });
  return boxOf(width, placed);
}
