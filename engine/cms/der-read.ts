/**
 * DER/BER reading (ITU-T X.690 §8): a bounded TLV walker over bytes. Definite lengths only (CMS
 * from signing tools and the PKCS#12 files in the wild may use BER indefinite lengths, which are
 * handled for constructed values), lengths checked against the buffer, depth capped.
 */
import { abort } from '../core';

/** One TLV node: where its header, content and end lie in `buf`. */
export interface Asn1 {
  readonly buf: Uint8Array;
  /** First identifier octet (class, constructed bit, low tag number). */
  readonly tag: number;
  readonly start: number;
  readonly contentStart: number;
  readonly contentEnd: number;
  /** Offset after the node (after the end-of-contents octets for indefinite lengths). */
  readonly end: number;
  readonly indefinite: boolean;
}

const MAX_DEPTH = 64;

/** Reads the node at `pos`; aborts with `cms/bad-der` on malformed input. */
export function readNode(buf: Uint8Array, pos = 0, limit = buf.length, depth = 0): Asn1 {
  if (depth > MAX_DEPTH) abort('cms/bad-der', 'ASN.1 nesting is too deep.');
  if (pos + 2 > limit) abort('cms/bad-der', 'ASN.1 data ends inside a header.', { at: `offset ${pos}` });
  const tag = buf[pos]!;
  let p = pos + 1;
  if ((tag & 0x1f) === 0x1f) {
    // High tag numbers (X.690 §8.1.2.4): skip the continuation octets.
    let guard = 0;
    while (p < limit && buf[p]! & 0x80 && guard++ < 4) p++;
    p++;
  }
  if (p >= limit) abort('cms/bad-der', 'ASN.1 data ends inside a header.', { at: `offset ${pos}` });
  const first = buf[p++]!;
  if (first === 0x80) {
    if (!(tag & 0x20)) abort('cms/bad-der', 'Indefinite length on a primitive value.', { at: `offset ${pos}` });
    let q = p;
    while (q + 2 <= limit && !(buf[q] === 0 && buf[q + 1] === 0)) q = readNode(buf, q, limit, depth + 1).end;
    if (q + 2 > limit) abort('cms/bad-der', 'Indefinite-length value has no end-of-contents.', { at: `offset ${pos}` });
    return { buf, tag, start: pos, contentStart: p, contentEnd: q, end: q + 2, indefinite: true };
  }
  let len = first;
  if (first & 0x80) {
    const n = first & 0x7f;
    if (n > 6 || p + n > limit) abort('cms/bad-der', 'ASN.1 length is out of range.', { at: `offset ${pos}` });
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + buf[p++]!;
  }
  if (p + len > limit) abort('cms/bad-der', 'ASN.1 value runs past its container.', { at: `offset ${pos}` });
  return { buf, tag, start: pos, contentStart: p, contentEnd: p + len, end: p + len, indefinite: false };
}

/** Parses a whole buffer as one node (trailing bytes are an error). */
export function parseDer(buf: Uint8Array): Asn1 {
  const n = readNode(buf, 0);
  if (n.end !== buf.length) abort('cms/bad-der', 'Trailing bytes after the ASN.1 value.');
  return n;
}

/** The child nodes of a constructed node. */
export function children(n: Asn1): Asn1[] {
  const out: Asn1[] = [];
  if (!(n.tag & 0x20)) return out;
  for (let p = n.contentStart; p < n.contentEnd; ) {
    const c = readNode(n.buf, p, n.contentEnd);
    out.push(c);
    p = c.end;
  }
  return out;
}

/** The content octets. */
export function content(n: Asn1): Uint8Array {
  return n.buf.subarray(n.contentStart, n.contentEnd);
}

/** The whole encoding (header and content). */
export function encoding(n: Asn1): Uint8Array {
  return n.buf.subarray(n.start, n.end);
}

/** Asserts the node's identifier octet. */
export function expectTag(n: Asn1 | undefined, tag: number, what: string): Asn1 {
  if (!n || n.tag !== tag) abort('cms/bad-der', `Expected ${what} (tag 0x${tag.toString(16)}), found ${n ? '0x' + n.tag.toString(16) : 'nothing'}.`);
  return n;
}

/** Reads an OBJECT IDENTIFIER as dotted text. */
export function readOid(n: Asn1): string {
  expectTag(n, 0x06, 'OBJECT IDENTIFIER');
  const b = content(n);
  const arcs: bigint[] = [];
  let v = 0n;
  for (let i = 0; i < b.length; i++) {
    v = (v << 7n) | BigInt(b[i]! & 0x7f);
    if (!(b[i]! & 0x80)) {
      arcs.push(v);
      v = 0n;
    }
  }
  if (arcs.length === 0) abort('cms/bad-der', 'Empty OBJECT IDENTIFIER.');
  const first = arcs[0]!;
  const a = first < 80n ? first / 40n : 2n;
  return [a, first - a * 40n, ...arcs.slice(1)].join('.');
}

/** Reads a non-negative INTEGER that fits a JavaScript number. */
export function readSmallInt(n: Asn1): number {
  expectTag(n, 0x02, 'INTEGER');
  const b = content(n);
  if (b.length > 6) abort('cms/bad-der', 'INTEGER is too large.');
  let v = 0;
  for (let i = 0; i < b.length; i++) v = v * 256 + b[i]!;
  return v;
}

/** Reads OCTET STRING content, joining BER constructed segments. */
export function readOctets(n: Asn1): Uint8Array {
  if (n.tag === 0x04 || (n.tag & 0xdf) === 0x80) {
    if (!(n.tag & 0x20)) return content(n);
  }
  if (n.tag & 0x20) {
    const parts = children(n).map(readOctets);
    let len = 0;
    for (const p of parts) len += p.length;
    const out = new Uint8Array(len);
    let o = 0;
    for (const p of parts) {
      out.set(p, o);
      o += p.length;
    }
    return out;
  }
  return content(n);
}

/** Reads a string type (UTF8String, PrintableString, IA5String, BMPString, T61String) as text. */
export function readString(n: Asn1): string {
  const b = content(n);
  if (n.tag === 0x1e) {
    let s = '';
    for (let i = 0; i + 1 < b.length; i += 2) s += String.fromCharCode((b[i]! << 8) | b[i + 1]!);
    return s;
  }
  if (n.tag === 0x0c) return new TextDecoder().decode(b);
  let s = '';
  for (let i = 0; i < b.length; i++) s += String.fromCharCode(b[i]!);
  return s;
}

/** Reads UTCTime or GeneralizedTime (RFC 5280 §4.1.2.5) as a Date. */
export function readTime(n: Asn1): Date {
  const s = readString(n);
  const m = /^(\d{2}|\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?(?:[.,](\d+))?(Z|[+-]\d{4})?$/.exec(s);
  if (!m) abort('cms/bad-time', `Unreadable time '${s.slice(0, 30)}'.`);
  let year = Number(m[1]);
  if (m[1]!.length === 2) year += year < 50 ? 2000 : 1900;
  const ms = m[7] ? Math.round(Number(`0.${m[7]}`) * 1000) : 0;
  let t = Date.UTC(year, Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0), ms);
  const tz = m[8];
  if (tz && tz !== 'Z') {
    const sign = tz[0] === '-' ? -1 : 1;
    t -= sign * (Number(tz.slice(1, 3)) * 60 + Number(tz.slice(3, 5))) * 60000;
  }
  return new Date(t);
}
