/**
 * Glyph runs of laid-out items with the transform that takes each to the page (groups' transforms
 * composed), for tests of rotated and vertical text.
 */
import type { GlyphRun, LayoutItem } from '../../engine/model';

/** A glyph run and the matrix [a b c d e f] that places it on the page. */
export type Placed = { run: GlyphRun; m: number[] };

/** The glyph runs of a page with the transform that takes each to the sheet. */
export function placedRuns(items: readonly LayoutItem[], m = [1, 0, 0, 1, 0, 0]): Placed[] {
  const out: Placed[] = [];
  for (const i of items) {
    if (i.kind === 'glyphs') out.push({ run: i, m });
    else if (i.kind === 'group') out.push(...placedRuns(i.items, i.transform ? compose(m, i.transform) : m));
  }
  return out;
}

/** m ∘ t: t applied first. */
export function compose(m: number[], t: readonly number[]): number[] {
  return [
    m[0]! * t[0]! + m[2]! * t[1]!, m[1]! * t[0]! + m[3]! * t[1]!,
    m[0]! * t[2]! + m[2]! * t[3]!, m[1]! * t[2]! + m[3]! * t[3]!,
    m[0]! * t[4]! + m[2]! * t[5]! + m[4]!, m[1]! * t[4]! + m[3]! * t[5]! + m[5]!,
  ];
}

/** A point under the matrix. */
export const apply = (m: number[], x: number, y: number) => ({ x: m[0]! * x + m[2]! * y + m[4]!, y: m[1]! * x + m[3]! * y + m[5]! });
