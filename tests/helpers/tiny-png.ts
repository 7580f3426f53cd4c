/**
 * A 2×2 opaque red PNG (8-bit RGB), for fixtures that need a real picture.
 */
export const TINY_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR42mP4z8AARAwQCgAf7gP9Y167WwAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

/** DrawingML for an inline picture of `widthPt` × `heightPt` using relationship `rId`. */
export function inlinePicture(rId: string, widthPt: number, heightPt: number, id = 1): string {
  const cx = Math.round(widthPt * 12700);
  const cy = Math.round(heightPt * 12700);
  return (
    `<w:r><w:drawing><wp:inline><wp:extent cx="${cx}" cy="${cy}"/><wp:docPr id="${id}" name="Picture ${id}"/>` +
    '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>' +
    `<pic:nvPicPr><pic:cNvPr id="${id}" name="p${id}.png"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip r:embed="${rId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
    '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>'
  );
}

/** Options of a floating picture (wp:anchor, §20.4.2.3). */
export interface AnchorOptions {
  /** Offset from the margin, in points. */
  readonly x: number;
  /** Offset from the paragraph top (or from what `fromV` names), in points. */
  readonly y: number;
  /** wp:positionV/@relativeFrom (§20.4.3.5 ST_RelFromV); the paragraph when not given. */
  readonly fromV?: 'paragraph' | 'line' | 'page' | 'margin';
  /** wrapSquare (with wrapText), wrapTopAndBottom or wrapNone. */
  readonly wrap: 'square' | 'topAndBottom' | 'none';
  readonly wrapText?: 'bothSides' | 'left' | 'right' | 'largest';
  /** distL / distR / distT / distB, in points (default 9 left and right, 0 top and bottom as Word). */
  readonly distPt?: number;
}

/** DrawingML for a floating picture of `widthPt` × `heightPt` anchored in the run's paragraph. */
export function anchoredPicture(rId: string, widthPt: number, heightPt: number, o: AnchorOptions, id = 1): string {
  const emu = (pt: number) => Math.round(pt * 12700);
  const d = emu(o.distPt ?? 9);
  const wrap =
    o.wrap === 'square' ? `<wp:wrapSquare wrapText="${o.wrapText ?? 'bothSides'}"/>` : o.wrap === 'topAndBottom' ? '<wp:wrapTopAndBottom/>' : '<wp:wrapNone/>';
  return (
    `<w:r><w:drawing><wp:anchor distT="0" distB="0" distL="${d}" distR="${d}" simplePos="0" relativeHeight="1" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">` +
    '<wp:simplePos x="0" y="0"/>' +
    `<wp:positionH relativeFrom="margin"><wp:posOffset>${emu(o.x)}</wp:posOffset></wp:positionH>` +
    `<wp:positionV relativeFrom="${o.fromV ?? 'paragraph'}"><wp:posOffset>${emu(o.y)}</wp:posOffset></wp:positionV>` +
    `<wp:extent cx="${emu(widthPt)}" cy="${emu(heightPt)}"/><wp:effectExtent l="0" t="0" r="0" b="0"/>${wrap}` +
    `<wp:docPr id="${id}" name="Picture ${id}"/>` +
    '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>' +
    `<pic:nvPicPr><pic:cNvPr id="${id}" name="p${id}.png"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip r:embed="${rId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${emu(widthPt)}" cy="${emu(heightPt)}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
    '</pic:pic></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r>'
  );
}
