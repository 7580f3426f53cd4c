/**
 * Media parts (images, embedded objects' previews) collected into DocModel.media, keyed by part
 * name, with the content type from [Content_Types].xml or sniffed from the first bytes.
 */
import { imageContentType, sniffImage } from '../image';
import type { DocxContext } from './context';

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
  const kind = sniffImage(data);
  const sniffed = kind && imageContentType(kind);
  const contentType = sniffed ?? (declared && declared.startsWith('image/') ? declared : declared ?? 'application/octet-stream');
  ctx.media[key] = { contentType, data };
  return key;
}
