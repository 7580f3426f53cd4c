/**
 * Fills and outlines of DrawingML shapes (a:spPr fill and a:ln, §20.1.8 and §20.1.2.2.24), falling
 * back to the theme formats a shape's wps:style references (a:fillRef / a:lnRef idx with a
 * placeholder colour, §20.1.4.2). Gradients are kept (gradient.ts) beside a representative colour;
 * patterns are reduced to their foreground colour.
 */
import { PRESET_DASHES } from '../core';
import type { Color, GradientFill, OuterShadow, ShapeLine } from '../model';
import type { XmlElement } from '../xml';
import { attr, child } from '../xml';
import type { PropsEnv } from './env';
import { blendColors } from './color';
import { readGradFill } from './gradient';
import { drawingAlpha, drawingColor } from './theme';
import { emuAttr, intValue } from './values';

/**
 * Fill decided by a shape: a colour (with the gradient it stands for), explicitly none, or not said
 * (undefined). A translucent solid fill's `color` is blended over white, for readers that draw
 * opaque colours only; `seeThrough` holds its own colour and opacity.
 */
export type FillChoice = { readonly color?: Color; readonly gradient?: GradientFill; readonly seeThrough?: { readonly color: Color; readonly opacity: number } } | undefined;

const FILL_NAMES = new Set(['a:noFill', 'a:solidFill', 'a:gradFill', 'a:pattFill', 'a:blipFill', 'a:grpFill']);

/** Reads the fill element inside `parent` (spPr, a style list entry), `placeholder` standing for phClr. */
export function readFill(env: PropsEnv, parent: XmlElement | undefined, placeholder?: string, groupFill?: Color): FillChoice {
  if (!parent) return undefined;
  for (const c of parent.children) {
    if (c.kind !== 'element' || !FILL_NAMES.has(c.name)) continue;
    switch (c.name) {
      case 'a:noFill':
        return {};
      case 'a:solidFill': {
        const color = drawingColor(env.theme, env.mapping, c, placeholder);
        // Transparent fills vanish; translucent ones keep their colour and opacity beside the blend.
        const alpha = drawingAlpha(c);
        if (!color || alpha === 0) return {};
        return alpha < 1 ? { color: blendColors('FFFFFF', color, alpha), seeThrough: { color, opacity: alpha } } : { color };
      }
      case 'a:gradFill':
        return readGradFill(env, c, placeholder) ?? {};
      case 'a:pattFill': {
        const color = drawingColor(env.theme, env.mapping, child(c, 'a:fgClr'), placeholder);
        return color ? { color } : {};
      }
      case 'a:grpFill':
        return groupFill ? { color: groupFill } : {};
      default:
        return {};
    }
  }
  return undefined;
}

/** Resolves a shape's fill colour: its spPr, else its style's fillRef. */
export function shapeFill(env: PropsEnv, spPr: XmlElement | undefined, style: XmlElement | undefined, groupFill?: Color): Color | undefined {
  return shapePaint(env, spPr, style, groupFill)?.color;
}

/** Resolves a shape's fill, gradient included: its spPr, else its style's fillRef (theme gradients for idx 2 and 3 in Office themes). */
export function shapePaint(env: PropsEnv, spPr: XmlElement | undefined, style: XmlElement | undefined, groupFill?: Color): FillChoice {
  const own = readFill(env, spPr, undefined, groupFill);
  if (own) return own;
  const ref = child(style, 'a:fillRef');
  const idx = intValue(attr(ref, 'idx')) ?? 0;
  if (!ref || idx <= 0) return undefined;
  const placeholder = drawingColor(env.theme, env.mapping, ref);
  const entry = themeFillEntry(env, idx);
  const fromTheme = entry ? readFill(env, { kind: 'element', name: 'x', attrs: {}, children: [entry] }, placeholder) : undefined;
  return fromTheme ?? (placeholder ? { color: placeholder } : undefined);
}

/** The theme fill a fillRef index names: 1–999 the fill style list, 1001+ the background fill list (§20.1.4.2.10). */
export function themeFillEntry(env: PropsEnv, idx: number): XmlElement | undefined {
  if (idx >= 1001) return env.theme.backgroundFillStyles[Math.min(idx - 1001, env.theme.backgroundFillStyles.length - 1)];
  return idx > 0 ? env.theme.fillStyles[Math.min(idx, env.theme.fillStyles.length) - 1] : undefined;
}

/** Resolves a shape's outline: a:ln in spPr over the style's lnRef entry. Undefined = no line. */
export function shapeLine(env: PropsEnv, spPr: XmlElement | undefined, style: XmlElement | undefined): ShapeLine | undefined {
  const ln = child(spPr, 'a:ln');
  const ref = child(style, 'a:lnRef');
  const idx = intValue(attr(ref, 'idx')) ?? 0;
  const placeholder = ref ? drawingColor(env.theme, env.mapping, ref) : undefined;
  const themeLn = ref && idx > 0 ? env.theme.lineStyles[Math.min(idx, 3) - 1] : undefined;
  const ownFill = readFill(env, ln);
  let color: Color | undefined;
  if (ownFill) {
    if (ownFill.color === undefined) return undefined;
    color = ownFill.color;
  } else if (themeLn) {
    const tf = readFill(env, themeLn, placeholder);
    if (tf && tf.color === undefined) return undefined;
    color = tf?.color ?? placeholder;
  } else {
    return undefined;
  }
  const w = emuAttr(ln, 'w') ?? emuAttr(themeLn, 'w') ?? 0.75;
  const widthPt = Math.max(0.25, Math.min(w, 100));
  const dashName = attr(child(ln, 'a:prstDash'), 'val') ?? attr(child(themeLn, 'a:prstDash'), 'val');
  const line: { -readonly [K in keyof ShapeLine]: ShapeLine[K] } = { widthPt };
  if (color) line.color = color;
  const dash = dashName ? PRESET_DASHES[dashName] : undefined;
  if (dash) line.dash = dash.map((d) => d * widthPt);
  const head = attr(child(ln, 'a:headEnd'), 'type');
  const tail = attr(child(ln, 'a:tailEnd'), 'type');
  if (head && head !== 'none') line.headArrow = true;
  if (tail && tail !== 'none') line.tailArrow = true;
  return line;
}

/** Longest shadow offset or blur read (one inch): more is hostile or a mistake. */
const MAX_SHADOW_PT = 72;

/**
 * The outer shadow of spPr's effect list (a:effectLst/a:outerShdw, CT_OuterShadowEffect §20.1.8.49):
 * dist (EMU) along dir (60000ths of a degree, clockwise from +x), blurRad (EMU), and the colour with
 * its alpha. Scale, skew and alignment are not kept. Undefined when there is none or it is invisible.
 */
export function outerShadow(env: PropsEnv, spPr: XmlElement | undefined): OuterShadow | undefined {
  return listShadow(env, child(spPr, 'a:effectLst'));
}

/** The outer shadow of an a:effectLst, `placeholder` standing for phClr (a theme effect style's). */
export function listShadow(env: PropsEnv, list: XmlElement | undefined, placeholder?: string): OuterShadow | undefined {
  const el = child(list, 'a:outerShdw');
  if (!el) return undefined;
  const color = drawingColor(env.theme, env.mapping, el, placeholder) ?? '000000';
  const opacity = drawingAlpha(el);
  if (opacity <= 0) return undefined;
  const bound = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? Math.max(0, Math.min(MAX_SHADOW_PT, v)) : 0);
  const dist = bound(emuAttr(el, 'dist'));
  const dirDeg = ((intValue(attr(el, 'dir')) ?? 0) / 60000) % 360;
  const rad = (Number.isFinite(dirDeg) ? dirDeg : 0) * (Math.PI / 180);
  // Rounded to a thousandth of a point so the last bit of cos/sin cannot differ between engines.
  const round = (v: number) => Math.round(v * 1000) / 1000 + 0;
  return { color, opacity, dxPt: round(dist * Math.cos(rad)), dyPt: round(dist * Math.sin(rad)), blurPt: round(bound(emuAttr(el, 'blurRad'))) };
}
