/**
 * An opened PDF: the merged cross-reference table plus lazy, cached object resolution, including
 * objects inside object streams (ISO 32000-1 §7.5.7). Only the objects a caller asks for are parsed,
 * so opening a large file costs the cross-reference sections and nothing more.
 */
import { DiagnosticBag, DiagnosticError, fail, ok, warning } from '../core';
import type { Diagnostic, Result } from '../core';
import { decodeStreamData } from './filters';
import type { PdfDict, PdfObject, PdfRef, PdfStream } from './objects';
import { isDict, isName, isRef, isStream } from './objects';
import { PdfParser } from './parser';
import type { XrefEntry, XrefInfo } from './xref';
import { readXref, reconstructXref } from './xref';
import { matchesAt } from './lexer';

/** Options for opening a PDF. */
export interface OpenPdfOptions {
  /** Rebuild the cross-reference table by scanning when it is unusable (default true). */
  readonly repair?: boolean;
  /** Largest accepted file size in bytes. */
  readonly maxBytes?: number;
}

/** Most objects one object stream may declare. */
const MAX_OBJSTM_OBJECTS = 1_000_000;

/** A parsed PDF file with lazy object access. */
export class PdfDocument {
  private readonly cache = new Map<number, PdfObject>();
  private readonly objStreams = new Map<number, { data: Uint8Array; offsets: Map<number, number> } | null>();
  private readonly resolving = new Set<number>();
  /** Warnings met while resolving objects after opening. */
  readonly warnings: Diagnostic[] = [];

  constructor(
    readonly bytes: Uint8Array,
    readonly xref: XrefInfo,
    /** True when the cross-reference table had to be rebuilt by scanning. */
    readonly repaired: boolean,
  ) {}

  /** The newest trailer dictionary. */
  get trailer(): PdfDict {
    return this.xref.trailer;
  }

  /** The offset the file's last `startxref` points to (the /Prev of an incremental update). */
  get startXref(): number {
    return this.xref.sections[0]?.offset ?? 0;
  }

  /** The kind of the newest cross-reference section. */
  get xrefKind(): 'table' | 'stream' {
    return this.xref.sections[0]?.kind ?? 'table';
  }

  /** One more than the highest object number in use (the next free object number). */
  get size(): number {
    let max = 0;
    for (const n of this.xref.entries.keys()) if (n > max) max = n;
    const s = this.trailer.entries.get('Size');
    // A /Size far beyond the objects present is a lie; trusting it would push new objects past the limit.
    const declared = typeof s === 'number' && Number.isInteger(s) && s > 0 && s <= max + 1 + 100_000 ? s : 0;
    return Math.max(max + 1, declared);
  }

  /** The generation number of an object as the xref lists it (0 for compressed or unknown objects). */
  generationOf(num: number): number {
    const e = this.xref.entries.get(num);
    return e && e.type === 'used' ? e.gen : 0;
  }

  /** Follows references (a bounded number of hops) and returns the direct object; missing objects read as null. */
  resolve(o: PdfObject | undefined): PdfObject {
    let cur: PdfObject | undefined = o;
    for (let hops = 0; hops < 32 && isRef(cur); hops++) cur = this.getObject(cur.num);
    return cur === undefined || isRef(cur) ? null : cur;
  }

  /** Resolves and returns a dictionary (a stream's dictionary counts), or undefined. */
  resolveDict(o: PdfObject | undefined): PdfDict | undefined {
    const v = this.resolve(o);
    if (isDict(v)) return v;
    if (isStream(v)) return v.dict;
    return undefined;
  }

  /** Returns object `num` as stored (null when free, missing or unreadable, with a warning). */
  getObject(num: number): PdfObject {
    const hit = this.cache.get(num);
    if (hit !== undefined) return hit;
    if (this.resolving.has(num)) {
      this.warnings.push(warning('pdf/reference-cycle', `Object ${num} refers to itself while being read.`));
      return null;
    }
    this.resolving.add(num);
    let value: PdfObject = null;
    try {
      value = this.loadObject(num, this.xref.entries.get(num));
    } catch (e) {
      if (!(e instanceof DiagnosticError)) throw e;
      this.warnings.push(warning(e.diagnostic.code, `Object ${num}: ${e.diagnostic.message}`));
    } finally {
      this.resolving.delete(num);
    }
    this.cache.set(num, value);
    return value;
  }

  private loadObject(num: number, entry: XrefEntry | undefined): PdfObject {
    if (!entry || entry.type === 'free') return null;
    if (entry.type === 'compressed') return this.loadCompressed(num, entry.stream, entry.index);
    const parser = new PdfParser(this.bytes, 0, (n) => {
      const v = this.getObject(n);
      return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined;
    });
    const obj = parser.parseIndirectObject(entry.offset);
    if (obj.num !== num) {
      this.warnings.push(warning('pdf/xref-mismatch', `The xref entry of object ${num} points to object ${obj.num}.`));
      return null;
    }
    return obj.value;
  }

  private loadCompressed(num: number, streamNum: number, index: number): PdfObject {
    const os = this.objectStream(streamNum);
    if (!os) return null;
    const at = os.offsets.get(num);
    if (at === undefined) {
      this.warnings.push(warning('pdf/objstm-missing', `Object ${num} is not in object stream ${streamNum} (index ${index}).`));
      return null;
    }
    return new PdfParser(os.data, at).parseObject();
  }

  private objectStream(streamNum: number): { data: Uint8Array; offsets: Map<number, number> } | null {
    if (this.objStreams.has(streamNum)) return this.objStreams.get(streamNum)!;
    this.objStreams.set(streamNum, null);
    const entry = this.xref.entries.get(streamNum);
    if (!entry || entry.type !== 'used') return null;
    const s = this.getObject(streamNum);
    if (!isStream(s) || !isName(s.dict.entries.get('Type'), 'ObjStm')) return null;
    const parsed = parseObjectStream(s);
    this.objStreams.set(streamNum, parsed);
    return parsed;
  }

  /** The document catalog (§7.7.2). */
  catalog(): PdfDict | undefined {
    return this.resolveDict(this.trailer.entries.get('Root'));
  }

  /** The /Root reference of the trailer. */
  rootRef(): PdfRef | undefined {
    const r = this.trailer.entries.get('Root');
    return isRef(r) ? r : undefined;
  }
}

/** Parses an object stream's header (§7.5.7): pairs of object number and offset relative to /First. */
export function parseObjectStream(s: PdfStream): { data: Uint8Array; offsets: Map<number, number> } {
  const n = s.dict.entries.get('N');
  const first = s.dict.entries.get('First');
  if (typeof n !== 'number' || typeof first !== 'number' || n < 0 || first < 0 || n > MAX_OBJSTM_OBJECTS) {
    throw new DiagnosticError({ severity: 'error', code: 'pdf/bad-objstm', message: 'An object stream has a bad /N or /First.' });
  }
  const data = decodeStreamData(s);
  const parser = new PdfParser(data.subarray(0, Math.min(first, data.length)));
  const offsets = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const num = parser.parseObject();
    const off = parser.parseObject();
    if (typeof num !== 'number' || typeof off !== 'number') break;
    if (!offsets.has(num)) offsets.set(num, first + off);
  }
  return { data, offsets };
}

/** Opens a PDF: checks the header, reads the cross-reference chain (or rebuilds it) and the trailer. */
export function openPdf(bytes: Uint8Array, options: OpenPdfOptions = {}): Result<PdfDocument> {
  const bag = new DiagnosticBag();
  const maxBytes = options.maxBytes ?? 512 * 1024 * 1024;
  if (bytes.length > maxBytes) return fail({ severity: 'error', code: 'pdf/too-large', message: `The PDF is larger than ${maxBytes} bytes.` });
  if (!hasHeader(bytes)) {
    return fail({ severity: 'error', code: 'pdf/not-pdf', message: 'The input does not start with a %PDF- header.', hint: 'Check that the file is a PDF.' });
  }
  const warnings: Diagnostic[] = [];
  let xref: XrefInfo;
  let repaired = false;
  try {
    xref = readXref(bytes, warnings);
  } catch (e) {
    if (!(e instanceof DiagnosticError) || options.repair === false) return fail(errorOf(e), warnings);
    warnings.push(warning('pdf/xref-reconstructed', `The cross-reference table is unusable (${e.diagnostic.message}); it was rebuilt by scanning the file.`));
    xref = reconstructXref(bytes);
    repaired = true;
  }
  const doc = new PdfDocument(bytes, xref, repaired);
  if (repaired && !doc.trailer.entries.has('Root')) findCatalog(doc);
  if (!doc.catalog()) {
    bag.addAll(warnings);
    return fail({ severity: 'error', code: 'pdf/no-catalog', message: 'The trailer has no usable /Root catalog.' }, bag.list());
  }
  bag.addAll(warnings);
  bag.addAll(doc.warnings);
  return ok(doc, bag.list());
}

function hasHeader(bytes: Uint8Array): boolean {
  const limit = Math.min(bytes.length - 5, 1024);
  for (let i = 0; i <= limit; i++) if (matchesAt(bytes, i, '%PDF-')) return true;
  return false;
}

function errorOf(e: unknown): Diagnostic {
  if (e instanceof DiagnosticError) return e.diagnostic;
  return { severity: 'error', code: 'pdf/internal', message: e instanceof Error ? e.message : String(e) };
}

function findCatalog(doc: PdfDocument): void {
  for (const num of [...doc.xref.entries.keys()].sort((a, b) => b - a)) {
    const d = doc.resolveDict({ kind: 'ref', num, gen: 0 });
    if (d && isName(d.entries.get('Type'), 'Catalog')) {
      doc.trailer.entries.set('Root', { kind: 'ref', num, gen: doc.generationOf(num) });
      return;
    }
  }
}
