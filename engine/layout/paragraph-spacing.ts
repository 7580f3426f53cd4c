/**
 * Spacing between paragraphs (w:spacing, §17.3.1.33): the shares of the space between two paragraphs
 * that the one above and the one below give, collapsed to the larger as Word does (added under
 * w:doNotUseHTMLParagraphAutoSpacing), less what w:contextualSpacing and HTML auto spacing drop.
 *
 * Pure functions of the two paragraphs' properties; blocks.ts places the space they give.
 */
import type { Paragraph } from '../model';

/**
 * The space between two paragraphs (§17.3.1.33), in its two shares: the larger of the previous
 * paragraph's space after and this one's space before — Word collapses them, it does not add them
 * (checked against Word's own renders in the corpus: a 15 pt after and a 24 pt before give 24 pt) —
 * counted as the after (`prev`) plus what the before exceeds it by (`own`). The shares behave apart:
 * across a hard page break the after stays on the old page (BlockUnitBuilder.broken), and
 * w:contextualSpacing between paragraphs of the same style drops the share of each paragraph that
 * sets it. With `add` (the document's w:doNotUseHTMLParagraphAutoSpacing) they add up, as in Word
 * 97–2003 documents. HTML auto spacing (beforeAutospacing) vanishes at the top of a story (`atTop`)
 * and between items of the same list, but not after a table (Word's render of Docx4j_GettingStarted
 * keeps 14 pt between a table and the auto-spaced paragraph below it).
 */
export function spaceShares(prev: Paragraph | undefined, prevAfter: number, p: Paragraph, add = false, atTop = prev === undefined): { prev: number; own: number } {
  const sp = p.props.spacing;
  const sameStyle = prev !== undefined && prev.props.styleId === p.props.styleId;
  let before = sp.beforePt;
  if (sp.beforeAuto && (atTop || (prev !== undefined && sameList(prev, p)))) before = 0;
  // Each paragraph's w:contextualSpacing drops only its own share: the previous paragraph gives its
  // after, this one what its before exceeds that after by (a peer's measurements of Word: a toggled
  // 10 pt after over an untoggled 12 pt before of the same style leaves 2 pt).
  const prevShare = prev ? afterShare(prev, prevAfter, p) : prevAfter;
  const ownShare = p.props.contextualSpacing && sameStyle ? 0 : add ? before : Math.max(0, before - prevAfter);
  return { prev: prevShare, own: ownShare };
}

/** The part of the space below a paragraph that is its own space after (what w:contextualSpacing leaves of it). */
export function ownAfter(p: Paragraph, next: Paragraph | undefined): number {
  return afterShare(p, spaceAfter(p, next), next);
}

/** A paragraph's share of the space before `next`: its space after, unless its w:contextualSpacing drops it there. */
function afterShare(p: Paragraph, after: number, next: Paragraph | undefined): number {
  return p.props.contextualSpacing && next !== undefined && next.props.styleId === p.props.styleId ? 0 : after;
}

export function spaceAfter(p: Paragraph, next: Paragraph | undefined): number {
  const sp = p.props.spacing;
  if (sp.afterAuto && next !== undefined && sameList(p, next)) return 0;
  return sp.afterPt;
}

function sameList(a: Paragraph, b: Paragraph): boolean {
  return a.props.list !== undefined && b.props.list !== undefined && a.props.list.numId === b.props.list.numId;
}
