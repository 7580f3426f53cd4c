/**
 * Showing a glyph run (ISO 32000-1 §9.4.3): its codes in a font's encoding, with TJ adjustments that
 * put each glyph at its layout advance instead of the font's width.
 */
import type { ByteSink } from './byte-sink';

/** How a page's content names a font and draws its synthetic styles. */
export interface ContentFace {
  readonly resource: string;
  readonly syntheticBold: boolean;
  readonly syntheticItalic: boolean;
}

/** How a font is addressed in content: its resource name, glyph codes and widths by ORIGINAL glyph id. */
export interface ContentFont extends ContentFace {
  /** Code of each original glyph id: values below 0x100 are one byte, others two (high byte first). */
  readonly codes: Int32Array;
  /** Advance of each original glyph id in 1/1000 text space units (what /W says for its CID). */
  readonly widths: Float64Array;
  /** Code and width for glyph ids the subset does not have (they show .notdef). */
  readonly missingCode: number;
  readonly missingWidth: number;
}

/** For each byte: 0 when it goes into a literal string as is, else the character after the backslash. */
const ESCAPE = (() => {
  const t = new Uint8Array(256);
  t[0x28] = 0x28;
  t[0x29] = 0x29;
  t[0x5c] = 0x5c;
  t[0x0d] = 0x72; // \r: a raw CR would be read as an end of line (§7.3.4.2)
  t[0x0a] = 0x6e;
  return t;
})();

/**
 * Writes `[(..) adj (..)]TJ` placing each glyph at its layout advance, or `(..)Tj` when no glyph
 * needs an adjustment. Codes are raw bytes in literal strings (§7.3.4.2), half the size of hex.
 * The run is glyphs `start` to `start + count` of the arrays; advances are in 1/1000 text space
 * (as a page draft stores them).
 */
export function writeShow(
  o: ByteSink, glyphs: ArrayLike<number>, advances: ArrayLike<number>, start: number, count: number, font: ContentFont,
): void {
  const codes = font.codes;
  const widths = font.widths;
  const last = start + count - 1;
  // Worst case per glyph: two escaped bytes, then `)` + number + `(`.
  o.ensure(count * 4 + 8);
  const open = o.len;
  o.buf[o.len++] = 0x5b; // '['
  o.buf[o.len++] = 0x28; // '('
  let adjusted = false;
  for (let i = start; i <= last; i++) {
    const g = glyphs[i]!;
    const known = g < codes.length;
    const code = known ? codes[g]! : font.missingCode;
    o.ensure(52);
    const b = o.buf;
    if (code > 0xff) {
      const hi = (code >> 8) & 0xff;
      if (ESCAPE[hi] !== 0) (b[o.len++] = 0x5c), (b[o.len++] = ESCAPE[hi]!);
      else b[o.len++] = hi;
    }
    const lo = code & 0xff;
    if (ESCAPE[lo] !== 0) (b[o.len++] = 0x5c), (b[o.len++] = ESCAPE[lo]!);
    else b[o.len++] = lo;
    if (i === last) break;
    const adj = (known ? widths[g]! : font.missingWidth) - advances[i]!;
    if (adj >= 0.05 || adj <= -0.05) {
      b[o.len++] = 0x29;
      o.num(adj, 2);
      o.buf[o.len++] = 0x28;
      adjusted = true;
    }
  }
  if (adjusted) {
    o.ascii(')]TJ\n');
  } else {
    // No adjustment: the '[' becomes a space and the array a plain string shown with Tj.
    o.buf[open] = 0x20;
    o.ascii(')Tj\n');
  }
}
