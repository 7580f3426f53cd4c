/**
 * DOCX package signatures made by engine/sign (signDocx), checked by verifyDocx: valid and trusted
 * under the test root; a changed signed part, a changed SignatureValue and a part added outside the
 * signed scope each give their verdict; a non-package gives "could not evaluate".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readZipEntries, writeZipEntries } from './zip-helpers';
import type { CmsSigner } from '../../engine/cms';
import { signDocx } from '../../engine/sign';
import { verifyDocx } from '../../engine/verify';
import type { VerificationReport } from '../../engine/verify';
import { makeDocx } from '../helpers/make-docx';
import { makeTestPki } from '../sign/helpers/pki';
import { host, signerOf } from './helpers';

let signer: CmsSigner;
let anchor: string;
let signed: Uint8Array;
beforeAll(async () => {
  const pki = makeTestPki();
  signer = await signerOf(pki.rsa);
  anchor = pki.caCertPem;
  const r = await signDocx(makeDocx('<w:p><w:r><w:t>Pay 100 EUR</w:t></w:r></w:p>'), { signer }, host);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  signed = r.value;
});

async function verify(bytes: Uint8Array): Promise<VerificationReport> {
  const r = await verifyDocx(bytes, { trustAnchors: [anchor] }, host);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

describe('DOCX package signatures', () => {
  it('verifies every reference and the signature, and trusts the signer under the test root', async () => {
    const r = await verify(signed);
    expect(r).toMatchObject({ valid: true, document: { format: 'docx', verdict: 'valid', unsignedParts: [] } });
    const s = r.signatures[0]!;
    expect(s).toMatchObject({ indication: 'TOTAL_PASSED', facets: { intact: true, valid: true, trusted: true }, cms: { signingCertificateAttribute: 'v1' } });
    expect(s.xml!.references.every((x) => x.verified === true)).toBe(true);
    expect(s.xml!.manifest).toMatch(/^(\d+)\/\1$/);
  });

  it('fails when a signed part changes after signing', async () => {
    const parts = readZipEntries(signed);
    parts.set('word/document.xml', new TextEncoder().encode(new TextDecoder().decode(parts.get('word/document.xml')!).replace('100', '900')));
    const r = await verify(writeZipEntries(parts));
    expect(r).toMatchObject({ valid: false, document: { verdict: 'invalid-signature' } });
    expect(r.signatures[0]).toMatchObject({ indication: 'TOTAL_FAILED', subIndication: 'HASH_FAILURE' });
    expect(r.signatures[0]!.xml!.references.find((x) => x.verified === false)!.uri).toMatch(/^\/word\/document\.xml/);
  });

  it('fails when the SignatureValue changes', async () => {
    const parts = readZipEntries(signed);
    const name = [...parts.keys()].find((n) => /_xmlsignatures\/sig\d+\.xml$/.test(n))!;
    const xml = new TextDecoder().decode(parts.get(name)!);
    const at = xml.indexOf('<SignatureValue>') + '<SignatureValue>'.length + 10;
    parts.set(name, new TextEncoder().encode(xml.slice(0, at) + (xml[at] === 'A' ? 'B' : 'A') + xml.slice(at + 1)));
    const r = await verify(writeZipEntries(parts));
    expect(r.signatures[0]).toMatchObject({ indication: 'TOTAL_FAILED', subIndication: 'SIG_CRYPTO_FAILURE', facets: { intact: true, valid: false } });
  });

  it('reports content added outside the signed scope (valid-partial)', async () => {
    const parts = readZipEntries(signed);
    const rels = new TextDecoder().decode(parts.get('word/_rels/document.xml.rels')!);
    parts.set('word/_rels/document.xml.rels', new TextEncoder().encode(rels.replace('</Relationships>', '<Relationship Id="rId99" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/customXml" Target="../customXml/item99.xml"/></Relationships>')));
    parts.set('customXml/item99.xml', new TextEncoder().encode('<x>unsigned</x>'));
    const r = await verify(writeZipEntries(parts));
    expect(r).toMatchObject({ valid: false, document: { verdict: 'valid-partial' } });
    expect(r.document.unsignedParts).toEqual(expect.arrayContaining(['customXml/item99.xml', 'word/_rels/document.xml.rels#rId99 -> ../customXml/item99.xml']));
    expect(r.reason).toMatch(/outside the signed scope/);
  });

  it('says "unsigned" for a package without signatures, and "could not evaluate" for a non-package', async () => {
    expect(await verify(makeDocx('<w:p/>'))).toMatchObject({ valid: false, document: { verdict: 'unsigned' }, signatures: [] });
    const r = await verifyDocx(new TextEncoder().encode('not a zip'), {}, host);
    expect(r.ok).toBe(false);
  });
});
