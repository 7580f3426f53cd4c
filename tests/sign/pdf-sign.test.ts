/**
 * PDF signing against real tools: every signed file is valid and total for pdfsig, passes
 * qpdf --check, and its CMS verifies with openssl cms -verify against the test root.
 */
import { describe, expect, it } from 'vitest';
import { webcrypto } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signerFromPem, parseSignedData, OID } from '../../engine/cms';
import type { CmsSigner } from '../../engine/cms';
import { completeSignature, prepareSignature, signPdf } from '../../engine/sign';
import type { SignPdfOptions } from '../../engine/sign';
import type { EngineHost } from '../../engine/core';
import { makePdf, run, tempDir, writeTemp } from './helpers/make-pdf';
import { makeTestPki } from './helpers/pki';
import { opensslCmsVerify, pdfsig, qpdfCheck, storedSignatures } from './helpers/verify';

const host: EngineHost = { crypto: webcrypto as unknown as Crypto, now: () => new Date(Date.UTC(2025, 5, 1, 12, 0, 0)) };
const subtle = webcrypto.subtle as unknown as SubtleCrypto;

async function signer(name: 'rsa' | 'p256' | 'p384', rsaPadding?: 'pss'): Promise<CmsSigner> {
  const r = await signerFromPem(makeTestPki()[name].pem, undefined, subtle, rsaPadding ? { rsaPadding } : {});
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

async function sign(pdf: Uint8Array, options: SignPdfOptions): Promise<Uint8Array> {
  const r = await signPdf(pdf, options, host);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

/** Checks a signed file with all three tools; returns pdfsig's verdicts. */
function checkAll(signed: Uint8Array, name: string): ReturnType<typeof pdfsig> {
  const dir = tempDir();
  const path = writeTemp(dir, `${name}.pdf`, signed);
  const q = qpdfCheck(path);
  expect(q.ok, q.out).toBe(true);
  const verdicts = pdfsig(path);
  for (const v of verdicts) expect(v.valid, v.text).toBe(true);
  expect(verdicts[verdicts.length - 1]!.total).toBe(true);
  storedSignatures(signed).forEach((s, i) => {
    if (s.subFilter === 'ETSI.RFC3161') return;
    const v = opensslCmsVerify(dir, `${name}-${i}`, s, makeTestPki().caCertPath);
    expect(v.ok, v.out).toBe(true);
  });
  return verdicts;
}

describe('signPdf (PAdES B-B) against pdfsig, qpdf and openssl', () => {
  const keys: Array<[string, 'rsa' | 'p256' | 'p384', 'pss' | undefined]> = [
    ['RSA PKCS#1 v1.5', 'rsa', undefined],
    ['RSA-PSS', 'rsa', 'pss'],
    ['ECDSA P-256', 'p256', undefined],
    ['ECDSA P-384', 'p384', undefined],
  ];
  for (const [label, key, pss] of keys) {
    it(`signs a fresh xref-table PDF with ${label}`, async () => {
      const signed = await sign(await makePdf({ pages: 2 }), { signer: await signer(key, pss), reason: 'Test' });
      const v = checkAll(signed, `fresh-${key}-${pss ?? 'v15'}`);
      expect(v).toHaveLength(1);
      expect(v[0]!.text).toContain('ETSI.CAdES.detached');
    });
  }

  it('signs a PDF with a cross-reference stream and object streams, keeping the xref kind', async () => {
    const input = await makePdf({ pages: 3, objectStreams: true });
    const signed = await sign(input, { signer: await signer('rsa') });
    checkAll(signed, 'xrefstream');
    const tail = Buffer.from(signed.subarray(input.length)).toString('latin1');
    expect(tail).toContain('/Type /XRef');
    expect(tail).not.toContain('\nxref\n');
  });

  it('signs a qpdf-generated object-stream file', async () => {
    const dir = tempDir();
    const src = writeTemp(dir, 'in.pdf', await makePdf({ pages: 2 }));
    const out = join(dir, 'os.pdf');
    expect(run('qpdf', ['--object-streams=generate', src, out]).status).toBe(0);
    checkAll(await sign(new Uint8Array(readFileSync(out)), { signer: await signer('p256') }), 'qpdf-os');
  });

  it('keeps the first signature valid when signing again (table and stream files)', async () => {
    for (const objectStreams of [false, true]) {
      const once = await sign(await makePdf({ objectStreams }), { signer: await signer('rsa'), reason: 'first' });
      const twice = await sign(once, { signer: await signer('p256'), reason: 'second', visible: { page: 1, rect: [72, 72, 220, 60] } });
      expect(Buffer.from(twice.subarray(0, once.length)).equals(Buffer.from(once))).toBe(true);
      const v = checkAll(twice, `twice-${objectStreams}`);
      expect(v).toHaveLength(2);
      expect(v[0]!.total).toBe(false);
      expect(v[1]!.total).toBe(true);
    }
  });

  it('makes adbe.pkcs7.detached signatures with signing-time', async () => {
    const signed = await sign(await makePdf(), { signer: await signer('rsa'), subFilter: 'adbe.pkcs7.detached' });
    const v = checkAll(signed, 'pkcs7');
    expect(v[0]!.text).toContain('adbe.pkcs7.detached');
    const si = parseSignedData(storedSignatures(signed)[0]!.cms).signerInfos[0]!;
    expect(si.signedAttributes.map((a) => a.type)).toContain(OID.signingTime);
  });

  it('is deterministic: same key, clock and input give the same bytes', async () => {
    const input = await makePdf();
    const s = await signer('rsa');
    const a = await sign(input, { signer: s });
    const b = await sign(input, { signer: s });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it('signs in three steps with a remote-style signer, and refuses a CMS that does not fit', async () => {
    const s = await signer('rsa');
    const prepared = await prepareSignature(await makePdf(), { contentsSize: 8000, signerName: 'Remote' }, host);
    if (!prepared.ok) throw new Error('prepare');
    const { createDetachedCms } = await import('../../engine/cms');
    const cms = await createDetachedCms(prepared.value.digest, s, {}, { subtle });
    if (!cms.ok) throw new Error('cms');
    const done = completeSignature(prepared.value, cms.value);
    if (!done.ok) throw new Error('complete');
    checkAll(done.value, 'three-step');
    const tooBig = completeSignature(prepared.value, new Uint8Array(8001));
    expect(tooBig).toMatchObject({ ok: false, errors: [{ code: 'sign/placeholder-too-small' }] });
  });
});

describe('signPdf refusals and hostile input', () => {
  it('refuses encrypted PDFs with sign/encrypted-pdf', async () => {
    const dir = tempDir();
    const src = writeTemp(dir, 'in.pdf', await makePdf());
    const out = join(dir, 'enc.pdf');
    expect(run('qpdf', ['--encrypt', 'u', 'o', '256', '--', src, out]).status).toBe(0);
    const r = await signPdf(new Uint8Array(readFileSync(out)), { signer: await signer('rsa') }, host);
    expect(r).toMatchObject({ ok: false, errors: [{ code: 'sign/encrypted-pdf' }] });
  });

  it('gives diagnostics for truncated, empty and non-PDF input', async () => {
    const s = await signer('rsa');
    const pdf = await makePdf();
    for (const bad of [new Uint8Array(0), new TextEncoder().encode('not a pdf'), pdf.subarray(0, pdf.length - 50), pdf.subarray(0, 200)]) {
      const r = await signPdf(bad, { signer: s }, host);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors[0]!.code).toMatch(/^(pdf|sign)\//);
    }
  });

  it('refuses a missing page for a visible signature', async () => {
    const r = await signPdf(await makePdf({ pages: 1 }), { signer: await signer('rsa'), visible: { page: 5, rect: [0, 0, 100, 50] } }, host);
    expect(r).toMatchObject({ ok: false, errors: [{ code: 'sign/bad-page' }] });
  });
});
