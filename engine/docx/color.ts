/**
 * Colour arithmetic for theme colours: WordprocessingML themeTint/themeShade (§17.3.2.6, applied to
 * HSL luminance as Word does) and the DrawingML colour transforms (§20.1.2.3: lumMod, lumOff, tint,
 * shade, satMod). Only + − × ÷ and core's deterministic power are used, so results are identical on
 * every platform.
 */
import { detPow } from '../core/det-math';

/** An RGB triple, 0–255 per channel. */
type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  const n = parseInt(hex, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  const c = (v: number) => {
    const x = Math.round(v < 0 ? 0 : v > 255 ? 255 : v);
    return x.toString(16).padStart(2, '0');
  };
  return (c(r) + c(g) + c(b)).toUpperCase();
}

function rgbToHsl([r, g, b]: Rgb): [number, number, number] {
  const rn = r / 255;
  const gn = g / 255;
  const bn = b / 255;
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === rn) h = (gn - bn) / d + (gn < bn ? 6 : 0);
  else if (max === gn) h = (bn - rn) / d + 2;
  else h = (rn - gn) / d + 4;
  return [h / 6, s, l];
}

function hueToRgb(p: number, q: number, t0: number): number {
  let t = t0;
  if (t < 0) t += 1;
  if (t > 1) t -= 1;
  if (t < 1 / 6) return p + (q - p) * 6 * t;
  if (t < 1 / 2) return q;
  if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
  return p;
}

function hslToRgb(h: number, s: number, l0: number): Rgb {
  const l = l0 < 0 ? 0 : l0 > 1 ? 1 : l0;
  if (s <= 0) return [l * 255, l * 255, l * 255];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  return [hueToRgb(p, q, h + 1 / 3) * 255, hueToRgb(p, q, h) * 255, hueToRgb(p, q, h - 1 / 3) * 255];
}

/** sRGB 0–255 → linear light 0–1 (IEC 61966-2-1), by table. */
let linearTable: Float64Array | undefined;
function toLinear(v: number): number {
  if (!linearTable) {
    linearTable = new Float64Array(256);
    for (let i = 0; i < 256; i++) {
      const c = i / 255;
      linearTable[i] = c <= 0.04045 ? c / 12.92 : detPow((c + 0.055) / 1.055, 2.4);
    }
  }
  return linearTable[Math.max(0, Math.min(255, Math.round(v)))]!;
}

/** Linear light 0–1 → sRGB 0–255. */
function fromLinear(l0: number): number {
  const l = l0 < 0 ? 0 : l0 > 1 ? 1 : l0;
  return 255 * (l <= 0.0031308 ? l * 12.92 : 1.055 * detPow(l, 1 / 2.4) - 0.055);
}

function mapLuminance(hex: string, f: (l: number) => number): string {
  const [h, s, l] = rgbToHsl(toRgb(hex));
  return toHex(hslToRgb(h, s, f(l)));
}

/** Applies a WordprocessingML theme tint (w:themeTint, 0–255 as hex): lighter towards white. */
export function applyThemeTint(hex: string, tint: number): string {
  const t = tint / 255;
  return mapLuminance(hex, (l) => l * t + (1 - t));
}

/** Applies a WordprocessingML theme shade (w:themeShade, 0–255 as hex): darker towards black. */
export function applyThemeShade(hex: string, shade: number): string {
  const t = shade / 255;
  return mapLuminance(hex, (l) => l * t);
}

/** One DrawingML colour transform (a:lumMod val="75000" → { name: 'lumMod', value: 0.75 }). */
export interface ColorTransform {
  readonly name: string;
  readonly value: number;
}

/** Applies DrawingML colour transforms in document order (§20.1.2.3.x), ignoring ones without visual effect here (alpha). */
export function applyDrawingTransforms(hex: string, transforms: readonly ColorTransform[]): string {
  let c = hex;
  for (const t of transforms) {
    switch (t.name) {
      case 'lumMod':
        c = mapLuminance(c, (l) => l * t.value);
        break;
      case 'lumOff':
        c = mapLuminance(c, (l) => l + t.value);
        break;
      // Office tints and shades in linear light (scRGB), not on the sRGB values: accent1 5B9BD5
      // shaded 50 % (Word 2013's default shape outline, lnRef idx 2) is 41719C, not 2E4E6B.
      case 'tint': {
        const rgb = toRgb(c);
        c = toHex(rgb.map((v) => fromLinear(1 - (1 - toLinear(v)) * t.value)) as Rgb);
        break;
      }
      case 'shade': {
        const rgb = toRgb(c);
        c = toHex(rgb.map((v) => fromLinear(toLinear(v) * t.value)) as Rgb);
        break;
      }
      case 'satMod': {
        const [h, s, l] = rgbToHsl(toRgb(c));
        c = toHex(hslToRgb(h, Math.min(1, s * t.value), l));
        break;
      }
      case 'inv': {
        const rgb = toRgb(c);
        c = toHex(rgb.map((v) => 255 - v) as Rgb);
        break;
      }
      case 'gray': {
        const [r, g, b] = toRgb(c);
        const y = r * 0.3 + g * 0.59 + b * 0.11;
        c = toHex([y, y, y]);
        break;
      }
      default:
        break;
    }
  }
  return c;
}

/** Blends `top` over `bottom` with coverage 0–1 (shading patterns such as pct25, §17.18.78). */
export function blendColors(bottom: string, top: string, coverage: number): string {
  const a = toRgb(bottom);
  const b = toRgb(top);
  return toHex([a[0] + (b[0] - a[0]) * coverage, a[1] + (b[1] - a[1]) * coverage, a[2] + (b[2] - a[2]) * coverage]);
}
