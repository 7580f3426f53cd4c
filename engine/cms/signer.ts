/**
 * Signers: anything that turns the DER of signed attributes into a CMS signature value. A signer
 * can wrap a WebCrypto CryptoKey (browser or server), a key loaded from PKCS#12 or PEM, or a remote
 * service reached through a callback, so the private key never has to enter the engine.
 */
import { DiagnosticError, abort, fail, ok } from '../core';
import type { Result } from '../core';
import type { CertificateInfo } from './certificate';
import { buildChain, parseCertificate } from './certificate';
import type { DigestName, SignatureScheme } from './algorithms';
import { curveName, ecdsaRawToDer, importParams, maxEcdsaDerLength, signParams } from './algorithms';
import { children, parseDer, readOctets } from './der-read';
import { decodePem, pkcs1ToPkcs8, sec1ToPkcs8 } from './pem';
import { decryptPbe, encodePassword } from './pbe';
import { readPkcs12 } from './pkcs12';
import { bufferSource } from './buffer-source';

/** Produces CMS signature values for one certificate. */
export interface CmsSigner {
  /** The signing certificate. */
  readonly certificate: CertificateInfo;
  /** Issuer certificates to embed, nearest first (the "full chain" of PAdES B-B). */
  readonly chain: readonly CertificateInfo[];
  readonly scheme: SignatureScheme;
  readonly digest: DigestName;
  /** Upper bound of a signature value's length in bytes, for sizing placeholders. */
  readonly maxSignatureBytes: number;
  /** Signs `data` (the DER of the signed attributes); returns the value as CMS carries it (DER for ECDSA). */
  sign(data: Uint8Array): Promise<Uint8Array>;
}

/** Choices for how a key signs. */
export interface SignerOptions {
  /** Digest algorithm; SHA-256 by default (SHA-384 for P-384 keys). */
  readonly digest?: DigestName;
  /** RSA padding: PKCS#1 v1.5 (default) or PSS. Ignored for EC keys. */
  readonly rsaPadding?: 'pkcs1' | 'pss';
}

function schemeFor(cert: CertificateInfo, options: SignerOptions): { scheme: SignatureScheme; digest: DigestName; maxBytes: number } {
  if (cert.keyKind === 'rsa') {
    return { scheme: options.rsaPadding === 'pss' ? 'rsa-pss' : 'rsa-pkcs1', digest: options.digest ?? 'SHA-256', maxBytes: Math.ceil((cert.rsaBits ?? 4096) / 8) };
  }
  if (cert.keyKind === 'ec') {
    const curve = curveName(cert.curve);
    return { scheme: 'ecdsa', digest: options.digest ?? (curve === 'P-256' ? 'SHA-256' : curve === 'P-384' ? 'SHA-384' : 'SHA-512'), maxBytes: maxEcdsaDerLength(curve) };
  }
  return abort('cms/unsupported-key', `Signing with ${cert.keyKind} keys is not supported.`, { hint: 'Use an RSA, P-256 or P-384 key.' });
}

/** Wraps a WebCrypto private key and its certificate chain as a signer. */
export function signerFromCryptoKey(key: CryptoKey, certificate: CertificateInfo, chain: readonly CertificateInfo[], subtle: SubtleCrypto, options: SignerOptions = {}): CmsSigner {
  const { scheme, digest, maxBytes } = schemeFor(certificate, options);
  return {
    certificate,
    chain,
    scheme,
    digest,
    maxSignatureBytes: maxBytes,
    async sign(data) {
      const raw = new Uint8Array(await subtle.sign(signParams(scheme, digest), key, bufferSource(data)));
      return scheme === 'ecdsa' ? ecdsaRawToDer(raw) : raw;
    },
  };
}

/** A remote signer callback: receives the digest of the signed attributes, returns the signature value. */
export interface DigestSignerCallback {
  readonly certificate: Uint8Array;
  readonly chain?: readonly Uint8Array[];
  readonly digest?: DigestName;
  readonly rsaPadding?: 'pkcs1' | 'pss';
  /** Signs a precomputed digest (e.g. an HSM or cloud KMS "sign digest" call). ECDSA results may be raw r‖s or DER. */
  signDigest(digest: Uint8Array, algorithm: { scheme: SignatureScheme; digest: DigestName }): Promise<Uint8Array>;
}

/** Builds a signer that hashes locally and delegates the private-key operation to a callback. */
export function signerFromCallback(cb: DigestSignerCallback, subtle: SubtleCrypto): CmsSigner {
  const certificate = parseCertificate(cb.certificate);
  const chain = (cb.chain ?? []).map(parseCertificate);
  const { scheme, digest, maxBytes } = schemeFor(certificate, cb);
  return {
    certificate,
    chain,
    scheme,
    digest,
    maxSignatureBytes: maxBytes,
    async sign(data) {
      const h = new Uint8Array(await subtle.digest(digest, bufferSource(data)));
      const sig = await cb.signDigest(h, { scheme, digest });
      return scheme === 'ecdsa' && sig[0] !== 0x30 ? ecdsaRawToDer(sig) : sig;
    },
  };
}

/** Imports a PKCS#8 private key for signing with the scheme its certificate implies. */
export async function importSigningKey(pkcs8: Uint8Array, certificate: CertificateInfo, subtle: SubtleCrypto, options: SignerOptions = {}): Promise<CryptoKey> {
  const { scheme, digest } = schemeFor(certificate, options);
  try {
    return await subtle.importKey('pkcs8', bufferSource(pkcs8), importParams(scheme, digest, certificate.curve), false, ['sign']);
  } catch (e) {
    return abort('cms/bad-key', `The private key could not be imported: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Loads a signer from a PKCS#12 file (legacy RC2/3DES and modern AES files). */
export async function signerFromPkcs12(bytes: Uint8Array, password: string, subtle: SubtleCrypto, options: SignerOptions = {}): Promise<Result<CmsSigner>> {
  const p12 = await readPkcs12(bytes, password, subtle);
  if (!p12.ok) return p12;
  try {
    const key = await importSigningKey(p12.value.privateKey, p12.value.certificate, subtle, options);
    return ok(signerFromCryptoKey(key, p12.value.certificate, p12.value.chain, subtle, options));
  } catch (e) {
    if (e instanceof DiagnosticError) return fail(e.diagnostic);
    throw e;
  }
}

/** Loads a signer from PEM text holding certificates and a private key (PKCS#8, encrypted PKCS#8, PKCS#1 or SEC1). */
export async function signerFromPem(pem: string, password: string | undefined, subtle: SubtleCrypto, options: SignerOptions = {}): Promise<Result<CmsSigner>> {
  try {
    const blocks = decodePem(pem);
    const certs = blocks.filter((b) => b.label === 'CERTIFICATE').map((b) => parseCertificate(b.der));
    if (certs.length === 0) abort('cms/pem-no-certificate', 'The PEM input holds no CERTIFICATE block.');
    const pkcs8 = await pemPrivateKey(blocks, password, subtle);
    const leaf = certs.find((c) => !c.isCA) ?? certs[0]!;
    const chain = buildChain(leaf, certs).slice(1);
    const key = await importSigningKey(pkcs8, leaf, subtle, options);
    return ok(signerFromCryptoKey(key, leaf, chain, subtle, options));
  } catch (e) {
    if (e instanceof DiagnosticError) return fail(e.diagnostic);
    throw e;
  }
}

async function pemPrivateKey(blocks: ReturnType<typeof decodePem>, password: string | undefined, subtle: SubtleCrypto): Promise<Uint8Array> {
  for (const b of blocks) {
    if (b.headers['Proc-Type']?.includes('ENCRYPTED')) {
      abort('cms/unsupported-pem-encryption', 'Legacy OpenSSL-encrypted PEM keys (Proc-Type: ENCRYPTED) are not supported.', {
        hint: 'Convert with: openssl pkcs8 -topk8 -in key.pem -out key8.pem',
      });
    }
    if (b.label === 'PRIVATE KEY') return b.der;
    if (b.label === 'RSA PRIVATE KEY') return pkcs1ToPkcs8(b.der);
    if (b.label === 'EC PRIVATE KEY') return sec1ToPkcs8(b.der);
    if (b.label === 'ENCRYPTED PRIVATE KEY') {
      if (password === undefined) abort('cms/password-required', 'The private key is encrypted; a password is needed.');
      const [alg, data] = children(parseDer(b.der));
      return decryptPbe(alg!, readOctets(data!), encodePassword(password), subtle);
    }
  }
  return abort('cms/pem-no-key', 'The PEM input holds no private key.');
}
