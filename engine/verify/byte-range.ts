/**
 * ByteRange rules (ISO 32000-2 §12.8.1, ETSI EN 319 142-1 §5.1 f): four non-negative integers,
 * starting at 0, ordered, inside the file, and the gap between the two ranges is exactly the hex
 * /Contents string of this signature's own dictionary. Anything else is reported — universal
 * signature forgery and signature wrapping (Mladenov et al., 2019) live in these deviations.
 */
import type { PdfDict, PdfDocument } from '../pdf';
import { PdfParser, isArray, isString } from '../pdf';
import type { Revision } from './revisions';
import type { ByteText } from './revisions';
import { revisionEndingAt } from './revisions';
import type { Coverage } from './types';

/** The facts of one ByteRange. */
export interface ByteRangeCheck {
  readonly values: number[] | null;
  /** Ranges clamped to the file, usable for hashing; empty when the ByteRange is unusable. */
  readonly ranges: readonly (readonly [number, number])[];
  readonly issues: string[];
  readonly revision: Revision | null;
  readonly coverage: Coverage;
  readonly signedBytes: number;
  /** The signature dictionary as written in the bytes that hold the gap (its signed version). */
  readonly origin?: { readonly num: number; readonly dict: PdfDict };
  /** End of the covered bytes (end of the last range). */
  readonly end: number;
}

const MAX_RANGES = 64;
const HEADER_WINDOW = 4 * 1024 * 1024;

/** Checks a signature's ByteRange against the file. */
export function checkByteRange(doc: PdfDocument, text: ByteText, sig: PdfDict, sigNum: number, revisions: readonly Revision[]): ByteRangeCheck {
  const bytes = doc.bytes;
  const issues: string[] = [];
  const raw = doc.resolve(sig.entries.get('ByteRange'));
  const values = isArray(raw) ? raw.items.map((x) => doc.resolve(x)) : null;
  const empty = { values: null, ranges: [], issues, revision: null, coverage: 'unclear' as Coverage, signedBytes: 0, end: 0 };
  if (!values) {
    issues.push('verify/byterange-missing');
    return empty;
  }
  if (!values.every((v): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0) || values.length % 2 !== 0 || values.length === 0 || values.length > MAX_RANGES) {
    issues.push('verify/byterange-malformed');
    return { ...empty, values: values.filter((v): v is number => typeof v === 'number').slice(0, MAX_RANGES) };
  }
  const nums = values as number[];
  if (nums.length !== 4) issues.push('verify/byterange-unusual-count');
  if (nums[0] !== 0) issues.push('verify/byterange-not-at-start');
  const ranges: [number, number][] = [];
  let prevEnd = -1;
  for (let i = 0; i < nums.length; i += 2) {
    const start = nums[i]!;
    const end = start + nums[i + 1]!;
    if (start < prevEnd) issues.push('verify/byterange-order');
    if (end > bytes.length) issues.push('verify/byterange-outside-file');
    ranges.push([Math.min(start, bytes.length), Math.min(end, bytes.length)]);
    prevEnd = end;
  }
  const end = prevEnd;
  const signedBytes = ranges.reduce((n, [a, b]) => n + (b - a), 0);
  const gap = nums.length === 4 ? [nums[1]!, nums[2]!] : undefined;
  let origin: ByteRangeCheck['origin'];
  if (gap && !issues.includes('verify/byterange-outside-file')) {
    checkGap(bytes, gap[0]!, gap[1]!, sig, issues);
    origin = originOf(doc, text, gap[0]!, gap[1]!, sigNum, issues);
  }
  const revision = revisionEndingAt(revisions, end) ?? null;
  const coverage = coverageOf(issues, end, bytes.length, revision);
  if (coverage !== 'entire-file' && coverage !== 'entire-revision') issues.push('verify/coverage-not-revision');
  return { values: nums, ranges: issues.includes('verify/byterange-order') ? [] : ranges, issues: unique(issues), revision, coverage, signedBytes, ...(origin ? { origin } : {}), end };
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}

function coverageOf(issues: readonly string[], end: number, size: number, revision: Revision | null): Coverage {
  const structural = issues.some((i) => i !== 'verify/byterange-unusual-count');
  if (structural) return issues.includes('verify/byterange-not-at-start') || issues.includes('verify/byterange-order') ? 'unclear' : 'contiguous-from-start';
  if (end === size || (revision && revision.end === size && end >= revision.eofAt + 5)) return 'entire-file';
  return revision ? 'entire-revision' : 'contiguous-from-start';
}

function isHexDigit(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/** The gap must be exactly `<hex>`, equal to the dictionary's /Contents. */
function checkGap(bytes: Uint8Array, a: number, b: number, sig: PdfDict, issues: string[]): void {
  if (b <= a || bytes[a] !== 0x3c || bytes[b - 1] !== 0x3e) {
    issues.push('verify/byterange-gap');
    return;
  }
  const contents = sig.entries.get('Contents');
  const expected = isString(contents) ? contents.bytes : undefined;
  let k = 0;
  let pending = -1;
  for (let i = a + 1; i < b - 1; i++) {
    const c = bytes[i]!;
    if (!isHexDigit(c)) {
      issues.push('verify/byterange-gap');
      return;
    }
    const v = c <= 0x39 ? c - 0x30 : (c | 0x20) - 0x57;
    if (pending < 0) pending = v;
    else {
      if (!expected || expected[k] !== ((pending << 4) | v)) {
        issues.push('verify/byterange-contents-mismatch');
        return;
      }
      k++;
      pending = -1;
    }
  }
  if (!expected || k !== expected.length - (pending >= 0 ? 1 : 0)) issues.push('verify/byterange-contents-mismatch');
}

/** Finds the indirect object whose bytes hold the gap: it must be this signature's dictionary. */
function originOf(doc: PdfDocument, text: ByteText, a: number, b: number, sigNum: number, issues: string[]): ByteRangeCheck['origin'] {
  const header = objectHeaderBefore(text, a);
  if (!header) {
    issues.push('verify/byterange-not-own-dictionary');
    return undefined;
  }
  try {
    const obj = new PdfParser(doc.bytes, 0).parseIndirectObject(header.offset);
    const dict = obj.value;
    if (typeof dict !== 'object' || dict === null || dict.kind !== 'dict' || obj.end < b || (sigNum !== 0 && obj.num !== sigNum)) {
      issues.push('verify/byterange-not-own-dictionary');
      return undefined;
    }
    return { num: obj.num, dict };
  } catch {
    issues.push('verify/byterange-not-own-dictionary');
    return undefined;
  }
}

/** The nearest `n g obj` header before `pos`, unless an `endobj` comes first. */
function objectHeaderBefore(text: ByteText, pos: number): { num: number; offset: number } | undefined {
  const stop = Math.max(0, pos - HEADER_WINDOW);
  let p = pos;
  while (p > stop) {
    const at = text.lastIndexOf('obj', p - 1);
    if (at < stop || at < 0) return undefined;
    if (text.slice(Math.max(0, at - 3), at) === 'end') return undefined;
    const after = text.charCodeAt(at + 3);
    const base = Math.max(0, at - 30);
    const m = /(\d+)[ \t\r\n\f\0]+(\d+)[ \t\r\n\f\0]+$/.exec(text.slice(base, at));
    if (m && !(after >= 0x41 && after <= 0x5a) && !(after >= 0x61 && after <= 0x7a)) return { num: Number(m[1]), offset: base + m.index };
    p = at;
  }
  return undefined;
}
