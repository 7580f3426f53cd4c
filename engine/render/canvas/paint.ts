/**
 * Canvas painting: a traced path filled and stroked as the PDF paints it (fill before stroke, a
 * zero width as the thinnest line, a stroke's opacity and round joins), shadings as canvas
 * gradients, and the one colour conversion of the preview.
 *
 * Each paint counts one shape in the page's stats; nothing here walks the LayoutDoc.
 */
import type { PathCommand, PathItem, PathShading } from '../../model';
import type { DrawState } from './render-canvas';
import type { Canvas2D, GradientHandle } from './types';

/**
 * A shading as a canvas gradient (createLinearGradient / createRadialGradient, which hold their end
 * colours beyond the ends as the PDF's Extend does); undefined when the context has none.
 */
export function gradientStyle(ctx: Canvas2D, shading: PathShading): GradientHandle | undefined {
  const c = shading.coords;
  const g = shading.kind === 'axial'
    ? ctx.createLinearGradient?.(c[0]!, c[1]!, c[2]!, c[3]!)
    : ctx.createRadialGradient?.(c[0]!, c[1]!, c[2]!, c[3]!, c[4]!, c[5]!);
  for (const stop of shading.stops) g?.addColorStop(Math.max(0, Math.min(1, stop.pos)), cssColor(stop.color));
  return g;
}

/** A path filled with one face of a shading (clipped to the path and the face), then stroked. */
export function drawShadedFace(s: DrawState, item: PathItem, clip: readonly PathCommand[]): void {
  const { ctx } = s;
  ctx.save();
  ctx.beginPath();
  tracePath(ctx, item.commands);
  ctx.clip();
  ctx.beginPath();
  tracePath(ctx, clip);
  paint(s, gradientStyle(ctx, item.shading!) ?? item.fill, undefined, undefined, undefined, item.fillOpacity);
  ctx.restore();
  if (!item.stroke) return;
  ctx.beginPath();
  tracePath(ctx, item.commands);
  paint(s, undefined, item.stroke, item.lineWidth, item.dash, undefined);
}

/**
 * Fills and/or strokes the current path (fill first, as PDF `B`); `style` gives a stroke's opacity
 * and round joins (a glow's rings, as the PDF's CA and `1 j 1 J`).
 */
export function paint(
  s: DrawState,
  fill: string | GradientHandle | undefined,
  stroke: string | undefined,
  lineWidth: number | undefined,
  dash: readonly number[] | undefined,
  fillOpacity: number | undefined,
  style?: Pick<PathItem, 'strokeOpacity' | 'roundJoins'>,
): void {
  const { ctx } = s;
  if (fill) {
    ctx.fillStyle = typeof fill === 'string' ? cssColor(fill) : fill;
    const alpha = fillOpacity !== undefined && fillOpacity >= 0 && fillOpacity < 1 ? fillOpacity : 1;
    ctx.globalAlpha = alpha;
    ctx.fill();
    ctx.globalAlpha = 1;
  }
  if (stroke) {
    ctx.strokeStyle = cssColor(stroke);
    // A canvas ignores a width of 0 (keeping the last one set), where the PDF draws its thinnest line.
    ctx.lineWidth = lineWidth === undefined ? 1 : lineWidth > 0 ? lineWidth : s.hairline;
    ctx.setLineDash(dash && dash.every((d) => Number.isFinite(d) && d >= 0) ? [...dash] : []);
    const so = style?.strokeOpacity;
    const translucent = so !== undefined && so >= 0 && so < 1;
    if (translucent) ctx.globalAlpha = so;
    if (style?.roundJoins) ctx.lineJoin = 'round', ctx.lineCap = 'round';
    ctx.stroke();
    if (translucent) ctx.globalAlpha = 1;
    if (style?.roundJoins) ctx.lineJoin = 'miter', ctx.lineCap = 'butt';
    ctx.setLineDash([]);
  }
  s.shapes++;
}

export function tracePath(ctx: Canvas2D, commands: readonly PathCommand[]): void {
  for (const c of commands) {
    if (c.op === 'M') ctx.moveTo(c.x, c.y);
    else if (c.op === 'L') ctx.lineTo(c.x, c.y);
    else if (c.op === 'C') ctx.bezierCurveTo(c.x1, c.y1, c.x2, c.y2, c.x, c.y);
    else ctx.closePath();
  }
}

/** `RRGGBB` → `#RRGGBB`; anything else black, as the PDF renderer does. */
export function cssColor(color: string): string {
  return /^[0-9A-Fa-f]{6}$/.test(color) ? `#${color}` : '#000000';
}
