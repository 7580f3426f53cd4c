/**
 * LZW decoding for GIF (GIF89a §22, LSB-first codes) and TIFF (TIFF 6.0 §13, MSB-first codes with
 * "early change"). Output goes into a buffer of the size the caller expects, so a code stream that
 * would expand further ("code explosion") stops there: work is bounded by input + output length.
 */

/** How a code stream ended. */
export type LzwEnd = 'end' | 'full' | 'truncated' | 'corrupt';

/** What decodeLzw wrote. */
export interface LzwResult {
  /** Bytes written to `out`. */
  readonly written: number;
  readonly end: LzwEnd;
}

/** The dialect of one LZW stream. */
export interface LzwOptions {
  /** Bits of the literal alphabet (GIF: the LZW minimum code size, 2–8; TIFF: 8). */
  readonly rootBits: number;
  /** true: codes are packed from the least significant bit (GIF, old-style TIFF). */
  readonly lsbFirst: boolean;
  /** 1 when the code width grows one code early (TIFF), 0 otherwise (GIF). */
  readonly earlyChange: 0 | 1;
}

const MAX_CODES = 4096;

/** Decodes an LZW code stream into `out` (filled up to its length at most); never reads past `data`. */
export function decodeLzw(data: Uint8Array, out: Uint8Array, o: LzwOptions): LzwResult {
  const clear = 1 << o.rootBits;
  const eoi = clear + 1;
  const prefix = new Uint16Array(MAX_CODES);
  const suffix = new Uint8Array(MAX_CODES);
  const first = new Uint8Array(MAX_CODES);
  const length = new Uint16Array(MAX_CODES);
  for (let i = 0; i < clear; i++) {
    suffix[i] = i;
    first[i] = i;
    length[i] = 1;
  }
  let width = o.rootBits + 1;
  let next = clear + 2;
  let prev = -1;
  let pos = 0;
  let buf = 0;
  let bits = 0;
  let p = 0;
  const cap = out.length;
  for (;;) {
    while (bits < width && p < data.length) {
      if (o.lsbFirst) buf |= data[p++]! << bits;
      else buf = ((buf << 8) | data[p++]!) & 0xffffff;
      bits += 8;
    }
    if (bits < width) return { written: pos, end: 'truncated' };
    let code: number;
    if (o.lsbFirst) {
      code = buf & ((1 << width) - 1);
      buf >>>= width;
    } else code = (buf >>> (bits - width)) & ((1 << width) - 1);
    bits -= width;
    if (code === clear) {
      width = o.rootBits + 1;
      next = clear + 2;
      prev = -1;
      continue;
    }
    if (code === eoi) return { written: pos, end: 'end' };
    if (prev === -1) {
      if (code >= clear) return { written: pos, end: 'corrupt' };
    } else if (next < MAX_CODES) {
      if (code > next || (code === next && prev < 0)) return { written: pos, end: 'corrupt' };
      // A new entry: the previous string plus the first byte of this one (or of itself, KwKwK).
      prefix[next] = prev;
      suffix[next] = code === next ? first[prev]! : first[code]!;
      first[next] = first[prev]!;
      length[next] = length[prev]! + 1;
      next++;
      if (next + o.earlyChange >= 1 << width && width < 12) width++;
    } else if (code >= next) return { written: pos, end: 'corrupt' };
    // Emit the string of `code` backwards from its last byte, dropping what falls past the end.
    const len = length[code]!;
    let k = code;
    for (let q = pos + len - 1; q >= pos; q--) {
      if (q < cap) out[q] = suffix[k]!;
      k = prefix[k]!;
    }
    pos += len;
    prev = code;
    if (pos >= cap) return { written: cap, end: 'full' };
  }
}

/**
 * The most bytes `n` bytes of LZW codes can decode to: code i (counted from a clear) yields at most
 * i + 1 bytes, and no string is longer than the 4096-entry table; every code is at least rootBits + 1
 * bits wide. Clear codes only lower this, so it bounds any stream.
 */
export function maxLzwOutput(n: number, rootBits: number): number {
  const codes = Math.floor((8 * n) / (rootBits + 1));
  if (codes <= MAX_CODES) return (codes * (codes + 1)) / 2;
  return (MAX_CODES * (MAX_CODES + 1)) / 2 + (codes - MAX_CODES) * MAX_CODES;
}
