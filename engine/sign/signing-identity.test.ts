import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { webcrypto } from 'node:crypto';
import { makeTestPki } from '../../tests/sign/helpers/pki';
import { signerFromIdentity } from './signing-identity';

const host = { crypto: webcrypto as unknown as Crypto };

describe('signing identities', () => {
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
