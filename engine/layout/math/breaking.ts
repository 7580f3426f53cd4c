/**
 * Line breaking of display math, as Word does it. An equation wider than its column breaks in its
 * top-level row before a relation, and at a binary operator before it, after it, or both (m:brkBin
 * 'repeat': the operator ends the line and starts the next, a subtraction shown as m:brkBinSub
 * says); the first line starts at the left of the equation, continuation lines are indented by
 * m:wrapIndent (default 1440 twips) or, with m:wrapRight, right-aligned to the column. Lines are
 * filled greedily. A manual break (m:brk on a run or m:box, ECMA-376 Part 1 §22.1.2.15) always
 * starts a line, aligned with the start of the line before it or, with m:alnAt n, with that
 * line's n-th operator. Only the top-level row breaks: a fraction, a delimiter or a script never
 * does, so a line may stay wider than the column.
 */
import type { MathWrap } from '../../model';
import { type MathBox, boxOf } from './box';

/** Where a line may end (exclusive atom index) and where the next one then starts. */
export interface Opportunity {
  readonly end: number;
  readonly next: number;
}

/** Word's default continuation indent: 1440 twips. */
const DEFAULT_INDENT_PT = 72;

/** Baseline-to-baseline distance of broken lines: at least this many times the equation's size... */
const LINE_FACTOR = 1.2;
/** ...and the lines' ink apart by this much of it. */
const GAP_FACTOR = 0.15;

/**
 * The row's line-break opportunities: before relations (not inside a run of them, as := or <=), and
 * at binary operators as m:brkBin says.
 */
export function opportunities(box: MathBox, brkBin: NonNullable<MathWrap['brkBin']>): Opportunity[] {
  const classes = box.classes ?? [];
  const out: Opportunity[] = [];
  for (let i = 1; i < classes.length; i++) {
    const cls = classes[i];
    if ((cls === 'rel' && classes[i - 1] !== 'rel') || (cls === 'bin' && brkBin === 'before')) out.push({ end: i, next: i });
    else if (cls === 'bin' && i + 1 < classes.length) out.push(brkBin === 'after' ? { end: i + 1, next: i + 1 } : { end: i + 1, next: i });
  }
  return out;
}

/** The width of atoms [a, b) of a row set alone (without the space before atom a). */
export function segmentWidth(box: MathBox, a: number, b: number): number {
  const first = box.parts[a]!;
  const last = box.parts[b - 1]!;
  return last.x + (last.kind === 'box' ? last.box.width : 0) - first.x;
}

/**
 * The [start, end) atom ranges of the lines of atoms [from, to), filled greedily: the first into
 * `firstPt`, the others into `nextPt`.
 */
function lineRanges(box: MathBox, from: number, to: number, firstPt: number, nextPt: number, ops: readonly Opportunity[]): [number, number][] {
  const lines: [number, number][] = [];
  let start = from;
  while (start < to) {
    const avail = lines.length ? nextPt : firstPt;
    if (segmentWidth(box, start, to) <= avail) break;
    let best: Opportunity | undefined;
    for (const op of ops) {
      if (op.next <= start || op.end <= start) continue;
      if (op.end >= to) break;
      const fits = segmentWidth(box, start, op.end) <= avail;
      // An overfull line ends at its first opportunity.
      if (fits || !best) best = op;
      if (!fits) break;
    }
    if (!best) break;
    lines.push([start, best.end]);
    start = best.next;
  }
  lines.push([start, to]);
  return lines;
}

/** A line of a broken equation: atoms [a, b); x from the equation's left (right: set against the right edge). */
interface Line {
  a: number;
  b: number;
  x: number;
  readonly right: boolean;
  first?: MathBox;
  last?: MathBox;
}

/** Atoms [a, b) of a row as one line box starting at x 0, the first or last atom replaced when given. */
function lineBox(box: MathBox, line: Line): MathBox {
  const { a, b } = line;
  const x0 = box.parts[a]!.x;
  const placed = box.parts.slice(a, b).flatMap((p, i) => {
    if (p.kind !== 'box') return [];
    const swap = i === 0 ? line.first : i === b - a - 1 ? line.last : undefined;
    return [{ x: p.x - x0, y: p.y, box: swap ?? p.box }];
  });
  const end = placed[placed.length - 1];
  const width = line.last && end ? end.x + end.box.width : segmentWidth(box, a, b);
  return boxOf(width, placed);
}

/**
 * The manual breaks (m:brk) of a row, with their m:alnAt. One on a binary operator breaks as m:brkBin
 * says, like an automatic break there (after: the operator ends the line; repeat: it ends it and
 * starts the next); elsewhere the atom starts the new line.
 */
function manualBreaks(box: MathBox, brkBin: NonNullable<MathWrap['brkBin']>): (Opportunity & { readonly alnAt: number })[] {
  const out: (Opportunity & { readonly alnAt: number })[] = [];
  box.parts.forEach((p, i) => {
    if (i === 0 || p.kind !== 'box' || p.box.brk === undefined) return;
    const bin = box.classes![i] === 'bin' && i + 1 < box.parts.length;
    const end = bin && brkBin !== 'before' ? i + 1 : i;
    const next = bin && brkBin === 'after' ? i + 1 : i;
    if (end > (out[out.length - 1]?.next ?? 0)) out.push({ end, next, alnAt: p.box.brk });
  });
  return out;
}

/** Where a line after a manual break starts: at the previous line's start, or under its `alnAt`-th operator. */
function alignedX(box: MathBox, prev: Line, alnAt: number): number {
  let seen = 0;
  for (let i = prev.a; i < prev.b && alnAt > 0; i++) {
    const cls = box.classes![i];
    if ((cls === 'rel' || cls === 'bin') && ++seen === alnAt) return prev.x + box.parts[i]!.x - box.parts[prev.a]!.x;
  }
  return prev.x;
}

/** The lines: the row cut at its manual breaks, each stretch filled into the column and broken where it overflows. */
function planLines(box: MathBox, widthPt: number, indentPt: number, wrap: MathWrap | undefined): Line[] {
  const brkBin = wrap?.brkBin ?? 'before';
  const ops = opportunities(box, brkBin);
  const manual = manualBreaks(box, brkBin);
  const lines: Line[] = [];
  let from = 0;
  for (let s = 0; s <= manual.length; s++) {
    const prev = lines[lines.length - 1];
    const x = prev ? alignedX(box, prev, manual[s - 1]!.alnAt) : 0;
    const indent = wrap?.right ? 0 : indentPt;
    const to = manual[s]?.end ?? box.parts.length;
    const ranges = lineRanges(box, from, to, widthPt - x, widthPt - (x + indent), ops);
    ranges.forEach(([a, b], i) => lines.push({ a, b, x: i === 0 ? x : x + indent, right: i > 0 && wrap?.right === true }));
    from = manual[s]?.next ?? to;
  }
  if (wrap?.brkBin === 'repeat') showSubtractions(box, lines, wrap.brkBinSub ?? '--');
  return lines;
}

/** m:brkBinSub: a subtraction repeated at a break shows a plus at the start of the next line (-+) or the end of this one (+-). */
function showSubtractions(box: MathBox, lines: Line[], sub: NonNullable<MathWrap['brkBinSub']>): void {
  if (sub === '--') return;
  for (let i = 1; i < lines.length; i++) {
    const [prev, line] = [lines[i - 1]!, lines[i]!];
    const atom = box.parts[line.a];
    const plus = atom?.kind === 'box' ? atom.box.plus : undefined;
    if (line.a !== prev.b - 1 || !plus) continue;
    if (sub === '-+') line.first = plus;
    else prev.last = plus;
  }
}

/**
 * The equation broken into lines no wider than `widthPt` where it can be, and at its manual breaks,
 * stacked under its first line (whose baseline stays the box's); the box itself when it fits and
 * has no manual break, or cannot break.
 */
export function breakDisplayMath(box: MathBox, widthPt: number, sizePt: number, wrap: MathWrap | undefined): MathBox {
  if (!box.classes || box.classes.length !== box.parts.length) return box;
  if (box.width <= widthPt && !box.parts.some((p, i) => i > 0 && p.kind === 'box' && p.box.brk !== undefined)) return box;
  const indentPt = Math.min(wrap?.indentPt ?? DEFAULT_INDENT_PT, widthPt / 2);
  const plan = planLines(box, widthPt, indentPt, wrap);
  if (plan.length < 2) return box;
  const lines = plan.map((l) => lineBox(box, l));
  const ends = plan.flatMap((l, i) => (l.right ? [] : [l.x + lines[i]!.width]));
  const width = plan.some((l) => l.right) ? Math.max(widthPt, ...lines.map((l) => l.width), ...ends) : Math.max(...ends);
  let y = 0;
  const placed = lines.map((line, i) => {
    if (i > 0) y -= Math.max(lines[i - 1]!.descent + line.ascent + sizePt * GAP_FACTOR, sizePt * LINE_FACTOR);
    return { x: plan[i]!.right ? width - line.width : plan[i]!.x, y, box: line };
  });
  return boxOf(width, placed);
}

/**
 * An inline equation cut where the line breaker may end a line inside it, as Word breaks inline math
 * that does not fit: before its top-level relations and at its binary operators as m:brkBin says
 * (repeat, which would show an operator twice, breaks before it), and at its manual breaks (m:brk,
 * §22.1.2.15, which the spec does not keep to display math): a piece that starts at one is `brk`,
 * and the line must end before it. Each piece keeps the room up to the next one (`spacePt` of it is
 * the space before the next atom), so the pieces side by side are the equation; one piece when it
 * cannot break.
 */
export function inlineMathPieces(box: MathBox, brkBin: MathWrap['brkBin']): { readonly box: MathBox; readonly spacePt: number; readonly brk?: true }[] {
  if (!box.classes || box.classes.length !== box.parts.length) return [{ box, spacePt: 0 }];
  const bin = brkBin === 'after' ? 'after' : 'before';
  const manual = new Set(manualBreaks(box, bin).map((m) => m.next));
  const cuts = [...new Set([...opportunities(box, bin).map((op) => op.next), ...manual])].sort((a, b) => a - b);
  if (cuts.length === 0) return [{ box, spacePt: 0 }];
  const bounds = [0, ...cuts, box.parts.length];
  return bounds.slice(1).map((b, i) => {
    const a = bounds[i]!;
    const x0 = i === 0 ? 0 : box.parts[a]!.x;
    const x1 = b < box.parts.length ? box.parts[b]!.x : box.width;
    const placed = box.parts.slice(a, b).flatMap((p) => (p.kind === 'box' ? [{ x: p.x - x0, y: p.y, box: p.box }] : []));
    const last = placed[placed.length - 1];
    const spacePt = last ? Math.max(0, x1 - x0 - (last.x + last.box.width)) : 0;
    return { box: boxOf(x1 - x0, placed), spacePt, ...(manual.has(a) ? { brk: true as const } : {}) };
  });
}
