/**
 * DrawingML pictures: a new inline picture (`wp:inline`, ECMA-376 Part 1 §20.4.2.8, with `pic:pic`
 * §20.2.2.5) and replacing the image of an existing one (its `a:blip/@r:embed`, §20.1.8.13), sized in
 * EMU (914400 per inch, 9525 per CSS pixel).
 */
import type { XmlElement, XmlNode } from '../xml';
import { el, firstChild, ownAttrs } from './wml';

/** EMU per CSS pixel (96 per inch). */
export const EMU_PER_PX = 9525;

/** A size in EMU. */
export interface ExtentEmu {
  readonly cx: number;
  readonly cy: number;
}

/** Scales an image of `w`×`h` to fit inside a box, keeping its aspect ratio. */
export function fitInside(w: number, h: number, box: ExtentEmu): ExtentEmu {
  const sx = box.cx / w;
  const sy = box.cy / h;
  const s = sx < sy ? sx : sy;
  return { cx: Math.max(1, Math.round(w * s)), cy: Math.max(1, Math.round(h * s)) };
}

/**
 * The extent of an image: explicit `dimensions` in px; else fitted into the placeholder's box; else
 * its own size at 96 dpi, scaled down (aspect kept) to at most `maxWidthEmu`.
 */
export function chooseExtent(
  image: { widthPx: number; heightPx: number },
  dims: { width: number; height: number } | undefined,
  box: ExtentEmu | undefined,
  maxWidthEmu: number,
): ExtentEmu {
  if (dims) return { cx: Math.round(dims.width * EMU_PER_PX), cy: Math.round(dims.height * EMU_PER_PX) };
  if (box && box.cx > 0 && box.cy > 0) return fitInside(image.widthPx, image.heightPx, box);
  const own = { cx: image.widthPx * EMU_PER_PX, cy: image.heightPx * EMU_PER_PX };
  return own.cx > maxWidthEmu ? fitInside(image.widthPx, image.heightPx, { cx: maxWidthEmu, cy: Number.MAX_SAFE_INTEGER }) : own;
}

/** Builds `w:drawing` with an inline picture referring to relationship `rId`. */
export function makeInlineDrawing(rId: string, size: ExtentEmu, docPrId: number, name: string, descr: string): XmlElement {
  const cx = String(size.cx);
  const cy = String(size.cy);
  const pic = el('pic:pic', {}, [
    el('pic:nvPicPr', {}, [el('pic:cNvPr', { id: '0', name }), el('pic:cNvPicPr')]),
    el('pic:blipFill', {}, [el('a:blip', { 'r:embed': rId }), el('a:stretch', {}, [el('a:fillRect')])]),
    el('pic:spPr', {}, [
      el('a:xfrm', {}, [el('a:off', { x: '0', y: '0' }), el('a:ext', { cx, cy })]),
      el('a:prstGeom', { prst: 'rect' }, [el('a:avLst')]),
    ]),
  ]);
  const inline = el('wp:inline', { distT: '0', distB: '0', distL: '0', distR: '0' }, [
    el('wp:extent', { cx, cy }),
    el('wp:effectExtent', { l: '0', t: '0', r: '0', b: '0' }),
    el('wp:docPr', { id: String(docPrId), name: `Picture ${docPrId}`, ...(descr ? { descr } : {}) }),
    el('wp:cNvGraphicFramePr', {}, [el('a:graphicFrameLocks', { noChangeAspect: '1' })]),
    el('a:graphic', {}, [el('a:graphicData', { uri: 'http://schemas.openxmlformats.org/drawingml/2006/picture' }, [pic])]),
  ]);
  return el('w:drawing', {}, [inline]);
}

/** The `wp:inline` or `wp:anchor` of a `w:drawing`. */
export function drawingFrame(drawing: XmlElement): XmlElement | undefined {
  return firstChild(drawing, 'wp:inline') ?? firstChild(drawing, 'wp:anchor');
}

/** The extent of an existing drawing. */
export function drawingExtent(drawing: XmlElement): ExtentEmu | undefined {
  const ext = firstChild(drawingFrame(drawing), 'wp:extent');
  const cx = Number(ext?.attrs.cx);
  const cy = Number(ext?.attrs.cy);
  return Number.isFinite(cx) && Number.isFinite(cy) && cx > 0 && cy > 0 ? { cx, cy } : undefined;
}

/** The first `a:blip` of a drawing's picture, if it is a picture. */
export function findBlip(drawing: XmlElement): XmlElement | undefined {
  const stack: XmlNode[] = [drawing];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.kind !== 'element') continue;
    if (n.name === 'a:blip') return n;
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return undefined;
}

/** Points an existing picture at a new image and resizes it (frame extent and shape transform). */
export function replacePicture(drawing: XmlElement, rId: string, size: ExtentEmu): boolean {
  const blip = findBlip(drawing);
  if (!blip) return false;
  const blipAttrs = ownAttrs(blip);
  blipAttrs['r:embed'] = rId;
  delete blipAttrs['r:link'];
  // An a:extLst may hold an SVG version (asvg:svgBlip) that Word would show instead of the new image.
  blip.children = blip.children.filter((c) => !(c.kind === 'element' && c.name === 'a:extLst'));
  const frame = drawingFrame(drawing);
  const ext = firstChild(frame, 'wp:extent');
  if (ext) {
    const attrs = ownAttrs(ext);
    attrs.cx = String(size.cx);
    attrs.cy = String(size.cy);
  }
  const stack: XmlNode[] = [drawing];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.kind !== 'element') continue;
    if (n.name === 'a:xfrm') {
      const e = firstChild(n, 'a:ext');
      if (e) {
        const attrs = ownAttrs(e);
        attrs.cx = String(size.cx);
        attrs.cy = String(size.cy);
      }
    }
    for (const c of n.children) stack.push(c);
  }
  return true;
}
