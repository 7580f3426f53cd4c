/**
 * The package a template is filled in: the zip's parts, parsed on demand, rewritten only when
 * changed (untouched parts keep their bytes), relationships and [Content_Types].xml kept consistent.
 *
 * OPC (ECMA-376 Part 2): relationships §9.3 (`_rels/NAME.rels`, Id unique per part), content types
 * §10.1.2 (`Default` by extension, `Override` by part name), part names compared case-insensitively.
 */
import { abort, concatBytes, crc32, DiagnosticError, DEFAULT_LIMITS, xmlPartTooLarge, type InputLimits } from '../core';
import { CANONICAL_PREFIX, decodeXmlBytes, NAMESPACE_URI, parseXml, serializeXmlChunks, type XmlDocument, type XmlElement } from '../xml';
import { openZip, writeZip, type ZipArchive, type ZipInput } from '../zip';
import type { FieldLocation } from './types';
import { ownAttrs, ownChildren } from './wml';

const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const STRICT_REL_NS = 'http://purl.oclc.org/ooxml/officeDocument/relationships';
const PKG_RELS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** Relationship type of an image (ECMA-376 Part 1 §15.2.14). */
export const IMAGE_REL_TYPE = `${REL_NS}/image`;

/** A part holding document content the engine fills. */
export interface StoryPart {
  readonly name: string;
  readonly story: FieldLocation['story'];
}

const STORY_TYPES: ReadonlyArray<[string, FieldLocation['story']]> = [
  ['header', 'header'],
  ['footer', 'footer'],
  ['footnotes', 'footnotes'],
  ['endnotes', 'endnotes'],
];

interface RelsPart {
  readonly name: string;
  readonly doc: XmlDocument;
  readonly ids: Set<string>;
}

/** An opened DOCX package with lazily parsed XML parts. */
export class TemplatePackage {
  private readonly zip: ZipArchive;
  private readonly xmlCache = new Map<string, XmlDocument>();
  private readonly dirty = new Set<string>();
  private readonly relsCache = new Map<string, RelsPart>();
  private readonly added: ZipInput[] = [];
  private readonly addedNames = new Set<string>();
  private readonly mediaByHash = new Map<string, { name: string; data: Uint8Array }[]>();
  private readonly relByPartMedia = new Map<string, string>();
  private storyList: StoryPart[] | undefined;
  private mediaCounter = 0;
  /** The changed parts' bytes, once toBytes has run: their trees are released then. */
  private written: Map<string, Uint8Array> | undefined;
  /** Elements parsed so far over all parts: they share limits.maxXmlElements. */
  private readonly elementBudget = { spent: 0 };
  readonly limits: InputLimits;

  constructor(bytes: Uint8Array, limits: InputLimits = DEFAULT_LIMITS) {
    this.limits = limits;
    this.zip = openZip(bytes, limits);
  }

  /** Warnings the zip reader gathered. */
  get zipWarnings() {
    return this.zip.warnings;
  }

  /** The main document part name (from `_rels/.rels`, officeDocument relationship). */
  mainPart(): string {
    const rels = this.readRels('');
    for (const r of relationshipElements(rels)) {
      if ((r.attrs.Type ?? '').endsWith('/officeDocument') && r.attrs.TargetMode !== 'External') {
        const name = resolveTarget('', r.attrs.Target ?? '');
        if (this.zip.find(name)) return this.zip.find(name)!.name;
      }
    }
    if (this.zip.find('word/document.xml')) return this.zip.find('word/document.xml')!.name;
    abort('template/no-document', 'The package has no main document part (word/document.xml).', {
      hint: 'Check that the file is a Word document (.docx), not a spreadsheet or presentation.',
    });
  }

  /** The body, then headers, footers, footnotes and endnotes, in relationship order. */
  stories(): StoryPart[] {
    if (this.storyList) return this.storyList;
    const main = this.mainPart();
    const list: StoryPart[] = [{ name: main, story: 'body' }];
    const seen = new Set([main.toLowerCase()]);
    const rels = this.readRels(main);
    for (const [suffix, story] of STORY_TYPES) {
      for (const r of relationshipElements(rels)) {
        if (!(r.attrs.Type ?? '').endsWith(`/${suffix}`) || r.attrs.TargetMode === 'External') continue;
        const entry = this.zip.find(resolveTarget(main, r.attrs.Target ?? ''));
        if (!entry || seen.has(entry.name.toLowerCase())) continue;
        seen.add(entry.name.toLowerCase());
        list.push({ name: entry.name, story });
      }
    }
    this.storyList = list;
    return list;
  }

  /** The first part `source` relates to with a relationship type ending in `/typeSuffix`. */
  relatedPart(source: string, typeSuffix: string): string | undefined {
    for (const r of relationshipElements(this.readRels(source))) {
      if (!(r.attrs.Type ?? '').endsWith(`/${typeSuffix}`) || r.attrs.TargetMode === 'External') continue;
      const entry = this.zip.find(resolveTarget(source, r.attrs.Target ?? ''));
      if (entry) return entry.name;
    }
    return undefined;
  }

  /** True when the package has the part. */
  has(name: string): boolean {
    return this.zip.find(name) !== undefined || this.addedNames.has(name.toLowerCase());
  }

  /** A part's bytes. */
  read(name: string): Uint8Array {
    return this.zip.read(name);
  }

  /** Parses an XML part once (whitespace kept, so rewritten parts stay close to their source). */
  xml(name: string): XmlDocument {
    const hit = this.xmlCache.get(name);
    if (hit) return hit;
    if (this.written) throw new Error(`The package was written; ${name} can no longer be read as XML.`);
    let bytes: Uint8Array | undefined = this.zip.read(name);
    if (bytes.length > this.limits.maxXmlPartBytes) throw new DiagnosticError(xmlPartTooLarge(name, bytes.length, this.limits.maxXmlPartBytes));
    // Decoded before the parse and let go: the part's bytes are not held beside its text and growing tree.
    const text = decodeXmlBytes(bytes);
    bytes = undefined;
    // Empty attributes and self-closing elements' children share frozen empties (ownAttrs before a change).
    const parsed = parseXml(text, { part: name, keepWhitespace: true, shareEmpty: true, limits: this.limits, elementBudget: this.elementBudget });
    if (!parsed.ok) throw new DiagnosticError(parsed.errors[0]!);
    this.xmlCache.set(name, parsed.value);
    return parsed.value;
  }

  /** Marks a parsed part as changed, so it is serialised on write. */
  touch(name: string): void {
    this.dirty.add(name);
  }

  /**
   * Adds an image for use in `part` and returns its relationship id. Identical bytes share one media
   * part, and one relationship per source part.
   */
  addImage(part: string, data: Uint8Array, ext: 'png' | 'jpeg'): string {
    const media = this.mediaPart(data, ext);
    const key = `${part}\u0000${media}`;
    const known = this.relByPartMedia.get(key);
    if (known) return known;
    const rels = this.relsFor(part);
    const id = nextRelId(rels.ids);
    rels.ids.add(id);
    ownChildren(rels.doc.root).push({
      kind: 'element',
      name: 'Relationship',
      attrs: { Id: id, Type: IMAGE_REL_TYPE, Target: relativeTarget(part, media) },
      children: [],
    });
    this.dirty.add(rels.name);
    this.ensureDefaultContentType(ext, ext === 'png' ? 'image/png' : 'image/jpeg');
    this.relByPartMedia.set(key, id);
    return id;
  }

  /**
   * Serialises changed parts and writes the package (entry order kept, new entries appended). This
   * ends the package's edits (`xml` refuses after it): the parsed trees are released as soon as the
   * changed parts are serialised, before their bytes are joined and compressed, so a part's tree, its
   * serialised bytes and its compressed form are not all held at once.
   */
  toBytes(): Uint8Array {
    const written = this.writeParts();
    const out: ZipInput[] = [];
    for (const entry of this.zip.entries) {
      if (entry.name.endsWith('/')) continue;
      out.push({ name: entry.name, data: written.get(entry.name) ?? this.bytesOf(entry.name) });
    }
    for (const a of this.added) {
      const data = written.get(a.name);
      out.push(data ? { name: a.name, data } : a);
    }
    return writeZip(out);
  }

  /** Serialises the changed parts once, then drops every parsed tree. */
  private writeParts(): Map<string, Uint8Array> {
    if (this.written) return this.written;
    const pieces = new Map<string, Uint8Array[]>();
    for (const name of this.dirty) {
      const chunks = this.serializePart(name);
      if (chunks) pieces.set(name, chunks);
    }
    this.xmlCache.clear();
    this.relsCache.clear();
    const written = new Map<string, Uint8Array>();
    for (const [name, chunks] of pieces) {
      pieces.delete(name);
      written.set(name, concatBytes(chunks));
    }
    this.written = written;
    return written;
  }

  /** Makes sure a part's root declares the given canonical prefixes (for elements the engine creates). */
  ensureNamespaces(part: string, prefixes: readonly string[]): void {
    const doc = this.xml(part);
    const root = doc.root;
    for (const p of prefixes) {
      if (root.attrs[`xmlns:${p}`] !== undefined) continue;
      const uri = doc.strict ? strictUri(p) ?? NAMESPACE_URI[p] : NAMESPACE_URI[p];
      if (uri) ownAttrs(root)[`xmlns:${p}`] = uri;
    }
    this.dirty.add(part);
  }

  /**
   * A changed part's bytes in pieces, its tree dropped from the cache. A method of its own: a
   * variable of the caller's loop would keep the last part's tree alive on the stack.
   */
  private serializePart(name: string): Uint8Array[] | undefined {
    const doc = this.xmlCache.get(name);
    if (!doc) return undefined;
    this.xmlCache.delete(name);
    return serializeXmlChunks(doc);
  }

  private bytesOf(name: string): Uint8Array {
    const added = this.added.find((a) => a.name === name);
    return added ? added.data : this.zip.read(name);
  }

  private mediaPart(data: Uint8Array, ext: string): string {
    const hash = `${crc32(data)}:${data.length}:${ext}`;
    const list = this.mediaByHash.get(hash) ?? [];
    for (const m of list) if (sameBytes(m.data, data)) return m.name;
    let name: string;
    do name = `word/media/colophon-image${++this.mediaCounter}.${ext}`;
    while (this.has(name));
    this.added.push({ name, data });
    this.addedNames.add(name.toLowerCase());
    list.push({ name, data });
    this.mediaByHash.set(hash, list);
    return name;
  }

  private relsFor(part: string): RelsPart {
    const wanted = relsName(part);
    const hit = this.relsCache.get(wanted);
    if (hit) return hit;
    const entry = this.zip.find(wanted);
    const name = entry ? entry.name : wanted;
    let doc: XmlDocument;
    if (entry) {
      doc = this.xml(name);
    } else {
      doc = { declaration: { version: '1.0', encoding: 'UTF-8', standalone: 'yes' }, prolog: [], root: { kind: 'element', name: 'Relationships', attrs: { xmlns: PKG_RELS_NS }, children: [] }, strict: false };
      this.xmlCache.set(name, doc);
      this.added.push({ name, data: new Uint8Array(0) });
      this.addedNames.add(name.toLowerCase());
      this.ensureDefaultContentType('rels', 'application/vnd.openxmlformats-package.relationships+xml');
    }
    const ids = new Set(relationshipElements(doc).map((r) => r.attrs.Id ?? ''));
    const rels = { name, doc, ids };
    this.relsCache.set(wanted, rels);
    return rels;
  }

  private readRels(part: string): XmlDocument | undefined {
    const entry = this.zip.find(relsName(part));
    return entry ? this.xml(entry.name) : undefined;
  }

  private ensureDefaultContentType(ext: string, type: string): void {
    const entry = this.zip.find('[Content_Types].xml');
    if (!entry) abort('template/no-content-types', 'The package has no [Content_Types].xml.', { hint: 'The file is not a valid Office Open XML package.' });
    const doc = this.xml(entry.name);
    const root = doc.root;
    for (const c of root.children) {
      if (c.kind === 'element' && localOf(c.name) === 'Default' && (c.attrs.Extension ?? '').toLowerCase() === ext) return;
    }
    const prefix = root.name.includes(':') ? root.name.slice(0, root.name.indexOf(':') + 1) : '';
    ownChildren(root).unshift({ kind: 'element', name: `${prefix}Default`, attrs: { Extension: ext, ContentType: type }, children: [] });
    this.dirty.add(entry.name);
  }
}

function relationshipElements(doc: XmlDocument | undefined): XmlElement[] {
  if (!doc) return [];
  const out: XmlElement[] = [];
  for (const c of doc.root.children) if (c.kind === 'element' && localOf(c.name) === 'Relationship') out.push(c);
  return out;
}

function localOf(name: string): string {
  const i = name.indexOf(':');
  return i === -1 ? name : name.slice(i + 1);
}

/** `word/document.xml` → `word/_rels/document.xml.rels`; `''` (the package) → `_rels/.rels`. */
export function relsName(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

/** Resolves a relationship target against its source part (ECMA-376 Part 2 §9.3.2.2 / RFC 3986). */
export function resolveTarget(source: string, target: string): string {
  const t = target.replace(/\\/g, '/');
  const base = t.startsWith('/') ? [] : source.split('/').slice(0, -1);
  for (const seg of t.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') base.pop();
    else base.push(seg);
  }
  return base.join('/');
}

/** The relative target from `source` to `target` (both package part names). */
export function relativeTarget(source: string, target: string): string {
  const from = source.split('/').slice(0, -1);
  const to = target.split('/');
  let i = 0;
  while (i < from.length && i < to.length - 1 && from[i] === to[i]) i++;
  return [...from.slice(i).map(() => '..'), ...to.slice(i)].join('/');
}

function nextRelId(ids: Set<string>): string {
  let max = 0;
  for (const id of ids) {
    const m = /^rId(\d+)$/.exec(id);
    if (m) max = Math.max(max, Number(m[1]));
  }
  let n = max + 1;
  while (ids.has(`rId${n}`)) n++;
  return `rId${n}`;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function strictUri(prefix: string): string | undefined {
  if (prefix === 'r') return STRICT_REL_NS;
  for (const [uri, p] of CANONICAL_PREFIX) if (p === prefix && uri.startsWith('http://purl.oclc.org/ooxml/')) return uri;
  return undefined;
}
