/**
 * A signing key as plain data, the form that crosses a worker boundary, and the one way a signer is
 * made from it: the CLI checks a key with it before any work, the worker signs with it, the server
 * describes its service key with it.
 */
import { fail } from '../core';
import type { EngineHost, Result } from '../core';
import type { CmsSigner, SignerOptions } from '../cms';
import { signerFromPem, signerFromPkcs12 } from '../cms';
import type { DevIdentity } from './dev-identity';

/** The key a job signs with: PEM text (certificates and private key) or PKCS#12 bytes. */
export type SigningIdentity =
  | { readonly kind: 'pem'; readonly pem: string; readonly password?: string }
  | { readonly kind: 'pkcs12'; readonly data: Uint8Array; readonly password: string };

/** Turns a development identity into a PEM signing identity: the signer's certificate, the CA's, then the key. */
export function devSigningIdentity(id: DevIdentity): SigningIdentity {
  // The order the CLI, server and playground have always sent: signerFromPem signs with the first non-CA certificate and chains the others to it.
  return { kind: 'pem', pem: id.signerCertificatePem + id.caCertificatePem + id.signerKeyPem };
}

/** Makes the signer of a signing identity with the host's WebCrypto (an unreadable key or a wrong password fails here). */
export async function signerFromIdentity(id: SigningIdentity, options: SignerOptions, host: EngineHost): Promise<Result<CmsSigner>> {
  const subtle = host.crypto?.subtle;
  if (!subtle) return fail({ severity: 'error', code: 'sign/no-crypto', message: 'The host gives no WebCrypto implementation.' });
  return id.kind === 'pem' ? signerFromPem(id.pem, id.password, subtle, options) : signerFromPkcs12(id.data, id.password, subtle, options);
}
