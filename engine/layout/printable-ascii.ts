/**
 * Printable ASCII (U+0020-U+007E) is all on the fast shaping path: a paragraph made only of it needs
 * neither fontkit nor the full shaping charge, and one native regular-expression scan settles that
 * before any per-character test.
 */
const OUTSIDE_PRINTABLE_ASCII = /[^\x20-\x7e]/;

/** The index of the first character of `text` outside printable ASCII, or -1 when there is none. */
export function firstOutsidePrintableAscii(text: string): number {
  return text.search(OUTSIDE_PRINTABLE_ASCII);
}
