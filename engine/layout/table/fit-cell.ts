/**
 * Fit text within a cell (w:tcFitText, ECMA-376 Part 1 §17.4.68): Word fits only the cell's first
 * paragraph, and only when it is too wide, by narrowing its characters (MS-OI29500 §2.1.170: "the
 * horizontal size of non-space characters is also reduced"; later paragraphs are not fit). The
 * paragraph's text is set at the horizontal scale (w:w) that brings its widest line to the cell's
 * text width, so it keeps to one line where it would have wrapped.
 */
import type { Block, Inline, Paragraph, RunProps } from '../../model';
import type { ParagraphContext } from '../paragraph';
import { naturalWidth } from '../paragraph-measure';

/** Widest unwrapped line this fitting looks at (a paragraph wider than this is fit as if it were this wide). */
const MAX_NATURAL_PT = 100_000;

/** A fit-text cell's blocks with the first paragraph narrowed to `widthPt` (the cell's text width). */
export function fitCellBlocks(blocks: readonly Block[], widthPt: number, ctx: ParagraphContext): readonly Block[] {
  const first = blocks[0];
  if (!first || first.kind !== 'paragraph') return blocks;
  const sides = first.props.indent.leftPt + first.props.indent.rightPt;
  const natural = naturalWidth([first], MAX_NATURAL_PT, ctx) - sides;
  const room = widthPt - sides;
  if (natural <= room + 0.01 || room <= 0) return blocks;
  // A hair under the exact ratio, so rounding cannot push the last character to a second line.
  const scale = (room / natural) * 0.999;
  return [narrowed(first, scale), ...blocks.slice(1)];
}

function narrowed(p: Paragraph, scale: number): Paragraph {
  const seen = new Map<RunProps, RunProps>();
  const props = (r: RunProps): RunProps => {
    let n = seen.get(r);
    if (!n) seen.set(r, (n = { ...r, scalePct: r.scalePct * scale }));
    return n;
  };
  const map = (list: readonly Inline[]): Inline[] =>
    list.map((i) => (i.kind === 'text' ? { ...i, props: props(i.props) } : i.kind === 'field' ? { ...i, result: map(i.result) } : i));
  return { ...p, inlines: map(p.inlines) };
}
