/**
 * Picture bullets (w:numPicBullet, §17.9.20): the picture a bullet level shows in place of its
 * character. The size its drawing states is not the bullet's size: Word saves o:bullet shapes of
 * 3 in × 3 in (poi-bug59058's numbering.xml), the standard's own example is 3 in × 276.75 pt, and
 * LibreOffice's importer keeps "only the aspect ratio of the picture, not its size". Word's bullet
 * follows the bullet's font size (its dialog resizes a picture bullet through the font size); the
 * exact rule is not measured, so the picture is as tall as the label's font size and as wide as its
 * proportions give (oxsdk-Hyperlink_-_internal's 5.25 × 8.25 pt arrow at a 10 pt label: 6.4 × 10 pt).
 */
import type { ImageInline, RunProps } from '../model';
import type { XmlElement } from '../xml';
import { attr, child, walkElements } from '../xml';
import type { DocxContext } from './context';
import { mediaFor } from './media';
import type { PictureBulletDef } from './numbering';
import { emuAttr } from './values';
import { lengthPt, parseStyle } from './vml-style';

/** The image of a picture bullet for a label of `props`, or undefined when its picture names no embedded image. */
export function pictureBulletImage(ctx: DocxContext, def: PictureBulletDef, props: RunProps, at: string): ImageInline | undefined {
  const found = def.picture.name === 'w:drawing' ? drawingPicture(def.picture) : vmlPicture(def.picture);
  if (!found || !(found.w > 0) || !(found.h > 0)) return undefined;
  const media = mediaFor(ctx, def.part, found.relId, at);
  const heightPt = props.sizePt;
  return media ? { kind: 'image', media, widthPt: (found.w * heightPt) / found.h, heightPt, props } : undefined;
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
  return { relId, w: emuAttr(extent, 'cx') ?? 0, h: emuAttr(extent, 'cy') ?? 0 };
}
