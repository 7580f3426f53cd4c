/**
 * Soft masks in the preview (LayoutDoc GroupItem.softMask), rasterised by engine/image as the PDF
 * renderer does (the same samples): a group that only paints one flat colour (a blurred shadow, a
 * glow) is drawn as an image of that colour whose alpha is the mask, as the PDF's colour through
 * its /SMask; any other group (a soft-edged picture or shape) is drawn into a layer, which the mask
 * then cuts (`destination-in`) before the layer is drawn on the page.
 */
import { renderMaskSamples } from '../../image';
import type { GroupItem, LayoutItem, LayoutPage, PathItem, SoftMask } from '../../model';
import type { ImageHandle } from './types';

/** Makes an image from RGBA pixels (non-premultiplied), or undefined where none can be made. */
export type MaskImageMaker = (rgba: Uint8ClampedArray, width: number, height: number) => Promise<ImageHandle | undefined>;

/** What a masked group is drawn with: its colour's image (`paint`) or the mask alone as alpha (`alpha`). */
export interface PreparedMask {
  readonly image: ImageHandle;
  readonly paint: boolean;
}

/** The one flat colour a group paints (every item a path filled with it, nothing else drawn), if any. */
export function paintOf(group: GroupItem): { readonly fill: string; readonly opacity: number } | undefined {
  let fill: string | undefined;
  let opacity = 1;
  for (const i of group.items) {
    if (i.kind !== 'path' || !i.fill || i.stroke || i.shading || i.picture || (fill !== undefined && (i.fill !== fill || (i.fillOpacity ?? 1) !== opacity))) return undefined;
    fill = i.fill;
    opacity = i.fillOpacity ?? 1;
  }
  return fill === undefined ? undefined : { fill, opacity };
}

/** RGB of `RRGGBB` (black when it is not one, as the PDF renderer). */
function rgbOf(color: string): [number, number, number] {
  if (!/^[0-9A-Fa-f]{6}$/.test(color)) return [0, 0, 0];
  const v = parseInt(color, 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Prepares the images of the page's masked groups (by group), before the page is drawn. */
export async function prepareMasks(page: LayoutPage, make: MaskImageMaker | undefined): Promise<Map<GroupItem, PreparedMask>> {
  const out = new Map<GroupItem, PreparedMask>();
  if (!make) return out;
  const groups: GroupItem[] = [];
  const visit = (items: readonly LayoutItem[]): void => {
    for (const i of items) {
      if (i.kind !== 'group') continue;
      if (i.softMask) groups.push(i);
      visit(i.items);
    }
  };
  visit(page.items);
  for (const g of groups) {
    const samples = renderMaskSamples(g.softMask!);
    if (!samples) continue;
    const paint = paintOf(g);
    const [r, gr, b] = paint ? rgbOf(paint.fill) : [0, 0, 0];
    const rgba = new Uint8ClampedArray(samples.length * 4);
    for (let i = 0; i < samples.length; i++) {
      rgba[4 * i] = r;
      rgba[4 * i + 1] = gr;
      rgba[4 * i + 2] = b;
      rgba[4 * i + 3] = samples[i]!;
    }
    const image = await make(rgba, g.softMask!.grid.cols, g.softMask!.grid.rows).catch(() => undefined);
    if (image) out.set(g, { image, paint: paint !== undefined });
  }
  return out;
}

/** The default image maker: ImageData and createImageBitmap, where both exist. */
export function defaultMaskImage(): MaskImageMaker | undefined {
  const g = globalThis as {
    createImageBitmap?: (b: unknown, options?: { colorSpaceConversion: 'none' }) => Promise<ImageHandle>;
    ImageData?: new (data: Uint8ClampedArray, width: number, height: number) => unknown;
  };
  const create = g.createImageBitmap;
  const ImageDataCtor = g.ImageData;
  if (!create || !ImageDataCtor) return undefined;
  return (rgba, width, height) => create(new ImageDataCtor(rgba, width, height), { colorSpaceConversion: 'none' });
}

/** The silhouette paths of a mask, for a flat colour drawn without its image: filled where they fill. */
export function silhouettePaths(m: SoftMask, fill: string, opacity: number): PathItem[] {
  return m.shapes.map((s): PathItem => ({
    kind: 'path',
    commands: s.commands,
    ...(s.fill ? { fill, ...(opacity < 1 ? { fillOpacity: opacity } : {}) } : {}),
    ...(s.lineWidth ? { stroke: fill, lineWidth: s.lineWidth, ...(opacity < 1 ? { strokeOpacity: opacity } : {}) } : {}),
  }));
}
