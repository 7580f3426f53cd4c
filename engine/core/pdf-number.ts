/**
 * The one number formatter for PDF output (ISO 32000-1 §7.3.3: no exponent form allowed).
 *
 * Rounds to at most `decimals` places and never prints an exponent, `-0`, or trailing zeros, so the
 * same layout gives the same bytes in every JavaScript engine.
 */

/** Formats a number for a PDF content stream or object. */
export function formatPdfNumber(value: number, decimals = 3): string {
  if (!Number.isFinite(value)) return '0';
  const f = 10 ** decimals;
  const abs = Math.abs(value);
  let intPart = Math.trunc(abs);
  let frac = Math.round((abs - intPart) * f);
  if (frac >= f) {
    intPart += 1;
    frac = 0;
  }
  if (intPart === 0 && frac === 0) return '0';
  const fracStr = frac > 0 ? String(frac).padStart(decimals, '0').replace(/0+$/, '') : '';
  return (value < 0 ? '-' : '') + intToString(intPart) + (fracStr ? '.' + fracStr : '');
}

function intToString(n: number): string {
  // Number#toString switches to exponent form at 1e21; PDF coordinates never get there, but clamp anyway.
  if (n >= 1e21) return '999999999999999999999';
  return String(n);
}
