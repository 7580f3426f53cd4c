/**
 * Gradient fills: DrawingML a:gradFill (CT_GradientFillProperties, ECMA-376 Part 1 §20.1.8.33) and
 * VML v:fill of type gradient / gradientRadial (Part 4 §19.1.2.5) → GradientFill, with the one
 * colour that stands for the gradient where a flat colour is needed (its middle stop, as before
 * gradients were drawn, so text contrast and fallbacks keep their colour).
 */
import type { Color, GradientFill, GradientStop } from '../model';
import type { XmlElement } from '../xml';
import { attr, child } from '../xml';
import { blendColors } from './color';
import type { PropsEnv } from './env';
import { drawingAlpha, drawingColor } from './theme';
import { intValue, onOffValue, percentValue } from './values';
import { vmlColor, vmlFraction } from './vml-style';

/** A gradient and its representative colour. */
export interface ReadGradient {
  readonly color: Color;
  readonly gradient?: GradientFill;
}

/** More stops than any editor writes: the rest are dropped. */
const MAX_STOPS = 64;

/** A fraction in [0, 1] of an ST_PositiveFixedPercentage-like attribute (100000 = 1, or `50%`), or `d`. */
function fraction(el: XmlElement | undefined, name: string, d: number): number {
  const v = percentValue(attr(el, name), 100000);
  return v === undefined ? d : Math.max(0, Math.min(1, v));
}

/** The stops of a:gsLst (§20.1.8.37 a:gs pos in 1000ths of a percent), in document order. */
function readStops(env: PropsEnv, gsLst: XmlElement | undefined, placeholder: string | undefined): GradientStop[] {
  const out: GradientStop[] = [];
  for (const gs of gsLst?.children ?? []) {
    if (gs.kind !== 'element' || gs.name !== 'a:gs' || out.length >= MAX_STOPS) continue;
    const color = drawingColor(env.theme, env.mapping, gs, placeholder);
    if (!color) continue;
    // Opacity has no place in the model: translucent stops are blended over white, as solid fills are.
    const alpha = drawingAlpha(gs);
    out.push({ pos: fraction(gs, 'pos', 0), color: alpha < 1 ? blendColors('FFFFFF', color, alpha) : color });
  }
  return out;
}

/** Stops sorted by position (stable, so a hard edge keeps its two colours in order). */
function sortStops(stops: readonly GradientStop[]): GradientStop[] {
  const sorted = stops.map((s, i) => ({ s, i })).sort((a, b) => a.s.pos - b.s.pos || a.i - b.i).map((e) => e.s);
  return sorted.filter((s, i) => i === 0 || s.pos !== sorted[i - 1]!.pos || s.color !== sorted[i - 1]!.color);
}

/**
 * Reads a:gradFill: its stops, a:lin (ang in 60000ths of a degree clockwise, scaled) or a:path
 * (circle / rect / shape with a:fillToRect, §20.1.8.31), rotWithShape. No a:lin nor a:path: a
 * linear blend at 90°. Undefined when no stop has a colour.
 */
export function readGradFill(env: PropsEnv, el: XmlElement, placeholder?: string): ReadGradient | undefined {
  const listed = readStops(env, child(el, 'a:gsLst'), placeholder);
  // The middle stop as listed is the closest single colour to what a gradient looks like overall.
  const mid = listed[Math.floor(listed.length / 2)];
  if (!mid) return undefined;
  const stops = sortStops(listed);
  if (stops.length < 2 || stops.every((s) => s.color === stops[0]!.color)) return { color: mid.color };
  const rotWithShape = onOffValue(attr(el, 'rotWithShape')) ?? true;
  const path = child(el, 'a:path');
  if (path) {
    const kind = attr(path, 'path');
    const rect = child(path, 'a:fillToRect');
    const focus = { l: fraction(rect, 'l', 0), t: fraction(rect, 't', 0), r: fraction(rect, 'r', 0), b: fraction(rect, 'b', 0) };
    const gradient: GradientFill = { kind: kind === 'rect' || kind === 'shape' ? kind : 'circle', stops, angleDeg: 0, scaled: false, focus, rotWithShape };
    return { color: mid.color, gradient };
  }
  const lin = child(el, 'a:lin');
  // Without a:lin nor a:path the blend runs from top to bottom: Word's own VML fallback for such a
  // shape (oxsdk-Complex01) is a v:fill gradient of angle 0, focus 100 %, which is that.
  const ang = intValue(attr(lin, 'ang')) ?? (lin ? 0 : 5400000);
  const angleDeg = Number.isFinite(ang) ? (((ang / 60000) % 360) + 360) % 360 : 0;
  return { color: mid.color, gradient: { kind: 'linear', stops, angleDeg, scaled: onOffValue(attr(lin, 'scaled')) ?? false, rotWithShape } };
}

/**
 * The colours of a VML gradient from `color` (u = 0) to `color2` (u = 1): v:fill/@colors, a list
 * of "position colour" pairs separated by semicolons (positions fractions or 65536ths), else the two.
 */
function vmlColorList(fillEl: XmlElement, color: Color, color2: Color): Array<{ u: number; color: Color }> {
  const list: Array<{ u: number; color: Color }> = [];
  for (const part of (attr(fillEl, 'colors') ?? '').split(';')) {
    const [pos, col] = part.trim().split(/\s+/);
    const u = vmlFraction(pos);
    const c = vmlColor(col);
    if (u !== undefined && c && list.length < MAX_STOPS) list.push({ u: Math.max(0, Math.min(1, u)), color: c });
  }
  return list.length >= 2 ? list : [{ u: 0, color }, { u: 1, color: color2 }];
}

/**
 * VML's focus (v:fill/@focus, −100 %…100 %) as where along the blend `color` and `color2` fall:
 * 0 puts color2 at the start and color at the end; 100 % reverses that; 50 % puts color at both
 * ends and color2 in the middle; −50 % the other way round. Each colour-list position u becomes
 * one stop (two, mirrored, when the focus is inside the blend).
 */
function vmlFocusStops(list: ReadonlyArray<{ u: number; color: Color }>, focus: number): GradientStop[] {
  const f = Math.max(-1, Math.min(1, focus));
  if (f === 0 || f === -1) return sortStops(list.map((s) => ({ pos: 1 - s.u, color: s.color })));
  if (f === 1) return sortStops(list.map((s) => ({ pos: s.u, color: s.color })));
  const g = Math.abs(f);
  // f > 0: u climbs from 0 at the ends to 1 at the focus; f < 0: it falls from 1 to 0 there.
  const at = (u: number) => (f > 0 ? u : 1 - u);
  const out: GradientStop[] = [];
  for (const s of list) {
    const v = at(s.u);
    out.push({ pos: v * g, color: s.color }, { pos: 1 - v * (1 - g), color: s.color });
  }
  return sortStops(out);
}

/**
 * A VML gradient (v:fill type gradient or gradientRadial): angle (degrees counter-clockwise, 0 a
 * blend from top to bottom), focus, colors, focusposition (radial); rotate="t" turns it with the
 * shape. `color` is the shape's fill colour. The blend is linear whatever v:fill/@method says
 * (sigma, any, linear sigma shape the curve between the colours only). Undefined when the fill is
 * no gradient.
 */
export function readVmlGradient(fillEl: XmlElement | undefined, color: Color): ReadGradient | undefined {
  const type = attr(fillEl, 'type') ?? '';
  if (!fillEl || (type !== 'gradient' && type !== 'gradientRadial')) return undefined;
  const color2 = vmlColor(attr(fillEl, 'color2')) ?? 'FFFFFF';
  const mid = blendColors(color, color2, 0.5);
  const focusRaw = attr(fillEl, 'focus')?.trim() ?? '0';
  const focus = focusRaw.endsWith('%') ? Number(focusRaw.slice(0, -1)) / 100 : vmlFraction(focusRaw) ?? 0;
  const stops = vmlFocusStops(vmlColorList(fillEl, color, color2), Number.isFinite(focus) ? focus : 0);
  const rotWithShape = (attr(fillEl, 'rotate') ?? 'f').startsWith('t');
  if (type === 'gradientRadial') {
    const [fx, fy] = (attr(fillEl, 'focusposition') ?? '').split(',').map((v) => vmlFraction(v.trim() || undefined) ?? 0);
    const x = Math.max(0, Math.min(1, fx ?? 0));
    const y = Math.max(0, Math.min(1, fy ?? 0));
    return { color: mid, gradient: { kind: 'rect', stops, angleDeg: 0, scaled: false, focus: { l: x, t: y, r: 1 - x, b: 1 - y }, rotWithShape } };
  }
  const angle = Number(attr(fillEl, 'angle') ?? 0);
  const angleDeg = ((((90 - (Number.isFinite(angle) ? angle : 0)) % 360) + 360) % 360);
  return { color: mid, gradient: { kind: 'linear', stops, angleDeg, scaled: false, rotWithShape } };
}
