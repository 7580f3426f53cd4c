/**
 * Paragraph measuring: the widths a paragraph's text asks for without being placed, for the boxes
 * sized by their content (auto-width text frames, rotated cell text, autofit table columns).
 *
 * Measures lay the text out (or cut it into pieces) as paragraph.ts does, at a width that breaks
 * lines only where they must, so a width measured here is one the same layout then fits in. They
 * place nothing: a measure hands on at most the shaped content of a paragraph that depends on
 * nothing but itself (measured-content.ts).
 */
import type { Block, Paragraph } from '../model';
import type { LineBox } from './inline/line-box';
import { itemizeParagraph } from './inline/itemize';
import { shapePieces } from './inline/pieces';
import { hasStaticContent, holdMeasured, keepMinimum, keptMinimum } from './measured-content';
import { breaksOf, layoutParagraph, lineIndent, type ParagraphContext } from './paragraph';

/**
 * The width blocks' text needs when lines break only where they must (at most `maxWidthPt`): the
 * widest line of each paragraph set flush left, plus its right indent. Sizes auto-width text frames
 * and the length of rotated cell text. Tables inside count as nothing. A display equation counts at
 * its own width, not the whole line it takes, and an equation array at its own width, not spread.
 */
export function naturalWidth(blocks: readonly Block[], maxWidthPt: number, ctx: ParagraphContext): number {
  let widest = 0;
  for (const b of blocks) {
    if (b.kind !== 'paragraph') continue;
    const flush: Paragraph = { ...b, props: { ...b.props, alignment: 'left' } };
    for (const l of layoutParagraph(flush, maxWidthPt, ctx, undefined, true).lines) widest = Math.max(widest, contentRight(l) + b.props.indent.rightPt);
  }
  return Math.min(maxWidthPt, widest);
}

/** Where a line's content ends: its ink, but a display equation (a piece as wide as the line) at its box's width. */
function contentRight(l: LineBox): number {
  let right: number | undefined;
  for (const f of l.fragments) {
    if (f.k !== 'special' || f.piece.special.kind !== 'math' || !f.piece.special.display) continue;
    const m = f.piece.special;
    right = Math.max(right ?? 0, f.x + Math.max(m.box.width, m.groupWidth ?? 0));
  }
  if (right === undefined) return l.inkRightPt;
  for (const f of l.fragments) if (f.k === 'glyphs') right = Math.max(right, f.x + f.width);
  return right;
}

/**
 * The narrowest box a paragraph's text fits without breaking inside a word: its widest stretch of
 * glyphs between two line-break opportunities (the kernel's, as line filling uses them), set at the
 * paragraph's indents (the first line's for its first word). Trailing spaces hang and do not count;
 * inline objects count as nothing (a Word-saved grid keeps a picture wider than its cell:
 * oxpt-WC023, whose LibreOffice render keeps the columns too). Equations count: inline math by its
 * widest stretch between break points (its pieces, itemize.ts), display math whole (the pieces are
 * shaped without a line width, so it is not broken). Sizes autofit table columns (§17.4.53).
 * A paragraph whose content depends on nothing but itself is measured once per layout
 * (measured-content.ts): nested autofit tables ask again at each width.
 */
export function minContentWidth(p: Paragraph, ctx: ParagraphContext): number {
  const fixed = hasStaticContent(p);
  const kept = fixed ? keptMinimum(p, ctx) : undefined;
  if (kept !== undefined) return kept;
  const pt = measureMinimum(p, ctx, fixed);
  if (fixed) keepMinimum(p, ctx, pt);
  return pt;
}

function measureMinimum(p: Paragraph, ctx: ParagraphContext, fixed: boolean): number {
  const content = itemizeParagraph(p, ctx);
  if (content.text.length === 0) return 0;
  const breaks = breaksOf(content);
  const pieces = shapePieces(content, breaks, ctx.wordCache);
  if (fixed) holdMeasured(p, ctx, { content, breaks, pieces });
  const ind = lineIndent(p);
  let widest = 0;
  let x = ind.leftPt + ind.firstLinePt;
  let w = 0;
  let hang = 0;
  for (let k = 0; k < pieces.length; k++) {
    const piece = pieces[k]!;
    const forced = piece.k === 'special' && piece.special.kind === 'break';
    if (k > 0 && breaks[piece.start] !== 0) {
      widest = Math.max(widest, x + w - hang);
      x = ind.leftPt;
      w = 0;
    }
    const counts = piece.k === 'glyphs' || piece.special.kind === 'math';
    w += counts ? piece.width : 0;
    hang = counts ? (piece.trailingSpace ?? 0) : 0;
    if (forced) {
      widest = Math.max(widest, x + w - hang);
      x = ind.leftPt;
      w = 0;
      hang = 0;
    }
  }
  widest = Math.max(widest, x + w - hang);
  return Math.max(0, widest + ind.rightPt);
}
