/**
 * XML-DSig (W3C xmldsig-core1) algorithm identifiers and small text helpers shared by the DOCX
 * signer and checker.
 */
import type { DigestName, SignatureScheme } from '../../cms';

/** Namespaces. */
export const NS = {
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  xd: 'http://uri.etsi.org/01903/v1.3.2#',
  mdssi: 'http://schemas.openxmlformats.org/package/2006/digital-signature',
  dsig: 'http://schemas.microsoft.com/office/2006/digsig',
} as const;

/** Algorithm URIs. */
export const ALG = {
  c14n: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
  c14nWithComments: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments',
  excC14n: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  relationship: 'http://schemas.openxmlformats.org/package/2006/RelationshipTransform',
  objectType: 'http://www.w3.org/2000/09/xmldsig#Object',
  signedPropertiesType: 'http://uri.etsi.org/01903#SignedProperties',
} as const;

const DIGEST_URI: Record<DigestName | 'SHA-1', string> = {
  'SHA-1': 'http://www.w3.org/2000/09/xmldsig#sha1',
  'SHA-256': 'http://www.w3.org/2001/04/xmlenc#sha256',
  'SHA-384': 'http://www.w3.org/2001/04/xmldsig-more#sha384',
  'SHA-512': 'http://www.w3.org/2001/04/xmlenc#sha512',
};

/** The XML-DSig URI of a digest. */
export function digestUri(d: DigestName | 'SHA-1'): string {
  return DIGEST_URI[d];
}

/** The digest named by a URI. */
export function digestFromUri(uri: string): DigestName | 'SHA-1' | undefined {
  return (Object.entries(DIGEST_URI) as Array<[DigestName | 'SHA-1', string]>).find(([, u]) => u === uri)?.[0];
}

/** The SignatureMethod URI for a scheme and digest (RFC 6931 §2.3). */
export function signatureMethodUri(scheme: SignatureScheme, d: DigestName): string | undefined {
  const h = d.replace('-', '').toLowerCase();
  if (scheme === 'rsa-pkcs1') return `http://www.w3.org/2001/04/xmldsig-more#rsa-${h}`;
  if (scheme === 'ecdsa') return `http://www.w3.org/2001/04/xmldsig-more#ecdsa-${h}`;
  return undefined;
}

/** Parses a SignatureMethod URI. */
export function signatureMethodFromUri(uri: string): { scheme: 'rsa-pkcs1' | 'ecdsa'; digest: DigestName | 'SHA-1' } | undefined {
  if (uri === 'http://www.w3.org/2000/09/xmldsig#rsa-sha1') return { scheme: 'rsa-pkcs1', digest: 'SHA-1' };
  const m = /^http:\/\/www\.w3\.org\/2001\/04\/xmldsig-more#(rsa|ecdsa)-sha(1|256|384|512)$/.exec(uri);
  if (!m) return undefined;
  return { scheme: m[1] === 'rsa' ? 'rsa-pkcs1' : 'ecdsa', digest: `SHA-${m[2]}` as DigestName | 'SHA-1' };
}

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
