/**
 * What a package signature adds to an OPC package (ECMA-376 Part 2 §13.2): the content types of
 * the parts it writes and the relationship types Word leaves unsigned. Reading the package (content
 * types, relationships, the Relationships Transform) is engine/xmldsig's.
 */
import { decodeUtf8 } from '../../core';
import { UNSIGNED_BY_DESIGN } from '../../xmldsig';

/** Content type of relationship parts. */
export const CT_RELS = 'application/vnd.openxmlformats-package.relationships+xml';
/** Content type of XML signature parts (§13.2.2). */
export const CT_SIGNATURE = 'application/vnd.openxmlformats-package.digital-signature-xmlsignature+xml';
/** Content type of the origin part. */
export const CT_ORIGIN = 'application/vnd.openxmlformats-package.digital-signature-origin';

/** Relationship types left out of a signature, as Word does: those unsigned by design and signature certificates. */
export const UNSIGNED_RELATIONSHIP_TYPES: ReadonlySet<string> = new Set([
  ...UNSIGNED_BY_DESIGN,
  'http://schemas.openxmlformats.org/package/2006/relationships/digital-signature/certificate',
]);

/** Decodes a part as text for textual edits (insertions before a closing tag). */
export function partText(bytes: Uint8Array): string {
  return decodeUtf8(bytes);
}
