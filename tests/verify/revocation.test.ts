/**
 * Revocation: soft-fail and hard-fail without data, online CRL fetching only through the caller's
 * fetch and only when allowed, and a revoked signer certificate (TOTAL_FAILED / REVOKED).
 * The certificates carry OCSP (AIA) and CRL distribution point URLs; openssl makes the CRLs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { signPdf } from '../../engine/sign';
import { verifyPdf } from '../../engine/verify';
import type { RevocationFetch, VerifyOptions } from '../../engine/verify';
import { makePdf, requireTool, run, tempDir } from '../sign/helpers/make-pdf';
import { host } from './helpers';
import { signerFromPem } from '../../engine/cms';
import { webcrypto } from 'node:crypto';

const OCSP_URL = 'http://ocsp.example.test/';
const CRL_URL = 'http://crl.example.test/ca.crl';

function openssl(dir: string, args: string[]): void {
  const r = run('openssl', args.map((a) => a.replace(/^@/, `${dir}/`)));
  if (r.status !== 0) throw new Error(`openssl ${args[0]}: ${r.out}`);
}

let dir: string;
let signed: Uint8Array;
let caPem: string;
let goodCrl: Uint8Array;
let revokedCrl: Uint8Array;
let laterCrl: Uint8Array;

/** A CRL of the test CA listing the given index.txt lines. */
function crl(index: string, name: string): Uint8Array {
  writeFileSync(join(dir, 'index.txt'), index);
  writeFileSync(join(dir, 'crlnumber'), '01\n');
  writeFileSync(join(dir, 'ca.cnf'), `[ ca ]\ndefault_ca = t\n[ t ]\ndatabase = ${dir}/index.txt\ncrlnumber = ${dir}/crlnumber\ndefault_md = sha256\ndefault_crl_days = 30\n`);
  openssl(dir, ['ca', '-gencrl', '-config', '@ca.cnf', '-keyfile', '@ca.key', '-cert', '@ca.crt', '-out', `@${name}.pem`]);
  openssl(dir, ['crl', '-in', `@${name}.pem`, '-outform', 'DER', '-out', `@${name}.der`]);
  return new Uint8Array(readFileSync(join(dir, `${name}.der`)));
}

beforeAll(async () => {
  requireTool('openssl', 'openssl');
  dir = tempDir('colophon-revocation-');
  openssl(dir, ['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', '@ca.key']);
  openssl(dir, ['req', '-x509', '-new', '-key', '@ca.key', '-subj', '/CN=Revocation Test Root', '-days', '30', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign', '-out', '@ca.crt']);
  openssl(dir, ['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', '@leaf.key']);
  openssl(dir, ['req', '-new', '-key', '@leaf.key', '-subj', '/CN=Revocable Signer', '-out', '@leaf.csr']);
  writeFileSync(join(dir, 'leaf.ext'), `basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nauthorityInfoAccess=OCSP;URI:${OCSP_URL}\ncrlDistributionPoints=URI:${CRL_URL}\n`);
  openssl(dir, ['x509', '-req', '-in', '@leaf.csr', '-CA', '@ca.crt', '-CAkey', '@ca.key', '-set_serial', '0x1234', '-days', '20', '-extfile', '@leaf.ext', '-out', '@leaf.crt']);
  caPem = readFileSync(join(dir, 'ca.crt'), 'utf8');
  const pem = readFileSync(join(dir, 'leaf.crt'), 'utf8') + caPem + readFileSync(join(dir, 'leaf.key'), 'utf8');
  const signer = await signerFromPem(pem, undefined, webcrypto.subtle as unknown as SubtleCrypto);
  if (!signer.ok) throw new Error('signer');
  const r = await signPdf(await makePdf(), { signer: signer.value }, host);
  if (!r.ok) throw new Error('sign');
  signed = r.value;
  const stamp = (d: Date): string => `${d.toISOString().slice(2, 19).replace(/[-:T]/g, '')}Z`;
  goodCrl = crl('', 'good');
  revokedCrl = crl(`R\t351231235959Z\t${stamp(new Date(Date.now() - 60_000))}\t1234\tunknown\t/CN=Revocable Signer\n`, 'revoked');
  laterCrl = crl(`R\t351231235959Z\t${stamp(new Date(Date.now() + 86_400_000))}\t1234\tunknown\t/CN=Revocable Signer\n`, 'later');
});

/** A fetch that serves the CRL URL and refuses everything else, recording the calls. */
function fakeFetch(body: Uint8Array): RevocationFetch & { calls: string[] } {
  const calls: string[] = [];
  const f = (async (url: string, init: { method: string }) => {
    calls.push(`${init.method} ${url}`);
    const ok = url === CRL_URL;
    return { ok, status: ok ? 200 : 404, arrayBuffer: async () => body.slice().buffer };
  }) as RevocationFetch & { calls: string[] };
  f.calls = calls;
  return f;
}

async function check(options: VerifyOptions) {
  const r = await verifyPdf(signed, { trustAnchors: [caPem], ...options }, host);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

describe('revocation', () => {
  it('soft-fail: no revocation data is reported, and the signature still passes', async () => {
    const r = await check({});
    expect(r.signatures[0]).toMatchObject({ indication: 'TOTAL_PASSED', chain: { revocation: [{ subject: 'CN=Revocable Signer', status: 'unknown' }] } });
  });

  it('hard-fail: no revocation data makes the result INDETERMINATE / TRY_LATER', async () => {
    const r = await check({ revocation: 'hard-fail' });
    expect(r.signatures[0]).toMatchObject({ indication: 'INDETERMINATE', subIndication: 'TRY_LATER' });
  });

  it('never fetches unless the caller allows it', async () => {
    const fetch = fakeFetch(goodCrl);
    await check({ fetch });
    expect(fetch.calls).toEqual([]);
  });

  it('fetches the OCSP responder and the CRL through the caller\'s fetch when allowed', async () => {
    const fetch = fakeFetch(goodCrl);
    const r = await check({ fetch, allowOnline: true, revocation: 'hard-fail' });
    expect(fetch.calls).toEqual([`POST ${OCSP_URL}`, `GET ${CRL_URL}`]);
    expect(r.signatures[0]).toMatchObject({ indication: 'TOTAL_PASSED', chain: { revocation: [{ status: 'good', source: 'online' }] } });
  });

  it('a revoked signer certificate fails the signature (REVOKED)', async () => {
    const r = await check({ fetch: fakeFetch(revokedCrl), allowOnline: true });
    expect(r.valid).toBe(false);
    expect(r.signatures[0]).toMatchObject({ indication: 'TOTAL_FAILED', subIndication: 'REVOKED', chain: { status: 'revoked', revocation: [{ status: 'revoked', source: 'online' }] } });
  });

  it('a revocation dated after the validation time does not count', async () => {
    const r = await check({ fetch: fakeFetch(laterCrl), allowOnline: true });
    expect(r.signatures[0]).toMatchObject({ indication: 'TOTAL_PASSED', chain: { revocation: [{ status: 'good', source: 'online' }] } });
  });
});
