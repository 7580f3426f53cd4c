/**
 * Shadings (ISO 32000-1 §8.7.4.5): a path item's gradient as a Type 2 (axial) or Type 3 (radial)
 * shading dictionary in DeviceRGB, extended past both ends, whose colour function is a Type 2
 * exponential interpolation (§7.10.3) between two stops, or a Type 3 stitching function (§7.10.4)
 * of one such per pair of neighbouring stops. Pages name them in /Shading and paint them with `sh`.
 */
import type { PDFContext, PDFRef } from 'pdf-lib';
import { formatPdfNumber, unitRgb } from '../../core';
import type { GradientStop, PathShading } from '../../model';

/** A number as the one formatter writes it, for pdf-lib's objects (which print it back unchanged). */
const num = (v: number): number => Number(formatPdfNumber(v));

/** `RRGGBB` → DeviceRGB components to three decimals; black when malformed. */
const rgb = (color: string): number[] => unitRgb(color).map(num);

/**
 * The stops a function interpolates: clamped to [0, 1], in order, with the end colours held out to
 * 0 and 1 when the first stop starts later or the last ends earlier.
 */
function normalStops(stops: readonly GradientStop[]): GradientStop[] {
  const out: GradientStop[] = [];
  for (const s of stops) {
    const pos = Math.max(out.length ? out[out.length - 1]!.pos : 0, Math.min(1, Math.max(0, s.pos)));
    out.push({ pos, color: s.color });
  }
  if (out.length === 0) return [{ pos: 0, color: '000000' }, { pos: 1, color: '000000' }];
  if (out[0]!.pos > 0) out.unshift({ pos: 0, color: out[0]!.color });
  if (out[out.length - 1]!.pos < 1) out.push({ pos: 1, color: out[out.length - 1]!.color });
  return out.length === 1 ? [out[0]!, { pos: 1, color: out[0]!.color }] : out;
}

/** A Type 2 function from one colour to another over [0, 1]. */
function blend(from: string, to: string): Record<string, unknown> {
  return { FunctionType: 2, Domain: [0, 1], C0: rgb(from), C1: rgb(to), N: 1 };
}

/** The colour function of the stops: one Type 2 function, or a Type 3 stitching its segments of non-zero width. */
function colorFunction(stops: readonly GradientStop[]): Record<string, unknown> {
  const s = normalStops(stops);
  const segments: Array<{ from: GradientStop; to: GradientStop }> = [];
  for (let i = 1; i < s.length; i++) if (s[i]!.pos > s[i - 1]!.pos) segments.push({ from: s[i - 1]!, to: s[i]! });
  if (segments.length === 0) return blend(s[0]!.color, s[s.length - 1]!.color);
  if (segments.length === 1) return blend(segments[0]!.from.color, segments[0]!.to.color);
  return {
    FunctionType: 3,
    Domain: [0, 1],
    Functions: segments.map((g) => blend(g.from.color, g.to.color)),
    Bounds: segments.slice(1).map((g) => num(g.from.pos)),
    Encode: segments.flatMap(() => [0, 1]),
  };
}

/** The key two shadings share when they would write the same dictionary. */
export function shadingKey(s: PathShading): string {
  return `${s.kind} ${s.coords.map(formatPdfNumber).join(' ')} ${s.stops.map((t) => `${formatPdfNumber(t.pos)}:${t.color}`).join(' ')}`;
}

/** Registers the shading dictionary of `s` and gives its reference. */
export function registerShading(ctx: PDFContext, s: PathShading): PDFRef {
  const radial = s.kind === 'radial' && s.coords.length === 6;
  const coords = s.coords.slice(0, radial ? 6 : 4).map(num);
  while (coords.length < (radial ? 6 : 4)) coords.push(0);
  return ctx.register(ctx.obj({
    ShadingType: radial ? 3 : 2,
    ColorSpace: 'DeviceRGB',
    Coords: coords,
    Function: colorFunction(s.stops),
    Extend: [true, true],
  } as never));
}
