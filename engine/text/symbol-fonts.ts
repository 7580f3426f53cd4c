/**
 * Symbol fonts (Symbol, Wingdings, Wingdings 2/3, Webdings) → real Unicode characters.
 *
 * Word stores their characters either as `w:sym w:font="Wingdings" w:char="F0A7"` (ECMA-376 Part 1
 * §17.3.3.30, the char is in the U+F000 private range) or as text in a run of that font (8-bit codes
 * or U+F0xx). We do not ship those fonts, so the characters are mapped to Unicode and drawn with a
 * shipped font (DejaVu Sans covers the mapped bullets, boxes, checks and arrows).
 */
import { symbolSetOf, type SymbolSet } from './substitution';
import { SYMBOL_TABLE, WEBDINGS_TABLE, WINGDINGS2_TABLE, WINGDINGS3_TABLE, WINGDINGS_TABLE } from './symbol-tables';

/** A symbol character mapped to Unicode, and the shipped family that has it. */
export interface MappedSymbol {
  readonly text: string;
  readonly family?: string;
}

const TABLES: Readonly<Record<SymbolSet, readonly number[]>> = {
  symbol: SYMBOL_TABLE,
  wingdings: WINGDINGS_TABLE,
  wingdings2: WINGDINGS2_TABLE,
  wingdings3: WINGDINGS3_TABLE,
  webdings: WEBDINGS_TABLE,
};

/** The family that draws mapped symbol characters. */
export const SYMBOL_FALLBACK_FAMILY = 'DejaVu Sans';

/** The 8-bit symbol code of a character (0x20–0xFF directly or U+F020–U+F0FF), or -1. */
function symbolCode(codePoint: number): number {
  if (codePoint >= 0xf020 && codePoint <= 0xf0ff) return codePoint - 0xf000;
  if (codePoint >= 0x20 && codePoint <= 0xff) return codePoint;
  return -1;
}

/** The Unicode code point for a code of a symbol set, or 0 when the font has no character there. */
export function symbolCodeToUnicode(set: SymbolSet, code: number): number {
  const table = TABLES[set];
  return table[code - 0x20] ?? 0;
}

/**
 * Maps one character of a symbol font to Unicode. Returns undefined when the family is not a symbol
 * font, or the character is not a symbol code (already Unicode text) or has no mapping.
 */
export function mapSymbolChar(fontFamily: string, codePoint: number): MappedSymbol | undefined {
  const set = symbolSetOf(fontFamily);
  if (!set) return undefined;
  const code = symbolCode(codePoint);
  if (code < 0) return undefined;
  const u = symbolCodeToUnicode(set, code);
  if (u === 0) return undefined;
  return { text: String.fromCodePoint(u), family: SYMBOL_FALLBACK_FAMILY };
}

/**
 * Maps every symbol code of a text in a symbol font to Unicode; other characters stay as they are.
 * Returns the text unchanged for ordinary fonts.
 */
export function mapSymbolText(fontFamily: string, text: string): string {
  if (!symbolSetOf(fontFamily)) return text;
  let out = '';
  for (const ch of text) {
    const m = mapSymbolChar(fontFamily, ch.codePointAt(0)!);
    out += m ? m.text : ch;
  }
  return out;
}

/**
 * Lowers symbol codes (U+F020–U+F0FF) that `has` says the run's face lacks to their 8-bit code
 * (U+0020–U+00FF), for runs in fonts that are not one of the mapped symbol sets. Such codes come from
 * symbol-encoded fonts we do not have (a barcode font, `w:sym` naming a text font): their (3,0) cmap
 * puts code c at U+F000 + c, so without the font the text is the 8-bit code, as LibreOffice draws it,
 * not a missing glyph. Text without such codes is returned as it is.
 */
export function lowerSymbolCodes(fontFamily: string, text: string, has: (codePoint: number) => boolean): string {
  if (!/[\uF020-\uF0FF]/.test(text) || symbolSetOf(fontFamily)) return text;
  return text.replace(/[\uF020-\uF0FF]/g, (ch) => {
    const cp = ch.charCodeAt(0);
    return has(cp) ? ch : String.fromCharCode(cp - 0xf000);
  });
}
