/**
 * Growth of the typed arrays the page drafts and their glyph tallies fill as pages are drafted.
 */

/** A copy of `a` doubled until it holds `needed` elements (`a` itself when it already does). */
export function grown<T extends Uint8Array | Int32Array | Float64Array>(a: T, needed: number): T {
  if (needed <= a.length) return a;
  let size = Math.max(1, a.length) * 2;
  while (size < needed) size *= 2;
  const next = new (a.constructor as new (n: number) => T)(size);
  next.set(a);
  return next;
}
