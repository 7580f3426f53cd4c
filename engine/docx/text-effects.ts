/**
 * Word 2010 text effects of a run ([MS-DOCX] 2.6, the w14 namespace): w14:textFill (CT_FillTextEffect,
 * 2.6.2.x), w14:textOutline (CT_TextOutlineEffect), w14:shadow (CT_Shadow), w14:glow (CT_Glow) and
 * w14:reflection (CT_Reflection). Their content is DrawingML's (a:solidFill, a:gradFill, a:noFill,
 * a:ln, a:outerShdw, a:glow, a:reflection) in the w14 namespace with
 * w14-qualified attributes, so each is read through DrawingML's readers after a rename.
 */
import { PRESET_DASHES } from '../core';
import type { Color, Glow, GradientFill, Reflection, TextEffects, TextPaint } from '../model';
import type { XmlElement, XmlNode } from '../xml';
import { child } from '../xml';
import type { PropsEnv } from './env';
import { readGlow, readReflection } from './effects';
import { readGradFill } from './gradient';
import { outerShadow } from './shape-style';
import { drawingAlpha, drawingColor } from './theme';
import { emuAttr } from './values';

/** A w14:textFill as read: a colour to draw the glyphs with (and a gradient), or none. */
export type TextFillRead = { readonly color: Color; readonly alpha?: number; readonly gradient?: GradientFill } | 'none';

/** Widest text outline read (points): more is a mistake. */
const MAX_OUTLINE_PT = 20;

/** Most elements of one effect renamed (a hostile file cannot make the copy unbounded). */
const MAX_NODES = 256;

/** The element with every w14: name and attribute renamed to DrawingML's (a: elements, bare attributes). */
export function asDrawingML(el: XmlElement, budget = { left: MAX_NODES }): XmlElement {
  const attrs: Record<string, string> = {};
  for (const k in el.attrs) attrs[k.startsWith('w14:') ? k.slice(4) : k] = el.attrs[k]!;
  const children: XmlNode[] = [];
  for (const c of el.children) {
    if (c.kind !== 'element' || --budget.left < 0) continue;
    children.push(asDrawingML(c, budget));
  }
  return { kind: 'element', name: el.name.startsWith('w14:') ? `a:${el.name.slice(4)}` : el.name, attrs, children };
}

function paint(env: PropsEnv, fillParent: XmlElement): (TextPaint & { readonly gradient?: GradientFill }) | 'none' | undefined {
  if (child(fillParent, 'a:noFill')) return 'none';
  const solid = child(fillParent, 'a:solidFill');
  if (solid) {
    const color = drawingColor(env.theme, env.mapping, solid);
    if (!color) return undefined;
    const alpha = drawingAlpha(solid);
    return alpha < 1 ? { color, alpha } : { color };
  }
  // A gradient: its middle colour stands for it where a flat colour is needed (underlines, outlines).
  const grad = child(fillParent, 'a:gradFill');
  const g = grad ? readGradFill(env, grad) : undefined;
  return g ? { color: g.color, ...(g.gradient ? { gradient: g.gradient } : {}) } : undefined;
}

/** w14:textFill: the glyphs' paint; undefined when it names none that can be read (the run's colour stays). */
export function readTextFill(env: PropsEnv, el: XmlElement): TextFillRead | undefined {
  return paint(env, asDrawingML(el));
}

/** w14:textOutline (a:ln's content): width (EMU), fill and preset dash. */
export function readTextOutline(env: PropsEnv, el: XmlElement): NonNullable<TextEffects['outline']> | undefined {
  const ln = asDrawingML(el);
  const p = paint(env, ln);
  if (p === undefined || p === 'none') return p;
  const { gradient: _g, ...flat } = p; // a gradient outline is stroked in its middle colour
  const w = emuAttr(ln, 'w');
  // w="0" is the thinnest line the device draws (as DrawingML's a:ln): a hairline of a quarter point.
  const widthPt = Math.max(0.25, Math.min(MAX_OUTLINE_PT, w !== undefined && Number.isFinite(w) ? w : 0.75));
  const dashName = child(ln, 'a:prstDash')?.attrs['val'];
  const dash = dashName ? PRESET_DASHES[dashName] : undefined;
  return { ...flat, widthPt, ...(dash ? { dash: dash.map((d) => d * widthPt) } : {}) };
}

/**
 * w14:shadow (an a:outerShdw in the w14 namespace): its colour, opacity and offset. The blur is kept
 * but not drawn. Null when it shows nothing: fully transparent, scaled to nothing (sx or sy 0, as
 * Word writes for "no shadow"), or neither offset nor blurred (hidden under the glyphs).
 */
export function readTextShadow(env: PropsEnv, el: XmlElement): TextEffects['shadow'] | null {
  const shdw = { ...asDrawingML(el), name: 'a:outerShdw' };
  if (shdw.attrs['sx'] === '0' || shdw.attrs['sy'] === '0') return null;
  const spPr: XmlElement = { kind: 'element', name: 'a:spPr', attrs: {}, children: [{ kind: 'element', name: 'a:effectLst', attrs: {}, children: [shdw] }] };
  const s = outerShadow(env, spPr);
  if (!s || (s.dxPt === 0 && s.dyPt === 0 && s.blurPt === 0)) return null;
  return { color: s.color, ...(s.opacity < 1 ? { alpha: s.opacity } : {}), dxPt: s.dxPt, dyPt: s.dyPt, blurPt: s.blurPt };
}

/** w14:glow (an a:glow in the w14 namespace); null when it shows nothing (w14:rad="0", as Word writes "no glow"). */
export function readTextGlow(env: PropsEnv, el: XmlElement): Glow | null {
  return readGlow(env, asDrawingML(el));
}

/** w14:reflection (an a:reflection in the w14 namespace); null when it shows nothing. */
export function readTextReflection(el: XmlElement): Reflection | null {
  return readReflection(asDrawingML(el));
}
