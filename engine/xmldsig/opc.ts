/**
 * The Open Packaging Conventions parts a package signature refers to (ECMA-376 Part 2): part names
 * and content types (§10.1.2.4 [Content_Types].xml), relationship parts (§9.3), the digital
 * signature origin and signature parts (§13.2), and the Relationships Transform (§13.2.4.24) that
 * selects the signed relationships of a relationship part before canonicalisation.
 */
import { abort } from '../core';
import type { ZipArchive } from '../zip';
import { escapeAttr } from './c14n';
import type { XElement } from './xml-tree';
import { parseXTree, xAttr } from './xml-tree';

/** A readable package. */
export interface Package {
  readonly zip: ZipArchive;
  /** Part names without the leading slash, as stored (case kept). */
  readonly parts: readonly string[];
  /** Content type of a part name (case-insensitive lookup), from Override or Default. */
  contentType(part: string): string | undefined;
  read(part: string): Uint8Array | undefined;
}

/** One relationship. */
export interface Relationship {
  readonly id: string;
  readonly type: string;
  readonly target: string;
  readonly targetMode?: string;
}

/** Relationships namespace (§9.3.2). */
export const RELS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
/** The Relationships Transform algorithm URI (§13.2.4.24). */
export const RELATIONSHIP_TRANSFORM = 'http://schemas.openxmlformats.org/package/2006/RelationshipTransform';
/** Relationship type of the digital signature origin part (§13.2.4.1). */
export const REL_SIGNATURE_ORIGIN = 'http://schemas.openxmlformats.org/package/2006/relationships/digital-signature/origin';
/** Relationship type of a signature part, from the origin (§13.2.4.2). */
export const REL_SIGNATURE = 'http://schemas.openxmlformats.org/package/2006/relationships/digital-signature/signature';

/**
 * Relationship types whose targets package signatures leave out by design, as Word does: document
 * properties and the thumbnail (they change on save) and the signature infrastructure itself.
 */
export const UNSIGNED_BY_DESIGN: ReadonlySet<string> = new Set([
  'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties',
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties',
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/custom-properties',
  'http://schemas.openxmlformats.org/package/2006/relationships/metadata/thumbnail',
  REL_SIGNATURE_ORIGIN,
  REL_SIGNATURE,
]);

/** Content types of a package (§10.1.2.2): Default by extension, Override by part name (both lower-case, no leading slash). */
export interface ContentTypes {
  readonly defaults: ReadonlyMap<string, string>;
  readonly overrides: ReadonlyMap<string, string>;
}

/** Reads [Content_Types].xml. */
export function readContentTypes(bytes: Uint8Array): ContentTypes {
  const defaults = new Map<string, string>();
  const overrides = new Map<string, string>();
  const doc = parseXTree(new TextDecoder().decode(bytes));
  for (const c of doc.root.children) {
    if (c.kind !== 'element') continue;
    const type = xAttr(c, 'ContentType') ?? '';
    if (c.local === 'Default') defaults.set((xAttr(c, 'Extension') ?? '').toLowerCase(), type);
    if (c.local === 'Override') overrides.set((xAttr(c, 'PartName') ?? '').replace(/^\//, '').toLowerCase(), type);
  }
  return { defaults, overrides };
}

/** The content type of a part name (case-insensitive), from its Override or its extension's Default. */
export function contentTypeOf(ct: ContentTypes, part: string): string | undefined {
  const key = part.replace(/^\//, '').toLowerCase();
  const o = ct.overrides.get(key);
  if (o !== undefined) return o;
  const dot = key.lastIndexOf('.');
  return dot >= 0 ? ct.defaults.get(key.slice(dot + 1)) : undefined;
}

/** Opens a package over a zip archive. */
export function openPackage(zip: ZipArchive): Package {
  const parts = zip.entries.map((e) => e.name).filter((n) => !n.endsWith('/'));
  const entry = zip.find('[Content_Types].xml');
  const ct = entry ? readContentTypes(zip.read(entry)) : { defaults: new Map<string, string>(), overrides: new Map<string, string>() };
  return {
    zip,
    parts,
    contentType: (part: string): string | undefined => contentTypeOf(ct, part),
    read(part: string): Uint8Array | undefined {
      const e = zip.find(part.replace(/^\//, ''));
      return e ? zip.read(e) : undefined;
    },
  };
}

/** The relationship part name of a source part (§9.3.3: `dir/_rels/name.rels`; the package's is `_rels/.rels`). */
export function relsPartOf(source: string): string {
  const s = source.replace(/^\//, '');
  const slash = s.lastIndexOf('/');
  return `${s.slice(0, slash + 1)}_rels/${s.slice(slash + 1)}.rels`;
}

/** The source part of a relationship part name, '' for the package. */
export function sourceOfRels(rels: string): string | undefined {
  const m = /^(.*?)_rels\/([^/]*)\.rels$/i.exec(rels.replace(/^\//, ''));
  return m ? `${m[1]}${m[2]}` : undefined;
}

/** Resolves a relative target against its source part (§9.3.2). */
export function resolveTarget(source: string, target: string): string {
  if (target.startsWith('/')) return normalize(target.slice(1));
  const s = source.replace(/^\//, '');
  const base = s.slice(0, s.lastIndexOf('/') + 1);
  return normalize(base + target);
}

function normalize(path: string): string {
  const out: string[] = [];
  for (const seg of decodeURIComponentSafe(path).split('/')) {
    if (seg === '..') out.pop();
    else if (seg !== '.' && seg !== '') out.push(seg);
  }
  return out.join('/');
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Parses a relationships part. */
export function readRelationships(bytes: Uint8Array): { root: XElement; list: Relationship[] } {
  const root = parseXTree(new TextDecoder().decode(bytes)).root;
  if (root.local !== 'Relationships') abort('xmldsig/bad-relationships', 'A relationships part has no Relationships root.');
  const list: Relationship[] = [];
  for (const c of root.children) {
    if (c.kind !== 'element' || c.local !== 'Relationship' || c.uri !== RELS_NS) continue;
    const mode = xAttr(c, 'TargetMode');
    list.push({ id: xAttr(c, 'Id') ?? '', type: xAttr(c, 'Type') ?? '', target: xAttr(c, 'Target') ?? '', ...(mode ? { targetMode: mode } : {}) });
  }
  return { root, list };
}

/**
 * The Relationships Transform followed by Canonical XML (the only way Office uses it): relationships
 * selected by Id or Type, sorted by Id (ordinal), TargetMode defaulted to Internal, no content,
 * serialised in canonical form (attributes in name order, start/end tag pairs).
 */
export function relationshipTransformC14n(list: readonly Relationship[], sourceIds: ReadonlySet<string>, sourceTypes: ReadonlySet<string> = new Set()): string {
  const chosen = list.filter((r) => sourceIds.has(r.id) || sourceTypes.has(r.type)).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  let out = `<Relationships xmlns="${RELS_NS}">`;
  for (const r of chosen) {
    out += `<Relationship Id="${escapeAttr(r.id)}" Target="${escapeAttr(r.target)}" TargetMode="${escapeAttr(r.targetMode ?? 'Internal')}" Type="${escapeAttr(r.type)}"></Relationship>`;
  }
  return `${out}</Relationships>`;
}
