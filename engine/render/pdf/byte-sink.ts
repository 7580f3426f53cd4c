/**
 * A growable byte buffer for content streams and other PDF text. Content streams are written as
 * bytes directly (ASCII operators, raw glyph codes, numbers through `writePdfNumber`): building them
 * as JavaScript strings and converting to Latin-1 afterwards cost two thirds of their time.
 */
import { writePdfNumber } from '../../core';

/** Bytes appended at the end; `view()` shows what was written. */
export class ByteSink {
  buf: Uint8Array;
  len = 0;

  constructor(initialBytes = 1 << 16) {
    this.buf = new Uint8Array(initialBytes);
  }

  /** Forgets the contents, keeping the memory. */
  reset(): void {
    this.len = 0;
  }

  /** Makes room for `n` more bytes. */
  ensure(n: number): void {
    if (this.len + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.len + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  /** Appends a string of characters below U+0100, one byte each. */
  ascii(s: string): void {
    const n = s.length;
    this.ensure(n);
    const b = this.buf;
    let p = this.len;
    for (let i = 0; i < n; i++) b[p++] = s.charCodeAt(i);
    this.len = p;
  }

  /** Appends bytes. */
  bytes(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.len);
    this.len += b.length;
  }

  /** Appends one byte. */
  byte(v: number): void {
    if (this.len === this.buf.length) this.ensure(1);
    this.buf[this.len++] = v;
  }

  /** Appends a number as `formatPdfNumber` prints it. */
  num(v: number, decimals = 3): void {
    this.ensure(48);
    this.len = writePdfNumber(this.buf, this.len, v, decimals);
  }

  /** Appends a number and a space. */
  numSp(v: number, decimals = 3): void {
    this.ensure(48);
    const p = writePdfNumber(this.buf, this.len, v, decimals);
    this.buf[p] = 32;
    this.len = p + 1;
  }

  /** The bytes written so far (a view: valid until the next write or reset). */
  view(): Uint8Array {
    return this.buf.subarray(0, this.len);
  }
}
