/**
 * Signature and digest algorithms: WebCrypto parameters and the matching CMS AlgorithmIdentifiers
 * (RFC 5754 for RSA PKCS#1 v1.5 and ECDSA, RFC 4056 for RSASSA-PSS in CMS).
 */
import { abort } from '../core';
import { algorithmId, explicit, integer, integerFromBytes, seq } from './der';
import { children, content, parseDer } from './der-read';
import { OID } from './oids';

/** Digest algorithms supported for signing. */
export type DigestName = 'SHA-256' | 'SHA-384' | 'SHA-512';

/** Signature schemes supported for signing. */
export type SignatureScheme = 'rsa-pkcs1' | 'rsa-pss' | 'ecdsa';

/** OID of a digest algorithm. */
export function digestOid(d: DigestName | 'SHA-1'): string {
  return { 'SHA-1': OID.sha1, 'SHA-256': OID.sha256, 'SHA-384': OID.sha384, 'SHA-512': OID.sha512 }[d];
}

/** Digest name of a digest OID, or undefined when unknown. */
export function digestName(o: string): DigestName | 'SHA-1' | undefined {
  return ({ [OID.sha1]: 'SHA-1', [OID.sha256]: 'SHA-256', [OID.sha384]: 'SHA-384', [OID.sha512]: 'SHA-512' } as Record<string, DigestName | 'SHA-1'>)[o];
}

/** Output length of a digest in bytes. */
export function digestLength(d: DigestName | 'SHA-1'): number {
  return { 'SHA-1': 20, 'SHA-256': 32, 'SHA-384': 48, 'SHA-512': 64 }[d];
}

/** The digest AlgorithmIdentifier (parameters absent, RFC 5754 §2). */
export function digestAlgorithmId(d: DigestName | 'SHA-1'): Uint8Array {
  return algorithmId(digestOid(d));
}

/** The signatureAlgorithm of a SignerInfo for a scheme and digest. */
export function signatureAlgorithmId(scheme: SignatureScheme, d: DigestName): Uint8Array {
  if (scheme === 'rsa-pkcs1') {
    const o = { 'SHA-256': OID.sha256WithRSA, 'SHA-384': OID.sha384WithRSA, 'SHA-512': OID.sha512WithRSA }[d];
    return algorithmId(o, null);
  }
  if (scheme === 'ecdsa') {
    const o = { 'SHA-256': OID.ecdsaWithSHA256, 'SHA-384': OID.ecdsaWithSHA384, 'SHA-512': OID.ecdsaWithSHA512 }[d];
    return algorithmId(o);
  }
  // RSASSA-PSS-params (RFC 4055 §3.1): hash, MGF1 with the same hash, salt length = digest length.
  const hash = digestAlgorithmId(d);
  const params = seq(explicit(0, hash), explicit(1, algorithmId(OID.mgf1, hash)), explicit(2, integer(digestLength(d))));
  return algorithmId(OID.rsassaPss, params);
}

/** WebCrypto import parameters for a private key used with a scheme. */
export function importParams(scheme: SignatureScheme, d: DigestName, curve?: string): RsaHashedImportParams | EcKeyImportParams {
  if (scheme === 'rsa-pkcs1') return { name: 'RSASSA-PKCS1-v1_5', hash: d };
  if (scheme === 'rsa-pss') return { name: 'RSA-PSS', hash: d };
  return { name: 'ECDSA', namedCurve: curveName(curve) };
}

/** WebCrypto sign parameters for a scheme. */
export function signParams(scheme: SignatureScheme, d: DigestName): AlgorithmIdentifier | RsaPssParams | EcdsaParams {
  if (scheme === 'rsa-pkcs1') return { name: 'RSASSA-PKCS1-v1_5' };
  if (scheme === 'rsa-pss') return { name: 'RSA-PSS', saltLength: digestLength(d) };
  return { name: 'ECDSA', hash: d };
}

/** WebCrypto curve name of a named-curve OID. */
export function curveName(o: string | undefined): 'P-256' | 'P-384' | 'P-521' {
  if (o === OID.prime256v1) return 'P-256';
  if (o === OID.secp384r1) return 'P-384';
  if (o === OID.secp521r1) return 'P-521';
  return abort('cms/unsupported-curve', `Elliptic curve ${o ?? '(none)'} is not supported.`, { hint: 'Use a P-256 or P-384 key.' });
}

/** Bytes of one ECDSA coordinate for a curve. */
export function curveBytes(curve: 'P-256' | 'P-384' | 'P-521'): number {
  return { 'P-256': 32, 'P-384': 48, 'P-521': 66 }[curve];
}

/** Converts a WebCrypto ECDSA signature (r‖s) into the DER Ecdsa-Sig-Value CMS uses (RFC 5753 §7.2). */
export function ecdsaRawToDer(raw: Uint8Array): Uint8Array {
  const half = raw.length / 2;
  return seq(integerFromBytes(raw.subarray(0, half)), integerFromBytes(raw.subarray(half)));
}

/** Converts a DER Ecdsa-Sig-Value into r‖s with fixed-width halves (for WebCrypto verification). */
export function ecdsaDerToRaw(der: Uint8Array, coordBytes: number): Uint8Array {
  const [r, s] = children(parseDer(der));
  const out = new Uint8Array(coordBytes * 2);
  const put = (v: Uint8Array, at: number): void => {
    let i = 0;
    while (i < v.length - 1 && v[i] === 0) i++;
    const m = v.subarray(i);
    if (m.length > coordBytes) abort('cms/bad-signature', 'ECDSA signature value is longer than the curve allows.');
    out.set(m, at + coordBytes - m.length);
  };
  put(content(r!), 0);
  put(content(s!), coordBytes);
  return out;
}

/** The longest DER Ecdsa-Sig-Value for a curve (both integers with a leading zero). */
export function maxEcdsaDerLength(curve: 'P-256' | 'P-384' | 'P-521'): number {
  const n = curveBytes(curve) + 1;
  const inner = 2 * (n + 2);
  return inner + (inner < 128 ? 2 : 3);
}

