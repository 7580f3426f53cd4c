/**
 * Horizontal in vertical (w:eastAsianLayout/@w:vert, ECMA-376 Part 1 §17.3.2.10), tate-chu-yoko: in
 * a tbRl section a region's text (digits, Latin) stands upright as one unit across the vertical line
 * instead of lying on its side. Lines are laid out on the turned page (vertical.ts), so the unit is
 * one em along the line and its text's width across it, centred on the em boxes' centre line;
 * w:vertCompress squeezes a wider text to one em so the line keeps its height. emit/upright.ts draws
 * it turned back a quarter, as vertical.ts turns each upright ideograph.
 */
import type { RunProps } from '../../model';
import type { FaceResolver } from '../faces';
import { EM_CENTRE } from '../vertical';
import { shapePlainText, type PlainSegment } from './plain-text';

/** A horizontal-in-vertical unit as laid out in the turned page's line. */
export interface UprightBox {
  /** Along the line: one em. */
  readonly width: number;
  readonly ascent: number;
  readonly descent: number;
  /** The text shaped horizontally at the run's size. */
  readonly segments: readonly PlainSegment[];
  /** Its width across the line once squeezed (w:vertCompress). */
  readonly acrossPt: number;
  /** Horizontal scale of the text: below 1 when squeezed. */
  readonly squeeze: number;
  /** Height of the em boxes' centre above the baseline. */
  readonly centrePt: number;
}

/** The unit of a horizontal-in-vertical region's text in the first run's properties. */
export function uprightBox(text: string, props: RunProps, faces: FaceResolver): UprightBox {
  const em = props.sizePt;
  const shaped = shapePlainText(text, props, em, faces);
  const squeeze = props.eastAsianLayout?.vertCompress && shaped.width > em ? em / shaped.width : 1;
  const acrossPt = shaped.width * squeeze;
  const centrePt = EM_CENTRE * em;
  return { width: em, ascent: centrePt + acrossPt / 2, descent: Math.max(0, acrossPt / 2 - centrePt), segments: shaped.segments, acrossPt, squeeze, centrePt };
}
