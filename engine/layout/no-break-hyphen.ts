/**
 * The non-breaking hyphen (w:noBreakHyphen, ECMA-376 Part 1 §17.3.3.18) is U+2011 in the model, so
 * the line breaker keeps it with its neighbours (class GL), but it is drawn and extracted as the
 * hyphen-minus: the spec has it "display using the same glyph as the hyphen-minus character
 * (U+002D)". Most shipped faces (Liberation, Carlito, Caladea) have no U+2011, and it fell back to
 * DejaVu Sans's hyphen in a Times New Roman line.
 */

/** U+2011 NON-BREAKING HYPHEN, as the model holds w:noBreakHyphen. */
const NO_BREAK_HYPHEN = '\u2011';
const NO_BREAK_HYPHENS = /\u2011/g;

/** `text` as drawn: each non-breaking hyphen a hyphen-minus (same length, so clusters still line up). */
export function drawnHyphens(text: string): string {
  return text.includes(NO_BREAK_HYPHEN) ? text.replace(NO_BREAK_HYPHENS, '-') : text;
}
