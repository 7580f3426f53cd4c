import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { webcrypto } from 'node:crypto';
import { makeTestPki } from '../../tests/sign/helpers/pki';
import { createDevIdentity, signerFromDevIdentity } from './dev-identity';
import { devSigningIdentity, signerFromIdentity } from './signing-identity';

const host = { crypto: webcrypto as unknown as Crypto };

describe('signing identities', () => {
  it('reads the development identity as the signer certificate chained to its CA', async () => {
    const dev = await createDevIdentity({ commonName: 'Identity test' }, host);
    if (!dev.ok) throw new Error('dev identity');
    const id = devSigningIdentity(dev.value);
    expect(id.kind).toBe('pem');
    const signer = await signerFromIdentity(id, {}, host);
    if (!signer.ok) throw new Error(signer.errors[0]!.message);
    expect(signer.value.certificate.commonName).toBe('Identity test');
    expect(signer.value.chain.map((c) => c.isCA)).toEqual([true]);
    const viaDev = await signerFromDevIdentity(dev.value, host);
    expect(viaDev.ok && viaDev.value.certificate.der).toEqual(signer.value.certificate.der);
  });

  it('reads PKCS#12 bytes with their password and refuses a wrong one', async () => {
    const rsa = makeTestPki().rsa;
    const data = new Uint8Array(readFileSync(rsa.p12Path));
    const signer = await signerFromIdentity({ kind: 'pkcs12', data, password: rsa.p12Password }, { rsaPadding: 'pss' }, host);
    expect(signer.ok && signer.value.certificate.commonName).toBe('RSA Signer');
    expect(signer.ok && signer.value.scheme).toBe('rsa-pss');
    const wrong = await signerFromIdentity({ kind: 'pkcs12', data, password: 'not it' }, {}, host);
    expect(wrong.ok).toBe(false);
  });

  it('fails with sign/no-crypto on a host without WebCrypto', async () => {
    const r = await signerFromIdentity({ kind: 'pem', pem: makeTestPki().rsa.pem }, {}, {});
    expect(!r.ok && r.errors[0]!.code).toBe('sign/no-crypto');
  });
});
