/**
 * Run styles: what a run's properties make of its spans (size and baseline shift of super- and
 * subscripts and small capitals, drawing style, shaping keys), and the run tests the itemizer asks.
 */
import type { RunProps } from '../../model';
import type { Face } from '../faces';
import { markupStyle, type MarkupStyle } from '../revisions';

/** How far a subscript is lowered, as a fraction of the run's size (LibreOffice's 8 %; Word's is not measured). */
const SUBSCRIPT_DROP = 0.08;
/**
 * Word's superscript and subscript size: two thirds of the run's, in whole half-points rounded down
 * (its render of Docx4j_GettingStarted draws the superscripts of 11 and 10 pt text at 7 and 6.5 pt).
 */
export function scriptSize(sizePt: number): number {
  return Math.floor((sizePt * 4) / 3 + 1e-6) / 2;
}

/** Word raises a superscript by a third of the run's size, in half-points rounded up (4 pt at 11 pt, 3.5 at 10). */
export function superscriptRise(sizePt: number): number {
  return Math.ceil((sizePt * 2) / 3 - 1e-6) / 2;
}

/** Small capitals are drawn as capitals at this fraction of the size. */
export const SMALL_CAPS_SCALE = 0.8;

/** What a run's properties make of its spans at one size scale (1, or small capitals'). */
interface RunStyle {
  /** Effective size and baseline shift (super/subscript, small capitals). */
  readonly sizePt: number;
  readonly risePt: number;
  /** Drawing style outside tracked changes. */
  readonly own: MarkupStyle;
  /** Everything shaping depends on but the face and the text. */
  readonly features: string;
  /** Word cache keys by face key. */
  readonly shapeKeys: Map<string, string>;
}

/**
 * Run styles by properties and scale. Run properties are interned by the reader (equal formatting is
 * one object), so most runs of a document share a few styles: recomputing them, with their key
 * strings, for every run of every layout pass was a tenth of what itemizing allocated.
 */
const runStyles = new WeakMap<RunProps, Map<number, RunStyle>>();

export function runStyle(props: RunProps, scale: number): RunStyle {
  let byScale = runStyles.get(props);
  if (!byScale) runStyles.set(props, (byScale = new Map()));
  let style = byScale.get(scale);
  if (!style) {
    const full = props.sizePt * scale;
    const sizePt = props.vertAlign === 'baseline' ? full : scriptSize(full);
    const shift = props.vertAlign === 'superscript' ? superscriptRise(props.sizePt) : props.vertAlign === 'subscript' ? -SUBSCRIPT_DROP * props.sizePt : 0;
    const risePt = props.positionPt + shift;
    const kern = props.kernMinPt !== undefined && sizePt >= props.kernMinPt ? 1 : 0;
    const features = `${sizePt}|${props.scalePct}|${props.spacingPt}|${kern}${props.ligatures ? 1 : 0}${props.rtl ? 1 : 0}`;
    style = { sizePt, risePt, own: markupStyle(undefined, props, false), features, shapeKeys: new Map() };
    byScale.set(scale, style);
  }
  return style;
}

export function shapeKeyOf(style: RunStyle, face: Face): string {
  let key = style.shapeKeys.get(face.key);
  if (key === undefined) {
    key = face.key + '|' + style.features;
    style.shapeKeys.set(face.key, key);
  }
  return key;
}

export function isLower(s: string, i: number): boolean {
  const c = s[i]!;
  return c !== c.toUpperCase();
}

/** Whether a run's text is gathered into a box: two lines in one, or horizontal in vertical in vertical text. */
export function gatheredLayout(props: RunProps, vertical: boolean): boolean {
  const ea = props.eastAsianLayout;
  return ea !== undefined && (ea.combine === true || (vertical && ea.vert === true));
}

/** Whether a gathered run continues a region: the same w:eastAsianLayout, or the same w:id. */
export function sameRegion(a: RunProps, b: RunProps): boolean {
  const x = a.eastAsianLayout;
  const y = b.eastAsianLayout;
  return x !== undefined && y !== undefined && (x === y || (x.id !== undefined && x.id === y.id && x.combine === y.combine));
}
