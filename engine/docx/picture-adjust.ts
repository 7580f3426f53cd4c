/**
 * A picture's colour adjustments: the effects of a:blip (CT_Blip, ECMA-376 Part 1 §20.1.8.13) and
 * Word 2010's a14:imgProps layer, and the VML v:imagedata attributes Word writes for the same
 * commands (Picture Transparency, Set Transparent Color, Brightness/Contrast, Washout, Grayscale,
 * Black and White). Out: a picture's opacity and its PictureAdjust; layout and the renderers draw them.
 */
import type { PictureAdjust } from '../model';
import type { XmlElement } from '../xml';
import { attr, child, children } from '../xml';
import type { PropsEnv } from './env';
import { drawingAlpha, drawingColor } from './theme';
import { vmlBool, vmlColor, vmlFraction } from './vml-style';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** What a blip's effects ask for: an opacity below 1 and recolouring, each only when present. */
export interface BlipLook {
  readonly opacity?: number;
  readonly adjust?: PictureAdjust;
}

/** A DrawingML percentage (1000ths of a percent) as a fraction clamped to [lo, hi]; undefined when absent. */
function fraction(el: XmlElement | undefined, name: string, lo: number, hi: number): number | undefined {
  const raw = attr(el, name);
  if (raw === undefined) return undefined;
  const n = Number(raw) / 100000;
  return Number.isFinite(n) ? Math.max(lo, Math.min(hi, n)) : undefined;
}

/**
 * Reads the effects of an a:blip (§20.1.8.13's child elements) and its a14:imgEffect
 * brightness/contrast; `placeholder` stands for phClr (a theme fill's blip, through a style reference).
 */
export function readBlipLook(env: PropsEnv, blip: XmlElement | undefined, placeholder?: string): BlipLook {
  if (!blip) return {};
  const out: { opacity?: number } = {};
  const adjust: Mutable<PictureAdjust> = {};
  // a:alphaModFix amt (§20.1.8.4): the picture's opacity, 100 % when amt is absent.
  const alpha = child(blip, 'a:alphaModFix');
  if (alpha) {
    const amt = fraction(alpha, 'amt', 0, 1) ?? 1;
    if (amt < 1) out.opacity = amt;
  }
  // a:clrChange (§20.1.8.16): a:clrFrom's colour becomes a:clrTo's (its a:alpha 0: transparent).
  const change = child(blip, 'a:clrChange');
  if (change) {
    const from = drawingColor(env.theme, env.mapping, child(change, 'a:clrFrom'), placeholder);
    const toEl = child(change, 'a:clrTo');
    const to = drawingColor(env.theme, env.mapping, toEl, placeholder);
    if (from && to) adjust.colorChange = { from, to, toOpacity: drawingAlpha(toEl) };
  }
  if (child(blip, 'a:grayscl')) adjust.grayscale = true;
  const duo = child(blip, 'a:duotone');
  if (duo) {
    // Two colour choices (EG_ColorChoice), dark then light.
    const colors = duo.children
      .filter((c): c is XmlElement => c.kind === 'element')
      .map((c) => drawingColor(env.theme, env.mapping, { kind: 'element', name: 'a:duotone', attrs: {}, children: [c] }, placeholder));
    if (colors.length === 2 && colors[0] && colors[1]) adjust.duotone = [colors[0], colors[1]];
  }
  const bi = child(blip, 'a:biLevel');
  if (bi) adjust.biLevelThreshold = fraction(bi, 'thresh', 0, 1) ?? 0;
  // a:lum bright / contrast (§20.1.8.42), or Word 2010's a14:brightnessContrast (same units).
  const lum = child(blip, 'a:lum') ?? brightnessContrast(blip);
  const bright = fraction(lum, 'bright', -1, 1);
  const contrast = fraction(lum, 'contrast', -1, 1);
  if (bright) adjust.brightness = bright;
  if (contrast) adjust.contrast = contrast;
  return Object.keys(adjust).length ? { ...out, adjust } : out;
}

/** a:extLst/a:ext/a14:imgProps/a14:imgLayer/a14:imgEffect/a14:brightnessContrast, when Word wrote one. */
function brightnessContrast(blip: XmlElement): XmlElement | undefined {
  for (const ext of children(child(blip, 'a:extLst'), 'a:ext')) {
    const layer = child(child(ext, 'a14:imgProps'), 'a14:imgLayer');
    for (const effect of children(layer, 'a14:imgEffect')) {
      const bc = child(effect, 'a14:brightnessContrast');
      if (bc) return bc;
    }
  }
  return undefined;
}

/**
 * VML v:imagedata's recolouring: chromakey (the transparent colour), grayscale, bilevel, and gain /
 * blacklevel as contrast / brightness. Gain is a 16.16 factor (1 unchanged) and blacklevel a 16.16
 * offset (0 unchanged, ±0.5 the ends); they map so that Word's Washout preset (gain="19661f"
 * blacklevel="22938f") is its DrawingML form, a:lum bright="70000" contrast="-70000": contrast is
 * gain − 1 below 1 and 1 − 1/gain above it, brightness twice the black level.
 */
export function readVmlImageAdjust(imagedata: XmlElement): PictureAdjust | undefined {
  const adjust: Mutable<PictureAdjust> = {};
  const key = vmlColor(attr(imagedata, 'chromakey'));
  if (key) adjust.colorChange = { from: key, to: key, toOpacity: 0 };
  if (vmlBool(attr(imagedata, 'grayscale'), false)) adjust.grayscale = true;
  if (vmlBool(attr(imagedata, 'bilevel'), false)) adjust.biLevelThreshold = 0.5;
  const gain = vmlFraction(attr(imagedata, 'gain'));
  if (gain !== undefined && gain >= 0 && gain !== 1) adjust.contrast = Math.max(-1, Math.min(1, gain < 1 ? gain - 1 : 1 - 1 / gain));
  const black = vmlFraction(attr(imagedata, 'blacklevel'));
  if (black) adjust.brightness = Math.max(-1, Math.min(1, black * 2));
  return Object.keys(adjust).length ? adjust : undefined;
}
