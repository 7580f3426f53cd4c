/**
 * WordArt text paths (ShapeInline.wordArt, VML v:textpath with fitshape; ECMA-376 Part 4 §19.1.2.22):
 * the string as real, searchable glyphs stretched on both axes to fill the shape's box, the way
 * Word draws its "plain text" WordArt and header watermarks. The font's line (ascent to descent)
 * fills the box's height, or with v:textpath/@trim ("extra space above and below the text removed")
 * the glyphs' ink; the string's advance fills its width. The glyphs take the shape's fill, its
 * opacity and its stroke. The caller turns the result with the shape's rotation.
 */
import type { GlyphRun, LayoutItem, WordArt } from '../model';
import { createChartText } from './chart/text';
import type { ItemSink } from './emit/sink';
import type { FaceResolver } from './faces';

/** The size the string is shaped at before it is stretched (large, so rounding stays negligible). */
const SHAPING_SIZE_PT = 100;
const MAX_CHARS = 1000;

/** Draws a WordArt string filling the box (x, y, w, h) into `target`; nothing for an empty string or box. */
export function drawWordArt(art: WordArt, box: { x: number; y: number; w: number; h: number }, sink: ItemSink, faces: FaceResolver, target: LayoutItem[]): void {
  const text = [...art.text.replace(/[\r\n\t]+/g, ' ')].slice(0, MAX_CHARS).join('');
  if (text.trim() === '' || !(box.w > 0) || !(box.h > 0)) return;
  const style = { sizePt: SHAPING_SIZE_PT, bold: art.props.bold, italic: art.props.italic, color: art.props.color ?? '000000' };
  const shaped = createChartText(faces, art.props.font, sink).shape(text, style);
  const ink = art.trim ? shaped.ink() : undefined;
  const above = ink ? ink.top : shaped.ascent;
  const height = above + (ink ? ink.bottom : shaped.descent);
  if (!(shaped.width > 0) || !(height > 0)) return;
  const sx = box.w / shaped.width;
  const sy = box.h / height;
  const paint = {
    ...(art.opacity !== undefined ? { fillOpacity: art.opacity } : {}),
    ...(art.outline?.color ? { outline: { color: art.outline.color, widthPt: art.outline.widthPt } } : {}),
  };
  for (const item of shaped.place(box.x, box.y + above * sy)) {
    if (item.kind !== 'glyphs') continue;
    target.push(stretchRun(item, box.x, sx, sy, paint));
  }
}

/**
 * A run shaped at SHAPING_SIZE_PT stretched by (sx, sy) from the line's left edge: the size takes
 * the vertical factor and the horizontal scale (PDF Tz) the ratio of the two, so the glyphs stay text.
 */
function stretchRun(run: GlyphRun, left: number, sx: number, sy: number, paint: Pick<GlyphRun, 'fillOpacity' | 'outline'>): GlyphRun {
  return {
    ...run,
    x: left + (run.x - left) * sx,
    sizePt: run.sizePt * sy,
    advances: run.advances.map((a) => a * sx),
    scalePct: ((run.scalePct ?? 100) * sx) / sy,
    ...paint,
  };
}
