/**
 * Picture bullets (w:numPicBullet, §17.9.20): the picture a bullet level shows in place of its
 * character. The standard takes its size from the drawing's extent, with no other rule; LibreOffice's
 * render of oxsdk-Hyperlink_-_internal draws its 7 × 11 px GIF at the VML style's 5.25 × 8.25 pt.
 */
import type { ImageInline, RunProps } from '../model';
import type { XmlElement } from '../xml';
import { attr, child, walkElements } from '../xml';
import type { DocxContext } from './context';
import { mediaFor } from './media';
import type { PictureBulletDef } from './numbering';
import { lengthPt, parseStyle } from './vml-style';

const EMU_PER_PT = 12700;

/** The image of a picture bullet, or undefined when its picture names no embedded image. */
export function pictureBulletImage(ctx: DocxContext, def: PictureBulletDef, props: RunProps, at: string): ImageInline | undefined {
  const found = def.picture.name === 'w:drawing' ? drawingPicture(def.picture) : vmlPicture(def.picture);
  if (!found || !(found.w > 0) || !(found.h > 0)) return undefined;
  const media = mediaFor(ctx, def.part, found.relId, at);
  return media ? { kind: 'image', media, widthPt: found.w, heightPt: found.h, props } : undefined;
}

interface FoundPicture {
  readonly relId: string | undefined;
  readonly w: number;
  readonly h: number;
}

/** w:pict/v:shape with v:imagedata (§19.1.2.11), sized by its style's width and height. */
function vmlPicture(pict: XmlElement): FoundPicture | undefined {
  const shape = child(pict, 'v:shape') ?? child(pict, 'v:rect');
  const data = child(shape, 'v:imagedata');
  if (!shape || !data) return undefined;
  const style = parseStyle(attr(shape, 'style'));
  return { relId: attr(data, 'r:id') ?? attr(data, 'o:relid'), w: lengthPt(style.get('width')) ?? 0, h: lengthPt(style.get('height')) ?? 0 };
}

/** w:drawing/wp:inline: its wp:extent (EMU) and the first a:blip's embedded image. */
function drawingPicture(drawing: XmlElement): FoundPicture | undefined {
  const frame = child(drawing, 'wp:inline') ?? child(drawing, 'wp:anchor');
  const extent = child(frame, 'wp:extent');
  if (!frame || !extent) return undefined;
  let relId: string | undefined;
  walkElements(frame, (el) => {
    if (relId === undefined && el.name === 'a:blip') relId = attr(el, 'r:embed');
  });
  const emu = (name: string) => Number(attr(extent, name) ?? 0);
  return { relId, w: emu('cx') / EMU_PER_PT, h: emu('cy') / EMU_PER_PT };
}
