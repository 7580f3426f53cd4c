/**
 * Drop caps (w:framePr w:dropCap, §17.3.1.11): the frame paragraph's letters laid out, and the first
 * unit of the paragraph they start made to draw them and to keep its lines (and the page's following
 * paragraphs, down to the letters' bottom) beside them.
 */
import type { Paragraph } from '../model';
import type { WrapArea } from './flow/exclusions';
import type { Unit } from './flow/units';
import { layoutParagraph } from './paragraph';
import { paragraphUnits } from './paragraph-units';
import type { BlockContext } from './blocks';

/** A drop cap's letter(s) laid out, and the area the paragraph it starts must wrap around. */
export interface DropCap {
  readonly units: readonly Unit[];
  /** Where the letter goes relative to the paragraph's column: 0, or left of it in the margin. */
  readonly dx: number;
  readonly area: WrapArea;
}

/**
 * A drop cap (w:framePr w:dropCap, §17.3.1.11): the frame paragraph's text, as wide as its ink plus
 * hSpace and as tall as its lines, sits at the start of the next paragraph, whose first lines wrap
 * beside it ('drop'), or in the margin to its left ('margin').
 */
export function dropCapOf(p: Paragraph, widthPt: number, ctx: BlockContext): DropCap {
  const laid = layoutParagraph(p, widthPt, ctx);
  let ink = 0;
  let height = 0;
  for (const l of laid.lines) {
    ink = Math.max(ink, l.inkRightPt - p.props.indent.leftPt);
    height += l.heightPt;
  }
  const frame = p.props.frame!;
  const width = ink + (frame.hSpacePt ?? 0);
  const units = paragraphUnits(laid, ctx, { joinedAbove: false, joinedBelow: false }, false);
  const inMargin = frame.dropCap === 'margin';
  const exclusions = inMargin ? [] : [{ x0: 0, y0: 0, x1: width, y1: height, wrap: 'square' as const, side: 'right' as const }];
  return { units, dx: inMargin ? -width : 0, area: { top: 0, columnX: 0, exclusions } };
}

export function withDropCap(first: Unit, drop: DropCap): Unit {
  const own = first.exclusions;
  return {
    ...first,
    // The following paragraphs of the page wrap around the letter too, down to its bottom.
    exclusions(x, y) {
      const shifted = drop.area.exclusions.map((e) => ({ ...e, x0: e.x0 + x, x1: e.x1 + x, y0: e.y0 + y, y1: e.y1 + y }));
      return own ? [...own(x, y), ...shifted] : shifted;
    },
    emit(sink, x, y) {
      first.emit(sink, x, y);
      let dy = 0;
      for (const u of drop.units) {
        u.emit(sink, x + drop.dx, y + dy);
        dy += u.heightPt;
      }
    },
  };
}
