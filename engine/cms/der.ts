/**
 * DER encoding (ITU-T X.690 §8, §10, §11): tag-length-value builders with the canonical rules —
 * minimal lengths, minimal integers, SET OF sorted by encoding (§11.6) — so signed attributes
 * and everything else we sign have exactly one encoding.
 */
import { concatBytes } from '../core';

/** Universal tags used here (X.680 §8.4 Table 1). */
export const TAG = {
  BOOLEAN: 0x01,
  INTEGER: 0x02,
  BIT_STRING: 0x03,
  OCTET_STRING: 0x04,
  NULL: 0x05,
  OID: 0x06,
  UTF8_STRING: 0x0c,
  SEQUENCE: 0x30,
  SET: 0x31,
  PRINTABLE_STRING: 0x13,
  IA5_STRING: 0x16,
  UTC_TIME: 0x17,
  GENERALIZED_TIME: 0x18,
} as const;

/** Encodes a length (X.690 §8.1.3, definite form, minimal octets). */
export function encodeLength(n: number): Uint8Array {
  if (n < 0x80) return Uint8Array.of(n);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Uint8Array.of(0x80 | bytes.length, ...bytes);
}

/** Encodes one TLV with a single identifier octet. */
export function tlv(tag: number, ...contents: Uint8Array[]): Uint8Array {
  const body = contents.length === 1 ? contents[0]! : concatBytes(contents);
  return concatBytes([Uint8Array.of(tag), encodeLength(body.length), body]);
}

/** SEQUENCE of already-encoded elements. */
export function seq(...items: Uint8Array[]): Uint8Array {
  return tlv(TAG.SEQUENCE, ...items);
}

/** Compares two encodings as octet strings, the shorter padded with trailing zeros (X.690 §11.6). */
export function compareDer(a: Uint8Array, b: Uint8Array): number {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x - y;
  }
  return a.length - b.length;
}

/** SET OF, with its elements sorted into DER order (X.690 §11.6). */
export function setOf(...items: Uint8Array[]): Uint8Array {
  return tlv(TAG.SET, ...[...items].sort(compareDer));
}

/** Encodes an unsigned big-endian magnitude as a minimal INTEGER (adds 0x00 when the top bit is set). */
export function integerFromBytes(magnitude: Uint8Array): Uint8Array {
  let i = 0;
  while (i < magnitude.length - 1 && magnitude[i] === 0) i++;
  let m = magnitude.subarray(i);
  if (m.length === 0) m = Uint8Array.of(0);
  if (m[0]! & 0x80) m = concatBytes([Uint8Array.of(0), m]);
  return tlv(TAG.INTEGER, m);
}

/** Encodes a small non-negative integer. */
export function integer(n: number | bigint): Uint8Array {
  let v = BigInt(n);
  if (v < 0n) throw new RangeError('negative INTEGER values are not used here');
  const bytes: number[] = [];
  do {
    bytes.unshift(Number(v & 0xffn));
    v >>= 8n;
  } while (v > 0n);
  return integerFromBytes(Uint8Array.from(bytes));
}

/** Encodes an OBJECT IDENTIFIER from dotted text (X.690 §8.19). */
export function oid(dotted: string): Uint8Array {
  const parts = dotted.split('.').map((x) => BigInt(x));
  const arcs = [parts[0]! * 40n + parts[1]!, ...parts.slice(2)];
  const out: number[] = [];
  for (const arc of arcs) {
    const group: number[] = [];
    let v = arc;
    do {
      group.unshift(Number(v & 0x7fn));
      v >>= 7n;
    } while (v > 0n);
    for (let i = 0; i < group.length - 1; i++) group[i]! |= 0x80;
    out.push(...group);
  }
  return tlv(TAG.OID, Uint8Array.from(out));
}

/** OCTET STRING. */
export function octetString(bytes: Uint8Array): Uint8Array {
  return tlv(TAG.OCTET_STRING, bytes);
}

/** BIT STRING with no unused bits. */
export function bitString(bytes: Uint8Array): Uint8Array {
  return tlv(TAG.BIT_STRING, Uint8Array.of(0), bytes);
}

/** NULL. */
export function derNull(): Uint8Array {
  return Uint8Array.of(TAG.NULL, 0);
}

/** BOOLEAN (DER: TRUE is 0xFF). */
export function boolean(v: boolean): Uint8Array {
  return Uint8Array.of(TAG.BOOLEAN, 1, v ? 0xff : 0);
}

/** UTF8String. */
export function utf8String(s: string): Uint8Array {
  return tlv(TAG.UTF8_STRING, new TextEncoder().encode(s));
}

/** PrintableString (caller ensures the character set). */
export function printableString(s: string): Uint8Array {
  return tlv(TAG.PRINTABLE_STRING, Uint8Array.from(s, (c) => c.charCodeAt(0)));
}

/** IA5String. */
export function ia5String(s: string): Uint8Array {
  return tlv(TAG.IA5_STRING, Uint8Array.from(s, (c) => c.charCodeAt(0) & 0x7f));
}

function pad(n: number, w: number): string {
  return String(n).padStart(w, '0');
}

/** UTCTime `YYMMDDHHMMSSZ` (valid for 1950–2049, RFC 5280 §4.1.2.5.1). */
export function utcTime(d: Date): Uint8Array {
  const s = `${pad(d.getUTCFullYear() % 100, 2)}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)}${pad(d.getUTCHours(), 2)}${pad(d.getUTCMinutes(), 2)}${pad(d.getUTCSeconds(), 2)}Z`;
  return tlv(TAG.UTC_TIME, Uint8Array.from(s, (c) => c.charCodeAt(0)));
}

/** GeneralizedTime `YYYYMMDDHHMMSSZ` without fractions (RFC 5280 §4.1.2.5.2). */
export function generalizedTime(d: Date): Uint8Array {
  const s = `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)}${pad(d.getUTCHours(), 2)}${pad(d.getUTCMinutes(), 2)}${pad(d.getUTCSeconds(), 2)}Z`;
  return tlv(TAG.GENERALIZED_TIME, Uint8Array.from(s, (c) => c.charCodeAt(0)));
}

/** The X.509 Time choice: UTCTime through 2049, GeneralizedTime after. */
export function x509Time(d: Date): Uint8Array {
  const y = d.getUTCFullYear();
  return y >= 1950 && y < 2050 ? utcTime(d) : generalizedTime(d);
}

/** `[n] EXPLICIT` context-specific constructed wrapper. */
export function explicit(n: number, ...contents: Uint8Array[]): Uint8Array {
  return tlv(0xa0 | n, ...contents);
}

/** `[n] IMPLICIT`: re-tags an encoding (keeps its constructed bit). */
export function implicit(n: number, encoded: Uint8Array): Uint8Array {
  const out = new Uint8Array(encoded);
  out[0] = (encoded[0]! & 0x20) | 0x80 | n;
  return out;
}

/** AlgorithmIdentifier (RFC 5280 §4.1.1.2) with optional parameters. */
export function algorithmId(dotted: string, params?: Uint8Array | null): Uint8Array {
  if (params === undefined) return seq(oid(dotted));
  return seq(oid(dotted), params === null ? derNull() : params);
}
