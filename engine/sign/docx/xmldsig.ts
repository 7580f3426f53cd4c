/**
 * What the DOCX signer writes besides the shared XML-DSig machinery (engine/xmldsig): the XAdES and
 * Office namespaces, the Reference types, and small text helpers for XML we build.
 */

/** Namespaces the signer writes beyond XML-DSig and OPC. */
export const NS = {
  /** XAdES 1.3.2 (ETSI EN 319 132-1). */
  xd: 'http://uri.etsi.org/01903/v1.3.2#',
  /** Office's SignatureInfoV1 (MS-OFFCRYPTO §2.5.2). */
  dsig: 'http://schemas.microsoft.com/office/2006/digsig',
} as const;

/** Reference Type URIs (XML-DSig §4.4.3.1, ETSI EN 319 132-1 §4.3.1). */
export const REFERENCE_TYPE = {
  object: 'http://www.w3.org/2000/09/xmldsig#Object',
  signedProperties: 'http://uri.etsi.org/01903#SignedProperties',
} as const;

/** Escapes text content for XML we write. */
export function xmlText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Escapes an attribute value for XML we write. */
export function xmlAttr(s: string): string {
  return xmlText(s).replace(/"/g, '&quot;');
}

/** Formats a time as XML Schema dateTime in UTC without fractions (`2025-01-31T14:05:09Z`). */
export function xsdDateTime(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Decimal text of a big-endian unsigned integer (X509SerialNumber). */
export function bytesToDecimal(b: Uint8Array): string {
  let v = 0n;
  for (const x of b) v = (v << 8n) | BigInt(x);
  return v.toString(10);
}
