/**
 * The one way a signer is made from a signing key (plain data, identity-data.ts): the CLI checks a
 * key with it before any work, the worker signs with it, the server describes its service key with it.
 */
import { fail } from '../core';
import type { EngineHost, Result } from '../core';
import type { CmsSigner, SignerOptions } from '../cms';
import { signerFromPem, signerFromPkcs12 } from '../cms';
import type { SigningIdentity } from './identity-data';

export { devSigningIdentity, type SigningIdentity } from './identity-data';

/** Makes the signer of a signing identity with the host's WebCrypto (an unreadable key or a wrong password fails here). */
export async function signerFromIdentity(id: SigningIdentity, options: SignerOptions, host: EngineHost): Promise<Result<CmsSigner>> {
  const subtle = host.crypto?.subtle;
  if (!subtle) return fail({ severity: 'error', code: 'sign/no-crypto', message: 'The host gives no WebCrypto implementation.' });
  return id.kind === 'pem' ? signerFromPem(id.pem, id.password, subtle, options) : signerFromPkcs12(id.data, id.password, subtle, options);
}
