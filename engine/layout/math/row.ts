/**
 * Rows: a list of nodes set side by side with TeX's spacing between atom classes (The TeXbook,
 * chapter 18, the inter-atom table): thin, medium and thick spaces, the last two only in display
 * and text styles. A binary operator with nothing to act on (first in a row, after an operator,
 * relation, opening fence or punctuation) becomes an ordinary atom, as in TeX.
 */
import type { MathNode, MathRow } from '../../model';
import { type AtomClass, type MathBox, emptyBox } from './box';
import { type MathCtx, em } from './context';

/** The layout of one node into its atoms (most nodes are one atom; a run may be several). */
export type NodeLayout = (node: MathNode, ctx: MathCtx, upright: boolean) => MathBox[];

const CLASSES: readonly AtomClass[] = ['ord', 'op', 'bin', 'rel', 'open', 'close', 'punct', 'inner'];

/** TeX's table: 0 none, 1 thin, 2 medium, 3 thick; negative: only in display and text styles. */
const SPACING: readonly (readonly number[])[] = [
  // ord  op  bin rel open close punct inner
  [0, 1, -2, -3, 0, 0, 0, -1], // ord
  [1, 1, 0, -3, 0, 0, 0, -1], // op
  [-2, -2, 0, 0, -2, 0, 0, -2], // bin
  [-3, -3, 0, 0, -3, 0, 0, -3], // rel
  [0, 0, 0, 0, 0, 0, 0, 0], // open
  [0, 1, -2, -3, 0, 0, 0, -1], // close
  [-1, -1, 0, -1, -1, -1, -1, -1], // punct
  [-1, 1, -2, -3, -1, 0, -1, -1], // inner
];

/** The space between two atoms, in points. */
function spaceBetween(left: AtomClass, right: AtomClass, ctx: MathCtx): number {
  const v = SPACING[CLASSES.indexOf(left)]![CLASSES.indexOf(right)]!;
  if (v === 0 || (v < 0 && ctx.style >= 2)) return 0;
  return (Math.abs(v) + 2) / 18 * em(ctx);
}

const NO_BIN_AFTER = new Set<AtomClass>(['bin', 'op', 'rel', 'open', 'punct']);

/** Lays out a row: its atoms with their spacing, on one baseline. */
export function layoutRow(row: MathRow, ctx: MathCtx, layoutNode: NodeLayout, upright = false): MathBox {
  const atoms: MathBox[] = [];
  for (const node of row) atoms.push(...layoutNode(node, ctx, upright));
  const visible = atoms.filter((a) => a.width !== 0 || a.parts.length > 0 || a.marks !== undefined);
  if (visible.length === 1 && visible[0]!.marks === undefined) return visible[0]!;
  if (visible.length === 0) return emptyBox();
  let x = 0;
  let prev: AtomClass | undefined;
  const marks: number[] = [];
  let ascent = 0;
  let descent = 0;
  const parts: { kind: 'box'; x: number; y: number; box: MathBox }[] = [];
  const classes: AtomClass[] = [];
  for (let i = 0; i < visible.length; i++) {
    const box = visible[i]!;
    if (box.marks !== undefined && box.width === 0) {
      marks.push(x);
      continue;
    }
    let cls = box.atom ?? 'ord';
    if (cls === 'bin' && (prev === undefined || NO_BIN_AFTER.has(prev) || isLastOrBeforeClose(visible, i))) cls = 'ord';
    if (prev !== undefined) x += spaceBetween(prev, cls, ctx);
    parts.push({ kind: 'box', x, y: 0, box });
    classes.push(cls);
    ascent = Math.max(ascent, box.ascent);
    descent = Math.max(descent, box.descent);
    x += box.width;
    prev = cls;
  }
  const last = visible[visible.length - 1]!;
  return { width: x, ascent, descent, parts, classes, ...(last.italicPt ? { italicPt: last.italicPt } : {}), ...(marks.length ? { marks } : {}) };
}

/** A binary operator before a relation, a closing fence or punctuation, or last, is ordinary (TeX rule 19). */
function isLastOrBeforeClose(atoms: readonly MathBox[], i: number): boolean {
  const next = atoms[i + 1];
  return !next || next.atom === 'rel' || next.atom === 'close' || next.atom === 'punct';
}
