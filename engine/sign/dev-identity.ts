/**
 * The development identity: a self-signed CA and a signer certificate issued by it, generated on
 * first use through the host's WebCrypto. The engine only generates and serialises it (PEM); keeping
 * it in a data directory is the Node side's job (node/dev-identity.ts). Never for production trust.
 */
import { fail, hostNow, ok, toHex } from '../core';
import type { EngineHost, Result } from '../core';
import type { CertificateInfo, CmsSigner, SignerOptions } from '../cms';
import { bufferSource, encodePem, issueCertificate, parseCertificate, decodePem } from '../cms';
import { devSigningIdentity, signerFromIdentity } from './signing-identity';

/** A development identity as PEM texts. */
export interface DevIdentity {
  readonly caCertificatePem: string;
  readonly signerCertificatePem: string;
  /** Unencrypted PKCS#8 private key of the signer. */
  readonly signerKeyPem: string;
}

/** Options for generating the identity. */
export interface DevIdentityOptions {
  readonly commonName?: string;
  readonly organization?: string;
  readonly validYears?: number;
}

const RSA_PARAMS: RsaHashedKeyGenParams = { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' };

/** Generates a CA and a signer certificate (RSA-2048, SHA-256). */
export async function createDevIdentity(options: DevIdentityOptions, host: EngineHost): Promise<Result<DevIdentity>> {
  const subtle = host.crypto?.subtle;
  if (!subtle) return fail({ severity: 'error', code: 'sign/no-crypto', message: 'The host gives no WebCrypto implementation.' });
  const now = hostNow(host);
  const notAfter = new Date(now.getTime());
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + (options.validYears ?? 10));
  const org = options.organization ?? 'Colophon development';
  const ca = (await subtle.generateKey(RSA_PARAMS, true, ['sign', 'verify'])) as CryptoKeyPair;
  const signer = (await subtle.generateKey(RSA_PARAMS, true, ['sign', 'verify'])) as CryptoKeyPair;
  const serial = async (label: string): Promise<Uint8Array> =>
    host.randomBytes ? host.randomBytes(16) : new Uint8Array(await subtle.digest('SHA-256', bufferSource(new TextEncoder().encode(`${label}|${now.toISOString()}`)))).slice(0, 16);
  const caCert = await issueCertificate(
    { subject: [['O', org], ['CN', `${org} CA`]], publicKey: ca.publicKey, signingKey: ca.privateKey, serial: await serial('ca'), notBefore: now, notAfter, isCA: true },
    subtle,
  );
  const signerCert = await issueCertificate(
    { subject: [['O', org], ['CN', options.commonName ?? 'Colophon development signer']], issuer: caCert, publicKey: signer.publicKey, signingKey: ca.privateKey, serial: await serial('signer'), notBefore: now, notAfter, isCA: false },
    subtle,
  );
  const pkcs8 = new Uint8Array(await subtle.exportKey('pkcs8', signer.privateKey));
  return ok({ caCertificatePem: encodePem('CERTIFICATE', caCert.der), signerCertificatePem: encodePem('CERTIFICATE', signerCert.der), signerKeyPem: encodePem('PRIVATE KEY', pkcs8) });
}

/** Makes a signer from a development identity. */
export function signerFromDevIdentity(id: DevIdentity, host: EngineHost, options: SignerOptions = {}): Promise<Result<CmsSigner>> {
  return signerFromIdentity(devSigningIdentity(id), options, host);
}

/** The public facts of a signing certificate, as `GET /v1/verify/key` publishes them. */
export interface SigningKeyDescription {
  readonly version: number;
  readonly algorithm: string;
  readonly publicKey: string;
  /** SHA-256 of the certificate DER, upper-case hex pairs joined by colons. */
  readonly fingerprint: string;
  readonly validFrom: string;
  readonly validTo: string;
  readonly issuer: string;
  readonly subject: string;
  readonly certificate: string;
}

/** Describes a certificate (PEM text or parsed) for publication. */
export async function describeSigningCertificate(cert: CertificateInfo | string, subtle: SubtleCrypto): Promise<SigningKeyDescription> {
  const info = typeof cert === 'string' ? parseCertificate(decodePem(cert).find((b) => b.label === 'CERTIFICATE')!.der) : cert;
  const fp = toHex(new Uint8Array(await subtle.digest('SHA-256', bufferSource(info.der)))).toUpperCase();
  const algorithm = info.keyKind === 'rsa' ? `RSA-${info.rsaBits} SHA-256` : info.keyKind === 'ec' ? 'ECDSA' : info.keyKind;
  return {
    version: 3,
    algorithm,
    publicKey: encodePem('PUBLIC KEY', info.spkiDer),
    fingerprint: fp.match(/../g)!.join(':'),
    validFrom: info.notBefore.toISOString(),
    validTo: info.notAfter.toISOString(),
    issuer: info.issuer,
    subject: info.subject,
    certificate: encodePem('CERTIFICATE', info.der),
  };
}
