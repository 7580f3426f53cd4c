/**
 * Media parts (images, embedded objects' previews) collected into DocModel.media, keyed by part
 * name, with the content type from [Content_Types].xml or sniffed from the first bytes.
 */
import type { DocxContext } from './context';

/** Sniffs an image type from magic bytes (PNG, JPEG, GIF, BMP, TIFF, EMF, WMF, SVG). */
export function sniffContentType(b: Uint8Array): string | undefined {
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 4 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) return 'image/gif';
  if (b.length >= 2 && b[0] === 0x42 && b[1] === 0x4d) return 'image/bmp';
  if (b.length >= 4 && ((b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a) || (b[0] === 0x4d && b[1] === 0x4d && b[3] === 0x2a))) return 'image/tiff';
  if (b.length >= 44 && b[0] === 1 && b[1] === 0 && b[2] === 0 && b[3] === 0 && b[40] === 0x20 && b[41] === 0x45 && b[42] === 0x4d && b[43] === 0x46) return 'image/x-emf';
  if (b.length >= 4 && ((b[0] === 0xd7 && b[1] === 0xcd && b[2] === 0xc6 && b[3] === 0x9a) || (b[0] === 1 && b[1] === 0 && b[2] === 9 && b[3] === 0))) return 'image/x-wmf';
  if (b.length >= 5) {
    const head = String.fromCharCode(...b.subarray(0, Math.min(256, b.length))).trimStart();
    if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'image/svg+xml';
  }
  return undefined;
}

/**
 * Registers the target of an image relationship of `sourcePart` and returns its media key, or
 * undefined (with a warning) when the relationship or part is missing or external.
 */
export function mediaFor(ctx: DocxContext, sourcePart: string, relId: string | undefined, at: string): string | undefined {
  if (!relId) return undefined;
  const rel = ctx.pkg.rels(sourcePart).get(relId);
  if (!rel) {
    ctx.bag.warn('docx/missing-image', `An image refers to relationship ${relId}, which ${sourcePart} does not have.`, { at });
    return undefined;
  }
  if (rel.external) {
    ctx.bag.warn('docx/external-image', 'A linked (external) image is not loaded; only embedded images are drawn.', { at });
    return undefined;
  }
  const entry = ctx.pkg.zip.find(rel.target);
  const key = entry ? entry.name : rel.target;
  if (ctx.media[key]) return key;
  const data = entry ? ctx.pkg.bytes(key) : undefined;
  if (!data) {
    ctx.bag.warn('docx/missing-image', `The image part ${rel.target} is missing from the package.`, { at });
    return undefined;
  }
  const declared = ctx.pkg.contentType(key);
  const sniffed = sniffContentType(data);
  const contentType = sniffed ?? (declared && declared.startsWith('image/') ? declared : declared ?? 'application/octet-stream');
  ctx.media[key] = { contentType, data };
  return key;
}
