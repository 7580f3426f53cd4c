/**
 * PDF lexer (ISO 32000-1 §7.2): whitespace, delimiters, comments, and token scanning over bytes.
 * Every loop is bounded by the input length; nothing here allocates more than the token it returns.
 */

/** Character classes of §7.2.2 Table 1 (white-space) and Table 2 (delimiters). */
export function isWhite(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
}

/** True for the delimiter characters `( ) < > [ ] { } / %`. */
export function isDelimiter(c: number): boolean {
  return c === 0x28 || c === 0x29 || c === 0x3c || c === 0x3e || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d || c === 0x2f || c === 0x25;
}

/** True for a regular character: neither white-space nor delimiter. */
export function isRegular(c: number): boolean {
  return !isWhite(c) && !isDelimiter(c);
}

/** Advances past white-space and comments; returns the new position. */
export function skipWhite(b: Uint8Array, pos: number): number {
  let p = pos;
  while (p < b.length) {
    const c = b[p]!;
    if (isWhite(c)) p++;
    else if (c === 0x25) {
      while (p < b.length && b[p] !== 0x0a && b[p] !== 0x0d) p++;
    } else break;
  }
  return p;
}

/** Reads a run of regular characters starting at `pos` as Latin-1 text. */
export function readRegular(b: Uint8Array, pos: number): { text: string; end: number } {
  let p = pos;
  let text = '';
  while (p < b.length && isRegular(b[p]!)) text += String.fromCharCode(b[p++]!);
  return { text, end: p };
}

/** True if the bytes at `pos` spell `word` (ASCII). */
export function matchesAt(b: Uint8Array, pos: number, word: string): boolean {
  if (pos < 0 || pos + word.length > b.length) return false;
  for (let i = 0; i < word.length; i++) if (b[pos + i] !== word.charCodeAt(i)) return false;
  return true;
}

/** Finds the last occurrence of `word` that starts at or before `before`, scanning back at most `window` bytes. */
export function lastIndexOf(b: Uint8Array, word: string, before = b.length - word.length, window = b.length): number {
  const stop = Math.max(0, before - window);
  for (let p = Math.min(before, b.length - word.length); p >= stop; p--) if (matchesAt(b, p, word)) return p;
  return -1;
}

/** Finds the first occurrence of `word` at or after `from`, scanning at most `window` bytes. */
export function indexOf(b: Uint8Array, word: string, from: number, window = b.length): number {
  const stop = Math.min(b.length - word.length, from + window);
  const first = word.charCodeAt(0);
  for (let p = Math.max(0, from); p <= stop; p++) if (b[p] === first && matchesAt(b, p, word)) return p;
  return -1;
}

/** Latin-1 string of a byte range (for short ASCII snippets only). */
export function latin1(b: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < end && i < b.length; i++) s += String.fromCharCode(b[i]!);
  return s;
}

/** Encodes an ASCII/Latin-1 string into bytes. */
export function latin1Bytes(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i) & 0xff;
  return out;
}
