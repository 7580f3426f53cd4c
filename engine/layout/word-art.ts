/**
 * WordArt text paths (ShapeInline.wordArt, VML v:textpath with fitshape; ECMA-376 Part 4 §19.1.2.22):
 * the string as real, searchable glyphs stretched on both axes to fill the shape's box, the way
 * Word draws its "plain text" WordArt and header watermarks. The font's line (ascent to descent)
 * fills the box's height, or with v:textpath/@trim ("extra space above and below the text removed")
 * the glyphs' ink; the string's advance fills its width. The glyphs take the shape's fill, its
 * opacity and its stroke. The caller turns the result with the shape's rotation. A bent WordArt
 * (WordArt.warp) is laid out the same way and then bent through its guides (word-art-warp.ts).
 */
import type { GlyphRun, LayoutItem, WordArt } from '../model';
import { createChartText, type ShapedText } from './chart/text';
import type { ItemSink } from './emit/sink';
import type { FaceResolver } from './faces';
import { MAX_WARP_COMMANDS, warpMapOf, warpRun, type WarpMap } from './word-art-warp';

/** The size the string is shaped at before it is stretched (large, so rounding stays negligible). */
const SHAPING_SIZE_PT = 100;
const MAX_CHARS = 1000;
const MAX_LINES = 50;

/**
 * Draws a WordArt string filling the box (x, y, w, h) into `target`; nothing for an empty string or
 * box. The lines of a string of several (line feeds in v:textpath/@string) share the box's height
 * equally and the widest line's horizontal stretch, placed by the text path's alignment (centred
 * by default; `stretch` stretches each line over the width).
 */
export function drawWordArt(art: WordArt, box: Box, sink: ItemSink, faces: FaceResolver, target: LayoutItem[]): void {
  const strings = [...art.text.replace(/\t/g, ' ')].slice(0, MAX_CHARS).join('').split(/\r\n|\r|\n/).slice(0, MAX_LINES);
  if (strings.every((l) => l.trim() === '') || !(box.w > 0) || !(box.h > 0)) return;
  const text = createChartText(faces, art.props.font, sink);
  const style = { sizePt: SHAPING_SIZE_PT, bold: art.props.bold, italic: art.props.italic, color: art.props.color ?? '000000' };
  const lines = strings.map((s) => (s.trim() === '' ? undefined : text.shape(s, style)));
  const widest = Math.max(...lines.map((l) => l?.width ?? 0));
  if (!(widest > 0)) return;
  const band = box.h / lines.length;
  const map = art.warp ? warpOf(art, lines, widest, box) : undefined;
  const budget = { left: MAX_WARP_COMMANDS };
  const paint = {
    ...(art.opacity !== undefined ? { fillOpacity: art.opacity } : {}),
    ...(art.outline?.color ? { outline: { color: art.outline.color, widthPt: art.outline.widthPt } } : {}),
  };
  lines.forEach((shaped, i) => {
    if (!shaped || !(shaped.width > 0)) return;
    const sx = box.w / (art.align === 'stretch' ? shaped.width : widest);
    const free = box.w - shaped.width * sx;
    const left = box.x + (art.align === 'left' || art.align === 'stretch' ? 0 : art.align === 'right' ? free : free / 2);
    for (const run of stretchLine(art, shaped, { x: left, y: box.y + i * band, h: band }, sx, paint)) {
      if (map) warpRun(run, sink.resources.fonts[run.font], map, { fill: run.color, ...paint }, box.w, target, budget);
      else target.push(run);
    }
  });
}

/** The height of a line that fills its band: its ink with v:textpath/@trim, else the font's line. */
function lineHeight(art: WordArt, shaped: ShapedText): { above: number; height: number } {
  const ink = art.trim ? shaped.ink() : undefined;
  const above = ink ? ink.top : shaped.ascent;
  return { above, height: above + (ink ? ink.bottom : shaped.descent) };
}

/** The map bending the stretched block through the warp's guides (the block's own proportions for a single guide). */
function warpOf(art: WordArt, lines: ReadonlyArray<ShapedText | undefined>, widest: number, box: Box): WarpMap | undefined {
  let h = 0;
  for (const l of lines) h += l ? Math.max(0, lineHeight(art, l).height) : 0;
  return warpMapOf(art.warp!.guides, box, { w: widest, h });
}

/** One shaped line of WordArt stretched by `sx` from `at.x` and over the height of its band. */
function stretchLine(art: WordArt, shaped: ShapedText, at: { x: number; y: number; h: number }, sx: number, paint: Pick<GlyphRun, 'fillOpacity' | 'outline'>): GlyphRun[] {
  const { above, height } = lineHeight(art, shaped);
  if (!(height > 0)) return [];
  const sy = at.h / height;
  const runs: GlyphRun[] = [];
  for (const item of shaped.place(at.x, at.y + above * sy)) {
    if (item.kind === 'glyphs') runs.push(stretchRun(item, at.x, sx, sy, paint));
  }
  return runs;
}

interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
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
