/**
 * Legacy form checkboxes in the line (w:ffData/w:checkBox, §17.16.7): where the square sits and what
 * room it takes. Shared by line measurement (line-box.ts) and drawing (emit/line.ts).
 */
import type { FaceResolver } from '../faces';
import type { Special } from './itemize';

/** The width of the square's outline and cross, in points. */
export const CHECKBOX_LINE_PT = 0.5;

/**
 * The square's top, relative to the baseline (negative: above it). The square is centred on the
 * band from its font's ascent to its descent, where a character of its run sits: at the font size
 * (w:sizeAuto) a 12 pt box in 12 pt Times New Roman spans 10 pt above the baseline to 2 pt below,
 * inside the line a character of the run takes.
 */
export function checkBoxTopPt(s: Extract<Special, { kind: 'checkBox' }>, faces: FaceResolver): number {
  const lm = faces.primary(s.props).lineMetrics(s.props.sizePt);
  return -lm.ascentPt + (lm.ascentPt + lm.descentPt - s.sidePt) / 2;
}

/** The room above and below the baseline the square needs: at least its font's ascent and descent. */
export function checkBoxExtent(s: Extract<Special, { kind: 'checkBox' }>, faces: FaceResolver): { ascentPt: number; descentPt: number; lineHeightPt: number } {
  const lm = faces.primary(s.props).lineMetrics(s.props.sizePt);
  const top = checkBoxTopPt(s, faces);
  const ascentPt = Math.max(lm.ascentPt, -top);
  const descentPt = Math.max(lm.descentPt, top + s.sidePt);
  return { ascentPt, descentPt, lineHeightPt: lm.lineHeightPt + (ascentPt - lm.ascentPt) + (descentPt - lm.descentPt) };
}
