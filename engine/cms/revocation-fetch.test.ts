import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webcrypto } from 'node:crypto';
import { startRevocationPki } from '../../tests/sign/helpers/revocation-pki';
import type { RevocationPki } from '../../tests/sign/helpers/revocation-pki';
import type { CertificateInfo } from './certificate';
import { parseCertificate } from './certificate';
import { decodePem } from './pem';
import type { RevocationFetch } from './revocation-fetch';
import { crlUrls, fetchRevocationData, ocspUrls } from './revocation-fetch';
import { crlStatus, ocspStatus } from './revocation-status';

const subtle = webcrypto.subtle as unknown as SubtleCrypto;
let pki: RevocationPki;
let leaf: CertificateInfo;
let intermediate: CertificateInfo;
let root: CertificateInfo;
let chain: CertificateInfo[];

const cert = (pem: string): CertificateInfo => parseCertificate(decodePem(pem)[0]!.der);
const now = (): Date => new Date();

beforeAll(async () => {
  pki = await startRevocationPki();
  leaf = cert(pki.leafPem);
  intermediate = cert(pki.intermediatePem);
  root = cert(pki.rootPem);
  chain = [leaf, intermediate, root];
});
afterAll(async () => pki.close());
beforeEach(() => {
  pki.mode = 'normal';
  pki.requests.length = 0;
});

/** Node's fetch, optionally with the answer for one URL replaced. */
function nodeFetch(replace?: { url: string; body: Uint8Array }): RevocationFetch {
  return async (url, init) => {
    if (replace && url === replace.url) return { ok: true, status: 200, arrayBuffer: async () => replace.body.slice().buffer };
    return fetch(url, init);
  };
}

describe('revocation URLs', () => {
  it('reads the OCSP responder from authorityInfoAccess and CRLs from cRLDistributionPoints', () => {
    expect(ocspUrls(leaf)).toEqual([pki.ocspUrl]);
    expect(crlUrls(leaf)).toEqual([pki.leafCrlUrl]);
    expect(ocspUrls(intermediate)).toEqual([]);
    expect(crlUrls(intermediate)).toEqual([pki.intermediateCrlUrl]);
    expect([ocspUrls(root), crlUrls(root)]).toEqual([[], []]);
  });
});

describe('fetchRevocationData', () => {
  it('fetches an OCSP response for the signer and a CRL for the intermediate, skipping the self-signed root', async () => {
    const r = await fetchRevocationData(chain, { fetch: nodeFetch(), allowOnline: true, at: now() }, subtle);
    expect(r.warnings).toEqual([]);
    expect(pki.requests).toEqual(['POST /ocsp', 'GET /int.crl']);
    expect(r.ocsps).toHaveLength(1);
    expect(await ocspStatus(subtle, r.ocsps[0]!, leaf, intermediate, now())).toMatchObject({ status: 'good', nextUpdate: expect.any(Date) });
    expect(r.crls).toEqual([pki.intermediateCrl]);
    expect(await crlStatus(subtle, r.crls[0]!, intermediate, root, now())).toMatchObject({ status: 'good' });
  });

  it('fetches nothing unless allowed, and says so', async () => {
    const off = await fetchRevocationData(chain, { fetch: nodeFetch(), at: now() }, subtle);
    expect(off).toMatchObject({ ocsps: [], crls: [], warnings: [{ severity: 'warning', code: 'cms/revocation-offline' }] });
    const noFetch = await fetchRevocationData(chain, { allowOnline: true, at: now() }, subtle);
    expect(noFetch.warnings.map((w) => w.code)).toEqual(['cms/revocation-no-fetch']);
    expect(pki.requests).toEqual([]);
  });

  it('falls back to the CRL when the OCSP responder fails', async () => {
    pki.mode = 'ocsp-down';
    const r = await fetchRevocationData(chain, { fetch: nodeFetch(), allowOnline: true, at: now() }, subtle);
    expect(pki.requests).toEqual(['POST /ocsp', 'GET /leaf.crl', 'GET /int.crl']);
    expect(r.ocsps).toEqual([]);
    expect(r.crls).toHaveLength(2);
    expect(await crlStatus(subtle, r.crls[0]!, leaf, intermediate, now())).toMatchObject({ status: 'good' });
    expect(r.warnings).toEqual([]);
  });

  it('turns unreachable services into warnings with the reasons, never an exception', async () => {
    pki.mode = 'all-down';
    const r = await fetchRevocationData(chain, { fetch: nodeFetch(), allowOnline: true, at: now() }, subtle);
    expect(r.ocsps.length + r.crls.length).toBe(0);
    expect(r.warnings.map((w) => w.code)).toEqual(['cms/revocation-unavailable', 'cms/revocation-unavailable']);
    expect(r.warnings[0]!.message).toContain(`${pki.ocspUrl} answered HTTP 503`);
    expect(r.warnings[0]!.message).toContain(`${pki.leafCrlUrl} answered HTTP 503`);
    const thrower: RevocationFetch = async () => {
      throw new TypeError('connection refused');
    };
    const down = await fetchRevocationData(chain, { fetch: thrower, allowOnline: true, at: now() }, subtle);
    expect(down.warnings[1]!.message).toContain('could not be reached (connection refused)');
  });

  it('rejects answers that are malformed, signed by someone else, or about another certificate', async () => {
    pki.mode = 'ocsp-garbage';
    // The leaf's CRL URL serves the root's CRL: a good CRL, but not from the leaf's issuer.
    const r = await fetchRevocationData(chain, { fetch: nodeFetch({ url: pki.leafCrlUrl, body: pki.intermediateCrl }), allowOnline: true, at: now() }, subtle);
    expect(r.ocsps).toEqual([]);
    expect(r.crls).toEqual([pki.intermediateCrl]); // the intermediate's own, correct CRL
    expect(r.warnings.map((w) => w.code)).toEqual(['cms/revocation-unavailable']);
    expect(r.warnings[0]!.message).toMatch(/ocsp: the answer does not name this certificate, is not signed by its issuer, or is malformed/);
    pki.mode = 'ocsp-foreign';
    const foreign = await fetchRevocationData([leaf, intermediate], { fetch: nodeFetch({ url: pki.leafCrlUrl, body: new Uint8Array() }), allowOnline: true, at: now() }, subtle);
    expect(foreign.ocsps).toEqual([]);
    expect(foreign.warnings[0]!.message).toContain(pki.ocspUrl);
  });

  it('rejects answers that are not current at the signing time', async () => {
    const later = new Date(Date.now() + 30 * 86_400_000);
    const stale = await fetchRevocationData(chain, { fetch: nodeFetch(), allowOnline: true, at: later }, subtle);
    expect(stale.ocsps.length + stale.crls.length).toBe(0);
    expect(stale.warnings[0]!.message).toMatch(/the answer expired at/);
    const earlier = new Date(Date.now() - 86_400_000);
    const early = await fetchRevocationData(chain, { fetch: nodeFetch(), allowOnline: true, at: earlier }, subtle);
    expect(early.warnings[0]!.message).toMatch(/the answer was produced at .*, after/);
  });

  it('stops waiting after the timeout and refuses oversized answers', async () => {
    pki.mode = 'hang';
    const r = await fetchRevocationData([leaf, intermediate], { fetch: nodeFetch(), allowOnline: true, at: now(), timeoutMs: 150 }, subtle);
    expect(r.warnings[0]!.message).toContain(`${pki.ocspUrl} did not answer within 150 ms`);
    pki.mode = 'normal';
    const big = await fetchRevocationData([intermediate, root], { fetch: nodeFetch(), allowOnline: true, at: now(), maxBytes: 16 }, subtle);
    expect(big.warnings[0]!.message).toMatch(/more than (the )?16/);
  });

  it('warns about a certificate without its issuer and about a revoked certificate, embedding the proof', async () => {
    const missing = await fetchRevocationData([leaf], { fetch: nodeFetch(), allowOnline: true, at: now() }, subtle);
    expect(missing.warnings.map((w) => w.code)).toEqual(['cms/revocation-no-issuer']);
    pki.revokeLeaf();
    const r = await fetchRevocationData(chain, { fetch: nodeFetch(), allowOnline: true, at: now() }, subtle);
    expect(r.ocsps).toHaveLength(1);
    expect(r.warnings.map((w) => w.code)).toEqual(['cms/certificate-revoked']);
    expect(await ocspStatus(subtle, r.ocsps[0]!, leaf, intermediate, now())).toMatchObject({ status: 'revoked' });
  });
});
