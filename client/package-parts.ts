/**
 * Finds and parses the metadata parts of a DOCX package: the main document's settings part
 * (`w15:docId`), the core properties (`dcterms:created`) and the custom properties (`DocumentGuid`).
 *
 * Parts are located through their relationships (OPC, ECMA-376 Part 2 §9.3): `_rels/.rels` for the
 * officeDocument, core-properties and custom-properties parts, the main document's `.rels` for the
 * settings part; the conventional names are used when a relationship is missing.
 * Never throws: an unreadable package or part simply has no metadata.
 */
import { DiagnosticError } from '../engine/core';
import { attr, children, parseXml, type XmlDocument } from '../engine/xml';
import { openZip, type ZipArchive } from '../engine/zip';

/** Relationship types of the parts we read (ECMA-376 Part 1 §15.2, Part 2 §11.1). */
export const REL_TYPES = {
  officeDocument: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument',
  settings: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/settings',
  core: 'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties',
  custom: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/custom-properties',
} as const;

/** An opened package with the names of its metadata parts (present or not). */
export interface MetadataParts {
  readonly zip: ZipArchive;
  readonly mainPart: string;
  readonly settingsPart: string;
  readonly corePart: string;
  readonly customPart: string;
  /** True when `_rels/.rels` names a core / custom properties part. */
  readonly hasCoreRel: boolean;
  readonly hasCustomRel: boolean;
}

/** Opens a package and locates its metadata parts, or returns undefined when it is not a readable zip. */
export function openMetadataParts(bytes: Uint8Array): MetadataParts | undefined {
  let zip: ZipArchive;
  try {
    zip = openZip(bytes);
  } catch (e) {
    if (e instanceof DiagnosticError) return undefined;
    throw e;
  }
  const pkgRels = relationships(zip, '_rels/.rels');
  const mainPart = pkgRels.get(REL_TYPES.officeDocument) ?? 'word/document.xml';
  const docRels = relationships(zip, relsPartOf(mainPart));
  const settings = docRels.get(REL_TYPES.settings);
  return {
    zip,
    mainPart,
    settingsPart: settings ?? 'word/settings.xml',
    corePart: pkgRels.get(REL_TYPES.core) ?? 'docProps/core.xml',
    customPart: pkgRels.get(REL_TYPES.custom) ?? 'docProps/custom.xml',
    hasCoreRel: pkgRels.has(REL_TYPES.core),
    hasCustomRel: pkgRels.has(REL_TYPES.custom),
  };
}

/** Reads and parses one XML part, or undefined when it is absent, corrupt or not well-formed. */
export function readXmlPart(zip: ZipArchive, name: string): XmlDocument | undefined {
  const entry = zip.find(name);
  if (!entry) return undefined;
  try {
    const parsed = parseXml(zip.read(entry), { part: name });
    return parsed.ok ? parsed.value : undefined;
  } catch (e) {
    if (e instanceof DiagnosticError) return undefined;
    throw e;
  }
}

/** The `.rels` part name that holds a part's relationships (ECMA-376 Part 2 §9.3.3). */
export function relsPartOf(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

/** Relationship type → resolved target part name (first internal relationship of each type). */
function relationships(zip: ZipArchive, relsPart: string): Map<string, string> {
  const out = new Map<string, string>();
  const doc = readXmlPart(zip, relsPart);
  if (!doc) return out;
  const source = relsPart.replace(/_rels\/([^/]*)\.rels$/, '$1');
  for (const rel of children(doc.root, 'Relationship')) {
    const type = attr(rel, 'Type');
    const target = attr(rel, 'Target');
    if (!type || !target || attr(rel, 'TargetMode') === 'External' || out.has(type)) continue;
    out.set(type, resolveTarget(source, target));
  }
  return out;
}

/** Resolves a relationship target against its source part (ECMA-376 Part 2 §9.3.2.2); package-relative result. */
export function resolveTarget(source: string, target: string): string {
  if (target.startsWith('/')) return normalise(target.slice(1));
  const slash = source.lastIndexOf('/');
  return normalise(`${source.slice(0, slash + 1)}${target}`);
}

function normalise(path: string): string {
  const out: string[] = [];
  for (const seg of path.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return out.join('/');
}
