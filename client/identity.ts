/**
 * Document identity for usage telemetry (../shared/API.md, "Client library telemetry").
 *
 * With a GUID and a creation time in the file: documentId = `HASH-` + CRC-32 (IEEE) of
 * `GUID + "|" + created` (UTF-8), 8 upper-case hex digits. Otherwise: CRC-32 of the raw file bytes,
 * and the missing GUID (UUID v4) and/or creation time (UTC, seconds zeroed) are generated; the caller
 * writes them into the file on export (`writeDocumentIdentity`), so the exported file, reopened, is
 * identified by its metadata hash. Works in Node and in browsers (no DOM).
 */
import { crc32, encodeUtf8 } from '../engine/core';
import { attr, children, textContent, type XmlElement } from '../engine/xml';
import { openMetadataParts, readXmlPart, type MetadataParts } from './package-parts';

/** What identifies a document in telemetry events. */
export interface DocumentIdentity {
  /** `HASH-` and 8 upper-case hex digits. */
  readonly documentId: string;
  /** The file's `dcterms:created` verbatim, or the generated time (`YYYY-MM-DDTHH:MM:00Z`). */
  readonly documentCreatedAt: string;
  /** The file's GUID (without braces), or a generated UUID v4. */
  readonly guid: string;
  /** True when the GUID and/or the creation time were missing and generated. */
  readonly generated: boolean;
  /** Which values were generated (what an export must write into the file). */
  readonly generatedFields: { readonly guid: boolean; readonly createdAt: boolean };
}

/** Where generated values come from (tests give fixed ones). */
export interface IdentityOptions {
  /** The current time (default: the system clock). */
  readonly now?: () => Date;
  /** A UUID v4 (default: `crypto.randomUUID`). */
  readonly randomUUID?: () => string;
}

/** The GUID and creation time a package declares, each undefined when absent or empty. */
export interface DeclaredIdentity {
  readonly guid?: string;
  readonly createdAt?: string;
}

/** The custom property name that carries the GUID when `w15:docId` is absent. */
export const GUID_PROPERTY = 'DocumentGuid';

/**
 * Computes a document's telemetry identity from its bytes; see the module comment.
 * Bytes that are not a DOCX are identified by their content hash; nothing in the input can make it
 * throw (generating a GUID needs `crypto.getRandomValues`, present in Node and every browser).
 */
export function documentIdentity(bytes: Uint8Array, options: IdentityOptions = {}): DocumentIdentity {
  const parts = openMetadataParts(bytes);
  const declared = parts ? readDeclaredIdentity(parts) : {};
  if (declared.guid !== undefined && declared.createdAt !== undefined) {
    return {
      documentId: hashId(encodeUtf8(`${declared.guid}|${declared.createdAt}`)),
      documentCreatedAt: declared.createdAt,
      guid: declared.guid,
      generated: false,
      generatedFields: { guid: false, createdAt: false },
    };
  }
  const guid = declared.guid ?? generateGuid(options);
  const createdAt = declared.createdAt ?? formatCreatedAt((options.now ?? (() => new Date()))());
  return {
    documentId: hashId(bytes),
    documentCreatedAt: createdAt,
    guid,
    generated: true,
    generatedFields: { guid: declared.guid === undefined, createdAt: declared.createdAt === undefined },
  };
}

/** Reads the GUID (`w15:docId`, else the `DocumentGuid` custom property) and `dcterms:created` of a package. */
export function readDeclaredIdentity(parts: MetadataParts): DeclaredIdentity {
  const guid = docIdOf(parts) ?? customGuidOf(parts);
  const createdAt = createdOf(parts);
  return { ...(guid !== undefined ? { guid } : {}), ...(createdAt !== undefined ? { createdAt } : {}) };
}

/** `HASH-` + CRC-32 (IEEE) as 8 upper-case hex digits. */
export function hashId(bytes: Uint8Array): string {
  return `HASH-${crc32(bytes).toString(16).toUpperCase().padStart(8, '0')}`;
}

/** Formats a generated creation time: UTC, seconds zeroed, `YYYY-MM-DDTHH:MM:00Z`. */
export function formatCreatedAt(date: Date): string {
  return `${date.toISOString().slice(0, 16)}:00Z`;
}

/** Strips the braces Word writes around GUIDs (`{8F2A…}`) and surrounding whitespace. */
export function normaliseGuid(value: string): string | undefined {
  const v = value.trim().replace(/^\{/, '').replace(/\}$/, '').trim();
  return v === '' ? undefined : v;
}

/** `w:settings/w15:docId/@w15:val` (MS-DOCX §2.6.2.10, CT_Guid). */
function docIdOf(parts: MetadataParts): string | undefined {
  const settings = readXmlPart(parts.zip, parts.settingsPart);
  const el = settings ? children(settings.root, 'w15:docId')[0] : undefined;
  const val = attr(el, 'w15:val');
  return val === undefined ? undefined : normaliseGuid(val);
}

/** `op:Properties/op:property[@name='DocumentGuid']` (ECMA-376 Part 1 §22.3, custom file properties). */
function customGuidOf(parts: MetadataParts): string | undefined {
  const custom = readXmlPart(parts.zip, parts.customPart);
  if (!custom) return undefined;
  const prop = findCustomProperty(custom.root, GUID_PROPERTY);
  return prop ? normaliseGuid(textContent(prop)) : undefined;
}

/** `cp:coreProperties/dcterms:created` (ECMA-376 Part 2 §11.4), taken verbatim. */
function createdOf(parts: MetadataParts): string | undefined {
  const core = readXmlPart(parts.zip, parts.corePart);
  const el = core ? children(core.root, 'dcterms:created')[0] : undefined;
  if (!el) return undefined;
  const text = textContent(el);
  return text.trim() === '' ? undefined : text;
}

/** The custom property with this name (names compare case-insensitively, as Word treats them). */
export function findCustomProperty(root: XmlElement, name: string): XmlElement | undefined {
  const wanted = name.toLowerCase();
  return children(root, 'op:property').find((p) => (attr(p, 'name') ?? '').toLowerCase() === wanted);
}

function generateGuid(options: IdentityOptions): string {
  if (options.randomUUID) return options.randomUUID();
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  if (c && typeof c.getRandomValues === 'function') return uuidFromBytes(c.getRandomValues(new Uint8Array(16)));
  throw new Error('No crypto.getRandomValues in this environment to generate a document GUID.');
}

/** Formats 16 random bytes as a UUID v4 (RFC 9562 §5.4). */
export function uuidFromBytes(b: Uint8Array): string {
  const x = Uint8Array.from(b.subarray(0, 16));
  x[6] = (x[6]! & 0x0f) | 0x40;
  x[8] = (x[8]! & 0x3f) | 0x80;
  const h = Array.from(x, (v) => v.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
