/**
 * Border lines: how one side of a border (CT_Border, ECMA-376 Part 1 §17.3.4) is drawn, with its
 * dashes, its double lines and its shadow. Shared by paragraph, page, table and run borders.
 */
import type { Border, LayoutItem } from '../model';

/** Dash pattern for dotted and dashed border styles. */
export function dashOf(border: Border): { dash?: number[] } {
  const w = Math.max(0.5, border.widthPt);
  switch (border.style) {
    case 'dotted':
      return { dash: [w, w * 2] };
    case 'dashed':
      return { dash: [w * 4, w * 3] };
    case 'dotDash':
    case 'dotDotDash':
      return { dash: [w * 4, w * 2, w, w * 2] };
    default:
      return {};
  }
}

/**
 * The shadow of a right or bottom border drawn from (x1, y1) to (x2, y2), or nothing without
 * w:shadow (CT_Border/@w:shadow, ECMA-376 Part 1 §17.3.4: "for the right and bottom borders, this is
 * accomplished by duplicating the border below and right of the normal border location"): the same
 * lines, in the border's colour and style, moved right and down by the border's width. The copy of the
 * right side lies against its outer edge and starts that far below the top corner; the copy of the
 * bottom lies under it and starts that far right of the left corner: the box casts a drop shadow of
 * its own width. The room a paragraph's shadowed bottom takes below the box is `shadowRoom`'s.
 */
export function shadowLines(x1: number, y1: number, x2: number, y2: number, border: Border, dash: { dash?: number[] } = dashOf(border)): LayoutItem[] {
  if (!border.shadow || !(border.widthPt > 0)) return [];
  const d = border.widthPt;
  return borderLines(x1 + d, y1 + d, x2 + d, y2 + d, border, dash);
}

/**
 * The lines that draw a border from (x1, y1) to (x2, y2) along its middle: one line of its width, or
 * for a double border two lines a third of its width each, a third apart (the room it takes,
 * `widthPt`, holds both and the gap).
 */
export function borderLines(x1: number, y1: number, x2: number, y2: number, border: Border, dash: { dash?: number[] } = dashOf(border)): LayoutItem[] {
  const color = border.color ?? '000000';
  if (border.style !== 'double') return [{ kind: 'line', x1, y1, x2, y2, width: border.widthPt, color, ...dash }];
  const w = border.widthPt / 3;
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const nx = (-(y2 - y1) / len) * w;
  const ny = ((x2 - x1) / len) * w;
  return [
    { kind: 'line', x1: x1 - nx, y1: y1 - ny, x2: x2 - nx, y2: y2 - ny, width: w, color, ...dash },
    { kind: 'line', x1: x1 + nx, y1: y1 + ny, x2: x2 + nx, y2: y2 + ny, width: w, color, ...dash },
  ];
}

/**
 * The room a bottom border's shadow takes below it: its width (Microsoft KB Q120451: from Word 6.0 on,
 * "a 3-point shadow line has a 3-point shadow, giving the border line a total thickness of 6 points.
 * This may cause pagination differences").
 */
export function shadowRoom(border: Border | undefined): number {
  return border?.shadow && border.widthPt > 0 ? border.widthPt : 0;
}

