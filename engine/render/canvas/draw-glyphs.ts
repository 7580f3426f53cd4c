/**
 * Canvas text: a glyph run drawn from its font's outlines (no system fonts), each glyph at its layout
 * advance as the PDF's TJ places it, with synthetic bold and italic, outlines, opacity and gradient
 * fills as the PDF renderer draws them (engine/render/pdf/content-state.ts).
 *
 * Outlines are decoded once per font program and kept in the caller's cache (glyph-paths.ts).
 */
import type { GlyphRun } from '../../model';
import { createGlyphPaths } from './glyph-paths';
import { cssColor, gradientStyle } from './paint';
import type { DrawState } from './render-canvas';
import type { Canvas2D, GlyphPathCache, GradientHandle } from './types';

/** Synthetic italic shear, as the PDF renderer's text matrix (tan 12° ≈ 0.2126). */
const ITALIC_SHEAR = 0.2126;
/** Synthetic bold stroke width as a fraction of the font size, as the PDF renderer's `2 Tr`. */
const BOLD_STROKE = 0.03;

/** Places each glyph at its layout advance, like the PDF's TJ array (glyphs in visual order). */
export function drawGlyphs(s: DrawState, run: GlyphRun): void {
  const font = s.doc.fonts[run.font];
  if (run.invisible) return; // PDF render mode 3: text to find and select, not to see
  if (!font || run.glyphs.length === 0) {
    if (!font) s.warnings.warn('render/missing-font', `A glyph run refers to font ${run.font}, which the document does not have.`, { at: s.at });
    return;
  }
  const paths = glyphPaths(s, font.data, font.unitsPerEm);
  const th = (run.scalePct ?? 100) / 100;
  const k = run.sizePt / paths.unitsPerEm;
  const { ctx } = s;
  const color = cssColor(run.color);
  ctx.fillStyle = color;
  // Outlined text (WordArt's stroke) and synthetic bold are stroked after the fill, as PDF's Tr 2.
  const stroked = font.syntheticBold || run.outline !== undefined;
  const shear = font.syntheticItalic ? ITALIC_SHEAR : 0;
  // Where the glyph space is not a uniform scale, the outline is stroked in page space (strokeOutline).
  const pageStroke = stroked && (th !== 1 || (shear !== 0 && run.outline !== undefined)) && paths.outline !== undefined;
  const unit = pageStroke ? 1 : k;
  if (stroked) {
    ctx.strokeStyle = run.outline ? cssColor(run.outline.color) : color;
    ctx.lineWidth = ((run.outline?.widthPt ?? 0) + (font.syntheticBold ? BOLD_STROKE * run.sizePt : 0)) / unit;
    ctx.setLineDash((run.outline?.dash ?? []).map((d) => d / unit));
  }
  // The opacity is the fill's only (PDF's ca): an outline stays opaque, as over an unfilled WordArt.
  const translucent = run.fillOpacity !== undefined && run.fillOpacity >= 0 && run.fillOpacity < 1;
  // A gradient fill (w14:textFill gradFill) is laid out in page space, as the PDF's shading painted
  // through the glyphs as a clip: each glyph clips, then the page-space blend fills the clip.
  const gradient = run.shading && !run.unfilled ? gradientStyle(ctx, run.shading) : undefined;
  let pen = run.x;
  const strokeGlyph = (glyph: number, path: object): void => (pageStroke ? strokeOutline(s, paths, glyph, k, th, shear, pen, run.y) : ctx.stroke(path as never));
  for (let i = 0; i < run.glyphs.length; i++) {
    const before = paths.failures.size;
    const path = paths.path(run.glyphs[i]!);
    if (paths.failures.size > before) {
      s.warnings.warn('render/glyph-outline', `Glyphs of ${font.postscriptName || font.key} have no readable outline; they are not drawn.`, { at: s.at });
    }
    if (path) {
      ctx.save();
      ctx.translate(pen, run.y);
      // The PDF's text matrix shears after the horizontal scaling (Tz): the slant is 0.2126 of the
      // glyph's height whatever its width, so the shear goes before the scale here (y is down).
      if (shear) ctx.transform(1, 0, -shear, 1, 0, 0);
      ctx.scale(k * th, -k);
      // A blend-filled glyph with an outline is stroked first (PDF's Tr 5, stroke and clip), so the
      // blend painted in the clip covers the outline's inner half, as in the PDF.
      if (gradient && stroked) strokeGlyph(run.glyphs[i]!, path);
      if (translucent) ctx.globalAlpha = run.fillOpacity!;
      if (gradient) fillThrough(ctx, path, gradient, pen, run.y, k * th, -k, shear, run.sizePt);
      // Hollow letters (PDF's Tr 1): only the outline is stroked.
      else if (!run.unfilled || !stroked) ctx.fill(path as never);
      if (translucent) ctx.globalAlpha = 1;
      if (stroked && !gradient) strokeGlyph(run.glyphs[i]!, path);
      ctx.restore();
      s.glyphs++;
    }
    pen += run.advances[i] ?? 0;
  }
}

/**
 * Strokes glyph `glyph`'s outline as a page-space path, from a context in the glyph's space at
 * (pen, y). The PDF strokes glyphs with the line width and dash in user space (ISO 32000-1 §9.3.6),
 * not text space: where the glyph space is not a uniform scale (condensed or expanded text,
 * synthetic italic), a glyph-space stroke would be squeezed with it. Synthetic bold alone on
 * synthetic italic keeps the glyph-space stroke: the slant changes its 3 % hairline by under 2 %, not
 * worth a path per glyph.
 */
function strokeOutline(s: DrawState, paths: GlyphPathCache, glyph: number, k: number, th: number, shear: number, pen: number, y: number): void {
  const d = paths.outline!(glyph);
  if (!d) return;
  const { ctx } = s;
  // Back from the glyph's space to the page's (as fillThrough), then the outline placed there.
  ctx.save();
  ctx.scale(1 / (k * th), -1 / k);
  if (shear) ctx.transform(1, 0, shear, 1, 0, 0);
  ctx.translate(-pen, -y);
  ctx.stroke(s.createPath(transformPathData(d, [k * th, 0, k * shear, -k, pen, y])) as never);
  ctx.restore();
}

/**
 * SVG path data (absolute M, L, Q, C and Z, as fontkit writes glyph outlines) mapped through the
 * matrix [a b c d e f]: each point (x, y) to (a·x + c·y + e, b·x + d·y + f).
 */
export function transformPathData(d: string, m: readonly [number, number, number, number, number, number]): string {
  let out = '';
  for (const [, op, args] of d.matchAll(/([MLQCZmlqcz])([^MLQCZmlqcz]*)/g)) {
    const n = args!.trim() === '' ? [] : args!.trim().split(/[\s,]+/).map(Number);
    const pts: string[] = [];
    for (let i = 0; i + 1 < n.length; i += 2) {
      const x = n[i]!;
      const y = n[i + 1]!;
      pts.push(`${m[0] * x + m[2] * y + m[4]} ${m[1] * x + m[3] * y + m[5]}`);
    }
    out += op!.toUpperCase() + pts.join(' ');
  }
  return out;
}

/**
 * Fills a glyph's outline with a page-space gradient. The context is in the glyph's space (translated
 * to (x, y), sheared by `shear`, scaled by (sx, sy)): it clips to the outline there, undoes that
 * transform, and paints the gradient over the glyph's em box, so the blend runs across the whole run
 * as the PDF's clipped shading does rather than restarting in every glyph.
 */
function fillThrough(ctx: Canvas2D, path: object, gradient: GradientHandle, x: number, y: number, sx: number, sy: number, shear: number, sizePt: number): void {
  ctx.save();
  ctx.clip(path as never);
  ctx.scale(1 / sx, 1 / sy);
  if (shear) ctx.transform(1, 0, shear, 1, 0, 0);
  ctx.translate(-x, -y);
  ctx.fillStyle = gradient;
  ctx.fillRect(x - 4 * sizePt, y - 4 * sizePt, 16 * sizePt, 8 * sizePt);
  ctx.restore();
}

function glyphPaths(s: DrawState, data: Uint8Array, unitsPerEm: number): GlyphPathCache {
  let paths = s.cache.glyphs.get(data);
  if (!paths) {
    paths = createGlyphPaths(data, unitsPerEm, s.createPath);
    s.cache.glyphs.set(data, paths);
  }
  return paths;
}
