/**
 * DOCX package signatures: ours checked by our checker (engine/verify's verifyDocx, which runs on the
 * shared corpus in tests/verify) and by xmlsec1 (package URIs mapped), signing twice, tampering, and
 * the package still converting.
 */
import { describe, expect, it } from 'vitest';
import { webcrypto } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signerFromPem } from '../../engine/cms';
import type { CmsSigner } from '../../engine/cms';
import type { EngineHost } from '../../engine/core';
import { signDocx } from '../../engine/sign';
import { verifyDocx } from '../../engine/verify';
import type { VerificationReport } from '../../engine/verify';
import { parseDocx } from '../../engine/docx';
import { convertDocxToPdf } from '../../engine/convert';
import { createNodeHost } from '../../node/host';
import { openZip, writeZip } from '../../engine/zip';
import { makeDocx, para } from '../helpers/make-docx';
import { makeTestPki } from './helpers/pki';
import { xmlsecVerify } from './helpers/xmlsec';
import { runSign } from '../../cli/commands/sign';
import { tempDir, writeTemp } from './helpers/make-pdf';

const host: EngineHost = { crypto: webcrypto as unknown as Crypto, now: () => new Date(Date.UTC(2025, 2, 3, 4, 5, 6)) };

async function signer(name: 'rsa' | 'p256' | 'p384', rsaPadding?: 'pss'): Promise<CmsSigner> {
  const s = await signerFromPem(makeTestPki()[name].pem, undefined, webcrypto.subtle as unknown as SubtleCrypto, rsaPadding ? { rsaPadding } : {});
  if (!s.ok) throw new Error('signer');
  return s.value;
}

function sampleDocx(): Uint8Array {
  return makeDocx({
    body: para('A contract worth signing.') + para('Second paragraph & more <text>.'),
    styles: '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>',
    settings: '<w:zoom w:percent="100"/>',
    coreProps: '<dc:title>Contract</dc:title>',
    links: { rId42: 'https://example.com/a?b=1' },
  });
}

/** engine/verify's report under the test root, at the real time (the test PKI is issued now). */
async function check(docx: Uint8Array): Promise<VerificationReport> {
  const r = await verifyDocx(docx, { trustAnchors: [makeTestPki().caCertPem], validationTime: new Date() }, host);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

function replacePart(docx: Uint8Array, name: string, edit: (s: string) => string): Uint8Array {
  const zip = openZip(docx);
  return writeZip(zip.entries.map((e) => ({ name: e.name, data: e.name === name ? new TextEncoder().encode(edit(new TextDecoder().decode(zip.read(e)))) : zip.read(e) })));
}

describe('signDocx', () => {
  for (const key of ['rsa', 'p256', 'p384'] as const) {
    it(`makes a package signature (${key}) that our checker and xmlsec1 verify completely`, async () => {
      const r = await signDocx(sampleDocx(), { signer: await signer(key), comments: 'Approved' }, host);
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      const v = await check(r.value);
      expect(v).toMatchObject({ valid: true, document: { verdict: 'valid', unsignedParts: [] } });
      expect(v.signatures).toHaveLength(1);
      expect(v.signatures[0]).toMatchObject({ indication: 'TOTAL_PASSED', facets: { intact: true, valid: true, trusted: true }, cms: { signatureVerifies: true, signingCertificateAttribute: 'v1' } });
      expect(v.signatures[0]!.xml!.references.every((x) => x.verified === true)).toBe(true);
      expect(v.document.unsignedByDesign).toContain('docProps/core.xml');
      const x = xmlsecVerify(r.value, '_xmlsignatures/sig1.xml', makeTestPki().caCertPath);
      expect(x.ok, x.out).toBe(true);
      expect(x.signedInfo).toEqual([3, 3]);
      expect(x.manifest[0]).toBeGreaterThanOrEqual(4);
    });
  }

  it('keeps the first signature valid when signing again, and the parts it signed byte-identical', async () => {
    const once = await signDocx(sampleDocx(), { signer: await signer('rsa') }, host);
    if (!once.ok) throw new Error('sign');
    const twice = await signDocx(once.value, { signer: await signer('p256') }, host);
    if (!twice.ok) throw new Error('sign2');
    const v = await check(twice.value);
    expect(v.document.verdict).toBe('valid');
    expect(v.signatures.map((s) => [s.xml!.part, s.indication])).toEqual([
      ['_xmlsignatures/sig1.xml', 'TOTAL_PASSED'],
      ['_xmlsignatures/sig2.xml', 'TOTAL_PASSED'],
    ]);
    for (const part of ['_xmlsignatures/sig1.xml', '_xmlsignatures/sig2.xml']) expect(xmlsecVerify(twice.value, part).ok).toBe(true);
  });

  it('detects a tampered body and an added unsigned part', async () => {
    const signed = await signDocx(sampleDocx(), { signer: await signer('rsa') }, host);
    if (!signed.ok) throw new Error('sign');
    const tampered = replacePart(signed.value, 'word/document.xml', (s) => s.replace('worth', 'WORTH'));
    const v = await check(tampered);
    expect(v.document.verdict).toBe('invalid-signature');
    expect(v.signatures[0]!.xml!.references.filter((m) => m.verified !== true).map((m) => m.uri)).toEqual([expect.stringContaining('/word/document.xml')]);
    const rels = replacePart(signed.value, 'word/_rels/document.xml.rels', (s) => s.replace('</Relationships>', '<Relationship Id="rId99" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://evil.example" TargetMode="External"/></Relationships>'));
    const v2 = await check(rels);
    expect(v2.document.verdict).toBe('valid-partial');
    expect(v2.document.unsignedParts).toEqual(['word/_rels/document.xml.rels#rId99 -> https://evil.example']);
  });

  it('still opens and converts: the DOCX parser reads the signed package unchanged and it converts to PDF', async () => {
    const input = sampleDocx();
    const signed = await signDocx(input, { signer: await signer('rsa') }, host);
    if (!signed.ok) throw new Error('sign');
    const before = parseDocx(input, {}, host);
    const after = parseDocx(signed.value, {}, host);
    expect(after.ok).toBe(true);
    if (before.ok && after.ok) expect(JSON.stringify(after.value)).toBe(JSON.stringify(before.value));
    const pdf = await convertDocxToPdf(signed.value, {}, createNodeHost());
    expect(pdf.ok && pdf.value.pages).toBe(1);
  });

  it('refuses RSA-PSS and non-packages with diagnostics', async () => {
    expect(await signDocx(sampleDocx(), { signer: await signer('rsa', 'pss') }, host)).toMatchObject({ ok: false, errors: [{ code: 'sign/docx-unsupported-algorithm' }] });
    const r = await signDocx(new TextEncoder().encode('not a zip at all'), { signer: await signer('rsa') }, host);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]!.code).toMatch(/^zip\//);
  });

  it('signs through the CLI', async () => {
    const dir = tempDir();
    const input = writeTemp(dir, 'in.docx', sampleDocx());
    const out = join(dir, 'out.docx');
    const io = { stdout: () => {}, stderr: () => {}, isTTY: false };
    expect(await runSign([input, '-o', out, '--p12', makeTestPki().rsa.p12Path, '--password', 'secret', '--reason', 'Agreed'], io)).toBe(0);
    expect((await check(new Uint8Array(readFileSync(out)))).document.verdict).toBe('valid');
    expect(await runSign([input, '-o', out, '--dev', '--visible', '1,1,1,1,1'], io)).toBe(2);
  });
});
