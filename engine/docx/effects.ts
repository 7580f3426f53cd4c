/**
 * DrawingML glow and reflection effects (a:glow, CT_GlowEffect §20.1.8.32; a:reflection,
 * CT_ReflectionEffect §20.1.8.50), read from an a:effectLst or, renamed, from Word 2010's w14:glow
 * and w14:reflection on text ([MS-DOCX] 2.6.1.x).
 */
import type { DrawingEffects, Glow, RectAlignment, Reflection } from '../model';
import type { XmlElement } from '../xml';
import { attr, child } from '../xml';
import type { PropsEnv } from './env';
import { listShadow } from './shape-style';
import { drawingAlpha, drawingColor } from './theme';
import { emuAttr, intValue, oneOf, percentValue } from './values';

/** Widest glow or reflection offset read (one inch): more is hostile or a mistake. */
const MAX_EFFECT_PT = 72;

/** Largest reflection scale read (a copy 4 times the object): more is a mistake. */
const MAX_SCALE = 4;

const ALIGNMENTS: readonly RectAlignment[] = ['tl', 't', 'tr', 'l', 'ctr', 'r', 'bl', 'b', 'br'];

const bounded = (v: number | undefined, hi: number) => (v !== undefined && Number.isFinite(v) ? Math.max(0, Math.min(hi, v)) : 0);

/** A fraction attribute (ST_PositiveFixedPercentage: 100000 = 100 %), clamped to [0, 1]. */
function fraction(el: XmlElement, name: string, absent: number): number {
  const v = percentValue(attr(el, name), 100000);
  return v === undefined ? absent : Math.max(0, Math.min(1, v));
}

/** A scale attribute (ST_Percentage, may be negative), within ±MAX_SCALE. */
function scale(el: XmlElement, name: string): number {
  const v = percentValue(attr(el, name), 100000);
  return v === undefined ? 1 : Math.max(-MAX_SCALE, Math.min(MAX_SCALE, v));
}

/** An angle attribute (60000ths of a degree, clockwise from +x) in degrees, in [0, 360). */
function degrees(el: XmlElement, name: string, absent = 0): number {
  const d = ((intValue(attr(el, name)) ?? absent * 60000) / 60000) % 360;
  return Number.isFinite(d) ? (d + 360) % 360 : 0;
}

/** a:glow: its colour (with alpha) and radius; null when it shows nothing (no radius, or transparent). */
export function readGlow(env: PropsEnv, el: XmlElement, placeholder?: string): Glow | null {
  const radPt = bounded(emuAttr(el, 'rad'), MAX_EFFECT_PT);
  const color = drawingColor(env.theme, env.mapping, el, placeholder);
  const opacity = drawingAlpha(el);
  if (!color || radPt <= 0 || !(opacity > 0)) return null;
  return { color, opacity, radPt };
}

/**
 * a:reflection: null when it shows nothing, scaled to nothing (sx or sy 0, as Word writes "no
 * reflection" in some styles) or transparent at both ends. Defaults are the schema's: stA 100 %,
 * stPos 0, endA 0, endPos 100 %, dir 0, fadeDir 90°, sx and sy 100 %, algn b. The skew (kx, ky) and
 * rotWithShape are not kept.
 */
export function readReflection(el: XmlElement): Reflection | null {
  const sx = scale(el, 'sx');
  const sy = scale(el, 'sy');
  const startOpacity = fraction(el, 'stA', 1);
  const endOpacity = fraction(el, 'endA', 0);
  if (sx === 0 || sy === 0 || (startOpacity === 0 && endOpacity === 0)) return null;
  const startPos = fraction(el, 'stPos', 0);
  const endPos = Math.max(startPos, fraction(el, 'endPos', 1));
  const dist = bounded(emuAttr(el, 'dist'), MAX_EFFECT_PT);
  const rad = degrees(el, 'dir') * (Math.PI / 180);
  // Rounded to a thousandth of a point so the last bit of cos/sin cannot differ between engines.
  const round = (v: number) => Math.round(v * 1000) / 1000 + 0;
  const fadeQuarter = (Math.round(degrees(el, 'fadeDir', 90) / 90) % 4) as Reflection['fadeQuarter'];
  return {
    startOpacity,
    startPos,
    endOpacity,
    endPos,
    dxPt: round(dist * Math.cos(rad)),
    dyPt: round(dist * Math.sin(rad)),
    fadeQuarter,
    sx,
    sy,
    align: oneOf(attr(el, 'algn'), ALIGNMENTS) ?? 'b',
    blurPt: round(bounded(emuAttr(el, 'blurRad'), MAX_EFFECT_PT)),
  };
}

/**
 * The glow, reflection and soft edge (a:softEdge, §20.1.8.53) of a shape's or picture's a:effectLst
 * (spPr), or of the theme effect style a shape's wps:style names (see shapeEffects). `warn` is told
 * of what is not drawn: a reflection's blur.
 */
export function readDrawingEffects(env: PropsEnv, spPr: XmlElement | undefined, warn: (message: string) => void, style?: XmlElement): DrawingEffects {
  const { list, placeholder } = effectList(env, spPr, style);
  if (!list) return {};
  const glowEl = child(list, 'a:glow');
  const reflectionEl = child(list, 'a:reflection');
  const glow = glowEl ? readGlow(env, glowEl, placeholder) : null;
  const reflection = reflectionEl ? readReflection(reflectionEl) : null;
  if (reflection && reflection.blurPt > 0) warn('The blur of a reflection (a:reflection blurRad) is not drawn; the reflection is drawn sharp.');
  const soft = child(list, 'a:softEdge');
  const softEdgePt = soft ? bounded(emuAttr(soft, 'rad'), MAX_EFFECT_PT) : 0;
  return { ...(glow ? { glow } : {}), ...(reflection ? { reflection } : {}), ...(softEdgePt > 0 ? { softEdgePt } : {}) };
}

/**
 * A shape's effects: those of readDrawingEffects and its outer shadow (a:outerShdw, its blur drawn
 * through a soft mask by layout/soft-mask), from its spPr's a:effectLst or its style's a:effectRef.
 */
export function shapeEffects(env: PropsEnv, spPr: XmlElement | undefined, style: XmlElement | undefined, warn: (message: string) => void): DrawingEffects {
  const effects = readDrawingEffects(env, spPr, warn, style);
  const { list, placeholder } = effectList(env, spPr, style);
  const shadow = listShadow(env, list, placeholder);
  if (!shadow) return effects;
  return { ...effects, shapeShadow: shadow };
}

/**
 * The a:effectLst that applies: spPr's own (even empty: it replaces the style's), else the
 * a:effectLst of the theme effect style (a:fmtScheme/a:effectStyleLst, §20.1.4.1.13) that
 * wps:style/a:effectRef idx names (1-based; 0 is none, §20.1.4.2.8), with the reference's colour
 * standing for phClr. Office 2007's themes put an outer shadow in their effect styles; 2013's none.
 */
function effectList(env: PropsEnv, spPr: XmlElement | undefined, style: XmlElement | undefined): { list?: XmlElement; placeholder?: string } {
  const own = child(spPr, 'a:effectLst');
  if (own || child(spPr, 'a:effectDag')) return own ? { list: own } : {};
  const ref = child(style, 'a:effectRef');
  const idx = intValue(attr(ref, 'idx')) ?? 0;
  const styles = env.theme.effectStyles ?? [];
  const entry = idx > 0 && styles.length > 0 ? styles[Math.min(idx, styles.length) - 1] : undefined;
  const list = child(entry, 'a:effectLst');
  if (!list) return {};
  const placeholder = drawingColor(env.theme, env.mapping, ref);
  return placeholder ? { list, placeholder } : { list };
}
