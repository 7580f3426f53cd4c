/**
 * XML-DSig identifiers (W3C XML Signature 1.1 §6; RFC 6931 §2.1–2.3; RFC 9231 for RSASSA-PSS):
 * namespaces, digest method and signature method URIs, read by the checker and written by the
 * DOCX signer from the same tables.
 */
import type { Digest, DigestName, SignatureAlgorithm, SignatureScheme } from '../cms';

/** The XML-DSig namespace. */
export const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
/** The OPC digital-signature namespace (ECMA-376 Part 2 §13.2.4). */
export const OPC_DSIG_NS = 'http://schemas.openxmlformats.org/package/2006/digital-signature';

/** Digest method URIs (§6.2, RFC 6931 §2.1); null for digests WebCrypto cannot compute. */
const DIGEST_URIS: Record<string, Digest | null> = {
  'http://www.w3.org/2000/09/xmldsig#sha1': 'SHA-1',
  'http://www.w3.org/2001/04/xmlenc#sha256': 'SHA-256',
  'http://www.w3.org/2001/04/xmldsig-more#sha384': 'SHA-384',
  'http://www.w3.org/2001/04/xmlenc#sha512': 'SHA-512',
  'http://www.w3.org/2001/04/xmldsig-more#sha224': null,
  'http://www.w3.org/2001/04/xmlenc#ripemd160': null,
  'http://www.w3.org/2001/04/xmldsig-more#md5': null,
};

/** Signature method URIs (§6.4, RFC 6931 §2.3, RFC 9231 §2.3.10 for PSS). ECDSA values are r‖s. */
const SIGNATURE_METHODS: Record<string, SignatureAlgorithm> = {
  'http://www.w3.org/2000/09/xmldsig#rsa-sha1': { kind: 'rsa-pkcs1', hash: 'SHA-1' },
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256': { kind: 'rsa-pkcs1', hash: 'SHA-256' },
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha384': { kind: 'rsa-pkcs1', hash: 'SHA-384' },
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512': { kind: 'rsa-pkcs1', hash: 'SHA-512' },
  'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha1': { kind: 'ecdsa', hash: 'SHA-1', raw: true },
  'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256': { kind: 'ecdsa', hash: 'SHA-256', raw: true },
  'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha384': { kind: 'ecdsa', hash: 'SHA-384', raw: true },
  'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha512': { kind: 'ecdsa', hash: 'SHA-512', raw: true },
  'http://www.w3.org/2007/05/xmldsig-more#sha1-rsa-MGF1': { kind: 'rsa-pss', hash: 'SHA-1', saltLength: 20 },
  'http://www.w3.org/2007/05/xmldsig-more#sha256-rsa-MGF1': { kind: 'rsa-pss', hash: 'SHA-256', saltLength: 32 },
  'http://www.w3.org/2007/05/xmldsig-more#sha384-rsa-MGF1': { kind: 'rsa-pss', hash: 'SHA-384', saltLength: 48 },
  'http://www.w3.org/2007/05/xmldsig-more#sha512-rsa-MGF1': { kind: 'rsa-pss', hash: 'SHA-512', saltLength: 64 },
  'http://www.w3.org/2008/xmldsig-more#ed25519': { kind: 'ed25519' },
};

/** The digest of a DigestMethod URI, or undefined when WebCrypto cannot compute it. */
export function digestOfUri(uri: string | undefined): Digest | undefined {
  return uri ? (DIGEST_URIS[uri] ?? undefined) : undefined;
}

/** The DigestMethod URI of a digest. */
export function digestUri(d: Digest): string {
  return Object.keys(DIGEST_URIS).find((u) => DIGEST_URIS[u] === d)!;
}

/** The algorithm of a SignatureMethod URI; `unsupported` with its name when unknown. */
export function signatureMethodOf(uri: string | undefined): SignatureAlgorithm {
  return (uri ? SIGNATURE_METHODS[uri] : undefined) ?? { kind: 'unsupported', name: `signature method ${uri || '(none)'}` };
}

/** The SignatureMethod URI for a signing scheme and digest, or undefined when XML-DSig names none. */
export function signatureMethodUri(scheme: SignatureScheme, d: DigestName): string | undefined {
  return Object.keys(SIGNATURE_METHODS).find((u) => {
    const a = SIGNATURE_METHODS[u]!;
    return a.kind === scheme && 'hash' in a && a.hash === d;
  });
}
