/**
 * Cross-reference reading (ISO 32000-1 §7.5.4 tables, §7.5.8 streams, §7.5.6 incremental updates):
 * follows `startxref` and the /Prev chain, merges sections newest-first, handles hybrid files
 * (/XRefStm) and guards against loops, huge object numbers and truncated data.
 */
import { abort, DiagnosticError, warning } from '../core';
import type { Diagnostic } from '../core';
import { decodeStreamData } from './filters';
import { indexOf, lastIndexOf, matchesAt, readRegular, skipWhite } from './lexer';
import type { PdfDict, PdfObject } from './objects';
import { isArray, isName, isStream } from './objects';
import { PdfParser } from './parser';

/** Largest object number accepted (ISO 32000-1 Annex C.2 allows 8,388,607 indirect objects). */
export const MAX_OBJECT_NUMBER = 8_388_607;
/** Most cross-reference sections followed through /Prev. */
export const MAX_XREF_SECTIONS = 4096;

/** Where one object lives. */
export type XrefEntry =
  | { readonly type: 'free' }
  | { readonly type: 'used'; readonly offset: number; readonly gen: number }
  | { readonly type: 'compressed'; readonly stream: number; readonly index: number };

/** One cross-reference section of the chain. */
export interface XrefSection {
  /** `table` for a classic `xref` keyword table, `stream` for a cross-reference stream. */
  readonly kind: 'table' | 'stream';
  /** Byte offset of the section (the value `startxref` or /Prev points to). */
  readonly offset: number;
  /** The trailer dictionary (the stream dictionary for a cross-reference stream). */
  readonly trailer: PdfDict;
}

/** The merged cross-reference information of a file. */
export interface XrefInfo {
  readonly entries: Map<number, XrefEntry>;
  /** Sections newest first; sections[0].offset is the file's last `startxref` value. */
  readonly sections: readonly XrefSection[];
  /** The newest trailer. */
  readonly trailer: PdfDict;
}

/** Reads the cross-reference chain of a file; aborts with a `pdf/...` diagnostic when there is none. */
export function readXref(bytes: Uint8Array, warnings: Diagnostic[]): XrefInfo {
  const start = findStartXref(bytes);
  const entries = new Map<number, XrefEntry>();
  const sections: XrefSection[] = [];
  const seen = new Set<number>();
  let offset: number | undefined = start;
  while (offset !== undefined) {
    if (seen.has(offset)) {
      warnings.push(warning('pdf/xref-loop', `The /Prev chain loops back to offset ${offset}; stopped there.`));
      break;
    }
    if (sections.length >= MAX_XREF_SECTIONS) {
      warnings.push(warning('pdf/xref-too-many-sections', `More than ${MAX_XREF_SECTIONS} cross-reference sections; stopped.`));
      break;
    }
    seen.add(offset);
    const section = readSection(bytes, offset, warnings);
    for (const [num, e] of section.entries) if (!entries.has(num)) entries.set(num, e);
    sections.push({ kind: section.kind, offset, trailer: section.trailer });
    offset = prevOffset(section.trailer, bytes.length, warnings);
  }
  return { entries, sections, trailer: sections[0]!.trailer };
}

/** Finds the offset after the last `startxref` keyword (§7.5.5). */
export function findStartXref(bytes: Uint8Array): number {
  const at = lastIndexOf(bytes, 'startxref', bytes.length - 9, 1024 * 1024);
  if (at < 0) abort('pdf/no-startxref', 'The file has no startxref keyword; it is not a complete PDF.', { hint: 'The file may be truncated.' });
  const t = readRegular(bytes, skipWhite(bytes, at + 9));
  const n = Number(t.text);
  if (!/^\d+$/.test(t.text) || n >= bytes.length) abort('pdf/bad-startxref', `startxref points to '${t.text.slice(0, 20)}', outside the file.`);
  return n;
}

function prevOffset(trailer: PdfDict, size: number, warnings: Diagnostic[]): number | undefined {
  const prev = trailer.entries.get('Prev');
  if (prev === undefined) return undefined;
  if (typeof prev !== 'number' || !Number.isInteger(prev) || prev < 0 || prev >= size) {
    warnings.push(warning('pdf/bad-prev', 'A trailer /Prev is not a valid offset; older sections were ignored.'));
    return undefined;
  }
  return prev;
}

interface SectionRead {
  kind: 'table' | 'stream';
  entries: Map<number, XrefEntry>;
  trailer: PdfDict;
}

function readSection(bytes: Uint8Array, offset: number, warnings: Diagnostic[]): SectionRead {
  const p = skipWhite(bytes, offset);
  if (matchesAt(bytes, p, 'xref')) return readTable(bytes, p + 4, warnings);
  try {
    return readStreamSection(bytes, offset, warnings);
  } catch (e) {
    if (e instanceof DiagnosticError) abort('pdf/bad-xref', `No cross-reference section at offset ${offset}: ${e.diagnostic.message}`);
    throw e;
  }
}

function readTable(bytes: Uint8Array, from: number, warnings: Diagnostic[]): SectionRead {
  const entries = new Map<number, XrefEntry>();
  let p = from;
  for (;;) {
    p = skipWhite(bytes, p);
    if (matchesAt(bytes, p, 'trailer')) break;
    const a = readRegular(bytes, p);
    const b = readRegular(bytes, skipWhite(bytes, a.end));
    if (!/^\d+$/.test(a.text) || !/^\d+$/.test(b.text)) abort('pdf/bad-xref', 'A cross-reference subsection header is malformed.', { at: `offset ${p}` });
    const first = Number(a.text);
    const count = Number(b.text);
    // Each entry takes at least 18 bytes; a count the rest of the file cannot hold is hostile.
    if (count > (bytes.length - b.end) / 18 + 1) abort('pdf/bad-xref', `A cross-reference subsection claims ${count} entries, more than the file holds.`);
    p = b.end;
    for (let i = 0; i < count; i++) {
      const off = readRegular(bytes, skipWhite(bytes, p));
      const gen = readRegular(bytes, skipWhite(bytes, off.end));
      const typ = readRegular(bytes, skipWhite(bytes, gen.end));
      if (!/^\d+$/.test(off.text) || !/^\d+$/.test(gen.text) || (typ.text !== 'n' && typ.text !== 'f')) {
        abort('pdf/bad-xref', 'A cross-reference entry is malformed.', { at: `offset ${p}` });
      }
      p = typ.end;
      const num = first + i;
      if (num > MAX_OBJECT_NUMBER) continue;
      if (entries.has(num)) continue;
      entries.set(num, typ.text === 'f' ? { type: 'free' } : { type: 'used', offset: Number(off.text), gen: Number(gen.text) });
    }
  }
  const parser = new PdfParser(bytes, p + 7);
  const trailer = parser.parseObject();
  if (typeof trailer !== 'object' || trailer === null || trailer.kind !== 'dict') abort('pdf/bad-trailer', 'The trailer is not a dictionary.');
  mergeHybrid(bytes, trailer, entries, warnings);
  return { kind: 'table', entries, trailer };
}

/** §7.5.8.4: a hybrid file's /XRefStm entries fill in objects the table leaves free or absent. */
function mergeHybrid(bytes: Uint8Array, trailer: PdfDict, entries: Map<number, XrefEntry>, warnings: Diagnostic[]): void {
  const stm = trailer.entries.get('XRefStm');
  if (typeof stm !== 'number' || !Number.isInteger(stm) || stm < 0 || stm >= bytes.length) return;
  try {
    const s = readStreamSection(bytes, stm, warnings);
    for (const [num, e] of s.entries) {
      const old = entries.get(num);
      if (!old || old.type === 'free') entries.set(num, e);
    }
  } catch (e) {
    if (!(e instanceof DiagnosticError)) throw e;
    warnings.push(warning('pdf/bad-xref-stream', `The hybrid /XRefStm section could not be read: ${e.diagnostic.message}`));
  }
}

function readStreamSection(bytes: Uint8Array, offset: number, warnings: Diagnostic[]): SectionRead {
  const obj = new PdfParser(bytes).parseIndirectObject(offset).value;
  if (!isStream(obj) || !isName(obj.dict.entries.get('Type'), 'XRef')) abort('pdf/bad-xref', `The object at offset ${offset} is not a cross-reference stream.`);
  const d = obj.dict.entries;
  const w = d.get('W');
  const size = d.get('Size');
  if (!isArray(w) || w.items.length !== 3 || !w.items.every((x) => typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 8)) {
    abort('pdf/bad-xref', 'A cross-reference stream has a bad /W array.');
  }
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 0) abort('pdf/bad-xref', 'A cross-reference stream has a bad /Size.');
  const widths = w.items as number[];
  const rowLen = widths[0]! + widths[1]! + widths[2]!;
  if (rowLen === 0) abort('pdf/bad-xref', 'A cross-reference stream has zero-width rows.');
  const data = decodeStreamData(obj, 64 * 1024 * 1024);
  const index = streamIndex(d.get('Index'), size);
  const entries = new Map<number, XrefEntry>();
  let row = 0;
  for (let i = 0; i + 1 < index.length; i += 2) {
    const first = index[i]!;
    const count = index[i + 1]!;
    for (let k = 0; k < count; k++, row++) {
      if ((row + 1) * rowLen > data.length) {
        warnings.push(warning('pdf/xref-stream-short', 'A cross-reference stream holds fewer rows than its /Index says.'));
        return { kind: 'stream', entries, trailer: obj.dict };
      }
      const num = first + k;
      if (num > MAX_OBJECT_NUMBER || entries.has(num)) continue;
      entries.set(num, decodeRow(data, row * rowLen, widths));
    }
  }
  return { kind: 'stream', entries, trailer: obj.dict };
}

function streamIndex(index: PdfObject | undefined, size: number): number[] {
  if (!isArray(index)) return [0, size];
  const out: number[] = [];
  for (const x of index.items) {
    if (typeof x !== 'number' || !Number.isInteger(x) || x < 0) abort('pdf/bad-xref', 'A cross-reference stream has a bad /Index.');
    out.push(x);
  }
  return out;
}

function readField(data: Uint8Array, at: number, width: number): number {
  let v = 0;
  for (let i = 0; i < width; i++) v = v * 256 + data[at + i]!;
  return v;
}

function decodeRow(data: Uint8Array, at: number, w: number[]): XrefEntry {
  const type = w[0] === 0 ? 1 : readField(data, at, w[0]!);
  const f2 = readField(data, at + w[0]!, w[1]!);
  const f3 = readField(data, at + w[0]! + w[1]!, w[2]!);
  // §7.5.8.3 Table 18: type 0 free, 1 in use (offset, generation), 2 compressed (stream, index).
  if (type === 1) return { type: 'used', offset: f2, gen: f3 };
  if (type === 2) return { type: 'compressed', stream: f2, index: f3 };
  return { type: 'free' };
}

/** Scans the whole file for `n g obj` headers and the last trailer, for files whose xref is unusable. */
export function reconstructXref(bytes: Uint8Array): XrefInfo {
  const entries = new Map<number, XrefEntry>();
  let trailer: PdfDict | undefined;
  let p = 0;
  for (;;) {
    const at = indexOf(bytes, 'obj', p);
    if (at < 0) break;
    p = at + 3;
    const header = headerBefore(bytes, at);
    if (!header || header.num > MAX_OBJECT_NUMBER) continue;
    entries.set(header.num, { type: 'used', offset: header.start, gen: header.gen });
  }
  const t = lastIndexOf(bytes, 'trailer');
  if (t >= 0) {
    try {
      const d = new PdfParser(bytes, t + 7).parseObject();
      if (typeof d === 'object' && d !== null && d.kind === 'dict') trailer = d;
    } catch (e) {
      if (!(e instanceof DiagnosticError)) throw e;
    }
  }
  if (!trailer) trailer = { kind: 'dict', entries: new Map() };
  return { entries, sections: [], trailer };
}

function headerBefore(bytes: Uint8Array, objAt: number): { num: number; gen: number; start: number } | undefined {
  // Matches `<digits> <digits> obj` preceded by a line start or white-space, scanning back at most 32 bytes.
  let p = objAt - 1;
  const back = (): string => {
    while (p >= 0 && (bytes[p] === 0x20 || bytes[p] === 0x0d || bytes[p] === 0x0a || bytes[p] === 0x09)) p--;
    let s = '';
    while (p >= 0 && bytes[p]! >= 0x30 && bytes[p]! <= 0x39 && s.length < 10) s = String.fromCharCode(bytes[p--]!) + s;
    return s;
  };
  if (objAt + 3 < bytes.length && /[A-Za-z0-9]/.test(String.fromCharCode(bytes[objAt + 3]!))) return undefined;
  const gen = back();
  const num = back();
  if (!gen || !num || objAt - p > 40) return undefined;
  return { num: Number(num), gen: Number(gen), start: p + 1 };
}
