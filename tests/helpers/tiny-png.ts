/**
 * A 2×2 opaque red PNG (8-bit RGB), for fixtures that need a real picture.
 */
export const TINY_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAwMDAxMDAAAAbHAEDpHVqHwAAAABJRU5ErkJggg=='),
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
