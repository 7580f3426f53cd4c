/**
 * PDF object parser (ISO 32000-1 §7.3): direct objects, indirect objects (§7.3.10) and streams (§7.3.8).
 *
 * Defensive: nesting depth is capped, every offset is checked against the input, a wrong stream
 * /Length is recovered by searching for `endstream` within the input, and failures abort with a
 * `pdf/...` diagnostic rather than a raw exception.
 */
import { abort } from '../core';
import { isRegular, isWhite, latin1, matchesAt, indexOf, readRegular, skipWhite } from './lexer';
import type { PdfArray, PdfDict, PdfObject, PdfStream } from './objects';
import { isRef } from './objects';

/** Deepest array/dictionary nesting accepted. */
export const MAX_OBJECT_DEPTH = 128;

/** Resolves an indirect `/Length` while parsing a stream; returns undefined when it cannot. */
export type LengthResolver = (num: number, gen: number) => number | undefined;

/** A parsed indirect object with where it lies in the file. */
export interface IndirectObject {
  readonly num: number;
  readonly gen: number;
  readonly value: PdfObject;
  /** Offset just past `endobj` (or past the value when `endobj` is missing). */
  readonly end: number;
}

/** Parses PDF objects out of a byte array. */
export class PdfParser {
  pos: number;
  constructor(
    readonly bytes: Uint8Array,
    pos = 0,
    private readonly resolveLength?: LengthResolver,
  ) {
    this.pos = pos;
  }

  /** Parses one direct object at the current position (a reference `n g R` counts as one object). */
  parseObject(depth = 0): PdfObject {
    const b = this.bytes;
    if (depth > MAX_OBJECT_DEPTH) abort('pdf/too-deep', `Objects are nested deeper than ${MAX_OBJECT_DEPTH} levels.`, { at: `offset ${this.pos}` });
    this.pos = skipWhite(b, this.pos);
    if (this.pos >= b.length) abort('pdf/unexpected-end', 'The file ended in the middle of an object.', { at: `offset ${this.pos}` });
    const c = b[this.pos]!;
    if (c === 0x2f) return this.parseName();
    if (c === 0x28) return this.parseLiteralString();
    if (c === 0x3c) {
      if (b[this.pos + 1] === 0x3c) return this.parseDict(depth);
      return this.parseHexString();
    }
    if (c === 0x5b) return this.parseArray(depth);
    const { text, end } = readRegular(b, this.pos);
    if (text.length === 0) abort('pdf/bad-token', `Unexpected character '${String.fromCharCode(c)}'.`, { at: `offset ${this.pos}` });
    this.pos = end;
    if (text === 'true') return true;
    if (text === 'false') return false;
    if (text === 'null') return null;
    const n = parseNumber(text);
    if (n === undefined) abort('pdf/bad-token', `Unexpected token '${text.slice(0, 20)}'.`, { at: `offset ${end - text.length}` });
    if (Number.isInteger(n) && n >= 0 && /^\d+$/.test(text)) return this.maybeReference(n);
    return n;
  }

  private maybeReference(num: number): PdfObject {
    const b = this.bytes;
    const save = this.pos;
    const p1 = skipWhite(b, this.pos);
    const g = readRegular(b, p1);
    if (g.text.length > 0 && /^\d+$/.test(g.text)) {
      const p2 = skipWhite(b, g.end);
      if (b[p2] === 0x52 && (p2 + 1 >= b.length || !isRegular(b[p2 + 1]!))) {
        this.pos = p2 + 1;
        return { kind: 'ref', num, gen: Number(g.text) };
      }
    }
    this.pos = save;
    return num;
  }

  private parseName(): PdfObject {
    const b = this.bytes;
    let p = this.pos + 1;
    let s = '';
    while (p < b.length && isRegular(b[p]!)) {
      const c = b[p]!;
      if (c === 0x23 && p + 2 < b.length && isHex(b[p + 1]!) && isHex(b[p + 2]!)) {
        s += String.fromCharCode(parseInt(latin1(b, p + 1, p + 3), 16));
        p += 3;
      } else {
        s += String.fromCharCode(c);
        p++;
      }
    }
    this.pos = p;
    return { kind: 'name', value: s };
  }

  private parseLiteralString(): PdfObject {
    const b = this.bytes;
    const out: number[] = [];
    let p = this.pos + 1;
    let depth = 1;
    while (p < b.length) {
      const c = b[p++]!;
      if (c === 0x5c) {
        p = readEscape(b, p, out);
        continue;
      }
      if (c === 0x28) depth++;
      else if (c === 0x29 && --depth === 0) {
        this.pos = p;
        return { kind: 'string', bytes: Uint8Array.from(out), hex: false };
      }
      // §7.3.4.2: an unescaped end-of-line (CR, CRLF) inside a literal string reads as LF.
      if (c === 0x0d) {
        if (b[p] === 0x0a) p++;
        out.push(0x0a);
      } else out.push(c);
    }
    return abort('pdf/unterminated-string', 'A literal string is not closed before the end of the file.', { at: `offset ${this.pos}` });
  }

  private parseHexString(): PdfObject {
    const b = this.bytes;
    const end = indexOf(b, '>', this.pos + 1);
    if (end < 0) abort('pdf/unterminated-string', 'A hex string is not closed before the end of the file.', { at: `offset ${this.pos}` });
    const digits: number[] = [];
    for (let p = this.pos + 1; p < end; p++) {
      const c = b[p]!;
      if (isHex(c)) digits.push(hexValue(c));
      else if (!isWhite(c)) abort('pdf/bad-hex-string', 'A hex string contains a non-hex character.', { at: `offset ${p}` });
    }
    if (digits.length % 2 === 1) digits.push(0);
    const bytes = new Uint8Array(digits.length / 2);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (digits[2 * i]! << 4) | digits[2 * i + 1]!;
    this.pos = end + 1;
    return { kind: 'string', bytes, hex: true };
  }

  private parseArray(depth: number): PdfArray {
    const b = this.bytes;
    const items: PdfObject[] = [];
    this.pos++;
    for (;;) {
      this.pos = skipWhite(b, this.pos);
      if (this.pos >= b.length) abort('pdf/unexpected-end', 'An array is not closed before the end of the file.');
      if (b[this.pos] === 0x5d) {
        this.pos++;
        return { kind: 'array', items };
      }
      items.push(this.parseObject(depth + 1));
    }
  }

  private parseDict(depth: number): PdfDict {
    const b = this.bytes;
    const entries = new Map<string, PdfObject>();
    this.pos += 2;
    for (;;) {
      this.pos = skipWhite(b, this.pos);
      if (this.pos >= b.length) abort('pdf/unexpected-end', 'A dictionary is not closed before the end of the file.');
      if (b[this.pos] === 0x3e && b[this.pos + 1] === 0x3e) {
        this.pos += 2;
        return { kind: 'dict', entries };
      }
      const key = this.parseObject(depth + 1);
      if (typeof key !== 'object' || key === null || key.kind !== 'name') {
        abort('pdf/bad-dictionary', 'A dictionary key is not a name.', { at: `offset ${this.pos}` });
      }
      const value = this.parseObject(depth + 1);
      // §7.3.7: a null value is equivalent to an absent entry.
      if (value !== null) entries.set(key.value, value);
    }
  }

  /** Parses `num gen obj ... endobj` at `offset`; a stream body is read when the value is followed by `stream`. */
  parseIndirectObject(offset: number): IndirectObject {
    const b = this.bytes;
    if (offset < 0 || offset >= b.length) abort('pdf/bad-offset', `Object offset ${offset} lies outside the file.`);
    let p = skipWhite(b, offset);
    const n = readRegular(b, p);
    p = skipWhite(b, n.end);
    const g = readRegular(b, p);
    p = skipWhite(b, g.end);
    if (!/^\d+$/.test(n.text) || !/^\d+$/.test(g.text) || !matchesAt(b, p, 'obj')) {
      abort('pdf/bad-object-header', `No 'n g obj' header at offset ${offset}.`, { at: `offset ${offset}` });
    }
    this.pos = p + 3;
    let value = this.parseObject(0);
    const after = skipWhite(b, this.pos);
    if (matchesAt(b, after, 'stream') && typeof value === 'object' && value !== null && value.kind === 'dict') {
      value = this.parseStreamBody(value, after + 6);
    }
    const q = skipWhite(b, this.pos);
    const end = matchesAt(b, q, 'endobj') ? q + 6 : this.pos;
    return { num: Number(n.text), gen: Number(g.text), value, end };
  }

  private parseStreamBody(dict: PdfDict, afterKeyword: number): PdfStream {
    const b = this.bytes;
    // §7.3.8.1: the keyword is followed by CRLF or LF (a lone CR is tolerated).
    let start = afterKeyword;
    if (b[start] === 0x0d) start++;
    if (b[start] === 0x0a) start++;
    const declared = this.declaredLength(dict);
    let end = declared !== undefined ? start + declared : -1;
    if (end < start || end > b.length || !endstreamFollows(b, end)) {
      const found = indexOf(b, 'endstream', start);
      if (found < 0) abort('pdf/unterminated-stream', 'A stream has no endstream keyword.', { at: `offset ${start}` });
      end = found;
      if (end > start && b[end - 1] === 0x0a) end--;
      if (end > start && b[end - 1] === 0x0d) end--;
    }
    const data = b.subarray(start, end);
    const close = indexOf(b, 'endstream', end, 64);
    this.pos = close >= 0 ? close + 9 : end;
    return { kind: 'stream', dict, data };
  }

  private declaredLength(dict: PdfDict): number | undefined {
    const len = dict.entries.get('Length');
    if (typeof len === 'number') return Number.isInteger(len) && len >= 0 ? len : undefined;
    if (isRef(len) && this.resolveLength) return this.resolveLength(len.num, len.gen);
    return undefined;
  }
}

function endstreamFollows(b: Uint8Array, end: number): boolean {
  return matchesAt(b, skipWhite(b, end), 'endstream');
}

function readEscape(b: Uint8Array, pos: number, out: number[]): number {
  let p = pos;
  if (p >= b.length) return p;
  const c = b[p++]!;
  const simple: Record<number, number> = { 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09, 0x62: 0x08, 0x66: 0x0c, 0x28: 0x28, 0x29: 0x29, 0x5c: 0x5c };
  if (simple[c] !== undefined) out.push(simple[c]!);
  else if (c >= 0x30 && c <= 0x37) {
    let v = c - 0x30;
    for (let i = 0; i < 2 && p < b.length && b[p]! >= 0x30 && b[p]! <= 0x37; i++) v = v * 8 + (b[p++]! - 0x30);
    out.push(v & 0xff);
  } else if (c === 0x0d) {
    if (b[p] === 0x0a) p++;
  } else if (c !== 0x0a) out.push(c);
  return p;
}

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

function hexValue(c: number): number {
  return c <= 0x39 ? c - 0x30 : (c | 0x20) - 0x57;
}

/** Parses a PDF numeric token (§7.3.3): integers and reals without exponent; undefined if not a number. */
export function parseNumber(text: string): number | undefined {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) {
    // Tolerate the common writer bug of a doubled sign (`--5`) the way readers do: reject, not guess.
    return undefined;
  }
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

