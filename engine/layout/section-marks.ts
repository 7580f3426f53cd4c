/**
 * Section marks: the empty paragraph holding a section's w:sectPr (§17.6.17) when it paints nothing,
 * how it is recognised, and the forms a pass lays it out in (a unit closing its section, or nothing
 * and no space before a continuous break).
 */
import type { Block, Paragraph } from '../model';
import { byWidth } from './block-reflow';
import type { Unit } from './flow/units';

/** A unit of the bare mark closing a section (Unit.sectionMark), as are its re-layouts (once per width). */
export function asSectionMark(unit: Unit): Unit {
  const reflow = unit.reflow;
  return { ...unit, sectionMark: true, ...(reflow ? { reflow: { ...reflow, at: byWidth((w: number) => reflow.at(w)?.map(asSectionMark)) } } : {}) };
}

/**
 * An empty paragraph that holds a section's w:sectPr (§17.6.17) and paints nothing: no text or
 * objects (bookmarks and comment ranges aside), no borders, shading or frame.
 */
export function isBareSectionMark(block: Block): boolean {
  if (block.kind !== 'paragraph') return false;
  const p = block.props;
  if (p.frame || p.borders || p.shading) return false;
  return block.inlines.every((i) => i.kind === 'bookmark' || (i.kind === 'comment' && i.edge !== 'reference') || (i.kind === 'text' && i.text === ''));
}

/**
 * A bare section mark (above) with no space before of its own, other than HTML auto spacing, and
 * nothing a reference could point at: one a continuous section break lays out as nothing.
 */
export function isSpacer(mark: Paragraph): boolean {
  const sp = mark.props.spacing;
  return (sp.beforeAuto || sp.beforePt === 0) && mark.inlines.every((i) => i.kind === 'text');
}

export function withoutSpaceBefore(p: Paragraph): Paragraph {
  return { ...p, props: { ...p.props, spacing: { ...p.props.spacing, beforePt: 0, beforeAuto: false } } };
}
