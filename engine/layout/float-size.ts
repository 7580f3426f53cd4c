/**
 * Relative float sizes: a floating object whose wp:anchor gives its width or height as a share of a
 * page area (FloatAnchor.relativeSize: wp14:sizeRelH / wp14:sizeRelV, VML mso-width-percent) takes
 * that size on the page it lands on, in place of its saved extent, as Word lays it out: the same
 * header shape is as wide as each section's page, and a cover whose section is landscape gets
 * landscape backgrounds though the extent was saved portrait (oxsdk-Complex01).
 */
import type { ImageInline, PathCommand, ShapeInline } from '../model';
import type { ObjectInline } from './inline/itemize';
import { horizontalBand, verticalBand, type PageGeometry } from './float-position';

/** The column a band is measured from: a relative size's areas (ST_SizeRelFromH/V) never name it. */
const NO_COLUMN = { x: 0, width: 0 };

/** Size changes smaller than this keep the object as it is (the saved extent rounds to EMUs). */
const SAME_SIZE_PT = 0.005;

/**
 * The object as it is laid out on `page`: resized to its relative width and height when its anchor
 * has them; the very object otherwise. A shape's outlines, a group's children and a WordArt's guides
 * are stretched with it (exact for rectangles, ellipses and custom geometry; a preset whose
 * adjustments follow the shorter side, such as a rounded rectangle's corners, stretches them too), and
 * its text box is laid out again in the new box when drawn.
 */
export function sizedFloat<T extends ObjectInline>(inline: T, page: PageGeometry): T {
  const rel = inline.anchor?.relativeSize;
  if (!rel) return inline;
  const widthPt = rel.width ? Math.max(0, rel.width.share * horizontalBand(rel.width.relativeTo, page, NO_COLUMN)[1]) : inline.widthPt;
  const heightPt = rel.height && !fitsText(inline) ? Math.max(0, rel.height.share * verticalBand(rel.height.relativeTo, page, 0)[1]) : inline.heightPt;
  if (Math.abs(widthPt - inline.widthPt) < SAME_SIZE_PT && Math.abs(heightPt - inline.heightPt) < SAME_SIZE_PT) return inline;
  return resized(inline, widthPt, heightPt);
}

/**
 * A text box that grows to fit its text (a:spAutoFit) keeps its saved height: its text sets it, not a
 * share of the page. Word's own "Text Box" building block saves both (oxsdk-Complex01's and
 * tika-testWORD_numbered_list's 110.6 pt box, 20% of the margin's height written beside it), and
 * LibreOffice draws it with the saved height, its width the share of the margin's.
 */
function fitsText(inline: ObjectInline): boolean {
  return inline.kind === 'shape' && inline.text?.autoFit === true;
}

function resized<T extends ObjectInline>(inline: T, widthPt: number, heightPt: number): T {
  const sx = inline.widthPt > 0 ? widthPt / inline.widthPt : 1;
  const sy = inline.heightPt > 0 ? heightPt / inline.heightPt : 1;
  switch (inline.kind) {
    case 'shape':
      return scaledShape(inline, widthPt, heightPt, sx, sy) as T;
    case 'image':
      return scaledImage(inline, widthPt, heightPt, sx, sy) as T;
    default:
      return { ...inline, widthPt, heightPt };
  }
}

function scaledImage(img: ImageInline, widthPt: number, heightPt: number, sx: number, sy: number): ImageInline {
  return { ...img, widthPt, heightPt, ...(img.shapePaths ? { shapePaths: img.shapePaths.map((p) => scaledPath(p, sx, sy)) } : {}) };
}

function scaledShape(shape: ShapeInline, widthPt: number, heightPt: number, sx: number, sy: number): ShapeInline {
  const out: { -readonly [K in keyof ShapeInline]: ShapeInline[K] } = { ...shape, widthPt, heightPt, paths: shape.paths.map((p) => scaledPath(p, sx, sy)) };
  if (shape.children) {
    out.children = shape.children.map((c) => ({
      xPt: c.xPt * sx,
      yPt: c.yPt * sy,
      item: c.item.kind === 'shape'
        ? scaledShape(c.item, c.item.widthPt * sx, c.item.heightPt * sy, sx, sy)
        : scaledImage(c.item, c.item.widthPt * sx, c.item.heightPt * sy, sx, sy),
    }));
  }
  const warp = shape.wordArt?.warp;
  if (shape.wordArt && warp) out.wordArt = { ...shape.wordArt, warp: { guides: warp.guides.map((g) => scaledPath(g, sx, sy)) } };
  return out;
}

function scaledPath(path: readonly PathCommand[], sx: number, sy: number): PathCommand[] {
  return path.map((c): PathCommand => {
    switch (c.op) {
      case 'M':
      case 'L':
        return { op: c.op, x: c.x * sx, y: c.y * sy };
      case 'C':
        return { op: 'C', x1: c.x1 * sx, y1: c.y1 * sy, x2: c.x2 * sx, y2: c.y2 * sy, x: c.x * sx, y: c.y * sy };
      default:
        return c;
    }
  });
}
