import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webcrypto, createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestPki, startLocalTsa } from '../../tests/sign/helpers/pki';
import type { LocalTsa } from '../../tests/sign/helpers/pki';
import { run, writeTemp } from '../../tests/sign/helpers/make-pdf';
import { createDetachedCms, estimateDetachedCmsSize } from './detached';
import { signerFromPem, signerFromPkcs12 } from './signer';
import type { CmsSigner } from './signer';
import { parseSignedData } from './signed-data-read';
import { compareDer } from './der';
import { readTstInfo } from './timestamp';
import { OID } from './oids';

const subtle = webcrypto.subtle as unknown as SubtleCrypto;
const ctx = { subtle };
const content = new TextEncoder().encode('The content that a PDF ByteRange would cover.\n');
const digest = new Uint8Array(createHash('sha256').update(content).digest());

async function pemSigner(name: 'rsa' | 'p256' | 'p384', rsaPadding?: 'pss'): Promise<CmsSigner> {
  const pki = makeTestPki();
  const r = await signerFromPem(pki[name].pem, undefined, subtle, rsaPadding ? { rsaPadding } : {});
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

function opensslVerify(cms: Uint8Array, data: Uint8Array, name: string): { status: number; out: string } {
  const pki = makeTestPki();
  const cmsPath = writeTemp(pki.dir, `${name}.p7s`, cms);
  const dataPath = writeTemp(pki.dir, `${name}.bin`, data);
  return run('openssl', ['cms', '-verify', '-binary', '-inform', 'DER', '-in', cmsPath, '-content', dataPath, '-CAfile', pki.caCertPath, '-purpose', 'any', '-out', '/dev/null']);
}

describe('createDetachedCms', () => {
  const cases: Array<[string, 'rsa' | 'p256' | 'p384', 'pss' | undefined, string]> = [
    ['RSA PKCS#1 v1.5', 'rsa', undefined, OID.sha256WithRSA],
    ['RSA-PSS', 'rsa', 'pss', OID.rsassaPss],
    ['ECDSA P-256', 'p256', undefined, OID.ecdsaWithSHA256],
    ['ECDSA P-384', 'p384', undefined, OID.ecdsaWithSHA384],
  ];
  for (const [label, key, pss, sigOid] of cases) {
    it(`makes a PAdES (CAdES) signature with ${label} that openssl cms -verify accepts`, async () => {
      const signer = await pemSigner(key, pss);
      const d = new Uint8Array(createHash(signer.digest.replace('-', '').toLowerCase()).update(content).digest());
      const r = await createDetachedCms(d, signer, { profile: 'cades' }, ctx);
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      const v = opensslVerify(r.value, content, `cades-${key}-${pss ?? ''}`);
      expect(v.out).toContain('Verification successful');
      const sd = parseSignedData(r.value);
      const si = sd.signerInfos[0]!;
      expect(Buffer.from(si.signatureAlgorithm).includes(Buffer.from(oidBytes(sigOid)))).toBe(true);
      // PAdES B-B: content-type, message-digest, signing-certificate-v2, and no signing-time.
      expect(si.signedAttributes.map((a) => a.type).sort()).toEqual([OID.contentType, OID.messageDigest, OID.signingCertificateV2].sort());
      // DER: signed attributes sorted by encoding.
      const encs = rawAttributes(si.signedAttributesDer!);
      for (let i = 1; i < encs.length; i++) expect(compareDer(encs[i - 1]!, encs[i]!)).toBeLessThan(0);
      // Full chain: signer and root.
      expect(sd.certificates.length).toBe(2);
      expect(r.value.length).toBeLessThanOrEqual(await estimateDetachedCmsSize(signer, { profile: 'cades' }, ctx));
    });
  }

  it('makes an adbe.pkcs7.detached signature with a signing-time attribute', async () => {
    const signer = await pemSigner('rsa');
    const r = await createDetachedCms(digest, signer, { profile: 'pkcs7', signingTime: new Date(Date.UTC(2025, 4, 6, 7, 8, 9)) }, ctx);
    if (!r.ok) throw new Error('failed');
    expect(opensslVerify(r.value, content, 'pkcs7').out).toContain('Verification successful');
    expect(parseSignedData(r.value).signerInfos[0]!.signedAttributes.map((a) => a.type)).toContain(OID.signingTime);
  });

  it('is deterministic for a deterministic key (RSA PKCS#1)', async () => {
    const signer = await pemSigner('rsa');
    const a = await createDetachedCms(digest, signer, {}, ctx);
    const b = await createDetachedCms(digest, signer, {}, ctx);
    expect(a.ok && b.ok && Buffer.from(a.value).equals(Buffer.from(b.value))).toBe(true);
  });

  it('fails with a diagnostic when the signer throws', async () => {
    const signer = await pemSigner('rsa');
    const broken: CmsSigner = { ...signer, sign: () => Promise.reject(new Error('HSM offline')) };
    const r = await createDetachedCms(digest, broken, {}, ctx);
    expect(r).toMatchObject({ ok: false, errors: [{ code: 'cms/signing-failed' }] });
  });

  it('signs with a key loaded from the openssl-made PKCS#12', async () => {
    const pki = makeTestPki();
    const s = await signerFromPkcs12(new Uint8Array(readFileSync(pki.rsa.p12Path)), 'secret', subtle);
    if (!s.ok) throw new Error('p12');
    const r = await createDetachedCms(digest, s.value, {}, ctx);
    if (!r.ok) throw new Error('cms');
    expect(opensslVerify(r.value, content, 'p12').out).toContain('Verification successful');
  });
});

describe('createDetachedCms with a time-stamp (B-T)', () => {
  let tsa: LocalTsa;
  beforeAll(async () => {
    tsa = await startLocalTsa(makeTestPki());
  });
  afterAll(async () => {
    await tsa.close();
  });

  it('embeds an RFC 3161 token over the signature value that openssl ts -verify accepts', async () => {
    const pki = makeTestPki();
    const signer = await pemSigner('rsa');
    const r = await createDetachedCms(digest, signer, { timestamp: { url: tsa.url, fetch } }, { subtle, randomBytes: (n) => new Uint8Array(webcrypto.getRandomValues(new Uint8Array(n))) });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(opensslVerify(r.value, content, 'bt').out).toContain('Verification successful');
    const si = parseSignedData(r.value).signerInfos[0]!;
    const token = si.unsignedAttributes.find((a) => a.type === OID.signatureTimeStampToken)!.values[0]!;
    const info = readTstInfo(token);
    expect(Buffer.from(info.imprint).equals(createHash('sha256').update(si.signature).digest())).toBe(true);
    const tokenPath = writeTemp(pki.dir, 'token.der', token);
    const v = run('openssl', ['ts', '-verify', '-in', tokenPath, '-token_in', '-digest', Buffer.from(info.imprint).toString('hex'), '-CAfile', pki.caCertPath, '-untrusted', join(pki.dir, 'tsa.crt')]);
    expect(v.out).toContain('Verification: OK');
  });

  it('reports an unreachable TSA as a diagnostic', async () => {
    const signer = await pemSigner('rsa');
    const r = await createDetachedCms(digest, signer, { timestamp: { url: 'http://127.0.0.1:9/none', fetch } }, ctx);
    expect(r).toMatchObject({ ok: false, errors: [{ code: 'cms/tsa-unreachable' }] });
  });
});

function oidBytes(dotted: string): Uint8Array {
  const parts = dotted.split('.').map(Number);
  const out = [parts[0]! * 40 + parts[1]!];
  for (const p of parts.slice(2)) {
    const g: number[] = [];
    let v = p;
    do {
      g.unshift(v & 0x7f);
      v = Math.floor(v / 128);
    } while (v > 0);
    for (let i = 0; i < g.length - 1; i++) g[i]! |= 0x80;
    out.push(...g);
  }
  return Uint8Array.from(out);
}

function rawAttributes(set: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  let p = set[1]! & 0x80 ? 2 + (set[1]! & 0x7f) : 2;
  while (p < set.length) {
    let len = set[p + 1]!;
    let hdr = 2;
    if (len & 0x80) {
      const n = len & 0x7f;
      len = 0;
      for (let i = 0; i < n; i++) len = len * 256 + set[p + 2 + i]!;
      hdr = 2 + n;
    }
    out.push(set.subarray(p, p + hdr + len));
    p += hdr + len;
  }
  return out;
}
