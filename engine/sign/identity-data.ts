/**
 * The signing key as plain data, with no code dependencies, so a page can build one without pulling
 * the CMS and image code into its first chunk (the playground imports this file directly).
 */
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
