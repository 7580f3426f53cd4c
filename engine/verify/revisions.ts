/**
 * Revisions from the raw bytes (ISO 32000-1 §7.5.6): every `%%EOF` marker ends a revision, whatever
 * the cross-reference chain says — attacks (incremental saving, shadow) often break or bypass the
 * chain, so the signed revision of a signature is found from its ByteRange end and these markers.
 */
import type { Diagnostic } from '../core';
import type { PdfDocument } from '../pdf';
import { openPdf } from '../pdf';

/** One revision: bytes [0, end) form the file as it was when the revision was saved. */
export interface Revision {
  /** 1-based. */
  readonly index: number;
  /** Offset of `%%EOF`. */
  readonly eofAt: number;
  /** Offset after `%%EOF` and the end-of-line that follows it. */
  readonly end: number;
}

/** Most revisions considered; a file with more markers is treated by its last ones. */
const MAX_REVISIONS = 10_000;

/**
 * Searches over raw bytes with the string-like calls the raw-byte scans need. The first byte of a
 * keyword is found with the native typed-array search, so scanning a 10 MB file costs a few
 * milliseconds and no 10 MB string is ever built. Offsets are byte offsets; `slice` is Latin-1.
 */
export class ByteText {
  constructor(readonly bytes: Uint8Array) {}

  get length(): number {
    return this.bytes.length;
  }

  /** First occurrence of an ASCII keyword at or after `from`, or -1. */
  indexOf(word: string, from = 0): number {
    const b = this.bytes;
    const first = word.charCodeAt(0);
    for (let i = b.indexOf(first, Math.max(0, from)); i >= 0 && i + word.length <= b.length; i = b.indexOf(first, i + 1)) {
      if (this.matches(i, word)) return i;
    }
    return -1;
  }

  /** Last occurrence of an ASCII keyword starting at or before `before`, or -1. */
  lastIndexOf(word: string, before = this.bytes.length): number {
    const b = this.bytes;
    const first = word.charCodeAt(0);
    const start = Math.min(before, b.length - word.length);
    if (start < 0) return -1;
    for (let i = b.lastIndexOf(first, start); i >= 0; i = i > 0 ? b.lastIndexOf(first, i - 1) : -1) {
      if (this.matches(i, word)) return i;
    }
    return -1;
  }

  /** True when the keyword occurs anywhere. */
  includes(word: string): boolean {
    return this.indexOf(word) >= 0;
  }

  /** The byte at `i`, or NaN outside the bytes (as String.prototype.charCodeAt). */
  charCodeAt(i: number): number {
    return i >= 0 && i < this.bytes.length ? this.bytes[i]! : NaN;
  }

  /** A short range as Latin-1 text (callers keep ranges small). */
  slice(start: number, end: number): string {
    const a = Math.max(0, start);
    const e = Math.min(this.bytes.length, end);
    let s = '';
    for (let i = a; i < e; i++) s += String.fromCharCode(this.bytes[i]!);
    return s;
  }

  private matches(at: number, word: string): boolean {
    for (let k = 1; k < word.length; k++) if (this.bytes[at + k] !== word.charCodeAt(k)) return false;
    return true;
  }
}

/** Finds the revisions of a file by its `%%EOF` markers. */
export function findRevisions(bytes: Uint8Array, text: ByteText = new ByteText(bytes)): Revision[] {
  const out: Revision[] = [];
  for (let at = text.indexOf('%%EOF'); at >= 0; at = text.indexOf('%%EOF', at + 5)) {
    let end = at + 5;
    if (bytes[end] === 0x0d) end++;
    if (bytes[end] === 0x0a) end++;
    out.push({ index: 0, eofAt: at, end });
    // Keep only the newest markers of a hostile file, in amortised linear time.
    if (out.length >= 2 * MAX_REVISIONS) out.splice(0, MAX_REVISIONS);
  }
  return out.slice(-MAX_REVISIONS).map((r, i) => ({ ...r, index: i + 1 }));
}

/** The revision whose end matches a ByteRange end (tolerating the end-of-line after `%%EOF`). */
export function revisionEndingAt(revisions: readonly Revision[], offset: number): Revision | undefined {
  return revisions.find((r) => offset >= r.eofAt + 5 && offset <= r.end);
}

/** Opens prefixes of a file as PDF documents, caching each by its length. */
export class RevisionCache {
  private readonly docs = new Map<number, PdfDocument | null>();
  readonly warnings: Diagnostic[] = [];

  constructor(
    readonly bytes: Uint8Array,
    readonly final: PdfDocument,
  ) {
    this.docs.set(bytes.length, final);
  }

  /** The document made of bytes [0, end), or null when that prefix is not a readable PDF. */
  at(end: number): PdfDocument | null {
    const hit = this.docs.get(end);
    if (hit !== undefined) return hit;
    const r = openPdf(this.bytes.subarray(0, end));
    const doc = r.ok ? r.value : null;
    if (!r.ok) this.warnings.push(...r.errors.map((e) => ({ ...e, severity: 'warning' as const, message: `Revision ending at ${end}: ${e.message}` })));
    this.docs.set(end, doc);
    return doc;
  }
}

/** An `n g obj` header found in the raw bytes. */
export interface ObjectHeader {
  readonly num: number;
  readonly offset: number;
}

const HEADER_TAIL = /(?:^|[^0-9])(\d{1,10})[ \t\r\n\f\0]{1,8}(\d{1,5})[ \t\r\n\f\0]{1,8}$/;

/**
 * Finds `n g obj` headers in text[from, to): `obj` is located with native search and the numbers are
 * read backwards from a short window, so long digit runs (hex signatures, zero padding) cost linear time.
 */
export function findObjectHeaders(text: ByteText, from: number, to: number, max: number): ObjectHeader[] {
  const out: ObjectHeader[] = [];
  for (let at = text.indexOf('obj', from); at >= 0 && at < to && out.length < max; at = text.indexOf('obj', at + 3)) {
    const next = text.charCodeAt(at + 3);
    if ((next >= 0x30 && next <= 0x39) || (next >= 0x41 && next <= 0x5a) || (next >= 0x61 && next <= 0x7a)) continue;
    const base = Math.max(0, at - 32);
    const m = HEADER_TAIL.exec(text.slice(base, at));
    if (!m) continue;
    const offset = base + m.index + (m[0].length - m[0].replace(/^[^0-9]/, '').length);
    out.push({ num: Number(m[1]), offset });
  }
  return out;
}
