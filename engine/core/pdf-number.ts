/**
 * The one number formatter for PDF output (ISO 32000-1 §7.3.3: no exponent form allowed).
 *
 * Rounds to at most `decimals` places and never prints an exponent, `-0`, or trailing zeros, so the
 * same layout gives the same bytes in every JavaScript engine. `writePdfNumber` is the same
 * formatter writing ASCII bytes into a buffer: content streams print millions of numbers, and
 * building a string for each one was a fifth of PDF rendering time. Both share `splitNumber`, so
 * they cannot disagree.
 */

const POW10 = [1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000];

/** Integer part, fraction digits (after rounding) and digit count of the fraction; frac 0 means none. */
let splitInt = 0;
let splitFrac = 0;
let splitFracDigits = 0;

/** Splits |value| into integer and rounded fraction, trailing zeros of the fraction removed. */
function splitNumber(value: number, decimals: number): void {
  const f = decimals < POW10.length ? POW10[decimals]! : 10 ** decimals;
  const abs = value < 0 ? -value : value;
  let intPart = Math.trunc(abs);
  let frac = Math.round((abs - intPart) * f);
  if (frac >= f) {
    intPart += 1;
    frac = 0;
  }
  let digits = decimals;
  if (frac > 0) {
    while (frac % 10 === 0) {
      frac /= 10;
      digits--;
    }
  }
  splitInt = intPart;
  splitFrac = frac;
  splitFracDigits = frac > 0 ? digits : 0;
}

/** Formats a number for a PDF content stream or object. */
export function formatPdfNumber(value: number, decimals = 3): string {
  if (!Number.isFinite(value)) return '0';
  splitNumber(value, decimals);
  const intPart = splitInt;
  const frac = splitFrac;
  if (intPart === 0 && frac === 0) return '0';
  const head = value < 0 ? '-' + intToString(intPart) : intToString(intPart);
  if (frac === 0) return head;
  const fracStr = String(frac);
  return head + (fracStr.length < splitFracDigits ? '.' + '0'.repeat(splitFracDigits - fracStr.length) + fracStr : '.' + fracStr);
}

/**
 * Writes `formatPdfNumber(value, decimals)` as ASCII at `out[at]` and returns the position after it.
 * The caller guarantees room for 40 bytes.
 */
export function writePdfNumber(out: Uint8Array, at: number, value: number, decimals = 3): number {
  if (!Number.isFinite(value)) {
    out[at] = 48;
    return at + 1;
  }
  splitNumber(value, decimals);
  const intPart = splitInt;
  const frac = splitFrac;
  let p = at;
  if (intPart === 0 && frac === 0) {
    out[p] = 48;
    return p + 1;
  }
  if (value < 0) out[p++] = 45;
  p = writeDigits(out, p, intPart, 0);
  if (frac > 0) {
    out[p++] = 46;
    p = writeDigits(out, p, frac, splitFracDigits);
  }
  return p;
}

/** Writes a non-negative integer's decimal digits, left-padded with zeros to `minDigits`. */
function writeDigits(out: Uint8Array, at: number, n: number, minDigits: number): number {
  // Above 2^31 the division below could round; such numbers are rare enough for the string path.
  if (n > 0x7fffffff) {
    const s = intToString(n);
    return writeAscii(out, minDigits > s.length ? writeAscii(out, at, '0'.repeat(minDigits - s.length)) : at, s);
  }
  let len = 1;
  for (let x = n; x >= 10; x = Math.floor(x / 10)) len++;
  if (len < minDigits) len = minDigits;
  let x = n;
  for (let i = at + len - 1; i >= at; i--) {
    const q = Math.floor(x / 10);
    out[i] = 48 + (x - q * 10);
    x = q;
  }
  return at + len;
}

function writeAscii(out: Uint8Array, at: number, s: string): number {
  for (let i = 0; i < s.length; i++) out[at + i] = s.charCodeAt(i);
  return at + s.length;
}

function intToString(n: number): string {
  // Number#toString switches to exponent form at 1e21; PDF coordinates never get there, but clamp anyway.
  if (n >= 1e21) return '999999999999999999999';
  return String(n);
}
