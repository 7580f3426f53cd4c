/**
 * Writes a generated document identity into the DOCX on export (../shared/API.md): the GUID as the
 * custom property `DocumentGuid` (never overwriting one that exists, and only when the file has no
 * GUID at all) and the creation time as `dcterms:created` (only when absent). Missing
 * docProps/custom.xml or docProps/core.xml parts are created with their relationship and content type.
 * Other parts keep their content byte for byte (the zip container is rewritten).
 */
import { encodeUtf8, fail, ok, type Result } from '../engine/core';
import { attr, children, element, NAMESPACE_URI, serializeXml, type XmlDocument, type XmlElement } from '../engine/xml';
import { writeZip, type ZipInput } from '../engine/zip';
import { findCustomProperty, GUID_PROPERTY, readDeclaredIdentity, type DocumentIdentity } from './identity';
import { openMetadataParts, readXmlPart, REL_TYPES, type MetadataParts } from './package-parts';

/** Format id of user-defined custom properties (ECMA-376 Part 1 §22.3.2.2). */
const CUSTOM_FMTID = '{D5CDD505-2E9C-101B-9397-08002B2CF9AE}';
const CORE_CT = 'application/vnd.openxmlformats-package.core-properties+xml';
const CUSTOM_CT = 'application/vnd.openxmlformats-officedocument.custom-properties+xml';

/**
 * Returns the DOCX with the identity's generated GUID / creation time written in; the same bytes when
 * nothing is missing. Fails with `client/not-a-docx` when the bytes are not a readable package.
 */
export function writeDocumentIdentity(docx: Uint8Array, identity: DocumentIdentity): Result<Uint8Array> {
  const parts = openMetadataParts(docx);
  if (!parts) {
    return fail({ severity: 'error', code: 'client/not-a-docx', message: 'The document is not a readable DOCX package; its identity cannot be written into it.' });
  }
  const declared = readDeclaredIdentity(parts);
  const changes = new Map<string, Uint8Array>();
  if (declared.guid === undefined) changes.set(parts.customPart, encodeUtf8(serializeXml(customWithGuid(parts, identity.guid))));
  if (declared.createdAt === undefined) changes.set(parts.corePart, encodeUtf8(serializeXml(coreWithCreated(parts, identity.documentCreatedAt))));
  if (changes.size === 0) return ok(docx);
  const needRel: Array<[string, string]> = [];
  if (changes.has(parts.customPart) && !parts.hasCustomRel) needRel.push([REL_TYPES.custom, parts.customPart]);
  if (changes.has(parts.corePart) && !parts.hasCoreRel) needRel.push([REL_TYPES.core, parts.corePart]);
  if (needRel.length > 0) changes.set('_rels/.rels', encodeUtf8(serializeXml(packageRelsWith(parts, needRel))));
  const types = contentTypesWith(parts, [
    ...(changes.has(parts.customPart) ? [[parts.customPart, CUSTOM_CT] as [string, string]] : []),
    ...(changes.has(parts.corePart) ? [[parts.corePart, CORE_CT] as [string, string]] : []),
  ]);
  if (types) changes.set('[Content_Types].xml', encodeUtf8(serializeXml(types)));
  return ok(rewritePackage(parts, changes));
}

/** Every entry in its original order, changed ones replaced, new ones appended. */
function rewritePackage(parts: MetadataParts, changes: Map<string, Uint8Array>): Uint8Array {
  const out: ZipInput[] = [];
  const written = new Set<string>();
  for (const entry of parts.zip.entries) {
    const key = entry.name.toLowerCase();
    if (written.has(key)) continue;
    written.add(key);
    const replaced = [...changes].find(([name]) => name.toLowerCase() === key);
    out.push({ name: entry.name, data: replaced ? replaced[1] : parts.zip.read(entry) });
  }
  for (const [name, data] of changes) if (!written.has(name.toLowerCase())) out.push({ name, data });
  return writeZip(out);
}

function customWithGuid(parts: MetadataParts, guid: string): XmlDocument {
  const doc = readXmlPart(parts.zip, parts.customPart) ?? newDocument(element('op:Properties', { 'xmlns:op': NAMESPACE_URI.op!, 'xmlns:vt': NAMESPACE_URI.vt! }));
  const root = doc.root;
  if (!root.attrs['xmlns:vt']) root.attrs['xmlns:vt'] = NAMESPACE_URI.vt!;
  if (findCustomProperty(root, GUID_PROPERTY)) return doc; // never overwrite (an empty one stays as written)
  // Written without braces, so readers that take the value verbatim and readers that strip braces agree.
  // pid values start at 2 and are unique within the part (§22.3.2.2).
  const pids = children(root, 'op:property').map((p) => Number(attr(p, 'pid'))).filter((n) => Number.isInteger(n));
  const pid = Math.max(1, ...pids) + 1;
  root.children.push(element('op:property', { fmtid: CUSTOM_FMTID, pid: String(pid), name: GUID_PROPERTY }, [element('vt:lpwstr', {}, [{ kind: 'text', text: guid }])]));
  return doc;
}

function coreWithCreated(parts: MetadataParts, created: string): XmlDocument {
  const doc = readXmlPart(parts.zip, parts.corePart) ?? newDocument(element('cp:coreProperties', {
    'xmlns:cp': NAMESPACE_URI.cp!, 'xmlns:dc': NAMESPACE_URI.dc!, 'xmlns:dcterms': NAMESPACE_URI.dcterms!, 'xmlns:xsi': NAMESPACE_URI.xsi!,
  }));
  const root = doc.root;
  for (const p of ['dcterms', 'xsi'] as const) if (!root.attrs[`xmlns:${p}`]) root.attrs[`xmlns:${p}`] = NAMESPACE_URI[p]!;
  // An empty dcterms:created counts as absent: fill it rather than add a second one.
  const existing = children(root, 'dcterms:created')[0];
  const text = { kind: 'text' as const, text: created };
  if (existing) existing.children = [text];
  else root.children.push(element('dcterms:created', { 'xsi:type': 'dcterms:W3CDTF' }, [text]));
  return doc;
}

function packageRelsWith(parts: MetadataParts, rels: ReadonlyArray<[string, string]>): XmlDocument {
  const doc = readXmlPart(parts.zip, '_rels/.rels') ?? newDocument(element('Relationships', { xmlns: NAMESPACE_URI.pr! }));
  const ids = new Set(children(doc.root, 'Relationship').map((r) => attr(r, 'Id')));
  for (const [type, target] of rels) {
    let n = 1;
    while (ids.has(`rIdColophon${n}`)) n++;
    ids.add(`rIdColophon${n}`);
    doc.root.children.push(element('Relationship', { Id: `rIdColophon${n}`, Type: type, Target: target }));
  }
  return doc;
}

/** [Content_Types].xml with Overrides for new parts (ECMA-376 Part 2 §10.1.2.3); undefined when unchanged. */
function contentTypesWith(parts: MetadataParts, wanted: ReadonlyArray<[string, string]>): XmlDocument | undefined {
  const doc = readXmlPart(parts.zip, '[Content_Types].xml');
  if (!doc) return undefined;
  const overrides = children(doc.root, 'Override');
  let changed = false;
  for (const [part, type] of wanted) {
    const name = `/${part}`.toLowerCase();
    if (overrides.some((o: XmlElement) => (attr(o, 'PartName') ?? '').toLowerCase() === name)) continue;
    doc.root.children.push(element('Override', { PartName: `/${part}`, ContentType: type }));
    changed = true;
  }
  return changed ? doc : undefined;
}

function newDocument(root: XmlElement): XmlDocument {
  return { declaration: { version: '1.0', encoding: 'UTF-8', standalone: 'yes' }, prolog: [], root, strict: false };
}
