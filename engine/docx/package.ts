/**
 * The OPC package (ECMA-376 Part 2): content types, relationships resolved relative to their source
 * part (§9.3), and XML parts parsed once, on demand, with limits applied.
 */
import { abort, DiagnosticError, xmlPartTooLarge, type DiagnosticBag, type InputLimits } from '../core';
import { attr, children, decodeXmlBytes, parseXml, type XmlElement } from '../xml';
import { openZip, type Crc32, type InflateRaw, type ZipArchive } from '../zip';

/** One relationship (CT_Relationship, Part 2 §9.3.2.2) with its target resolved to a part name or URL. */
export interface Relationship {
  readonly id: string;
  /** The type's last path segment(s) after `/relationships/`, e.g. `styles`, `image`, `metadata/core-properties`. */
  readonly type: string;
  /** Part name (no leading slash) for internal targets; the URI as written for external ones. */
  readonly target: string;
  readonly external: boolean;
}

/** An opened DOCX package. */
export interface DocxPackage {
  readonly zip: ZipArchive;
  /** Part name of the main document (usually `word/document.xml`). */
  readonly mainPart: string;
  /** Relationships of a part (or `''` for the package), by id. */
  rels(part: string): ReadonlyMap<string, Relationship>;
  /** The first relationship of a type from a part. */
  relOfType(part: string, type: string): Relationship | undefined;
  /** The root element of an XML part; undefined when absent; a warning (or an abort when `required`) when malformed. */
  xml(part: string, required?: boolean): XmlElement | undefined;
  /** The raw bytes of a part, or undefined (with a warning when damaged). */
  bytes(part: string): Uint8Array | undefined;
  /** The content type of a part from [Content_Types].xml (Override, else Default by extension). */
  contentType(part: string): string | undefined;
  /** True when any part used Strict OOXML namespaces. */
  readonly isStrict: () => boolean;
}

const LIMIT_CODES = new Set(['zip/too-large', 'zip/too-many-entries', 'zip/entry-too-large', 'zip/compression-ratio', 'zip/total-too-large', 'zip/encrypted']);

/** Opens the zip and locates the main document part; aborts with `docx/bad-zip` or `docx/no-main-document`. */
export function openPackage(bytes: Uint8Array, limits: InputLimits, bag: DiagnosticBag, inflateRaw?: InflateRaw, crc?: Crc32): DocxPackage {
  let zip: ZipArchive;
  try {
    zip = openZip(bytes, limits, inflateRaw, crc);
  } catch (e) {
    if (e instanceof DiagnosticError && !LIMIT_CODES.has(e.diagnostic.code)) {
      abort('docx/bad-zip', `The file is not a readable DOCX package: ${e.diagnostic.message}`, {
        hint: e.diagnostic.hint ?? 'Check that the file is a complete .docx saved by a word processor.',
      });
    }
    throw e;
  }
  bag.addAll(zip.warnings);
  const pkg = new Package(zip, limits, bag);
  if (!zip.find('[Content_Types].xml')) bag.warn('docx/no-content-types', 'The package has no [Content_Types].xml; content types are guessed from extensions.');
  const main = pkg.findMainPart();
  if (!main) {
    abort('docx/no-main-document', 'The package has no main document part (word/document.xml).', {
      hint: 'The file is a zip archive but not a Word document, or its _rels/.rels is damaged.',
    });
  }
  pkg.mainPart = main;
  return pkg;
}

const REL_MARK = '/relationships/';

/** Shortens a relationship type URI (Transitional, Strict or Microsoft) to its trailing segment(s). */
export function shortRelType(uri: string): string {
  const i = uri.lastIndexOf(REL_MARK);
  if (i !== -1) return uri.slice(i + REL_MARK.length);
  const j = uri.lastIndexOf('/');
  return j === -1 ? uri : uri.slice(j + 1);
}

/** Resolves a relationship target against its source part (Part 2 §9.3.4; RFC 3986 dot segments). */
export function resolvePartName(sourcePart: string, target: string): string {
  let t = target;
  try {
    t = decodeURIComponent(target);
  } catch {
    t = target;
  }
  const hash = t.indexOf('#');
  if (hash !== -1) t = t.slice(0, hash);
  const base = t.startsWith('/') ? [] : sourcePart.split('/').slice(0, -1);
  for (const seg of t.replace(/\\/g, '/').split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') base.pop();
    else base.push(seg);
  }
  return base.join('/');
}

/** The relationships part name for a part (`word/_rels/document.xml.rels`). */
export function relsPartName(part: string): string {
  if (part === '') return '_rels/.rels';
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

class Package implements DocxPackage {
  mainPart = '';
  private readonly relCache = new Map<string, ReadonlyMap<string, Relationship>>();
  private readonly xmlCache = new Map<string, XmlElement | null>();
  private types: { defaults: Map<string, string>; overrides: Map<string, string> } | undefined;
  private strict = false;
  /** Elements parsed so far over all parts: they share limits.maxXmlElements. */
  private readonly elementBudget = { spent: 0 };

  constructor(
    readonly zip: ZipArchive,
    private readonly limits: InputLimits,
    private readonly bag: DiagnosticBag,
  ) {}

  readonly isStrict = (): boolean => this.strict;

  findMainPart(): string | undefined {
    for (const rel of this.rels('').values()) {
      if (rel.type === 'officeDocument' && !rel.external && this.zip.find(rel.target)) return this.zip.find(rel.target)!.name;
    }
    // A package without usable _rels/.rels: fall back to the conventional name, then to the content type.
    if (this.zip.find('word/document.xml')) return this.zip.find('word/document.xml')!.name;
    for (const [name, ct] of this.contentTypes().overrides) {
      if (ct.includes('wordprocessingml.document.main') || ct.includes('wordprocessingml.template.main')) {
        const e = this.zip.find(name);
        if (e) return e.name;
      }
    }
    return undefined;
  }

  rels(part: string): ReadonlyMap<string, Relationship> {
    const hit = this.relCache.get(part);
    if (hit) return hit;
    const map = new Map<string, Relationship>();
    this.relCache.set(part, map);
    const root = this.xml(relsPartName(part));
    for (const r of children(root, 'Relationship')) {
      const id = attr(r, 'Id');
      const type = attr(r, 'Type');
      const target = attr(r, 'Target');
      if (!id || !type || target === undefined || map.has(id)) continue;
      const external = attr(r, 'TargetMode') === 'External';
      map.set(id, { id, type: shortRelType(type), target: external ? target : resolvePartName(part, target), external });
    }
    return map;
  }

  relOfType(part: string, type: string): Relationship | undefined {
    for (const r of this.rels(part).values()) if (r.type === type && !r.external) return r;
    return undefined;
  }

  xml(part: string, required = false): XmlElement | undefined {
    const cached = this.xmlCache.get(part);
    if (cached !== undefined) return cached ?? undefined;
    const text = this.xmlText(part, required);
    if (text === undefined) {
      this.xmlCache.set(part, null);
      return undefined;
    }
    const r = parseXml(text, { part, limits: this.limits, shareEmpty: true, shareRepeated: true, elementBudget: this.elementBudget });
    if (!r.ok) {
      const d = r.errors[0]!;
      // The element budget is the package's, not the part's: skipping the part would convert a
      // document without it (and the parts after it), so the whole conversion stops.
      if (d.code === 'xml/too-many-elements') throw new DiagnosticError({ ...d, hint: 'Raise limits.maxXmlElements if the document is genuine.' });
      if (required) abort('docx/bad-xml', `The main document part ${part} is not well-formed XML: ${d.message}`, { at: part });
      this.bag.warn('docx/bad-part', `The part ${part} is not well-formed XML and was skipped: ${d.message}`, { at: part });
      this.xmlCache.set(part, null);
      return undefined;
    }
    this.bag.addAll(r.warnings);
    if (r.value.strict) this.strict = true;
    this.xmlCache.set(part, r.value.root);
    return r.value.root;
  }

  /**
   * A part's decoded text. Its bytes are not referenced once it returns, so they (as large as the
   * text itself) can be collected while the tree is built.
   */
  private xmlText(part: string, required: boolean): string | undefined {
    const data = required ? this.requiredBytes(part) : this.bytes(part);
    if (!data) return undefined;
    if (data.length > this.limits.maxXmlPartBytes) throw new DiagnosticError(xmlPartTooLarge(part, data.length, this.limits.maxXmlPartBytes));
    return decodeXmlBytes(data);
  }

  bytes(part: string): Uint8Array | undefined {
    const entry = this.zip.find(part);
    if (!entry) return undefined;
    try {
      return this.zip.read(entry);
    } catch (e) {
      if (!(e instanceof DiagnosticError)) throw e;
      this.bag.warn('docx/bad-part', `The part ${part} could not be read and was skipped: ${e.diagnostic.message}`, { at: part });
      return undefined;
    }
  }

  private requiredBytes(part: string): Uint8Array {
    const entry = this.zip.find(part);
    if (!entry) abort('docx/no-main-document', `The package has no ${part}.`);
    try {
      return this.zip.read(entry);
    } catch (e) {
      if (!(e instanceof DiagnosticError)) throw e;
      return abort('docx/bad-zip', `The main document part ${part} could not be read: ${e.diagnostic.message}`, { at: part });
    }
  }

  contentType(part: string): string | undefined {
    const t = this.contentTypes();
    const o = t.overrides.get(part.toLowerCase());
    if (o) return o;
    const dot = part.lastIndexOf('.');
    return dot === -1 ? undefined : t.defaults.get(part.slice(dot + 1).toLowerCase());
  }

  private contentTypes(): { defaults: Map<string, string>; overrides: Map<string, string> } {
    if (this.types) return this.types;
    const defaults = new Map<string, string>();
    const overrides = new Map<string, string>();
    this.types = { defaults, overrides };
    const root = this.xml('[Content_Types].xml');
    for (const d of children(root, 'Default')) {
      const ext = attr(d, 'Extension');
      const ct = attr(d, 'ContentType');
      if (ext && ct) defaults.set(ext.toLowerCase(), ct);
    }
    for (const o of children(root, 'Override')) {
      const name = attr(o, 'PartName');
      const ct = attr(o, 'ContentType');
      if (name && ct) overrides.set(name.replace(/^\/+/, '').toLowerCase(), ct);
    }
    return this.types;
  }
}
