/**
 * Colours of tracked-change authors in markup view: one colour per author in order of first
 * appearance, the sequence LibreOffice uses for author colours (stable across runs and hosts).
 */

const AUTHOR_COLORS = ['C69200', '0646A2', '579D1C', '692B9D', 'C5000B', '008080', '8C8400', '35556B', 'D17600'];

/** The markup colour of the author with this index. */
export function revisionColor(authorIndex: number): string {
  const i = Number.isFinite(authorIndex) && authorIndex >= 0 ? Math.floor(authorIndex) : 0;
  return AUTHOR_COLORS[i % AUTHOR_COLORS.length]!;
}
