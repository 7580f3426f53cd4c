/**
 * What a package signature adds to an OPC package (ECMA-376 Part 2 §13.2): the content types of
 * the parts it writes and the relationship types Word leaves unsigned. Reading the package (content
 * types, relationships, the Relationships Transform) is engine/xmldsig's.
 */
import { decodeUtf8 } from '../../core';
import { REL_SIGNATURE, REL_SIGNATURE_ORIGIN } from '../../xmldsig';

/** Content type of relationship parts. */
export const CT_RELS = 'application/vnd.openxmlformats-package.relationships+xml';
/** Content type of XML signature parts (§13.2.2). */
export const CT_SIGNATURE = 'application/vnd.openxmlformats-package.digital-signature-xmlsignature+xml';
/** Content type of the origin part. */
export const CT_ORIGIN = 'application/vnd.openxmlformats-package.digital-signature-origin';

/** Relationship types left out of a signature, as Word does: document properties and signatures themselves. */
export const UNSIGNED_RELATIONSHIP_TYPES: ReadonlySet<string> = new Set([
  'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties',
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties',
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/custom-properties',
  'http://schemas.openxmlformats.org/package/2006/relationships/metadata/thumbnail',
  REL_SIGNATURE_ORIGIN,
  REL_SIGNATURE,
  'http://schemas.openxmlformats.org/package/2006/relationships/digital-signature/certificate',
]);

/** Decodes a part as text for textual edits (insertions before a closing tag). */
export function partText(bytes: Uint8Array): string {
  return decodeUtf8(bytes);
}
