/**
 * Picture fills (a:blipFill, VML v:fill with an image, a page background's picture) as the picture
 * painted inside each path of a shape or page (`PathItem.picture`): stretched over the box, or tiled
 * from the box corner a:tile's algn names, at the picture's own size times its scale, moved by its
 * offset (§20.1.8.58). The tiles cover the path's bounds; the renderers draw one image many times.
 */
import type { MediaItem, PathCommand, PathPicture, PictureFill } from '../model';
import { pictureSizePt } from '../image';
import type { ResourceTables } from './emit/sink';

/** Most tiles one path is painted with: a smaller tile is drawn in the shape's flat fill instead. */
export const MAX_TILES = 4096;

type Box = { readonly x: number; readonly y: number; readonly w: number; readonly h: number };

/** Where along a side a:tile's algn puts a tile's edge: 0 at the start, 0.5 centred, 1 at the end. */
const ALIGN: Readonly<Record<string, readonly [number, number]>> = {
  tl: [0, 0], t: [0.5, 0], tr: [1, 0], l: [0, 0.5], ctr: [0.5, 0.5], r: [1, 0.5], bl: [0, 1], b: [0.5, 1], br: [1, 1],
};

/**
 * The picture painting `commands` (page coordinates) for `fill` over `box`; a string saying why
 * not when it cannot be drawn (a tiled picture of unknown size, or too many tiles).
 */
export function pathPicture(fill: PictureFill, media: MediaItem, box: Box, commands: readonly PathCommand[], resources: ResourceTables): PathPicture | string {
  if (!fill.tile) return { image: resources.image(fill.media, media, fill.adjust), ...box };
  const own = pictureSizePt(media.data);
  if (!own) return 'its size is unknown';
  const t = fill.tiling ?? { offsetXPt: 0, offsetYPt: 0, scaleX: 1, scaleY: 1, align: 'tl' };
  const w = own.widthPt * t.scaleX;
  const h = own.heightPt * t.scaleY;
  const [ax, ay] = ALIGN[t.align] ?? ALIGN.tl!;
  const b = bounds(commands) ?? { x: box.x, y: box.y, w: box.w, h: box.h };
  const x = firstStart(box.x + (box.w - w) * ax + t.offsetXPt, b.x, w);
  const y = firstStart(box.y + (box.h - h) * ay + t.offsetYPt, b.y, h);
  const across = Math.max(1, Math.ceil((b.x + b.w - x) / w));
  const down = Math.max(1, Math.ceil((b.y + b.h - y) / h));
  if (!Number.isFinite(across * down) || across * down > MAX_TILES) return `it would take more than ${MAX_TILES} tiles`;
  return { image: resources.image(fill.media, media, fill.adjust), x, y, w, h, across, down };
}

/** The start of the tile at or before `from` in the grid through `at` with step `size`. */
function firstStart(at: number, from: number, size: number): number {
  return at - Math.ceil((at - from) / size) * size;
}

/** The bounds of a path's points (control points included, so it may be a little large). */
function bounds(commands: readonly PathCommand[]): Box | undefined {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  const add = (x: number, y: number) => {
    x0 = Math.min(x0, x), y0 = Math.min(y0, y), x1 = Math.max(x1, x), y1 = Math.max(y1, y);
  };
  for (const c of commands) {
    if (c.op === 'Z') continue;
    if (c.op === 'C') add(c.x1, c.y1), add(c.x2, c.y2);
    add(c.x, c.y);
  }
  return x1 >= x0 && y1 >= y0 ? { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } : undefined;
}
