/**
 * PAdES B-LT / B-LTA with revocation data fetched while signing (ETSI EN 319 142-1 §6.3 B-LT): an
 * OCSP response for the signer (from a local `openssl ocsp` responder) and a CRL for the
 * intermediate CA (served by node:http) go into the DSS and the signature's VRI entry, and
 * verifyPdf then reports B-LT with revocation from the DSS — offline. Disallowed or failing fetches
 * only warn. Also through `colophon sign --online`, which uses Node's global fetch.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHash, webcrypto } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CertificateInfo, CmsSigner, RevocationFetch } from '../../engine/cms';
import { decodePem, ocspStatus, parseCertificate, signerFromPem } from '../../engine/cms';
import type { EngineHost } from '../../engine/core';
import { decodeStreamData, isArray, isStream, openPdf } from '../../engine/pdf';
import type { PdfDocument, PdfObject } from '../../engine/pdf';
import { signPdf } from '../../engine/sign';
import { verifyPdf } from '../../engine/verify';
import { runSign } from '../../cli/commands/sign';
import { makePdf, tempDir, writeTemp } from './helpers/make-pdf';
import { makeTestPki, startLocalTsa } from './helpers/pki';
import type { LocalTsa } from './helpers/pki';
import { startRevocationPki } from './helpers/revocation-pki';
import type { RevocationPki } from './helpers/revocation-pki';
import { qpdfCheck, storedSignatures } from './helpers/verify';

/** The real clock: the test PKI and the OCSP answers are made now. */
const host: EngineHost = { crypto: webcrypto as unknown as Crypto, now: () => new Date(), randomBytes: (n) => webcrypto.getRandomValues(new Uint8Array(n)) };
const online: RevocationFetch = (url, init) => fetch(url, init);
let pki: RevocationPki;
let tsa: LocalTsa;
let signer: CmsSigner;
let leaf: CertificateInfo;
let intermediate: CertificateInfo;

beforeAll(async () => {
  pki = await startRevocationPki();
  tsa = await startLocalTsa(makeTestPki());
  const s = await signerFromPem(pki.signerPem, undefined, webcrypto.subtle as unknown as SubtleCrypto);
  if (!s.ok) throw new Error(JSON.stringify(s.errors));
  signer = s.value;
  leaf = parseCertificate(decodePem(pki.leafPem)[0]!.der);
  intermediate = parseCertificate(decodePem(pki.intermediatePem)[0]!.der);
});
afterAll(async () => {
  await pki.close();
  await tsa.close();
});
beforeEach(() => {
  pki.mode = 'normal';
  pki.requests.length = 0;
});

function streams(doc: PdfDocument, o: PdfObject | undefined): Uint8Array[] {
  const list = doc.resolve(o);
  if (!isArray(list)) return [];
  return list.items.map((item) => {
    const s = doc.resolve(item);
    if (!isStream(s)) throw new Error('not a stream');
    return decodeStreamData(s);
  });
}

/** The DSS lists and the VRI entry of the first signature. */
function dssOf(pdf: Uint8Array): { ocsps: Uint8Array[]; crls: Uint8Array[]; vri: { ocsps: Uint8Array[]; crls: Uint8Array[] } | undefined } {
  const opened = openPdf(pdf);
  if (!opened.ok) throw new Error('open');
  const doc = opened.value;
  const dss = doc.resolveDict(doc.catalog()!.entries.get('DSS'))!;
  const key = createHash('sha1').update(storedSignatures(pdf)[0]!.contents).digest('hex').toUpperCase();
  const vri = doc.resolveDict(doc.resolveDict(dss.entries.get('VRI'))?.entries.get(key));
  return {
    ocsps: streams(doc, dss.entries.get('OCSPs')),
    crls: streams(doc, dss.entries.get('CRLs')),
    vri: vri ? { ocsps: streams(doc, vri.entries.get('OCSP')), crls: streams(doc, vri.entries.get('CRL')) } : undefined,
  };
}

async function verifiedOffline(pdf: Uint8Array) {
  const r = await verifyPdf(pdf, { trustAnchors: [pki.rootPem, makeTestPki().caCertPem], revocation: 'hard-fail' }, host);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

describe('signing with revocation data fetched online', () => {
  it('B-LT: the DSS and the VRI hold the fetched OCSP response and CRL, and verifyPdf reports B-LT from them', async () => {
    const r = await signPdf(await makePdf(), { signer, level: 'B-LT', timestamp: { url: tsa.url, fetch }, validation: { fetch: online, allowOnline: true } }, host);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.warnings).toEqual([]);
    expect(pki.requests).toEqual(['POST /ocsp', 'GET /int.crl']);
    const dss = dssOf(r.value);
    expect(dss.ocsps).toHaveLength(1);
    expect(await ocspStatus(webcrypto.subtle as unknown as SubtleCrypto, dss.ocsps[0]!, leaf, intermediate, new Date())).toMatchObject({ status: 'good' });
    expect(dss.crls).toEqual([pki.intermediateCrl]);
    expect(dss.vri).toEqual({ ocsps: dss.ocsps, crls: dss.crls });
    expect(qpdfCheck(writeTemp(tempDir(), 'blt-online.pdf', r.value)).ok).toBe(true);
    const report = await verifiedOffline(r.value);
    const s = report.signatures[0]!;
    expect(s).toMatchObject({ indication: 'TOTAL_PASSED', pades: { level: 'B-LT' }, chain: { status: 'trusted' } });
    expect(s.chain.revocation).toEqual([
      expect.objectContaining({ subject: expect.stringContaining('Online Signer'), status: 'good', source: 'vri' }),
      expect.objectContaining({ subject: expect.stringContaining('Revocation Intermediate'), status: 'good', source: 'vri' }),
    ]);
  });

  it('B-LTA: the document time-stamp covers the DSS with the fetched data', async () => {
    const r = await signPdf(await makePdf(), { signer, level: 'B-LTA', timestamp: { url: tsa.url, fetch }, validation: { fetch: online, allowOnline: true } }, host);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(dssOf(r.value).ocsps).toHaveLength(1);
    const report = await verifiedOffline(r.value);
    expect(report.signatures.map((s) => s.pades.level)).toEqual(['B-LTA', null]);
    expect(report.signatures[0]!.chain.revocation.map((x) => x.status)).toEqual(['good', 'good']);
  });

  it('only warns when fetching is not allowed: nothing is requested', async () => {
    const r = await signPdf(await makePdf(), { signer, level: 'B-LT', timestamp: { url: tsa.url, fetch }, validation: { fetch: online } }, host);
    expect(r.ok).toBe(true);
    expect(r.warnings.map((w) => w.code)).toEqual(['cms/revocation-offline', 'sign/no-revocation-data']);
    expect(pki.requests).toEqual([]);
  });

  it('only warns when the services fail; the signature is still made, with what could be fetched', async () => {
    pki.mode = 'all-down';
    const r = await signPdf(await makePdf(), { signer, level: 'B-LT', timestamp: { url: tsa.url, fetch }, validation: { fetch: online, allowOnline: true, timeoutMs: 2000 } }, host);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.warnings.map((w) => w.code)).toEqual(['cms/revocation-unavailable', 'cms/revocation-unavailable', 'sign/no-revocation-data']);
    const report = await verifiedOffline(r.value);
    expect(report.signatures[0]).toMatchObject({ indication: 'INDETERMINATE', subIndication: 'TRY_LATER' });
  });

  it('colophon sign --level B-LT --online fetches with Node\'s fetch', async () => {
    const dir = tempDir();
    const input = writeTemp(dir, 'in.pdf', await makePdf());
    const out = join(dir, 'out.pdf');
    const io = { stdout: () => {}, err: '', stderr(t: string) { this.err += t; }, isTTY: false };
    expect(await runSign([input, '-o', out, '--pem', pki.signerPemPath, '--level', 'B-LT', '--tsa', tsa.url, '--online'], io)).toBe(0);
    expect(io.err).toBe('');
    expect(pki.requests).toEqual(['POST /ocsp', 'GET /int.crl']);
    const report = await verifiedOffline(new Uint8Array(readFileSync(out)));
    expect(report.signatures[0]).toMatchObject({ indication: 'TOTAL_PASSED', pades: { level: 'B-LT' } });
    expect(await runSign([input, '-o', out, '--pem', pki.signerPemPath, '--online'], io)).toBe(2);
    expect(io.err).toContain('--online fetches revocation data for --level B-LT or B-LTA only');
  });
});
