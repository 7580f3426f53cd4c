/**
 * Round trips: PDFs signed by engine/sign (RSA PKCS#1 and PSS, ECDSA P-256 / P-384, B-T, B-LT,
 * B-LTA) and by `openssl cms` (BER indefinite lengths, adbe.pkcs7.sha1, Ed25519, a curve WebCrypto
 * lacks) must verify with the expected facts, and trust must come only from the given anchor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, webcrypto } from 'node:crypto';
import { signPdf } from '../../engine/sign';
import { verifyPdf } from '../../engine/verify';
import type { VerificationReport } from '../../engine/verify';
import { makePdf } from '../sign/helpers/make-pdf';
import type { LocalTsa, TestPki } from '../sign/helpers/pki';
import { makeTestCrl, makeTestOcsp, makeTestPki, startLocalTsa } from '../sign/helpers/pki';
import { host, opensslIdentity, signWithCms, signWithOpenssl, signerOf, toIndefinite } from './helpers';
import { readFileSync } from 'node:fs';
import { OID, algorithmId, buildSignedAttributes, buildSignedData, decodePem, implicit, integer, octetString, parseCertificate, seq, setOf, tlv } from '../../engine/cms';

let pki: TestPki;
let tsa: LocalTsa;
beforeAll(async () => {
  pki = makeTestPki();
  tsa = await startLocalTsa(pki);
});
afterAll(async () => tsa?.close());

async function verified(bytes: Uint8Array, anchors: string[] = [pki.caCertPem]): Promise<VerificationReport> {
  const r = await verifyPdf(bytes, { trustAnchors: anchors }, host);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

const timestamp = (): { url: string; fetch: typeof fetch } => ({ url: tsa.url, fetch: (u: string | URL | Request, i?: RequestInit) => fetch(u, i) });

describe('signatures made by the signing stage', () => {
  it.each([
    ['RSA PKCS#1 v1.5', 'rsa', 'pkcs1', 'RSA PKCS#1 v1.5 with SHA-256'],
    ['RSASSA-PSS', 'rsa', 'pss', 'RSASSA-PSS with SHA-256'],
    ['ECDSA P-256', 'p256', 'pkcs1', 'ECDSA with SHA-256'],
    ['ECDSA P-384', 'p384', 'pkcs1', 'ECDSA with SHA-384'],
  ] as const)('%s: intact, valid, trusted under the test root, PAdES B-B', async (_, id, padding, algorithm) => {
    const signed = await signPdf(await makePdf(), { signer: await signerOf(pki[id], padding) }, host);
    if (!signed.ok) throw new Error(JSON.stringify(signed.errors));
    const r = await verified(signed.value);
    expect(r).toMatchObject({ valid: true, document: { verdict: 'valid' } });
    const s = r.signatures[0]!;
    expect(s).toMatchObject({ indication: 'TOTAL_PASSED', facets: { intact: true, valid: true, trusted: true, coverage: 'entire-file', modification: 'none' }, pades: { level: 'B-B' } });
    expect(s.cms.signatureAlgorithm).toBe(algorithm);
    expect(s.cms.signingCertificateAttribute).toBe('v2');
    expect(s.chain.anchor).toContain('Colophon Test Root');
  });

  it('is untrusted without anchors and with an unrelated anchor, but still valid', async () => {
    const signed = await signPdf(await makePdf(), { signer: await signerOf(pki.rsa), subFilter: 'adbe.pkcs7.detached' }, host);
    if (!signed.ok) throw new Error('sign');
    for (const anchors of [[], [opensslIdentity('Other Root', ['-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256']).certPem]]) {
      const r = await verified(signed.value, anchors);
      expect(r.valid).toBe(true);
      expect(r.signatures[0]).toMatchObject({ indication: 'INDETERMINATE', subIndication: 'NO_CERTIFICATE_CHAIN_FOUND', facets: { trusted: false }, pades: { level: null } });
    }
  });

  it('B-T: verifies the signature time-stamp and validates the chain at its time', async () => {
    const signed = await signPdf(await makePdf(), { signer: await signerOf(pki.rsa), level: 'B-T', timestamp: timestamp() }, host);
    if (!signed.ok) throw new Error(JSON.stringify(signed.errors));
    const s = (await verified(signed.value)).signatures[0]!;
    expect(s.timestamp).toMatchObject({ imprintMatches: true, signatureVerifies: true, trusted: true });
    expect(s).toMatchObject({ indication: 'TOTAL_PASSED', pades: { level: 'B-T' }, chain: { timeSource: 'timestamp' } });
  });

  it('B-LT and B-LTA: revocation from the DSS (OCSP, CRL) and the document time-stamp over it', async () => {
    const validation = { crls: [makeTestCrl(pki)], ocsps: [makeTestOcsp(pki)] };
    const lt = await signPdf(await makePdf(), { signer: await signerOf(pki.rsa), level: 'B-LT', timestamp: timestamp(), validation }, host);
    if (!lt.ok) throw new Error(JSON.stringify(lt.errors));
    const a = (await verified(lt.value)).signatures[0]!;
    expect(a).toMatchObject({ indication: 'TOTAL_PASSED', pades: { level: 'B-LT', missing: ['B-LTA: no document time-stamp over the DSS'] }, facets: { modification: 'dss' } });
    expect(a.chain.revocation).toEqual([expect.objectContaining({ status: 'good', source: expect.stringMatching(/^(vri|dss)$/) })]);
    const lta = await signPdf(await makePdf(), { signer: await signerOf(pki.rsa), level: 'B-LTA', timestamp: timestamp(), validation }, host);
    if (!lta.ok) throw new Error(JSON.stringify(lta.errors));
    const r = await verified(lta.value);
    expect(r.document.verdict).toBe('valid-with-permitted-changes');
    expect(r.signatures.map((s) => [s.kind, s.indication, s.pades.level])).toEqual([
      ['approval', 'TOTAL_PASSED', 'B-LTA'],
      ['document-timestamp', 'TOTAL_PASSED', null],
    ]);
  });
});

describe('CMS shapes from other signers (openssl cms)', () => {
  it('accepts BER indefinite-length encoding', async () => {
    const signed = await signWithOpenssl(await makePdf(), pki.rsa.keyPath, pki.rsa.certPath, { transform: (der) => toIndefinite(der) });
    const s = (await verified(signed)).signatures[0]!;
    expect(s.cms.berIndefinite).toBe(true);
    expect(s).toMatchObject({ indication: 'TOTAL_PASSED', facets: { intact: true, valid: true } });
  });

  it('reads streamed BER (constructed OCTET STRING content) and still refuses it under *.detached', async () => {
    const signed = await signWithOpenssl(await makePdf(), pki.rsa.keyPath, pki.rsa.certPath, { stream: true });
    const s = (await verified(signed)).signatures[0]!;
    expect(s).toMatchObject({ indication: 'TOTAL_FAILED', facets: { intact: true }, cms: { berIndefinite: true, signatureVerifies: true } });
    expect(s.reason).toMatch(/encapsulates content/);
  });

  it('handles adbe.pkcs7.sha1: the SHA-1 of the ranges is the encapsulated content', async () => {
    const sha1 = (d: Uint8Array): Uint8Array => new Uint8Array(createHash('sha1').update(d).digest());
    const signed = await signWithOpenssl(await makePdf(), pki.rsa.keyPath, pki.rsa.certPath, { attach: sha1, subFilterPatch: ['/adbe.pkcs7.detached', '/adbe.pkcs7.sha1    '] });
    const s = (await verified(signed)).signatures[0]!;
    expect(s.subFilter).toBe('adbe.pkcs7.sha1');
    expect(s).toMatchObject({ indication: 'TOTAL_PASSED', facets: { intact: true, valid: true } });
  });

  it('rejects encapsulated content under a *.detached sub-filter', async () => {
    const signed = await signWithOpenssl(await makePdf(), pki.rsa.keyPath, pki.rsa.certPath, { attach: (d) => d });
    const r = await verified(signed);
    expect(r.valid).toBe(false);
    expect(r.signatures[0]!.reason).toMatch(/encapsulates content/);
  });

  it('verifies Ed25519 (RFC 8419) through WebCrypto', async () => {
    // OpenSSL 3.0 cannot write Ed25519 CMS, so the SignerInfo is assembled here and signed with WebCrypto.
    const ed = opensslIdentity('Ed25519 Signer', ['-algorithm', 'ED25519']);
    const cert = parseCertificate(decodePem(ed.certPem)[0]!.der);
    const key = await webcrypto.subtle.importKey('pkcs8', decodePem(readFileSync(ed.keyPath, 'utf8'))[0]!.der, { name: 'Ed25519' }, false, ['sign']);
    const signed = await signWithCms(await makePdf(), async (data) => {
      const digest = new Uint8Array(await webcrypto.subtle.digest('SHA-512', data));
      const attrs = await buildSignedAttributes({ messageDigest: digest, certificate: cert }, webcrypto.subtle as unknown as SubtleCrypto);
      const sig = new Uint8Array(await webcrypto.subtle.sign({ name: 'Ed25519' }, key, setOf(...attrs)));
      const si = seq(integer(1), seq(cert.issuerDer, tlv(0x02, cert.serial)), algorithmId(OID.sha512), implicit(0, setOf(...attrs)), algorithmId(OID.ed25519), octetString(sig));
      return buildSignedData({ digests: ['SHA-512'], certificates: [cert], signerInfos: [si] });
    });
    const r = await verified(signed, [ed.certPem]);
    expect(r.signatures[0]).toMatchObject({ indication: 'TOTAL_PASSED', cms: { signatureAlgorithm: 'Ed25519', digestAlgorithm: 'SHA-512' } });
  });

  it('says "unsupported" for an algorithm WebCrypto lacks instead of a wrong verdict', async () => {
    const bp = opensslIdentity('Brainpool Signer', ['-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:brainpoolP256r1']);
    const r = await verified(await signWithOpenssl(await makePdf(), bp.keyPath, bp.certPath), [bp.certPem]);
    expect(r.valid).toBe(false);
    expect(r.document.verdict).toBe('indeterminate');
    expect(r.signatures[0]).toMatchObject({ indication: 'INDETERMINATE', subIndication: 'CRYPTO_CONSTRAINTS_FAILURE', facets: { intact: true, valid: null } });
    expect(r.signatures[0]!.reason).toMatch(/not supported/);
  });
});

describe('stage contract', () => {
  it('returns "could not evaluate" without WebCrypto', async () => {
    const r = await verifyPdf(await makePdf(), {}, {});
    expect(r).toMatchObject({ ok: false, errors: [{ code: 'verify/no-crypto' }] });
  });

  it('reports progress and honours cancellation', async () => {
    const signed = await signPdf(await makePdf(), { signer: await signerOf(pki.rsa) }, host);
    if (!signed.ok) throw new Error('sign');
    const events: number[] = [];
    const r = await verifyPdf(signed.value, {}, { ...host, onProgress: (e) => events.push(e.done) });
    expect(r.ok).toBe(true);
    expect(events).toEqual([1, 2]);
    const controller = new AbortController();
    controller.abort();
    expect(await verifyPdf(signed.value, {}, { ...host, signal: controller.signal })).toMatchObject({ ok: false, errors: [{ code: 'core/cancelled' }] });
  });

  it('says "unsigned" (not valid, with a reason) for a PDF without signatures', async () => {
    const r = await verifyPdf(await makePdf(), {}, host);
    expect(r.ok && r.value).toMatchObject({ valid: false, reason: 'The document has no signatures.', document: { verdict: 'unsigned' }, signatures: [] });
    expect(webcrypto.subtle).toBeDefined();
  });
});
