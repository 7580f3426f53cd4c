/**
 * PAdES B-T, B-LT and B-LTA (ETSI EN 319 142-1 §6.3–6.5): time-stamp tokens verified with
 * openssl ts -verify, DSS structure as ISO 32000-2 §12.8.4.3 lays it out, document time-stamps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webcrypto, createHash } from 'node:crypto';
import { join } from 'node:path';
import { OID, parseSignedData, readTstInfo, signerFromPem } from '../../engine/cms';
import type { CmsSigner } from '../../engine/cms';
import { decodeStreamData, isArray, isDict, isStream, openPdf } from '../../engine/pdf';
import type { PdfDocument } from '../../engine/pdf';
import { signPdf } from '../../engine/sign';
import type { EngineHost } from '../../engine/core';
import { makePdf, run, tempDir, writeTemp } from './helpers/make-pdf';
import { makeTestCrl, makeTestOcsp, makeTestPki, startLocalTsa } from './helpers/pki';
import type { LocalTsa } from './helpers/pki';
import { opensslCmsVerify, pdfsig, qpdfCheck, storedSignatures } from './helpers/verify';

const host: EngineHost = {
  crypto: webcrypto as unknown as Crypto,
  now: () => new Date(Date.UTC(2025, 5, 1, 12, 0, 0)),
  randomBytes: (n) => webcrypto.getRandomValues(new Uint8Array(n)),
};
let tsa: LocalTsa;
let signer: CmsSigner;

beforeAll(async () => {
  tsa = await startLocalTsa(makeTestPki());
  const s = await signerFromPem(makeTestPki().rsa.pem, undefined, webcrypto.subtle as unknown as SubtleCrypto);
  if (!s.ok) throw new Error('signer');
  signer = s.value;
});
afterAll(async () => tsa.close());

function tsVerify(token: Uint8Array, name: string, extra: string[]): { ok: boolean; out: string } {
  const pki = makeTestPki();
  const path = writeTemp(pki.dir, `${name}.tst`, token);
  const r = run('openssl', ['ts', '-verify', '-in', path, '-token_in', ...extra, '-CAfile', pki.caCertPath, '-untrusted', join(pki.dir, 'tsa.crt')]);
  return { ok: r.out.includes('Verification: OK'), out: r.out };
}

function streamBytes(doc: PdfDocument, o: unknown): Uint8Array {
  const s = doc.resolve(o as never);
  if (!isStream(s)) throw new Error('not a stream');
  return decodeStreamData(s);
}

describe('PAdES levels', () => {
  it('B-T: the signature carries a signature-time-stamp over its value that openssl ts -verify accepts', async () => {
    const r = await signPdf(await makePdf(), { signer, level: 'B-T', timestamp: { url: tsa.url, fetch } }, host);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const dir = tempDir();
    expect(pdfsig(writeTemp(dir, 'bt.pdf', r.value))[0]).toMatchObject({ valid: true, total: true });
    const sig = storedSignatures(r.value)[0]!;
    expect(opensslCmsVerify(dir, 'bt', sig, makeTestPki().caCertPath).ok).toBe(true);
    const si = parseSignedData(sig.cms).signerInfos[0]!;
    const token = si.unsignedAttributes.find((a) => a.type === OID.signatureTimeStampToken)!.values[0]!;
    const digest = createHash('sha256').update(si.signature).digest('hex');
    const v = tsVerify(token, 'bt', ['-digest', digest]);
    expect(v.ok, v.out).toBe(true);
  });

  it('B-LT: a DSS with certificates, OCSP responses, CRLs and a VRI entry keyed by the SHA-1 of /Contents', async () => {
    const pki = makeTestPki();
    const crl = makeTestCrl(pki);
    const ocsp = makeTestOcsp(pki);
    const r = await signPdf(await makePdf({ objectStreams: true }), { signer, level: 'B-LT', timestamp: { url: tsa.url, fetch }, validation: { ocsps: [ocsp], crls: [crl] } }, host);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.warnings.map((w) => w.code)).not.toContain('sign/no-revocation-data');
    const dir = tempDir();
    const path = writeTemp(dir, 'blt.pdf', r.value);
    expect(qpdfCheck(path).ok).toBe(true);
    const verdicts = pdfsig(path);
    expect(verdicts[0]!.valid).toBe(true);
    const doc = openPdf(r.value);
    if (!doc.ok) throw new Error('open');
    const dss = doc.value.resolveDict(doc.value.catalog()!.entries.get('DSS'))!;
    const certs = doc.value.resolve(dss.entries.get('Certs'));
    const ocsps = doc.value.resolve(dss.entries.get('OCSPs'));
    const crls = doc.value.resolve(dss.entries.get('CRLs'));
    if (!isArray(certs) || !isArray(ocsps) || !isArray(crls)) throw new Error('DSS arrays missing');
    // Signer, root and the TSA certificate from the token.
    const certDers = certs.items.map((c) => Buffer.from(streamBytes(doc.value, c)));
    expect(certDers.some((d) => d.equals(Buffer.from(signer.certificate.der)))).toBe(true);
    expect(certDers.length).toBeGreaterThanOrEqual(3);
    expect(Buffer.from(streamBytes(doc.value, ocsps.items[0])).equals(Buffer.from(ocsp))).toBe(true);
    expect(Buffer.from(streamBytes(doc.value, crls.items[0])).equals(Buffer.from(crl))).toBe(true);
    const sig = storedSignatures(r.value)[0]!;
    const key = createHash('sha1').update(sig.contents).digest('hex').toUpperCase();
    const vri = doc.value.resolveDict(dss.entries.get('VRI'))!;
    expect(isDict(vri.entries.get(key))).toBe(true);
    // openssl accepts the embedded OCSP response and CRL.
    expect(run('openssl', ['ocsp', '-respin', writeTemp(dir, 'o.der', ocsp), '-CAfile', pki.caCertPath, '-noverify', '-resp_text']).out).toContain('Cert Status: good');
  });

  it('B-LT without revocation data warns sign/no-revocation-data', async () => {
    const r = await signPdf(await makePdf(), { signer, level: 'B-LT', timestamp: { url: tsa.url, fetch } }, host);
    expect(r.ok).toBe(true);
    expect(r.warnings.map((w) => w.code)).toContain('sign/no-revocation-data');
  });

  it('B-LTA: a document time-stamp (ETSI.RFC3161) over everything, including the DSS', async () => {
    const pki = makeTestPki();
    const r = await signPdf(await makePdf(), { signer, level: 'B-LTA', timestamp: { url: tsa.url, fetch }, validation: { crls: [makeTestCrl(pki)] } }, host);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const dir = tempDir();
    const path = writeTemp(dir, 'blta.pdf', r.value);
    expect(qpdfCheck(path).ok).toBe(true);
    const sigs = storedSignatures(r.value);
    expect(sigs.map((s) => s.subFilter)).toEqual(['ETSI.CAdES.detached', 'ETSI.RFC3161']);
    const docTs = sigs[1]!;
    // The document time-stamp covers the whole file but its own /Contents, DSS included.
    expect(docTs.byteRange[2]! + docTs.byteRange[3]!).toBe(r.value.length);
    const doc = openPdf(r.value);
    if (!doc.ok) throw new Error('open');
    const dssOffset = Buffer.from(r.value).indexOf('/Type /DSS');
    expect(dssOffset).toBeGreaterThan(0);
    expect(dssOffset).toBeLessThan(docTs.byteRange[1]!);
    const v = tsVerify(docTs.cms, 'lta', ['-data', writeTemp(dir, 'lta.data', docTs.signed)]);
    expect(v.ok, v.out).toBe(true);
    expect(readTstInfo(docTs.cms).imprint).toEqual(new Uint8Array(createHash('sha256').update(docTs.signed).digest()));
    const verdicts = pdfsig(path);
    expect(verdicts[0]!.valid).toBe(true);
  });

  it('refuses B-T without a TSA', async () => {
    const r = await signPdf(await makePdf(), { signer, level: 'B-T' }, host);
    expect(r).toMatchObject({ ok: false, errors: [{ code: 'sign/tsa-required' }] });
  });
});
