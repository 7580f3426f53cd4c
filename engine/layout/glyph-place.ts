/**
 * Glyph outlines placed on the page, for layout that draws glyphs as paths (shadow and relief copies
 * of text effects, warped WordArt): the same size, horizontal scale and synthetic slant the
 * renderers give the run's text, so the paths lie where its glyphs are drawn.
 */

/** The slant of a synthetic italic, as the renderers draw a face that has no italic (tan 12°). */
export const SYNTHETIC_ITALIC_SHEAR = 0.2126;

/** The hairline a synthetic bold is stroked with, as a share of the size (the renderers' render mode 2). */
export const SYNTHETIC_BOLD_STROKE = 0.03;

/**
 * Where a glyph's outline points (font units, y up) fall on the page for a glyph whose origin is
 * (originX, originY), in a run of `sizePt` and `scalePct` (w:w) drawn with `face`.
 */
export function outlinePlacer(
  sizePt: number, scalePct: number | undefined, face: { readonly unitsPerEm: number; readonly syntheticItalic: boolean },
): (originX: number, originY: number, gx: number, gy: number) => [number, number] {
  const k = sizePt / (face.unitsPerEm || 1000);
  const th = (scalePct ?? 100) / 100;
  const shear = face.syntheticItalic ? SYNTHETIC_ITALIC_SHEAR : 0;
  return (originX, originY, gx, gy) => [originX + (gx + shear * gy) * k * th, originY - gy * k];
}
