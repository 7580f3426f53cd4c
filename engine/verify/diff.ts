/**
 * Object-level difference between a signed revision and the final file (ISO 32000-1 §7.5.6): which
 * objects were added, changed, freed, or redirected (an xref entry pointing at bytes that define a
 * different object, a trick of the shadow "hide" attacks), and which objects were defined after
 * signing but are ignored by the cross-reference table (a repairing viewer may still show them).
 */
import type { PdfDocument, PdfObject, XrefEntry } from '../pdf';
import { PdfParser, isName, isStream } from '../pdf';
import type { ByteText } from './revisions';
import { findObjectHeaders } from './revisions';

/** One object that differs between two revisions. */
export interface ObjectChange {
  readonly num: number;
  /** Value in the signed revision (undefined when the object did not exist). */
  readonly before?: PdfObject;
  /** Value in the final file (undefined when freed or redirected). */
  readonly after?: PdfObject;
  readonly freed?: boolean;
  /** Number of the object the bytes at the new offset actually define. */
  readonly redirectedTo?: number;
}

/** The differences after a signed revision. */
export interface RevisionDiff {
  readonly changes: readonly ObjectChange[];
  /** Object numbers defined after `signedEnd` that the final cross-reference table does not use. */
  readonly hiddenDefinitions: readonly number[];
}

const MAX_CHANGES = 50_000;

/** Compares the signed revision with the final document. */
export function diffRevisions(before: PdfDocument, after: PdfDocument, signedEnd: number, text: ByteText): RevisionDiff {
  const changes: ObjectChange[] = [];
  const nums = new Set<number>([...before.xref.entries.keys(), ...after.xref.entries.keys()]);
  for (const num of nums) {
    if (changes.length >= MAX_CHANGES) break;
    const eb = before.xref.entries.get(num);
    const ea = after.xref.entries.get(num);
    if (sameEntry(eb, ea, before, after)) continue;
    const change = compareObject(num, before, after, ea, text);
    if (change) changes.push(change);
  }
  return { changes, hiddenDefinitions: hiddenDefinitions(after, signedEnd, text) };
}

function sameEntry(a: XrefEntry | undefined, b: XrefEntry | undefined, before: PdfDocument, after: PdfDocument): boolean {
  if (!a || !b || a.type !== b.type) return (!a || a.type === 'free') && (!b || b.type === 'free');
  if (a.type === 'used' && b.type === 'used') return a.offset === b.offset && a.gen === b.gen;
  if (a.type === 'compressed' && b.type === 'compressed') {
    // Same slot of the same object stream, and that stream itself unchanged.
    return a.stream === b.stream && a.index === b.index && sameEntry(before.xref.entries.get(a.stream), after.xref.entries.get(b.stream), before, after);
  }
  return true;
}

function isStructural(o: PdfObject | undefined): boolean {
  return isStream(o) && (isName(o.dict.entries.get('Type'), 'XRef') || isName(o.dict.entries.get('Type'), 'ObjStm'));
}

function compareObject(num: number, before: PdfDocument, after: PdfDocument, ea: XrefEntry | undefined, text: ByteText): ObjectChange | undefined {
  const existed = before.xref.entries.get(num);
  const old = existed && existed.type !== 'free' ? before.getObject(num) : undefined;
  if (ea && ea.type === 'used') {
    const defined = headerNumberAt(text, ea.offset);
    if (defined !== undefined && defined !== num) return { num, ...(old !== undefined ? { before: old } : {}), redirectedTo: defined };
  }
  if (!ea || ea.type === 'free') {
    if (old === undefined || old === null || isStructural(old)) return undefined;
    return { num, before: old, freed: true };
  }
  const now = after.getObject(num);
  if (isStructural(now) || isStructural(old)) return undefined;
  if (old !== undefined && deepEqual(old, now, 0)) return undefined;
  return { num, ...(old !== undefined ? { before: old } : {}), after: now };
}

/** The object number of an `n g obj` header at `offset`, if there is one. */
function headerNumberAt(text: ByteText, offset: number): number | undefined {
  const m = /^\s*(\d+)\s+\d+\s+obj\b/.exec(text.slice(offset, offset + 40));
  return m ? Number(m[1]) : undefined;
}

/** Structural equality of two PDF objects (stream data compared as stored). */
export function deepEqual(a: PdfObject | undefined, b: PdfObject | undefined, depth: number): boolean {
  if (a === b) return true;
  if (depth > 64 || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'name':
      return a.value === (b as typeof a).value;
    case 'ref':
      return a.num === (b as typeof a).num && a.gen === (b as typeof a).gen;
    case 'string':
      return bytesEqual(a.bytes, (b as typeof a).bytes);
    case 'array': {
      const y = (b as typeof a).items;
      return a.items.length === y.length && a.items.every((x, i) => deepEqual(x, y[i], depth + 1));
    }
    case 'dict': {
      const y = (b as typeof a).entries;
      if (a.entries.size !== y.size) return false;
      for (const [k, v] of a.entries) if (!y.has(k) || !deepEqual(v, y.get(k), depth + 1)) return false;
      return true;
    }
    case 'stream': {
      const y = b as typeof a;
      return bytesEqual(a.data, y.data) && deepEqual(withoutLength(a.dict), withoutLength(y.dict), depth + 1);
    }
    default:
      return false;
  }
}

function withoutLength(d: { kind: 'dict'; entries: Map<string, PdfObject> }): PdfObject {
  const entries = new Map(d.entries);
  entries.delete('Length');
  return { kind: 'dict', entries };
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Objects defined in bytes after the signed revision that the final xref does not point to. */
function hiddenDefinitions(after: PdfDocument, signedEnd: number, text: ByteText): number[] {
  const out: number[] = [];
  for (const h of findObjectHeaders(text, signedEnd, text.length, 100_000)) {
    if (out.length >= 1000) break;
    const e = after.xref.entries.get(h.num);
    if (e && e.type === 'used' && e.offset >= signedEnd) continue;
    if (e && e.type === 'compressed') {
      const s = after.xref.entries.get(e.stream);
      if (s && s.type === 'used' && s.offset >= signedEnd) continue;
    }
    if (isStructuralAt(after, h.offset)) continue;
    out.push(h.num);
  }
  return out;
}

function isStructuralAt(doc: PdfDocument, offset: number): boolean {
  try {
    return isStructural(new PdfParser(doc.bytes, 0).parseIndirectObject(offset).value);
  } catch {
    return false;
  }
}
