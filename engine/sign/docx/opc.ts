/**
 * The Open Packaging Conventions view a package signature needs (ECMA-376 Part 2): part names,
 * content types (§10.1.2), relationship parts (§9.3) and the RelationshipTransform (§13.2.4.24).
 */
import { abort, decodeUtf8 } from '../../core';
import type { XmlElement } from '../../xml';
import { attr, parseXml } from '../../xml';

/** OPC relationship type of a package's signature origin part (§13.2.1). */
export const REL_ORIGIN = 'http://schemas.openxmlformats.org/package/2006/relationships/digital-signature/origin';
/** OPC relationship type of one XML signature part. */
export const REL_SIGNATURE = 'http://schemas.openxmlformats.org/package/2006/relationships/digital-signature/signature';
/** Relationships namespace (§9.3.2). */
export const RELS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
/** Content type of relationship parts. */
export const CT_RELS = 'application/vnd.openxmlformats-package.relationships+xml';
/** Content type of XML signature parts (§13.2.2). */
export const CT_SIGNATURE = 'application/vnd.openxmlformats-package.digital-signature-xmlsignature+xml';
/** Content type of the origin part. */
export const CT_ORIGIN = 'application/vnd.openxmlformats-package.digital-signature-origin';

/** Relationship types left out of a signature, as Word does: document properties and signatures themselves. */
export const UNSIGNED_RELATIONSHIP_TYPES: ReadonlySet<string> = new Set([
  'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties',
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties',
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/custom-properties',
  'http://schemas.openxmlformats.org/package/2006/relationships/metadata/thumbnail',
  REL_ORIGIN,
  REL_SIGNATURE,
  'http://schemas.openxmlformats.org/package/2006/relationships/digital-signature/certificate',
]);

/** One relationship (§9.3.2.2). */
export interface Relationship {
  readonly id: string;
  readonly type: string;
  readonly target: string;
  readonly targetMode?: string;
  /** Every attribute as written (for the RelationshipTransform). */
  readonly attrs: Readonly<Record<string, string>>;
}

/** Content-type lookup built from [Content_Types].xml. */
export interface ContentTypes {
  readonly defaults: ReadonlyMap<string, string>;
  readonly overrides: ReadonlyMap<string, string>;
}

/** Parses [Content_Types].xml (§10.1.2.2). */
export function readContentTypes(bytes: Uint8Array): ContentTypes {
  const doc = parseXml(bytes, { part: '[Content_Types].xml' });
  if (!doc.ok) abort('sign/docx-bad-content-types', `[Content_Types].xml cannot be read: ${doc.errors[0]!.message}`);
  const defaults = new Map<string, string>();
  const overrides = new Map<string, string>();
  for (const c of doc.value.root.children) {
    if (c.kind !== 'element') continue;
    const local = c.name.slice(c.name.indexOf(':') + 1);
    if (local === 'Default') defaults.set((attr(c, 'Extension') ?? '').toLowerCase(), attr(c, 'ContentType') ?? '');
    if (local === 'Override') overrides.set((attr(c, 'PartName') ?? '').toLowerCase(), attr(c, 'ContentType') ?? '');
  }
  return { defaults, overrides };
}

/** The content type of a part (`word/document.xml`, without leading slash). */
export function contentTypeOf(ct: ContentTypes, partName: string): string | undefined {
  const o = ct.overrides.get('/' + partName.toLowerCase());
  if (o !== undefined) return o;
  const dot = partName.lastIndexOf('.');
  return dot >= 0 ? ct.defaults.get(partName.slice(dot + 1).toLowerCase()) : undefined;
}

/** Parses a relationships part. */
export function readRelationships(bytes: Uint8Array, part: string): Relationship[] {
  const doc = parseXml(bytes, { part });
  if (!doc.ok) abort('sign/docx-bad-relationships', `${part} cannot be read: ${doc.errors[0]!.message}`);
  const out: Relationship[] = [];
  for (const c of doc.value.root.children) {
    if (c.kind !== 'element' || !c.name.endsWith('Relationship')) continue;
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(c.attrs)) if (k !== 'xmlns' && !k.startsWith('xmlns:')) attrs[k] = v;
    const mode = attr(c, 'TargetMode');
    out.push({ id: attr(c, 'Id') ?? '', type: attr(c, 'Type') ?? '', target: attr(c, 'Target') ?? '', ...(mode ? { targetMode: mode } : {}), attrs });
  }
  return out;
}

/** The relationships part of a source part: `word/document.xml` → `word/_rels/document.xml.rels`; '' → `_rels/.rels`. */
export function relsPartOf(source: string): string {
  const slash = source.lastIndexOf('/');
  return slash < 0 ? `_rels/${source}.rels` : `${source.slice(0, slash)}/_rels/${source.slice(slash + 1)}.rels`;
}

/** The source part of a relationships part (inverse of `relsPartOf`; '' for the package). */
export function sourceOfRels(rels: string): string | undefined {
  const i = rels.lastIndexOf('_rels/');
  if (i < 0 || !rels.endsWith('.rels') || (i > 0 && rels[i - 1] !== '/') || rels.indexOf('/', i + 6) >= 0) return undefined;
  return rels.slice(0, i) + rels.slice(i + 6, -5);
}

function escapeAttr(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/\t/g, '&#x9;').replace(/\n/g, '&#xA;').replace(/\r/g, '&#xD;');
}

/**
 * Applies the RelationshipTransform (§13.2.4.24) for the given Ids and returns the canonical
 * XML (C14N 1.0) of its output: the selected Relationship elements sorted by Id, TargetMode made
 * explicit, attributes in canonical order, nothing else.
 */
export function relationshipTransform(rels: readonly Relationship[], sourceIds: ReadonlySet<string>, sourceTypes: ReadonlySet<string> = new Set()): string {
  const picked = rels.filter((r) => sourceIds.has(r.id) || sourceTypes.has(r.type));
  picked.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  let out = `<Relationships xmlns="${RELS_NS}">`;
  for (const r of picked) {
    const attrs: Record<string, string> = { ...r.attrs };
    if (!attrs.TargetMode) attrs.TargetMode = 'Internal';
    const names = Object.keys(attrs).sort();
    out += '<Relationship' + names.map((n) => ` ${n}="${escapeAttr(attrs[n]!)}"`).join('') + '></Relationship>';
  }
  return out + '</Relationships>';
}

/** Reads the `SourceId` / `SourceType` selectors of a RelationshipTransform element. */
export function transformSelectors(transform: XmlElement): { ids: Set<string>; types: Set<string> } {
  const ids = new Set<string>();
  const types = new Set<string>();
  for (const c of transform.children) {
    if (c.kind !== 'element') continue;
    if (c.name.endsWith('RelationshipReference')) ids.add(attr(c, 'SourceId') ?? '');
    if (c.name.endsWith('RelationshipsGroupReference')) types.add(attr(c, 'SourceType') ?? '');
  }
  return { ids, types };
}

/** Decodes a part as text for textual edits (insertions before a closing tag). */
export function partText(bytes: Uint8Array): string {
  return decodeUtf8(bytes);
}
