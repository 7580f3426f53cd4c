/**
 * PDF date strings (ISO 32000-1 §7.9.4): `D:YYYYMMDDHHmmSSZ`, always UTC so output is deterministic.
 */

/** Formats a date as a PDF date string in UTC. */
export function formatPdfDate(d: Date): string {
  const p = (n: number, w = 2): string => String(n).padStart(w, '0');
  return `D:${p(d.getUTCFullYear(), 4)}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
}

/** Formats a date for people: `2025-01-31 14:05:09 UTC`. */
export function formatDisplayDate(d: Date): string {
  const p = (n: number, w = 2): string => String(n).padStart(w, '0');
  return `${p(d.getUTCFullYear(), 4)}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} UTC`;
}
