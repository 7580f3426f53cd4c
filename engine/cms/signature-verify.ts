/**
 * Signature and digest algorithms for verification, mapped onto WebCrypto: RSA PKCS#1 v1.5
 * (RFC 8017), RSASSA-PSS (RFC 4055 §3.1), ECDSA in DER (RFC 5753 §7.2) or plain r‖s form (BSI
 * TR-03111 §5.2.1 OIDs), Ed25519 (RFC 8419). An algorithm WebCrypto lacks yields an `unsupported`
 * outcome with its name, never a wrong verdict. Shared by verification (CMS, certificates, XML-DSig)
 * and by signing, which checks the OCSP responses and CRLs it fetches before embedding them.
 */
import { DiagnosticError } from '../core';
import type { DigestName } from './algorithms';
import { curveBytes, ecdsaDerToRaw } from './algorithms';
import { bufferSource } from './buffer-source';
import type { CertificateInfo } from './certificate';
import { algorithmId, bitString, seq } from './der';
import { children, content, encoding, parseDer, readNode, readOid, readSmallInt } from './der-read';
import { OID } from './oids';

/** A digest WebCrypto computes. */
export type Digest = DigestName | 'SHA-1';

/** A resolved signature algorithm. */
export type SignatureAlgorithm =
  | { readonly kind: 'rsa-pkcs1'; readonly hash: Digest }
  | { readonly kind: 'rsa-pss'; readonly hash: Digest; readonly saltLength: number }
  | { readonly kind: 'ecdsa'; readonly hash: Digest; readonly raw: boolean }
  | { readonly kind: 'ed25519' }
  | { readonly kind: 'unsupported'; readonly name: string };

const DIGESTS: Record<string, Digest> = { [OID.sha1]: 'SHA-1', [OID.sha256]: 'SHA-256', [OID.sha384]: 'SHA-384', [OID.sha512]: 'SHA-512' };

/** Names of digests we recognise but WebCrypto does not compute. */
const UNSUPPORTED_DIGESTS: Record<string, string> = {
  '1.2.840.113549.2.5': 'MD5',
  '1.2.840.113549.2.2': 'MD2',
  '2.16.840.1.101.3.4.2.4': 'SHA-224',
  '2.16.840.1.101.3.4.2.7': 'SHA3-224',
  '2.16.840.1.101.3.4.2.8': 'SHA3-256',
  '2.16.840.1.101.3.4.2.9': 'SHA3-384',
  '2.16.840.1.101.3.4.2.10': 'SHA3-512',
  '1.3.36.3.2.1': 'RIPEMD-160',
  '1.2.643.7.1.1.2.2': 'GOST R 34.11-2012 (256)',
};

/** Signature-algorithm OIDs with their digest (RFC 8017 Appendix A.2.4, RFC 5758 §3.2). */
const RSA_WITH: Record<string, Digest | string> = {
  '1.2.840.113549.1.1.5': 'SHA-1',
  [OID.sha256WithRSA]: 'SHA-256',
  [OID.sha384WithRSA]: 'SHA-384',
  [OID.sha512WithRSA]: 'SHA-512',
  '1.2.840.113549.1.1.14': 'sha224WithRSAEncryption',
  '1.2.840.113549.1.1.4': 'md5WithRSAEncryption',
  '1.2.840.113549.1.1.2': 'md2WithRSAEncryption',
};
const ECDSA_WITH: Record<string, Digest | string> = {
  '1.2.840.10045.4.1': 'SHA-1',
  [OID.ecdsaWithSHA256]: 'SHA-256',
  [OID.ecdsaWithSHA384]: 'SHA-384',
  [OID.ecdsaWithSHA512]: 'SHA-512',
  '1.2.840.10045.4.3.1': 'ecdsa-with-SHA224',
};
/** BSI plain-ECDSA (r‖s) OIDs, 0.4.0.127.0.7.1.1.4.1.n. */
const PLAIN_ECDSA: Record<string, Digest | string> = {
  '0.4.0.127.0.7.1.1.4.1.1': 'SHA-1',
  '0.4.0.127.0.7.1.1.4.1.2': 'ecdsa-plain-SHA224',
  '0.4.0.127.0.7.1.1.4.1.3': 'SHA-256',
  '0.4.0.127.0.7.1.1.4.1.4': 'SHA-384',
  '0.4.0.127.0.7.1.1.4.1.5': 'SHA-512',
};
const OTHER_SIGNATURES: Record<string, string> = {
  '1.3.101.113': 'Ed448',
  '1.2.840.10040.4.3': 'DSA with SHA-1',
  '2.16.840.1.101.3.4.3.2': 'DSA with SHA-256',
  '1.2.643.7.1.1.3.2': 'GOST R 34.10-2012',
};

/** The WebCrypto digest of a digest OID, or the unsupported algorithm's name. */
export function resolveDigest(oid: string): { digest: Digest } | { unsupported: string } | { notDigest: string } {
  const d = DIGESTS[oid];
  if (d) return { digest: d };
  const u = UNSUPPORTED_DIGESTS[oid];
  if (u) return { unsupported: u };
  // RFC 5652 §5.3: digestAlgorithm names a message digest; a signature OID there is malformed.
  if (RSA_WITH[oid] || ECDSA_WITH[oid] || oid === OID.rsaEncryption || oid === OID.rsassaPss) return { notDigest: oid };
  return { unsupported: `digest ${oid}` };
}

function isDigest(s: string | undefined): s is Digest {
  return s === 'SHA-1' || s === 'SHA-256' || s === 'SHA-384' || s === 'SHA-512';
}

/** Resolves a signature AlgorithmIdentifier (DER) together with the SignerInfo digest. */
export function resolveSignatureAlgorithm(algDer: Uint8Array, digest: Digest | undefined): SignatureAlgorithm {
  try {
    const parts = children(parseDer(algDer));
    const oid = readOid(parts[0]!);
    const withDigest = (kind: 'rsa-pkcs1' | 'ecdsa', name: string | undefined, raw = false): SignatureAlgorithm => {
      if (!isDigest(name)) return { kind: 'unsupported', name: name ?? oid };
      return kind === 'ecdsa' ? { kind, hash: name, raw } : { kind, hash: name };
    };
    if (oid === OID.rsaEncryption) return digest ? { kind: 'rsa-pkcs1', hash: digest } : { kind: 'unsupported', name: 'RSA with an unsupported digest' };
    if (RSA_WITH[oid]) return withDigest('rsa-pkcs1', RSA_WITH[oid]);
    if (oid === OID.rsassaPss) return pssParams(parts[1]);
    if (ECDSA_WITH[oid]) return withDigest('ecdsa', ECDSA_WITH[oid]);
    if (oid === OID.ecPublicKey) return digest ? { kind: 'ecdsa', hash: digest, raw: false } : { kind: 'unsupported', name: 'ECDSA with an unsupported digest' };
    if (PLAIN_ECDSA[oid]) return withDigest('ecdsa', PLAIN_ECDSA[oid], true);
    if (oid === OID.ed25519) return { kind: 'ed25519' };
    return { kind: 'unsupported', name: OTHER_SIGNATURES[oid] ?? `signature algorithm ${oid}` };
  } catch (e) {
    if (e instanceof DiagnosticError) return { kind: 'unsupported', name: 'an unreadable signature algorithm' };
    throw e;
  }
}

/** RSASSA-PSS-params (RFC 4055 §3.1); WebCrypto needs MGF1 over the same hash. */
function pssParams(params: ReturnType<typeof readNode> | undefined): SignatureAlgorithm {
  let hash: string | undefined = 'SHA-1';
  let mgfHash: string | undefined = 'SHA-1';
  let saltLength = 20;
  if (params && params.tag === 0x30) {
    for (const p of children(params)) {
      const inner = children(p)[0]!;
      if (p.tag === 0xa0) hash = DIGESTS[readOid(children(inner)[0]!)];
      else if (p.tag === 0xa1) {
        const mgf = children(inner);
        mgfHash = mgf[1] ? DIGESTS[readOid(children(mgf[1])[0]!)] : undefined;
        if (readOid(mgf[0]!) !== OID.mgf1) mgfHash = undefined;
      } else if (p.tag === 0xa2) saltLength = readSmallInt(inner);
    }
  }
  if (!isDigest(hash) || hash !== mgfHash) return { kind: 'unsupported', name: 'RSASSA-PSS with a mask generation other than MGF1 over the message hash' };
  return { kind: 'rsa-pss', hash, saltLength };
}

/** A short label of a resolved algorithm, for reports. */
export function algorithmLabel(a: SignatureAlgorithm): string {
  if (a.kind === 'unsupported') return a.name;
  if (a.kind === 'ed25519') return 'Ed25519';
  if (a.kind === 'rsa-pkcs1') return `RSA PKCS#1 v1.5 with ${a.hash}`;
  if (a.kind === 'rsa-pss') return `RSASSA-PSS with ${a.hash}`;
  return `ECDSA${a.raw ? ' (plain r||s)' : ''} with ${a.hash}`;
}

/** Result of a signature check: a verdict, or a reason it could not be evaluated. */
export type CheckOutcome = { readonly verified: boolean } | { readonly unsupported: string };

const CURVES: Record<string, 'P-256' | 'P-384' | 'P-521'> = { [OID.prime256v1]: 'P-256', [OID.secp384r1]: 'P-384', [OID.secp521r1]: 'P-521' };

/** Verifies `signature` over `data` with the public key of `cert`. */
export async function verifyWithCertificate(subtle: SubtleCrypto, cert: CertificateInfo, alg: SignatureAlgorithm, data: Uint8Array, signature: Uint8Array): Promise<CheckOutcome> {
  if (alg.kind === 'unsupported') return { unsupported: alg.name };
  try {
    if (alg.kind === 'ed25519') {
      if (cert.keyKind !== 'ed25519') return { verified: false };
      const key = await importKey(subtle, cert.spkiDer, { name: 'Ed25519' });
      if (!key) return { unsupported: 'Ed25519 (this WebCrypto lacks it)' };
      return { verified: await subtle.verify({ name: 'Ed25519' }, key, bufferSource(signature), bufferSource(data)) };
    }
    if (alg.kind === 'ecdsa') return await verifyEcdsa(subtle, cert, alg, data, signature);
    if (cert.keyKind !== 'rsa') return { verified: false };
    const name = alg.kind === 'rsa-pss' ? 'RSA-PSS' : 'RSASSA-PKCS1-v1_5';
    const key = await importKey(subtle, rsaSpki(cert.spkiDer), { name, hash: alg.hash });
    if (!key) return { unsupported: `${name} key import` };
    const params = alg.kind === 'rsa-pss' ? { name, saltLength: alg.saltLength } : { name };
    return { verified: await subtle.verify(params, key, bufferSource(signature), bufferSource(data)) };
  } catch (e) {
    if (e instanceof DiagnosticError) return { verified: false };
    // A malformed signature value (wrong length, bad encoding) is a failed verification.
    if (e instanceof Error && /signature|length|data/i.test(e.message)) return { verified: false };
    throw e;
  }
}

async function verifyEcdsa(subtle: SubtleCrypto, cert: CertificateInfo, alg: { hash: Digest; raw: boolean }, data: Uint8Array, signature: Uint8Array): Promise<CheckOutcome> {
  if (cert.keyKind !== 'ec') return { verified: false };
  const curve = CURVES[cert.curve ?? ''];
  if (!curve) return { unsupported: `ECDSA on curve ${cert.curve || '(unnamed)'}` };
  const key = await importKey(subtle, cert.spkiDer, { name: 'ECDSA', namedCurve: curve });
  if (!key) return { unsupported: `ECDSA ${curve} key import` };
  const n = curveBytes(curve);
  let raw: Uint8Array;
  if (!alg.raw && signature[0] === 0x30) raw = ecdsaDerToRaw(signature, n);
  else if (signature.length === 2 * n) raw = signature;
  else return { verified: false };
  return { verified: await subtle.verify({ name: 'ECDSA', hash: alg.hash }, key, bufferSource(raw), bufferSource(data)) };
}

/** Imported keys per WebCrypto instance and SPKI bytes: chains verify the same issuer key many times. */
const keyCache = new WeakMap<SubtleCrypto, WeakMap<Uint8Array, Map<string, Promise<CryptoKey | undefined>>>>();

async function importKey(subtle: SubtleCrypto, spki: Uint8Array, params: RsaHashedImportParams | EcKeyImportParams | Algorithm): Promise<CryptoKey | undefined> {
  let perSubtle = keyCache.get(subtle);
  if (!perSubtle) keyCache.set(subtle, (perSubtle = new WeakMap()));
  let perKey = perSubtle.get(spki);
  if (!perKey) perSubtle.set(spki, (perKey = new Map()));
  const id = JSON.stringify(params);
  let p = perKey.get(id);
  if (!p) {
    p = subtle.importKey('spki', bufferSource(spki), params, false, ['verify']).then(
      (k) => k,
      () => undefined,
    );
    perKey.set(id, p);
  }
  return p;
}

const rsaSpkiCache = new WeakMap<Uint8Array, Uint8Array>();

/** WebCrypto imports RSA keys only under rsaEncryption; re-wrap an id-RSASSA-PSS key (RFC 4055 §1.2). */
function rsaSpki(spki: Uint8Array): Uint8Array {
  const hit = rsaSpkiCache.get(spki);
  if (hit) return hit;
  let out = spki;
  const [alg, key] = children(parseDer(spki));
  if (readOid(children(alg!)[0]!) === OID.rsassaPss) out = seq(algorithmId(OID.rsaEncryption, null), bitString(content(key!).subarray(1)));
  rsaSpkiCache.set(spki, out);
  return out;
}

/** Computes a digest, or reports that WebCrypto lacks it. */
export async function digestBytes(subtle: SubtleCrypto, digest: Digest, data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await subtle.digest(digest, bufferSource(data)));
}

const linkCache = new WeakMap<CertificateInfo, Map<CertificateInfo, Promise<boolean>>>();

/** True when `issuer`'s key verifies `child`'s signature (cached per pair: chains check the same links often). */
export function verifyIssuedBy(subtle: SubtleCrypto, child: CertificateInfo, issuer: CertificateInfo): Promise<boolean> {
  let m = linkCache.get(child);
  if (!m) linkCache.set(child, (m = new Map()));
  let p = m.get(issuer);
  if (!p) {
    const alg = resolveSignatureAlgorithm(certificateSignatureAlgorithm(child), undefined);
    p = verifyWithCertificate(subtle, issuer, alg, child.tbsDer, child.signatureValue).then((o) => 'verified' in o && o.verified);
    m.set(issuer, p);
  }
  return p;
}

/** The DER of a certificate's outer signatureAlgorithm (with PSS parameters). */
function certificateSignatureAlgorithm(c: CertificateInfo): Uint8Array {
  return encoding(children(parseDer(c.der))[1]!);
}
