import { describe, expect, it } from 'vitest';
import { crc32, encodeUtf8 } from '../engine/core';
import { parseDocx } from '../engine/docx';
import { openZip } from '../engine/zip';
import { makeDocx, para } from '../tests/helpers/make-docx';
import { writeDocumentIdentity } from './backfill';
import { documentIdentity, formatCreatedAt, hashId, uuidFromBytes } from './identity';

const GUID = '8F2A1B3C-4D5E-4F60-8172-93A4B5C6D7E8';
const CREATED = '2025-12-31T10:00:00Z';
const fixed = { now: () => new Date(Date.UTC(2026, 0, 15, 9, 41, 27, 512)), randomUUID: () => '11111111-2222-4333-8444-555555555555' };

function hex8(n: number): string {
  return n.toString(16).toUpperCase().padStart(8, '0');
}

function part(docx: Uint8Array, name: string): string | undefined {
  const zip = openZip(docx);
  const e = zip.find(name);
  return e ? new TextDecoder().decode(zip.read(e)) : undefined;
}

describe('documentIdentity', () => {
  it('hashes GUID|created when the file has both (w15:docId without braces, created verbatim)', () => {
    const docx = makeDocx({ body: para('x'), settings: `<w15:docId w15:val="{${GUID}}"/>`, coreProps: `<dcterms:created xsi:type="dcterms:W3CDTF">${CREATED}</dcterms:created>` });
    const id = documentIdentity(docx, fixed);
    expect(id).toEqual({
      documentId: `HASH-${hex8(crc32(encodeUtf8(`${GUID}|${CREATED}`)))}`,
      documentCreatedAt: CREATED, guid: GUID, generated: false, generatedFields: { guid: false, createdAt: false },
    });
    expect(writeDocumentIdentity(docx, id)).toEqual({ ok: true, value: docx, warnings: [] });
  });

  it('falls back to the DocumentGuid custom property when w15:docId is absent', () => {
    const docx = makeDocx({ body: para('x'), customProps: { DocumentGuid: `{${GUID}}` }, coreProps: `<dcterms:created>${CREATED}</dcterms:created>` });
    expect(documentIdentity(docx).documentId).toBe(hashId(encodeUtf8(`${GUID}|${CREATED}`)));
  });

  it('keeps an unusual created value verbatim (no normalisation)', () => {
    const created = '2025-12-31T10:00:00.5+02:00';
    const docx = makeDocx({ body: para('x'), customProps: { DocumentGuid: GUID }, coreProps: `<dcterms:created>${created}</dcterms:created>` });
    const id = documentIdentity(docx);
    expect(id.documentCreatedAt).toBe(created);
    expect(id.documentId).toBe(hashId(encodeUtf8(`${GUID}|${created}`)));
  });

  it('hashes the file bytes and generates both values when neither is present; export writes them and reopening uses them', () => {
    const docx = makeDocx({ body: para('x') });
    const id = documentIdentity(docx, fixed);
    expect(id.documentId).toBe(`HASH-${hex8(crc32(docx))}`);
    expect(id.guid).toBe('11111111-2222-4333-8444-555555555555');
    expect(id.documentCreatedAt).toBe('2026-01-15T09:41:00Z');
    expect(id.generatedFields).toEqual({ guid: true, createdAt: true });
    const exported = writeDocumentIdentity(docx, id);
    expect(exported.ok).toBe(true);
    const out = exported.ok ? exported.value : new Uint8Array();
    expect(part(out, 'docProps/custom.xml')).toContain('name="DocumentGuid"><vt:lpwstr>11111111-2222-4333-8444-555555555555</vt:lpwstr>');
    expect(part(out, 'docProps/core.xml')).toContain('<dcterms:created xsi:type="dcterms:W3CDTF">2026-01-15T09:41:00Z</dcterms:created>');
    expect(part(out, '[Content_Types].xml')).toContain('PartName="/docProps/custom.xml"');
    expect(part(out, '_rels/.rels')).toContain('relationships/custom-properties');
    expect(part(out, 'word/document.xml')).toBe(part(docx, 'word/document.xml'));
    const parsed = parseDocx(out, {}, {});
    expect(parsed.ok && parsed.value.properties.created).toBe('2026-01-15T09:41:00Z');
    expect(parsed.ok && parsed.value.properties.custom.DocumentGuid).toBe('11111111-2222-4333-8444-555555555555');
    const reopened = documentIdentity(out, { randomUUID: () => { throw new Error('must not generate'); } });
    expect(reopened).toEqual({
      documentId: hashId(encodeUtf8(`11111111-2222-4333-8444-555555555555|2026-01-15T09:41:00Z`)),
      documentCreatedAt: '2026-01-15T09:41:00Z', guid: '11111111-2222-4333-8444-555555555555', generated: false, generatedFields: { guid: false, createdAt: false },
    });
  });

  it('generates only what is missing and never overwrites existing properties', () => {
    const docx = makeDocx({ body: para('x'), settings: `<w15:docId w15:val="{${GUID}}"/>`, customProps: { Client: 'ACME' }, coreProps: '<dc:title>T</dc:title>' });
    const id = documentIdentity(docx, fixed);
    expect(id.guid).toBe(GUID);
    expect(id.generatedFields).toEqual({ guid: false, createdAt: true });
    expect(id.documentId).toBe(hashId(docx));
    const out = writeDocumentIdentity(docx, id);
    const bytes = out.ok ? out.value : new Uint8Array();
    expect(part(bytes, 'docProps/custom.xml')).not.toContain('DocumentGuid');
    expect(part(bytes, 'docProps/custom.xml')).toContain('ACME');
    expect(part(bytes, 'docProps/core.xml')).toContain('<dc:title>T</dc:title>');
    expect(documentIdentity(bytes).documentId).toBe(hashId(encodeUtf8(`${GUID}|2026-01-15T09:41:00Z`)));
  });

  it('adds DocumentGuid with the next free pid to an existing custom.xml', () => {
    const docx = makeDocx({ body: para('x'), customProps: { A: '1', B: '2' }, coreProps: `<dcterms:created>${CREATED}</dcterms:created>` });
    const id = documentIdentity(docx, fixed);
    const out = writeDocumentIdentity(docx, id);
    const custom = part(out.ok ? out.value : new Uint8Array(), 'docProps/custom.xml')!;
    expect(custom).toContain('pid="4" name="DocumentGuid"');
  });

  it('identifies any bytes (not a DOCX) by content hash, and export says why it cannot write', () => {
    const junk = encodeUtf8('not a zip at all');
    const id = documentIdentity(junk, fixed);
    expect(id.documentId).toBe(hashId(junk));
    expect(id.generated).toBe(true);
    const out = writeDocumentIdentity(junk, id);
    expect(!out.ok && out.errors[0]!.code).toBe('client/not-a-docx');
  });

  it('formats generated times with seconds zeroed and UUIDs as version 4', () => {
    expect(formatCreatedAt(new Date(Date.UTC(2024, 1, 29, 23, 59, 59, 999)))).toBe('2024-02-29T23:59:00Z');
    expect(uuidFromBytes(new Uint8Array(16).fill(255))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(documentIdentity(makeDocx({ body: para('y') })).guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
