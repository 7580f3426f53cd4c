/**
 * Object serialisation (ISO 32000-1 §7.3): the inverse of the parser. Output is ASCII except string
 * and stream bytes, and is deterministic: dictionary keys keep their insertion order.
 */
import { formatPdfNumber } from '../core';
import type { PdfObject } from './objects';

/** Appends serialised bytes to a growing list of chunks. */
export class ByteSink {
  private readonly chunks: Uint8Array[] = [];
  private pending = '';
  length = 0;

  /** Appends ASCII/Latin-1 text. */
  text(s: string): void {
    this.pending += s;
    this.length += s.length;
    if (this.pending.length > 65536) this.flush();
  }

  /** Appends raw bytes. */
  bytes(b: Uint8Array): void {
    this.flush();
    this.chunks.push(b);
    this.length += b.length;
  }

  private flush(): void {
    if (!this.pending) return;
    const b = new Uint8Array(this.pending.length);
    for (let i = 0; i < this.pending.length; i++) b[i] = this.pending.charCodeAt(i) & 0xff;
    this.chunks.push(b);
    this.pending = '';
  }

  /** Concatenates everything written so far. */
  toBytes(): Uint8Array {
    this.flush();
    const out = new Uint8Array(this.length);
    let o = 0;
    for (const c of this.chunks) {
      out.set(c, o);
      o += c.length;
    }
    return out;
  }
}

/** Formats a number: integers exactly, reals through the shared formatter with enough places to round-trip input values. */
export function formatNumber(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return String(n);
  return formatPdfNumber(n, 10);
}

/** Escapes a name (§7.3.5): bytes outside `!`..`~`, and delimiters and `#`, as `#xx`. */
export function formatName(value: string): string {
  let s = '/';
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i) & 0xff;
    if (c < 0x21 || c > 0x7e || '()<>[]{}/%#'.includes(String.fromCharCode(c))) s += '#' + c.toString(16).padStart(2, '0');
    else s += String.fromCharCode(c);
  }
  return s;
}

function literalString(bytes: Uint8Array): string {
  let s = '(';
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c === 0x28 || c === 0x29 || c === 0x5c) s += '\\' + String.fromCharCode(c);
    else if (c === 0x0d) s += '\\r';
    else if (c === 0x0a) s += '\\n';
    else s += String.fromCharCode(c);
  }
  return s + ')';
}

function hexString(bytes: Uint8Array): string {
  let s = '<';
  for (let i = 0; i < bytes.length; i++) s += bytes[i]!.toString(16).padStart(2, '0').toUpperCase();
  return s + '>';
}

/** Serialises a direct object (a stream writes its dictionary with /Length and its data). */
export function writeObject(sink: ByteSink, o: PdfObject): void {
  if (o === null) return sink.text('null');
  if (typeof o === 'boolean') return sink.text(o ? 'true' : 'false');
  if (typeof o === 'number') return sink.text(formatNumber(o));
  switch (o.kind) {
    case 'name':
      return sink.text(formatName(o.value));
    case 'string':
      return sink.text(o.hex ? hexString(o.bytes) : literalString(o.bytes));
    case 'ref':
      return sink.text(`${o.num} ${o.gen} R`);
    case 'raw':
      return sink.text(o.text);
    case 'array':
      sink.text('[');
      o.items.forEach((item, i) => {
        if (i > 0) sink.text(' ');
        writeObject(sink, item);
      });
      return sink.text(']');
    case 'dict':
      sink.text('<<');
      for (const [k, v] of o.entries) {
        sink.text(formatName(k) + ' ');
        writeObject(sink, v);
      }
      return sink.text('>>');
    case 'stream': {
      const entries = new Map(o.dict.entries);
      entries.set('Length', o.data.length);
      writeObject(sink, { kind: 'dict', entries });
      sink.text('\nstream\n');
      sink.bytes(o.data);
      return sink.text('\nendstream');
    }
  }
}

/** Serialises a direct object to a string (Latin-1; for dictionaries and small values). */
export function objectToString(o: PdfObject): string {
  const sink = new ByteSink();
  writeObject(sink, o);
  const b = sink.toBytes();
  let s = '';
  for (let i = 0; i < b.length; i++) s += String.fromCharCode(b[i]!);
  return s;
}
