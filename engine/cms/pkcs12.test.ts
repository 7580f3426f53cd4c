import { describe, expect, it } from 'vitest';
import { webcrypto } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { makeTestPki } from '../../tests/sign/helpers/pki';
import { readPkcs12 } from './pkcs12';
import { signerFromPem, signerFromPkcs12 } from './signer';
import { encodePem } from './pem';

const subtle = webcrypto.subtle as unknown as SubtleCrypto;

function makeP12(args: string[], name: string): Uint8Array {
  const pki = makeTestPki();
  const out = join(pki.dir, name);
  const r = spawnSync('openssl', ['pkcs12', '-export', ...args, '-inkey', pki.rsa.keyPath, '-in', pki.rsa.certPath, '-certfile', pki.caCertPath, '-passout', 'pass:pässword', '-out', out], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return new Uint8Array(readFileSync(out));
}

describe('readPkcs12', () => {
  const variants: Array<[string, string[]]> = [
    ['OpenSSL 3 default (PBES2, AES-256, SHA-256 MAC)', []],
    ['legacy: RC2-40 certificates, 3DES key, SHA-1 MAC', ['-legacy']],
    ['legacy: RC2-128 certificates, RC2-40 key', ['-legacy', '-certpbe', 'PBE-SHA1-RC2-128', '-keypbe', 'PBE-SHA1-RC2-40']],
    ['legacy: two-key 3DES', ['-legacy', '-certpbe', 'PBE-SHA1-2DES', '-keypbe', 'PBE-SHA1-2DES']],
    ['PBES2 with AES-128 and SHA-1 MAC', ['-certpbe', 'AES-128-CBC', '-keypbe', 'AES-128-CBC', '-macalg', 'sha1']],
  ];
  for (const [label, args] of variants) {
    it(`loads ${label} files made by openssl pkcs12`, async () => {
      const p12 = makeP12(args, `v${variants.findIndex((v) => v[0] === label)}.p12`);
      const r = await readPkcs12(p12, 'pässword', subtle);
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.value.certificate.commonName).toBe('RSA Signer');
      expect(r.value.chain.map((c) => c.commonName)).toEqual(['Colophon Test Root']);
      // The key is the one openssl was given: our PKCS#8 equals openssl's own PKCS#8 export.
      const pkcs8 = spawnSync('openssl', ['pkcs8', '-topk8', '-nocrypt', '-in', makeTestPki().rsa.keyPath, '-outform', 'DER'], { encoding: 'buffer' }).stdout;
      expect(Buffer.from(r.value.privateKey).equals(pkcs8)).toBe(true);
    });
  }

  it('reports a wrong password with cms/pkcs12-bad-password', async () => {
    const r = await readPkcs12(makeP12(['-legacy'], 'badpw.p12'), 'nope', subtle);
    expect(r).toMatchObject({ ok: false, errors: [{ code: 'cms/pkcs12-bad-password' }] });
  });

  it('gives diagnostics, never exceptions, for truncated or garbled files', async () => {
    const p12 = makeP12(['-legacy'], 'trunc.p12');
    for (const cut of [0, 1, 10, 100, p12.length - 30, p12.length - 1]) {
      const r = await readPkcs12(p12.subarray(0, cut), 'pässword', subtle);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors[0]!.code).toMatch(/^cms\//);
    }
    const flipped = p12.slice();
    flipped[Math.floor(p12.length / 2)]! ^= 0xff;
    const r = await readPkcs12(flipped, 'pässword', subtle);
    expect(r.ok).toBe(false);
  });

  it('builds a signer from PEM with an encrypted PKCS#8 key', async () => {
    const pki = makeTestPki();
    const enc = spawnSync('openssl', ['pkcs8', '-topk8', '-in', pki.p256.keyPath, '-passout', 'pass:pw', '-v2', 'aes-256-cbc'], { encoding: 'utf8' }).stdout;
    const r = await signerFromPem(pki.p256.certPem + enc, 'pw', subtle);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.scheme).toBe('ecdsa');
    const bad = await signerFromPem(pki.p256.certPem + enc, 'wrong', subtle);
    expect(bad.ok).toBe(false);
    const noKey = await signerFromPem(pki.p256.certPem, undefined, subtle);
    expect(noKey).toMatchObject({ ok: false, errors: [{ code: 'cms/pem-no-key' }] });
    expect(encodePem('X', new Uint8Array([1, 2, 3]))).toBe('-----BEGIN X-----\nAQID\n-----END X-----\n');
  });
});

const PKI = '/work/shared/corpus/pki';
const corpus: Array<[string, string, string]> = [
  ['pyhanko/signer1.pfx', '', 'Alice'],
  ['pyhanko/selfsigned.pfx', 'exportsecret', 'Lord Testerino'],
  ['node-signpdf/certificate.p12', '', 'signpdf'],
  ['node-signpdf/withpass.p12', 'node-signpdf', 'SignPdf'],
  ['pdfbox/keystore.p12', '123456', 'Example User'],
  ['dss/good-user.p12', 'ks-password', 'good-user'],
  ['dss/good-ecdsa-user.p12', 'ks-password', 'good-ecdsa-user'],
  ['dss/user_a_rsa.p12', 'password', 'SignerFake'],
  ['poi/chaintest.pfx', 'test', 'cg026221.muc.allianz'],
  ['pdf-attacker/demo-rsa2048.p12', 'demo-rsa2048', 'Firstname Lastname'],
];

if (existsSync(PKI)) {
  describe('shared corpus PKCS#12 files (legacy RC2/3DES)', () => {
    for (const [file, pw, cn] of corpus) {
      it(`loads ${file} and makes a signer`, async () => {
        const r = await signerFromPkcs12(new Uint8Array(readFileSync(join(PKI, file))), pw, subtle);
        expect(r.ok).toBe(true);
        if (r.ok) expect(r.value.certificate.commonName).toBe(cn);
      });
    }
  });
} else {
  console.warn(`[sign tests] ${PKI} is absent: the shared-corpus PKCS#12 tests were not run.`);
}
