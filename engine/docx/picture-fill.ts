/**
 * Picture fills of shapes (a:blipFill in spPr, CT_BlipFillProperties §20.1.8.14), also through a
 * style's a:fillRef naming a theme fill or background fill that is one (§20.1.4.2.10): the picture,
 * stretched or tiled (a:tile §20.1.8.58), and its blip's recolouring with phClr standing for the
 * reference's colour (an Office theme's tiled background textures carry a duotone in it).
 */
import type { DocSettings, PictureFill } from '../model';
import type { XmlElement } from '../xml';
import { attr, child } from '../xml';
import type { DocxContext } from './context';
import { readVmlGradient } from './gradient';
import type { InlineReader } from './inline-reader';
import { mediaFor } from './media';
import { readBlipLook } from './picture-adjust';
import { readFill, themeFillEntry } from './shape-style';
import { drawingColor } from './theme';
import { emuAttr, intValue, percentValue } from './values';
import { vmlBool, vmlColor } from './vml-style';

/** Largest tile offset read (a page's width, 22 inches): more is hostile or a mistake. */
const MAX_OFFSET_PT = 1584;

/** Tile scales kept within 1 % and 100 times the picture's own size. */
const MIN_SCALE = 0.01;
const MAX_SCALE = 100;

/** A picture fill whose blip is related from `part`: stretched unless it has a:tile; `placeholder` is phClr. */
export function pictureFill(r: InlineReader, blipFill: XmlElement | undefined, part: string, placeholder?: string): PictureFill | undefined {
  if (!blipFill) return undefined;
  const blip = child(blipFill, 'a:blip');
  const media = mediaFor(r.ctx, part, attr(blip, 'r:embed'), r.at);
  if (!media) return undefined;
  const tile = child(blipFill, 'a:tile');
  const { adjust } = readBlipLook(r.ctx.env, blip, placeholder);
  return { media, tile: tile !== undefined, ...(tile ? { tiling: readTiling(tile) } : {}), ...(adjust ? { adjust } : {}) };
}

/** a:tile's tx, ty (EMU), sx, sy (1000ths of a percent) and algn; flips are not kept. */
function readTiling(tile: XmlElement): NonNullable<PictureFill['tiling']> {
  const offset = (name: string) => {
    const v = emuAttr(tile, name) ?? 0;
    return Number.isFinite(v) ? Math.max(-MAX_OFFSET_PT, Math.min(MAX_OFFSET_PT, v)) : 0;
  };
  const scale = (name: string) => {
    const v = percentValue(attr(tile, name), 100000) ?? 1;
    return Number.isFinite(v) && v > 0 ? Math.max(MIN_SCALE, Math.min(MAX_SCALE, v)) : 1;
  };
  return { offsetXPt: offset('tx'), offsetYPt: offset('ty'), scaleX: scale('sx'), scaleY: scale('sy'), align: attr(tile, 'algn') ?? 'tl' };
}

/** A theme picture fill reached through wps:style/a:fillRef when the shape names no fill itself. */
export function styleFillImage(r: InlineReader, spPr: XmlElement | undefined, style: XmlElement | undefined): PictureFill | undefined {
  if (readFill(r.ctx.env, spPr) !== undefined || !r.ctx.env.theme.part) return undefined;
  const ref = child(style, 'a:fillRef');
  const entry = themeFillEntry(r.ctx.env, intValue(attr(ref, 'idx')) ?? 0);
  if (!entry || entry.name !== 'a:blipFill') return undefined;
  return pictureFill(r, entry, r.ctx.env.theme.part, drawingColor(r.ctx.env.theme, r.ctx.env.mapping, ref));
}

/**
 * A VML picture fill (v:fill with r:id, CT_Fill, ECMA-376 Part 4 §19.1.2.5): type tile repeats the
 * picture at its own size, pattern repeats a two-colour picture whose dark pixels take the fill's
 * colour and light ones color2 (white by default), frame and the others stretch it over the shape.
 */
export function vmlPictureFill(media: string, type: string | undefined, color: string | undefined, color2: string | undefined): PictureFill {
  if (type === 'pattern') return { media, tile: true, adjust: { duotone: [color ?? '000000', color2 ?? 'FFFFFF'] } };
  return { media, tile: type === 'tile' };
}

/**
 * The page background's fill effect (w:background/v:background/v:fill, as Word's Page Color > Fill
 * Effects writes it): a picture (tile, pattern or frame) or a gradient over the background colour.
 */
export function readBackgroundFill(ctx: DocxContext, background: XmlElement | undefined, color: string | undefined): DocSettings['backgroundFill'] {
  const fill = child(child(background, 'v:background'), 'v:fill');
  if (!fill || !vmlBool(attr(fill, 'on'), true)) return undefined;
  const base = vmlColor(attr(fill, 'color')) ?? color ?? 'FFFFFF';
  const type = attr(fill, 'type');
  const id = attr(fill, 'r:id');
  if (id) {
    const media = mediaFor(ctx, ctx.pkg.mainPart, id, 'w:background');
    return media ? { picture: vmlPictureFill(media, type, base, vmlColor(attr(fill, 'color2'))) } : undefined;
  }
  const gradient = readVmlGradient(fill, base)?.gradient;
  return gradient ? { gradient } : undefined;
}
